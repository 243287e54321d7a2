"""What the strategies know about the board: exact landing odds turned into expected income.

:func:`board_odds` gives, for a game's edition and ruleset, the expected number of landings per
opponent turn on every square (from the exact Markov chain of :mod:`landlords.analysis.returns`)
and the expected rent per opponent turn of every property at every building level. It is computed
once per edition and ruleset and process (about 50 ms) and cached; a bot asks for it once per game.

If the exact chain cannot be built for a ruleset (a variant the chain does not model), a uniform
estimate (every square equally likely) stands in, so a strategy never fails for want of odds.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.edition import HOTEL, RAILROAD, STREET, UTILITY
from ..engine.game import Game


@dataclass(frozen=True, slots=True)
class BoardOdds:
    rate: tuple[float, ...]  # expected landings per opponent turn, per square
    income: tuple[tuple[float, ...], ...]  # expected rent per opponent turn: streets per level 0..5
    # (level 0 = single rent), railroads / utilities per number owned (index 0 = one owned)
    exact: bool  # False: the uniform fallback


_CACHE: dict[tuple, BoardOdds] = {}


def _key(game: Game) -> tuple:
    rules = game.rules
    try:
        hash(rules)
        rkey: object = rules
    except TypeError:  # pragma: no cover - rulesets are frozen dataclasses
        rkey = id(rules)
    return (id(game.edition), game.edition.id, rkey)


def board_odds(game: Game) -> BoardOdds:
    """The cached odds and expected incomes for ``game``'s edition and ruleset."""
    key = _key(game)
    odds = _CACHE.get(key)
    if odds is None:
        odds = _compute(game)
        _CACHE[key] = odds
    return odds


def _compute(game: Game) -> BoardOdds:
    t = game.t
    rules = game.rules
    rate = [0.0] * t.size
    exact = False
    try:
        from ..analysis.returns import property_returns

        rows, _ = property_returns(game.edition, rules, "short")
        best: dict[int, tuple[int, float]] = {}
        for r in rows:  # landings per turn = rent per turn / rent, from the row with the largest rent
            if r.rent > 0 and r.rent > best.get(r.index, (0, 0.0))[0]:
                best[r.index] = (r.rent, r.per_turn)
        for sq, (rent, per_turn) in best.items():
            rate[sq] = per_turn / rent
        exact = True
    except Exception:  # noqa: BLE001 - any failure of the chain: fall back to uniform odds
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
    return BoardOdds(tuple(rate), tuple(income), exact)


def danger_ahead(game: Game, seat: int) -> tuple[float, int]:
    """The rent ``seat`` risks on its next roll: (expected rent, worst rent) over the squares 2-12
    ahead (two six-sided dice), counting opponents' unmortgaged lots only."""
    pos = game.position[seat]
    size = game.size
    owner = game.owner
    mortgaged = game.mortgaged
    expected = 0.0
    worst = 0
    for steps, p in _TWO_DICE:
        sq = (pos + steps) % size
        o = owner[sq]
        if o < 0 or o == seat or mortgaged[sq]:
            continue
        rent = game.rent_for(sq, steps)
        expected += p * rent
        if rent > worst:
            worst = rent
    return expected, worst


_TWO_DICE = tuple((s, (6 - abs(s - 7)) / 36) for s in range(2, 13))


def board_worst(game: Game, seat: int) -> int:
    """The highest rent an opponent's street charges now (0 if none is built)."""
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
