"""Courts: suing for a lot of a shared group, one die each (000:359,417,425,449-453; B-6 to B-8)."""

from __future__ import annotations

from ...engine.decision import Decision
from ...engine.errors import Problem
from ...engine.events import BANK
from ...engine.native import mypyc_attr
from .actions import Sue, Waive
from .base import BusinesspolyBase
from .decisions import BUILDING_LOAN, COURT, Lawsuit
from .events import (
    SuitDecided,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class CourtMixin(BusinesspolyBase):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ courts (7)
    def _offer_suit(self, p: int, lawyer: bool) -> bool:
        if not self.rules.court_fee_percent or not self.suit_targets(p):
            return True
        self.bp_suits = 0
        self._push(Decision(COURT, p, self.position[p], Lawsuit(lawyer), "land_done"))
        return False

    def _problem_sue(self, seat: int, a: Sue) -> Problem | None:
        why = self._expect_problem(seat, COURT, "suing")
        if why is not None:
            return why
        sq = a.square
        if not isinstance(sq, int) or sq not in self.suit_targets(seat):
            return (
                "court-shared-group",
                "you may sue only for another player's lot of a group in which you hold a lot",
                {},
            )
        fee = self.court_fee(sq)
        if self.cash[seat] < fee:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": fee, "cash": self.cash[seat]})
        return None

    def _do_sue(self, seat: int, a: Sue) -> None:
        """000:451-453: pay 1.5 x the price to the bank; one die each; the lot passes only on a higher roll."""
        d = self.stack.pop()
        sq = a.square
        defendant = self.owner[sq]
        fee = self.court_fee(sq)
        self._transfer(seat, BANK, fee, "court_fee", sq)
        mine = self.chance.roll(1)[0]
        theirs = self.chance.roll(1)[0]
        lawyer = d.data.lawyer
        won = mine > theirs or (lawyer and mine == theirs)
        self._emit(SuitDecided, seat, defendant, sq, fee, mine, theirs, won, lawyer)
        if won:
            self._give_property(sq, defendant, seat)  # a mortgaged lot stays mortgaged (B-8)
        self.bp_suits += 1
        if self.bp_suits < self.rules.suits_per_landing and self.suit_targets(seat):
            self._push(Decision(COURT, seat, d.square, d.data, d.then))
            return
        self._resume(d.then)

    def _problem_waive(self, seat: int, a: Waive) -> Problem | None:
        d = self.stack[-1] if self.stack else None
        if d is None or d.kind not in (COURT, BUILDING_LOAN):
            now = d.kind if d else "nothing"
            return (
                "nothing-to-waive",
                "there is no offer to let go (the game waits for: {waiting})",
                {"waiting": now},
            )
        return self._decider_problem(d, seat)

    def _do_waive(self, seat: int, a: Waive) -> None:
        d = self.stack.pop()
        self._resume(d.then)
