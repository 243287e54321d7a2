"""The ``landlords`` command line."""

from __future__ import annotations

import csv
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import record as records
from ..editions import edition_names, load_edition
from ..engine.errors import ConfigError, LandlordsError
from ..i18n import LANGUAGES, default_language, has, tr
from ..render.text import describe, position
from ..rules import RULESETS, get_ruleset, parse_overrides
from ..sim.runner import simulate as run_games
from .analyse import analyse
from .checks import (
    COUNT,
    EDITION,
    PLOT_FORMATS,
    SEED,
    Group,
    Output,
    WholeRange,
    check_backend,
    check_input_file,
    check_output_file,
    fail,
    require_matplotlib,
)
from .loadtest import loadtest
from .play import play
from .positions import position_text
from .rl import rl
from .ruleshow import print_rules
from .serve import serve
from .tournament import strategies, tournament

console = Output()


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="landlords")
def main() -> None:
    """landlords: play, simulate and analyse Monopoly-family board games."""


rule_option = click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="House rule: override a ruleset option (see `landlords rules RULESET`). Repeatable.",
)


@main.command()
@click.option(
    "--edition", "-e", type=EDITION, default=None, help="Edition id or a .toml file (default: the ruleset's)."
)
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True)
@rule_option
@click.option("--players", "-p", type=WholeRange(1, 64), default=4, show_default=True, help="Number of bots.")
@click.option("--games", "-g", type=COUNT, default=100, show_default=True)
@click.option("--seed", "-s", type=SEED, default=1, show_default=True, help="Game i is played with seed S+i.")
@click.option("--strategy", default="baseline", show_default=True, help="Comma-separated bots, seated in turn.")
@click.option(
    "--max-turns", type=COUNT, default=2000, show_default=True, help="Safety cap: richest player wins after this."
)
@click.option("--record", "record_file", help="Save the first game's record here (.json).")
@click.option(
    "--workers",
    "-w",
    type=WholeRange(1, 4096),
    default=None,
    help="Processes (local), or CPUs of a local Ray instance. [default: 1 here; with ray: all CPUs]",
)
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="Ray cluster: auto, or the head HOST:PORT (with --backend ray).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    edition,
    ruleset,
    rules,
    players,
    games,
    seed,
    strategy,
    max_turns,
    record_file,
    workers,
    backend,
    address,
    as_json,
) -> None:
    """Play GAMES games between bots and summarise them (here, on local processes or a Ray cluster:
    the summary is the same)."""
    from ..sim.simulation import Setup, check
    from ..sim.simulation import simulate as spread_games
    from .progress import Bars
    from .tournament import _cpus

    err = Console(stderr=True, markup=False, highlight=False)
    try:
        if record_file:
            check_output_file(record_file, "--record", (".json",))
        overrides = parse_overrides(list(rules))
        bots = tuple(strategy.split(","))
        setup = Setup(edition, ruleset, players, seed, bots, tuple(overrides.items()), max_turns)
        n_workers = workers if workers is not None else (_cpus() if backend == "ray" else 1)
        check_backend(n_workers, backend, address)
        check(setup)
        if backend == "local" and n_workers == 1:  # in this process, quietly, as ever
            summary = spread_games(setup, games)
        else:  # a bar on stderr: games done, games/s, and where they run
            bars = Bars(err)
            update = bars.track("simulate", "games", games)
            with bars.running():
                summary = spread_games(setup, games, n_workers, backend, address, update, update.where)
        if record_file:
            (first,) = run_games(
                edition, ruleset, players, 1, seed, bots, overrides, max_turns, record_events=True
            )[1]
            records.save(first, record_file)
    except LandlordsError as exc:
        fail(str(exc))
    except RuntimeError as exc:  # an illegal action by a strategy, or a backend failure
        fail(str(exc))
    data = summary.as_dict()
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    table = Table(title=Text(f"{games} games, {players} x {strategy}, {ruleset}"))
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in data.items():
        table.add_row(key.replace("_", " "), figure(value))
    console.print(table)
    if record_file:
        console.print(
            Text(f"record of the first game saved to {record_file} (replay: landlords replay {record_file})")
        )


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--upto", type=WholeRange(0, None), default=None, help="Stop after this many actions.")
@click.option("--events/--no-events", default=True, show_default=True, help="Print the event log.")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: from the locale).")
@click.option(
    "--position", "position_after", type=int, default=None, help="Print the position (JSON) after N acts."
)
@click.option("--notation", is_flag=True, help="With --position: print it as one line of notation.")
def replay(file, upto, events, lang, position_after, notation) -> None:
    """Replay a game record and print its event log and final position."""
    try:
        if position_after is not None and upto is not None:
            raise LandlordsError("give --position or --upto, not both")
        if position_after is not None and position_after < 0:
            raise LandlordsError(f"--position takes a number of acts from 0 up, not {position_after}")
        check_input_file(file)  # /dev/null, a FIFO: one line, never a read that waits or never ends
        data = records.load(file)
        stop = upto if position_after is None else position_after
        acts = data.get("actions")
        if stop is not None and isinstance(acts, list) and stop > len(acts):
            option = "--upto" if position_after is None else "--position"
            raise LandlordsError(f"{file} holds {len(acts)} acts: {option} {stop} is past its end")
        table = records.restore(data, upto=stop, source=str(file))
    except LandlordsError as exc:
        fail(str(exc))
    game = table.game
    if position_after is not None:
        click.echo(position_text(game, notation))
        return
    lang = lang or table.lang or default_language()
    if events:
        for ev in game.events or []:
            click.echo(describe(game, ev, lang))
        click.echo("")
    click.echo(position(game, lang))
    click.echo(f"state hash {game.state_hash()[:16]}")


