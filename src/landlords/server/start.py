"""What starting the server needs before and after its command line (``landlords serve``, in
``cli/serve.py``): the checks of the database and the broker, the open-file limit, and uvicorn run on
sockets already bound. It needs the ``[server]`` extra (the command checks for it first)."""

from __future__ import annotations

import contextlib
from typing import Any

from ..extras import install_hint
from .hold import cannot_use, shown_url

MAX_WS_BYTES = 64 * 1024  # uvicorn drops a WebSocket frame above this; the protocol's own limit is lower
MAX_HEAD_BYTES = 16 * 1024  # a request head (line and headers) larger than this is answered 400
RESERVED_DESCRIPTORS = 100  # kept for the database, the log, the advice worker: never for clients


def raise_descriptor_limit() -> int:
    """Raise the process's open-file limit to the hard limit (where the OS allows): every connection
    is a descriptor, and at the usual soft limit of 1,024 a few hundred idle sockets took them all.
    Returns the limit in force."""
    try:
        import resource
    except ImportError:  # not on this OS
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft == resource.RLIM_INFINITY or soft >= want:
        return soft if soft != resource.RLIM_INFINITY else want
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        return want
    return soft


def check_database(url: str) -> str | None:
    """Open the database once before serving (creating or migrating its schema): the reason in one
    line when it cannot be used, else None."""
    import asyncio

    from .storage import Storage

    if not url.startswith(("sqlite:", "sqlite+aiosqlite:", "postgresql:", "postgres:", "postgresql+asyncpg:")):
        return "--db takes sqlite:///FILE or postgresql://USER:PASSWORD@HOST[:PORT]/DBNAME"

    async def probe() -> None:
        storage = Storage(url)
        try:
            await storage.open()
        finally:
            await storage.close()

    try:
        asyncio.run(probe())
    except Exception as exc:  # the driver's own words, without SQLAlchemy's wrapping
        return cannot_use(url, exc)
    return None


def broker_problem(url: str, db_url: str) -> str | None:
    """What is wrong with ``--broker`` and ``--db`` together, seen from the words alone (before the
    server takes its address or its database)."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return "--broker takes redis://HOST[:PORT][/DB] (or rediss://, unix://)"
    if not db_url.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return "--broker needs --db postgresql://...: the processes share the games through PostgreSQL"
    return None


def check_broker(url: str, db_url: str) -> str | None:
    """Reach Redis once before serving: the reason in one line when it cannot be used, else None."""
    problem = broker_problem(url, db_url)
    if problem is not None:
        return problem
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        return f"--broker needs redis-py: {install_hint('server')}"
    import asyncio

    import redis.asyncio as aioredis

    async def probe() -> None:
        client = aioredis.from_url(url, socket_connect_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(probe())
    except Exception as exc:
        words = " ".join(str(exc).split()) or type(exc).__name__
        return f"cannot reach the broker {shown_url(url)}: {words}"
    return None


def run_server(
    app: Any, sockets: list, host: str, port: int, log_level: str, header_timeout: float, ws_deflate: bool
) -> bool:
    """Serve ``app`` with uvicorn on ``sockets`` (bound by :func:`landlords.server.hold.listen`: uvicorn
    binds none of its own) until it stops; False when the app's start-up failed (its log says why)."""
    import uvicorn

    from .limits import protocols
    from .logs import log_config

    http, ws = protocols(app.state.server.guard, header_timeout)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_level),  # no token in the output, at any level; repeats counted
        http=http,  # h11, each connection counted per address and given header_timeout for its head
        ws=ws,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        ws_max_size=MAX_WS_BYTES,
        ws_ping_interval=20,
        ws_per_message_deflate=ws_deflate,
    )
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=sockets)
    return bool(server.started)
