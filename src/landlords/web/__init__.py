"""The game in the browser: the lobby and table pages, their static assets (hand-written ES modules,
SVG and CSS: no build step, nothing fetched from elsewhere) and the JSON the pages read besides the
WebSocket (the board of an edition, a property's card, the words of the page, the trade composer's
options). ``install(app)`` adds them to the server's FastAPI app.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def install(app: FastAPI) -> None:
    """Serve the pages at ``/`` (lobby) and ``/g/CODE`` (table), the assets under ``/static``."""
    from .router import router

    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the board's picture and the modules shrink to a quarter (plain HTTP only: WebSockets pass by)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
