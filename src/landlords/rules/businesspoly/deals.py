"""Trades and deals with any number of parties, always with the active player (B-19)."""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine import events as E
from ...engine.actions import Accept, Action, ProposeTrade
from ...engine.decision import Decision
from ...engine.errors import Problem
from ...engine.native import mypyc_attr
from .actions import ProposeDeal
from .auctions import AuctionsMixin
from .decisions import DEAL_RESPONSE, Deal
from .events import (
    DealAnswered,
    DealProposed,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class DealsMixin(AuctionsMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    def _deal_moment_problem(self, seat: int) -> Problem | None:
        if any(d.kind in (D.TRADE_RESPONSE, DEAL_RESPONSE) for d in self.stack):
            return ("one-trade-at-a-time", "another offer is waiting for an answer", {})
        if not self.rules.trade_in_debt and any(d.kind == D.DEBT for d in self.stack):
            return ("no-trade-in-debt", "no deals while a payment is owed", {})
        return None

    def _trade_moment_problem(self, seat: int) -> Problem | None:
        return self._deal_moment_problem(seat) or super()._trade_moment_problem(seat)

    def _problem_trade(self, seat: int, a: ProposeTrade) -> Problem | None:
        why = super()._problem_trade(seat, a)
        if why is None and self.rules.deals_need_active_player and self.current not in (seat, a.partner):
            return (
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                {"player": self.names[self.current]},
            )
        return why

    def _receive_mortgaged(self, receiver: int, squares: list[int], then: str | None) -> bool:
        if self.rules.mortgage_lap_deadline:
            return True  # it stays mortgaged and falls due at the receiver's next lap (B-8, B-11)
        return super()._receive_mortgaged(receiver, squares, then)

    # ------------------------------------------------------------ deals with any number of parties (B-19)
    def _offer_problem(self, proposer: int, properties: Any, cash: Any, cards: Any) -> Any:
        if not self.rules.trade_in_debt and any(d.kind == D.DEBT for d in self.stack):
            return ("no-trade-in-debt", "no deals while a payment is owed", {})  # 000:379,513
        return super()._offer_problem(proposer, properties, cash, cards)

    def _deal_problem(
        self,
        proposer: int,
        properties: tuple[tuple[int, int], ...],
        cash: tuple[tuple[int, int, int], ...],
        cards: tuple[tuple[str, int, int], ...],
        givers: tuple[int, ...] | None = None,
    ) -> Problem | None:
        """Why the deal cannot be made now: (rule, message template, parameters), or None. ``givers``:
        the holders of the lots when the deal was proposed (a deal waiting for answers binds them)."""
        if givers is None:
            givers = tuple(self.owner[sq] for sq, _ in properties)
        lots = tuple((sq, giver, to) for (sq, to), giver in zip(properties, givers, strict=True))
        why: tuple[str, str, dict[str, Any]] | None = self._offer_problem(proposer, lots, cash, cards)
        if why is not None:
            return why
        parties = {s for _, giver, to in lots for s in (giver, to)}
        parties |= {s for frm, to, _ in cash for s in (frm, to)} | {s for _, frm, to in cards for s in (frm, to)}
        if proposer not in parties:
            return ("deal-proposer-party", "the proposer must be a party to the deal", {})
        if self.rules.deals_need_active_player and self.current not in parties:
            return (
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                {"player": self.names[self.current]},
            )
        return None

    def _problem_deal(self, seat: int, a: ProposeDeal) -> Problem | None:
        return (
            self._alive_problem(seat)
            or self._deal_moment_problem(seat)
            or self._window_problem(seat, self.rules.trade_timing, "trade-timing", "proposing a deal")
            or self._deal_problem(seat, a.properties, a.cash, a.cards)
        )

    def _do_deal(self, seat: int, a: ProposeDeal) -> None:
        parties = {to for _, to in a.properties} | {self.owner[sq] for sq, _ in a.properties}
        parties |= {s for frm, to, _ in a.cash for s in (frm, to)} | {
            s for _, frm, to in a.cards for s in (frm, to)
        }
        others = [s for s in self.seats_after(seat) if s in parties and s != seat]
        givers = tuple(self.owner[sq] for sq, _ in a.properties)
        deal = Deal(seat, a.properties, a.cash, a.cards, list(others), givers)
        self._emit(DealProposed, seat, tuple(sorted(parties)), a.to_json())
        self._push_chain([Decision(DEAL_RESPONSE, q, -1, deal) for q in others], None)

    def _problem_answer(self, seat: int, a: Action) -> Problem | None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != DEAL_RESPONSE:
            return super()._problem_answer(seat, a)
        why = self._expect_problem(seat, DEAL_RESPONSE, "answering a deal")
        if why is None and isinstance(a, Accept):  # the whole deal again, against the position now:
            deal: Deal = top.data  # a stale one is rejected
            why = self._deal_problem(deal.proposer, deal.properties, deal.cash, deal.cards, deal.givers)
        return why

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
