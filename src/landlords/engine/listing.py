"""Listing the legal acts: the answers to the pending decision and what a seat may do at any time.

A layer of the game class (engine/game.py): every front end builds its menus, buttons and masks
from these lists, and every act listed passes the game's whole check. The acts on squares are
checked by their own check only, for the squares where they can possibly pass (what else the
whole check tests holds there by construction).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import decision as D
from .acting import Acting
from .actions import (
    ACCEPT,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    END_TURN,
    PASS,
    PAY_JAIL_FINE,
    REJECT,
    ROLL,
    USE_JAIL_CARD,
    Action,
    Bid,
    Build,
    ChooseMove,
    ChooseTax,
    ClaimRent,
    LiftMortgage,
    Mortgage,
    MoveTo,
    SellBuilding,
    Unmortgage,
    WantBuilding,
)
from .decision import AuctionState, Decision
from .dispatch import Handler
from .native import mypyc_attr


# board size -> the listed acts on every square (acts are frozen: shared by all games)
class SquareActs:
    """``Build``, ``SellBuilding``, ``Mortgage`` and ``Unmortgage`` of every square of a board, by
    square. Acts are immutable values, and the interpreted action classes are slow to make: the
    engine's listings and the bots hand out these (:func:`square_acts`)."""

    def __init__(self, size: int) -> None:
        squares = range(size)
        self.builds: list[Build] = [Build(sq) for sq in squares]
        self.sales: list[SellBuilding] = [SellBuilding(sq) for sq in squares]
        self.mortgages: list[Mortgage] = [Mortgage(sq) for sq in squares]
        self.unmortgages: list[Unmortgage] = [Unmortgage(sq) for sq in squares]


_SQUARE_ACTS: dict[int, SquareActs] = {}


def square_acts(size: int) -> SquareActs:
    """The acts on squares of a board of ``size`` squares, made once per size."""
    acts = _SQUARE_ACTS.get(size)
    if acts is None:
        acts = _SQUARE_ACTS[size] = SquareActs(size)
    return acts


