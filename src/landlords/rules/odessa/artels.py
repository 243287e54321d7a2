"""Artels and cooperatives where the owner's token stands (003:131-141; O-6, O-11, O-12)."""

from __future__ import annotations

from ...engine import events as E
from ...engine.actions import (
    Build,
    SellBuilding,
)
from ...engine.edition import STREET
from ...engine.errors import Problem
from ...engine.events import BANK
from ...engine.native import mypyc_attr
from .mortgage import MortgageMixin
from .seed import (
    ARTELS_MAX,
    COOP,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ArtelsMixin(MortgageMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ artels and cooperatives
    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> Problem | None:
        """Why ``seat`` may not organise an artel or a cooperative on ``sq`` now, or None."""
        problem = self._lot_problem(seat, sq)  # a pai of a whole, unmortgaged group of one's own
        if problem is not None:
            return problem
        t = self.t
        name = self.edition.squares[sq].name
        members = t.members[sq]
        if self.position[seat] != sq:
            return (
                "build-where-your-token-stands",
                "your token must stand on {square} to organise an artel there",
                {"square": name},
            )
        level = self.level[sq]
        if level == COOP:
            return ("one-cooperative-per-pai", "{square} already has its cooperative", {"square": name})
        if level == ARTELS_MAX:
            short = next((m for m in members if self.level[m] < ARTELS_MAX), None)
            if short is not None:
                return (
                    "cooperative-after-three-artels",
                    "a cooperative needs three artels on every pai of the group: {square} has {level}",
                    {"square": self.edition.squares[short].name, "level": self.level[short]},
                )
            if self.bank_hotels <= 0:
                return ("hotel-stock", "the bank has no hotels left", {})
        elif self.bank_houses <= 0:
            return ("house-stock", "the bank has no houses left", {})
        price = t.house_cost[sq] if item_price is None else item_price
        if self.cash[seat] < price:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": price, "cash": self.cash[seat]})
        return None

    def _do_build(self, seat: int, a: Build) -> None:
        sq = a.square
        if self.level[sq] == ARTELS_MAX:  # the cooperative takes the place of the three artels
            self.bank_houses += ARTELS_MAX
            self.bank_hotels -= 1
            self.level[sq] = COOP
        else:
            self.bank_houses -= 1
            self.level[sq] += 1
        cost = self.t.house_cost[sq]
        self._transfer(seat, BANK, cost, "building", sq)
        if self.events is not None:
            self.events.append(E.Built(seat, sq, self.level[sq], cost))

    def _square_label(self, sq: int) -> str:
        return self.edition.squares[sq].name if isinstance(sq, int) and 0 <= sq < self.size else str(sq)

    def _problem_sell(self, seat: int, a: SellBuilding) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat or self.t.kind[sq] != STREET:
            return ("sell-own-building", "{square} has no buildings of yours", {"square": self._square_label(sq)})
        why = self._window_problem(seat, self.rules.mortgage_timing, "sell-timing", "closing artels", debt_ok=True)
        if why is not None:
            return why
        level = self.level[sq]
        if level == 0:
            return (
                "sell-own-building",
                "{square} has no buildings of yours",
                {"square": self.edition.squares[sq].name},
            )
        if level != COOP:
            coop = next((m for m in self.t.members[sq] if self.level[m] == COOP), None)
            if coop is not None:
                return (
                    "close-cooperatives-first",
                    "close the cooperative on {square} before any artel of its group",
                    {"square": self.edition.squares[coop].name},
                )
        if level == COOP and self.bank_houses < ARTELS_MAX:
            return ("house-stock", "the bank has no houses left", {})
        return None

    def _do_sell(self, seat: int, a: SellBuilding) -> None:
        sq = a.square
        if self.level[sq] == COOP:  # back to the three artels, half the cooperative's cost (003:141)
            self.level[sq] = ARTELS_MAX
            self.bank_hotels += 1
            self.bank_houses -= ARTELS_MAX
            refund = self.hotel_value(sq)
        else:
            self.level[sq] -= 1
            self.bank_houses += 1
            refund = self.building_value(sq)
        self._transfer(BANK, seat, refund, "building_sale", sq)
        if self.events is not None:
            self.events.append(E.BuildingSold(seat, sq, self.level[sq], refund))
