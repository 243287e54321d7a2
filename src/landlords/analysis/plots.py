"""Charts of the analyses (matplotlib, drawn without a screen)."""

from __future__ import annotations

from ..engine.edition import Edition
from .markov import SquareOdds
from .returns import GroupReturn


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise SystemExit("plots need matplotlib: pip install 'landlords[plot]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def odds_chart(odds: list[SquareOdds], path: str, title: str) -> None:
    """A bar per square (and one for "in jail"), saved as PNG or SVG by the file's extension."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(14, 5))
    labels = [o.name if o.index >= 0 else "in jail" for o in odds]
    values = [100 * float(o.probability) for o in odds]
    ax.bar(range(len(values)), values, color=["#b22" if o.index < 0 else "#468" for o in odds])
    ax.set_xticks(range(len(values)), labels, rotation=90, fontsize=7)
    ax.set_ylabel("% of rolls ending here")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def returns_chart(groups: list[GroupReturn], path: str, edition: Edition) -> None:
    """Payback in opponent turns per colour group and building level."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 5))
    streets = [
        g
        for g in groups
        if g.group in edition.groups and edition.squares[edition.groups[g.group].squares[0]].kind == "street"
    ]
    levels = list(dict.fromkeys(g.level for g in streets))
    names = list(dict.fromkeys(g.group for g in streets))
    width = 0.8 / max(len(levels), 1)
    for i, level in enumerate(levels):
        xs = [names.index(g.group) + i * width for g in streets if g.level == level]
        ys = [g.payback_turns or 0 for g in streets if g.level == level]
        ax.bar(xs, ys, width, label=f"{level} houses" if level != "hotel" else "hotel")
    ax.set_xticks([k + 0.4 for k in range(len(names))], [edition.groups[n].name for n in names], rotation=30)
    ax.set_ylabel("payback (opponent turns)")
    ax.set_title(f"{edition.name}: payback by colour group")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
