"""The server's logging: uvicorn's own set-up, plus a filter on every handler that keeps seat and host
tokens out of the output, at any level.

Tokens travel in a client's ``hello`` message and in ``Authorization: Bearer`` headers. At debug
level the WebSocket library logs each frame (cut to a prefix and a suffix, so a token can be split
anywhere) and each handshake header: incoming frames are logged by their size only, secret headers
and ``"token"`` fields are masked.
"""

from __future__ import annotations

import copy
import logging
import re
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


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactTokens` on every handler, and the server's
    own logger (``landlords``) on uvicorn's console handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["tokens"] = {"()": f"{__name__}.RedactTokens"}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("tokens")
    config["loggers"]["landlords"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config
