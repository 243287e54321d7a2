"""``landlords simulate`` on any backend: :func:`runner.simulate`'s games (game ``i`` with seed
``seed + i``), split into ranges played anywhere (a process pool, a Ray cluster) and merged in game
order, so the summary is the in-process one whatever the backend, the workers or a rerun task."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..bots import parse_strategy
from . import backends
from .runner import Summary
from .runner import simulate as play_games


@dataclass(frozen=True)
class Setup:
    """What a simulation plays: plain data, sent to worker processes and machines."""

    edition: str | None
    ruleset: str
    players: int
    seed: int
    strategies: tuple[str, ...] = ("baseline",)
    rules: tuple[tuple[str, Any], ...] = ()  # house rules, parsed
    max_turns: int = 2000


def play_range(task: tuple[Setup, int, int]) -> tuple[int, dict[str, Any]]:
    """Games ``start`` to ``stop - 1``: what every backend runs. The summary travels as a plain dict."""
    setup, start, stop = task
    summary, _ = play_games(
        setup.edition,
        setup.ruleset,
        setup.players,
        stop - start,
        setup.seed + start,
        setup.strategies,
        dict(setup.rules),
        setup.max_turns,
    )
    return start, {f.name: getattr(summary, f.name) for f in fields(Summary)}


def merge(parts: Sequence[dict[str, Any]], seconds: float) -> Summary:
    """One summary of consecutive ranges given in game order: counts add up, wins add up seat by seat,
    end reasons reason by reason (in the order first met), per-game lists are joined."""
    out: dict[str, Any] = {}
    for f in fields(Summary):
        values = [p[f.name] for p in parts]
        if f.name == "seconds":
            out[f.name] = seconds
        elif f.name == "wins":
            out[f.name] = [sum(seat) for seat in zip(*values, strict=True)]
        elif isinstance(values[0], dict):
            counts: dict[str, int] = {}
            for v in values:
                for key, n in v.items():
                    counts[key] = counts.get(key, 0) + n
            out[f.name] = counts
        elif isinstance(values[0], list):
            out[f.name] = [x for v in values for x in v]
        else:
            out[f.name] = sum(values)
    return Summary(**out)


def check(setup: Setup) -> None:
    """A bad strategy, edition, ruleset or house rule fails here, not in a worker."""
    for spec in setup.strategies:
        parse_strategy(spec)
    play_range((setup, 0, 0))


def simulate(
    setup: Setup,
    games: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    status: Callable[[str], None] | None = None,
) -> Summary:
    """Play ``games`` games of ``setup``; ``progress(games_done)`` after every range, ``status(where)``
    when where they run changes (see :func:`backends.spread`)."""
    backends.check(workers, backend, address)
    check(setup)
    got: list[tuple[int, dict[str, Any]]] = []
    done = 0
    with backends.Session(backend, workers, address) as session:
        start = time.perf_counter()  # games/s: from when the workers can take games
        for first, part in backends.spread(play_range, setup, games, session, status):
            got.append((first, part))
            done += part["games"]
            if progress:
                progress(done)
    got.sort(key=lambda g: g[0])
    return merge([part for _, part in got], time.perf_counter() - start)
