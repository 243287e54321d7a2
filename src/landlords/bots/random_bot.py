"""The random bot: uniform over the legal actions (a stress tool for the engine)."""

from __future__ import annotations

import random

from ..engine import decision as D
from ..engine.actions import Action
from ..engine.decision import Decision
from ..engine.game import Game
from ..engine.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game, d: Decision) -> Action:
        actions = list(game.legal_actions(d.seat))
        if d.kind == D.DEBT and len(actions) > 1:
            # declaring bankruptcy is only offered when nothing else is left
            actions = [a for a in actions if a.TYPE != "declare_bankruptcy"] or actions
        return self.rng.choice(actions)
