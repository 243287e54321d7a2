"""Every HTTP request body of the API is checked before a route reads it: UTF-8 text (every body the
API takes is JSON, which is UTF-8) nested at most :data:`.protocol.MAX_DEPTH` levels, as a WebSocket
message is. FastAPI answered a body deeper than Python's decoder recurses with a generic 400 ("There
was an error parsing the body"), and a cluster process forwarding a lobby request decoded the body
itself (a non-UTF-8 one was a 500): both are now a 400 naming the problem.

A body is also at most :data:`MAX_BODY_BYTES`: a larger one is answered 413 as soon as its
Content-Length or the bytes received so far pass the limit, without reading the rest (before, any
size was read into memory and only then refused by the route)."""

from __future__ import annotations

import json
from typing import Any

from .protocol import nesting_problem

MAX_BODY_BYTES = 64 * 1024  # a new game's settings with every house rule fit many times over
TOO_LARGE = f"the request body is too large: the API takes at most {MAX_BODY_BYTES} bytes"
NOT_UTF8 = "the request body is not UTF-8 text (the API takes JSON, which is UTF-8)"
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def body_problem(body: bytes) -> str | None:
    """What is wrong with an API request's body, in one line, or None."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return NOT_UTF8
    problem = nesting_problem(text)
    return f"the request body {problem}" if problem else None


class CheckBodies:
    """ASGI middleware: reads an ``/api/`` request's body, answers 400 ``{"detail": ...}`` when
    :func:`body_problem` finds fault with it, else hands the app the same body."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        if _declared_length(scope) > MAX_BODY_BYTES:
            await _answer(send, 413, TOO_LARGE)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:  # sent in chunks without a length, or more than it declared
                await _answer(send, 413, TOO_LARGE)
                return
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        problem = body_problem(body)
        if problem is not None:
            await _answer(send, 400, problem)
            return
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the client's disconnect

        await self.app(scope, replay, send)


def _declared_length(scope: dict[str, Any]) -> int:
    """The request's Content-Length, 0 when absent or not a number (the bytes are counted anyway)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            return int(value) if value.isdigit() else 0
    return 0


async def _answer(send: Any, status: int, detail: str) -> None:
    """A JSON error answer ``{"detail": ...}``, as FastAPI's own."""
    content = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(content)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
