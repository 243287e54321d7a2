"""A Python client of the landlords server: the lobby over HTTP and a seat (or a spectator's view)
over a WebSocket. Used by the tests, the load test and ``landlords play --connect``.

    lobby = Lobby("http://127.0.0.1:8000")
    game = lobby.create(seats=[{"kind": "person"}, {"kind": "bot", "strategy": "advisor"}], name="Ann")
    async with await Seat.connect("http://127.0.0.1:8000", game["code"], game["token"]) as seat:
        await seat.act({"type": "roll"})     # -> the ack or the refusal
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any

import httpx
import orjson
import websockets


class ServerError(Exception):
    """The lobby refused a request: ``status`` and the server's one-line ``detail``."""

    def __init__(self, status: int, detail: str, code: str | None = None) -> None:
        super().__init__(f"{status}: {detail}")
        self.status = status
        self.detail = detail
        self.code = code  # the protocol's error code, for a refused WebSocket hello


class Lobby:
    """The HTTP lobby, synchronous (httpx)."""

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base = base_url.rstrip("/")
        self.http = httpx.Client(base_url=self.base, timeout=timeout)

    def _call(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.http.request(method, "/api" + path, headers=headers, **kwargs)
        if r.status_code >= 400:
            try:
                detail = r.json().get("detail")
            except ValueError:
                detail = r.text
            raise ServerError(r.status_code, detail if isinstance(detail, str) else json.dumps(detail))
        return r.json()

    def create(self, **settings: Any) -> dict[str, Any]:
        return self._call("POST", "/games", json=settings)

    def games(self) -> list[dict[str, Any]]:
        return self._call("GET", "/games")

    def info(self, code: str) -> dict[str, Any]:
        return self._call("GET", f"/games/{code}")

    def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        return self._call("POST", f"/games/{code}/join", json={"name": name, "seat": seat})

    def leave(self, code: str, token: str) -> dict[str, Any]:
        return self._call("POST", f"/games/{code}/leave", token)

    def bots(self, code: str, host_token: str, strategy: str = "advisor", seat: int | None = None) -> dict:
        return self._call("POST", f"/games/{code}/bots", host_token, json={"strategy": strategy, "seat": seat})

    def start(self, code: str, host_token: str, fill_bots: str | None = None) -> dict[str, Any]:
        return self._call("POST", f"/games/{code}/start", host_token, json={"fill_bots": fill_bots})

    def rematch(self, code: str, host_token: str) -> dict[str, Any]:
        return self._call("POST", f"/games/{code}/rematch", host_token)

    def log(self, code: str, lang: str = "en") -> list[str]:
        return self._call("GET", f"/games/{code}/log", params={"lang": lang})["lines"]

    def record(self, code: str) -> dict[str, Any]:
        return self._call("GET", f"/games/{code}/record")

    def advice(self, code: str, token: str, games: int | None = None, timeout: float = 300.0) -> dict[str, Any]:
        """Win chances now, or what the offer waiting changes, for a seat (the server works it out)."""
        params = {"games": games} if games is not None else {}
        return self._call("GET", f"/games/{code}/advice", token, params=params, timeout=timeout)

    def close(self) -> None:
        self.http.close()


def ws_url(base_url: str, code: str) -> str:
    base = base_url.rstrip("/")
    if base.startswith("http"):
        base = "ws" + base[4:]
    return f"{base}/ws/{code}"


class Seat:
    """One WebSocket connection: a seat (with a token) or a spectator (without). ``view`` is the
    latest welcome/update; ``act`` waits for the server's ack or refusal of that act."""

    def __init__(self, ws: Any, keep_messages: bool = True) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.version = -1
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()  # every message, in order
        self.keep_messages = keep_messages  # False: only the latest view (nobody reads ``messages``)
        self.changed = asyncio.Event()
        self._ids = itertools.count(1)
        self._waiting: dict[Any, asyncio.Future] = {}
        # wait_for's predicates, tried by the reader on each new view: a waiting task wakes once, when
        # its view comes, not at every update (a load test's three idle seats of four, every act)
        self._watchers: list[tuple[Callable[[dict[str, Any]], Any], asyncio.Future]] = []
        self._reader: asyncio.Task | None = None

    @classmethod
    async def connect(
        cls,
        base_url: str,
        code: str,
        token: str | None = None,
        lang: str = "en",
        *,
        position: bool = False,
        keep_messages: bool = True,
        **kwargs: Any,
    ) -> Seat:
        """Open the WebSocket and say hello; ``position``: every view also carries the public
        position (``landlords.from_position`` builds a mirror of the game from it);
        ``keep_messages``: False for a client that reads only the latest view and the replies to
        its requests (a load test's bots), whose ``messages`` would otherwise hold every view it
        was sent. A refused hello raises :class:`ServerError` with the server's error ``code``."""
        ws = await websockets.connect(ws_url(base_url, code), max_size=2**22, **kwargs)
        seat = cls(ws, keep_messages)
        hello: dict[str, Any] = {"type": "hello", "token": token, "lang": lang, "protocol": 1}
        if position:
            hello["position"] = True
        await ws.send(json.dumps(hello))
        first = orjson.loads(await ws.recv(decode=False))
        if first.get("type") != "welcome":
            await ws.close()
            raise ServerError(400, first.get("message", str(first)), first.get("code"))
        seat._take(first)
        seat._reader = asyncio.create_task(seat._read())
        return seat

    async def __aenter__(self) -> Seat:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def seat(self) -> int | None:
        return self.view.get("you", {}).get("seat")

    @property
    def acts(self) -> list[dict[str, Any]]:
        return self.view.get("you", {}).get("acts", [])

    @property
    def decision(self) -> dict[str, Any] | None:
        return self.view.get("decision")

    @property
    def closed(self) -> bool:
        """The connection ended (the server went away, or :meth:`close`)."""
        return self._reader is not None and self._reader.done()

    def _take(self, msg: dict[str, Any]) -> None:
        if msg.get("type") in ("welcome", "update"):
            if msg["version"] >= self.version:
                self.view = msg
                self.version = msg["version"]
            self.changed.set()
            if self._watchers:
                self._tell_watchers()

    def _tell_watchers(self) -> None:
        """Answer the waits whose predicate the view now satisfies (or raised on: the wait raises)."""
        waiting = []
        for predicate, fut in self._watchers:
            if fut.done():  # timed out or cancelled
                continue
            try:
                met = predicate(self.view)
            except Exception as exc:
                fut.set_exception(exc)
                continue
            if met:
                fut.set_result(self.view)
            else:
                waiting.append((predicate, fut))
        self._watchers = waiting

    async def _read(self) -> None:
        try:
            while True:
                # bytes as they came (not decoded to a str first): orjson reads UTF-8 itself
                msg = orjson.loads(await self.ws.recv(decode=False))  # a view every act, for every seat
                self._take(msg)
                ref = msg.get("id")
                fut = self._waiting.pop(ref, None) if ref is not None else None
                if fut is not None and not fut.done():
                    fut.set_result(msg)
                if self.keep_messages:
                    self.messages.put_nowait(msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            for fut in [*self._waiting.values(), *(fut for _, fut in self._watchers)]:
                if not fut.done():
                    fut.set_exception(ConnectionError("the server closed the connection"))
            self._watchers = []
            self.changed.set()

    async def request(self, msg: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        ref = next(self._ids)
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._waiting[ref] = fut
        await self.ws.send(json.dumps({**msg, "id": ref}))  # as given: a test may send what orjson refuses
        try:
            async with asyncio.timeout(timeout):  # no task (wait_for's on Python 3.11)
                return await fut
        finally:
            self._waiting.pop(ref, None)

    async def act(self, action: dict[str, Any], version: int | None = None) -> dict[str, Any]:
        """Send an act against the version seen (default: the latest); the ack, refusal or error."""
        return await self.request(
            {"type": "act", "action": action, "version": self.version if version is None else version}
        )

    async def chat(self, text: str) -> None:
        await self.ws.send(json.dumps({"type": "chat", "text": text}))

    async def wait_change(self, timeout: float = 30.0) -> None:
        """Until the next update (or the connection closes)."""
        self.changed.clear()
        async with asyncio.timeout(timeout):
            await self.changed.wait()

    async def wait_for(self, predicate: Callable[[dict[str, Any]], Any], timeout: float = 30.0) -> dict[str, Any]:
        """Until the view satisfies ``predicate(view)``: at once if it does, else when the reader
        takes a view that does (the predicate is tried there, on each new view). TimeoutError after
        ``timeout`` seconds; ConnectionError if the connection ends first."""
        if predicate(self.view):
            return self.view
        if self.closed:
            raise ConnectionError("the server closed the connection")
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._watchers.append((predicate, fut))
        try:
            async with asyncio.timeout(timeout):
                return await fut
        finally:
            if not fut.done():
                fut.cancel()  # the reader drops it at the next view

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader


__all__ = ["Lobby", "Seat", "ServerError", "ws_url"]
