"""The connection to the server, in a thread of its own: an asyncio loop holds the WebSocket (a
:class:`landlords.client.Seat`), hands every view and chat line to the screen as it arrives, and when
the connection drops reconnects with growing pauses, then resumes the seat with the same token.

The terminal's own thread (the one reading what the person types) calls :meth:`Link.act`, which
sends an act and waits for the server's answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Any

import websockets

from ...client import Seat, ServerError

BACKOFF = (0.5, 1, 2, 4, 8, 15)  # seconds before each reconnection attempt (then 15 s each)
GIVE_UP_AFTER = 180.0  # seconds without a connection before the terminal gives up
ACT_TIMEOUT = 30.0


class LinkLost(Exception):
    """No connection now (the act was not sent), or it dropped before the server answered."""


class Refused(Exception):
    """The server refused the hello (``code``: ``bad_token``, ``no_game``, ...)."""

    def __init__(self, code: str | None, message: str) -> None:
        super().__init__(message)
        self.code = code


class Link:
    """``on_view(view)`` gets every welcome and update, ``on_chat(message)`` every chat line, and
    ``on_status(what, detail)`` the connection's news: ``lost`` (detail: seconds until the next
    try), ``back``, ``gave_up``, ``refused`` (detail: the error's code and message). All run on the link's thread,
    one at a time, in the order the server sent them."""

    def __init__(
        self,
        base_url: str,
        code: str,
        token: str | None,
        lang: str,
        on_view: Callable[[dict[str, Any]], None],
        on_chat: Callable[[dict[str, Any]], None],
        on_status: Callable[[str, Any], None],
        *,
        backoff: tuple[float, ...] = BACKOFF,
        give_up_after: float = GIVE_UP_AFTER,
    ) -> None:
        self.base_url, self.code, self.token, self.lang = base_url, code, token, lang
        self.on_view, self.on_chat, self.on_status = on_view, on_chat, on_status
        self.backoff, self.give_up_after = backoff, give_up_after
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="landlords-link", daemon=True)
        self.seat: Seat | None = None
        self.task: asyncio.Future | None = None
        self.ended = threading.Event()  # the link gave up, was refused or was closed

    # ------------------------------------------------------------ from the terminal's thread
    def start(self, timeout: float = 15.0) -> dict[str, Any]:
        """Connect and say hello; the welcome. Raises :class:`Refused` or OSError (unreachable)."""
        self.thread.start()
        first = asyncio.run_coroutine_threadsafe(self._connect(), self.loop)
        try:
            seat = first.result(timeout)
        except BaseException:
            self.close()
            raise
        self.task = asyncio.run_coroutine_threadsafe(self._serve(seat), self.loop)
        return seat.view

    def act(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        """Send an act seen at ``version``; the server's ``ack``, ``refused`` or ``error``."""
        future = asyncio.run_coroutine_threadsafe(self._act(action, version), self.loop)
        try:
            return future.result(ACT_TIMEOUT + 1)
        except TimeoutError:
            raise LinkLost("no answer from the server") from None

    def chat(self, text: str) -> None:
        seat = self.seat
        if seat is None or seat.closed:
            raise LinkLost("not connected")
        asyncio.run_coroutine_threadsafe(seat.chat(text), self.loop).result(ACT_TIMEOUT)

    def close(self) -> None:
        """Close the connection and stop the thread (every task of the link ended first)."""
        if self.thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._shutdown(), self.loop).result(5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
        if not self.loop.is_running() and not self.loop.is_closed():
            self.loop.close()
        self.ended.set()

    # ------------------------------------------------------------ on the link's thread
    async def _shutdown(self) -> None:
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        if self.seat is not None:
            await self.seat.close()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _connect(self) -> Seat:
        try:
            seat = await Seat.connect(
                self.base_url, self.code, self.token, self.lang, position=True, open_timeout=10
            )
        except ServerError as exc:
            raise Refused(exc.code, exc.detail) from None
        except (websockets.InvalidURI, websockets.InvalidHandshake) as exc:
            raise OSError(f"not a landlords server ({exc})") from None
        self.seat = seat
        return seat

    async def _act(self, action: dict[str, Any], version: int) -> dict[str, Any]:
        seat = self.seat
        if seat is None or seat.closed:
            raise LinkLost("not connected")
        try:
            return await seat.act(action, version)
        except (ConnectionError, websockets.ConnectionClosed, TimeoutError):
            raise LinkLost("the connection dropped before the server answered") from None

    async def _serve(self, seat: Seat) -> None:
        """Hand on the messages; when the connection drops, reconnect and go on."""
        try:
            while True:
                self.on_view(seat.view)
                await self._pump(seat)
                self.seat = None
                seat = await self._reconnect()
                if seat is None:
                    return
                self.on_status("back", None)
        finally:
            self.ended.set()

    async def _pump(self, seat: Seat) -> None:
        while True:
            getter = asyncio.ensure_future(seat.messages.get())
            closed = asyncio.ensure_future(_until_closed(seat))
            done, _ = await asyncio.wait({getter, closed}, return_when=asyncio.FIRST_COMPLETED)
            closed.cancel()
            if getter not in done:
                getter.cancel()
                while not seat.messages.empty():  # what arrived before the close
                    self._deliver(seat.messages.get_nowait())
                return
            self._deliver(getter.result())

    def _deliver(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind in ("welcome", "update"):
            self.on_view(msg)
        elif kind in ("chat", "said"):  # said: a bot's reason for refusing one's offer, shown as its line
            self.on_chat(msg)

    async def _reconnect(self) -> Seat | None:
        waited = 0.0
        for attempt in range(10**6):
            pause = self.backoff[min(attempt, len(self.backoff) - 1)]
            if waited + pause > self.give_up_after:
                self.on_status("gave_up", waited)
                return None
            self.on_status("lost", pause)
            await asyncio.sleep(pause)
            waited += pause
            try:
                return await self._connect()
            except Refused as exc:  # the seat was given up meanwhile, or the game is gone
                self.on_status("refused", (exc.code, str(exc)))
                return None
            except (OSError, TimeoutError, websockets.WebSocketException):
                continue
        return None  # pragma: no cover


async def _until_closed(seat: Seat) -> None:
    while not seat.closed:
        seat.changed.clear()
        if seat.closed:
            return
        await seat.changed.wait()
