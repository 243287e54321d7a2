"""Strategies. A bot is any object with ``act(game, decision) -> Action``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..engine.actions import Action
from ..engine.decision import Decision
from ..engine.errors import ConfigError
from ..engine.game import Game
from .baseline import BaselineBot
from .random_bot import RandomBot


class Bot(Protocol):
    def act(self, game: Game, d: Decision) -> Action: ...


BOTS: dict[str, Callable[..., Bot]] = {"baseline": BaselineBot, "random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    if name == "random":
        return RandomBot(seed)
    factory = BOTS.get(name)
    if factory is None:
        raise ConfigError(f"unknown strategy {name!r} (known: {', '.join(BOTS)})")
    return factory()


__all__ = ["Bot", "BaselineBot", "RandomBot", "BOTS", "make_bot"]
