"""The lobby's HTTP API from a test (games the browser then opens): create one with test settings,
wait for its status."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def create_game(base: str, **settings: Any) -> dict[str, Any]:
    return call(base, "POST", "/api/games", settings)


def wait_status(base: str, code: str, status: str, seconds: float = 60) -> dict[str, Any]:
    """Until the game has ``status`` (a bots' game plays on by itself on the server)."""
    end = time.monotonic() + seconds
    while True:
        info = call(base, "GET", f"/api/games/{code}")
        if info["status"] == status:
            return info
        if time.monotonic() > end:
            raise AssertionError(f"game {code} is still {info['status']!r}, not {status!r}")
        time.sleep(0.1)
