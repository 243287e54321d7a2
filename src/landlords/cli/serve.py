"""``landlords serve``: the command line of the game server. What starting it needs besides its options
is in :mod:`landlords.server.start` and :mod:`landlords.server.hold`, imported when the command runs, so
the rest of the command line neither waits for the server's libraries nor needs the ``[server]`` extra
(``landlords loadtest`` checks it the same way)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from ..server.limit_settings import Limits, network
from .checks import NumberRange, WholeRange, need_server_extra

_DEFAULTS = Limits()
_POSITIVE = NumberRange(min=0, min_open=True)

# The limits `serve` sets from its options: (option, the Limits field it sets, its type, help). The
# defaults are Limits' own; --address-messages also sets the burst (twice the rate).
LIMIT_OPTIONS: tuple[tuple[str, str, click.ParamType, str], ...] = (
    ("--address-connections", "connections_per_address", WholeRange(1, 100000),
     "Open TCP connections (HTTP and WebSockets) one client address may hold; more are answered 429."),
    ("--address-websockets", "websockets_per_address", WholeRange(1, 100000),
     "WebSockets one client address may hold; more are refused at the handshake."),
    ("--address-messages", "address_rate", _POSITIVE,
     "WebSocket messages per second one address may send over all its sockets (bursts of twice that; "
     "a sync or hello counts as 8)."),
    ("--address-games", "games_per_minute", _POSITIVE,
     "Games one address may create per minute (after a burst of 10)."),
    ("--address-requests", "expensive_per_second", _POSITIVE,
     "Replay, net-worth, record and log requests per second of one address (bursts of 30)."),
    ("--lobby-games", "max_lobby_games", WholeRange(1, 10**7),
     "Games waiting in the lobby, server-wide; creating one more is answered 429."),
    ("--lobby-minutes", "lobby_minutes", _POSITIVE,
     "A game not started this many minutes after its creation is removed."),
    ("--header-timeout", "header_seconds", _POSITIVE,
     "Seconds a connection has to send a whole request head (slow clients are dropped)."),
)  # fmt: skip


class Network(click.ParamType):
    """An IP address or network (``10.0.0.1``, ``10.0.0.0/8``, ``::1``), written the standard way."""

    name = "address"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return network(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def limit_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options of :data:`LIMIT_OPTIONS`, and the address lists, each passed as its Limits field."""
    command = click.option(
        "--exempt", "exempt", multiple=True, type=Network(), callback=lambda _c, _p, v: tuple(v),
        help="An address or network with no per-address limit (repeatable; a load test's clients).",
    )(command)  # fmt: skip
    command = click.option(
        "--trusted-proxy", "trusted_proxies", multiple=True, type=Network(), callback=lambda _c, _p, v: tuple(v),
        help="A reverse proxy's address or network (repeatable): behind it the client's address is read "
        "from X-Forwarded-For, which is ignored from anyone else.",
    )(command)  # fmt: skip
    for option, field, kind, text in reversed(LIMIT_OPTIONS):
        default = getattr(_DEFAULTS, field)
        command = click.option(option, field, default=default, show_default=True, type=kind, help=text)(command)
    return command


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
    help="Database: a SQLite file's path (or sqlite:///FILE), or postgresql://user:password@host/db "
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
    "sharing the games (needs a PostgreSQL --db; see docs/server/cluster.md).",
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
@limit_options
@click.option("--testing", is_flag=True, hidden=True, help="Accept scripted seeds and dice (tests only).")
@click.option(
    "--manual-clock", is_flag=True, hidden=True, help="With --testing: time moves only by POST /api/testing/clock."
)
def serve(
    host, port, db, log_level, broker, lease_seconds, ws_deflate, testing, manual_clock, **limit_values,
) -> None:  # fmt: skip
    """Run the game server: the lobby API and play over WebSockets (see docs/server/index.md)."""
    need_server_extra()
    from ..server.app import create_app
    from ..server.clock import ManualClock
    from ..server.hold import hold_database, listen, release_database, shown_url
    from ..server.start import (
        RESERVED_DESCRIPTORS,
        broker_problem,
        check_broker,
        check_database,
        raise_descriptor_limit,
        run_server,
    )
    from ..server.storage import as_db_url, default_db_url, make_default_folder

    if manual_clock and not testing:
        click.echo("error: --manual-clock is a test setting: it needs --testing", err=True)
        sys.exit(2)
    url = as_db_url(db) if db else default_db_url()
    # what the words alone say is wrong comes before anything is made or taken: nothing is left behind
    wrong = broker_problem(broker, url) if broker is not None else None
    if wrong is None and not db:
        wrong = make_default_folder(url)
    if wrong is not None:
        click.echo(f"error: {wrong}", err=True)
        sys.exit(2)
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
    limits = Limits(**limit_values, max_connections=max(64, raise_descriptor_limit() - RESERVED_DESCRIPTORS))
    limits.address_burst = 2 * limits.address_rate
    app = create_app(
        url,
        testing=testing,
        clock=ManualClock() if manual_clock else None,
        limits=limits,
        broker=broker,
        lease_seconds=lease_seconds,
    )
    if not run_server(app, listening, host, port, log_level, limits.header_seconds, ws_deflate):
        sys.exit(3)  # the app's start-up failed (its log says why): as uvicorn.run exits
