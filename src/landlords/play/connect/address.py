"""What ``--connect`` and ``--game`` name: a server (``http://HOST:PORT``, or the link a friend sent,
``http://HOST:PORT/g/CODE``) and a game's code."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from ...engine.errors import ConfigError

CODE_RE = re.compile(r"^[A-Za-z0-9]{4,12}$")
LINK_RE = re.compile(r"^(.*?)/g/([A-Za-z0-9]+)/?$")


def server_and_game(url: str, code: str | None) -> tuple[str, str]:
    """``(base_url, CODE)`` from the options, or a ConfigError naming what is wrong."""
    text = url.strip()
    if "://" not in text:
        text = "http://" + text  # "localhost:8000" is a server too
    parts = urlsplit(text)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    try:
        port = parts.port
    except ValueError:
        raise ConfigError(f"--connect {url!r}: the port is not a number from 1 to 65535") from None
    if scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"--connect {url!r} is not a server address (like http://HOST:8000 or the game's link)")
    path = parts.path.rstrip("/")
    link = LINK_RE.match(path)
    if link is not None:
        path = link.group(1)
        if code is not None and code.upper() != link.group(2).upper():
            theirs = link.group(2).upper()
            raise ConfigError(f"--game {code} and the link's game {theirs} differ: give one of them")
        code = link.group(2)
    if code is None:
        raise ConfigError("--connect needs the game: --game CODE, or the game's link (http://HOST:PORT/g/CODE)")
    if not CODE_RE.match(code):
        raise ConfigError(f"--game {code!r} is not a game code (letters and digits, like K7QMPX)")
    netloc = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    if port is not None:
        netloc += f":{port}"
    return f"{scheme}://{netloc}{path}", code.upper()
