"""The lap economy: the salary and the tax per industry, the mortgage deadline at the end of a lap,
and lots sold to the bank (000:333,371,435-441,471-473).
"""

from __future__ import annotations

from ...engine import events as E
from ...engine.decision import Decision
from ...engine.errors import Problem
from ...engine.events import BANK
from ...engine.native import mypyc_attr
from .actions import SellLot, SettleMortgage
from .deals import DealsMixin
from .decisions import REDEEM
from .events import (
    LapSettled,
    LotForfeited,
    LotSold,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class LapMixin(DealsMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ the lap settlement (step 3.3)
    def _settle_lap(self, p: int) -> bool:
        """000:435 «Игрок получает зарплату 450 бин … За каждую отрасль необходимо заплатить 50 бин вне
        зависимости от того, заложен ли участок»; then the mortgage deadline (000:371). False if a decision
        was opened."""
        rules = self.rules
        self.bp_lap = -1
        amount, self.bp_lap_amount = self.bp_lap_amount, -1
        self.bp_laps[p] += 1
        self.bp_intro[p] = False
        # the lots due are those mortgaged when the lap is completed, not those mortgaged to pay its tax
        if rules.mortgage_lap_deadline:
            mortgaged, owner = self.mortgaged, self.owner
            for m in mortgaged:  # (``True in mortgaged`` as a loop: the compiled build tests natively)
                if m:
                    self.bp_due = [sq for sq in self.t.properties if owner[sq] == p and mortgaged[sq]]
                    break
        if amount >= 0:  # card 11 or 33: the card's sum (B-10)
            self._transfer(BANK, p, amount, "card", self.t.go)
            if rules.card_lap_amount_replaces:
                return self._lap_mortgages(p)
        groups = self.groups_held(p)
        salary = rules.salary
        tax = self.lap_tax(p)
        if self.events is not None:
            self.events.append(LapSettled(p, salary, tax, groups))
        self._transfer(BANK, p, salary, "salary", self.t.go)
        if tax and not self._charge(p, [(BANK, tax)], "lap_tax", "bp_lap_mortgages", self.t.go):
            return False
        return self._lap_mortgages(p)

    def _lap_mortgages(self, p: int) -> bool:
        """000:371 «как только он завершит круг … он должен решить – выкупает он этот участок, или банк
        забирает его себе» (B-11): one ``redeem`` decision per mortgaged lot."""
        due, self.bp_due = self.bp_due, []
        due = [sq for sq in due if self.owner[sq] == p and self.mortgaged[sq]]
        if not due:
            return True
        self._push_chain([Decision(REDEEM, p, sq) for sq in due], "bp_land")
        return False

    def _problem_settle(self, seat: int, a: SettleMortgage) -> Problem | None:
        why = self._expect_problem(seat, REDEEM, "settling a mortgage at the end of the lap")
        if why is not None or not a.redeem:
            return why
        sq = self.stack[-1].square
        if self.owner[sq] != seat or not self.mortgaged[sq]:
            return (
                "not-mortgaged",
                "{square} is not a mortgaged lot of yours",
                {"square": self.edition.squares[sq].name},
            )
        cost = self.unmortgage_cost(sq)
        if self.cash[seat] < cost:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": cost, "cash": self.cash[seat]})
        return None

    def _do_settle(self, seat: int, a: SettleMortgage) -> None:
        d = self.stack.pop()
        sq = d.square
        if self.owner[sq] == seat and self.mortgaged[sq]:
            if a.redeem:
                cost = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, cost, "unmortgage", sq)
                self.mortgaged[sq] = False
                if self.events is not None:
                    self.events.append(E.Unmortgaged(seat, sq, cost))
            else:
                self.mortgaged[sq] = False
                self._give_property(sq, seat, -1)
                self._emit(LotForfeited, seat, sq)
        self._resume(d.then)

    # ------------------------------------------------------------ selling lots to the bank (9, 1.2)
    def _problem_sell_lot(self, seat: int, a: SellLot) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        rules = self.rules
        if not rules.sell_to_bank_percent:
            return ("no-sale-to-bank", "the bank does not buy lots under these rules", {})
        sq = a.square
        if not isinstance(sq, int) or not 0 <= sq < self.size or self.owner[sq] != seat:
            return ("sell-own-lot", "you do not own {square}", {"square": str(sq)})
        why = self._window_problem(
            seat, rules.mortgage_timing, "lot-sale-timing", "selling a lot to the bank", debt_ok=True
        )
        if why is not None:
            return why
        if any(self.level[m] for m in self.t.members[sq]):
            return (
                "industry-has-offices",
                "{square}: close the offices of its industry before selling any of its lots",
                {"square": self.edition.squares[sq].name},
            )
        if self.mortgaged[sq] and not rules.sell_mortgaged_to_bank:
            return (
                "sell-mortgaged-lot",
                "{square} is mortgaged: redeem it before selling it",
                {"square": self.edition.squares[sq].name},
            )
        return None

    def _do_sell_lot(self, seat: int, a: SellLot) -> None:
        sq = a.square
        amount = self.lot_sale_value(sq)
        self._transfer(BANK, seat, amount, "lot_sale", sq)
        self.mortgaged[sq] = False
        self._give_property(sq, seat, -1)
        self._emit(LotSold, seat, sq, amount)
