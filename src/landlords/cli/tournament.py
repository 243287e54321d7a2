"""``landlords tournament``: strategies against each other, with statistics, files and charts."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.errors import LandlordsError
from ..rules import parse_overrides
from .checks import (
    COUNT,
    EDITION,
    PLOT_HINT,
    SEED,
    Output,
    WholeRange,
    check_backend,
    check_output_dir,
    fail,
    has_matplotlib,
)
from .progress import Bars

console = Output()
DEFAULT_STRATEGIES = "advisor,trader,baseline,random"


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _list_strategies() -> None:
    """Every strategy, and each parameter with its type, default, range or choices and help."""
    from ..bots import declarations

    lines = ["strategies: name them as NAME[:KEY=VALUE...], e.g. advisor:reserve=200:favour=orange+red", ""]
    for s in declarations():
        lines.append(f"{s.name}: {s.summary}" + ("" if s.for_strangers else " (local command line only)"))
        lines += [f"  {p.describe()}" for p in s.params]
    click.echo("\n".join(lines))


@click.command()
def strategies() -> None:
    """List the strategies a spec may name, each parameter with its type, default and range."""
    _list_strategies()


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        if not rows:
            return
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def write_outputs(result: Any, out: Path, plots: bool) -> list[Path]:
    """results.json and the CSV files (and the charts) of a tournament into ``out``."""
    from ..sim.tournament import sample_game

    out.mkdir(parents=True, exist_ok=True)
    data = result.as_json()
    (out / "results.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written = [out / "results.json"]
    rows = [
        {
            "strategy": r["strategy"],
            "spec": r["spec"],
            "games": r["games"],
            "wins": r["wins"],
            "win_rate": round(r["win_rate"], 6),
            "ci95_low": round(r["ci95"][0], 6),
            "ci95_high": round(r["ci95"][1], 6),
            "mean_final_net_worth": round(r["mean_final_net_worth"], 2),
            **{f"wins_seat_{i}": w for i, w in enumerate(r["wins_by_seat"])},
        }
        for r in data["strategies"]
    ]
    _write_csv(out / "strategies.csv", rows)
    labels = result.config.labels
    group_ids = result.edition.tables().group_ids
    _write_csv(out / "games.csv", [o.as_row(labels, group_ids) for o in result.outcomes])
    _write_csv(out / "monopolies.csv", data["monopolies"])
    written += [out / "strategies.csv", out / "games.csv", out / "monopolies.csv"]
    if "properties" in data:
        _write_csv(out / "properties.csv", _property_rows(data["properties"]))
        _write_csv(
            out / "groups.csv",
            [
                {
                    "group": g["group"],
                    "name": g["name"],
                    "rent_per_game": g["rent_per_game"],
                    **g["rent_per_game_by_strategy"],
                }
                for g in data["groups"]
            ],
        )
        written += [out / "properties.csv", out / "groups.csv"]
    if plots:
        from ..sim import plots as charts

        sample, trace = sample_game(result.config, 0)
        written += charts.all_plots(result, out, trace, sample.seating)
    return written


def _property_rows(properties: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for p in properties:
        for lv in p["by_level"]:
            rows.append(
                {
                    "index": p["index"],
                    "property": p["name"],
                    "group": p["group"],
                    "landings_per_game": round(p["landings_per_game"], 4),
                    "rent_per_game": round(p["rent_per_game"], 2),
                    "level": lv["level"],
                    "level_name": lv["name"],
                    "turns_held": lv["turns_held"],
                    "rent": lv["rent"],
                    "cost": lv["cost"],
                    "rent_per_turn": round(lv["rent_per_turn"], 4),
                    "roi_percent_per_100_turns": round(lv["roi_percent_per_100_turns"], 3),
                    "payback_turns": round(lv["payback_turns"], 1) if lv["payback_turns"] else None,
                }
            )
    return rows


def _report(result: Any) -> None:
    data = result.summary()
    timing = result.timing()
    cfg = result.config
    table = Table(title=f"{len(result.outcomes)} games, {cfg.ruleset} on {data['edition']}, seed {cfg.seed}")
    for col in ("strategy", "wins", "win rate", "95% CI (Wilson)", "wins by seat"):
        table.add_column(col, justify="right" if col != "strategy" else "left")
    for r in sorted(data["strategies"], key=lambda r: -r["wins"]):
        table.add_row(
            r["strategy"],
            str(r["wins"]),
            f"{100 * r['win_rate']:.1f}%",
            f"{100 * r['ci95'][0]:.1f}% - {100 * r['ci95'][1]:.1f}%",
            " ".join(str(w) for w in r["wins_by_seat"]),
        )
    console.print(table)
    c = data["comparison"]
    verdict = "a significant difference" if c["significant"] else "no significant difference"
    console.print(
        f"top two: {c['a']} {c['wins_a']} vs {c['b']} {c['wins_b']} wins: p = {c['p_value']:.3g} "
        f"({verdict} at {c['alpha']}); {c['test']}"
    )
    t = data["length"]["turns"]
    console.print(
        f"game length: mean {t['mean']:.1f} turns (95% CI {t['mean_ci95'][0]:.1f}-{t['mean_ci95'][1]:.1f}), "
        f"median {t['median']:.0f}, range {t['min']}-{t['max']}; "
        f"rolls median {data['length']['rolls']['median']:.0f}"
    )
    console.print("end reasons: " + ", ".join(f"{k} {v}" for k, v in data["end_reasons"].items()))
    if "properties" in data:
        top = sorted(data["properties"], key=lambda p: -p["rent_per_game"])[:8]
        pt = Table(title="properties earning the most rent")
        for col in ("property", "group", "landings/game", "rent/game", "best level: ROI %/100 turns"):
            pt.add_column(col)
        for p in top:
            best = max(p["by_level"], key=lambda lv: lv["roi_percent_per_100_turns"], default=None)
            pt.add_row(
                p["name"],
                p["group"],
                f"{p['landings_per_game']:.2f}",
                f"{p['rent_per_game']:.0f}",
                f"{best['name']}: {best['roi_percent_per_100_turns']:.1f}" if best else "-",
            )
        console.print(pt)
    console.print(
        f"{timing['seconds']:.1f} s, {timing['games_per_second']} games/s, "
        f"{timing['workers']} worker(s), backend {timing['backend']}"
    )


@click.command()
@click.option(
    "--strategies",
    "-S",
    default=DEFAULT_STRATEGIES,
    show_default=True,
    help="Comma-separated strategy specs, one seat each: NAME[:KEY=VALUE...] (see --list).",
)
@click.option("--games", "-g", type=COUNT, default=100, show_default=True, help="Games to play.")
@click.option(
    "--edition", "-e", type=EDITION, default=None, help="Edition id or a .toml file (default: the ruleset's)."
)
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True)
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="House rule: override a ruleset option (see `landlords rules RULESET`). Repeatable.",
)
@click.option(
    "--seed",
    "-s",
    type=SEED,
    default=1,
    show_default=True,
    help="Tournament seed (every game's seed derives from it).",
)
@click.option(
    "--workers",
    "-w",
    type=WholeRange(1, 4096),
    default=None,
    help="Processes (local) or Ray CPUs. [default: all CPUs]",
)
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True)
@click.option("--address", default=None, help="Ray cluster: auto, or the head HOST:PORT (with --backend ray).")
@click.option("--out", "out", default=None, help="Write JSON, CSV and charts here.")
@click.option(
    "--max-turns",
    type=COUNT,
    default=2000,
    show_default=True,
    help="The richest player wins a game still running then.",
)
@click.option(
    "--property-stats/--no-property-stats",
    default=True,
    show_default=True,
    help="Gather landings, rent and ROI per property (about 25% slower).",
)
@click.option("--plots/--no-plots", default=True, show_default=True, help="Draw the charts into --out.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--list", "list_only", is_flag=True, help="List the strategies and their parameters, then exit.")
def tournament(
    strategies,
    games,
    edition,
    ruleset,
    rules,
    seed,
    workers,
    backend,
    address,
    out,
    max_turns,
    property_stats,
    plots,
    as_json,
    list_only,
) -> None:
    """Play GAMES games between STRATEGIES, seats rotated; win rates with 95% intervals, a test
    between the top two, game lengths, end reasons, per-property statistics, files and charts."""
    from ..bots import parse_strategy
    from ..sim.tournament import Config, run

    if list_only:
        _list_strategies()
        return
    err = Console(stderr=True, markup=False, highlight=False)
    try:
        if out:
            check_output_dir(out, "--out")
        if out and plots and not has_matplotlib():
            plots = False
            err.print(Text(f"note: no charts (matplotlib is not installed: {PLOT_HINT}); the tables are written"))
        config = Config(
            tuple(s.strip() for s in strategies.split(",") if s.strip()),
            games,
            ruleset=ruleset,
            edition=edition,
            rules=tuple(parse_overrides(list(rules)).items()),
            seed=seed,
            max_turns=max_turns,
            property_stats=property_stats,
        )
        for spec in config.strategies:  # a bad strategy is one line, before the progress bar
            parse_strategy(spec)
        n_workers = workers if workers is not None else _cpus()
        check_backend(n_workers, backend, address)  # before the bar: Ray missing, nothing at --address
        bars = Bars(err)
        progress = bars.track("tournament", "games", games)
        with bars.running():
            result = run(config, n_workers, backend, address, progress, status=progress.where)
        if out:
            written = write_outputs(result, Path(out), plots)
    except LandlordsError as exc:
        fail(str(exc))
    except OSError as exc:  # the --out folder went away or filled up while the games ran
        fail(f"--out {out}: {exc.strerror or exc}")
    except RuntimeError as exc:  # an illegal action by a strategy, or a backend failure
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(result.as_json(), indent=1, ensure_ascii=False))
    else:
        _report(result)
    if out:
        err.print(f"wrote {len(written)} files to {out}")
