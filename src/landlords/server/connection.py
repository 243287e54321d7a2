"""One client connection: its seat (or none: a spectator), its language, its rate limit, and an
outgoing queue with its own writer task, so a slow client never holds up a game's writer."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from .protocol import RateLimit, dumps

MAX_QUEUED = 500  # messages waiting for a client that does not read: then it is dropped
FINISH_GRACE = 2.0  # seconds the queued messages (and a close) get to go out when a session ends


class Connection:
    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        rate: RateLimit,
    ) -> None:
        self._send_text = send_text
        self._close = close
        self.rate = rate
        self.seat: int | None = None
        self.address = ""  # the client's address (limits.Guard.address): its messages share a bucket
        self.lang = "en"
        self.position = False  # the client asked for the public position in every view
        self.table: Any = None  # the Table it watches or plays at, after hello
        # text to send; an int: close with that code; None: stop (the client is gone)
        self.queue: asyncio.Queue[str | int | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())
        self.closed = False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text already encoded)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(1008)
            return
        self.queue.put_nowait(message if isinstance(message, str) else dumps(message))

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once what is queued before has been sent."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(code)

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                if isinstance(item, int):
                    await self._close(item)
                    return
                await self._send_text(item)
        except Exception:  # the client went away: the reader notices and cleans up
            self.closed = True

    async def finish(self) -> None:
        """Stop the writer once the queued messages (and a close) are sent, the client is gone, or
        :data:`FINISH_GRACE` has passed."""
        self.closed = True
        if not self.writer.done():
            self.queue.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(self.writer), FINISH_GRACE)
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
