"""``GET /api/games/CODE/advice``: a seated player's optional request for advice (issue 19).

The answer is :func:`landlords.analysis.advice.advise` for the game as it is: every seat's win
chance, or with an offer waiting what accepting it changes. It is worked out in a separate process
(the event loop never waits for it), one analysis at a time for the whole server, and kept per game
version, so every seat asking about the same position gets the same answer at no extra cost.

Refused with 403 where the table agreed to play without advice (the house rule ``advice=false``),
for a token that holds no seat (spectators do not ask), 409 before the start and after the end, and
429 (with ``Retry-After``) to a seat that asks again within :data:`INTERVAL` seconds of the server's
clock or when :data:`QUEUE` analyses are already waiting. Nothing secret goes into the numbers: the
dice and the card piles are drawn again for every continuation.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from ..analysis.advice import TABLE_GAMES, advice_allowed, advise
from ..describe.labels import action_label
from ..engine.actions import action_from_json
from ..engine.game import Game
from ..i18n import LANGUAGES
from .access import SeatToken, bearer, table_or_404
from .contract import GAME, problems

INTERVAL = 10.0  # seconds between two requests of one seat that need a new analysis
QUEUE = 4  # analyses waiting or running, server-wide, before new ones are turned away
CACHED = 64  # answers kept (per game version and size)

router = APIRouter(prefix="/api")


def _advise(position: dict[str, Any], games: int) -> dict[str, Any]:
    return advise(position, games=games)


class AdviceService:
    """The worker process, the answers kept and the seats' last requests, for one server."""

    def __init__(self, executor: Executor | None = None) -> None:
        self._executor = executor
        self.answers: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self.running: dict[tuple[str, int, int], asyncio.Future] = {}
        self.last: dict[tuple[str, int], float] = {}

    @property
    def executor(self) -> Executor:
        if self._executor is None:  # spawned: the server's threads are never forked
            self._executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def keep(self, key: tuple[str, int, int], answer: dict[str, Any]) -> None:
        self.answers[key] = answer
        while len(self.answers) > CACHED:
            self.answers.popitem(last=False)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def labelled(game: Game, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with the expert's acts labelled in every language (``label``: {lang: text})."""
    why = answer.get("expert")
    if not why:
        return answer
    seat = why["seat"]

    def label(data: Any) -> dict[str, str]:
        try:
            act = action_from_json(data)
            return {lang: action_label(game, seat, act, lang) for lang in LANGUAGES}
        except Exception:  # a label never keeps the numbers from the page
            return {}

    candidates = [{**c, "label": label(c["act"])} for c in why["candidates"]]
    return {**answer, "expert": {**why, "candidates": candidates, "chosen_label": label(why["chosen"])}}


def service(request: Request) -> AdviceService:
    state = request.app.state
    if getattr(state, "advice", None) is None:
        state.advice = AdviceService()
    return state.advice


def shutdown(app: Any) -> None:
    """At the server's end: stop the worker process."""
    s = getattr(app.state, "advice", None)
    if s is not None:
        s.shutdown()


def too_many(message: str, retry: float) -> JSONResponse:
    return JSONResponse(
        {"detail": message}, status_code=429, headers={"Retry-After": str(max(1, math.ceil(retry)))}
    )


@router.get(
    "/games/{code}/advice",
    summary="Win chances now, or what the offer waiting changes (a seat token)",
    responses=problems(401, 403, 422, 429, 500, *GAME),
)
async def advice(
    code: str,
    request: Request,
    authorization: SeatToken,
    games: Annotated[int, Query(ge=20, le=TABLE_GAMES, description="continuations at most")] = TABLE_GAMES,
) -> Any:
    """Every seat's chance to win if everyone played like the advisor bots from here (95% intervals),
    or, with an offer waiting, each seat's chance with and without it and the change (paired
    intervals) and the exact-odds view. The table may have agreed to play without advice."""
    table = await table_or_404(request, code)
    seat = table.seat_for(bearer(authorization))
    if seat is None:
        raise HTTPException(403, "this token holds no seat at this game")
    game = table.game
    if game is None or table.status == "lobby":
        raise HTTPException(409, "the game has not started")
    if not advice_allowed(game):
        raise HTTPException(403, "this table agreed to play without advice (house rule advice=false)")
    if game.over:
        raise HTTPException(409, "the game is over")
    async with table.lock:  # a position between two acts, never one being committed
        version = table.version
        position = game.to_position()
    s = service(request)
    key = (table.code, version, games)
    if key in s.answers:
        return {"code": table.code, "version": version, **s.answers[key]}
    pending = s.running.get(key)
    if pending is None:  # new work: limited per seat and server-wide
        now = server_clock(request).now()
        asked = s.last.get((table.code, seat))
        if asked is not None and now - asked < INTERVAL:
            return too_many(f"one request for advice every {INTERVAL:g} seconds", INTERVAL - (now - asked))
        if len(s.running) >= QUEUE:
            return too_many("the server is busy working out advice: try again shortly", INTERVAL)
        s.last[(table.code, seat)] = now
        loop = asyncio.get_running_loop()
        pending = asyncio.ensure_future(loop.run_in_executor(s.executor, _advise, position, games))
        s.running[key] = pending
        pending.add_done_callback(lambda _: s.running.pop(key, None))
    try:
        answer = await asyncio.shield(pending)
    except Exception as exc:  # the analysis failed: say why, keep serving
        raise HTTPException(500, f"the advice could not be worked out: {exc}") from None
    answer = labelled(game, answer)
    s.keep(key, answer)
    return {"code": table.code, "version": version, **answer}


def server_clock(request: Request) -> Any:
    return request.app.state.server.clock
