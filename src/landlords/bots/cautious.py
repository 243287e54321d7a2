"""The cautious player: a big cash cushion, few risks.

It keeps ``reserve`` plus ``danger`` times the worst rent on the board in cash; buys a lot only
with that cushion left (or to complete its own group); bids at most ``bid_share`` of the printed
price; builds only up to ``max_houses`` houses a lot, from spare cash; stays in jail as soon as
any opponent has built; proposes no trades unless ``trade`` is on, and accepts only trades that
give it clearly more than they cost and never hand anyone a complete group it does not match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import END_TURN, PASS, PAY_JAIL_FINE, ROLL, USE_JAIL_CARD, Action, Bid, Build
from ..engine.decision import AuctionState, Decision, Trade
from ..engine.game import Game
from ..engine.native import mypyc_attr
from .valuation import Guarded, board_worst
from .verdicts import ACCEPTED, Verdict


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class CautiousBot(Guarded):
    """A large cash reserve, cheap bids, slow building, long jail stays, no trade offers."""

    reserve: int = 200  # cash always kept back
    danger: float = 0.5  # the reserve grows by this times the worst rent on the board (up to 1,000)
    max_houses: int = 3  # never builds beyond this many houses a lot (5 = hotels)
    bid_share: float = 1.0  # bids at most this share of the printed price
    trade: bool = False  # propose trades (as the baseline does)
    trade_every: int = 3
    name: str = "cautious"

    def __post_init__(self) -> None:
        super().__post_init__()
        self._cushion_key: tuple[Any, ...] = ()  # (game, turn, seat) the cushion was computed for
        self._cushion = 0

    def _reserve(self, game: Game, seat: int) -> int:
        key = (id(game), game.turn, seat)
        if self._cushion_key == key:
            return self._cushion
        self._cushion_key = key
        self._cushion = self.reserve + min(int(self.danger * board_worst(game, seat)), 1000)
        return self._cushion

    def _wants(self, game: Game, seat: int, sq: int, price: int) -> bool:
        cash = game.cash[seat]
        if cash < price:
            return False
        mine, _, size = self._group_state(game, seat, sq)
        if mine + 1 == size:
            return cash - price >= self._reserve(game, seat) // 2
        return cash - price >= self._reserve(game, seat)

    def _bid(self, game: Game, seat: int, d: Decision) -> Action:
        a: AuctionState = d.data
        low = max(a.min_bid, a.high_bid + 1)
        if a.item != "property":
            limit = game.cash[seat] - 2 * self._reserve(game, seat)
        else:
            price = game.t.price[a.square]
            mine, _, size = self._group_state(game, seat, a.square)
            share = self.bid_share * (1.5 if mine + 1 == size else 1.0)
            limit = min(int(price * share), game.cash[seat] - self._reserve(game, seat))
        return Bid(low) if low <= limit else PASS

    def _turn(self, game: Game, seat: int, before_roll: bool) -> Action:
        if self._over_budget(game, seat):
            return ROLL if before_roll else END_TURN
        return super()._turn(game, seat, before_roll)

    def _jail_choice(self, game: Game, seat: int) -> Action | None:
        if board_worst(game, seat) > 0:
            return None  # someone has built: jail is the safest square on the board
        if game.jail_cards[seat] and game.is_legal(seat, USE_JAIL_CARD):
            return USE_JAIL_CARD
        if game.cash[seat] >= game.rules.jail_fine + self._reserve(game, seat) and game.is_legal(
            seat, PAY_JAIL_FINE
        ):
            return PAY_JAIL_FINE
        return None

    def _build_choice(self, game: Game, seat: int) -> Action | None:
        t = game.t
        cash = game.cash[seat]
        reserve = self._reserve(game, seat)
        level = game.level
        for g, holder in enumerate(game.group_owner):
            if holder != seat:
                continue
            members = t.group_members[g]
            if not t.is_street[members[0]]:
                continue
            low = min(members, key=level.__getitem__)
            if level[low] >= self.max_houses or cash - t.house_cost[low] < reserve:
                continue
            action = Build(low)
            if game.is_legal(seat, action):
                return action
        return None

    def _trade_offer(self, game: Game, seat: int) -> Action | None:
        return super()._trade_offer(game, seat) if self.trade else None

    def _good_trade(self, game: Game, seat: int, tr: Trade) -> Verdict:
        """The baseline's judgement, with a margin: what I get must be worth a quarter more than
        what I give, and no complete group goes to the other side unless I complete one too."""
        me_giver = tr.partner == seat
        give = tr.take_properties if me_giver else tr.give_properties
        get = tr.give_properties if me_giver else tr.take_properties
        other = tr.proposer if me_giver else tr.partner
        t = game.t
        completes_mine = any(self._group_state(game, seat, sq)[0] + 1 == len(t.members[sq]) for sq in get)
        completes_theirs = any(
            t.is_street[sq] and self._group_state(game, other, sq)[0] + 1 == len(t.members[sq]) for sq in give
        )
        if completes_theirs and not completes_mine:
            return Verdict(False, "no_group_for_you")
        base = super()._good_trade(game, seat, tr)
        if not base:
            return base
        got = sum(t.price[sq] for sq in get) + (tr.give_cash if me_giver else tr.take_cash)
        gave = sum(t.price[sq] for sq in give) + (tr.take_cash if me_giver else tr.give_cash)
        if got < gave * 5 // 4:
            return Verdict(False, "margin", {"short": gave * 5 // 4 - got})
        return ACCEPTED
