"""Strict chance for scenarios: script dice and deck tops into a running game, and refuse the rest.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core import GameCore
from .errors import ConfigError
from .native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class ScriptedChance(GameCore):
    def script_dice(self, *rolls: Sequence[int]) -> None:
        """Queue rolls (each a sequence of die faces) after those already scripted."""
        sides = self.rules.dice_sides
        checked = []
        for roll in rolls:
            # the faces as given (Any): read as int, a compiled build would turn True into 1 unseen
            faces: tuple[Any, ...] = tuple(roll)
            if not 1 <= len(faces) <= 3 or not all(
                isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= sides for f in faces
            ):
                raise ConfigError(f"a scripted roll is 1 to 3 dice of 1 to {sides}, not {roll!r}")
            checked.append(faces)
        self.chance.script.extend(checked)

    def stack_deck(self, deck_id: str, *card_ids: str) -> None:
        """Put these cards, in this order, on top of a deck (they must be in its pile, not held)."""
        pile = self.decks.get(deck_id)
        if pile is None:
            raise ConfigError(f"edition {self.edition.id!r} has no deck {deck_id!r}")
        ids = [c.id for c in self.edition.decks[deck_id].cards]
        top: list[int] = []
        for card_id in card_ids:
            if card_id not in ids:
                raise ConfigError(f"deck {deck_id!r} has no card {card_id!r}")
            index = ids.index(card_id)
            if index not in pile or index in top:
                raise ConfigError(f"card {card_id!r} is not (or no longer) in the pile of deck {deck_id!r}")
            top.append(index)
        rest = [i for i in pile if i not in top]
        pile.clear()
        pile.extend(top + rest)
        self.chance.cards[deck_id] = min(len(pile), self.chance.cards.get(deck_id, 0) + len(top))

    @property
    def scripted_rolls_left(self) -> int:
        """How many scripted rolls the game has not used yet."""
        return self.chance.scripted_rolls

    def scripted_cards_left(self, deck_id: str) -> int:
        """How many of the cards on top of ``deck_id`` were put there by a script."""
        return self.chance.cards.get(deck_id, 0)

    @property
    def strict_chance(self) -> bool:
        """On: a roll, shuffle or draw the script does not give raises :class:`UnscriptedChance`."""
        return self.chance.strict

    @strict_chance.setter
    def strict_chance(self, on: bool) -> None:
        self.chance.strict = bool(on)
