"""``landlords loadtest``: the command line of the load test (the test itself: :mod:`landlords.loadtest`,
imported when the command runs)."""

from __future__ import annotations

import json
import os
import sys
import textwrap

import click

from .checks import NumberRange, WholeRange, need_server_extra

TARGET_MS = 100.0


def default_clients() -> int:
    """Client processes: half the cores (the server has the rest), at least one."""
    return max(1, (os.cpu_count() or 2) // 2)


@click.command()
@click.option(
    "--games",
    "-n",
    default=200,
    show_default=True,
    type=WholeRange(1, 5000),
    help="Concurrent 4-seat games (with --ramp: the most to try).",
)
@click.option(
    "--ramp",
    is_flag=True,
    help="Run levels of --step, 2x--step, ... games up to --games; stop when p99 passes --target-ms.",
)
@click.option("--step", default=50, show_default=True, type=WholeRange(1, 5000), help="The ramp's step.")
@click.option(
    "--target-ms",
    default=TARGET_MS,
    show_default=True,
    type=NumberRange(min=0, min_open=True),
    help="The p99 act round trip a level must keep.",
)
@click.option(
    "--think",
    default=0.5,
    show_default=True,
    type=NumberRange(min=0),
    help="Mean seconds a seat's bot thinks before each act (uniform, 0.5x to 1.5x).",
)
@click.option(
    "--warmup",
    default=5.0,
    show_default=True,
    type=NumberRange(min=0),
    help="Seconds of play before the measuring starts.",
)
@click.option(
    "--duration",
    default=20.0,
    show_default=True,
    type=NumberRange(min=0.1),
    help="Seconds of play measured per level.",
)
@click.option(
    "--clients",
    default=None,
    type=WholeRange(1, 64),
    help="Client processes playing the seats (default: half the cores, at least 1).",
)
@click.option(
    "--db",
    default=None,
    help="The server's database: a fresh SQLite file per level (default), or postgresql://USER:PW@HOST/DB "
    "(a scratch database is created on that server per level and dropped after).",
)
@click.option(
    "--url",
    default=None,
    help="Load a running server at this URL instead (no memory or CPU figures); several, comma-separated: "
    "the processes of one cluster (each game's seats spread over them).",
)
@click.option(
    "--processes",
    default=1,
    show_default=True,
    type=WholeRange(1, 16),
    help="Server processes sharing the games (more than 1: needs a postgresql:// --db and --broker).",
)
@click.option("--broker", default=None, help="Redis URL for --processes above 1 (redis://HOST:PORT/DB).")
@click.option("--ruleset", default="hasbro-ru", show_default=True, help="The games' ruleset.")
@click.option("--seed", default=1, show_default=True, type=int, help="Seeds the bots' choices.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def loadtest(
    games,
    ramp,
    step,
    target_ms,
    think,
    warmup,
    duration,
    clients,
    db,
    url,
    processes,
    broker,
    ruleset,
    seed,
    as_json,
):
    """N concurrent 4-seat games, every seat a bot client over its own WebSocket, against one server
    process (or several sharing the games: --processes): act round trip (act -> ack) p50/p95/p99,
    acts per second, server memory per game, and with --ramp the number of games at which p99 passes
    the target."""
    from ..engine.errors import ConfigError
    from ..rules import get_ruleset

    need_server_extra()
    from ..loadtest import run
    from ..loadtest.figures import LEGEND, show, summary, table

    try:
        get_ruleset(ruleset)
    except ConfigError as exc:
        raise click.UsageError(f"--ruleset: {exc}") from None
    if url is not None and db is not None:
        raise click.UsageError("--db and --url exclude each other: a running server has its own database")
    if db is not None and not db.startswith(("sqlite:///", "postgresql://", "postgres://")):
        raise click.UsageError(f"--db must be a sqlite:/// or postgresql:// URL, not {db.split(':', 1)[0]!r}")
    if processes > 1 and (
        url is not None or broker is None or not (db or "").startswith(("postgresql://", "postgres://"))
    ):
        raise click.UsageError(
            "--processes above 1 needs --broker redis://... and --db postgresql://... (not --url: give it "
            "the running processes' URLs, comma-separated, instead)"
        )
    if broker is not None and not broker.startswith(("redis://", "rediss://", "unix://")):
        raise click.UsageError("--broker takes redis://HOST[:PORT][/DB]")
    urls = [u.strip() for u in url.split(",") if u.strip()] if url is not None else None
    if url is not None and not urls:
        raise click.UsageError("--url: no URL given")
    options = run.Options(
        games=run.level_sizes(games, step, ramp),
        clients=clients or default_clients(),
        think=think,
        warmup=warmup,
        duration=duration,
        db=db,
        url=url,
        seed=seed,
        urls=urls,
        processes=processes,
        broker=broker,
        ruleset=ruleset,
    )

    def say(text: str) -> None:
        click.echo(text, err=True)

    try:
        levels = run.run_levels(options, target_ms, ramp, say)
    except run.LoadTestError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.code)
    report = summary(levels, target_ms, ramp)
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    first = levels[0]
    click.echo(f"{first.db}, {first.clients} client process(es), think {think:g} s, {first.seconds:g} s measured")
    for line in table(levels):
        click.echo(line)
    click.echo(textwrap.fill(LEGEND, 100))
    click.echo(f"machine load at the end (1, 5, 15 min): {levels[-1].load}")
    if ramp:
        at = report["p99_passes_target_at"]
        best = report["most_games_within_target"]
        if at is None:
            click.echo(f"p99 stayed within {target_ms:g} ms up to {levels[-1].games} games")
        else:
            click.echo(f"p99 passes {target_ms:g} ms at {at} games (most within it: {show(best)})")
