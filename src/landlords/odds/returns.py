"""Return on every property: expected rent per opponent roll and turn, cost, payback.

Landing odds come from the exact chain (:mod:`landlords.odds.markov`); rents from the
edition's tables under the ruleset's rent rules: a complete unbuilt colour group charges double
(if the ruleset says so), railroads charge by how many the owner holds, utilities multiply the
expected dice total. Costs are the printed price plus the buildings on that lot.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..engine.edition import RAILROAD, STREET, UTILITY, Edition
from ..engine.ruleset import Ruleset
from .markov import JAIL, Chain, JailPolicy

LEVELS = ("0", "1", "2", "3", "4", "hotel")


@dataclass(frozen=True)
class PropertyReturn:
    index: int
    name: str
    group: str
    level: str  # "0".."4", "hotel"; railroads: "1".."4" owned; utilities: "1".."2" owned
    cost: int
    rent: int  # for a landing (utilities: at the expected dice total)
    per_roll: float  # expected rent per opponent roll
    per_turn: float  # expected rent per opponent turn
    payback_turns: float | None  # cost / per_turn

    def as_dict(self) -> dict:
        return self.__dict__.copy()


@dataclass(frozen=True)
class GroupReturn:
    group: str
    level: str
    cost: int
    per_turn: float
    payback_turns: float | None


def _landing_rates(chain: Chain) -> tuple[list[Fraction], Fraction]:
    """Probability of ending a roll on each square, and the mean number of rolls per turn."""
    pi = chain.stationary()
    per_square = [Fraction(0)] * chain.n
    turn_ends = Fraction(0)
    for (pos, d), p in zip(chain.states, pi, strict=True):
        if pos != JAIL:
            per_square[pos] += p
        if pos == JAIL or d == 0:
            turn_ends += p
    return per_square, 1 / turn_ends


def expected_dice(rules: Ruleset) -> Fraction:
    return Fraction(rules.dice_sides + 1)


def property_returns(
    edition: Edition, rules: Ruleset, jail: JailPolicy = "short"
) -> tuple[list[PropertyReturn], list[GroupReturn]]:
    chain = Chain(edition, rules, jail)
    rates, rolls_per_turn = _landing_rates(chain)
    out: list[PropertyReturn] = []
    for sq in edition.squares:
        if not sq.is_property:
            continue
        p = rates[sq.index]
        rows: list[tuple[str, int, Fraction]] = []
        if sq.kind == STREET:
            for level, label in enumerate(LEVELS[: len(sq.rent)]):
                rent = sq.rent[level]
                if level == 0 and rules.double_rent_full_set:
                    rent *= 2  # the analysis assumes the whole group is held
                rows.append((label, sq.price + level * sq.house_cost, Fraction(rent)))
        elif sq.kind == RAILROAD:
            for count, rent in enumerate(sq.rent, start=1):
                rows.append((str(count), sq.price, Fraction(rent)))
        elif sq.kind == UTILITY:
            for count, mult in enumerate(sq.rent, start=1):
                rows.append((str(count), sq.price, mult * expected_dice(rules)))
        for label, cost, rent in rows:
            per_roll = p * rent
            per_turn = per_roll * rolls_per_turn
            out.append(
                PropertyReturn(
                    sq.index,
                    sq.name,
                    sq.group or "",
                    label,
                    cost,
                    round(float(rent)),
                    float(per_roll),
                    float(per_turn),
                    float(cost / per_turn) if per_turn else None,
                )
            )
    groups: list[GroupReturn] = []
    for gid, group in edition.groups.items():
        members = [r for r in out if r.group == gid]
        for label in dict.fromkeys(r.level for r in members):
            rows_at = [r for r in members if r.level == label]
            if edition.squares[group.squares[0]].kind != STREET:
                if label != str(len(group.squares)):
                    continue  # railroads and utilities: the whole set held
            cost = sum(r.cost for r in rows_at)
            per_turn = sum(r.per_turn for r in rows_at)
            groups.append(GroupReturn(gid, label, cost, per_turn, cost / per_turn if per_turn else None))
    return out, groups
