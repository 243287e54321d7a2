"""All chance comes from here: one seeded generator per game, or a script for tests."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, MutableSequence, Sequence

# The speed die (reference: cards-and-dice.md): faces 1, 2, 3, Mr. Monopoly twice, and the Bus.
MR_MONOPOLY = 4
BUS = 5
SPEED_FACES = (0, 1, 2, 3, MR_MONOPOLY, MR_MONOPOLY, BUS)  # indexed by the die's value 1..6


class Chance:
    """Dice and shuffles from one ``random.Random``; scripted dice are used first when given.

    ``script`` is a sequence of rolls (tuples of die faces); each call of :meth:`roll` takes the
    next one if it has as many dice as asked for, and falls back to the generator once the script
    is used up. A scripted roll with the wrong number of dice is an error, not a silent skip.
    """

    __slots__ = ("rng", "script", "_random")

    def __init__(self, seed: int | None, script: Iterable[Sequence[int]] = ()) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random
        self.script: deque[tuple[int, ...]] = deque(tuple(r) for r in script)

    def roll(self, n: int = 2, sides: int = 6) -> tuple[int, ...]:
        if self.script:
            faces = self.script.popleft()
            if len(faces) != n or not all(1 <= f <= sides for f in faces):
                raise ValueError(f"scripted roll {faces} does not fit a roll of {n} dice with {sides} sides")
            return faces
        r = self._random
        if n == 2:
            return (int(r() * sides) + 1, int(r() * sides) + 1)
        return tuple(int(r() * sides) + 1 for _ in range(n))

    def shuffle(self, items: MutableSequence) -> None:
        self.rng.shuffle(items)

    def state(self) -> object:
        return (self.rng.getstate(), tuple(self.script))
