"""The game class of «Бизнесполия»: its state, what it reads from the position, bankruptcy, the
legal actions and the record; the rules themselves are the mixins of this package."""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine.actions import ACCEPT, PASS, REJECT, Bid, Build
from ...engine.decision import Debt, Decision
from ...engine.game import Game
from ...engine.native import mypyc_attr
from ...engine.state_load import decision_problem
from .actions import FORFEIT_LOT, REDEEM_LOT, WAIVE, ProposeDeal, SellLot, SettleMortgage, Sue, Waive
from .decisions import BUILDING_LOAN, COURT, DEAL_RESPONSE, REDEEM, Deal, Lawsuit
from .turn import TurnMixin


@mypyc_attr(allow_interpreted_subclasses=True)
class BusinesspolyGame(TurnMixin):
    """The classic engine with the businesspoly hooks overridden (see the module docstring)."""

    handler_names = {  # noqa: RUF012 - a ClassVar, declared on Game (engine/game.py)
        **Game.handler_names,
        Sue: ("_problem_sue", "_do_sue"),
        Waive: ("_problem_waive", "_do_waive"),
        SettleMortgage: ("_problem_settle", "_do_settle"),
        SellLot: ("_problem_sell_lot", "_do_sell_lot"),
        ProposeDeal: ("_problem_deal", "_do_deal"),
    }
    turn_continuations = Game.turn_continuations | {"bp_land", "bp_lap_mortgages"}
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
    derived_state = frozenset(
        {
            "bp_street_group",
            "bp_bid_above_cash",
            "bp_final_call",
            "bp_build_limit",
            "bp_jail_cells",
            "bp_tax_streets_only",
            "bp_lap_tax_per_group",
            "bp_auction_min_bid",
            "bp_auction_start_percent",
        }
    )
    decision_kinds = Game.decision_kinds | {COURT, BUILDING_LOAN, REDEEM, DEAL_RESPONSE}
    continuations = Game.continuations | {"bp_land", "bp_lap_mortgages", "bp_start_done"}

    def _opened(self) -> None:
        if self.rules.start_mode == "start_auction" and not self.over:
            self._start_auction_phase()

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
            if self.is_legal(seat, REDEEM_LOT):
                yield REDEEM_LOT
            yield FORFEIT_LOT
        elif kind == DEAL_RESPONSE:
            if self.is_legal(seat, ACCEPT):
                yield ACCEPT
            yield REJECT
        elif kind == D.AUCTION and self.bp_bid_above_cash:
            a = d.data
            # any bid of at least the lowest is legal, even one the bidder cannot pay (000:483: it
            # sells to the bank or goes bankrupt); the listed bid stands for them all
            yield Bid(max(a.min_bid, a.high_bid + 1))
            yield PASS
        else:
            yield from super()._decision_actions(d)

    def _free_actions(self, seat: int) -> Any:
        yield from super()._free_actions(seat)
        sell = self._listing_handler(SellLot, self.in_debt(seat)) if self.rules.sell_to_bank_percent else None
        if sell is not None:
            for sq in self.t.properties:
                if self.owner[sq] == seat and self.own_problem(sell, seat, action := SellLot(sq)) is None:
                    yield action

    def position_problem(self, d: Decision) -> str | None:
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
        return super().position_problem(d)

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
