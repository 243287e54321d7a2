"""The client side of the load test: a process that creates its share of the games through the lobby
and plays every seat of them over its own WebSocket, as a person's client would.

Each seat's bot waits for a view in which it has answers to give (``you.acts`` marked ``answer``),
thinks for a random pause around ``think`` seconds, sends one of them (chosen at random, seeded) and
times the round trip to its ``ack``. A finished game is replaced by a new one, so the number of games
in play stays the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection as Pipe
from typing import Any

import httpx

from ..client import Seat, ServerError
from .figures import ClientFigures

SEATS = 4
CONNECTS_AT_ONCE = 32  # lobby requests and WebSocket handshakes in flight per client process


@dataclass
class Plan:
    """One client process's share of a level."""

    urls: list[
        str
    ]  # the server processes: game n is created at urls[n % k], its seat i plays at urls[(n + i) % k]
    games: int
    think: float
    seed: int
    ruleset: str = "hasbro-ru"


@dataclass
class Window:
    """The measuring window, on this process's ``time.perf_counter``."""

    start: float
    end: float

    def holds(self, t: float) -> bool:
        return self.start <= t < self.end


class Players:
    """The games of one client process."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.figures = ClientFigures()
        self.gate = asyncio.Semaphore(CONNECTS_AT_ONCE)
        self.http = httpx.AsyncClient(timeout=60)
        self.window = Window(float("inf"), float("inf"))
        self.acted: dict[int, int] = {}  # acknowledged acts in the window, per table

    async def lobby(self, url: str, path: str, **body: Any) -> dict[str, Any]:
        async with self.gate:
            r = await self.http.post(url.rstrip("/") + "/api" + path, json=body)
        if r.status_code >= 400:
            raise ServerError(r.status_code, r.text)
        return r.json()

    async def new_game(self, n: int) -> list[Seat]:
        """A game of four people (this process's bots), each seat connected."""
        urls = self.plan.urls
        created = await self.lobby(
            urls[n % len(urls)],
            "/games",
            ruleset=self.plan.ruleset,
            seats=[{"kind": "person"}] * SEATS,
            name="P1",
            private=True,
            auto_claim_people=True,
        )
        code, tokens = created["code"], [created["token"]]
        for i in range(2, SEATS + 1):
            url = urls[(n + i - 1) % len(urls)]
            tokens.append((await self.lobby(url, f"/games/{code}/join", name=f"P{i}"))["token"])
        seats = []
        for i, token in enumerate(tokens):
            async with self.gate:
                seats.append(await Seat.connect(urls[(n + i) % len(urls)], code, token, keep_messages=False))
        self.figures.games_started += 1
        return seats

    async def play_seat(self, seat: Seat, rng: random.Random, table: int) -> None:
        """Answer this seat's decisions until the game is over."""
        acted = -1
        while True:
            try:
                view = await self.next_turn(seat, acted)
            except TimeoutError:
                self.figures.errors += 1
                return
            if (view.get("state") or {}).get("over"):
                return
            answers = [a["action"] for a in view["you"]["acts"] if a["answer"]]
            await asyncio.sleep(self.plan.think * rng.uniform(0.5, 1.5))
            if seat.version != view["version"]:
                continue  # the game moved meanwhile (a timer, another seat): look again
            action = rng.choice(answers)
            sent = time.perf_counter()
            try:
                reply = await seat.act(action, version=view["version"])
            except (TimeoutError, ConnectionError):
                reply = {"type": "error"}
            took = time.perf_counter() - sent
            acted = view["version"]
            if self.window.holds(sent):
                if reply["type"] == "ack":
                    self.figures.latencies.append(took)
                    self.acted[table] = self.acted.get(table, 0) + 1
                elif reply["type"] == "refused":
                    self.figures.refused += 1
                else:
                    self.figures.errors += 1
            if reply["type"] == "error":
                return

    @staticmethod
    async def next_turn(seat: Seat, acted: int) -> dict[str, Any]:
        """The first view after version ``acted`` in which this seat has answers to give, or the
        game is over. The seat's task sleeps meanwhile (the reader tries each view). TimeoutError
        when the game stands still for a minute: a long wait while the others play is no error."""
        while True:
            seen = seat.version
            try:
                return await seat.wait_for(lambda v: _turn_or_end(v, acted), timeout=60)
            except TimeoutError:
                if seat.version == seen:
                    raise

    async def play_table(self, n: int, seats: list[Seat], stop: asyncio.Event) -> None:
        """Play a game to its end, then the next, until told to stop."""
        while not stop.is_set():
            rng = random.Random(self.rng.random())
            try:
                await asyncio.gather(*(self.play_seat(s, random.Random(rng.random()), n) for s in seats))
                over = bool(seats[0].view.get("state", {}).get("over"))
            finally:
                for s in seats:
                    await s.close()
            if not over:
                return  # an error ended it
            self.figures.games_finished += 1
            seats = await self.new_game(n)


async def run(plan: Plan, pipe: Pipe) -> None:
    players = Players(plan)
    try:
        tables = await asyncio.gather(*(players.new_game(n) for n in range(plan.games)))
    except Exception as exc:  # the server refused or went away: the parent says so in one line
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))
        await players.http.aclose()
        return
    players.figures.games_started = 0
    quiet_collector()
    pipe.send(("ready", len(tables)))
    loop = asyncio.get_running_loop()
    warmup, duration = await loop.run_in_executor(None, pipe.recv)
    now = time.perf_counter()
    players.window = Window(now + warmup, now + warmup + duration)
    stop = asyncio.Event()
    tasks = [asyncio.create_task(players.play_table(n, seats, stop)) for n, seats in enumerate(tables)]
    await asyncio.sleep(warmup)
    cpu_start = _cpu()
    await asyncio.sleep(duration)
    players.figures.cpu_seconds = _cpu() - cpu_start
    players.figures.tables_moving = len(players.acted)
    pipe.send(("done", players.figures))
    stop.set()
    for t in tasks:
        t.cancel()
    with contextlib.suppress(Exception):
        await asyncio.gather(*tasks, return_exceptions=True)
    await players.http.aclose()


def _turn_or_end(view: dict[str, Any], acted: int) -> bool:
    """Whether ``view`` asks this seat for an answer (after the version it answered) or ends the game."""
    if (view.get("state") or {}).get("over"):
        return True
    return view["version"] > acted and any(a["answer"] for a in view.get("you", {}).get("acts", ()))


def quiet_collector() -> None:
    """No cyclic garbage collection in a client process while it measures: the views it holds (800
    seats' worth at 200 games) are hundreds of thousands of objects, and each full collection of them
    stopped this process for 0.3-0.6 s, which showed up as the *server's* latency. Views are plain
    JSON values, freed by reference counting; the process ends with its level."""
    gc.collect()
    gc.freeze()
    gc.disable()


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main(plan: Plan, pipe: Pipe) -> None:
    """A client process's entry point. It takes a session of its own, like the server: where the
    kernel shares the CPU between sessions (Linux's autogroups), the clients then never eat into
    the server's share."""
    with contextlib.suppress(OSError, AttributeError):
        os.setsid()
    with asyncio.Runner(loop_factory=_loop_factory()) as runner:
        runner.run(run(plan, pipe))


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop when it is installed (the ``server`` extra), as the server's uvicorn takes it
    (the clients' CPU is CPU the server they measure cannot have on a small machine); else asyncio's
    own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop
