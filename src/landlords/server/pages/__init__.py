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

from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def install(app: FastAPI) -> None:
    """Serve the pages at ``/`` (lobby) and ``/g/CODE`` (table), the assets under ``/static``."""
    from .replay import router as replay_router
    from .router import router

    app.include_router(router)
    app.include_router(replay_router)  # /replay/CODE and the turns' frames and net worth
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the board's picture and the modules shrink to a quarter (plain HTTP only: WebSockets pass by)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
