"""What one game takes in memory: measured with tracemalloc over a whole bot game."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Sequence
from typing import Any

from ..bots import make_bot
from ..editions import load_edition
from ..rules import game_class, get_ruleset
from .runner import play


def game_memory(
    edition: str | None,
    ruleset: str,
    players: int,
    seed: int,
    strategies: Sequence[str] = ("baseline",),
    rules: dict[str, Any] | None = None,
) -> dict[str, int]:
    """KB of memory a simulated game holds at its end (the state, its record of acts; events off, as
    simulations run) and at its peak (the bots' working memory too). The edition's tables, the
    odds and other data shared by every game are built before measuring and not counted."""
    r = get_ruleset(ruleset, rules)
    ed = load_edition(edition or r.edition)
    cls = game_class(r)

    def one() -> tuple[Any, list[Any]]:
        bots = [make_bot(strategies[k % len(strategies)], seed=seed * 31 + k) for k in range(players)]
        game = cls(ed, r, players, seed, record_events=False, end_turn_prompt=False, auto_claim=True)
        return game, bots

    play(*one())  # warm the caches shared by every game (tables, odds)
    gc.collect()
    tracemalloc.start()
    try:
        game, bots = one()
        play(game, bots)
        del bots
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del game
    return {"game": round(held / 1024), "peak": round(peak / 1024)}