@main.command()
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: from the locale).")
def editions(lang) -> None:
    """List the editions (boards) that come with landlords."""
    from ..describe.words import money_format

    lang = lang or default_language()
    table = Table()
    for col in ("id", "name", "language", "squares", "currency"):
        table.add_column(tr(lang, f"cli.column.{col}"))
    for name in edition_names():
        ed = load_edition(name)
        gloss = ed.gloss(lang, ed.name)
        shown = f"{gloss} ({ed.name})" if gloss != ed.name else ed.name  # the reader's words, the original beside
        table.add_row(ed.id, shown, ed.language, str(ed.size), money_format(ed, lang).format(amount=200))
    console.print(table)


@main.command()
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: from the locale).")
def rulesets(lang) -> None:
    """List the rulesets, each with what is special about it for players."""
    from ..describe.rulesets import ruleset_name, summary

    lang = lang or default_language()
    table = Table()
    for col in ("id", "name", "edition", "special"):
        table.add_column(tr(lang, f"cli.column.{col}"))
    for r in RULESETS.values():
        lines = summary(r, lang)
        table.add_row(r.id, ruleset_name(r, lang), r.edition, lines[0] if lines else r.description)
    console.print(table)


@main.command()
@click.argument("ruleset")
@rule_option
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: from the locale).")
def rules(ruleset, rules, lang) -> None:
    """What RULESET means for players, then every option, its value and the seed line it comes from."""
    from ..describe.rulesets import summary, title

    lang = lang or default_language()
    try:
        r = get_ruleset(ruleset, parse_overrides(list(rules)))
    except LandlordsError as exc:
        fail(str(exc))
    base = get_ruleset(ruleset)
    console.print(Text(title(r, lang), style="bold"))
    for line in summary(r, lang, base):
        console.print(Text(" • " + line))
    console.print()
    print_rules(console, r, get_ruleset(ruleset), lang)


