"""A client's socket as a server ``Connection`` sees it, for the connection tests: the ASGI path
(``send_text``, awaited: ``sent``, held back while ``open`` is clear, failing when ``fail``), the
socket's own ``send_now`` (taken while ``room``: ``now``, one item a write; raising when
``broken``) and the close. No wall time: a test turns the loop a known number of times."""

from __future__ import annotations

import asyncio

from landlords.server.connection import Connection
from landlords.server.protocol import RateLimit


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []  # what went by the ASGI path
        self.now: list[str] = []  # what went by send_now, a write an item ("+" between its messages)
        self.closed: int | None = None
        self.open = asyncio.Event()
        self.open.set()
        self.fail = False
        self.room = True
        self.broken = False

    async def send_text(self, text: str) -> None:
        await self.open.wait()
        if self.fail:
            raise ConnectionError("gone")
        self.sent.append(text)

    def send_now(self, *texts: str) -> bool:
        if self.broken:
            raise ConnectionResetError("gone")
        if self.room:
            self.now.append("+".join(texts))
        return self.room

    async def close(self, code: int) -> None:
        self.closed = code

    def connection(self, lean: bool = False) -> Connection:
        """A server connection on this socket (``lean``: with ``send_now``, as under uvicorn)."""
        return Connection(self.send_text, self.close, RateLimit(10, 10, 10), self.send_now if lean else None)


async def turns(n: int = 5) -> None:
    """Turn the event loop ``n`` times."""
    for _ in range(n):
        await asyncio.sleep(0)