@mypyc_attr(allow_interpreted_subclasses=True)
class Listing(Acting):
    """The legal acts of a game (a layer of :class:`~.game.Game`)."""

    def is_legal(self, seat: Any, action: Any) -> bool:
        """Declared here, defined by Game (the whole check)."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions for ``seat`` (default: the seat that must decide), as a fresh list.

        Parametrised actions are represented once: ``Bid`` at the lowest legal amount (any amount
        up to the bidder's cash is legal); trades are never enumerated (``ProposeTrade`` is
        validated by :meth:`check`). Built as a list, not generated: the environments of
        ``landlords.rl`` list every step, and a compiled generator costs far more than a list.
        """
        d = self.stack[-1] if self.stack else None  # (the game's decision)
        if d is None:
            return []
        if seat is None:
            seat = d.seat
        if self.bankrupt[seat]:
            return []
        out: list[Action] = []
        if d.seat == seat:
            if self.in_debt(seat):  # a seat in debt only raises cash: no answer that spends is listed
                for a in self._decision_actions(d):
                    if not a.SPENDS:
                        out.append(a)
            else:
                out.extend(self._decision_actions(d))
        out.extend(self._free_actions(seat))
        return out

    def decision_actions(self) -> list[Action]:
        """The answers to the pending decision only (``legal_actions`` adds what its seat may
        also do at any time: build, sell, mortgage, claim rent)."""
        d = self.stack[-1] if self.stack else None  # (the game's decision)
        if d is None or self.bankrupt[d.seat]:
            return []
        debt = self.in_debt(d.seat)
        return [a for a in self._decision_actions(d) if not (debt and a.SPENDS)]

    # The listings below return lists; a variant's override may be a generator (``yield from
    # super()...``): callers only iterate over what they return.
    def _decision_actions(self, d: Decision) -> Iterable[Action]:  # noqa: C901 - one case per decision kind, on every listing (compiled)
        seat, kind = d.seat, d.kind
        out: list[Action] = []
        if kind == D.PRE_ROLL:
            out.append(ROLL)
            if self.in_jail[seat]:
                if self.cash[seat] >= self.rules.jail_fine:
                    out.append(PAY_JAIL_FINE)
                if self.jail_cards[seat]:
                    out.append(USE_JAIL_CARD)
        elif kind == D.POST_ROLL:
            out.append(END_TURN)
        elif kind == D.BUY:
            if self.cash[seat] >= self.t.price[d.square]:
                out.append(BUY)
            out.append(DECLINE)
        elif kind == D.AUCTION:
            a: AuctionState = d.data
            low = max(a.min_bid, a.high_bid + 1)
            if self.cash[seat] >= low:
                out.append(Bid(low))
            out.append(PASS)
        elif kind == D.DEBT:
            if self.cash[seat] + self.liquidation_value(seat) < d.data.amount:
                out.append(DECLARE_BANKRUPTCY)
        elif kind == D.TRADE_RESPONSE:
            if self.is_legal(seat, ACCEPT):  # an offer can go stale while it waits
                out.append(ACCEPT)
            out.append(REJECT)
        elif kind == D.INCOME_TAX:
            out.append(ChooseTax(False))
            out.append(ChooseTax(True))
        elif kind == D.MORTGAGE_TRANSFER:
            if self.cash[seat] >= self._transfer_cost(d.square, True):
                out.append(LiftMortgage(True))
            out.append(LiftMortgage(False))
        elif kind == D.BUILDING_INTEREST:
            out.append(WantBuilding(True))
            out.append(WantBuilding(False))
        elif kind == D.BUS:
            d1, d2 = d.data
            for steps in sorted({d1, d2, d1 + d2}):
                out.append(ChooseMove(steps))
        elif kind == D.TRIPLES:
            for sq in range(self.size):
                out.append(MoveTo(sq))
        elif kind == D.PLACE_BUILDING:
            for sq in self.t.streets:
                if self.is_legal(seat, Build(sq)):
                    out.append(Build(sq))
        return out

    def _free_actions(self, seat: int) -> Iterable[Action]:
        out: list[Action] = []
        for claim in self.claims:
            if claim.owner == seat:
                out.append(ClaimRent(claim.square))
        owner = self.owner
        top = self.stack[-1] if self.stack else None
        placing = top is not None and top.kind == D.PLACE_BUILDING and top.seat == seat  # listed already
        t, level, mortgaged, group_owner = self.t, self.level, self.mortgaged, self.group_owner
        is_street, group_of = t.is_street, t.group_of
        debt = self.in_debt(seat)
        build, sell = self._listing_handler(Build, debt), self._listing_handler(SellBuilding, debt)
        mortgage, unmortgage = self._listing_handler(Mortgage, debt), self._listing_handler(Unmortgage, debt)
        if placing:
            build = None
        # acts are frozen: one object per square serves every listing
        acts = square_acts(self.size)
        builds, sells, mortgages, unmortgages = acts.builds, acts.sales, acts.mortgages, acts.unmortgages
        for sq in t.properties:
            if owner[sq] != seat:
                continue
            # only the candidates that can possibly pass are checked: building needs the whole
            # group, selling a building, (un)mortgaging the right state
            if build is not None and is_street[sq] and group_owner[group_of[sq]] == seat:
                b = builds[sq]
                why = self.own_problem(build, seat, b)
                if why is None:
                    out.append(b)
            if sell is not None and level[sq]:
                sale = sells[sq]
                why = self.own_problem(sell, seat, sale)
                if why is None:
                    out.append(sale)
            if mortgaged[sq]:
                if unmortgage is not None:
                    lift = unmortgages[sq]
                    why = self.own_problem(unmortgage, seat, lift)
                    if why is None:
                        out.append(lift)
            elif mortgage is not None and not level[sq]:
                m = mortgages[sq]
                why = self.own_problem(mortgage, seat, m)
                if why is None:
                    out.append(m)
        return out

    def _listing_handler(self, cls: type[Action], debt: bool) -> Handler | None:
        """The handler of action type ``cls``, for listing acts a live seat may take on its own
        squares (what else :meth:`_problem` checks holds by construction there); None if the seat
        may not take it at all: it spends, and the seat is in debt."""
        handler = self._table.by_type[cls]
        return None if debt and handler.spends else handler
