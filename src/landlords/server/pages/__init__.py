"""The game in the browser: the lobby and table pages, their static assets (hand-written ES modules,
SVG and CSS: no build step, nothing fetched from elsewhere) and the JSON the pages read besides the
WebSocket (the board of an edition, a property's card, the words of the page, the trade composer's
options). ``install(app)`` adds them to the server's FastAPI app.

The modules in ``static/js`` are meant to be reused by any page (a replay viewer, a chart):
``board.js`` draws the board from ``/api/web/board`` and paints any public position on it;
``words.js`` gives the catalogs' words (``t(key, params)``); ``money.js`` shows amounts as the
server does; ``api.js`` calls the lobby and keeps tokens; ``dom.js`` builds elements (text is never
read as markup). ``table.js``, ``trade.js`` and ``lobby.js`` are the pages themselves.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"
# a versioned asset (``?v=`` its content's hash, written into the pages and their import map) never
# changes under its URL: kept a year, not asked again; any other asset is asked again each time
# (``no-cache``) and answered 304 by its ETag when it did not change
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_HASHES: dict[Path, tuple[float, int, str]] = {}


def version(path: Path) -> str:
    """The first 12 hex digits of the SHA-256 of a static file (kept until its mtime or size changes)."""
    st = path.stat()
    known = _HASHES.get(path)
    if known is None or known[:2] != (st.st_mtime, st.st_size):
        known = (st.st_mtime, st.st_size, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
        _HASHES[path] = known
    return known[2]


def versioned(url: str) -> str:
    """``/static/x`` as ``/static/x?v=HASH``."""
    return f"{url}?v={version(STATIC / url.removeprefix('/static/'))}"


_STATIC_URL = re.compile(r'(href|src)="(/static/[\w./-]+)"')


def with_versions(html: str) -> str:
    """The page with each ``/static`` URL versioned, and an import map that versions every module the
    page's modules import (``./api.js`` resolves to ``/static/js/api.js``, which the map rewrites)."""
    html = _STATIC_URL.sub(lambda m: f'{m.group(1)}="{versioned(m.group(2))}"', html)
    modules = {
        f"/static/js/{p.name}": versioned(f"/static/js/{p.name}") for p in sorted((STATIC / "js").glob("*.js"))
    }
    imports = json.dumps({"imports": modules}, separators=(",", ":")).replace("</", "<\\/")
    return html.replace("<!-- the import map -->", f'<script type="importmap">{imports}</script>', 1)


class CachedStatic(StaticFiles):
    """StaticFiles (ETag, Last-Modified, 304) with a Cache-Control: a year for a versioned URL."""

    async def get_response(self, path: str, scope: Any) -> Any:
        response = await super().get_response(path, scope)
        query = scope.get("query_string", b"")
        response.headers["Cache-Control"] = IMMUTABLE if re.search(rb"(^|&)v=", query) else REVALIDATE
        return response


def install(app: FastAPI) -> None:
    """Serve the pages at ``/`` (lobby) and ``/g/CODE`` (table), the assets under ``/static``."""
    from .replay import router as replay_router
    from .router import router

    app.include_router(router)
    app.include_router(replay_router)  # /replay/CODE and the turns' frames and net worth
    app.mount("/static", CachedStatic(directory=STATIC), name="static")
    # the board's picture and the modules shrink to a quarter (plain HTTP only: WebSockets pass by)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
