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

from ...describe.labels import speaker
from ...describe.words import in_one_language
from ...engine.actions import action_from_json
from ...i18n import has, tr
from ...i18n.bot_names import shown_name
from ...render.text import describe
from ..access import table_or_404
from ..contract import GAME, Language, problems
from ..table import Table
from ..worker import off_loop
from .router import check_lang, page
from .timeline import timeline_of

router = APIRouter()
EARLIER = 40  # log lines shown before a frame's own


def _replayed(code: str, head: dict[str, Any], actions: list, finished_by: str | None, states: bool):
    """In the worker: the game's timeline (its acts as ``[seat, action JSON]``)."""
    acts = [(seat, action_from_json(a)) for seat, a in actions]
    return timeline_of(code, head, acts, finished_by, states)


@in_one_language  # in the worker: the page's words, one language
def _index(code: str, head: dict[str, Any], actions: list, finished_by: str | None, lang: str) -> dict[str, Any]:
    """In the worker: the frames' index of a finished game."""
    tl = _replayed(code, head, actions, finished_by, True)
    game = tl.game
    why = f"end.{game.end_reason}"
    reason = tr(lang, why) if has(lang, why) else str(game.end_reason)
    return {
        "names": [shown_name(n, lang) for n in game.names],  # a bot's default name in the reader's language
        "frames": [f.summary() for f in tl.frames],
        "result": {
            "winner": game.winner,
            "text": tr(lang, "ui.winner", player=shown_name(game.names[game.winner], lang), reason=reason)
            if game.winner is not None
            else "",
        },
    }


@in_one_language  # in the worker: the page's words, one language
def _frame(
    code: str, head: dict[str, Any], actions: list, finished_by: str | None, lang: str, frame: int
) -> dict[str, Any] | int:
    """In the worker: one frame of a finished game, or the number of frames when there is no such one."""
    tl = _replayed(code, head, actions, finished_by, True)
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
        "title": tr(lang, "web.replay_frame", turn=f.turn, name=shown_name(tl.game.names[f.seat], lang))
        if f.index
        else tr(lang, "web.replay_start"),
    }


def _worth(code: str, head: dict[str, Any], actions: list, finished_by: str | None) -> list[dict[str, Any]]:
    """In the worker: the net worth at the end of each turn so far."""
    return [f.summary() for f in _replayed(code, head, actions, finished_by, False).frames]


def _acts(table: Table) -> list:
    assert table.game is not None
    return [[seat, a.to_json()] for seat, a in table.game.actions]


@router.get("/replay/{code}", include_in_schema=False)
async def replay_page(code: str) -> HTMLResponse:
    return page("replay")


async def _finished(request: Request, code: str) -> Table:
    table = await table_or_404(request, code)
    if table.status != "finished" or table.game is None or table.row.head is None:
        raise HTTPException(409, "a replay is available once the game is over")
    return table


@router.get(
    "/api/games/{code}/replay",
    summary="A finished game's turns, for the replay viewer",
    responses=problems(422, 429, *GAME),
)
async def replay_index(code: str, request: Request, lang: Language = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)
    index = await off_loop(request, _index, table.code, table.row.head, _acts(table), table.row.finished_by, lang)
    return {"code": table.code, "game": table.summary(), **index}


@router.get(
    "/api/games/{code}/replay/{frame}",
    summary="One frame of a finished game: position and log",
    responses=problems(422, 429, *GAME),
)
async def replay_frame(code: str, frame: int, request: Request, lang: Language = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await _finished(request, code)
    args = (table.code, table.row.head, _acts(table), table.row.finished_by, lang, frame)
    out = await off_loop(request, _frame, *args)
    if isinstance(out, int):
        raise HTTPException(422, f"frame must be from 0 to {out - 1}")
    return out


@router.get(
    "/api/games/{code}/worth",
    summary="The net worth of every seat at the end of each turn so far",
    responses=problems(429, *GAME),
)
async def worth(code: str, request: Request) -> dict[str, Any]:
    table = await table_or_404(request, code)
    if table.game is None or table.row.head is None:
        return {"frames": [], "now": None}
    async with table.lock:  # the acts committed so far, never one being committed
        game = table.game
        args = (table.code, table.row.head, _acts(table), table.row.finished_by if game.over else None)
        now = {"turn": game.turn, "round": game.round, "worth": [game.net_worth(p) for p in range(game.n)]}
    return {"frames": await off_loop(request, _worth, *args), "now": now}
