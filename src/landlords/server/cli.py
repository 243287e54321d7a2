"""``landlords serve``. The server's libraries are imported only when a
command runs, so the rest of the command line works without the ``[server]`` extra (``landlords loadtest``
checks it the same way)."""

from __future__ import annotations

import contextlib
import re
import sys

import click

from ..cli.checks import NumberRange, WholeRange

MAX_WS_BYTES = 64 * 1024  # uvicorn drops a WebSocket frame above this; the protocol's own limit is lower


def need_server_extra() -> None:
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        click.echo(f"error: the server needs the [server] extra: pip install 'landlords[server]' ({exc.name})")
        sys.exit(2)


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
        cause = getattr(exc, "orig", None) or exc
        words = " ".join(str(cause).split()) or type(cause).__name__
        return f"cannot use the database {shown_url(url)}: {words}"
    return None


def check_broker(url: str, db_url: str) -> str | None:
    """Reach Redis once before serving: the reason in one line when it cannot be used, else None."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return "--broker takes redis://HOST[:PORT][/DB] (or rediss://, unix://)"
    if not db_url.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return "--broker needs --db postgresql://...: the processes share the games through PostgreSQL"
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        return "--broker needs redis-py: pip install 'landlords[server]'"
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


def shown_url(url: str) -> str:
    """A database URL without its password (for the start-up line)."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every one).")
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=WholeRange(0, 65535),
    help="Port to listen on (0: any free one).",
)
@click.option(
    "--db",
    default=None,
    envvar="LANDLORDS_DB",
    help="Database URL: sqlite:///FILE or postgresql://user:password@host/db "
    "(default: $LANDLORDS_DB, else SQLite in ~/.local/state/landlords/server.db).",
)
@click.option(
    "--log-level", default="info", show_default=True, type=click.Choice(["debug", "info", "warning", "error"])
)
@click.option(
    "--broker",
    default=None,
    envvar="LANDLORDS_BROKER",
    help="Redis URL (redis://host:6379/0; default: $LANDLORDS_BROKER): run as one of several processes "
    "sharing the games (needs a PostgreSQL --db; see README, 'Running at scale').",
)
@click.option(
    "--lease-seconds",
    default=None,
    type=NumberRange(0.5, 600),
    hidden=True,
    help="With --broker: a game's lease (a dead process's games are taken over after about this long).",
)
@click.option(
    "--ws-deflate/--no-ws-deflate",
    default=False,
    show_default=True,
    help="Compress WebSocket messages (permessage-deflate): a view is about 2 KB, and compressing every "
    "message of every client took about a sixth of the server's CPU; worth it only on slow links.",
)
@click.option("--testing", is_flag=True, hidden=True, help="Accept scripted seeds and dice (tests only).")
@click.option(
    "--manual-clock", is_flag=True, hidden=True, help="With --testing: time moves only by POST /api/testing/clock."
)
def serve(host, port, db, log_level, broker, lease_seconds, ws_deflate, testing, manual_clock) -> None:
    """Run the game server: the lobby API and play over WebSockets (see README, 'Play with friends')."""
    need_server_extra()
    import uvicorn

    from .app import create_app
    from .clock import ManualClock
    from .hold import hold_database, listen, release_database
    from .logs import log_config
    from .storage import default_db_url

    if manual_clock and not testing:
        click.echo("error: --manual-clock is a test setting: it needs --testing", err=True)
        sys.exit(2)
    url = db or default_db_url()
    # the address first, then the database's lock, then the database: a taken port or a database
    # another server holds is one line, before this server touches the database or prints anything
    listening = listen(host, port)
    if isinstance(listening, str):
        click.echo(f"error: {listening}", err=True)
        sys.exit(2)
    # one server per database: on PostgreSQL the processes of a cluster (--broker) share it
    problem = hold_database(url, shared=broker is not None) or check_database(url)
    if problem is None and broker is not None:
        problem = check_broker(broker, url)
    if problem is not None:
        for sock in listening:
            sock.close()
        release_database()
        click.echo(f"error: {problem}", err=True)
        sys.exit(2)
    shared = f", broker {shown_url(broker)}" if broker else ""
    port = listening[0].getsockname()[1]  # the one taken, with --port 0
    address = f"[{host}]" if ":" in host else host
    click.echo(
        f"landlords server on http://{address}:{port} (database {shown_url(url)}{shared}; API docs at /docs)"
    )
    config = uvicorn.Config(
        create_app(
            url,
            testing=testing,
            clock=ManualClock() if manual_clock else None,
            broker=broker,
            lease_seconds=lease_seconds,
        ),
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_level),  # no token in the output, at any level
        ws_max_size=MAX_WS_BYTES,
        ws_ping_interval=20,
        ws_per_message_deflate=ws_deflate,
    )
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=listening)  # the sockets bound above: uvicorn binds none of its own
    if not server.started:  # the app's start-up failed (its log says why): as uvicorn.run exits
        sys.exit(3)
