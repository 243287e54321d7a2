"""Buying from the bank and auctions.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    Bid,
    Buy,
    Decline,
    Pass,
)
from .decision import AuctionState, Decision
from .errors import Problem
from .events import BANK
from .holdings import Holdings
from .native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Market(Holdings):
    # ------------------------------------------------------------ auctions
    def _start_auction(self, sq: int, item: str, bidders: list[int], min_bid: int, then: str | None) -> None:
        bidders = [b for b in bidders if not self.bankrupt[b]]
        if self.events is not None:
            self.events.append(E.AuctionStarted(sq, item, min_bid))
        if not bidders:
            if self.events is not None:
                self.events.append(E.AuctionEnded(sq, -1, 0))
            self._resume(then)
            return
        state = AuctionState(sq, item, bidders, min_bid)
        self._push(Decision(D.AUCTION, bidders[0], sq, state, then))

    def _property_auction(self, sq: int, then: str | None, exclude: int = -1) -> None:
        bidders = [b for b in self.seats_after(self.current) if b != exclude]
        self._start_auction(sq, "property", bidders, self.rules.auction_min_bid, then)

    def _auction_step(self, d: Decision) -> None:
        """After a bid or a pass: end the auction or hand the turn to the next bidder."""
        a: AuctionState = d.data
        if not a.bidders or (len(a.bidders) == 1 and a.bidders[0] == a.high_bidder):
            self.stack.pop()
            self._close_auction(a, d.then)
            return
        a.turn %= len(a.bidders)
        if a.bidders[a.turn] == a.high_bidder:
            a.turn = (a.turn + 1) % len(a.bidders)
        d.seat = a.bidders[a.turn]

    def _close_auction(self, a: AuctionState, then: str | None) -> None:
        winner, price = a.high_bidder, a.high_bid
        if self.events is not None:
            self.events.append(E.AuctionEnded(a.square, winner, price if winner >= 0 else 0))
        if winner < 0:
            self._resume(then)
            return
        # A winner who spent cash during the auction owes the bid like any other debt.
        if a.item == "property":
            self._give_property(a.square, -1, winner)
            if self._charge(winner, [(BANK, price)], "auction", then, a.square):
                self._resume(then)
            return
        # a scarce building: the winner pays, then chooses where it goes
        self._push(Decision(D.PLACE_BUILDING, winner, -1, a.item, then))
        self._charge(winner, [(BANK, price)], "auction", None, a.square)

    # A batch of lots auctioned one after another (a bankrupt's lots, the start auction), then a
    # continuation. Batches nest: a bankruptcy during another batch's auctions opens its own batch on
    # top, which runs to its end first; each auction's "next_auction" belongs to the innermost batch.
    def _auction_batch(self, lots: list[int], then: str | None) -> None:
        self.auction_batches.append((list(lots), then))
        self._next_queued_auction()

    def _next_queued_auction(self) -> None:
        lots, then = self.auction_batches[-1]
        if lots:
            self._property_auction(lots.pop(0), "next_auction")
            return
        self.auction_batches.pop()
        self._resume(then)

    # --- buying and auctions
    def _problem_buy(self, seat: int, a: Buy) -> Problem | None:
        why = self._expect_problem(seat, D.BUY, "buying")
        if why is not None:
            return why
        price = self.t.price[self.stack[-1].square]
        if self.cash[seat] < price:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": price, "cash": self.cash[seat]})
        return None

    def _do_buy(self, seat: int, a: Buy) -> None:
        d = self.stack.pop()
        price = self.t.price[d.square]
        self._transfer(seat, BANK, price, "purchase", d.square)
        self.set_owner(d.square, seat)
        if self.events is not None:
            self.events.append(E.Bought(seat, d.square, price))
        self._resume(d.then)

    def _problem_decline(self, seat: int, a: Decline) -> Problem | None:
        return self._expect_problem(seat, D.BUY, "declining")

    def _do_decline(self, seat: int, a: Decline) -> None:
        d = self.stack.pop()
        if not self.rules.auctions:
            self._resume(d.then)
            return
        self._property_auction(d.square, d.then, exclude=-1 if self.rules.decliner_may_bid else seat)

    def bid_means(self, seat: int) -> int:
        """The most ``seat`` can answer for in a bid: its cash (a bid above it is refused); a
        variant whose bids may exceed one's cash answers what the seat could raise."""
        return self.cash[seat]

    def _problem_bid(self, seat: int, a: Bid) -> Problem | None:
        why = self._expect_problem(seat, D.AUCTION, "bidding")
        if why is not None:
            return why
        st: AuctionState = self.stack[-1].data
        low = max(st.min_bid, st.high_bid + 1)
        if not isinstance(a.amount, int) or a.amount < low:
            return ("bid-too-low", "a bid must be at least {low}", {"low": low})
        if a.amount > self.cash[seat]:
            return (
                "bid-above-cash",
                "you cannot bid {bid}: you have {cash}",
                {"bid": a.amount, "cash": self.cash[seat]},
            )
        return None

    def _do_bid(self, seat: int, a: Bid) -> None:
        d = self.stack[-1]
        st: AuctionState = d.data
        amount = a.amount  # (read once: a field of an interpreted class is a generic lookup)
        st.high_bid, st.high_bidder = amount, seat
        st.bids.append((seat, amount))
        if self.events is not None:
            self.events.append(E.BidPlaced(seat, amount))
        st.turn = (st.turn + 1) % len(st.bidders)
        self._auction_step(d)

    def _problem_pass(self, seat: int, a: Pass) -> Problem | None:
        return self._expect_problem(seat, D.AUCTION, "passing")

    def _do_pass(self, seat: int, a: Pass) -> None:
        d = self.stack[-1]
        st: AuctionState = d.data
        if seat in st.bidders:  # (the decider is the bidder at ``turn``; by value, so a stale turn cannot fail)
            i = st.bidders.index(seat)
            st.bidders.pop(i)
            if i < st.turn:
                st.turn -= 1
        if self.events is not None:
            self.events.append(E.BidderPassed(seat))
        self._auction_step(d)
