"""One client connection: its seat (or none: a spectator), its language, its rate limit, and its
outgoing messages, written by a writer task of its own, so a slow client never holds up a game's
writer.

An idle connection holds no queue and no task: both are made when a message is queued and dropped
once the last one is written. At 200 games (800 sockets) an ``asyncio.Queue`` (four deques) and a
parked writer task per connection were about 16 KB of the server's memory per game, nearly all of it
for connections with nothing to send."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from .protocol import RateLimit, dumps

MAX_QUEUED = 500  # messages waiting for a client that does not read: then it is dropped
FINISH_GRACE = 2.0  # seconds the queued messages (and a close) get to go out when a session ends


class Connection:
    __slots__ = (
        "_send_text",
        "_close",
        "rate",
        "seat",
        "address",
        "lang",
        "position",
        "table",
        "closed",
        "_pending",
        "_writer",
        "_send_now",
    )

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        rate: RateLimit,
        send_now: Callable[..., bool] | None = None,
    ) -> None:
        self._send_text = send_text
        # writes a message at once when the socket can take it (start.lean_websockets), else False
        self._send_now = send_now
        self._close = close
        self.rate = rate
        self.seat: int | None = None
        self.address = ""  # the client's address (limits.Guard.address): its messages share a bucket
        self.lang = "en"
        self.position = False  # the client asked for the public position in every view
        self.table: Any = None  # the Table it watches or plays at, after hello
        self.closed = False
        # what waits to be written, in order: text to send, or an int: close with that code (the
        # last item). None while nothing waits
        self._pending: deque[str | int] | None = None
        self._writer: asyncio.Task | None = None  # runs only while something waits

    @property
    def queued(self) -> int:
        """Messages (and a close) waiting to be written."""
        return len(self._pending) if self._pending is not None else 0

    @property
    def writing(self) -> bool:
        """A writer task is running (something waits, or is being written)."""
        return self._writer is not None

    def send(self, message: dict[str, Any] | str, *more: dict[str, Any] | str) -> None:
        """Send a message (a dict, or JSON text already encoded), and ``more`` after it: written at
        once, together, when nothing waits and the socket takes them, else queued for the writer task."""
        if self.closed:
            return
        texts = [m if isinstance(m, str) else dumps(m) for m in (message, *more)]
        if self._pending is None:  # nothing waits before them: they may go at once, in order
            send_now = self._send_now
            if send_now is not None:
                try:
                    if send_now(*texts):
                        return
                except Exception:  # the client went away: the reader notices and cleans up
                    self.closed = True
                    return
        elif len(self._pending) >= MAX_QUEUED:
            self.close(1008)
            return
        for text in texts:
            self._put(text)

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once what is queued before has been sent."""
        if not self.closed:
            self.closed = True
            self._put(code)

    def _put(self, item: str | int) -> None:
        if self._pending is None:
            self._pending = deque()
        self._pending.append(item)
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        pending = self._pending
        try:
            while pending:
                item = pending.popleft()
                if isinstance(item, int):
                    await self._close(item)
                    return
                await self._send_text(item)
        except Exception:  # the client went away: the reader notices and cleans up
            self.closed = True
        finally:
            # nothing waits (or nothing more will be sent): no queue, no task until the next message
            self._pending = None
            self._writer = None

    async def finish(self) -> None:
        """Stop the writer once the queued messages (and a close) are sent, the client is gone, or
        :data:`FINISH_GRACE` has passed."""
        self.closed = True
        writer = self._writer
        if writer is None:
            return
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(asyncio.shield(writer), FINISH_GRACE)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
