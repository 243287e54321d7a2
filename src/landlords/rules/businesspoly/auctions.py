"""Auctions: the start auction, the opening at half the price, bids above one's cash, and the
final call (000:383,413,481-483; B-17).
"""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine import events as E
from ...engine.actions import Bid
from ...engine.decision import AuctionState, Decision
from ...engine.errors import Problem
from ...engine.native import mypyc_attr
from .cards import CardsMixin


@mypyc_attr(allow_interpreted_subclasses=True)
class AuctionsMixin(CardsMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ set-up: the start auction (2.1)
    def _start_auction_phase(self) -> None:
        """000:413 «Перетасовываются все карты участков (документы) и продаются с аукциона первые 12»."""
        lots = list(self.t.properties)
        self.chance.shuffle(lots)
        self.bp_start_phase = True
        self._auction_batch(lots[: self.rules.start_auction_lots], "bp_start_done")

    # ------------------------------------------------------------ auctions (1.4)
    def _property_auction(self, sq: int, then: str | None, exclude: int = -1) -> None:
        bidders = self.seats_after(self.current)
        if self.bp_start_phase:  # the first player bids first
            bidders = bidders[-1:] + bidders[:-1]
        bidders = [b for b in bidders if b != exclude]
        low = self.bp_auction_min_bid
        percent = self.bp_auction_start_percent
        if percent:  # 000:481 «Аукцион всегда начинается с половины стоимости участка»
            low = max(low, -(-self.t.price[sq] * percent // 100))
        self.bp_out = []
        self.bp_final = []
        self._start_auction(sq, "property", bidders, low, then)

    def _auction_step(self, d: Decision) -> None:
        if self.bp_final:
            d.seat = self.bp_final[0]
            return
        a: AuctionState = d.data  # (typed: the compiled build reads its fields natively)
        bidders, high_bidder = a.bidders, a.high_bidder
        if not bidders or (len(bidders) == 1 and bidders[0] == high_bidder):  # the auction is won or over
            if high_bidder >= 0 and self.bp_final_call:
                # 000:481 «Этот оставшийся участник обязан переспросить у соперников, не возражают ли они»
                waiting = [s for s in self.bp_out if not self.bankrupt[s] and s != high_bidder]
                if waiting:
                    self.bp_final = waiting
                    d.seat = waiting[0]
                    return
            self.bp_out = []
        super()._auction_step(d)

    def bid_means(self, seat: int) -> int:
        if not self.bp_bid_above_cash:
            return self.cash[seat]
        return self.cash[seat] + self.liquidation_value(seat)  # what selling to the bank would raise

    def _problem_bid(self, seat: int, a: Bid) -> Problem | None:
        if not self.bp_bid_above_cash:
            return super()._problem_bid(seat, a)
        why = self._expect_problem(seat, D.AUCTION, "bidding")
        if why is not None:
            return why
        st: AuctionState = self.stack[-1].data
        low = st.high_bid + 1
        if st.min_bid > low:
            low = st.min_bid
        amount = a.amount  # (read once: a field of an interpreted class is a generic lookup)
        if type(amount) is not int or amount < low:  # (an int subclass such as bool is refused)
            return ("bid-too-low", "a bid must be at least {low}", {"low": low})
        return None

    def _do_bid(self, seat: int, a: Bid) -> None:
        if not self.bp_final:
            super()._do_bid(seat, a)
            return
        # a player who had passed objects at the final call and bids again (B-17)
        d = self.stack[-1]
        st: AuctionState = d.data
        self.bp_final = []
        self.bp_out.remove(seat)
        st.bidders.append(seat)
        st.high_bid, st.high_bidder = a.amount, seat
        st.turn = 0
        if self.events is not None:
            self.events.append(E.BidPlaced(seat, a.amount))
        self._auction_step(d)

    def _do_pass(self, seat: int, a: Any) -> None:
        if not self.bp_final:
            d = self.stack[-1]
            st: AuctionState = d.data
            for b in st.bidders:  # (``seat in st.bidders`` as a loop: compared natively when compiled)
                if b == seat:
                    self.bp_out.append(seat)
                    break
            super()._do_pass(seat, a)
            return
        d = self.stack[-1]
        self.bp_final.pop(0)
        if self.events is not None:
            self.events.append(E.BidderPassed(seat))
        if self.bp_final:
            d.seat = self.bp_final[0]
            return
        self.stack.pop()
        self.bp_out = []
        self._close_auction(d.data, d.then)
