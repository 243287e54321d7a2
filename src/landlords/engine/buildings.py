"""Houses and hotels: building, selling back, the bank's stock and shortage auctions.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    Build,
    SellBuilding,
    WantBuilding,
)
from .decision import Decision, Shortage
from .edition import (
    HOTEL,
    STREET,
)
from .errors import Problem
from .events import BANK
from .market import Market
from .native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Buildings(Market):
    def _return_buildings(self, sq: int) -> None:
        level = self.level[sq]
        if level == HOTEL:
            self.bank_hotels += 1
        else:
            self.bank_houses += level
        self.level[sq] = 0

    # ------------------------------------------------------------ buildings
    def _lot_problem(self, seat: int, sq: int) -> Problem | None:
        """Why ``seat`` may not build on ``sq`` at all: not an owned street of a whole, unmortgaged
        group (shared by every building rule, artels and offices included)."""
        t = self.t
        if not 0 <= sq < self.size or t.kind[sq] != STREET:
            name = self.edition.squares[sq].name if 0 <= sq < self.size else str(sq)
            return ("build-on-street", "{square} is not a street: buildings go on streets only", {"square": name})
        if self.owner[sq] != seat:
            return ("build-own-property", "you do not own {square}", {"square": self.edition.squares[sq].name})
        g = t.group_of[sq]
        if g < 0 or self.group_owner[g] != seat:
            return (
                "build-needs-full-group",
                "you must own every street of {square}'s colour group to build",
                {"square": self.edition.squares[sq].name},
            )
        mortgaged = self.mortgaged
        for m in t.members[sq]:
            if mortgaged[m]:
                return (
                    "build-no-mortgage-in-group",
                    "{square} is mortgaged: no building in a group with a mortgaged lot",
                    {"square": self.edition.squares[m].name},
                )
        return None

    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> Problem | None:
        """Why ``seat`` may not build on ``sq`` now: (rule, message template, parameters), or None."""
        problem = self._lot_problem(seat, sq)
        if problem is not None:
            return problem
        t = self.t
        members = t.members[sq]
        level = self.level[sq]
        if level >= HOTEL:
            return ("one-hotel-per-lot", "{square} already has a hotel", {"square": self.edition.squares[sq].name})
        limit = self._max_builds
        if limit and self.builds_this_turn.get((seat, t.group_of[sq]), 0) >= limit:
            return (
                "build-limit-per-turn",
                "at most {limit} building(s) per colour group in one turn",
                {"limit": limit},
            )
        if level == 4:
            if self._hotel_by_group:
                for m in members:
                    if self.level[m] < 4:
                        return (
                            "hotel-after-four-houses",
                            "a hotel needs four houses on every street of the group",
                            {},
                        )
            if self.bank_hotels <= 0:
                return ("hotel-stock", "the bank has no hotels left", {})
        else:
            if self._even_building:
                levels = self.level
                # the first of the lowest, as a plain loop (min with a key is a slow generic call when compiled)
                lowest = members[0]
                low = levels[lowest]
                for m in members:
                    if levels[m] < low:
                        lowest, low = m, levels[m]
                if level > low:
                    return (
                        "even-building",
                        "houses must be built evenly: {square} has {level}, {other} {other_level}",
                        {
                            "square": self.edition.squares[sq].name,
                            "level": level,
                            "other": self.edition.squares[lowest].name,
                            "other_level": low,
                        },
                    )
            if self.bank_houses <= 0:
                return ("house-stock", "the bank has no houses left", {})
        price = t.house_cost[sq] if item_price is None else item_price
        if self.cash[seat] < price:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": price, "cash": self.cash[seat]})
        return None

    def _place_building(self, seat: int, sq: int, cost: int) -> None:
        if self.level[sq] == 4:
            self.bank_hotels -= 1
            self.bank_houses += 4
        else:
            self.bank_houses -= 1
        self.level[sq] += 1
        key = (seat, self.t.group_of[sq])
        self.builds_this_turn[key] = self.builds_this_turn.get(key, 0) + 1
        if cost:
            self._transfer(seat, BANK, cost, "building", sq)
        if self.events is not None:
            self.events.append(E.Built(seat, sq, self.level[sq], cost))

    def _shortage_rivals(self, seat: int, item: str) -> list[int]:
        """Other players who could build the same kind of scarce building right now."""
        rivals = []
        for q in self.alive():
            if q == seat:
                continue
            for sq in self.t.streets:
                if self.owner[sq] == q and self._buildable(q, sq) is None:
                    if (self.level[sq] == 4) == (item == "hotel"):
                        rivals.append(q)
                        break
        return rivals

    def _resolve_shortage(self) -> None:
        s = self.shortage
        if s is None:  # pragma: no cover - a "shortage" continuation always has its shortage
            raise AssertionError("no shortage to resolve")
        self.shortage = None
        wanted = 1 + len(s.interested)
        stock = self.bank_hotels if s.item == "hotel" else self.bank_houses
        if wanted <= stock:
            if self._buildable(s.requester, s.square) is None:
                self._place_building(s.requester, s.square, self.t.house_cost[s.square])
            return
        bidders = [s.requester] + s.interested
        self._start_auction(s.square, s.item, bidders, self.t.house_cost[s.square], None)

    def _sell_one(self, seat: int, sq: int) -> None:
        t = self.t
        level = self.level[sq]
        value = self.building_value(sq)
        if level == HOTEL:
            hotel = self.hotel_value(sq)
            group = (
                [m for m in t.members[sq] if self.level[m] == HOTEL]
                if self.rules.hotels_sold == "together"
                else [sq]
            )
            for m in group:
                if self.bank_houses >= 4:
                    self.bank_houses -= 4
                    self.bank_hotels += 1
                    self.level[m] = 4
                    refund = hotel
                else:  # the bank lacks the houses: the lot is cleared outright (REC H-2)
                    self.bank_hotels += 1
                    self.level[m] = 0
                    refund = hotel + 4 * value
                    self.uneven_ok = True
                self._transfer(BANK, seat, refund, "building_sale", m)
                if self.events is not None:
                    self.events.append(E.BuildingSold(seat, m, self.level[m], refund))
            return
        self.level[sq] -= 1
        self.bank_houses += 1
        self._transfer(BANK, seat, value, "building_sale", sq)
        if self.events is not None:
            self.events.append(E.BuildingSold(seat, sq, self.level[sq], value))

    # ================================================================ handlers
    # Each action has a check (returns the Problem or None, changes nothing) and a do.

    def _problem_want(self, seat: int, a: WantBuilding) -> Problem | None:
        return self._expect_problem(seat, D.BUILDING_INTEREST, "answering the building shortage")

    def _do_want(self, seat: int, a: WantBuilding) -> None:
        d = self.stack.pop()
        if a.want and self.shortage is not None:
            self.shortage.interested.append(seat)
        self._resume(d.then)

    # --- buildings
    def _problem_build(self, seat: int, a: Build) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == D.PLACE_BUILDING and top.seat == seat:
            why = self._buildable(seat, a.square, item_price=0)
            if why is None and (self.level[a.square] == 4) != (top.data == "hotel"):
                return (
                    "place-won-building",
                    "you won a {item} at auction: place it where a {item} can go",
                    {"item": top.data},
                )
            return why
        if self.shortage is not None or self._sharing_buildings():
            return ("shortage-auction", "scarce buildings are being shared out: wait for the auction", {})
        why = self._window_problem(seat, self._build_timing, "build-timing", "buying houses")
        if why is not None:
            return why
        return self._buildable(seat, a.square)

    def _sharing_buildings(self) -> bool:
        """Whether scarce buildings are being shared out (asked for, auctioned or placed)."""
        for d in self.stack:
            kind = d.kind
            if kind == D.BUILDING_INTEREST or kind == D.PLACE_BUILDING:
                return True
            if kind == D.AUCTION and d.data.item != "property":
                return True
        return False

    def _do_build(self, seat: int, a: Build) -> None:
        sq = a.square
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == D.PLACE_BUILDING and top.seat == seat:
            self.stack.pop()
            self._place_building(seat, sq, 0)
            self._resume(top.then)
            return
        item = "hotel" if self.level[sq] == 4 else "house"
        stock = self.bank_hotels if item == "hotel" else self.bank_houses
        if self._shortage_auction and stock < self.n:
            rivals = self._shortage_rivals(seat, item)
            if rivals and stock < 1 + len(rivals):
                self.shortage = Shortage(seat, sq, item)
                self._push_chain([Decision(D.BUILDING_INTEREST, q, sq, item) for q in rivals], "shortage")
                return
        self._place_building(seat, sq, self.t.house_cost[sq])

    def _problem_sell(self, seat: int, a: SellBuilding) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat or self.t.kind[sq] != STREET:
            return ("sell-own-building", "{square} has no buildings of yours", {"square": str(sq)})
        why = self._window_problem(seat, self._mortgage_timing, "sell-timing", "selling buildings", debt_ok=True)
        if why is not None:
            return why
        level = self.level[sq]
        if level == HOTEL and self.bank_houses < 4 and self.rules.hotel_sale_without_houses == "forbidden":
            return (
                "hotel-sale-needs-houses",
                "the bank has {houses} houses: a hotel is sold back only for four houses",
                {"houses": self.bank_houses},
            )
        if level == 0:
            return (
                "sell-own-building",
                "{square} has no buildings of yours",
                {"square": self.edition.squares[sq].name},
            )
        members = self.t.members[sq]
        if self._even_selling:
            level_of = self.level
            top = members[0]  # the first of the most built, as a plain loop (see _buildable)
            for m in members:
                if level_of[m] > level_of[top]:
                    top = m
            if level < level_of[top]:
                return (
                    "even-selling",
                    "houses must be sold evenly: sell on {square} first",
                    {"square": self.edition.squares[top].name},
                )
        return None

    def _do_sell(self, seat: int, a: SellBuilding) -> None:
        self._sell_one(seat, a.square)
