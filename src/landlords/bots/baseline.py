"""The baseline bot: sensible at every decision, cheap to run.

It buys and bids by value, completes colour groups by trading, builds evenly up to hotels while
keeping a cash reserve scaled to the danger on the board, raises cash in a sensible order
(mortgage loose lots, then sell buildings, then mortgage the rest) and leaves jail early in the
game but sits in it late, when the board is full of rent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..engine import decision as D
from ..engine.actions import (
    Action,
    ChooseMove,
    ChooseTax,
    LiftMortgage,
    MoveTo,
    ProposeTrade,
    WantBuilding,
)
from ..engine.decision import AuctionState, Decision, Trade
from ..engine.edition import HOTEL, EditionTables
from ..engine.game import Game
from ..engine.listing import square_acts
from ..engine.native import mypyc_attr
from ..rules.businesspoly import BusinesspolyGame
from ..rules.businesspoly.decisions import REDEEM
from ..rules.odessa.seed import MALINA_VISIT, MORTGAGE_LAP
from .acts import (
    ACCEPT,
    BIDS,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    END_TURN,
    PASS,
    PAY_JAIL_FINE,
    REJECT,
    ROLL,
    USE_JAIL_CARD,
    any_set,
    holds,
)
from .businesspoly_play import BusinesspolyPlay
from .verdicts import ACCEPTED, Verdict

_CHEAPEST: dict[int, int] = {}
_BY_MORTGAGE: dict[int, list[int]] = {}


def _cheapest_house(t: EditionTables) -> int:
    """The lowest house price of an edition's streets (cached per edition table)."""
    value = _CHEAPEST.get(id(t))
    if value is None:
        value = _CHEAPEST[id(t)] = min((t.house_cost[s] for s in t.streets), default=0)
    return value


def _by_mortgage(t: EditionTables) -> list[int]:
    """An edition's properties by mortgage value, cheapest first, in board order among equals (what
    sorting a seat's lots by mortgage value gives, filtered; cached per edition table)."""
    order = _BY_MORTGAGE.get(id(t))
    if order is None:
        mortgage = t.mortgage
        order = _BY_MORTGAGE[id(t)] = sorted(t.properties, key=lambda s: mortgage[s])
    return order


