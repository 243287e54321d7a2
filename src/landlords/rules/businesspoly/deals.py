"""Trades and deals with any number of parties, always with the active player (B-19)."""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine import events as E
from ...engine.actions import Accept, Action, ProposeTrade
from ...engine.decision import Decision
from ...engine.errors import IllegalAction
from .actions import ProposeDeal
from .decisions import DEAL_RESPONSE, Deal
from .events import (
    DealAnswered,
    DealProposed,
)


class DealsMixin:
    """A part of the game class (see the module docstring), using the state its ``__init__`` sets up."""

    def _check_deal_moment(self, seat: int) -> None:
        if any(d.kind in (D.TRADE_RESPONSE, DEAL_RESPONSE) for d in self.stack):
            raise IllegalAction("one-trade-at-a-time", "another offer is waiting for an answer")
        if not self.rules.trade_in_debt and any(d.kind == D.DEBT for d in self.stack):
            raise IllegalAction("no-trade-in-debt", "no deals while a payment is owed")

    def _check_trade(self, seat: int, a: ProposeTrade) -> None:
        self._alive_check(seat)
        self._check_deal_moment(seat)
        super()._check_trade(seat, a)
        if self.rules.deals_need_active_player and self.current not in (seat, a.partner):
            raise IllegalAction(
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                player=self.names[self.current],
            )

    def _receive_mortgaged(self, receiver: int, squares: list[int], then: str | None) -> bool:
        if self.rules.mortgage_lap_deadline:
            return True  # it stays mortgaged and falls due at the receiver's next lap (B-8, B-11)
        return super()._receive_mortgaged(receiver, squares, then)

    # ------------------------------------------------------------ deals with any number of parties (B-19)
    def _deal_problem(
        self,
        proposer: int,
        properties: tuple[tuple[int, int], ...],
        cash: tuple[tuple[int, int, int], ...],
        cards: tuple[tuple[str, int, int], ...],
    ) -> tuple[str, str, dict[str, Any]] | None:
        """Why the deal cannot be made now: (rule, message template, parameters), or None."""
        n, names = self.n, self.names

        def seat_ok(s: Any) -> bool:
            return isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n and not self.bankrupt[s]

        partner = ("trade-partner", "trade with another player still in the game", {})
        if not (properties or cash or cards):
            return ("empty-trade", "the offer is empty", {})
        parties: set[int] = set()
        seen: set[int] = set()
        net = [0] * n
        for item in properties:
            if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[0], int):
                return (
                    "trade-property",
                    "{player} cannot trade {square}",
                    {"player": names[proposer], "square": str(item)},
                )
            sq, to = item
            giver = self.owner[sq] if 0 <= sq < self.size else -1
            if giver < 0 or sq in seen:
                return (
                    "trade-property",
                    "{player} cannot trade {square}",
                    {"player": names[proposer], "square": str(sq)},
                )
            seen.add(sq)
            square = self.edition.squares[sq].name
            if not seat_ok(to) or to == giver:
                return partner
            if self.mortgaged[sq] and not self.rules.trade_mortgaged:
                return ("no-trading-mortgaged", "{square} is mortgaged: it cannot be sold", {"square": square})
            if any(self.level[m] for m in self.t.members[sq]):  # 000:485
                return (
                    "trade-no-buildings-in-group",
                    "{square}: sell the group's buildings to the bank before trading any of its lots",
                    {"square": square},
                )
            parties.update((giver, to))
        for item in cash:
            if not isinstance(item, tuple) or len(item) != 3:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[proposer], "amount": str(item)},
                )
            frm, to, amount = item
            if not (seat_ok(frm) and seat_ok(to)) or frm == to:
                return partner
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[frm], "amount": str(amount)},
                )
            net[frm] -= amount
            net[to] += amount
            parties.update((frm, to))
        held = [list(c) for c in self.jail_cards]
        for item in cards:
            if not isinstance(item, tuple) or len(item) != 3:
                return (
                    "trade-jail-card",
                    "{player} has no jail card from {deck}",
                    {"player": names[proposer], "deck": str(item)},
                )
            deck, frm, to = item
            if not (seat_ok(frm) and seat_ok(to)) or frm == to:
                return partner
            if deck not in held[frm]:
                return (
                    "trade-jail-card",
                    "{player} has no jail card from {deck}",
                    {"player": names[frm], "deck": str(deck)},
                )
            held[frm].remove(deck)
            parties.update((frm, to))
        if proposer not in parties:
            return ("deal-proposer-party", "the proposer must be a party to the deal", {})
        if self.rules.deals_need_active_player and self.current not in parties:
            return (
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                {"player": names[self.current]},
            )
        for p in parties:
            if self.cash[p] + net[p] < 0:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[p], "amount": -net[p]},
                )
        return None

    def _check_deal(self, seat: int, a: ProposeDeal) -> None:
        self._alive_check(seat)
        self._check_deal_moment(seat)
        self._check_window(seat, self.rules.trade_timing, "trade-timing", "proposing a deal")
        why = self._deal_problem(seat, a.properties, a.cash, a.cards)
        if why is not None:
            raise IllegalAction(why[0], why[1], **why[2])

    def _do_deal(self, seat: int, a: ProposeDeal) -> None:
        parties = {to for _, to in a.properties} | {self.owner[sq] for sq, _ in a.properties}
        parties |= {s for frm, to, _ in a.cash for s in (frm, to)} | {
            s for _, frm, to in a.cards for s in (frm, to)
        }
        others = sorted(parties - {seat}, key=lambda s: (s - seat) % self.n)
        deal = Deal(seat, a.properties, a.cash, a.cards, list(others))
        self._emit(DealProposed, seat, tuple(sorted(parties)), a.to_json())
        self._push_chain([Decision(DEAL_RESPONSE, q, -1, deal) for q in others], None)

    def _check_answer(self, seat: int, a: Action) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != DEAL_RESPONSE:
            super()._check_answer(seat, a)
            return
        d = self._expect(seat, DEAL_RESPONSE, "answering a deal")
        if isinstance(a, Accept):
            deal: Deal = d.data
            if self._deal_problem(deal.proposer, deal.properties, deal.cash, deal.cards) is not None:
                raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")

    def _do_answer(self, seat: int, a: Action) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != DEAL_RESPONSE:
            super()._do_answer(seat, a)
            return
        d = self.stack.pop()
        deal: Deal = d.data
        if not isinstance(a, Accept):
            self.stack[:] = [x for x in self.stack if x.data is not deal]
            self._emit(DealAnswered, seat, False, False)
            return
        deal.pending.remove(seat)
        self._emit(DealAnswered, seat, True, not deal.pending)
        if deal.pending:
            return
        for sq, to in deal.properties:
            self._give_property(sq, self.owner[sq], to)
        for frm, to, amount in deal.cash:
            self._transfer(frm, to, amount, "deal")
        for deck, frm, to in deal.cards:
            self.jail_cards[frm].remove(deck)
            self.jail_cards[to].append(deck)
            self._emit(E.JailCardTransferred, deck, frm, to)
