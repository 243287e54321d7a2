"""Charts of a tournament (matplotlib, drawn without a screen), each saved as PNG and SVG.

* ``win_rates``: win rate per strategy with its 95% Wilson interval, and the chance line 1/k;
* ``game_length``: histogram of game lengths in turns, with the mean and the median;
* ``net_worth``: net worth of every seat, turn by turn, in one sample game;
* ``rent_by_group``: rent earned per game by colour group, one bar per strategy;
* ``monopolies``: each strategy's win rate by the first colour group it completed, with intervals.

SVG output is reproducible (no date, fixed element ids), so a committed chart only changes when
its numbers do.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..extras import install_hint
from .tournament import TournamentResult


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise SystemExit(f"plots need matplotlib: {install_hint('plot')}") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "landlords"
    plt.rcParams["svg.fonttype"] = "none"  # text stays text: smaller files
    return plt


def _save(fig: Any, out: Path, name: str, formats: Sequence[str]) -> list[Path]:
    paths = []
    for fmt in formats:
        path = out / f"{name}.{fmt}"
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        fig.savefig(path, metadata=metadata, dpi=110 if fmt == "png" else None)
        paths.append(path)
    return paths


def _title(result: TournamentResult) -> str:
    cfg = result.config
    return f"{len(result.outcomes)} games, {cfg.ruleset} on {result.edition.id}, seed {cfg.seed}"


def win_rates(result: TournamentResult, out: Path, formats: Sequence[str] = ("png", "svg")) -> list[Path]:
    plt = _pyplot()
    rows = result.strategies()
    fig, ax = plt.subplots(figsize=(max(5, 1.3 * len(rows) + 2), 4))
    xs = range(len(rows))
    rates = [100 * r["win_rate"] for r in rows]
    lo = [100 * (r["win_rate"] - r["ci95"][0]) for r in rows]
    hi = [100 * (r["ci95"][1] - r["win_rate"]) for r in rows]
    ax.bar(xs, rates, color="#4a7ab0", yerr=[lo, hi], capsize=6, ecolor="#222")
    ax.axhline(100 / len(rows), color="#b22", linestyle="--", linewidth=1, label=f"chance (1/{len(rows)})")
    for x, r in zip(xs, rows, strict=True):
        ax.annotate(f"{100 * r['win_rate']:.1f}%", (x, 100 * r["ci95"][1]), ha="center", va="bottom", fontsize=8)
    ax.set_xticks(list(xs), [r["strategy"] for r in rows], rotation=15 if len(rows) > 4 else 0)
    ax.set_ylabel("games won (%), 95% Wilson interval")
    ax.set_title(_title(result), fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    paths = _save(fig, out, "win_rates", formats)
    plt.close(fig)
    return paths


def game_length(result: TournamentResult, out: Path, formats: Sequence[str] = ("png", "svg")) -> list[Path]:
    plt = _pyplot()
    turns = [o.turns for o in result.outcomes]
    length = result.length()["turns"]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.hist(turns, bins=min(60, max(5, len(set(turns)))), color="#6a9f58")
    ax.axvline(length["mean"], color="#222", linestyle="-", linewidth=1, label=f"mean {length['mean']:.0f}")
    ax.axvline(length["median"], color="#b22", linestyle="--", linewidth=1, label=f"median {length['median']:.0f}")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.set_title(_title(result), fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    paths = _save(fig, out, "game_length", formats)
    plt.close(fig)
    return paths


def net_worth(
    result: TournamentResult,
    trace: list[tuple[int, list[int]]],
    seats: Sequence[int],
    out: Path,
    game_index: int = 0,
    formats: Sequence[str] = ("png", "svg"),
) -> list[Path]:
    """``trace`` is ``(turn, [net worth per seat])``; ``seats[j]`` is the strategy index of seat j."""
    plt = _pyplot()
    labels = result.config.labels
    fig, ax = plt.subplots(figsize=(8, 4))
    turns = [t for t, _ in trace]
    for seat, strategy in enumerate(seats):
        ax.plot(turns, [w[seat] for _, w in trace], label=f"seat {seat}: {labels[strategy]}", linewidth=1.2)
    ax.set_xlabel("turn")
    ax.set_ylabel("net worth")
    ax.set_title(f"net worth in game {game_index} of the tournament ({result.config.ruleset})", fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    paths = _save(fig, out, "net_worth", formats)
    plt.close(fig)
    return paths


def rent_by_group(result: TournamentResult, out: Path, formats: Sequence[str] = ("png", "svg")) -> list[Path]:
    plt = _pyplot()
    groups = result.groups()
    labels = result.config.labels
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.8 / len(labels)
    cmap = plt.get_cmap("tab10")
    for i, label in enumerate(labels):
        xs = [g + i * width for g in range(len(groups))]
        ax.bar(xs, [row["rent_per_game_by_strategy"][label] for row in groups], width, label=label, color=cmap(i))
    centres = [g + 0.4 - width / 2 for g in range(len(groups))]
    ax.set_xticks(centres, [row["group"] for row in groups], rotation=20)
    for tick, row in zip(ax.get_xticklabels(), groups, strict=True):  # a swatch of the group's colour
        tick.set_bbox({"facecolor": row["color"], "alpha": 0.35, "edgecolor": "none", "pad": 1.5})
    ax.set_ylabel("rent earned per game")
    ax.set_title("rent by colour group - " + _title(result), fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    paths = _save(fig, out, "rent_by_group", formats)
    plt.close(fig)
    return paths


def monopolies(
    result: TournamentResult,
    out: Path,
    strategies: Sequence[str] | None = None,
    formats: Sequence[str] = ("png", "svg"),
    min_games: int = 20,
) -> list[Path]:
    """Win rate by the first colour group completed (groups completed first in fewer than
    ``min_games`` games are left out: their intervals say nothing)."""
    plt = _pyplot()
    rows = [r for r in result.monopolies() if strategies is None or r["strategy"] in strategies]
    labels = [label for label in result.config.labels if strategies is None or label in strategies]
    group_ids = list(dict.fromkeys(r["group"] for r in rows))
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.8 / max(1, len(labels))
    cmap = plt.get_cmap("tab10")
    for i, label in enumerate(labels):
        xs, ys, lo, hi = [], [], [], []
        for g, gid in enumerate(group_ids):
            r = next(r for r in rows if r["strategy"] == label and r["group"] == gid)
            if r["first_games"] < min_games:
                continue
            rate = 100 * r["win_rate_when_first"]
            xs.append(g + i * width)
            ys.append(rate)
            lo.append(rate - 100 * r["ci95_when_first"][0])
            hi.append(100 * r["ci95_when_first"][1] - rate)
        if xs:
            ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=label, color=cmap(i), ecolor="#333")
    ax.set_xticks([g + 0.4 - width / 2 for g in range(len(group_ids))], group_ids, rotation=20)
    colors = {gid: result.edition.groups[gid].color for gid in group_ids}
    for tick, gid in zip(ax.get_xticklabels(), group_ids, strict=True):
        tick.set_bbox({"facecolor": colors[gid], "alpha": 0.35, "edgecolor": "none", "pad": 1.5})
    ax.set_ylabel("games won (%) when it was the first group completed")
    ax.set_title("win rate by first completed group - " + _title(result), fontsize=9)
    if ax.get_legend_handles_labels()[0]:  # a short run may have no group completed: no legend to draw
        ax.legend(fontsize=8)
    fig.tight_layout()
    paths = _save(fig, out, "monopolies", formats)
    plt.close(fig)
    return paths


def all_plots(
    result: TournamentResult,
    out: Path,
    trace: list[tuple[int, list[int]]],
    seats: Sequence[int],
    formats: Sequence[str] = ("png", "svg"),
) -> list[Path]:
    """Every chart of a tournament; the rent chart only when per-property statistics were kept."""
    out.mkdir(parents=True, exist_ok=True)
    paths = win_rates(result, out, formats)
    paths += game_length(result, out, formats)
    paths += net_worth(result, trace, seats, out, 0, formats)
    if result.config.property_stats:
        paths += rent_by_group(result, out, formats)
    paths += monopolies(result, out, None, formats)
    return paths
