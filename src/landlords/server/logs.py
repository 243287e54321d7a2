"""The server's logging: uvicorn's own set-up, plus filters on every handler: one keeps seat and host
tokens out of the output, at any level; one writes identical records once a minute with a count.

Tokens travel in a client's ``hello`` message and in ``Authorization: Bearer`` headers. At debug
level the WebSocket library logs each frame (cut to a prefix and a suffix, so a token can be split
anywhere) and each handshake header: incoming frames are logged by their size only, secret headers
and ``"token"`` fields are masked.
"""

from __future__ import annotations

import copy
import logging
import re
import threading
import time
from typing import Any

INCOMING_FRAME = re.compile(r"^(< (?:TEXT|BINARY|CONT)) .*?(\[\d+ bytes\])?$", re.S)
SECRET_HEADER = re.compile(
    r"^([<>] (?:authorization|proxy-authorization|cookie|sec-websocket-protocol):).*$", re.I
)
TOKEN_FIELD = re.compile(r'("(?:token|host_token)"\s*:\s*")[^"]*')
BEARER = re.compile(r"(Bearer\s+)\S+", re.I)


def redact(text: str) -> str:
    """``text`` with everything that may be a token masked."""
    frame = INCOMING_FRAME.match(text)
    if frame:
        return f"{frame.group(1)} {frame.group(2) or '[content not logged]'}"
    text = SECRET_HEADER.sub(r"\1 ***", text)
    text = TOKEN_FIELD.sub(r"\1***", text)
    return BEARER.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """A handler filter: rewrites each record's message through :func:`redact`."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot format itself: let the handler report it
            return True
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


REPEAT_WINDOW = 60.0  # seconds in which identical records are written once


class CollapseRepeats(logging.Filter):
    """A handler filter: the first of identical records (same logger, level, message and exception)
    passes; the next ones within :data:`REPEAT_WINDOW` seconds are only counted, and the count is
    written once the window is over: "... (repeated 2190000 times in the last 60 s)". At the
    descriptor limit asyncio logged a traceback for every failed accept, 887 MB in two minutes."""

    def __init__(self, window: float = REPEAT_WINDOW, clock: Any = time.monotonic) -> None:
        super().__init__()
        self.window = window
        self.clock = clock
        self.seen: dict[tuple, list] = {}  # key -> [window start, repeats, the first record]
        self.lock = threading.Lock()
        _FILTERS.append(self)

    @staticmethod
    def key(record: logging.LogRecord) -> tuple:
        try:
            message = record.getMessage()
        except Exception:
            message = str(record.msg)
        exc = record.exc_info[1] if record.exc_info else None
        return (record.name, record.levelno, message, type(exc).__name__, str(exc) if exc else "")

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "repeat_summary", False):
            return True
        key = self.key(record)
        now = self.clock()
        with self.lock:
            entry = self.seen.get(key)
            if entry is not None and now - entry[0] < self.window:
                entry[1] += 1
                return False
            summary = self._summary(entry) if entry is not None and entry[1] else None
            self.seen[key] = [now, 0, record]
        if summary is not None:
            record.msg, record.args = f"{summary.getMessage()}; again: {record.getMessage()}", None
        return True

    def _summary(self, entry: list) -> logging.LogRecord:
        first: logging.LogRecord = entry[2]
        text = f"{_first_line(first)} (repeated {entry[1]} times in the last {self.window:g} s)"
        out = logging.LogRecord(first.name, first.levelno, first.pathname, first.lineno, text, None, None)
        out.repeat_summary = True
        return out

    def flush(self) -> list[logging.LogRecord]:
        """The counts of the windows that are over (their records forgotten): records to write."""
        now = self.clock()
        out = []
        with self.lock:
            for key, entry in list(self.seen.items()):
                if now - entry[0] >= self.window:
                    if entry[1]:
                        out.append(self._summary(entry))
                    del self.seen[key]
        return out


def _first_line(record: logging.LogRecord) -> str:
    try:
        return record.getMessage().splitlines()[0] if record.getMessage() else ""
    except Exception:
        return str(record.msg)


_FILTERS: list[CollapseRepeats] = []


def flush_repeats() -> None:
    """Write the counts of repeated records whose window is over (the server's timer calls this)."""
    for f in list(_FILTERS):
        for record in f.flush():
            logging.getLogger(record.name).handle(record)


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactTokens` on every handler, and the server's
    own logger (``landlords``) on uvicorn's console handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["tokens"] = {"()": f"{__name__}.RedactTokens"}
    config["filters"]["repeats"] = {"()": f"{__name__}.CollapseRepeats"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).extend(["repeats", "tokens"])
    config["loggers"]["landlords"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    # asyncio's own errors (a failed accept at the descriptor limit) through the same filters
    config["loggers"]["asyncio"] = {"handlers": ["default"], "level": "WARNING", "propagate": False}
    return config
