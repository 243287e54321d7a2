"""``landlords analyse``: win chances from a position, and what a trade would change."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.errors import ConfigError, LandlordsError
from ..engine.game import Game
from .checks import COUNT, SEED, Output, WholeRange, check_backend, fail
from .progress import Bars

console = Output()
err = Console(stderr=True, markup=False, highlight=False)


def read_game(source: str) -> Game:
    """A game from a position file (JSON or TOML), a game record (its last position: a saved game
    of ``landlords play``), or one line of position notation."""
    from .. import record as records
    from ..position import from_notation, from_position, read_position

    if Path(source).expanduser().is_file():
        path = str(Path(source).expanduser())
        data = read_position(path)
        if data.get("format") == records.FORMAT:
            return records.restore(records.load(path), source=path).game
        return from_position(data, source=path, record_events=False)
    if "|" in source:
        return from_position(from_notation(source), source="the notation", record_events=False)
    found = Path(source).expanduser()
    if found.is_dir():
        raise ConfigError(f"{source}: is a folder; give a position file, a saved game or notation")
    if found.exists():
        raise ConfigError(f"{source}: is not a regular file (a device, a pipe or a socket)")
    raise ConfigError(f"{source}: no such file, and not a position in notation (sections split by '|')")


def parse_precision(text: str | None) -> float | None:
    """``0.02`` or ``2%``: the half-width of the widest 95% interval to stop at."""
    if text is None:
        return None
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise ConfigError(
            f"--precision {text!r}: give a fraction such as 0.02 or a percentage such as 2%"
        ) from None
    if not 0 < value < 0.5:
        raise ConfigError(f"--precision {text!r}: the half-width must be above 0 and below 0.5 (50%)")
    return value


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(ci: list[float], signed: bool = False) -> str:
    f = "{:+.1f}" if signed else "{:.1f}"
    return f"{f.format(100 * ci[0])} to {f.format(100 * ci[1])}"


def report_chances(data: dict[str, Any], title: str) -> None:
    table = Table(title=Text(title))
    for col in ("seat", "win chance", "95% interval", "wins"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for s in data["seats"]:
        table.add_row(s["name"], pct(s["chance"]), interval(s["ci95"]), str(s["wins"]))
    console.print(table)
    u = data["unfinished"]
    if u["games"]:
        leaders = ", ".join(f"{s['name']} {s['leading_when_unfinished']}" for s in data["seats"])
        console.print(
            Text(
                f"unfinished at the turn limit (nobody won them): {u['games']} ({pct(u['share'])}, "
                f"95% {interval(u['ci95'])}); richest then: {leaders}"
            )
        )
    else:
        console.print(Text(f"every continuation finished (unfinished: 0, 95% up to {pct(u['ci95'][1])})"))
    t = data["turns_left"]
    bound = " (at least: some stopped at the limit)" if t["lower_bound"] else ""
    console.print(
        Text(
            f"turns left: mean {t['mean']:.1f}{bound} (95% {t['mean_ci95'][0]:.1f}-{t['mean_ci95'][1]:.1f}), "
            f"median {t['median']:.0f}"
        )
    )


def footer(data: dict[str, Any], games: int, extra: str = "") -> None:
    stop = (
        f"stopped early at {games} of {data['asked']}: every interval within ±{100 * data['precision']:.1f} points"
        if data["stopped_early"]
        else f"{games} continuations"
    )
    timing = data["timing"]
    console.print(
        Text(
            f"{stop}; bots {','.join(dict.fromkeys(data['bots']))}; seed {data['seed']}; "
            f"{timing['seconds']:.1f} s on {timing['workers']} worker(s), backend {timing['backend']}{extra}"
        )
    )
    console.print(
        Text(
            "what it means: the share of continuations each seat wins if every seat plays like these bots from "
            f"here; hidden information: {data['hidden_information']}"
        )
    )


def report_trade(data: dict[str, Any]) -> None:
    console.print(Text(f"trade: {data['trade']}", style="bold"))
    table = Table(title=Text(f"win chances with and without the trade, on the same {data['games']} continuations"))
    for col in ("seat", "without", "with", "change", "95% interval (paired)"):
        table.add_column(col, justify="left" if col == "seat" else "right")
    for c in data["changes"]:
        name = c["name"] + (" *" if c["party"] else "")
        table.add_row(
            name, pct(c["without"]), pct(c["with"]), f"{100 * c['change']:+.1f}", interval(c["ci95"], True)
        )
    console.print(table)
    exact = Table(title=Text("exact odds: expected rent per opponent turn (now, from the landing odds)"))
    for col in ("party", "before", "after", "groups completed", "groups broken", "cash after"):
        exact.add_column(col, justify="left" if col in ("party", "groups completed", "groups broken") else "right")
    for e in data["exact"]:
        exact.add_row(
            e["name"],
            f"{e['before']['rent_per_opponent_turn']:.2f}",
            f"{e['after']['rent_per_opponent_turn']:.2f}",
            ", ".join(e["groups_completed"]) or "-",
            ", ".join(e["groups_broken"]) or "-",
            str(e["after"]["cash"]),
        )
    console.print(exact)
    fair = data["fair_price"]
    if fair:
        who = data["changes"][fair["seat"]]["name"]
        partner = data["changes"][data["partner"]]["name"]
        n = fair["games_per_step"]

        def money(net: int) -> str:
            return f"{who} pays {net}" if net >= 0 else f"{who} receives {-net}"

        def span(low: int, high: int) -> str:
            if high <= 0:
                return f"{who} receives {-high} to {-low}"
            if low >= 0:
                return f"{who} pays {low} to {high}"
            return f"from {who} receiving {-low} to paying {high}"

        if fair["outside"] == "always_bad":
            console.print(Text(f"fair price: none; even receiving all {partner}'s cash leaves {who} worse off"))
        elif fair["outside"] == "always_good":
            console.print(Text(f"fair price: none; even paying all its cash leaves {who} better off"))
        else:
            console.print(
                Text(
                    f"fair price for {who} (its chance unchanged): {money(fair['price'])} in all; 95% interval: "
                    f"{span(fair['low'], fair['high'])} ({n} continuations at each of "
                    f"{len(fair['points'])} prices; more with --price-games)"
                )
            )


@click.command()
@click.argument("position")
@click.option("--games", "-g", type=COUNT, default=2000, show_default=True, help="Continuations to play.")
@click.option(
    "--bots",
    default="advisor",
    show_default=True,
    help="The strategy of every seat, or one per seat (comma-separated).",
)
@click.option(
    "--workers",
    "-w",
    type=WholeRange(1, 4096),
    default=None,
    help="Processes or Ray CPUs. [default: all CPUs]",
)
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="Ray cluster address (with --backend ray).")
@click.option("--precision", default=None, help="Stop once every 95% interval is within ±P (0.02 or 2%).")
@click.option(
    "--seed", "-s", type=SEED, default=1, show_default=True, help="Continuation i's chance derives from it."
)
@click.option(
    "--max-turns",
    type=COUNT,
    default=1000,
    show_default=True,
    help="Turns from the position before a continuation counts as unfinished.",
)
@click.option("--trade", default=None, help='"Ann gives Baltic + 200 to Bob for Boardwalk", or the trade as JSON.')
@click.option("--fair-price/--no-fair-price", default=True, show_default=True, help="With --trade: search it.")
@click.option("--price-games", type=COUNT, default=300, show_default=True, help="Continuations at each price.")
@click.option("--price-steps", type=WholeRange(0, 30), default=6, show_default=True, help="Bisection steps.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def analyse(
    position,
    games,
    bots,
    workers,
    backend,
    address,
    precision,
    seed,
    max_turns,
    trade,
    fair_price,
    price_games,
    price_steps,
    as_json,
) -> None:
    """Win chances from POSITION (a position file, a saved game, or notation): continuations played
    by bots, each seat's chance with a 95% interval; with --trade, what the trade changes."""
    from ..analysis.advice import check_allowed
    from ..analysis.chances import check_numbers, seat_bots, win_chances
    from ..analysis.trade_terms import parse_offer
    from ..analysis.trades import evaluate_trade

    try:
        p = parse_precision(precision)
        game = read_game(position)
        if game.over:  # nothing is left to play: say who won, and how
            if as_json:
                over = {"kind": "over", "winner": game.names[game.winner], "reason": game.end_reason}
                click.echo(json.dumps(over, ensure_ascii=False))
                return
            how = f" ({game.end_reason})" if game.end_reason else ""
            console.print(f"The game is over: {game.names[game.winner]} won{how}. Nothing is left to analyse.")
            return
        check_allowed(game)  # the table agreed to play without advice: not while the game goes on
        n_workers = workers if workers is not None else _cpus()
        # every mistake is found before the bar starts
        check_numbers(games, p, max_turns)
        check_backend(n_workers, backend, address)
        bots = seat_bots(bots, game.n)
        offer = parse_offer(game, trade) if trade is not None else None
        options = {"workers": n_workers, "backend": backend, "precision": p, "seed": seed, "max_turns": max_turns}
        bars = Bars(err)
        if offer is None:
            update = bars.track("continuations", "games", games)
            with bars.progress:
                result = win_chances(game, games, bots, address=address, progress=update, **options)
                update(result.games, result.games)  # an early stop ends the bar there
            data = result.as_dict()
        else:
            update = bars.track("with and without", "games", 2 * games)
            price_update = bars.track("fair price", "games", 1) if fair_price else None
            with bars.progress:
                evaluation = evaluate_trade(
                    game,
                    offer,
                    games,
                    bots,
                    address=address,
                    progress=update,
                    price=fair_price,
                    price_games=price_games,
                    price_steps=price_steps,
                    price_progress=price_update,
                    **options,
                )
                update(2 * evaluation.games, 2 * evaluation.games)
            data = evaluation.as_dict()
    except LandlordsError as exc:
        fail(str(exc))
    except RuntimeError as exc:  # an illegal action by a strategy, or a backend failure
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    if trade is None:
        report_chances(data, f"win chances from {position if len(position) < 60 else 'the position'}")
        footer(data, data["games"])
    else:
        report_trade(data)
        report_chances(data["with"], "with the trade")
        footer(data, data["games"])
