"""Exact long-run odds of every square, from a Markov chain built from the edition and ruleset.

States: a board square with the number of doubles already rolled this turn, and the jail (one
state per turn served there). A transition is one roll of the dice, resolved completely (card
moves, go-to-jail, the speed die's extra moves). Conventions, stated by :data:`CONVENTIONS`:
cards are drawn uniformly at random with replacement (the infinite-shuffle limit); a movement
card moves you, and a card that moves you onto another card square draws again; three doubles go
to jail without moving; "in jail" is counted apart from "just visiting"; ``short`` jail policy
leaves at once (fine or card) and rolls normally, ``long`` stays as long as the rules allow.

The stationary distribution is solved exactly over the rationals (python-flint), so the JSON
output gives fractions that sum to exactly 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Literal

from ..engine.dice import BUS, MR_MONOPOLY, SPEED_FACES
from ..engine.edition import CARD, FREE_PARKING, GO_TO_JAIL, Edition
from ..engine.errors import ConfigError
from ..engine.ruleset import Ruleset

JailPolicy = Literal["short", "long"]
Per = Literal["roll", "turn"]

CONVENTIONS = (
    "cards drawn uniformly at random with replacement (infinite-shuffle limit)",
    "movement cards move you; a card that moves you onto another card square draws again",
    "three doubles in a row go to jail without moving",
    "'in jail' is counted apart from 'just visiting'",
    "jail 'short': leave at once (fine or card) and roll normally; 'long': stay as long as the rules allow",
    "Odessa: the exchange has no fine, so it is played out under both policies; the refusal card is not modelled",
    "Бизнесполия: the three-cell jail ('long': one cell a turn, free from the last); the introductory lap "
    "is not modelled (it ends after one lap)",
    "speed die (if on): in the long run always rolled; Mr. Monopoly advances to the next property "
    "(every property unowned, or all owned by opponents: the same square); the Bus moves by the sum; "
    "triples move by the sum (the player's free choice is not modelled)",
)

JAIL = -1  # the position of the "in jail" states


@dataclass(frozen=True)
class SquareOdds:
    index: int  # -1: in jail
    name: str
    kind: str
    probability: Fraction

    def as_dict(self) -> dict:
        p = self.probability
        return {
            "index": self.index,
            "name": self.name,
            "kind": self.kind,
            "probability": f"{p.numerator}/{p.denominator}",
            "probability_float": float(p),
        }


class OddsUnavailable(ConfigError):
    """The rules make a chain with no exact odds (a player who may roll doubles for ever)."""


class Chain:
    """The roll-by-roll Markov chain of one token under ``rules`` on ``edition``."""

    def __init__(self, edition: Edition, rules: Ruleset, jail: JailPolicy = "short") -> None:
        self.edition, self.rules, self.jail_policy = edition, rules, jail
        self.t = t = edition.tables()
        self.n = t.size
        self.max_doubles = rules.doubles_to_jail if (rules.doubles_extra_roll and rules.doubles_to_jail) else 1
        if rules.doubles_extra_roll and not rules.doubles_to_jail:
            raise OddsUnavailable("doubles that never send to jail make an unbounded chain; set doubles_to_jail")
        # the three-cell jail (businesspoly B-9): a failed roll moves one cell on, the last cell frees
        self.jail_cells = getattr(rules, "jail_cells", 0) or 0
        # Odessa's exchange replaces the jail: three tries with three dice, then the forced fourth
        # turn; there is no fine, so both jail policies play it out (003:114-123)
        self.exchange = rules.variant == "odessa"
        if self.exchange:
            jail_states = rules.jail_max_turns + 1
        elif jail != "long":
            jail_states = 1
        elif self.jail_cells:
            jail_states = self.jail_cells
        else:
            jail_states = rules.jail_max_turns
        self.states: list[tuple[int, int]] = [(sq, d) for d in range(self.max_doubles) for sq in range(self.n)]
        self.states += [(JAIL, k) for k in range(jail_states)]
        self.index = {s: i for i, s in enumerate(self.states)}
        # per state and square, the probability that its roll ends there with the next turn lost
        # (skip_turn; a double's extra roll lost there ends the turn without losing one)
        self.skips: list[dict[int, Fraction]] = []
        self.rows: list[dict[int, Fraction]] = [self._row(s) for s in self.states]

    # ------------------------------------------------------------ building
    def _outcomes(self, speed: bool) -> list[tuple[Fraction, tuple[int, ...]]]:
        sides = self.rules.dice_sides
        if speed:
            p = Fraction(1, sides * sides * 6)
            return [
                (p, (a, b, SPEED_FACES[s]))
                for a, b, s in product(range(1, sides + 1), range(1, sides + 1), range(1, 7))
            ]
        p = Fraction(1, sides * sides)
        return [(p, (a, b, 0)) for a, b in product(range(1, sides + 1), repeat=2)]

    @cache  # noqa: B019 - one chain per object, few squares
    def resolve(self, square: int, depth: int = 0) -> tuple[tuple[Fraction, int], ...]:
        """Where a token that lands on ``square`` ends up: (probability, square or JAIL)."""
        t = self.t
        kind = t.kind[square]
        if kind == GO_TO_JAIL:
            return ((Fraction(1), JAIL),)
        if kind != CARD or depth > 3:
            return ((Fraction(1), square),)
        deck = self.edition.decks[t.deck_of[square]].cards
        p = Fraction(1, len(deck))
        out: dict[int, Fraction] = {}
        for card in deck:
            for q, end in self._card(square, card.effect, card.args, depth):
                out[end] = out.get(end, Fraction(0)) + p * q
        return tuple((q, e) for e, q in out.items())

    def _card(self, square: int, effect: str, args, depth: int) -> tuple[tuple[Fraction, int], ...]:
        """Where a card leaves the token (the movement effects of every edition's decks)."""
        if effect in ("advance_to", "back_to"):
            return self.resolve(int(args["square"]), depth + 1)
        if effect in ("advance_to_nearest", "nearest_company"):
            target = self.t.next_of_kind[str(args["kind"])][square]
            return self.resolve(target, depth + 1) if target >= 0 else ((Fraction(1), square),)
        if effect in ("move_by", "collect_and_move"):
            return self.resolve((square + int(args["steps"])) % self.n, depth + 1)
        if effect == "go_to_start":
            return self.resolve(self.t.go, depth + 1)
        if effect in ("go_to_jail", "collect_and_go_to_jail"):
            return ((Fraction(1), JAIL),)
        return ((Fraction(1), square),)

    def _next_property(self, square: int) -> int:
        for step in range(1, self.n):
            sq = (square + step) % self.n
            if self.t.is_property[sq]:
                return sq
        return square

    def _land(self, start: int, steps: int, face: int) -> list[tuple[Fraction, int]]:
        out = list(self.resolve((start + steps) % self.n))
        if face == MR_MONOPOLY:
            more: list[tuple[Fraction, int]] = []
            for q, end in out:
                if end == JAIL:
                    more.append((q, end))
                else:
                    more.extend((q * r, e) for r, e in self.resolve(self._next_property(end)))
            out = more
        return out

    def _row(self, state: tuple[int, int]) -> dict[int, Fraction]:
        rules = self.rules
        pos, k = state
        row: dict[int, Fraction] = {}
        skips: dict[int, Fraction] = {}

        def add(p: Fraction, target: tuple[int, int]) -> None:
            i = self.index[target]
            row[i] = row.get(i, Fraction(0)) + p

        def after_move(p: Fraction, start: int, steps: int, face: int, doubles_next: int) -> None:
            for q, end in self._land(start, steps, face):
                if end == JAIL:
                    add(p * q, (JAIL, 0))
                    continue
                d = doubles_next
                if self.t.kind[end] == FREE_PARKING and rules.free_parking == "skip_turn":
                    if d:
                        d = 0  # the double's extra roll is the move that is skipped: the turn ends
                    else:
                        skips[end] = skips.get(end, Fraction(0)) + p * q  # the next turn is skipped
                add(p * q, (end, d))

        if pos == JAIL and self.exchange:
            self._exchange_row(k, after_move, add)
        elif pos == JAIL:
            self._jail_row(k, after_move, add)
        else:
            self._roll_from(pos, k, after_move, add)
        self.skips.append(skips)
        return row

    def _jail_row(self, k: int, after_move, add) -> None:
        """One turn in jail, try ``k + 1`` (or on cell ``k`` of a jail of cells)."""
        rules = self.rules
        jail_square = self.t.jail
        if self.jail_policy == "short":  # pay (or use a card) and roll as from the jail square
            self._roll_from(jail_square, 0, after_move, add)
            return
        if self.jail_cells:
            if k >= self.jail_cells - 1:  # on the last cell: free at the start of the turn
                self._roll_from(jail_square, 0, after_move, add)
                return
            for p, (a, b, _) in self._outcomes(False):
                if a == b:
                    after_move(p, jail_square, a + b, 0, 1 if rules.jail_doubles_extra_roll else 0)
                else:
                    add(p, (JAIL, k + 1))
            return
        for p, (a, b, _) in self._outcomes(False):
            if a == b:
                after_move(p, jail_square, a + b, 0, 1 if rules.jail_doubles_extra_roll else 0)
            elif k + 1 < rules.jail_max_turns:
                add(p, (JAIL, k + 1))
            else:
                after_move(p, jail_square, a + b, 0, 0)

    def _exchange_row(self, k: int, after_move, add) -> None:
        """One turn at Odessa's exchange, try ``k + 1``: a double on the dice (by the ruleset's
        reading) moves out by all three dice on the first try, by the double on the others; the
        fourth turn rolls one die and moves by it."""
        from ..rules.odessa import exchange_double

        rules, sides, jail_square = self.rules, self.rules.dice_sides, self.t.jail
        extra = 1 if rules.jail_doubles_extra_roll else 0
        if k >= rules.jail_max_turns:
            for face in range(1, sides + 1):
                after_move(Fraction(1, sides), jail_square, face, 0, 0)
            return
        p = Fraction(1, sides**3)
        for dice in product(range(1, sides + 1), repeat=3):
            double = exchange_double(dice, rules.exchange_double)
            if double is None:
                add(p, (JAIL, k + 1))
            else:
                after_move(p, jail_square, sum(dice) if k == 0 else 2 * double[0], 0, extra)

    def _roll_from(self, pos: int, d: int, after_move, add) -> None:
        rules = self.rules
        for p, (a, b, face) in self._outcomes(rules.speed_die):
            double = a == b
            if double and 0 < face <= 3 and face == a:  # speed-die triples: no further roll, never jail
                after_move(p, pos, a + b, 0, 0)
                continue
            if double and rules.doubles_extra_roll and rules.doubles_to_jail and d + 1 >= rules.doubles_to_jail:
                add(p, (JAIL, 0))
                continue
            steps = a + b + (face if 0 < face <= 3 else 0)
            nxt = d + 1 if double and rules.doubles_extra_roll else 0
            after_move(p, pos, steps, face if face in (MR_MONOPOLY, BUS) else 0, nxt)

    # ------------------------------------------------------------ solving
    def stationary(self) -> list[Fraction]:
        """The exact stationary distribution (pi = pi P, sum pi = 1)."""
        import flint  # python-flint: exact rational linear algebra

        size = len(self.states)
        # rows: (P^T - I) with the last equation replaced by sum(pi) = 1
        a = [[flint.fmpq(0)] * size for _ in range(size)]
        for i, row in enumerate(self.rows):
            for j, p in row.items():
                a[j][i] += flint.fmpq(p.numerator, p.denominator)
        for i in range(size):
            a[i][i] -= 1
        a[size - 1] = [flint.fmpq(1)] * size
        rhs = [flint.fmpq(0)] * (size - 1) + [flint.fmpq(1)]
        x = flint.fmpq_mat(size, size, [v for r in a for v in r]).solve(flint.fmpq_mat(size, 1, rhs))
        return [Fraction(int(x[i, 0].p), int(x[i, 0].q)) for i in range(size)]


def square_odds(
    edition: Edition, rules: Ruleset, jail: JailPolicy = "short", per: Per = "roll"
) -> list[SquareOdds]:
    """The long-run probability of ending a roll (or a turn) on each square, and in jail."""
    chain = Chain(edition, rules, jail)
    pi = chain.stationary()
    weights: list[Fraction] = []
    for (pos, d), p in zip(chain.states, pi, strict=True):
        if per == "roll" or pos == JAIL or d == 0:  # per turn: a turn ends here
            weights.append(p)
        else:
            weights.append(Fraction(0))
    if per == "turn":  # a turn lost on free parking ends there too (one per roll that lost it)
        for p, skips in zip(pi, chain.skips, strict=True):
            for square, q in skips.items():
                weights[chain.index[(square, 0)]] += p * q
    total = sum(weights)
    by_square = [Fraction(0)] * chain.n
    in_jail = Fraction(0)
    for (pos, _), w in zip(chain.states, weights, strict=True):
        if pos == JAIL:
            in_jail += w / total
        else:
            by_square[pos] += w / total
    out = [SquareOdds(sq.index, sq.name, sq.kind, by_square[sq.index]) for sq in edition.squares]
    out.append(SquareOdds(JAIL, "in jail", "in_jail", in_jail))
    return out


def modal_string(odds: list[SquareOdds], top: int = 3) -> str:
    """Project Euler 84's answer format: the indexes of the most likely squares, two digits each,
    with "in jail" merged into the jail square (as Euler's simplified rules do)."""
    merged: dict[int, Fraction] = {}
    jail_index = next(o.index for o in odds if o.kind == "jail")
    for o in odds:
        key = jail_index if o.index == JAIL else o.index
        merged[key] = merged.get(key, Fraction(0)) + o.probability
    ranked = sorted(merged, key=lambda k: -merged[k])[:top]
    return "".join(f"{k:02d}" for k in ranked)
