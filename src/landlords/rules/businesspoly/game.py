"""The game class of «Бизнесполия»: its state, what it reads from the position, bankruptcy, the
legal actions and the record; the rules themselves are the mixins of this package."""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine.actions import ACCEPT, PASS, REJECT, Bid, Build
from ...engine.decision import Debt, Decision
from ...engine.errors import ConfigError
from ...engine.game import Game
from ...engine.state_load import decision_problem
from .actions import WAIVE, ProposeDeal, SellLot, SettleMortgage, Sue, Waive
from .auctions import AuctionsMixin
from .cards import CardsMixin
from .court import CourtMixin
from .deals import DealsMixin
from .decisions import BUILDING_LOAN, COURT, DEAL_RESPONSE, REDEEM, Deal, Lawsuit
from .lap import LapMixin
from .offices import OfficesMixin
from .turn import TurnMixin


class BusinesspolyGame(TurnMixin, LapMixin, DealsMixin, AuctionsMixin, OfficesMixin, CourtMixin, CardsMixin, Game):
    """The classic engine with the businesspoly hooks overridden (see the module docstring)."""

    _handler_names = {
        **Game._handler_names,
        Sue: ("_problem_sue", "_do_sue"),
        Waive: ("_problem_waive", "_do_waive"),
        SettleMortgage: ("_problem_settle", "_do_settle"),
        SellLot: ("_problem_sell_lot", "_do_sell_lot"),
        ProposeDeal: ("_problem_deal", "_do_deal"),
    }
    _turn_continuations = Game._turn_continuations | {"bp_land", "bp_lap_mortgages"}
    card_effects = Game.card_effects | {
        "begging",
        "collect_from_each_able",
        "pay_per_thousand",
        "pay_percent",
        "nearest_company",
        "double_cash_below",
        "collect_and_go_to_jail",
        "lawyer",
        "collect_and_move",
        "pay_insured",
        "collect_if_below",
        "casino",
        "building_loan",
        "go_to_start",
        "collect_if_no_buildings",
    }

    # computed from the edition: not state (see engine/state.py)
    derived_state = frozenset({"bp_street_group"})
    decision_kinds = Game.decision_kinds | {COURT, BUILDING_LOAN, REDEEM, DEAL_RESPONSE}
    continuations = Game.continuations | {"bp_land", "bp_lap_mortgages", "bp_start_done"}

    def __init__(self, edition: Any, rules: Any, players: Any, seed: int | None = None, **options: Any) -> None:
        if rules.speed_die:
            raise ConfigError("businesspoly is played with two dice: the speed die is not part of it")
        n = players if isinstance(players, int) else len(players)
        # variant state: every attribute set here is written by positions and covered by the state hash
        # (engine/state.py writes it under "variant"); those in ``derived_state`` are left out
        self.bp_intro = [rules.start_mode == "intro_lap"] * n  # still on the introductory lap
        self.bp_built = [0] * n  # offices opened in this move (or turn, by build_limit_per)
        self.bp_laps = [0] * n  # laps completed
        self.bp_lap = -1  # the seat whose lap settlement waits (it reached Start in this move)
        self.bp_lap_amount = -1  # a card's sum for reaching Start (cards 11, 33); -1: the settlement
        self.bp_card_kind: str | None = None  # the card context of a landing that waits for the settlement
        self.bp_company_dice = 2  # dice rolled for the rent of the company of card 11
        self.bp_out: list[int] = []  # bidders out of the running auction, in the order they passed
        self.bp_final: list[int] = []  # bidders still to answer the auction's final call
        self.bp_suits = 0  # lawsuits filed at this landing
        self.bp_due: list[int] = []  # mortgaged lots due at the lap being settled
        self.bp_start_phase = False  # the start auction is running
        super().__init__(edition, rules, players, seed, **options)
        t = self.t
        self.bp_street_group = [bool(members) and t.is_street[members[0]] for members in t.group_members]
        if rules.start_mode == "start_auction" and options.get("opening", True) and not self.over:
            self._start_auction_phase()

    # ------------------------------------------------------------ reading the position
    def groups_held(self, seat: int) -> int:
        """Groups (industries) in which ``seat`` holds a lot, mortgaged or not (000:435, B-1)."""
        streets_only = self.rules.lap_tax_groups == "streets"
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
        tax = rules.lap_tax_per_group * self.groups_held(seat)
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

    # ------------------------------------------------------------ bankruptcy (000:519)
    def _go_bankrupt(self, p: int, d: Decision | None) -> None:
        """A tenant pays what cash they have; the bank pays the owner the shortfall («хозяин получает всю
        недостающую сумму из банка»). Other creditors (the bank) simply lose the rest (B-20)."""
        if d is not None and isinstance(d.data, Debt) and self.rules.bankruptcy_to_player == "bank_pays_creditor":
            debt: Debt = d.data
            if len(debt.creditors) == 1:
                creditor, amount = debt.creditors[0]
                if creditor >= 0 and not self.bankrupt[creditor]:
                    paid = min(self.cash[p], amount)
                    self._transfer(p, creditor, paid, debt.reason, debt.square)
                    debt.creditors = [(creditor, amount - paid)]
        # out of the running auction's final call first, so that the auction asks the next one
        if p in self.bp_out:
            self.bp_out.remove(p)
        if p in self.bp_final:
            self.bp_final.remove(p)
            if not self.bp_final:
                self.bp_out = []  # everyone else has answered: the auction closes
        super()._go_bankrupt(p, d)

    # ------------------------------------------------------------ legal actions and the record
    def _decision_actions(self, d: Decision) -> Any:
        kind, seat = d.kind, d.seat
        if kind == COURT:
            for sq in self.suit_targets(seat):
                if self.cash[seat] >= self.court_fee(sq):
                    yield Sue(sq)
            yield WAIVE
        elif kind == BUILDING_LOAN:
            for sq in self.t.streets:
                if self.owner[sq] == seat and self._loan_problem(seat, sq, d.data) is None:
                    yield Build(sq)
            yield WAIVE
        elif kind == REDEEM:
            if self.is_legal(seat, SettleMortgage(True)):
                yield SettleMortgage(True)
            yield SettleMortgage(False)
        elif kind == DEAL_RESPONSE:
            if self.is_legal(seat, ACCEPT):
                yield ACCEPT
            yield REJECT
        elif kind == D.AUCTION and self.rules.bid_above_cash:
            a = d.data
            low = max(a.min_bid, a.high_bid + 1)
            # any bid is legal; the one listed is one the bidder could still pay by selling to the bank
            if self.cash[seat] + self.liquidation_value(seat) >= low:
                yield Bid(low)
            yield PASS
        else:
            yield from super()._decision_actions(d)

    def _free_actions(self, seat: int) -> Any:
        yield from super()._free_actions(seat)
        sell = self._listing_check(SellLot, self.in_debt(seat)) if self.rules.sell_to_bank_percent else None
        if sell is not None:
            for sq in self.t.properties:
                if self.owner[sq] == seat and sell(self, seat, action := SellLot(sq)) is None:
                    yield action

    def _position_problem(self, d: Decision) -> str | None:
        if d.kind == D.AUCTION and self.bp_final:  # the final call (B-17): those who passed answer
            if d.seat != self.bp_final[0]:
                return "at the final call the auction waits for the first who passed"
            return decision_problem(self, d, final_call=True)
        if d.kind == COURT and not isinstance(d.data, Lawsuit):
            return "a court decision carries its Lawsuit"
        if d.kind == DEAL_RESPONSE and not isinstance(d.data, Deal):
            return "a deal answer carries its Deal"
        if d.kind == BUILDING_LOAN and not (type(d.data) is int and 0 <= d.data <= 100):
            return "a building loan carries its percentage"
        if d.kind == REDEEM and (d.square < 0 or not self.t.is_property[d.square]):
            return "a redeem decision is about a lot"
        return super()._position_problem(d)

    def variant_violations(self) -> list[str]:
        n, size = self.n, self.size
        if not all(0 <= s < n for s in self.bp_out + self.bp_final) or not -1 <= self.bp_lap < n:
            return ["an auction's or a lap's seat is not a seat of the game"]
        if not all(0 <= sq < size for sq in self.bp_due) or self.bp_company_dice not in (1, 2, 3):
            return ["a lot due is not a square of the board, or the company dice are not 1-3"]
        out = []
        if any(s not in self.bp_out for s in self.bp_final):
            out.append("a bidder at the final call did not pass")
        rules = self.rules
        limit = rules.max_builds_per_turn + (0 if rules.building_loan_counts else 1)
        for p in range(self.n):
            if rules.jail_cells and self.in_jail[p] and self.jail_turns[p] >= rules.jail_cells:
                out.append(f"seat {p} is beyond the last jail cell ({self.jail_turns[p]})")
            if rules.max_builds_per_turn and self.bp_built[p] > limit:
                out.append(f"seat {p} opened {self.bp_built[p]} offices in one move")
            if self.bp_intro[p] and (rules.start_mode != "intro_lap" or self.in_jail[p] or self.bp_laps[p]):
                out.append(f"seat {p} is on the introductory lap out of place")
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind in (D.PRE_ROLL, D.POST_ROLL):
            if self.bp_lap >= 0 or self.bp_lap_amount >= 0 or self.bp_due:
                out.append("a lap settlement was left unfinished")
        if any(self.bankrupt[s] for s in self.bp_out + self.bp_final):
            out.append("a bankrupt player is still in an auction")
        return out
