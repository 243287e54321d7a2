"""How the baseline bot plays «odessa» (a layer under BaselineBot, see bots/strategy.py).

Its own turn (``_turn_odessa``): organise artels and cooperatives on the pai where its token
stands while the cash allows, lift mortgages it can afford, offer trades that complete a colour
group, then roll. Its answers to the variant's decisions: challenge a smotryashchy only when the
odds favour it (the challenger wins with probability 20/216, see :data:`CHALLENGE_WIN`), play the
refusal card early in the game (a token at the exchange cannot buy) but go and play the exchange
later (it is worth about +106 roubles on average, and safe from rent), and at the end of a
mortgage lap lift the pai when it can, else pay for another lap.
"""

from __future__ import annotations

from typing import Final

from ..engine.actions import Action, LiftMortgage, ProposeTrade
from ..engine.decision import Decision
from ..engine.game import Game
from ..engine.listing import square_acts
from ..engine.native import mypyc_attr
from ..odds.duels import challenge_win_odds
from ..rules.odessa import ChallengeMalina, OdessaGame, RefuseExchange
from .acts import END_TURN, ROLL, USE_JAIL_CARD, any_set
from .strategy import Strategy

# P(one die > the sum of two dice) = (0 + 0 + 1 + 3 + 6 + 10) / 216 = 20/216 (003:86)
CHALLENGE_WIN = challenge_win_odds()
# the same odds as a whole-number ratio: the bot compares in integers (exactly as with the Fraction,
# whose arithmetic is interpreted and slow)
_WIN_NUM: Final = CHALLENGE_WIN.numerator
_WIN_DEN: Final = CHALLENGE_WIN.denominator
# landings by opponents a malina gain is counted over when the bot weighs a challenge
CHALLENGE_HORIZON = 3


# the answers this layer gives, made once: actions are immutable values, and each one made anew is an
# interpreted __init__ call (the action classes are not compiled)
_LIFT: Final = LiftMortgage(True)
_KEEP_MORTGAGE: Final = LiftMortgage(False)
_CHALLENGE: Final = ChallengeMalina(True)
_NO_CHALLENGE: Final = ChallengeMalina(False)
_REFUSE: Final = RefuseExchange(True)
_GO: Final = RefuseExchange(False)


def _income(table: tuple[int, ...], k: int) -> int:
    """What ``k`` pai of a group bring together at the base rent: ``table[min(k, len) - 1] * k``."""
    if not k:
        return 0
    i = k if k < len(table) else len(table)
    return table[i - 1] * k


@mypyc_attr(allow_interpreted_subclasses=True)
class OdessaPlay(Strategy):
    """Decision handlers ``_decide_<kind>`` for the variant's decision kinds, and its turn."""

    # ------------------------------------------------------------ the turn
    def _turn_odessa(self, game: Game, seat: int, before_roll: bool) -> Action:
        if before_roll and game.in_jail[seat] and game.rules.jail_card_use == "to_leave":
            if game.jail_cards[seat] and self._early(game):
                return USE_JAIL_CARD
        build = self._odessa_build(game, seat)
        if build is not None:
            return build
        if any_set(game.mortgaged):
            lift = self._lift_choice(game, seat, self._reserve(game, seat))
            if lift is not None:
                return lift
        # every third round (the baseline's `turn % 3 == seat % 3` never comes for some seats when the
        # number of players is a multiple of three)
        if before_roll and self._trade_time(game, seat):
            offer = self._fresh(game, self._trade_offer(game, seat) or self._consolidate(game, seat))
            if offer is not None:
                return offer
        return ROLL if before_roll else END_TURN

    def _consolidate(self, game: Game, seat: int) -> Action | None:
        """With cash to spare, buy a pai of a colour group split three ways from a holder who has no
        more of it than we do, at twice its price: artels need the whole group, and with many
        players a group otherwise stays split for good (the last pai is then bought by
        ``_trade_offer``)."""
        t = game.t
        spare = game.cash[seat] - self._reserve(game, seat)
        held = game.holdings[seat]
        for g, members in enumerate(t.group_members):
            if not t.is_street[members[0]] or not 0 < held[g] < len(members) - 1:
                continue
            if any(game.level[m] for m in members):
                continue
            for sq in members:
                q = game.owner[sq]
                if q < 0 or q == seat or game.holdings[q][g] > held[g] or spare < 2 * t.price[sq]:
                    continue
                key = (sq, q)
                if game.turn - self._rejected.get(key, -999) < 16:
                    continue
                self._rejected[key] = game.turn
                offer = ProposeTrade(q, give_cash=2 * t.price[sq], take_properties=(sq,))
                if game.is_legal(seat, offer):
                    return offer
        return None

    def _odessa_build(self, game: Game, seat: int) -> Action | None:
        """An artel or the cooperative on the pai where the token stands, keeping a reserve."""
        sq = game.position[seat]
        t = game.t
        if not t.is_street[sq] or game.owner[sq] != seat or not game.has_full_group(seat, sq):
            return None
        if game.cash[seat] - t.house_cost[sq] < self._reserve(game, seat):
            return None
        action = square_acts(game.size).builds[sq]
        return action if game.is_legal(seat, action) else None

    def _early(self, game: Game) -> bool:
        """Early in the game: pai are still to be bought."""
        owner = game.owner
        unowned = 0
        for sq in game.t.properties:
            if owner[sq] < 0:
                unowned += 1
        return unowned > 6

    # ------------------------------------------------------------ the variant's decisions
    def _decide_malina_visit(self, game: Game, seat: int, d: Decision) -> Action:
        return _CHALLENGE if self._challenge_pays(game, seat, d.square) else _NO_CHALLENGE

    def _challenge_pays(self, game: Game, seat: int, sq: int) -> bool:
        """Challenge when the expected cost is lower than the fee: win the malina with p = 20/216,
        otherwise pay twice the fee. The malina is valued at its price plus what it adds to the
        challenger's fees over a few opponents' landings."""
        assert isinstance(game, OdessaGame)  # (this decision is the variant's own)
        fee = game.malina_fee(sq)
        if game.cash[seat] < 2 * fee + self.reserve:
            return False  # a lost challenge must not bankrupt us
        t = game.t
        table = t.rent[sq]
        mine = 0
        for m in t.members[sq]:
            if game.owner[m] == seat:
                mine += 1
        gain = t.price[sq] + CHALLENGE_HORIZON * (_income(table, mine + 1) - _income(table, mine))
        # E[challenge] = p * 0 + (1 - p) * 2 fee (and p * gain won) against paying the fee:
        # p * gain > (1 - 2p) * fee, with p = num / den, times den
        return _WIN_NUM * gain > (_WIN_DEN - 2 * _WIN_NUM) * fee

    def _decide_exchange_refusal(self, game: Game, seat: int, d: Decision) -> Action:
        return _REFUSE if self._early(game) and bool(game.jail_cards[seat]) else _GO

    def _decide_mortgage_lap(self, game: Game, seat: int, d: Decision) -> Action:
        cost = game.unmortgage_cost(d.square)
        return _LIFT if game.cash[seat] - cost >= self._reserve(game, seat) else _KEEP_MORTGAGE
