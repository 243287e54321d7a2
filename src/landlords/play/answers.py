"""The numbered answers to the pending question: "bid another amount" after a bid, businesspoly's
final call (what passing does, and leaving the auction for good with one answer), the bid typed,
and "counter-offer" beside rejecting an offer."""

from __future__ import annotations

from ..describe.labels import speaker
from ..engine import decision as D
from ..engine.actions import Action, Bid, Pass, Reject
from .base import AppParts
from .prompts import Entry


class Answers(AppParts):
    left_auction: set[tuple[int, int]]

    def answer_entries(self, seat: int, d: D.Decision, answers: list[Action]) -> list[Entry]:
        """The numbered answers, with "bid another amount" after a bid and, where the ruleset has a
        final call (businesspoly), what passing does and a way to leave the auction at once."""
        entries = []
        for a in answers:
            if isinstance(a, Pass) and self.has_final_call(d):
                if self.final_call(d):
                    entries.append(Entry(self.t("ui.pass_final_call"), a))
                    continue
                entries.append(Entry(self.t("ui.pass_for_now"), a))
                entries.append(Entry(self.t("ui.pass_for_good"), ask=lambda s=seat, d=d: self.leave_auction(s, d)))
                continue
            entries.append(Entry(self.label(seat, a), a))
            if isinstance(a, Bid):
                entries.append(Entry(self.t("ui.bid_other"), ask=lambda s=seat: self.ask_bid(s)))
            if isinstance(a, Reject) and d.kind == D.TRADE_RESPONSE:  # answer with a changed offer
                entries.append(Entry(self.t("ui.counter_offer"), ask=lambda s=seat, d=d: self.counter_offer(s, d)))
        return entries

    def has_final_call(self, d: D.Decision) -> bool:
        return d.kind == D.AUCTION and bool(getattr(self.game.rules, "auction_final_call", False))

    def final_call(self, d: D.Decision) -> bool:
        """Is this the auction's final call: a seat that passed is asked whether it objects?"""
        return self.has_final_call(d) and isinstance(d.data, D.AuctionState) and d.seat not in d.data.bidders

    def leave_auction(self, seat: int, d: D.Decision) -> Action:
        self.left_auction.add((id(d.data), seat))
        return Pass()

    def auction_words(self, d: D.Decision) -> dict[str, str]:
        a = d.data
        lot = speaker(self.game, self.lang).square(a.square) if a.item == "property" else None
        what = lot if lot is not None else self.t("ui.auction_item")
        bidder = self.name(a.high_bidder) if a.high_bidder >= 0 else ""
        return {"what": what, "bidder": bidder, "high": self.money(a.high_bid)}

    def ask_bid(self, seat: int) -> Action | None:
        game = self.game
        a = game.decision.data
        low = max(a.min_bid, a.high_bid + 1)
        high = max(low, game.cash[seat])
        if game.rules.bid_above_cash:
            high = max(high, game.cash[seat] + game.liquidation_value(seat))
        amount = self.ask_amount(
            seat, self.t("ui.ask_bid", low=self.money(low), high=self.money(high)), low, high, None
        )
        return Bid(amount) if amount is not None else None
