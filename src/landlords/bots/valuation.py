"""What the strategies know about the board: exact landing odds turned into expected income.

:func:`board_odds` gives, for a game's edition and ruleset, the expected number of landings per
opponent turn on every square (from the exact Markov chain of :mod:`landlords.odds.returns`)
and the expected rent per opponent turn of every property at every building level. It is computed
once per edition and ruleset and process (about 50 ms) and cached; a bot asks for it once per game.

If the exact chain cannot be built for a ruleset (a variant the chain does not model), a uniform
estimate (every square equally likely) stands in, so a strategy never fails for want of odds.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ..engine.edition import HOTEL, RAILROAD, STREET, UTILITY
from ..engine.game import Game
from ..engine.native import mypyc_attr
from ..odds.returns import property_returns
from .baseline import BaselineBot


@dataclass(frozen=True, slots=True)
class BoardOdds:
    rate: tuple[float, ...]  # expected landings per opponent turn, per square
    income: tuple[tuple[float, ...], ...]  # expected rent per opponent turn: streets per level 0..5
    # (level 0 = single rent), railroads / utilities per number owned (index 0 = one owned)
    exact: bool  # False: the uniform fallback
    group_income: tuple[tuple[float, ...], ...] = ()  # street groups: the members' income summed, per level


_CACHE: dict[tuple[int, int], tuple[object, object, BoardOdds]] = {}
_last: list = [None, None, None]  # the edition, ruleset and odds asked for last (the hot path)


def board_odds(game: Game) -> BoardOdds:
    """The cached odds and expected incomes for ``game``'s edition and ruleset."""
    edition, rules = game.edition, game.rules
    if _last[0] is edition and _last[1] is rules:
        return _last[2]
    key = (id(edition), id(rules))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not edition or hit[1] is not rules:
        odds = _shared(game)
        hit = (edition, rules, odds)  # kept alive with the odds, so their ids are not reused
        _CACHE[key] = hit
    _last[:] = hit
    return hit[2]


_BY_VALUE: dict[tuple, BoardOdds] = {}


def _shared(game: Game) -> BoardOdds:
    """Equal rulesets (the same options, other objects) share one computation."""
    try:
        key: tuple = (game.edition.id, game.rules)
        hash(key)
    except TypeError:  # pragma: no cover - rulesets are frozen dataclasses
        return _compute(game)
    odds = _BY_VALUE.get(key)
    if odds is None:
        odds = _BY_VALUE[key] = _compute(game)
    return odds


def _compute(game: Game) -> BoardOdds:
    t = game.t
    rules = game.rules
    rate = [0.0] * t.size
    exact = False
    try:
        rows, _ = property_returns(game.edition, rules, "short")
        best: dict[int, tuple[int, float]] = {}
        for r in rows:  # landings per turn = rent per turn / rent, from the row with the largest rent
            if r.rent > 0 and r.rent > best.get(r.index, (0, 0.0))[0]:
                best[r.index] = (r.rent, r.per_turn)
        for sq, (rent, per_turn) in best.items():
            rate[sq] = per_turn / rent
        exact = True
    except Exception:  # any failure of the chain: fall back to uniform odds
        rate = [1.2 / t.size] * t.size
    dice = float(rules.dice_sides + 1)
    income: list[tuple[float, ...]] = []
    for sq in range(t.size):
        kind = t.kind[sq]
        table = t.rent[sq]
        if kind == STREET:
            income.append(tuple(rate[sq] * table[k] for k in range(min(len(table), HOTEL + 1))))
        elif kind == RAILROAD:
            income.append(tuple(rate[sq] * r for r in table))
        elif kind == UTILITY:
            income.append(tuple(rate[sq] * m * dice for m in table))
        else:
            income.append(())
    group_income: list[tuple[float, ...]] = []
    for members in t.group_members:
        if not members or t.kind[members[0]] != STREET:
            group_income.append(())
            continue
        width = min(len(income[m]) for m in members)
        group_income.append(tuple(sum(income[m][lv] for m in members) for lv in range(width)))
    return BoardOdds(tuple(rate), tuple(income), exact, tuple(group_income))


@functools.cache
def two_dice(sides: int) -> tuple[tuple[int, float], ...]:
    """(total, probability) of two dice with ``sides`` faces."""
    counts: dict[int, int] = {}
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            counts[a + b] = counts.get(a + b, 0) + 1
    return tuple((total, c / sides**2) for total, c in sorted(counts.items()))


def danger_ahead(game: Game, seat: int) -> tuple[float, int]:
    """The rent ``seat`` risks on its next roll: (expected rent, worst rent) over the squares one
    roll of two dice ahead, counting opponents' unmortgaged lots only."""
    pos = game.position[seat]
    size = game.size
    owner = game.owner
    mortgaged = game.mortgaged
    expected = 0.0
    worst = 0
    for steps, p in two_dice(game.rules.dice_sides):
        sq = (pos + steps) % size
        o = owner[sq]
        if o < 0 or o == seat or mortgaged[sq]:
            continue
        rent = game.rent_for(sq, steps)
        expected += p * rent
        if rent > worst:
            worst = rent
    return expected, worst


def board_worst(game: Game, seat: int) -> int:
    """The highest rent an opponent's built street charges now (0 if none is built)."""
    if game.bank_houses == game.rules.houses and game.bank_hotels == game.rules.hotels:
        return 0  # nothing is built anywhere
    t = game.t
    owner, level, mortgaged = game.owner, game.level, game.mortgaged
    worst = 0
    for sq in t.streets:
        o = owner[sq]
        if o >= 0 and o != seat and level[sq] and not mortgaged[sq]:
            r = t.rent[sq][level[sq]]
            if r > worst:
                worst = r
    return worst


FREE_ACTIONS_PER_TURN = 60


@mypyc_attr(allow_interpreted_subclasses=True)
class Guarded(BaselineBot):
    """A safety net for strategies: at most ``FREE_ACTIONS_PER_TURN`` building, mortgaging and
    trading acts per turn; after that the bot just rolls (or ends its turn)."""

    _guard_key: tuple = ()
    _guard_count = 0

    def _over_budget(self, game: Game, seat: int) -> bool:
        key = (id(game), game.turn, seat)
        if self._guard_key != key:
            self._guard_key = key
            self._guard_count = 0
        self._guard_count += 1
        return self._guard_count > FREE_ACTIONS_PER_TURN
