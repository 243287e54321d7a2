"""The replay viewer of a finished game (``/replay/CODE``) and the net worth over a game.

``/api/games/CODE/replay`` gives the frames' index (one frame per turn: its number, whose turn, the
net worth of every seat) and ``/api/games/CODE/replay/N`` one frame (the public position then, the
turn's events in words and the lines before them); both only once the game is over. The frames are
computed by the engine replaying the game (:mod:`.timeline`), never in the page.
``/api/games/CODE/worth`` is the net worth of every seat at the end of each turn so far, for the
table's chart while the game goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ..i18n import has, tr
from ..play.labels import speaker
from ..render.text import describe
from ..server.limits import check as per_address
from ..server.limits import too_many
from ..server.lobby import table_or_404
from ..server.table import Table
from .router import check_lang, page
from .timeline import timeline_of

router = APIRouter()
EARLIER = 40  # log lines shown before a frame's own
QUEUE = 8  # replays waiting for the worker, server-wide, before new ones are turned away (429)
BUSY = "the server is busy replaying games: try again shortly"
# A game is replayed by the engine in one worker thread, never on the event loop (replaying one took
# tens of milliseconds, and every game's acts waited for it); one thread: the timelines' cache is its own.
_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="landlords-timeline")
_waiting = 0
T = TypeVar("T")


async def off_loop(request: Request, work: Callable[[], T]) -> T:
    """``work`` in the worker thread, after one token of the address's expensive requests; 429 with
    ``Retry-After`` when the address is over its rate or :data:`QUEUE` replays are waiting."""
    global _waiting
    per_address(request, "expensive", "too many log, record or replay requests from your address: slow down")
    if _waiting >= QUEUE:
        raise too_many(2, BUSY)
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_WORKER, work)
    finally:
        _waiting -= 1


@router.get("/replay/{code}", include_in_schema=False)
async def replay_page(code: str) -> HTMLResponse:
    return page("replay")


async def _finished(request: Request, code: str) -> Table:
    table = await table_or_404(request, code)
    if table.status != "finished" or table.game is None or table.row.head is None:
        raise HTTPException(409, "a replay is available once the game is over")
    return table


def _replayed(table: Table):
    game = table.game
    assert game is not None and table.row.head is not None
    return timeline_of(table.code, table.row.head, list(game.actions), table.row.finished_by, True)


@router.get("/api/games/{code}/replay", summary="A finished game's turns, for the replay viewer")
async def replay_index(code: str, request: Request, lang: str = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)
    summary = table.summary()

    def work() -> dict[str, Any]:
        tl = _replayed(table)
        game = tl.game
        why = f"end.{game.end_reason}"
        reason = tr(lang, why) if has(lang, why) else str(game.end_reason)
        return {
            "code": table.code,
            "game": summary,
            "names": list(game.names),
            "frames": [f.summary() for f in tl.frames],
            "result": {
                "winner": game.winner,
                "text": tr(lang, "ui.winner", player=game.names[game.winner], reason=reason)
                if game.winner is not None
                else "",
            },
        }

    return await off_loop(request, work)


@router.get("/api/games/{code}/replay/{frame}", summary="One frame of a finished game: position and log")
async def replay_frame(code: str, frame: int, request: Request, lang: str = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)

    def work() -> dict[str, Any] | int:
        tl = _replayed(table)
        if not 0 <= frame < len(tl.frames):
            return len(tl.frames)
        f = tl.frames[frame]
        events = tl.game.events or []
        start, end = f.events
        words = speaker(tl.game, lang)
        lines = [describe(tl.game, ev, lang, words) for ev in events[max(0, start - EARLIER) : end]]
        own = end - start
        return {
            **f.summary(),
            "state": f.state,
            "events": lines[len(lines) - own :] if own else [],
            "earlier": lines[: len(lines) - own],
            "title": tr(lang, "web.replay_frame", turn=f.turn, name=tl.game.names[f.seat])
            if f.index
            else tr(lang, "web.replay_start"),
        }

    out = await off_loop(request, work)
    if isinstance(out, int):
        raise HTTPException(422, f"frame must be from 0 to {out - 1}")
    return out


@router.get("/api/games/{code}/worth", summary="The net worth of every seat at the end of each turn so far")
async def worth(code: str, request: Request) -> dict[str, Any]:
    table = await table_or_404(request, code)
    if table.game is None or table.row.head is None:
        return {"frames": [], "now": None}
    async with table.lock:  # the acts committed so far, never one being committed
        game, head = table.game, table.row.head
        actions = list(game.actions)
        finished_by = table.row.finished_by if game.over else None
        now = {"turn": game.turn, "round": game.round, "worth": [game.net_worth(p) for p in range(game.n)]}

    def work() -> list[dict[str, Any]]:
        return [f.summary() for f in timeline_of(table.code, head, actions, finished_by, False).frames]

    return {"frames": await off_loop(request, work), "now": now}