_LIFT = LiftMortgage(True)
_KEEP_MORTGAGED = LiftMortgage(False)


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class BaselineBot(BusinesspolyPlay):
    """Parameters: ``reserve`` (cash kept back), ``trade_every`` (turns between trade offers)."""

    reserve: int = 100
    trade_every: int = 3
    name: str = "baseline"

    def __post_init__(self) -> None:
        self._rejected: dict[tuple[Any, ...], int] = {}
        self._offers_made: dict[tuple[Any, ...], tuple[Any, ...]] = {}  # (game, offer) -> the board then
        self._reserve_key: tuple[Any, ...] = ()  # subclasses with their own reserve cache use this one
        self._reserve_turn = -1
        self._reserve_game: Game | None = None
        self._reserve_seat = -1
        self._reserve_value = 0
        self._cheapest_of: EditionTables | None = None
        self._cheapest = 0
        self._by_mortgage_of: EditionTables | None = None
        self._by_mortgage: list[int] = []

    # ------------------------------------------------------------ entry point
    def act(self, game: Game, d: Decision) -> Action:
        """Answer any decision: ``_decide_<kind>`` per decision kind (variants add their own)."""
        kind = d.kind
        if kind == D.PRE_ROLL:  # the hot path first
            return self._turn(game, d.seat, before_roll=True)
        # the commonest kinds called directly (the compiled build calls them natively), the rest by name
        if kind == D.DEBT:
            return self._decide_debt(game, d.seat, d)
        if kind == D.AUCTION:
            return self._decide_auction(game, d.seat, d)
        if kind == D.BUY:
            return self._decide_buy(game, d.seat, d)
        if kind == REDEEM:
            return self._decide_redeem(cast(BusinesspolyGame, game), d.seat, d)
        if kind == MORTGAGE_LAP:
            return self._decide_mortgage_lap(game, d.seat, d)
        if kind == MALINA_VISIT:
            return self._decide_malina_visit(game, d.seat, d)
        if kind == D.MORTGAGE_TRANSFER:
            return self._decide_mortgage_transfer(game, d.seat, d)
        if kind == D.TRADE_RESPONSE:
            return self._decide_trade_response(game, d.seat, d)
        handler = getattr(self, "_decide_" + kind, None)
        if handler is None:
            raise ValueError(f"{self.name} bot cannot handle decision {kind!r}")
        action: Action = handler(game, d.seat, d)
        return action

    def _decide_post_roll(self, game: Game, seat: int, d: Decision) -> Action:
        return self._turn(game, seat, before_roll=False)

    def _decide_buy(self, game: Game, seat: int, d: Decision) -> Action:
        return BUY if self._wants(game, seat, d.square, game.t.price[d.square]) else DECLINE

    def _decide_auction(self, game: Game, seat: int, d: Decision) -> Action:
        return self._bid(game, seat, d)

    def _decide_debt(self, game: Game, seat: int, d: Decision) -> Action:
        return self._raise_cash(game, seat)

    def _decide_trade_response(self, game: Game, seat: int, d: Decision) -> Action:
        good = self._good_trade(game, seat, d.data) and game.is_legal(seat, ACCEPT)
        return ACCEPT if good else REJECT

    def _decide_income_tax(self, game: Game, seat: int, d: Decision) -> Action:
        return ChooseTax(game.income_tax_percentage(seat) < game.rules.income_tax_alternative)

    def _decide_mortgage_transfer(self, game: Game, seat: int, d: Decision) -> Action:
        lift = game.cash[seat] >= game.transfer_cost(d.square, True) + self._reserve(game, seat)
        return _LIFT if lift else _KEEP_MORTGAGED

    def _decide_building_interest(self, game: Game, seat: int, d: Decision) -> Action:
        return WantBuilding(self._build_choice(game, seat) is not None)

    def _decide_place_building(self, game: Game, seat: int, d: Decision) -> Action:
        return next(iter(game.legal_actions(seat)))

    def _decide_bus(self, game: Game, seat: int, d: Decision) -> Action:
        return self._bus_move(game, seat, d)

    def _decide_triples(self, game: Game, seat: int, d: Decision) -> Action:
        return MoveTo(self._best_square(game, seat))

    # ------------------------------------------------------------ the speed die
    def _square_score(self, game: Game, seat: int, sq: int) -> int:
        """How good it is to land on ``sq``: buying chances good, opponents' rent bad."""
        t = game.t
        if not t.is_property[sq]:
            return -200 if t.kind[sq] in ("go_to_jail", "tax") else 0
        o = game.owner[sq]
        if o < 0:
            return t.price[sq] if game.cash[seat] >= t.price[sq] else 0
        if o == seat or game.mortgaged[sq]:
            return 10
        return -game.rent_for(sq, 7)

    def _bus_move(self, game: Game, seat: int, d: Decision) -> Action:
        d1, d2 = d.data
        here = game.position[seat]
        best = max(sorted({d1, d2, d1 + d2}), key=lambda k: self._square_score(game, seat, (here + k) % game.size))
        return ChooseMove(best)

    def _best_square(self, game: Game, seat: int) -> int:
        return max(range(game.size), key=lambda sq: self._square_score(game, seat, sq))

    # ------------------------------------------------------------ valuation
    def _reserve(self, game: Game, seat: int) -> int:
        """Cash to keep: grows with the worst rent an opponent can charge (computed once a turn)."""
        if self._reserve_turn == game.turn and self._reserve_game is game and self._reserve_seat == seat:
            return self._reserve_value
        worst = 0
        t = game.t
        owner, level = game.owner, game.level
        for sq in t.streets:
            built = level[sq]
            if built:  # most streets are bare: their owner is not read
                o = owner[sq]
                if o >= 0 and o != seat:
                    r = t.rent[sq][built]
                    if r > worst:
                        worst = r
        self._reserve_turn, self._reserve_game, self._reserve_seat = game.turn, game, seat
        self._reserve_value = self.reserve + min(worst // 2, 600)
        return self._reserve_value

    def _group_state(self, game: Game, seat: int, sq: int) -> tuple[int, int, int]:
        """(lots I own, lots owned by others, lots in the group) for sq's group."""
        mine = other = 0
        members = game.t.members[sq]
        for m in members:
            o = game.owner[m]
            if o == seat:
                mine += 1
            elif o >= 0:
                other += 1
        return mine, other, len(members)

    def _value(self, game: Game, seat: int, sq: int) -> int:
        """What a property is worth to ``seat`` (printed price, more if it completes a group)."""
        price = game.t.price[sq]
        mine, other, size = self._group_state(game, seat, sq)
        if mine + 1 == size:
            return price * 2  # completes a group
        if other == 0:
            return price * 5 // 4
        return price

    def _wants(self, game: Game, seat: int, sq: int, price: int) -> bool:
        cash = game.cash[seat]
        if cash < price:
            return False
        mine, other, size = self._group_state(game, seat, sq)
        if mine + 1 == size or (other == size - 1 and size > 1):
            return True  # complete my group, or block someone else's
        return cash - price >= self._reserve(game, seat) // 2

    def _bid(self, game: Game, seat: int, d: Decision) -> Action:
        a: AuctionState = d.data
        low = max(a.min_bid, a.high_bid + 1)
        if a.item != "property":
            limit = game.cash[seat] - self._reserve(game, seat)
            return BIDS.of(low) if low <= limit else PASS
        cap = game.cash[seat] - self.reserve // 2
        if low > cap:  # out of reach whatever the lot is worth
            return PASS
        value = self._value(game, seat, a.square)
        _mine, other, size = self._group_state(game, seat, a.square)
        if other == size - 1 and game.owner[a.square] < 0:
            value = max(value, game.t.price[a.square] * 3 // 2)  # keep others from a monopoly
        limit = min(value, cap)
        if low > limit:
            return PASS
        step = max(5, game.t.price[a.square] // 10)
        return BIDS.of(min(limit, max(low, a.high_bid + step)))

    # ------------------------------------------------------------ own turn
    def _turn(self, game: Game, seat: int, before_roll: bool) -> Action:
        variant = game.rules_variant
        if variant != "classic":  # a variant's layer plays its own turn: _turn_<variant>
            # the variants of this family called directly (natively in the compiled build)
            if variant == "businesspoly":
                return self._turn_businesspoly(cast(BusinesspolyGame, game), seat, before_roll)
            if variant == "odessa":
                return self._turn_odessa(game, seat, before_roll)
            own = getattr(self, "_turn_" + variant, None)
            if own is not None:
                chosen: Action = own(game, seat, before_roll)
                return chosen
        if before_roll and game.in_jail[seat]:
            jail = self._jail_choice(game, seat)
            if jail is not None:
                return jail
        if holds(game.group_owner, seat):
            build = self._build_choice(game, seat)
            if build is not None:
                return build
        if game.cash[seat] >= self.reserve + 180 and any_set(game.mortgaged):  # 180: reserve margin + a lift
            lift = self._lift_choice(game, seat, self._reserve(game, seat))
            if lift is not None:
                return lift
        if before_roll and self._trade_time(game, seat):
            offer = self._fresh(game, self._trade_offer(game, seat))
            if offer is not None:
                return offer
        return ROLL if before_roll else END_TURN

    def _trade_time(self, game: Game, seat: int) -> bool:
        """Every seat looks for a trade once every ``trade_every`` rounds (by the round, not the
        turn count: with 3 or 6 players a turn-count rule never lets some seats trade)."""
        return game.round % self.trade_every == seat % self.trade_every

    def _jail_choice(self, game: Game, seat: int) -> Action | None:
        """Leave jail at once while there is property to buy; sit in it once the board is built up."""
        unowned = 0
        owner = game.owner
        for sq in game.t.properties:  # a plain loop: a generator is a slow native object when compiled
            if owner[sq] < 0:
                unowned += 1
        if unowned <= 6:
            return None
        if game.jail_cards[seat]:
            return USE_JAIL_CARD
        if game.cash[seat] >= game.rules.jail_fine + self._reserve(game, seat):
            return PAY_JAIL_FINE
        return None

    def _build_choice(self, game: Game, seat: int) -> Action | None:
        """The next house (or hotel) with the best rent gain, keeping the cash reserve."""
        t = game.t
        cash = game.cash[seat]
        reserve = self.reserve
        if self._cheapest_of is not t:  # the cheapest house of the edition, kept per bot (a native field)
            self._cheapest_of, self._cheapest = t, _cheapest_house(t)
        if cash < reserve + self._cheapest:  # not even the cheapest house with the base reserve
            return None
        level = game.level
        is_street, house_cost, rent = t.is_street, t.house_cost, t.rent
        candidates: list[tuple[int, int, int]] = []
        g = 0
        for holder in game.group_owner:
            if holder == seat:
                members = t.group_members[g]
                first = members[0]
                cost = house_cost[first]
                if is_street[first] and cash - cost >= reserve:
                    low = first  # the first of the least built lots
                    low_level = level[first]
                    for m in members:
                        if level[m] < low_level:
                            low, low_level = m, level[m]
                    if low_level < HOTEL:
                        candidates.append((rent[low][low_level + 1], low, cost))
            g += 1
        if not candidates:
            return None
        if len(candidates) > 1:
            candidates.sort(reverse=True)
        reserve = self._reserve(game, seat)
        for _, sq, cost in candidates:
            if cash - cost >= reserve:
                action = square_acts(game.size).builds[sq]
                if game.is_legal(seat, action):
                    return action
        return None

    def _lift_choice(self, game: Game, seat: int, reserve: int) -> Action | None:
        cash = game.cash[seat]
        for sq in game.t.properties:
            if game.owner[sq] == seat and game.mortgaged[sq]:
                if cash - game.unmortgage_cost(sq) >= reserve + 150:
                    return square_acts(game.size).unmortgages[sq]
        return None

    # ------------------------------------------------------------ debts
    def _raise_cash(self, game: Game, seat: int) -> Action:
        t = game.t
        owner, mortgaged, level = game.owner, game.mortgaged, game.level
        if self._by_mortgage_of is not t:  # kept per bot, as the cheapest house (see _build_choice)
            self._by_mortgage_of, self._by_mortgage = t, _by_mortgage(t)
        by_mortgage = self._by_mortgage
        acts = square_acts(game.size)
        # 1. mortgage lots that are not part of a complete group
        for sq in by_mortgage:
            if owner[sq] == seat and not mortgaged[sq] and not game.has_full_group(seat, sq):
                action = acts.mortgages[sq]
                if game.is_legal(seat, action):
                    return action
        # 2. sell buildings, most built lot of the cheapest group first
        built: list[tuple[int, int, int, int]] = []
        i = 0
        for sq in t.properties:
            if owner[sq] == seat and level[sq]:
                built.append((t.house_cost[sq], -level[sq], i, sq))  # i: board order among equals
                i += 1
        if built:
            built.sort()
            for _, _, _, sq in built:
                sale = acts.sales[sq]
                if game.is_legal(seat, sale):
                    return sale
        # 3. mortgage the rest
        for sq in by_mortgage:
            if owner[sq] == seat and not mortgaged[sq]:
                action = acts.mortgages[sq]
                if game.is_legal(seat, action):
                    return action
        return DECLARE_BANKRUPTCY

    # ------------------------------------------------------------ trading
    def _trade_offer(self, game: Game, seat: int) -> Action | None:
        """Ask for the last lot of one of my groups: a swap that completes a group of the partner's
        too when there is one, otherwise cash up to three times its price."""
        t = game.t
        owner, level = game.owner, game.level
        held = game.holdings[seat]
        for g, members in enumerate(t.group_members):
            if held[g] != len(members) - 1 or len(members) < 2 or not t.is_street[members[0]]:
                continue
            sq = next(m for m in members if owner[m] != seat)
            q = owner[sq]
            if q < 0 or any(level[m] for m in members):
                continue
            key = (sq, q)
            if game.turn - self._rejected.get(key, -999) < 16:
                continue
            spare = game.cash[seat] - self._reserve(game, seat)
            swap = self._swap_for(game, seat, q, members)
            self._rejected[key] = game.turn
            offer = None
            if swap is not None:
                extra = max(0, min(spare, t.price[sq] - t.price[swap]))
                offer = ProposeTrade(q, give_properties=(swap,), give_cash=extra, take_properties=(sq,))
            elif spare >= t.price[sq] * 3:
                offer = ProposeTrade(q, give_cash=t.price[sq] * 3, take_properties=(sq,))
            if offer is not None and game.is_legal(seat, offer):
                return offer
        return None

    def _swap_for(self, game: Game, seat: int, q: int, keep: tuple[int, ...]) -> int | None:
        """A lot of mine whose transfer completes a colour group for ``q``."""
        t = game.t
        owner = game.owner
        level = game.level
        # plain loops: generators and comprehensions are slow native objects in the compiled build
        for members in t.group_members:
            if members is keep or not t.is_street[members[0]]:
                continue
            theirs = mine = 0
            lot = -1
            built = False
            for m in members:
                o = owner[m]
                if o == q:
                    theirs += 1
                elif o == seat:
                    mine += 1
                    lot = m
                if level[m]:
                    built = True
            if mine == 1 and theirs == len(members) - 1 and not built:
                return lot
        return None

    def _good_trade(self, game: Game, seat: int, tr: Trade) -> Verdict:
        """Accept when what I get is worth more than what I give; a monopoly handed over without
        one in return must be paid for (three times the lot's price)."""
        me_giver = tr.partner == seat
        give_props = tr.take_properties if me_giver else tr.give_properties
        get_props = tr.give_properties if me_giver else tr.take_properties
        give_cash = tr.take_cash if me_giver else tr.give_cash
        get_cash = tr.give_cash if me_giver else tr.take_cash
        other = tr.proposer if me_giver else tr.partner
        t = game.t
        gain = get_cash - give_cash
        penalty = 0
        completes_mine = False
        for sq in get_props:
            gain += t.price[sq]
            if self._group_state(game, seat, sq)[0] + 1 == len(t.members[sq]):
                completes_mine = True
                gain += t.price[sq]
        for sq in give_props:
            gain -= t.price[sq]
            if not completes_mine and self._group_state(game, other, sq)[0] + 1 == len(t.members[sq]):
                penalty += t.price[sq] * 2  # hands the other player a monopoly
        gain -= penalty
        if gain >= 0:
            return ACCEPTED
        if gain + penalty >= 0:
            return Verdict(False, "gives_group", {"short": -gain})
        return Verdict(False, "worth_less", {"short": -gain})
