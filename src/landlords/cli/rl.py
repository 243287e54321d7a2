"""``landlords rl``: commands for the learning environments (need ``landlords[rl]``; :mod:`landlords.rl`
and its numpy and gymnasium are imported when a command runs)."""

from __future__ import annotations

import json
import statistics
import sys

import click

from ..extras import install_hint
from .checks import EDITION, NumberRange, WholeRange


def _need_extra() -> None:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as exc:
        click.echo(f"error: landlords rl needs the rl extra ({install_hint('rl')}): {exc}", err=True)
        sys.exit(2)


SECONDS = NumberRange(0, 3600, min_open=True)  # "inf" ran for ever


@click.group()
def rl() -> None:
    """Learning environments (PettingZoo, Gymnasium)."""


@rl.command()
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True)
@click.option("--edition", "-e", type=EDITION, default=None, help="Edition id (default: the ruleset's).")
@click.option("--seats", "-p", type=WholeRange(1, 64), default=2, show_default=True)
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="House rule. Repeatable.")
@click.option("--seconds", type=SECONDS, default=5.0, show_default=True, help="CPU seconds per run.")
@click.option("--runs", type=WholeRange(1, 1000), default=5, show_default=True)
@click.option("--pettingzoo", "with_pz", is_flag=True, help="Also run PettingZoo's performance_benchmark.")
@click.option("--json", "as_json", is_flag=True)
def bench(ruleset, edition, seats, rules, seconds, runs, with_pz, as_json) -> None:
    """AEC environment steps per second with random masked actions (one core; medians)."""
    _need_extra()
    from ..engine.errors import LandlordsError
    from ..rl.bench import bench as run_bench
    from ..rl.bench import pettingzoo_rates
    from ..rules import parse_overrides

    try:
        overrides = parse_overrides(list(rules))
        result = run_bench(ruleset, edition, seats, overrides, seconds, runs)
        if with_pz:
            rates = pettingzoo_rates(ruleset, edition, seats, overrides, runs)
            result["pettingzoo_turns_per_second"] = rates
            result["pettingzoo_median_turns_per_second"] = statistics.median(rates)
    except LandlordsError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    click.echo(
        f"{result['ruleset']} on {result['edition']}, {seats} seats, {runs} runs x {seconds:g} CPU s "
        f"(observation {result['observation_size']}, actions {result['actions']})"
    )
    click.echo(f"  median: {result['median_steps_per_cpu_second']:,.0f} steps per CPU second")
    click.echo(f"          {result['median_steps_per_second']:,.0f} steps per wall-clock second")
    if with_pz:
        click.echo(
            f"  PettingZoo performance_benchmark: median {result['pettingzoo_median_turns_per_second']:,.0f} "
            "turns per second (wall clock, 5 s each)"
        )
