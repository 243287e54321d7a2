"""Charts of the board's odds and returns (matplotlib, drawn without a screen), every word in the
reader's language (``landlords odds --plot``)."""

from __future__ import annotations

from ..describe.words import count, vocabulary
from ..engine.edition import Edition
from ..extras import install_hint
from ..i18n import tr
from ..odds.markov import SquareOdds
from ..odds.returns import GroupReturn


def _pyplot():
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise SystemExit(f"plots need matplotlib: {install_hint('plot')}") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def odds_chart(
    odds: list[SquareOdds], path: str, title: str, edition: Edition | None = None, lang: str = "en"
) -> None:
    """A bar per square (and one for "in jail"), saved as PNG or SVG by the file's extension."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(14, 5))
    labels = [
        (edition.gloss(lang, o.name) if edition is not None else o.name)
        if o.index >= 0
        else tr(lang, "plot.in_jail")
        for o in odds
    ]
    values = [100 * float(o.probability) for o in odds]
    ax.bar(range(len(values)), values, color=["#b22" if o.index < 0 else "#468" for o in odds])
    ax.set_xticks(range(len(values)), labels, rotation=90, fontsize=7)
    ax.set_ylabel(tr(lang, "plot.odds_axis"))
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def returns_chart(
    groups: list[GroupReturn], path: str, edition: Edition, lang: str = "en", variant: str | None = None
) -> None:
    """Payback in opponent turns per colour group and building level, every word in ``lang`` (the
    buildings in ``variant``'s words: Odessa's artels)."""
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
        label = (
            vocabulary(lang, "hotel", variant=variant)
            if level == "hotel"
            else count(lang, "house", int(level), variant)
        )
        ax.bar(xs, ys, width, label=label)
    groups_shown = [edition.gloss(lang, edition.groups[n].name) for n in names]
    ax.set_xticks([k + 0.4 for k in range(len(names))], groups_shown, rotation=30)
    ax.set_ylabel(tr(lang, "plot.payback_axis"))
    ax.set_title(tr(lang, "plot.payback_title", edition=edition.name))
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
