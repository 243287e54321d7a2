"""The clocks of timed rulesets: the game's time limit, each decision's deadline and each
person's own time budget."""

from __future__ import annotations

from rich.text import Text

from ..engine import decision as D
from ..engine.actions import TimeOut
from .base import AppParts


class Clocks(AppParts):
    started: float
    time_used: list[float]
    decision_started: float

    def time_is_up(self) -> bool:
        limit = self.game.rules.time_limit_minutes
        return limit is not None and self.clock() - self.started >= limit * 60

    def out_of_time(self, seat: int, d: D.Decision) -> bool:
        """After a person answered: did the decision's or the player's own time run out?"""
        game = self.game
        now = self.clock()
        spent = now - self.decision_started
        self.time_used[seat] += spent
        self.decision_started = now
        budget = game.rules.player_time_minutes
        late = (d.deadline is not None and spent > d.deadline) or (
            budget is not None and self.time_used[seat] > budget * 60
        )
        if late and game.is_legal(seat, TimeOut()):
            self.term.print(Text(self.t("ui.time_out", player=self.name(seat)), style="bold red"))
            game.apply(seat, TimeOut())
            self.autosave()
            self.flush()
            return True
        return False
