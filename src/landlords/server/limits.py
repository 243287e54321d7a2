"""Limits per client address, not per connection: one address cannot take the server down by opening
many connections that each stay under a per-connection limit.

* :class:`Guard` counts the open TCP connections (HTTP keep-alive and WebSockets alike) of every
  address, at the protocol level, before any request is read: a connection over
  ``connections_per_address`` (or over the server-wide ``max_connections``, kept below the process's
  descriptor limit) is answered 429 (503) with ``Retry-After`` and closed at once. It also drops a
  connection that has not sent a whole request head within ``header_seconds`` (slowloris: uvicorn
  times out only idle keep-alive connections, and only until their first byte).
* :class:`Buckets` are token buckets per address: the WebSocket messages of all of an address's
  sockets (a full view, ``sync`` or ``hello``, costs more than a ping), game creation, and the
  expensive routes (replays, net worth, record, log). Over a bucket: HTTP 429 with ``Retry-After``
  (:func:`check`), or the WebSocket's ``rate_limited`` error.

The address is the TCP peer's. Behind a reverse proxy every client has the proxy's address: name the
proxy with ``trusted_proxies`` and the address is then read from its ``X-Forwarded-For`` (the last
hop before a trusted proxy); the header of anyone else is ignored.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from collections.abc import Callable, Iterable
from typing import Any

import h11
from fastapi import HTTPException, Request
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limit_settings import Limits
from .protocol import RateLimit


class Buckets:
    """One token bucket per address (``rate`` per second, ``burst`` at once), on real monotonic time.
    Full buckets are forgotten by :meth:`prune`, so the table holds only addresses active lately."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, RateLimit] = {}

    def take(self, address: str, cost: float = 1.0, now: float | None = None) -> float:
        """Spend ``cost`` tokens of ``address``: 0.0 when allowed, else the seconds to wait."""
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst, self.burst)
        if bucket.allow(now, cost):
            return 0.0
        return (min(cost, self.burst) - bucket.tokens) / self.rate if self.rate > 0 else 3600.0

    def level(self, address: str, now: float | None = None) -> float:
        """The tokens ``address`` has now (a full bucket for an address not seen lately)."""
        bucket = self.buckets.get(address)
        if bucket is None or bucket.last is None:
            return self.burst
        now = time.monotonic() if now is None else now
        return min(self.burst, bucket.tokens + (now - bucket.last) * self.rate)

    def prune(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        for address, b in list(self.buckets.items()):
            if b.last is None or b.tokens + (now - b.last) * self.rate >= self.burst:
                del self.buckets[address]


def retry_after(seconds: float) -> str:
    return str(max(1, math.ceil(seconds)))


def too_many(seconds: float, detail: str) -> HTTPException:
    """A 429 that says when to come back."""
    return HTTPException(429, detail, headers={"Retry-After": retry_after(seconds)})


def check(request: Request, kind: str, detail: str, cost: float = 1.0) -> None:
    """Spend one token of the request's address in the bucket ``kind`` (``games``, ``expensive``);
    429 with ``Retry-After`` when it is empty."""
    guard: Guard = request.app.state.server.guard
    address = guard.address(request.scope)
    if guard.exempt(address):
        return
    wait = getattr(guard, kind).take(address, cost)
    if wait:
        raise too_many(wait, detail)


def _in(address: str, nets: tuple[Any, ...]) -> bool:
    """Whether ``address`` is one of ``nets`` (networks, or names such as the test client's)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return any(n == address for n in nets if isinstance(n, str))
    return any(not isinstance(n, str) and ip in n for n in nets)


def plain(address: str) -> str:
    """An IPv4 client of a dual-stack listener (``::ffff:1.2.3.4``) as its IPv4 address."""
    return address[7:] if address.startswith("::ffff:") and "." in address else address


def networks(items: Iterable[str]) -> tuple[Any, ...]:
    """Addresses or networks (``10.0.0.0/8``) as given on the command line; a name stays a string."""
    out: list[Any] = []
    for item in items:
        try:
            out.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            out.append(item)
    return tuple(out)


EXEMPT_KEPT = 4096  # addresses whose exemption is remembered; then the memory starts over


class Guard:
    """The counts and buckets of every address, for one server."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.trusted = networks(limits.trusted_proxies)
        self.exempted = networks(limits.exempt)
        self._exempt: dict[str, bool] = {}  # each address's answer, while fewer than EXEMPT_KEPT
        self.connections: dict[str, int] = {}  # open TCP connections per peer address
        self.transports: dict[Any, str] = {}  # each counted transport's peer (counted once across an upgrade)
        self.websockets: dict[str, int] = {}  # open WebSockets per client address
        self.messages = Buckets(limits.address_rate, limits.address_burst)
        self.games = Buckets(limits.games_per_minute / 60.0, limits.games_burst)
        self.expensive = Buckets(limits.expensive_per_second, limits.expensive_burst)
        self.max_connections = limits.max_connections
        self.refused = 0  # connections refused so far (either cap)
        self.timed_out = 0  # connections dropped for a request head not sent in time

    # ---------------------------------------------------------------- addresses
    def address(self, scope: dict[str, Any]) -> str:
        """The client's address: the peer's, or behind a trusted proxy its ``X-Forwarded-For``."""
        client = scope.get("client")
        peer = plain(client[0]) if client else "unknown"
        if not self.trusted or not _in(peer, self.trusted):
            return peer
        hops: list[str] = []
        for name, value in scope.get("headers", ()):
            if name == b"x-forwarded-for":
                hops += [h.strip() for h in value.decode("latin-1").split(",") if h.strip()]
        for hop in reversed(hops):  # the nearest hop first: the proxies append
            if not _in(plain(hop), self.trusted):
                return plain(hop)
        return peer

    def exempt(self, address: str) -> bool:
        """Whether ``address`` is exempt from the per-address limits; asked for every message, so
        each address's answer is kept (parsing it was a fiftieth of a busy server's time)."""
        if not self.exempted:
            return False
        known = self._exempt.get(address)
        if known is None:
            if len(self._exempt) >= EXEMPT_KEPT:
                self._exempt.clear()
            known = self._exempt[address] = _in(address, self.exempted)
        return known

    # ---------------------------------------------------------------- TCP connections
    def admit(self, transport: Any, peer: str) -> int | None:
        """Count a new connection: None when admitted, else the HTTP status to refuse it with."""
        if len(self.transports) >= self.max_connections:
            self.refused += 1
            return 503
        capped = not (self.exempt(peer) or (self.trusted and _in(peer, self.trusted)))
        if capped and self.connections.get(peer, 0) >= self.limits.connections_per_address:
            self.refused += 1
            return 429
        self.transports[transport] = peer
        self.connections[peer] = self.connections.get(peer, 0) + 1
        return None

    def release(self, transport: Any) -> None:
        peer = self.transports.pop(transport, None)
        if peer is None:
            return
        left = self.connections.get(peer, 1) - 1
        if left > 0:
            self.connections[peer] = left
        else:
            self.connections.pop(peer, None)

    # ---------------------------------------------------------------- WebSockets
    def open_websocket(self, address: str) -> bool:
        """Count a new WebSocket; False when the address has as many as it may, or has spent its
        messages (its hello would be dropped: its sockets are flooding)."""
        if not self.exempt(address) and (
            self.websockets.get(address, 0) >= self.limits.websockets_per_address
            or self.messages.level(address) < min(self.limits.view_cost, self.messages.burst)
        ):
            self.refused += 1
            return False
        self.websockets[address] = self.websockets.get(address, 0) + 1
        return True

    def close_websocket(self, address: str) -> None:
        left = self.websockets.get(address, 1) - 1
        if left > 0:
            self.websockets[address] = left
        else:
            self.websockets.pop(address, None)

    def message(self, address: str, cost: float) -> float:
        """A WebSocket message of ``address``: 0.0 when allowed, else the seconds to wait."""
        return 0.0 if self.exempt(address) else self.messages.take(address, cost)

    def prune(self) -> None:
        for buckets in (self.messages, self.games, self.expensive):
            buckets.prune()


REFUSALS = {
    429: "too many connections from your address: close some and try again",
    503: "the server has as many connections as it can hold: try again shortly",
}


def refusal(status: int, seconds: float) -> bytes:
    """A whole HTTP answer written before the request is read (then the connection is closed)."""
    body = json.dumps({"detail": REFUSALS[status]}).encode()
    phrase = {429: "Too Many Requests", 503: "Service Unavailable"}[status]
    return (
        f"HTTP/1.1 {status} {phrase}\r\nRetry-After: {retry_after(seconds)}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode() + body


def protocols(guard: Guard, header_seconds: float) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """uvicorn's HTTP/1.1 (h11) and WebSocket protocols with the guard: counted per peer address,
    refused over the caps, and dropped when a request head takes longer than ``header_seconds``.
    Passed as ``uvicorn.Config(http=..., ws=...)``."""

    class GuardedHTTP(H11Protocol):
        admitted = False
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            status = guard.admit(transport, plain(peer[0]) if isinstance(peer, tuple) else "local")
            if status is not None:
                transport.write(refusal(status, header_seconds))
                transport.close()
                return
            self.admitted = True
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if not self.admitted:
                return
            self._disarm()
            guard.release(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # a whole request head has come
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self._arm()  # the next request's head has the same time

        def _arm(self) -> None:
            self._disarm()
            self.head_timer = self.loop.call_later(header_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _too_slow(self) -> None:
            self.head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                guard.timed_out += 1
                self.transport.abort()  # nothing to answer: the head is not whole

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.transport)  # the upgraded connection's end
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket
