"""All chance comes from here: one seeded generator per game, or a script for tests."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, Final

from .errors import UnscriptedChance
from .keyed import KeyedRandom

# The speed die (reference: cards-and-dice.md): faces 1, 2, 3, Mr. Monopoly twice, and the Bus.
MR_MONOPOLY: Final = 4
BUS: Final = 5
SPEED_FACES = (0, 1, 2, 3, MR_MONOPOLY, MR_MONOPOLY, BUS)  # indexed by the die's value 1..6


class Chance:
    """Dice and shuffles from one ``random.Random``; scripted dice are used first when given.

    The generator is the Mersenne Twister seeded with ``seed`` (simulations, local games), or, given
    a secret ``key``, a :class:`~.keyed.KeyedRandom` (games people play for real on a server: no
    number of public rolls tells the next ones).

    ``script`` is a sequence of rolls (tuples of die faces); each call of :meth:`roll` takes the
    next one if it has as many dice as asked for, and falls back to the generator once the script
    is used up. A scripted roll with the wrong number of dice is an error (:class:`UnscriptedChance`),
    not a silent skip.
    ``cards`` counts, per deck, the scripted cards still on top of it. With ``strict`` on, a roll,
    a shuffle or a draw the script does not give raises :class:`UnscriptedChance` instead.
    """

    __slots__ = ("rng", "script", "cards", "strict", "_random")

    def __init__(self, seed: int | None, script: Iterable[Sequence[int]] = (), key: bytes | None = None) -> None:
        self.draw_from(random.Random(seed) if key is None else KeyedRandom(key))
        self.script: deque[tuple[int, ...]] = deque(tuple(r) for r in script)
        self.cards: dict[str, int] = {}
        self.strict = False

    def roll(self, n: int = 2, sides: int = 6) -> tuple[int, ...]:
        if self.script:
            faces = self.script.popleft()
            if len(faces) != n or not all(1 <= f <= sides for f in faces):
                raise UnscriptedChance(f"scripted roll {faces} does not fit a roll of {n} dice with {sides} sides")
            return faces
        if self.strict:
            raise UnscriptedChance(
                f"strict chance: a roll of {n} dice is needed and no scripted roll is left", ("roll", n, sides)
            )
        r = self._random
        if n == 2:
            return (int(r() * sides) + 1, int(r() * sides) + 1)
        return tuple(int(r() * sides) + 1 for _ in range(n))

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place: ``random.shuffle``'s algorithm and draws, written out (a
        Fisher-Yates pass, each index drawn by ``getrandbits`` with rejection), so that the
        compiled build runs it natively and a seed gives the same order as ``random.shuffle``
        (tests/engine/test_dice.py compares them)."""
        if self.strict:
            raise UnscriptedChance("strict chance: a shuffle is needed", ("shuffle",))
        bits = self.rng.getrandbits
        i = len(items) - 1
        while i > 0:
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def draw(self, deck_id: str) -> None:
        """A card is drawn from ``deck_id``: one scripted card fewer on its top."""
        left = self.cards.get(deck_id, 0)
        if left:
            self.cards[deck_id] = left - 1
        elif self.strict:
            raise UnscriptedChance(
                f"strict chance: a card of deck {deck_id!r} is needed and none was scripted", ("card", deck_id)
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as its parts, so that a copy draws from its own copy of the generator
        (a copied ``_random``, a bound method of a C type, would still draw from the original's) and
        a compiled Chance, which has no bare ``__new__``, is rebuilt through ``__init__``."""
        return (_rebuilt, (self.rng, tuple(self.script), dict(self.cards), self.strict))

    def draw_from(self, rng: random.Random) -> None:
        """Draw from ``rng`` from now on (a position's generator replaces the new game's)."""
        self.rng = rng
        self._random = rng.random

    @property
    def key(self) -> bytes | None:
        """The keyed generator's secret key; None for the seeded Mersenne Twister."""
        rng = self.rng
        return rng.key if isinstance(rng, KeyedRandom) else None

    @property
    def scripted_rolls(self) -> int:
        return len(self.script)


def _rebuilt(
    rng: random.Random, script: tuple[tuple[int, ...], ...], cards: dict[str, int], strict: bool
) -> Chance:
    chance = Chance(0, script)
    chance.draw_from(rng)
    chance.cards = cards
    chance.strict = strict
    return chance
