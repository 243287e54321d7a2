"""What every part of the terminal game shares: the game, the seats, the terminal, and the words
(the parts are mixed into :class:`~landlords.play.app.PlayApp`, which sets these up)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import record as records
from ..describe.labels import action_label, money, speaker
from ..engine.actions import Action
from ..engine.game import Game
from ..i18n import tr
from ..i18n.grammar import Person
from .terminal import Terminal

if TYPE_CHECKING:  # pragma: no cover
    from .advice import TableAdvice
    from .extras import Extras


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
    extras: Extras
    advice: TableAdvice

    def t(self, key: str, **params: Any) -> str:
        return tr(self.lang, key, **params)

    def name(self, seat: int) -> Person:
        """A seat's name with its grammar (cases, gender, "you"), for a catalog template."""
        return speaker(self.game, self.lang).name(seat)

    def money(self, amount: int) -> str:
        return money(self.game, amount)

    def label(self, seat: int, action: Action) -> str:
        return action_label(self.game, seat, action, self.lang)

    def resume_command(self) -> str:
        return f"landlords play --load {self.save_path}"
