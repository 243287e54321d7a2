"""The replay viewer of a finished game (``/replay/CODE``) and the net worth over a game.

``/api/games/CODE/replay`` gives the frames' index (one frame per turn: its number, whose turn, the
net worth of every seat) and ``/api/games/CODE/replay/N`` one frame (the public position then, the
turn's events in words and the lines before them); both only once the game is over. The frames are
computed by the engine replaying the game (:mod:`.timeline`), never in the page.
``/api/games/CODE/worth`` is the net worth of every seat at the end of each turn so far, for the
table's chart while the game goes on.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ..i18n import has, tr
from ..describe.labels import speaker
from ..render.text import describe
from ..server.lobby import table_or_404
from ..server.table import Table
from .router import check_lang, page
from .timeline import Timeline, timeline_of

router = APIRouter()
EARLIER = 40  # log lines shown before a frame's own


@router.get("/replay/{code}", include_in_schema=False)
async def replay_page(code: str) -> HTMLResponse:
    return page("replay")


def _timeline(table: Table, states: bool) -> Timeline:
    assert table.game is not None and table.row.head is not None
    return timeline_of(table.code, table.row.head, table.game, table.row.finished_by, states)


async def _finished(request: Request, code: str) -> Table:
    table = await table_or_404(request, code)
    if table.status != "finished" or table.game is None or table.row.head is None:
        raise HTTPException(409, "a replay is available once the game is over")
    return table


@router.get("/api/games/{code}/replay", summary="A finished game's turns, for the replay viewer")
async def replay_index(code: str, request: Request, lang: str = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)
    tl = _timeline(table, states=True)
    game = tl.game
    why = f"end.{game.end_reason}"
    reason = tr(lang, why) if has(lang, why) else str(game.end_reason)
    return {
        "code": table.code,
        "game": table.summary(),
        "names": list(game.names),
        "frames": [f.summary() for f in tl.frames],
        "result": {
            "winner": game.winner,
            "text": tr(lang, "ui.winner", player=game.names[game.winner], reason=reason)
            if game.winner is not None
            else "",
        },
    }


@router.get("/api/games/{code}/replay/{frame}", summary="One frame of a finished game: position and log")
async def replay_frame(code: str, frame: int, request: Request, lang: str = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)
    tl = _timeline(table, states=True)
    if not 0 <= frame < len(tl.frames):
        raise HTTPException(422, f"frame must be from 0 to {len(tl.frames) - 1}")
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


@router.get("/api/games/{code}/worth", summary="The net worth of every seat at the end of each turn so far")
async def worth(code: str, request: Request) -> dict[str, Any]:
    table = await table_or_404(request, code)
    if table.game is None or table.row.head is None:
        return {"frames": [], "now": None}
    async with table.lock:  # the acts committed so far, never one being committed
        tl = _timeline(table, states=False)
        game = table.game
        now = {"turn": game.turn, "round": game.round, "worth": [game.net_worth(p) for p in range(game.n)]}
        return {"frames": [f.summary() for f in tl.frames], "now": now}
