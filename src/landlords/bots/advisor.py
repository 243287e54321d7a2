"""The advisor: plays by the advice of seed 000 ("Советы для победы") and common Monopoly wisdom.

* Complete colour groups: lots of a group nobody else has started, lots that complete a group,
  and lots that stop an opponent's group are bought whenever the cash is there.
* Favour orange (the squares after the jail, where tokens gather: seed 000) and red: they are
  worth ``bonus`` more when buying and bidding.
* Build to three houses fast: a complete group is built up to ``build_to`` houses a lot with only
  half the cash reserve kept back, mortgaging loose lots for it if need be (the third house is where
  rent jumps); beyond that, only with the full reserve in hand.
* Jail: early, leave at once (card, then fine) while there is property to buy; late, when a roll
  from the jail risks ``jail_danger`` or more in expected rent, sit in it and roll for doubles.
* Keep a cash reserve scaled to the danger on the board: ``reserve`` plus ``danger`` times the
  rent at risk (half the worst rent within one roll, a quarter of the worst on the board).

Every other decision (auctions' mechanics, debts, taxes, trades, the variants' own decisions) is
the baseline's, with these valuations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import END_TURN, PAY_JAIL_FINE, ROLL, USE_JAIL_CARD, Action, Build, Mortgage, Unmortgage
from ..engine.edition import HOTEL
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.native import mypyc_attr
from .valuation import Guarded, board_odds, board_worst, danger_ahead

JAIL_POLICIES = ("auto", "short", "long")


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class AdvisorBot(Guarded):
    """Seed 000's advice: complete sets, favour orange and red, three houses fast, late-game jail."""

    reserve: int = 100  # cash always kept back
    danger: float = 1.0  # how much the reserve grows with the rent at risk
    favour: str = "orange+red"  # favoured colour groups (group ids joined by '+')
    bonus: float = 0.5  # a favoured lot is worth this much more (share of its price)
    build_to: int = 3  # houses per lot built fast, with half the reserve
    mortgage_to_build: bool = True  # mortgage loose lots to reach build_to houses
    jail: str = "auto"  # auto | short (leave at once) | long (stay as long as allowed)
    jail_danger: float = 25.0  # auto: stay in jail when a roll from it risks this much expected rent
    trade_every: int = 3
    name: str = "advisor"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.jail not in JAIL_POLICIES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_POLICIES)}, got {self.jail!r}")
        self._favoured_ids = frozenset(g for g in self.favour.replace("/", "+").split("+") if g)
        self._fav_key: object = None
        self._fav: tuple[bool, ...] = ()
        self._no_lift_turn: tuple[Any, ...] = ()
        self._cushion_key: tuple[Any, ...] = ()
        self._cushion = 0

    # ------------------------------------------------------------ helpers
    def _favoured(self, game: Game, sq: int) -> bool:
        t = game.t
        if self._fav_key is not t:
            self._fav_key = t
            self._fav = tuple(
                t.group_of[s] >= 0 and t.group_ids[t.group_of[s]] in self._favoured_ids for s in range(t.size)
            )
        return self._fav[sq]

    def _reserve(self, game: Game, seat: int) -> int:
        """``reserve`` + ``danger`` x (half the worst rent within one roll + a quarter of the worst
        on the board), capped at 1,000; computed once a turn, from where the turn starts."""
        key = (id(game), game.turn, seat)
        if self._cushion_key == key:
            return self._cushion
        _, worst_near = danger_ahead(game, seat)
        extra = self.danger * (worst_near / 2 + board_worst(game, seat) / 4)
        self._cushion_key = key
        self._cushion = self.reserve + min(int(extra), 1000)
        return self._cushion

    # ------------------------------------------------------------ buying
    def _value(self, game: Game, seat: int, sq: int) -> int:
        value = super()._value(game, seat, sq)
        if self._favoured(game, sq):
            value += int(game.t.price[sq] * self.bonus)
        return value

    def _wants(self, game: Game, seat: int, sq: int, price: int) -> bool:
        cash = game.cash[seat]
        if cash < price:
            return False
        mine, other, size = self._group_state(game, seat, sq)
        if mine + 1 == size or (other == size - 1 and size > 1):
            return True  # complete my group, or stop someone else's
        if self._favoured(game, sq) and (other == 0 or mine > 0):
            return True  # a favoured group still open to me
        if other == 0 or mine > 0:
            return cash - price >= self._reserve(game, seat) // 2  # a set I can still complete
        return cash - price >= self._reserve(game, seat)  # someone else's group: only when rich

    # ------------------------------------------------------------ own turn
    def _turn(self, game: Game, seat: int, before_roll: bool) -> Action:
        if self._over_budget(game, seat):
            return ROLL if before_roll else END_TURN
        if game.rules.variant != "classic" and hasattr(self, "_turn_" + game.rules.variant):
            return super()._turn(game, seat, before_roll)  # the variant's own turn, with my choices
        if before_roll and game.in_jail[seat]:
            jail = self._jail_choice(game, seat)
            if jail is not None:
                return jail
        if seat in game.group_owner:
            targets = self._build_targets(game, seat)
            build = self._build_from(game, seat, targets)
            if build is not None:
                return build
            if self.mortgage_to_build and targets and targets[0][0]:
                mortgage = self._mortgage_for_houses(game, seat, targets)
                if mortgage is not None:
                    self._no_lift_turn = (id(game), game.turn)
                    return mortgage
        if True in game.mortgaged and self._no_lift_turn != (id(game), game.turn):
            lift = self._lift_choice(game, seat, self._reserve(game, seat))
            if lift is not None:
                return lift
        if before_roll and game.turn % self.trade_every == seat % self.trade_every:
            offer = self._fresh(game, self._trade_offer(game, seat))
            if offer is not None:
                return offer
        return ROLL if before_roll else END_TURN

    def _jail_choice(self, game: Game, seat: int) -> Action | None:
        if self.jail == "long":
            return None
        if self.jail == "auto":
            unowned = sum(1 for sq in game.t.properties if game.owner[sq] < 0)
            expected, _ = danger_ahead(game, seat)
            if unowned <= 2 or expected >= self.jail_danger:
                return None  # late game: let the others pay rent while I sit
        if game.jail_cards[seat] and game.is_legal(seat, USE_JAIL_CARD):
            return USE_JAIL_CARD
        if game.cash[seat] >= game.rules.jail_fine + self._reserve(game, seat) // 2 and game.is_legal(
            seat, PAY_JAIL_FINE
        ):
            return PAY_JAIL_FINE
        return None

    def _build_targets(self, game: Game, seat: int) -> list[tuple[bool, float, int]]:
        """(below build_to, expected rent gained per opponent turn and unit of cost, lot) for the
        lowest lot of each of my complete groups that can take another building."""
        t = game.t
        level = game.level
        income = board_odds(game).income
        out = []
        for g, holder in enumerate(game.group_owner):
            if holder != seat:
                continue
            members = t.group_members[g]
            if not t.is_street[members[0]]:
                continue
            low = min(members, key=level.__getitem__)
            lv = level[low]
            if lv >= HOTEL:
                continue
            table = income[low]
            if lv + 1 >= len(table):
                continue
            gain = (table[lv + 1] - table[lv] * (2 if lv == 0 else 1)) / max(1, t.house_cost[low])
            if self._favoured(game, low):
                gain *= 1 + self.bonus
            out.append((lv < self.build_to, gain, low))
        out.sort(reverse=True)
        return out

    def _build_choice(self, game: Game, seat: int) -> Action | None:
        return self._build_from(game, seat, self._build_targets(game, seat))

    def _build_from(self, game: Game, seat: int, targets: list[tuple[bool, float, int]]) -> Action | None:
        if not targets:
            return None
        cash = game.cash[seat]
        reserve = self._reserve(game, seat)
        t = game.t
        for rush, _, sq in targets:
            keep = reserve // 2 if rush else reserve
            if cash - t.house_cost[sq] < keep:
                continue
            action = Build(sq)
            if game.is_legal(seat, action):
                return action
        return None

    def _mortgage_for_houses(self, game: Game, seat: int, targets: list[tuple[bool, float, int]]) -> Action | None:
        """Mortgage a loose lot (not in a group I hold or am one lot short of) when that pays for
        a house still missing below ``build_to`` (``targets``: from :meth:`_build_targets`)."""
        if not targets or not targets[0][0]:
            return None
        t = game.t
        sq = targets[0][2]
        need = t.house_cost[sq] + self._reserve(game, seat) // 2 - game.cash[seat]
        if need <= 0:
            return None
        try:
            game.check(seat, Build(sq))
        except IllegalAction as exc:
            if exc.rule != "cash":
                return None  # something other than cash stops the house: mortgaging will not help
        loose = []
        for lot in t.properties:
            if game.owner[lot] != seat or game.mortgaged[lot]:
                continue
            g = t.group_of[lot]
            members = t.members[lot]
            if g >= 0 and (game.group_owner[g] == seat or game.holdings[seat][g] + 1 >= len(members) > 1):
                continue
            if any(game.level[m] for m in members):
                continue
            loose.append((t.mortgage[lot], lot))
        if sum(m for m, _ in loose) < need:
            return None  # not enough to pay for the house anyway
        loose.sort()
        for _, lot in loose:
            action = Mortgage(lot)
            if game.is_legal(seat, action):
                return action
        return None

    def _lift_choice(self, game: Game, seat: int, reserve: int) -> Action | None:
        """Lots of my complete groups first (a mortgage stops building there); loose lots only when
        no group of mine still waits for its houses."""
        t = game.t
        cash = game.cash[seat]
        rushing = False
        for g, holder in enumerate(game.group_owner):
            if holder != seat or not t.is_street[t.group_members[g][0]]:
                continue
            members = t.group_members[g]
            if min(game.level[m] for m in members) < self.build_to:
                rushing = True
            for m in members:
                if game.mortgaged[m] and cash - game.unmortgage_cost(m) >= reserve // 2:
                    action = Unmortgage(m)
                    if game.is_legal(seat, action):
                        return action
        if rushing:
            return None
        for sq in t.properties:
            if game.owner[sq] == seat and game.mortgaged[sq] and cash - game.unmortgage_cost(sq) >= reserve + 150:
                action = Unmortgage(sq)
                if game.is_legal(seat, action):
                    return action
        return None
