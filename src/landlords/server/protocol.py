"""The WebSocket protocol, version 1: what a client may send, and the checks every message passes.

Every message is one JSON object with a ``type``. A client's first message is ``hello`` (with a
seat token to play a seat, without one to watch); then ``act``, ``chat``, ``sync``, ``ping`` and
``let_go`` (a seat lets its open rent claims go: the bots need not wait for them).
The server answers with ``welcome``, ``update``, ``ack``, ``refused``, ``chat``, ``said`` (a bot's
reason for refusing one's offer), ``notice`` (to a seat: its rent claim lapsed), ``pong`` and
``error``. docs/server/protocol.md lists every field.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

import orjson

from ..engine.errors import ConfigError
from ..names import MAX_CHAT, check_text

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 16 * 1024  # a trade offer of every lot fits many times over
MAX_CHAT_CHARS = MAX_CHAT  # one line of plain text
RATE_PER_SECOND = 20.0  # a connection's sustained message rate ...
RATE_BURST = 40  # ... and the burst it may send at once
FLOOD_CLOSE_AFTER = 200  # messages over the limit before the connection is closed
MAX_VERSION = 2**53  # a state version past this is no version a game reaches (nor JSON's safe integers)
MAX_DEPTH = 16  # arrays and objects inside one another: a trade offer needs 4; json.loads recurses

CLIENT_TYPES = ("hello", "act", "chat", "sync", "ping", "let_go")  # let_go: a seat lets its open rent claims go
SERVER_TYPES = ("welcome", "update", "ack", "refused", "chat", "said", "pong", "error", "notice")

# error codes a client can receive in {"type": "error", "code": ..., "message": ...}
ERRORS = (
    "bad_json",  # not a JSON object
    "too_large",  # over MAX_MESSAGE_BYTES
    "unknown_type",  # a type this protocol version does not have
    "bad_message",  # a field missing or of the wrong kind
    "rate_limited",  # over the message rate of the connection or of its address; the message was dropped
    "hello_first",  # anything but hello before the hello
    "bad_token",  # the seat token is not this game's
    "no_game",  # no game with this code
    "spectator",  # a spectator tried to act or chat
    "not_your_seat",  # an act named another seat than the token's
    "game_over",  # an act on a finished game
    "not_started",  # an act before the game started
    "bad_action",  # the action itself is malformed
    "broken_game",  # the game's stored log does not replay: it cannot be played or shown
    "unavailable",  # the database is away: nothing was changed, try again shortly
    "internal",  # the server failed on this message (its log has the traceback)
    "unconfirmed",  # an act's fate is unknown (a cluster's broker away): look again before acting
)


def dumps(value: Any) -> str:
    """Every message the server sends is encoded here: compact (no spaces after separators: fewer
    bytes to write to every client), in UTF-8 words rather than \\u escapes, by orjson (the standard
    encoder was a tenth of the server's time per act). Integer keys become strings, as ``json`` does."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


_LONG_NUMBER = re.compile(r"\d{19}")
_LONG_NUMBER_BYTES = re.compile(rb"\d{19}")


def loads(text: str | bytes) -> Any:
    """A client's JSON text decoded as the standard decoder decodes it, by orjson when it can (an
    act's message in a fifth of the time). What orjson refuses and ``json`` takes (NaN, lone
    surrogates, nesting past 1,024 levels) goes to ``json``, and so does a text with 19 digits in a
    row: orjson reads an integer past 64 bits as a float, ``json`` as the integer it is."""
    long_number = _LONG_NUMBER if isinstance(text, str) else _LONG_NUMBER_BYTES
    if long_number.search(text) is None:  # type: ignore[arg-type]
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


class ProtocolError(Exception):
    def __init__(self, code: str, message: str) -> None:
        assert code in ERRORS, code
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self, ref: Any = None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if ref is not None:
            out["id"] = ref
        return out


def parse(text: str | bytes) -> dict[str, Any]:
    """One client message, checked for size, JSON, type and the fields its type needs."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"a message may have at most {MAX_MESSAGE_BYTES} bytes")
    try:
        msg = loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    except RecursionError:  # '[' * 5000: Python's decoder recurses once per level
        msg = _TOO_DEEP
    if msg is _TOO_DEEP or too_deep(text, msg):
        raise ProtocolError("bad_json", f"the message {TOO_DEEP}")
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "a message must be a JSON object")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r} (known: {', '.join(CLIENT_TYPES)})")
    if kind == "hello":
        _field(msg, "token", (str, type(None)), required=False)
        _field(msg, "lang", str, required=False)
        _field(msg, "protocol", int, required=False)
        _field(msg, "position", bool, required=False)
        if msg.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
            raise ProtocolError(
                "bad_message",
                f"hello: protocol {msg['protocol']} is not spoken here (this server speaks {PROTOCOL_VERSION})",
            )
    elif kind == "act":
        _field(msg, "action", dict)
        _field(msg, "version", int)
        _field(msg, "seat", int, required=False)
        if abs(msg["version"]) > MAX_VERSION:  # -1 stays a stale version: a client without a view sends it
            raise ProtocolError("bad_message", f"act: 'version' must be at most {MAX_VERSION}")
    elif kind == "let_go":
        extra = sorted(set(msg) - {"type", "id"})
        if extra:
            raise ProtocolError("bad_message", f"let_go: no fields but 'type' and 'id' (got {', '.join(extra)})")
    elif kind == "chat":
        _field(msg, "text", str)
        try:  # plain text for every front end: no control or format characters, no markup meaning
            msg["text"] = check_text(msg["text"], "chat: 'text'", MAX_CHAT_CHARS)
        except ConfigError as exc:
            raise ProtocolError("bad_message", str(exc)) from None
    return msg


def message_id(text: str | bytes) -> Any:
    """The ``id`` of a message that will not be handled (dropped by the rate limit), so that the
    sender's request still gets its answer; None when it has none or is not a JSON object."""
    if len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        msg = loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    ref = msg.get("id") if isinstance(msg, dict) else None
    return ref if isinstance(ref, str | int) and not isinstance(ref, bool) else None


TOO_DEEP = f"is nested too deeply (at most {MAX_DEPTH} levels)"  # a WebSocket message's or an HTTP body's


def nesting_problem(text: str | bytes) -> str | None:
    """For a JSON text that may be nested deeper than :data:`MAX_DEPTH` (HTTP bodies: the WebSocket
    has :func:`parse`): :data:`TOO_DEEP` when it is, else None (invalid JSON is left to its reader)."""
    opening = ("[", "{") if isinstance(text, str) else (b"[", b"{")
    if text.count(opening[0]) + text.count(opening[1]) <= MAX_DEPTH:  # type: ignore[arg-type]
        return None
    try:
        value = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        return None
    except RecursionError:
        return TOO_DEEP
    return TOO_DEEP if too_deep(text, value) else None


def too_deep(text: str | bytes, value: Any) -> bool:
    """Whether a decoded message nests arrays and objects deeper than :data:`MAX_DEPTH`. Nothing
    handles such a message, and whatever walked it later (a copy, the broker's decoder in another
    process, with less stack left) could fail on it. Only a message with that many brackets is walked."""
    opening = ("[", "{") if isinstance(text, str) else (b"[", b"{")
    if text.count(opening[0]) + text.count(opening[1]) <= MAX_DEPTH:  # type: ignore[arg-type]
        return False
    level = [(value, 1)] if isinstance(value, dict | list) else []
    while level:
        item, depth = level.pop()
        if depth > MAX_DEPTH:
            return True
        inner = item.values() if isinstance(item, dict) else item
        level.extend((v, depth + 1) for v in inner if isinstance(v, dict | list))
    return False


_TOO_DEEP = object()  # json.loads ran out of stack


def _field(msg: dict[str, Any], name: str, kind: Any, required: bool = True) -> None:
    if name not in msg:
        if required:
            raise ProtocolError("bad_message", f"{msg['type']}: the field {name!r} is missing")
        return
    value = msg[name]
    if isinstance(value, bool) and kind is int:
        raise ProtocolError("bad_message", f"{msg['type']}: {name!r} must be an integer")
    if not isinstance(value, kind):
        raise ProtocolError("bad_message", f"{msg['type']}: {name!r} has the wrong type")


@dataclass
class RateLimit:
    """A token bucket per connection: ``RATE_PER_SECOND`` sustained, ``RATE_BURST`` at once. It
    refills on real monotonic time, never on the server's game clock: a test server's manual clock
    stands still, and a bucket on it would never refill (a long game on one connection then ran dry).
    ``now`` is for unit tests of the bucket itself."""

    rate: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    tokens: float = RATE_BURST
    last: float | None = None
    over: int = 0  # messages dropped so far

    def allow(self, now: float | None = None, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens (a message that costs more than the burst is allowed from a full bucket)."""
        now = time.monotonic() if now is None else now
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= min(cost, self.burst):
            self.tokens -= min(cost, self.burst)
            return True
        self.over += 1
        return False
