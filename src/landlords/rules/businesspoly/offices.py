"""Offices and business centres: at most two a move, the building loan card (000:327,375,457,583)."""

from __future__ import annotations

from ...engine.actions import Build
from ...engine.errors import Problem
from ...engine.game import Game
from ...engine.native import mypyc_attr
from .court import CourtMixin
from .decisions import BUILDING_LOAN


@mypyc_attr(allow_interpreted_subclasses=True)
class OfficesMixin(CourtMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ offices and business centres (8)
    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> Problem | None:
        if item_price is None and 0 <= sq < self.size:
            item_price = self.office_price(sq)
        why = super()._buildable(seat, sq, item_price)
        if why is not None:
            return why
        limit = self.bp_build_limit
        if limit and self.bp_built[seat] >= limit:
            return ("office-limit", "at most {limit} offices may be opened in one move", {"limit": limit})
        return None

    def _loan_problem(self, seat: int, sq: int, percent: int) -> Problem | None:
        if not isinstance(sq, int) or not 0 <= sq < self.size or not self.t.is_street[sq]:
            return (
                "build-on-street",
                "{square} is not a street: buildings go on streets only",
                {"square": str(sq)},
            )
        if self.level[sq] >= 4:
            return ("building-loan-office", "the loan opens a new office, not a business centre", {})
        price = self.t.house_cost[sq] * percent // 100
        if self.rules.building_loan_counts:
            return self._buildable(seat, sq, price)
        return Game._buildable(self, seat, sq, price)  # noqa: SLF001 - the engine's own rule, past the mixins

    def _problem_build(self, seat: int, a: Build) -> Problem | None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == BUILDING_LOAN and top.seat == seat:
            return self._loan_problem(seat, a.square, top.data)
        return super()._problem_build(seat, a)

    def _do_build(self, seat: int, a: Build) -> None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == BUILDING_LOAN and top.seat == seat:
            self.stack.pop()
            price = self.t.house_cost[a.square] * top.data // 100
            self._place_building(seat, a.square, price, counts=self.rules.building_loan_counts)
            self._resume(top.then)
            return
        super()._do_build(seat, a)

    def _place_building(self, seat: int, sq: int, cost: int, counts: bool = True) -> None:
        if cost and self.level[sq] == 4:
            cost = self.office_price(sq)
        super()._place_building(seat, sq, cost)
        if counts:
            self.bp_built[seat] += 1
