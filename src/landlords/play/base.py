"""What every part of the terminal game shares: the game, the seats, the terminal, and the words
(the parts are mixed into :class:`~landlords.play.app.PlayApp`, which sets these up)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import record as records
from ..describe.labels import action_label, money, speaker
from ..engine.actions import Action
from ..engine.game import Game
from ..i18n import tr
from ..i18n.grammar import Person
from .terminal import Terminal


class Quit(Exception):
    """The person asked to leave (the game is saved)."""


class AppParts:
    """The state the parts read (set by ``PlayApp.__init__``) and the words they speak."""

    game: Game
    controllers: list[str | None]
    lang: str
    save_path: Path
    pace: float
    term: Terminal
    clock: Callable[[], float]
    bots: list[Any]
    seats: list[records.Seat]

    def t(self, key: str, **params: Any) -> str:
        """A catalog message in the variant's own words where it has them (``odessa.ui.in_jail``)."""
        return tr(self.lang, key, self.game.rules.variant, **params)

    def name(self, seat: int) -> Person:
        """A seat's name with its grammar (cases, gender, "you"), for a catalog template."""
        return speaker(self.game, self.lang).name(seat)

    def money(self, amount: int) -> str:
        return money(self.game, self.lang, amount)

    def label(self, seat: int, action: Action) -> str:
        return action_label(self.game, seat, action, self.lang)

    # ---- declared here for the helpers that get the app (Extras, TableAdvice), defined by the parts
    def apply(self, seat: int, action: Action) -> bool:
        """Play ``action`` for ``seat``; whether it was taken (PlayApp)."""
        raise NotImplementedError

    def choose(self, seat: int, title: str, labels: list[str], back: str | None = None) -> int | None:
        """A numbered choice; None when the person goes back (Prompts)."""
        raise NotImplementedError

    def ask_amount(self, seat: int, prompt: str, low: int, high: int, default: int | None) -> int | None:
        """A whole amount from ``low`` to ``high`` (Prompts)."""
        raise NotImplementedError

    def resume_command(self) -> str:
        return f"landlords play --load {self.save_path}"
