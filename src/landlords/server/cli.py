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
@click.option(
    "--address-connections",
    default=64,
    show_default=True,
    type=WholeRange(1, 100000),
    help="Open TCP connections (HTTP and WebSockets) one client address may hold; more are answered 429.",
)
@click.option(
    "--address-websockets",
    default=32,
    show_default=True,
    type=WholeRange(1, 100000),
    help="WebSockets one client address may hold; more are refused at the handshake.",
)
@click.option(
    "--address-messages",
    default=40.0,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="WebSocket messages per second one address may send over all its sockets (bursts of twice "
    "that; a sync or hello counts as 8).",
)
@click.option(
    "--address-games",
    default=2.0,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="Games one address may create per minute (after a burst of 10).",
)
@click.option(
    "--address-requests",
    default=2.0,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="Replay, net-worth, record and log requests per second of one address (bursts of 30).",
)
@click.option(
    "--lobby-games",
    default=1000,
    show_default=True,
    type=WholeRange(1, 10**7),
    help="Games waiting in the lobby, server-wide; creating one more is answered 429.",
)
@click.option(
    "--lobby-minutes",
    default=60.0,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="A game not started this many minutes after its creation is removed.",
)
@click.option(
    "--header-timeout",
    default=10.0,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="Seconds a connection has to send a whole request head (slow clients are dropped).",
)
@click.option(
    "--trusted-proxy",
    multiple=True,
    help="A reverse proxy's address or network (repeatable): behind it the client's address is read "
    "from X-Forwarded-For, which is ignored from anyone else.",
)
@click.option(
    "--exempt",
    multiple=True,
    help="An address or network with no per-address limit (repeatable; a load test's clients).",
)
@click.option("--testing", is_flag=True, hidden=True, help="Accept scripted seeds and dice (tests only).")
@click.option(
    "--manual-clock", is_flag=True, hidden=True, help="With --testing: time moves only by POST /api/testing/clock."
)
def serve(
    host, port, db, log_level, broker, lease_seconds, ws_deflate, address_connections, address_websockets,
    address_messages, address_games, address_requests, lobby_games, lobby_minutes, header_timeout,
    trusted_proxy, exempt, testing, manual_clock,
) -> None:  # fmt: skip
    """Run the game server: the lobby API and play over WebSockets (see README, 'Play with friends')."""
    need_server_extra()
    import uvicorn

    from .app import Limits, create_app
    from .limits import protocols
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
    limits = Limits(
        connections_per_address=address_connections,
        websockets_per_address=address_websockets,
        address_rate=address_messages,
        address_burst=2 * address_messages,
        games_per_minute=address_games,
        expensive_per_second=address_requests,
        max_lobby_games=lobby_games,
        lobby_minutes=lobby_minutes,
        header_seconds=header_timeout,
        max_connections=max(64, raise_descriptor_limit() - RESERVED_DESCRIPTORS),
        trusted_proxies=tuple(trusted_proxy),
        exempt=tuple(exempt),
    )
    app = create_app(
        url,
        testing=testing,
        clock=ManualClock() if manual_clock else None,
        limits=limits,
        broker=broker,
        lease_seconds=lease_seconds,
    )
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
        server.run(sockets=listening)  # the sockets bound above: uvicorn binds none of its own
    if not server.started:  # the app's start-up failed (its log says why): as uvicorn.run exits
        sys.exit(3)
