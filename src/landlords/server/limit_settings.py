"""The server's limits as plain values (:class:`Limits`), apart from their enforcement
(:mod:`.limits`), so the command line reads their defaults without importing the web server."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass


@dataclass
class Limits:
    """What one connection, one client address and the whole server may use (docs/server/index.md, "Limits").
    The per-address ones are enforced by :mod:`.limits`; ``landlords serve`` sets them from its options."""

    rate_per_second: float = 20.0  # one WebSocket's messages ...
    burst: float = 40.0  # ... and its burst
    tick: float = 0.1  # how often the timer looks at the deadlines (seconds of real time)
    connections_per_address: int = 64  # open TCP connections (HTTP keep-alive and WebSockets)
    websockets_per_address: int = 32
    address_rate: float = 40.0  # WebSocket messages per second, shared by all of an address's sockets ...
    address_burst: float = 80.0  # ... and their burst
    view_cost: float = 8.0  # a sync or hello (a whole view) spends this many of those messages
    games_per_minute: float = 2.0  # games an address may create (after a burst of games_burst)
    games_burst: float = 10.0
    expensive_per_second: float = 2.0  # replays, net worth, record and log requests of one address ...
    expensive_burst: float = 30.0  # ... and their burst
    max_lobby_games: int = 1000  # games waiting in the lobby, server-wide
    lobby_minutes: float = 60.0  # a game not started this long after its creation is removed
    list_games: int = 100  # games in one answer of GET /api/games
    header_seconds: float = 10.0  # to send a whole request head, from the connection or the last answer
    max_connections: int = 4000  # server-wide; `landlords serve` keeps it below the descriptor limit
    trusted_proxies: tuple[str, ...] = ()  # reverse proxies whose X-Forwarded-For is believed
    exempt: tuple[str, ...] = ()  # addresses with no per-address limit (a load test's clients)


def network(value: str) -> str:
    """``value`` as an address or network (``10.0.0.1``, ``10.0.0.0/8``, ``::1``), written the
    standard way; ValueError naming what is wrong otherwise."""
    try:
        return str(ipaddress.ip_network(value.strip(), strict=False))
    except ValueError:
        raise ValueError(f"{value!r} is not an IP address or network (e.g. 10.0.0.1 or 10.0.0.0/8)") from None