@main.command()
@click.option("--edition", "-e", type=EDITION, default=None, help="Edition (default: the ruleset's own).")
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True)
@rule_option
@click.option("--players", "-p", type=WholeRange(1, 64), default=4, show_default=True)
@click.option("--games", "-g", type=COUNT, default=200, show_default=True, help="Games per run.")
@click.option("--runs", type=COUNT, default=5, show_default=True)
@click.option("--seed", "-s", type=SEED, default=1, show_default=True)
@click.option("--strategy", default="baseline", show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench(edition, ruleset, rules, players, games, runs, seed, strategy, as_json) -> None:
    """Play full bot games on one core; print games/s, decisions/s and rolls/s (median of RUNS runs),
    the memory one game takes, and which build runs (compiled or pure Python).

    Rates are given per second of wall-clock time and per second of this process's CPU time;
    on a busy machine the CPU-time figure is the one that measures the code.
    """
    from ..engine.native import is_compiled
    from ..sim.memory import game_memory

    wall, cpu, roll_rates, decision_rates, shares = [], [], [], [], []
    rolls_median = 0.0
    try:
        overrides = parse_overrides(list(rules))
        for _ in range(runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            summary, _ = run_games(edition, ruleset, players, games, seed, strategy.split(","), overrides)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            wall.append(games / elapsed)
            cpu.append(games / elapsed_cpu)
            roll_rates.append(sum(summary.rolls) / elapsed_cpu)
            decision_rates.append(summary.decisions / elapsed_cpu)
            data = summary.as_dict()
            shares.append(data["bankruptcy_share"])
            rolls_median = data["median_rolls"]
        memory = game_memory(edition, ruleset, players, seed, strategy.split(","), overrides)
    except LandlordsError as exc:
        fail(str(exc))
    result = {
        "build": "compiled (mypyc)" if is_compiled() else "pure Python",
        "edition": edition or get_ruleset(ruleset).edition,
        "ruleset": ruleset,
        "players": players,
        "games_per_run": games,
        "runs": runs,
        "games_per_second": round(statistics.median(wall), 1),
        "games_per_cpu_second": round(statistics.median(cpu), 1),
        "rolls_per_cpu_second": round(statistics.median(roll_rates)),
        "decisions_per_cpu_second": round(statistics.median(decision_rates)),
        "memory_per_game_kb": memory,
        "all_runs_games_per_second": [round(r, 1) for r in wall],
        "all_runs_games_per_cpu_second": [round(r, 1) for r in cpu],
        "bankruptcy_share": shares[0],
        "median_rolls_per_game": rolls_median,
    }
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    click.echo(f"{ruleset} on {result['edition']}, {players} x {strategy}, {games} games x {runs} runs (one core)")
    click.echo(f"  build: {result['build']}")
    wall_runs, cpu_runs = result["all_runs_games_per_second"], result["all_runs_games_per_cpu_second"]
    click.echo(f"  games/s (median, wall clock): {result['games_per_second']}   runs: {wall_runs}")
    click.echo(f"  games/s (median, CPU time):   {result['games_per_cpu_second']}   runs: {cpu_runs}")
    click.echo(f"  rolls/s (median, CPU time):   {result['rolls_per_cpu_second']}")
    click.echo(f"  decisions/s (median, CPU time): {result['decisions_per_cpu_second']}")
    click.echo(
        f"  memory per game: {memory['game']} KB held by the game at its end, {memory['peak']} KB at the peak"
    )
    click.echo(f"  ended by bankruptcy: {shares[0]:.1%}   median rolls per game: {rolls_median}")


def figure(value: Any) -> str:
    """One figure of a summary as a reader wants it: counts by code in words ("everyone else went
    bankrupt: 10"), lists without brackets, never a raw dict."""
    if isinstance(value, dict):
        return "; ".join(
            f"{tr('en', f'end.{k}') if has('en', f'end.{k}') else str(k).replace('_', ' ')}: {v}"
            for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


@main.command()
@click.option(
    "--edition", "-e", type=EDITION, default=None, help="Edition id or .toml file (default: the ruleset's)."
)
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True)
@rule_option
@click.option(
    "--jail",
    type=click.Choice(["short", "long"]),
    default="short",
    show_default=True,
    help="short: leave jail at once; long: stay as long as the rules allow.",
)
@click.option("--per", type=click.Choice(["roll", "turn"]), default="roll", show_default=True)
@click.option("--returns", "show_returns", is_flag=True, help="Rent per opponent roll/turn, cost and payback.")
@click.option("--json", "as_json", is_flag=True, help="JSON: a list of {index, name, kind, probability}.")
@click.option("--csv", "as_csv", is_flag=True)
@click.option("--plot", help="Save a chart (.png, .svg or .pdf).")
@click.option("--board", help="Save the board as an SVG heat map of the odds (.svg).")
@click.option(
    "--lang", type=click.Choice(LANGUAGES), default=None, help="The chart's language (default: the locale)."
)
def odds(edition, ruleset, rules, jail, per, show_returns, as_json, as_csv, plot, board, lang) -> None:
    """Exact long-run odds of ending a roll (or turn) on each square, from a Markov chain."""
    from ..odds.markov import CONVENTIONS, square_odds
    from ..odds.returns import property_returns

    try:
        if as_json and as_csv:
            raise ConfigError("--json and --csv each print the whole result: choose one")
        if board:
            check_output_file(board, "--board", (".svg",))
        if plot:
            check_output_file(plot, "--plot", PLOT_FORMATS)
            require_matplotlib("--plot")
        r = get_ruleset(ruleset, parse_overrides(list(rules)))
        ed = load_edition(edition or r.edition)
        result = square_odds(ed, r, jail, per)
        returns = property_returns(ed, r, jail) if show_returns else None
    except LandlordsError as exc:
        fail(str(exc))
    except ValueError as exc:
        fail(str(exc))
    if board:
        from ..render.svg import board_svg

        heat = [o.probability for o in result if o.index >= 0]
        Path(board).expanduser().write_text(
            board_svg(ed, heat=[float(h) for h in heat], title=f"{ed.name}: odds per {per}"), encoding="utf-8"
        )
    if plot:
        from ..render.charts import odds_chart, returns_chart

        lang = lang or default_language()
        (
            returns_chart(returns[1], plot, ed, lang, r.variant)
            if returns
            else odds_chart(result, plot, f"{ed.name}, {r.id}, jail {jail}, per {per}", ed, lang)
        )
    if as_json:
        _odds_json(result, returns)
        return
    if as_csv:
        _odds_csv(result, returns)
        return
    if returns:
        _print_returns(returns, f"Returns: {ed.name}, {r.id}, jail {jail}")
        return
    table = Table(title=f"{ed.name}, {r.id}: probability of ending a {per} on each square (jail {jail})")
    for col in ("#", "square", "probability", "%"):
        table.add_column(col)
    for o in sorted(result, key=lambda o: -o.probability):
        table.add_row(
            str(o.index) if o.index >= 0 else "-",
            o.name,
            f"{float(o.probability):.4f}",
            f"{100 * float(o.probability):.2f}",
        )
    console.print(table)
    console.print("conventions: " + "; ".join(CONVENTIONS))


def _odds_json(result, returns) -> None:
    """``odds --json``: the squares' odds, or with ``--returns`` the properties' and groups' returns."""
    if returns:
        click.echo(
            json.dumps(
                {"properties": [x.as_dict() for x in returns[0]], "groups": [g.__dict__ for g in returns[1]]},
                indent=1,
                ensure_ascii=False,
            )
        )
    else:
        click.echo(json.dumps([o.as_dict() for o in result], indent=1, ensure_ascii=False))


def _odds_csv(result, returns) -> None:
    """``odds --csv``: the same as rows."""
    writer = csv.writer(sys.stdout)
    if returns:
        writer.writerow(list(returns[0][0].as_dict()))
        for x in returns[0]:
            writer.writerow(list(x.as_dict().values()))
    else:
        writer.writerow(["index", "name", "kind", "probability", "probability_float"])
        for o in result:
            d = o.as_dict()
            writer.writerow([d["index"], d["name"], d["kind"], d["probability"], d["probability_float"]])


def _print_returns(returns, title: str) -> None:
    """``odds --returns``: each property's returns, then the groups fully developed, best payback first."""
    table = Table(title=title)
    for col in (
        "square",
        "level",
        "cost",
        "rent",
        "per opponent roll",
        "per opponent turn",
        "payback (turns)",
    ):
        table.add_column(col)
    for x in returns[0]:
        table.add_row(
            x.name,
            x.level,
            str(x.cost),
            str(x.rent),
            f"{x.per_roll:.2f}",
            f"{x.per_turn:.2f}",
            f"{x.payback_turns:.1f}" if x.payback_turns else "-",
        )
    console.print(table)
    ranking = Table(title="Groups fully developed (hotels; every railroad / utility), best payback first")
    for col in ("group", "cost", "per opponent turn", "payback (turns)"):
        ranking.add_column(col)
    full = [
        g for g in returns[1] if g.level == "hotel" or not g.level.isdigit() or g.group in ("railroad", "utility")
    ]
    for g in sorted(full, key=lambda g: g.payback_turns or 1e9):
        ranking.add_row(f"{g.group} ({g.level})", str(g.cost), f"{g.per_turn:.2f}", f"{g.payback_turns:.1f}")
    console.print(ranking)


main.add_command(play)  # `landlords play` (issue 8)
main.add_command(tournament)  # issue 6
main.add_command(strategies)  # their list
main.add_command(rl)  # `landlords rl` (issue 16)
main.add_command(serve)  # `landlords serve` (issue 14)
main.add_command(analyse)  # issue 19
main.add_command(loadtest)  # its load test

if __name__ == "__main__":  # pragma: no cover
    main()
