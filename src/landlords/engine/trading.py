"""Trades between players.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from . import decision as D
from . import events as E
from .actions import (
    Accept,
    Action,
    ProposeTrade,
)
from .buildings import Buildings
from .decision import Decision, Trade
from .errors import Problem
from .native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Trading(Buildings):
    # --- trades
    def may_propose_trade(self, seat: int) -> bool:
        """Whether ``seat`` may propose a trade now, whatever it offers (for menus: trades are not
        enumerated by ``legal_actions``); the offer itself is checked by :meth:`check`."""
        if self.over or self.bankrupt[seat]:
            return False
        return self._trade_moment_problem(seat) is None

    def _problem_trade(self, seat: int, a: ProposeTrade) -> Problem | None:
        return (
            self._alive_problem(seat)
            or self._trade_moment_problem(seat)
            or self._trade_problem(_trade_of(seat, a))
        )

    def _trade_moment_problem(self, seat: int) -> Problem | None:
        """Why no offer may be made now at all (the timing, another offer waiting, a debt), or None."""
        if any(d.kind == D.TRADE_RESPONSE for d in self.stack):
            return ("one-trade-at-a-time", "another offer is waiting for an answer", {})
        if self.shortage is not None:
            return ("shortage-auction", "wait until the scarce buildings are shared out", {})
        if not self.rules.trade_in_debt and self.in_debt(seat):
            return ("no-trade-in-debt", "while raising cash for a debt you may sell and mortgage, not trade", {})
        return self._window_problem(seat, self.rules.trade_timing, "trade-timing", "proposing a trade")

    def _trade_problem(self, tr: Trade) -> Problem | None:
        """Why a two-party offer cannot be carried out now, or None: checked when it is proposed and
        again, as a whole, when it is accepted (it may have waited while the position changed)."""
        p, q = tr.proposer, tr.partner
        if q == p or self.bankrupt[q]:
            return ("trade-partner", "trade with another player still in the game", {})
        properties = tuple((sq, p, q) for sq in tr.give_properties) + tuple(
            (sq, q, p) for sq in tr.take_properties
        )
        cash: tuple[tuple[int, int, int], ...] = ((p, q, tr.give_cash),) if tr.give_cash else ()
        if tr.take_cash:
            cash += ((q, p, tr.take_cash),)
        cards = tuple((deck, p, q) for deck in tr.give_cards) + tuple((deck, q, p) for deck in tr.take_cards)
        why = self._offer_problem(p, properties, cash, cards)
        if why is not None:
            return why
        if self.rules.trade_price_cap:
            for props, price in ((tr.give_properties, tr.take_cash), (tr.take_properties, tr.give_cash)):
                if props and price > sum(2 * self.t.price[sq] + 100 for sq in props):
                    return ("trade-price-cap", "a property may be sold for at most twice its price + 100", {})
        return None

    def _offer_problem(  # noqa: C901 - the rules an offer must pass, in the order they are reported
        self,
        proposer: int,
        properties: tuple[tuple[int, int, int], ...],
        cash: tuple[tuple[int, int, int], ...],
        cards: tuple[tuple[str, int, int], ...],
    ) -> Problem | None:
        """Why an offer between any number of players cannot be carried out now, or None.

        ``properties``: ``(square, giver, receiver)``; ``cash``: ``(payer, payee, amount)``; ``cards``:
        ``(deck, giver, receiver)``. The one check of what is traded, shared by the classic trade and
        the variants' deals, when proposed and when accepted: every party still in the game, every lot
        held by its giver and tradeable under the rules (mortgaged, buildings in its group), every card
        held, every payer able to pay, and a party in debt only raising cash."""
        names, rules = self.names, self.rules
        partner: Problem = ("trade-partner", "trade with another player still in the game", {})
        if not (properties or cash or cards):
            return ("empty-trade", "the offer is empty", {})
        if self.bankrupt[proposer]:
            return partner
        # (plain loops and a flag per seat: the check runs at every offer a bot weighs)
        party = [False] * self.n
        net = [0] * self.n
        level = self.level
        for sq, giver, to in properties:
            if giver < 0 or self.owner[sq] != giver:
                who = names[giver] if giver >= 0 else names[proposer]
                return ("trade-property", "{player} cannot trade {square}", {"player": who, "square": str(sq)})
            if to == giver or self.bankrupt[to]:
                return partner
            if self.mortgaged[sq] and not rules.trade_mortgaged:
                square = self.edition.squares[sq].name
                return ("no-trading-mortgaged", "{square} is mortgaged: it cannot be sold", {"square": square})
            for m in self.t.members[sq]:
                if level[m]:
                    return (
                        "trade-no-buildings-in-group",
                        "{square}: sell the group's buildings to the bank before trading any of its lots",
                        {"square": self.edition.squares[sq].name},
                    )
            party[giver] = party[to] = True
        for frm, to, amount in cash:
            if frm == to or self.bankrupt[frm] or self.bankrupt[to]:
                return partner
            net[frm] -= amount
            net[to] += amount
            party[frm] = party[to] = True
        if cards:
            held = [list(c) for c in self.jail_cards]
            for deck, frm, to in cards:
                if frm == to or self.bankrupt[frm] or self.bankrupt[to]:
                    return partner
                if deck not in held[frm]:
                    return (
                        "trade-jail-card",
                        "{player} has no jail card from {deck}",
                        {"player": names[frm], "deck": deck},
                    )
                held[frm].remove(deck)
                party[frm] = party[to] = True
        for s in range(self.n):  # the parties, in seat order
            if not party[s]:
                continue
            if self.cash[s] + net[s] < 0:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[s], "amount": -net[s]},
                )
            if self.in_debt(s):
                if not rules.trade_in_debt:
                    return (
                        "no-trade-in-debt",
                        "while raising cash for a debt you may sell and mortgage, not trade",
                        {},
                    )
                if net[s] < 0:
                    debt = next(d.data.amount for d in self.stack if d.kind == D.DEBT and d.seat == s)
                    return (
                        "no-spending-in-debt",
                        "{player} owes {amount}: raise cash (sell, mortgage) before spending any",
                        {"player": names[s], "amount": debt},
                    )
        return None

    def _do_trade(self, seat: int, a: ProposeTrade) -> None:
        if self.events is not None:  # (the offer's JSON only when events are kept)
            self.events.append(E.TradeProposed(seat, a.partner, a.to_json()))
        self._push(Decision(D.TRADE_RESPONSE, a.partner, -1, _trade_of(seat, a)))

    def _problem_answer(self, seat: int, a: Action) -> Problem | None:
        why = self._expect_problem(seat, D.TRADE_RESPONSE, "answering an offer")
        if why is None and isinstance(a, Accept):  # the whole offer again, against the position now:
            why = self._trade_problem(self.stack[-1].data)  # a stale one is rejected
        return why

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


def _trade_of(seat: int, a: ProposeTrade) -> Trade:
    return Trade(
        seat,
        a.partner,
        a.give_properties,
        a.give_cash,
        a.give_cards,
        a.take_properties,
        a.take_cash,
        a.take_cards,
    )
