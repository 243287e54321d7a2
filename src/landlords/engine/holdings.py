"""Ownership, rent, values, and mortgages.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    LiftMortgage,
    Mortgage,
    Unmortgage,
)
from .decision import Decision
from .edition import (
    HOTEL,
    RAILROAD,
    STREET,
    UTILITY,
)
from .errors import Problem
from .events import BANK
from .native import mypyc_attr
from .scripted import ScriptedChance


@mypyc_attr(allow_interpreted_subclasses=True)
class Holdings(ScriptedChance):
    # ------------------------------------------------------------ read helpers
    def owned_by(self, seat: int) -> list[int]:
        return [sq for sq in self.t.properties if self.owner[sq] == seat]

    def lots_held(self, seat: int, group: int) -> int:
        """How many lots of colour group ``group`` (an index of ``t.group_members``) ``seat`` holds."""
        return self.holdings[seat][group]

    def whole_groups(self, seat: int) -> list[int]:
        """The colour groups (indexes) that ``seat`` holds whole."""
        return [g for g, owner in enumerate(self.group_owner) if owner == seat]

    def buildings_of(self, seat: int) -> tuple[int, int]:
        """(houses, hotels) that ``seat`` has on the board."""
        houses = hotels = 0
        for sq in self.t.streets:
            if self.owner[sq] == seat:
                if self.level[sq] == HOTEL:
                    hotels += 1
                else:
                    houses += self.level[sq]
        return houses, hotels

    def building_value(self, sq: int) -> int:
        """What the bank pays for one house on ``sq``."""
        return self.t.house_cost[sq] * self._building_sell_percent // 100

    def hotel_value(self, sq: int) -> int:
        """What the bank pays for the hotel on ``sq`` (its four houses aside)."""
        pct = self.rules.hotel_sell_percent
        return self.t.house_cost[sq] * (self._building_sell_percent if pct is None else pct) // 100

    def lot_value(self, sq: int) -> int:
        """What the bank pays for every building on ``sq``."""
        level = self.level[sq]
        if level == HOTEL:
            return self.hotel_value(sq) + 4 * self.building_value(sq)
        return level * self.building_value(sq)

    def unmortgage_cost(self, sq: int) -> int:
        """Lifting a mortgage: the mortgage value (or the price) plus interest, rounded up."""
        return self._lift_cost[sq]  # computed once per game (GameCore._copy_rules)

    def _transfer_fee(self, sq: int) -> int:
        rules, t = self.rules, self.t
        of = t.price[sq] if rules.transfer_fee_of == "price" else t.mortgage[sq]
        return -(-of * rules.transfer_fee_percent // 100)

    def _transfer_cost(self, sq: int, lift_now: bool) -> int:
        """What the receiver of a mortgaged property pays now (REC H-15, polish 002:93)."""
        mode = self._transfer_mode
        if mode == "fee_then_lift_at_par":
            return self._transfer_fee(sq) + (self.t.mortgage[sq] if lift_now else 0)
        if mode == "fee_then_lift":  # odessa 003:155 (O-20)
            return self._transfer_fee(sq) + (self.unmortgage_cost(sq) if lift_now else 0)
        return self.unmortgage_cost(sq) if lift_now else self._transfer_fee(sq)

    def liquidation_value(self, seat: int) -> int:
        """Cash the bank would pay for selling every building and mortgaging every property.

        A group whose hotel cannot be sold (no houses in the bank, where the rules forbid
        clearing a hotel outright) can be neither sold nor mortgaged, so it counts for nothing.
        """
        t = self.t
        blocked: set[int] = set()
        if self.rules.hotel_sale_without_houses == "forbidden":
            mine = [sq for sq in t.streets if self.owner[sq] == seat]
            hotel_groups = {t.group_of[sq] for sq in mine if self.level[sq] == HOTEL}
            # houses that can go back to the bank first: those in groups without a hotel
            spare = self.bank_houses + sum(self.level[sq] for sq in mine if t.group_of[sq] not in hotel_groups)
            if hotel_groups and spare < 4:
                blocked = hotel_groups
        total = 0
        railroads = self.rules.railroads_mortgageable
        for sq in t.properties:
            if self.owner[sq] == seat and t.group_of[sq] not in blocked:
                total += self.lot_value(sq)
                if not self.mortgaged[sq] and (railroads or t.kind[sq] != RAILROAD):
                    total += t.mortgage[sq]
        return total

    def total_worth(self, seat: int) -> int:
        """Cash + printed prices of all property, mortgaged too, + buildings at cost (polish 002:65)."""
        t = self.t
        total = self.cash[seat]
        for sq in t.properties:
            if self.owner[sq] == seat:
                total += t.price[sq] + self.level[sq] * t.house_cost[sq]
        return total

    def net_worth(self, seat: int) -> int:
        """Cash + printed prices (mortgage value for mortgaged ones) + buildings at cost."""
        if self.bankrupt[seat]:
            return 0
        total = self.cash[seat]
        t = self.t
        for sq in t.properties:
            if self.owner[sq] == seat:
                total += t.mortgage[sq] if self.mortgaged[sq] else t.price[sq]
                total += self.level[sq] * t.house_cost[sq]
        return total

    def rent_for(self, sq: int, dice_total: int, card_kind: str | None = None) -> int:
        """Rent owed to the owner of ``sq`` for a landing (0 if unowned or mortgaged)."""
        owner = self.owner[sq]
        if owner < 0 or self.mortgaged[sq]:
            return 0
        t = self.t
        kind = t.kind[sq]
        rules = self.rules
        if kind == STREET:
            level = self.level[sq]
            rent = t.rent[sq][level]
            if level == 0 and self._double_rent_full_set and self.has_full_group(owner, sq):
                members = t.members[sq]
                if rules.mortgage_blocks_double_rent and any(self.mortgaged[m] for m in members):
                    return rent
                if not rules.double_rent_in_built_group and any(self.level[m] for m in members):
                    return rent
                rent *= 2
            return rent
        count = sum(1 for m in t.members[sq] if self.owner[m] == owner)
        table = t.rent[sq]
        if kind == RAILROAD:
            rent = table[min(count, len(table)) - 1]
            if card_kind == RAILROAD:
                rent *= rules.card_railroad_multiplier
            return rent
        if kind == UTILITY:
            if card_kind == UTILITY and rules.card_utility_rent == "reroll_x10":
                return 10 * dice_total
            return table[min(count, len(table)) - 1] * dice_total
        return 0

    # ------------------------------------------------------------ property moves
    def _give_property(self, sq: int, giver: int, receiver: int) -> None:
        self.set_owner(sq, receiver)
        if self.events is not None:
            if giver < 0 and receiver >= 0:
                self.events.append(E.Bought(receiver, sq, 0))
            self.events.append(E.PropertyTransferred(sq, giver, receiver))

    def _receive_mortgaged(self, receiver: int, squares: list[int], then: str | None) -> bool:
        """Open the lift-now-or-pay-the-fee decisions for mortgaged properties received (H-15)."""
        squares = [sq for sq in squares if self.mortgaged[sq]]
        if not squares:
            return True
        self._push_chain([Decision(D.MORTGAGE_TRANSFER, receiver, sq) for sq in squares], then)
        return False

    def _problem_lift(self, seat: int, a: LiftMortgage) -> Problem | None:
        why = self._expect_problem(seat, D.MORTGAGE_TRANSFER, "deciding on a received mortgage")
        if why is not None:
            return why
        cost = self._transfer_cost(self.stack[-1].square, a.now)
        if a.now and self.cash[seat] < cost:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": cost, "cash": self.cash[seat]})
        return None

    def _do_lift(self, seat: int, a: LiftMortgage) -> None:
        d = self.stack.pop()
        cost = self._transfer_cost(d.square, a.now)
        if a.now:
            self._transfer(seat, BANK, cost, "unmortgage", d.square)
            self.mortgaged[d.square] = False
            if self.events is not None:
                self.events.append(E.Unmortgaged(seat, d.square, cost))
            self._resume(d.then)
            return
        if self._charge(seat, [(BANK, cost)], "transfer_fee", d.then, d.square):
            self._resume(d.then)

    # --- mortgages
    def _problem_mortgage(self, seat: int, a: Mortgage) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        rules = self.rules
        why = self._window_problem(seat, self._mortgage_timing, "mortgage-timing", "mortgaging", debt_ok=True)
        if why is not None:
            return why
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat:
            return ("mortgage-own-property", "you do not own {square}", {"square": str(sq)})
        if self.mortgaged[sq]:
            return (
                "already-mortgaged",
                "{square} is already mortgaged",
                {"square": self.edition.squares[sq].name},
            )
        if self.t.kind[sq] == RAILROAD and not rules.railroads_mortgageable:
            return (
                "railroad-not-mortgageable",
                "{square} cannot be mortgaged",
                {"square": self.edition.squares[sq].name},
            )
        if self._mortgage_only_in_debt and not self.in_debt(seat):
            return (
                "mortgage-only-for-a-debt",
                "property may be mortgaged only to cover a payment that is due",
                {},
            )
        level = self.level
        built = level[sq] > 0
        if not built and self._unbuilt_group_to_mortgage:
            for m in self.t.members[sq]:
                if level[m]:
                    built = True
                    break
        if built:
            return (
                "mortgage-sell-buildings-first",
                "sell the buildings of {square}'s colour group before mortgaging it",
                {"square": self.edition.squares[sq].name},
            )
        return None

    def _do_mortgage(self, seat: int, a: Mortgage) -> None:
        sq = a.square
        self.mortgaged[sq] = True
        amount = self.t.mortgage[sq]
        self._transfer(BANK, seat, amount, "mortgage", sq)
        if self.events is not None:
            self.events.append(E.Mortgaged(seat, sq, amount))

    def _problem_unmortgage(self, seat: int, a: Unmortgage) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        why = self._window_problem(seat, self._mortgage_timing, "mortgage-timing", "lifting a mortgage")
        if why is not None:
            return why
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat:
            return (
                "unmortgage-own-property",
                "only the owner can lift the mortgage on {square}",
                {"square": str(sq)},
            )
        if not self.mortgaged[sq]:
            return ("not-mortgaged", "{square} is not mortgaged", {"square": self.edition.squares[sq].name})
        cost = self.unmortgage_cost(sq)
        if self.cash[seat] < cost:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": cost, "cash": self.cash[seat]})
        return None

    def _do_unmortgage(self, seat: int, a: Unmortgage) -> None:
        sq = a.square
        cost = self.unmortgage_cost(sq)
        self._transfer(seat, BANK, cost, "unmortgage", sq)
        self.mortgaged[sq] = False
        if self.events is not None:
            self.events.append(E.Unmortgaged(seat, sq, cost))
