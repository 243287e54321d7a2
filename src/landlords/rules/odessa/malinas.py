"""Malinas: the smotryashchy's fee and the challenge (003:72-86; O-15, O-16)."""

from __future__ import annotations

from ...engine import events as E
from ...engine.decision import Decision, RentClaim
from ...engine.edition import RAILROAD
from ...engine.errors import Problem
from ...engine.native import mypyc_attr
from .actions import ChallengeMalina
from .artels import ArtelsMixin
from .events import MalinaChallenged
from .seed import (
    MALINA_VISIT,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class MalinasMixin(ArtelsMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ malinas
    def _land(self, p: int, card_kind: str | None = None) -> bool:
        sq = self.position[p]
        if self.t.kind[sq] == RAILROAD:
            owner = self.owner[sq]
            if (
                owner >= 0
                and owner != p
                and not self.mortgaged[sq]
                and not (self.rules.no_rent_owner_in_jail and self.in_jail[owner])
            ):
                self._push(Decision(MALINA_VISIT, p, sq, then="land_done"))
                return False
        return super()._land(p, card_kind)

    def malina_fee(self, sq: int) -> int:
        """The fee of a malina now: by the number its smotryashchy holds (003:78-84)."""
        return self.rent_for(sq, 0)

    def _problem_challenge(self, seat: int, a: ChallengeMalina) -> Problem | None:
        return self._expect_problem(seat, MALINA_VISIT, "answering the smotryashchy")

    def _do_challenge(self, seat: int, a: ChallengeMalina) -> None:
        d = self.stack.pop()
        sq, then = d.square, d.then
        owner = self.owner[sq]
        fee = self.malina_fee(sq)
        if owner < 0 or owner == seat or fee <= 0:  # traded or mortgaged while the question waited
            self._resume(then)
            return
        if not a.challenge:  # the fee is owed like barysh: he must claim it (O-16)
            self._owe(seat, owner, sq, fee, then)
            return
        sides = self.rules.dice_sides
        his = self.chance.roll(2, sides)  # the smotryashchy rolls two dice, then the visitor one (003:86)
        mine = self.chance.roll(1, sides)[0]
        won = mine > his[0] + his[1]
        self._emit(MalinaChallenged, seat, owner, sq, his, mine, won, 2 * fee)
        if won:  # the malina passes to the challenger for nothing; no fee this time (O-15)
            self._give_property(sq, owner, seat)
            self._resume(then)
            return
        if self._charge(seat, [(owner, 2 * fee)], "malina_challenge", then, sq):
            self._resume(then)

    def _owe(self, payer: int, owner: int, sq: int, amount: int, then: str | None) -> None:
        if amount <= 0:
            self._resume(then)
            return
        if self.rules.rent_claim == "automatic" or self.auto_claim[owner]:
            if self._charge(payer, [(owner, amount)], "rent", then, sq):
                self._resume(then)
            return
        self.claims.append(RentClaim(owner, payer, sq, amount, self.turn))
        if self.events is not None:
            self.events.append(E.RentOwed(owner, payer, sq, amount))
        self._resume(then)
