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
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

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
from ..limits import check as per_address
from ..limits import too_many
from ..table import Table
from .router import check_lang, page
from .timeline import timeline_of

router = APIRouter()
EARLIER = 40  # log lines shown before a frame's own
QUEUE = 8  # replays waiting for the worker, server-wide, before new ones are turned away (429)
BUSY = "the server is busy replaying games: try again shortly"
# A game is replayed by the engine in a worker process, never on the event loop, nor in a thread of
# the server's process, which would take the interpreter's lock from the loop for milliseconds at a
# time: replaying 20 finished games in turn on the loop took a normal game's act round trip to a
# p99 of 911 ms, and in a thread its p50 from 3 to 54 ms. One process: it keeps the timelines' cache.
_worker: ProcessPoolExecutor | None = None
_waiting = 0
T = TypeVar("T")


def _executor() -> ProcessPoolExecutor:
    global _worker
    if _worker is None:  # spawned: the server's threads are never forked
        _worker = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _worker


def shutdown() -> None:
    """At the server's end: stop the worker process."""
    global _worker
    if _worker is not None:
        _worker.shutdown(wait=False, cancel_futures=True)
        _worker = None


async def off_loop(request: Request, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the worker process, after one token of the address's expensive requests;
    429 with ``Retry-After`` when the address is over its rate or :data:`QUEUE` replays are waiting."""
    global _waiting, _worker
    per_address(request, "expensive", "too many log, record or replay requests from your address: slow down")
    if _waiting >= QUEUE:
        raise too_many(2, BUSY)
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_executor(), work, *args)
    except BrokenProcessPool:  # the worker died (killed, out of memory): a new one for the next request
        _worker = None
        raise too_many(2, BUSY) from None
    finally:
        _waiting -= 1


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
