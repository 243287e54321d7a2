"""The state «Бизнесполия» keeps beside the classic game's, and what every part of its rules reads of it.

The game class is built in layers, each a subclass of the one below (see engine/core.py):
``BusinesspolyBase`` <- ``CourtMixin`` (courts) <- ``OfficesMixin`` (offices, the building loan)
<- ``CardsMixin`` (the variant's cards) <- ``AuctionsMixin`` (the start auction, the final call)
<- ``DealsMixin`` (deals of any number of parties) <- ``LapMixin`` (the lap's salary and tax, the
mortgage deadline, lots sold to the bank) <- ``TurnMixin`` (the strict turn) <- :class:`~.game.BusinesspolyGame`.
"""

from __future__ import annotations

from ...engine.errors import ConfigError
from ...engine.game import Game
from ...engine.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class BusinesspolyBase(Game):
    """The classic game with the variant's state (written by positions under "variant")."""

    bp_intro: list[bool]
    bp_built: list[int]
    bp_laps: list[int]
    bp_lap: int
    bp_lap_amount: int
    bp_card_kind: str | None
    bp_company_dice: int
    bp_out: list[int]
    bp_final: list[int]
    bp_suits: int
    bp_due: list[int]
    bp_start_phase: bool
    bp_street_group: list[bool]
    # settings of the rules read on every bid, pass, build and turn, kept as native fields (reading a
    # Ruleset's attribute from compiled code is a generic lookup); derived, see ``derived_state``
    bp_bid_above_cash: bool
    bp_final_call: bool
    bp_build_limit: int
    bp_jail_cells: int
    bp_tax_streets_only: bool
    bp_lap_tax_per_group: int
    bp_auction_min_bid: int
    bp_auction_start_percent: int

    def _init_variant(self) -> None:
        rules, n, t = self.rules, self.n, self.t
        if rules.speed_die:
            raise ConfigError("businesspoly is played with two dice: the speed die is not part of it")
        # variant state: every attribute set here is written by positions and covered by the state hash
        # (engine/state.py writes it under "variant"); those in ``derived_state`` are left out
        self.bp_intro = [rules.start_mode == "intro_lap"] * n  # still on the introductory lap
        self.bp_built = [0] * n  # offices opened in this move (or turn, by build_limit_per)
        self.bp_laps = [0] * n  # laps completed
        self.bp_lap = -1  # the seat whose lap settlement waits (it reached Start in this move)
        self.bp_lap_amount = -1  # a card's sum for reaching Start (cards 11, 33); -1: the settlement
        self.bp_card_kind = None  # the card context of a landing that waits for the settlement
        self.bp_company_dice = 2  # dice rolled for the rent of the company of card 11
        self.bp_out = []  # bidders out of the running auction, in the order they passed
        self.bp_final = []  # bidders still to answer the auction's final call
        self.bp_suits = 0  # lawsuits filed at this landing
        self.bp_due = []  # mortgaged lots due at the lap being settled
        self.bp_start_phase = False  # the start auction is running
        self.bp_street_group = [bool(members) and t.is_street[members[0]] for members in t.group_members]
        self.bp_bid_above_cash = bool(rules.bid_above_cash)
        self.bp_final_call = bool(rules.auction_final_call)
        self.bp_build_limit = rules.max_builds_per_turn
        self.bp_jail_cells = rules.jail_cells
        self.bp_tax_streets_only = rules.lap_tax_groups == "streets"
        self.bp_lap_tax_per_group = rules.lap_tax_per_group
        self.bp_auction_min_bid = rules.auction_min_bid
        self.bp_auction_start_percent = rules.auction_start_percent

    # ------------------------------------------------------------ reading the position
    def groups_held(self, seat: int) -> int:
        """Groups (industries) in which ``seat`` holds a lot, mortgaged or not (000:435, B-1)."""
        streets_only = self.bp_tax_streets_only
        count = 0
        for g, held in enumerate(self.holdings[seat]):
            if held and (not streets_only or self.bp_street_group[g]):
                count += 1
        return count

    def industries(self, seat: int) -> int:
        """The number of industries (groups) in which ``seat`` holds a lot: what the lap tax counts."""
        return self.groups_held(seat)

    def lap_tax(self, seat: int) -> int:
        """What ``seat`` would pay at the lap settlement now (50 per industry, 000:435; B-1, B-2)."""
        rules = self.rules
        tax = self.bp_lap_tax_per_group * self.groups_held(seat)
        return tax if rules.lap_net_may_be_negative else min(tax, rules.salary)

    def laps(self, seat: int) -> int:
        """Laps ``seat`` has completed."""
        return self.bp_laps[seat]

    def court_fee(self, sq: int) -> int:
        """1.5 x the printed price, mortgaged or not (000:451), rounded up."""
        return -(-self.t.price[sq] * self.rules.court_fee_percent // 100)

    def suit_targets(self, seat: int) -> list[int]:
        """Lots ``seat`` may sue for: held by another player, in a group where ``seat`` holds a lot (B-7)."""
        t, owner = self.t, self.owner
        held = self.holdings[seat]
        streets_only = self.rules.court_scope == "streets"
        out = []
        for sq in t.properties:
            q = owner[sq]
            if q < 0 or q == seat:
                continue
            g = t.group_of[sq]
            if held[g] and (not streets_only or self.bp_street_group[g]):
                out.append(sq)
        return out

    def office_price(self, sq: int) -> int:
        """An office, or a business centre over four offices (B-14: one more office, by default)."""
        cost = self.t.house_cost[sq]
        return cost * self.rules.hotel_cost_houses if self.level[sq] == 4 else cost

    def lot_sale_value(self, sq: int) -> int:
        return 0 if self.mortgaged[sq] else self.t.price[sq] * self.rules.sell_to_bank_percent // 100

    def hotel_value(self, sq: int) -> int:
        """Closing a business centre returns half of what it cost over its four offices (B-14)."""
        return super().hotel_value(sq) * self.rules.hotel_cost_houses
