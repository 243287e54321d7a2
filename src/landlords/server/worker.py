"""The server's worker process: work that replays a game with the engine (the replay viewer's frames,
the net-worth chart, the words of a log whose old events the live game let go of), never on the
event loop, nor in a thread of the server's process, which would take the interpreter's lock from
the loop for milliseconds at a time: replaying 20 finished games in turn on the loop took a normal
game's act round trip to a p99 of 911 ms, and in a thread its p50 from 3 to 54 ms. One process: it
keeps the timelines' cache (pages.timeline)."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from fastapi import Request

from .limits import check as per_address
from .limits import too_many

QUEUE = 8  # replays waiting for the worker, server-wide, before new ones are turned away (429)
BUSY = "the server is busy replaying games: try again shortly"
EXPENSIVE = "too many log, record or replay requests from your address: slow down"
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
    per_address(request, "expensive", EXPENSIVE)
    return await in_worker(work, *args)


async def in_worker(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the worker process (the caller has charged the address); 429 with
    ``Retry-After`` when :data:`QUEUE` replays are waiting or the worker died."""
    global _waiting, _worker
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
