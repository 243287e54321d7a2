"""Redis between the processes (redis-py's asyncio client): one pub/sub channel every process reads
(the games' acts and changes, the processes' presence) and one channel per process for requests
forwarded to it and the answers to its own requests.

Messages go out through one queue and one task, so they leave in the order they were published
(a game's acts in commit order; an owner's act before its answer to the process that forwarded it)
without an act ever waiting for Redis. Pub/sub delivers at most once: a process that misses messages
(its connection to Redis dropped) reloads the games it holds from the database (``on_resync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis

log = logging.getLogger("landlords.server")

PREFIX = "landlords:"
GAMES = PREFIX + "games"  # every process: acts, reloads, chat, presence


def inbox(process: str) -> str:
    return f"{PREFIX}process:{process}"


class Broker:
    def __init__(
        self,
        url: str,
        me: str,
        on_message: Callable[[dict[str, Any]], Awaitable[None]],
        on_request: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]],
        on_resync: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = url
        self.me = me
        self.on_message = on_message
        self.on_request = on_request
        self.on_resync = on_resync
        self.redis: aioredis.Redis | None = None
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.waiting: dict[int, asyncio.Future] = {}
        self.ids = itertools.count(1)
        self.tasks: list[asyncio.Task] = []
        # the requests being answered, held until done (the event loop keeps only weak references to tasks)
        self.answering: set[asyncio.Task] = set()
        self.published = 0
        self.received = 0

    async def open(self) -> None:
        self.redis = aioredis.from_url(self.url, health_check_interval=10)
        await self.redis.ping()
        ready = asyncio.get_running_loop().create_future()
        self.tasks = [asyncio.create_task(self._read(ready)), asyncio.create_task(self._write())]
        await ready

    async def close(self) -> None:
        for _ in range(100):  # what is queued goes out first (a second at most)
            if self.outbox.empty():
                break
            await asyncio.sleep(0.01)
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.redis is not None:
            await self.redis.aclose()

    # ------------------------------------------------------------ out
    def publish(self, message: dict[str, Any], to: str | None = None) -> None:
        """Queue a message for every process (``to=None``) or for one process's inbox."""
        self.outbox.put_nowait((inbox(to) if to else GAMES, json.dumps({**message, "from": self.me})))

    async def request(self, to: str, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """A request to process ``to``; its answer, or TimeoutError."""
        rid = next(self.ids)
        future = asyncio.get_running_loop().create_future()
        self.waiting[rid] = future
        try:
            self.publish({**message, "rid": rid, "reply_to": self.me}, to=to)
            return await asyncio.wait_for(future, timeout)
        finally:
            self.waiting.pop(rid, None)

    async def _write(self) -> None:
        assert self.redis is not None
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for channel, data in batch:
                            pipe.publish(channel, data)
                        await pipe.execute()
                    break
                except (aioredis.ConnectionError, aioredis.TimeoutError, OSError) as exc:
                    log.warning("redis: cannot publish (%s); trying again", exc)
                    await asyncio.sleep(0.5)
            self.published += len(batch)

    # ------------------------------------------------------------ in
    async def _read(self, ready: asyncio.Future) -> None:
        assert self.redis is not None
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(GAMES, inbox(self.me))
                if first:
                    ready.set_result(None)
                else:
                    await self.on_resync()  # messages were missed while the connection was down
                first = False
                async for item in pubsub.listen():
                    if item.get("type") != "message":
                        continue
                    self.received += 1
                    await self._dispatch(json.loads(item["data"]))
            except asyncio.CancelledError:
                raise
            except (aioredis.ConnectionError, aioredis.TimeoutError, OSError) as exc:
                log.warning("redis: subscription lost (%s); subscribing again", exc)
                if not ready.done():
                    ready.set_exception(exc)
                    return
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _dispatch(self, message: dict[str, Any]) -> None:
        if "answer_to" in message:
            future = self.waiting.get(message["answer_to"])
            if future is not None and not future.done():
                future.set_result(message)
            return
        if "rid" in message:
            task = asyncio.create_task(self._answer(message))
            self.answering.add(task)
            task.add_done_callback(self.answering.discard)
            return
        if message.get("from") == self.me:
            return  # our own broadcast
        try:
            await self.on_message(message)
        except Exception:
            log.exception("cluster message %s failed", message.get("k"))

    async def _answer(self, message: dict[str, Any]) -> None:
        try:
            answer = await self.on_request(message)
        except Exception as exc:
            log.exception("forwarded %s failed", message.get("k"))
            answer = {"error": str(exc)}
        self.publish({**answer, "answer_to": message["rid"]}, to=message["reply_to"])
