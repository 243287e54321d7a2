"""Bankruptcy and the end of the game.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    DeclareBankruptcy,
    TimeOut,
)
from .decision import AuctionState, Debt, Decision
from .errors import Problem
from .events import BANK
from .native import mypyc_attr
from .trading import Trading


@mypyc_attr(allow_interpreted_subclasses=True)
class Bankruptcy(Trading):
    # ------------------------------------------------------------ bankruptcy
    def _go_bankrupt(self, p: int, d: Decision | None) -> None:  # noqa: C901 - the order of a bankruptcy's steps, read top to bottom
        """``p`` leaves the game, owing the debt of ``d`` (None: ran out of time, owes the bank)."""
        rules = self.rules
        debt: Debt | None = d.data if d is not None else None
        creditors = [(party, amount) for party, amount in (debt.creditors if debt else []) if party >= 0]
        creditors = [(party, amount) for party, amount in creditors if not self.bankrupt[party]]
        creditor = creditors[0][0] if creditors else BANK
        bank_takes_all = creditor < 0 or rules.bankruptcy_to_player == "bank_pays_creditor"
        self.claims = [c for c in self.claims if c.owner != p and c.payer != p]
        props = self.owned_by(p)
        self._emit(E.WentBankrupt, p, creditor)
        self.bankrupt[p] = True
        self.bankrupt_order.append(p)
        for sq in props:  # buildings go back to the bank (sold at the sell-back price for a creditor)
            level = self.level[sq]
            if level:
                if not bank_takes_all:
                    pct = rules.bankrupt_building_percent
                    value = self.lot_value(sq) if pct is None else self.t.house_cost[sq] * level * pct // 100
                    self._transfer(BANK, p, value, "building_sale", sq)
                self._return_buildings(sq)
        if not bank_takes_all:
            self._transfer(p, creditor, self.cash[p], "bankruptcy")
            for sq in props:
                self._give_property(sq, p, creditor)
            for deck in self.jail_cards[p]:
                self.jail_cards[creditor].append(deck)
                self._emit(E.JailCardTransferred, deck, p, creditor)
        else:
            self._transfer(p, BANK, self.cash[p], "bankruptcy")
            for party, amount in creditors:  # the bank pays each creditor what was owed (digital 001:131)
                self._transfer(BANK, party, amount, "bankruptcy")
            for deck in self.jail_cards[p]:
                self._return_jail_card(deck)
                self._emit(E.JailCardTransferred, deck, p, -1)
            for sq in props:
                self.mortgaged[sq] = False
                self._give_property(sq, p, -1)
        self.jail_cards[p] = []
        # The bankrupt player's own decisions disappear (the debt among them). A continuation one
        # of them carried passes to the next decision still open above it, which is answered
        # before it would have been; with none left, it runs now.
        carried: str | None = None
        kept: list[Decision] = []
        for x in self.stack:  # bottom to top
            if x.seat == p and x.kind != D.AUCTION:
                if x.then and carried is None:
                    carried = x.then
                continue
            if carried is not None and x.then is None:
                x.then, carried = carried, None
            kept.append(x)
        self.stack[:] = kept
        for x in list(self.stack):
            if x.kind == D.AUCTION and (p in x.data.bidders or x.seat == p):  # (a final call asks a non-bidder)
                self._drop_bidder(x, p)
        alive = self.alive()
        if len(alive) == 1:
            self._game_over(alive[0], "last_player")
            return
        # The current player's turn ends; a continuation of the turn it carried (finishing its move)
        # is void, but one of the game's (the next auction of a batch, a shortage) still runs first.
        then = carried
        if p == self.current and (carried is None or carried in self.turn_continuations):
            then = "end_turn"
        if not bank_takes_all:
            mortgaged = [sq for sq in props if self.mortgaged[sq]]
            if mortgaged and not self._receive_mortgaged(creditor, mortgaged, then):
                return
        elif rules.auctions and props and rules.bankrupt_property_to_bank == "auction":
            self._auction_batch(props, then)
            return
        self._resume(then)

    def _drop_bidder(self, d: Decision, p: int) -> None:
        a: AuctionState = d.data
        if p in a.bidders:
            i = a.bidders.index(p)
            a.bidders.pop(i)
            if i < a.turn:
                a.turn -= 1
        if a.high_bidder == p:  # the best standing bid of those still in the game stands
            standing = [(amount, seat) for seat, amount in a.bids if seat != p and not self.bankrupt[seat]]
            a.high_bid, a.high_bidder = max(standing, default=(0, -1))
        if self.stack and self.stack[-1] is d:
            self._auction_step(d)
        elif a.bidders:
            a.turn %= len(a.bidders)
            d.seat = a.bidders[a.turn]

    def _return_jail_card(self, deck_id: str) -> None:
        cards = self.edition.decks[deck_id].cards
        for i, card in enumerate(cards):
            if card.effect == "jail_free" and i not in self.decks[deck_id]:
                self.decks[deck_id].append(i)
                return

    def finish_by_net_worth(self, reason: str) -> None:
        """End the game now from outside (a time limit, a simulation's turn cap): the richest
        player wins. Recorded as ``finished_by`` so that a replay ends the same way."""
        if self.over:
            return
        self.finished_by = reason
        self._finish_by_net_worth(reason)

    def _finish_by_net_worth(self, reason: str) -> None:
        alive = self.alive()
        winner = max(alive, key=lambda p: (self.net_worth(p), -p))
        self._game_over(winner, reason)

    def _game_over(self, winner: int, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.stack.clear()
        self._emit(E.GameOver, winner, reason)

    # --- debts
    def _problem_bankrupt(self, seat: int, a: DeclareBankruptcy) -> Problem | None:
        why = self._expect_problem(seat, D.DEBT, "declaring bankruptcy")
        if why is not None:
            return why
        need = self.stack[-1].data.amount
        can = self.cash[seat] + self.liquidation_value(seat)
        if can >= need:
            return (
                "no-bankruptcy-while-able-to-pay",
                "you can still raise {have} by selling buildings and mortgaging, enough for {need}",
                {"have": can, "need": need},
            )
        return None

    def _do_bankrupt(self, seat: int, a: DeclareBankruptcy) -> None:
        self._go_bankrupt(seat, self.stack[-1])

    # --- time
    def _problem_time_out(self, seat: int, a: TimeOut) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        rules = self.rules
        if rules.player_time_minutes is not None:
            return None  # a player's own time budget can run out at any moment
        if not rules.timeout_bankrupt:
            return ("no-time-limit", "this ruleset has no time limit to run out", {})
        d = self.stack[-1] if self.stack else None
        if d is None or d.seat != seat:
            decider = self.names[d.seat] if d is not None else "-"
            return (
                "not-your-turn",
                "it is {decider}'s decision, not {player}'s",
                {"decider": decider, "player": self.names[seat]},
            )
        return None

    def _do_time_out(self, seat: int, a: TimeOut) -> None:
        """The seat ran out of time (digital 001:133, polish 002:111): bankrupt to the bank."""
        self._go_bankrupt(seat, None)
