"""The game server: a lobby over HTTP, authoritative play over WebSockets, bots, timers and a
database that loses nothing (``landlords serve``). Outer layer: it imports the engine, never the
reverse. See docs/server/protocol.md for the protocol."""

from .protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
