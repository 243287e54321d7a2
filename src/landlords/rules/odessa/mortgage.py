"""Mortgages and their lap: lifting at +20%, one lap of the owner's token, the fee on receiving
a mortgaged pai (003:143-155; O-7 to O-9, O-20).
"""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine import events as E
from ...engine.actions import (
    LiftMortgage,
)
from ...engine.decision import Decision
from ...engine.errors import Problem
from ...engine.events import BANK
from ...engine.native import mypyc_attr
from .base import OdessaBase
from .events import MortgageLapPaid
from .seed import (
    MORTGAGE_LAP,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class MortgageMixin(OdessaBase):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ movement: the mortgage lap
    def _move_by(self, p: int, steps: int) -> None:
        laps = self.lap_steps[p]
        if laps and steps > 0:
            term = self.rules.mortgage_term
            if term == "lap":
                for sq in laps:
                    laps[sq] += steps
            elif term == "go" and self.position[p] + steps >= self.size:
                for sq in laps:
                    laps[sq] = self.size
        super()._move_by(p, steps)

    def set_owner(self, sq: int, seat: int) -> None:
        old = self.owner[sq]
        super().set_owner(sq, seat)
        if old >= 0:
            self.lap_steps[old].pop(sq, None)
        self.lap_paid[sq] = False
        if seat >= 0 and self.mortgaged[sq] and self.rules.mortgage_term != "none":
            self.lap_steps[seat][sq] = 0  # the lap is the new holder's token's (O-8, O-20)

    # ------------------------------------------------------------ mortgages and their lap
    def unmortgage_cost(self, sq: int) -> int:
        cost = super().unmortgage_cost(sq)
        return cost + self.lap_fee(sq) if self.lap_paid[sq] else cost

    def lap_fee(self, sq: int) -> int:
        """20% of the mortgage (003:149), rounded up."""
        return -(-self.t.mortgage[sq] * self.rules.mortgage_term_fee_percent // 100)

    def _do_mortgage(self, seat: int, a: Any) -> None:
        super()._do_mortgage(seat, a)
        self.lap_paid[a.square] = False
        if self.rules.mortgage_term != "none":
            self.lap_steps[seat][a.square] = 0

    def _lifted(self, seat: int, sq: int, cost: int) -> None:
        self.mortgaged[sq] = False
        self.lap_steps[seat].pop(sq, None)
        self.lap_paid[sq] = False
        self._emit(E.Unmortgaged, seat, sq, cost)

    def _do_unmortgage(self, seat: int, a: Any) -> None:
        sq = a.square
        cost = self.unmortgage_cost(sq)
        self._transfer(seat, BANK, cost, "unmortgage", sq)
        self._lifted(seat, sq, cost)

    def _stale(self, seat: int, sq: int) -> bool:
        """The pai of a lap or transfer decision was lifted or passed on while it waited."""
        return self.owner[sq] != seat or not self.mortgaged[sq]

    def _transfer_cost(self, sq: int, lift_now: bool) -> int:
        """What an answer to the open mortgage question costs now: at the end of a lap, lifting or
        another lap's 20%; for a received pai, the engine's transfer cost."""
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == MORTGAGE_LAP and top.square == sq:
            return self.unmortgage_cost(sq) if lift_now else self.lap_fee(sq)
        return super()._transfer_cost(sq, lift_now)

    def _lift_now_cost(self, d: Decision) -> int:
        return self.unmortgage_cost(d.square) if d.kind == MORTGAGE_LAP else self._transfer_cost(d.square, True)

    def _problem_lift(self, seat: int, a: LiftMortgage) -> Problem | None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == MORTGAGE_LAP:
            why = self._expect_problem(seat, MORTGAGE_LAP, "deciding on a mortgage whose lap is over")
        else:
            why = self._expect_problem(seat, D.MORTGAGE_TRANSFER, "deciding on a received mortgage")
        if why is not None:
            return why
        d = self.stack[-1]
        if not a.now or self._stale(seat, d.square):
            return None  # a pai lifted or passed on while the question waited: either answer closes it
        cost = self._lift_now_cost(d)
        if self.cash[seat] < cost:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": cost, "cash": self.cash[seat]})
        return None

    def _do_lift(self, seat: int, a: LiftMortgage) -> None:
        d = self.stack.pop()
        sq, then = d.square, d.then
        if self._stale(seat, sq):  # nothing left to decide
            self._resume(then)
            return
        if d.kind == MORTGAGE_LAP:
            if a.now:
                cost = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, cost, "unmortgage", sq)
                self._lifted(seat, sq, cost)
                self._resume(then)
                return
            fee = self.lap_fee(sq)  # another lap; 20% more when it is lifted (003:149)
            self.lap_steps[seat][sq] = 0
            self.lap_paid[sq] = True
            self._emit(MortgageLapPaid, seat, sq, fee)
            if self._charge(seat, [(BANK, fee)], "mortgage_lap", then, sq):
                self._resume(then)
            return
        # a mortgaged pai received from a bankrupt (O-20) or a seller
        if self.rules.transfer_mode == "fee_then_lift":
            fee = self._transfer_fee(sq)
            if a.now:
                lift = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, fee, "transfer_fee", sq)
                self._transfer(seat, BANK, lift, "unmortgage", sq)
                self._lifted(seat, sq, lift)
                self._resume(then)
                return
            self.lap_paid[sq] = fee > 0  # kept: the further 20% falls due on lifting (O-20)
            if self._charge(seat, [(BANK, fee)], "transfer_fee", then, sq):
                self._resume(then)
            return
        cost = self._transfer_cost(sq, a.now)
        if a.now:
            self._transfer(seat, BANK, cost, "unmortgage", sq)
            self._lifted(seat, sq, cost)
            self._resume(then)
            return
        if self._charge(seat, [(BANK, cost)], "transfer_fee", then, sq):
            self._resume(then)
