"""People at a real server's table through ``landlords.client`` seats: what each may do now and
whose turn it is (tests/server/test_server_kill.py, tests/server/test_server_cluster.py)."""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

from landlords.client import Seat

RAW_IDS = itertools.count(10**6)  # ids of acts sent without waiting (never the client's own ids)


def answers(p: Seat) -> list[dict[str, Any]]:
    return [a["action"] for a in p.acts if a["answer"]]


def free_acts(p: Seat) -> list[dict[str, Any]]:
    return [a["action"] for a in p.acts if not a["answer"] and a["action"]["type"] != "propose_trade"]


def over(p: Seat) -> bool:
    return bool(p.view.get("state") and p.view["state"]["over"])


def pick(rng: random.Random, p: Seat) -> dict[str, Any]:
    options = answers(p)
    calm = [a for a in options if a["type"] != "declare_bankruptcy"]
    return rng.choice(calm or options)


async def next_person(people: list[Seat], timeout: float = 120.0) -> Seat | None:
    """The person the game waits for (the server is idle then: bots wait for people, the clock
    stands still); None once the game is over."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        for p in people:
            if over(p):
                return None
            if answers(p) and p.view["decision"]["seat"] == p.seat:
                return p
        if loop.time() > end:
            raise AssertionError(f"nobody to act: {[p.view.get('decision') for p in people]}")
        await asyncio.sleep(0.01)
