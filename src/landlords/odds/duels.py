"""Exact odds of the variants' dice duels and Odessa's exchange, by enumerating every roll.

A duel: one side rolls ``mine`` dice, the other ``theirs``; the first wins on a higher sum (and on a
tie when ``tie_wins``). Odessa's malina challenge is 1 die against 2 (003:86), Бизнесполия's lawsuit
1 against 1, a tie winning with the lawyer card (000:451-453, card 15).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product


@cache
def sum_counts(dice: int, sides: int = 6) -> dict[int, int]:
    """How many of the ``sides ** dice`` rolls give each sum."""
    out: dict[int, int] = {}
    for roll in product(range(1, sides + 1), repeat=dice):
        out[sum(roll)] = out.get(sum(roll), 0) + 1
    return out


@cache
def duel_win_odds(mine: int, theirs: int, tie_wins: bool = False, sides: int = 6) -> Fraction:
    """The chance that ``mine`` dice beat ``theirs`` (a higher sum; a tie too when ``tie_wins``)."""
    a, b = sum_counts(mine, sides), sum_counts(theirs, sides)
    wins = sum(ca * cb for sa, ca in a.items() for sb, cb in b.items() if sa > sb or (tie_wins and sa == sb))
    return Fraction(wins, sides ** (mine + theirs))


def challenge_win_odds(sides: int = 6) -> Fraction:
    """The exact chance that a challenger's one die beats the smotryashchy's two (003:86), by
    enumerating every roll: 20/216 with six-sided dice."""
    wins = sum(1 for a, b, c in product(range(1, sides + 1), repeat=3) if c > a + b)
    return Fraction(wins, sides**3)


def exchange_double_odds(reading: str = "any_two", sides: int = 6) -> Fraction:
    """The exact chance that one exchange try rolls a double, by enumerating the three dice:
    4/9 when any two make it (R2), 1/6 when the first two must (R1)."""
    from ..rules.odessa import exchange_double  # the whole variant: imported when asked for

    hits = sum(1 for dice in product(range(1, sides + 1), repeat=3) if exchange_double(dice, reading))
    return Fraction(hits, sides**3)


def exchange_table(reading: str = "any_two", sides: int = 6) -> list[tuple[int, Fraction, Fraction]]:
    """Odessa's exchange, try by try: (try, chance the game reaches it, chance it rolls a double).
    The fourth turn (reached when the three tries miss) is the forced one-die exit."""
    from ..rules.odessa import EXCHANGE_TRIES

    hit = exchange_double_odds(reading, sides)
    out = []
    reach = Fraction(1)
    for attempt in range(1, EXCHANGE_TRIES + 1):
        out.append((attempt, reach, hit))
        reach *= 1 - hit
    out.append((EXCHANGE_TRIES + 1, reach, Fraction(1)))
    return out
