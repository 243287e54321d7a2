"""How the baseline bot plays «businesspoly»'s own decisions (a layer under BaselineBot, see bots/strategy.py).

The turn (steps 3.1 and 3.5) is the baseline's: leave jail while lots are still for sale, open offices
evenly (the engine's two-a-move limit is respected because only legal builds are chosen), redeem
mortgages when cash allows, offer trades that complete a group. The variant's own decisions:

* ``court``: sue when the expected gain is positive: the chance of a strictly higher die (15/36, or
  21/36 with the lawyer card) times what the lot is worth to the bot (four times its price when it
  completes a colour group, twice when it completes the shopping centres or utilities, else its
  price) exceeds the fee, and the fee leaves the bot's cash reserve;
* ``redeem`` (the end of a lap): redeem a mortgaged lot of a group the bot holds whole or nearly, if
  cash stays above half the reserve; any other lot only above the full reserve; otherwise let it go
  (one fewer industry also lowers the lap tax);
* ``building_loan``: open the office of best rent gain if cash stays above half the reserve;
* ``deal_response``: accept when what the bot gets is worth at least what it gives, counting a group it
  completes and a group it hands to somebody else.
"""

from __future__ import annotations

from typing import Final

from ..engine.actions import Action, Build
from ..engine.decision import Decision
from ..engine.native import mypyc_attr
from ..rules.businesspoly import BusinesspolyGame, Sue
from .acts import ACCEPT, END_TURN, FORFEIT_LOT, REDEEM_LOT, REJECT, ROLL, WAIVE, OneEach, any_set, holds
from .odessa_play import OdessaPlay

_WIN = 15 / 36  # the plaintiff's die strictly higher
_WIN_LAWYER = 21 / 36  # higher or equal (card 15)
_SUES: Final = OneEach(Sue)


@mypyc_attr(allow_interpreted_subclasses=True)
class BusinesspolyPlay(OdessaPlay):
    """Decision handlers ``_decide_<kind>`` for the variant's decision kinds."""

    def _turn_businesspoly(self, game: BusinesspolyGame, seat: int, before_roll: bool) -> Action:
        if before_roll and game.in_jail[seat]:
            jail = self._jail_choice(game, seat)
            if jail is not None:
                return jail
        limit = game.bp_build_limit
        if holds(game.group_owner, seat) and not (limit and game.bp_built[seat] >= limit):
            build = self._build_choice(game, seat)  # only legal builds are chosen (evenness, cash, limit)
            if build is not None:
                return build
        if any_set(game.mortgaged):
            lift = self._lift_choice(game, seat, self._reserve(game, seat))
            if lift is not None:
                return lift
        if before_roll and self._trade_time(game, seat):
            offer = self._fresh(game, self._trade_offer(game, seat))
            if offer is not None:
                return offer
        return ROLL if before_roll else END_TURN

    # ------------------------------------------------------------ courts
    def _suit_worth(self, game: BusinesspolyGame, seat: int, sq: int) -> int:
        t = game.t
        mine, _, size = self._group_state(game, seat, sq)
        if mine + 1 == size:
            return t.price[sq] * (4 if t.is_street[sq] else 2)
        return t.price[sq]

    def _decide_court(self, game: BusinesspolyGame, seat: int, d: Decision) -> Action:
        chance = _WIN_LAWYER if d.data.lawyer else _WIN
        spare = game.cash[seat] - self._reserve(game, seat)
        best, best_gain = None, 0.0
        for sq in game.suit_targets(seat):
            fee = game.court_fee(sq)
            if fee > spare:
                continue
            gain = chance * self._suit_worth(game, seat, sq) - fee
            # the legality check (the whole act's check, with a list of targets) only for a better suit
            if gain > best_gain and game.is_legal(seat, _SUES.of(sq)):
                best, best_gain = sq, gain
        return _SUES.of(best) if best is not None else WAIVE

    # ------------------------------------------------------------ the end of a lap
    def _decide_redeem(self, game: BusinesspolyGame, seat: int, d: Decision) -> Action:
        if not game.is_legal(seat, REDEEM_LOT):
            return FORFEIT_LOT
        sq = d.square
        mine, other, size = self._group_state(game, seat, sq)
        important = mine == size or (other == 0 and mine + 1 >= size)
        reserve = self._reserve(game, seat)
        need = reserve // 2 if important else reserve
        return REDEEM_LOT if game.cash[seat] - game.unmortgage_cost(sq) >= need else FORFEIT_LOT

    # ------------------------------------------------------------ card 32
    def _decide_building_loan(self, game: BusinesspolyGame, seat: int, d: Decision) -> Action:
        t = game.t
        best = None
        for a in game.legal_actions(seat):
            if isinstance(a, Build):
                gain = t.rent[a.square][game.level[a.square] + 1]
                if best is None or gain > best[0]:
                    best = (gain, a)
        if best is None:
            return WAIVE
        cost = t.house_cost[best[1].square] * d.data // 100
        return best[1] if game.cash[seat] - cost >= self._reserve(game, seat) // 2 else WAIVE

    # ------------------------------------------------------------ deals with several parties
    def _decide_deal_response(self, game: BusinesspolyGame, seat: int, d: Decision) -> Action:
        deal = d.data
        t, owner = game.t, game.owner
        gain = 0
        for frm, to, amount in deal.cash:
            gain += amount if to == seat else -amount if frm == seat else 0
        for _, frm, to in deal.cards:
            gain += 50 if to == seat else -50 if frm == seat else 0
        completes_mine = False
        for sq, to in deal.properties:
            if to == seat:
                gain += t.price[sq]
                if self._group_state(game, seat, sq)[0] + 1 == len(t.members[sq]):
                    completes_mine = True
                    gain += t.price[sq]
        for sq, to in deal.properties:
            if owner[sq] == seat:
                gain -= t.price[sq]
                if not completes_mine and self._group_state(game, to, sq)[0] + 1 == len(t.members[sq]):
                    gain -= 2 * t.price[sq]  # hands the receiver a monopoly
        return ACCEPT if gain >= 0 and game.is_legal(seat, ACCEPT) else REJECT
