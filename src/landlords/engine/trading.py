"""Trades between players.

A part of :class:`landlords.engine.game.Game`, kept in its own module for legibility; it uses
the state that ``Game.__init__`` sets up.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    Accept,
    Action,
    ProposeTrade,
)
from .decision import Decision, Trade
from .errors import IllegalAction


class Trading:
    # --- trades
    def _check_trade(self, seat: int, a: ProposeTrade) -> None:
        self._alive_check(seat)
        q = a.partner
        if not isinstance(q, int) or not 0 <= q < self.n or q == seat or self.bankrupt[q]:
            raise IllegalAction("trade-partner", "trade with another player still in the game")
        if any(d.kind == D.TRADE_RESPONSE for d in self.stack):
            raise IllegalAction("one-trade-at-a-time", "another offer is waiting for an answer")
        if self._shortage is not None:
            raise IllegalAction("shortage-auction", "wait until the scarce buildings are shared out")
        if not self.rules.trade_in_debt and any(d.kind == D.DEBT and d.seat == seat for d in self.stack):
            raise IllegalAction(
                "no-trade-in-debt", "while raising cash for a debt you may sell and mortgage, not trade"
            )
        self._check_window(seat, self.rules.trade_timing, "trade-timing", "proposing a trade")
        if not (
            a.give_properties or a.give_cash or a.give_cards or a.take_properties or a.take_cash or a.take_cards
        ):
            raise IllegalAction("empty-trade", "the offer is empty")
        for side, props, cash, cards in (
            (seat, a.give_properties, a.give_cash, a.give_cards),
            (q, a.take_properties, a.take_cash, a.take_cards),
        ):
            who = self.names[side]
            if not isinstance(cash, int) or cash < 0:
                raise IllegalAction("trade-cash", "{player} cannot give {amount} in cash", player=who, amount=cash)
            if cash > self.cash[side]:
                raise IllegalAction("trade-cash", "{player} cannot give {amount} in cash", player=who, amount=cash)
            if len(set(props)) != len(props):
                raise IllegalAction("trade-property", "{player} cannot trade {square}", player=who, square="x2")
            for sq in props:
                if not isinstance(sq, int) or not 0 <= sq < self.size or self.owner[sq] != side:
                    raise IllegalAction(
                        "trade-property", "{player} cannot trade {square}", player=who, square=str(sq)
                    )
                if self.mortgaged[sq] and not self.rules.trade_mortgaged:
                    raise IllegalAction(
                        "no-trading-mortgaged",
                        "{square} is mortgaged: it cannot be sold",
                        square=self.edition.squares[sq].name,
                    )
                if any(self.level[m] for m in self.t.members[sq]):
                    raise IllegalAction(
                        "trade-no-buildings-in-group",
                        "{square}: sell the group's buildings to the bank before trading any of its lots",
                        square=self.edition.squares[sq].name,
                    )
            held = list(self.jail_cards[side])
            for deck in cards:
                if deck not in held:
                    raise IllegalAction(
                        "trade-jail-card", "{player} has no jail card from {deck}", player=who, deck=str(deck)
                    )
                held.remove(deck)
        if self.rules.trade_price_cap:
            for props, cash in ((a.give_properties, a.take_cash), (a.take_properties, a.give_cash)):
                if props and cash > sum(2 * self.t.price[sq] + 100 for sq in props):
                    raise IllegalAction(
                        "trade-price-cap", "a property may be sold for at most twice its price + 100"
                    )

    def _do_trade(self, seat: int, a: ProposeTrade) -> None:
        trade = Trade(
            seat,
            a.partner,
            tuple(a.give_properties),
            a.give_cash,
            tuple(a.give_cards),
            tuple(a.take_properties),
            a.take_cash,
            tuple(a.take_cards),
        )
        self._emit(E.TradeProposed, seat, a.partner, a.to_json())
        self._push(Decision(D.TRADE_RESPONSE, a.partner, -1, trade))

    def _check_answer(self, seat: int, a: Action) -> None:
        d = self._expect(seat, D.TRADE_RESPONSE, "answering an offer")
        if isinstance(a, Accept):
            # the offer may have gone stale (cash spent, property sold...)
            self._check_stale(d.data)

    def _check_stale(self, tr: Trade) -> None:
        for side, props, cash, cards in (
            (tr.proposer, tr.give_properties, tr.give_cash, tr.give_cards),
            (tr.partner, tr.take_properties, tr.take_cash, tr.take_cards),
        ):
            if cash > self.cash[side] or any(self.owner[sq] != side for sq in props):
                raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")
            held = list(self.jail_cards[side])
            for deck in cards:
                if deck not in held:
                    raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")
                held.remove(deck)

    def _do_answer(self, seat: int, a: Action) -> None:
        d = self.stack.pop()
        tr: Trade = d.data
        accepted = isinstance(a, Accept)
        self._emit(E.TradeAnswered, seat, accepted)
        if not accepted:
            return
        p, q = tr.proposer, tr.partner
        for sq in tr.give_properties:
            self._give_property(sq, p, q)
        for sq in tr.take_properties:
            self._give_property(sq, q, p)
        if tr.give_cash:
            self._transfer(p, q, tr.give_cash, "trade")
        if tr.take_cash:
            self._transfer(q, p, tr.take_cash, "trade")
        for deck in tr.give_cards:
            self.jail_cards[p].remove(deck)
            self.jail_cards[q].append(deck)
            self._emit(E.JailCardTransferred, deck, p, q)
        for deck in tr.take_cards:
            self.jail_cards[q].remove(deck)
            self.jail_cards[p].append(deck)
            self._emit(E.JailCardTransferred, deck, q, p)
        # whoever receives mortgaged property decides: lift now, or pay the fee (H-15)
        self._receive_mortgaged(p, list(tr.take_properties), None)
        self._receive_mortgaged(q, list(tr.give_properties), None)
