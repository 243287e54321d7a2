"""The trader: values property by expected income and set completion, and deals.

The worth of a player's lots in a colour group is what they should earn over the next
``horizon`` rounds of opponents' turns, from the exact landing odds (:mod:`.valuation`):

* a complete street group: rent at the houses the owner can afford now (up to ``develop``), less
  their cost, plus half the value of developing it fully later;
* a partial group: the single rents, plus a share of the complete group's value (a quarter when no
  other player holds a lot of it, less when one does);
* railroads and utilities: the rent for the number held;
* plus, per lot, its mortgage value (what it can always be turned into); a mortgaged lot costs its
  lift, and receiving one costs the transfer fee; a jail card is worth half the jail fine.

A trade is judged by what it changes for both players. The trader refuses a trade that hands the
other player a complete group unless it gains at least as much itself (no cheap monopolies), and
otherwise wants a gain of its own at least ``rivalry`` times the partner's.

It proposes multi-item trades: for a group where it lacks lots held by one opponent, it asks for
them and pays with a lot that completes the partner's group (a swap), loose lots (mortgaged ones
too) and jail cards, topped up with cash; after each refusal it offers more, up to the price at
which both sides gain equally, then waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import END_TURN, ROLL, Action, Build, LiftMortgage, ProposeTrade
from ..engine.decision import Decision, Trade
from ..engine.edition import HOTEL
from ..engine.game import Game
from ..engine.native import mypyc_attr
from .valuation import Guarded, board_odds
from .verdicts import ACCEPTED, Verdict

OFFER_STEPS = (0.5, 0.7, 0.85, 1.0)  # share of the most the trader would pay, after 0, 1, 2, 3 refusals


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass
class TraderBot(Guarded):
    """Values lots by expected income and set completion; proposes and weighs multi-item trades."""

    reserve: int = 100  # cash always kept back
    horizon: float = 15.0  # rounds of opponents' turns a lot's income is counted for
    develop: int = 3  # houses per lot a complete group is valued at
    rivalry: float = 0.5  # weight of the partner's gain (1.0 when the partner completes a group)
    trade_every: int = 3  # turns between offers
    max_items: int = 3  # lots given in one offer
    name: str = "trader"

    def __post_init__(self) -> None:
        super().__post_init__()
        self._asks: dict[
            tuple[Any, ...], tuple[int, int]
        ] = {}  # (game, group, partner) -> (offer step, next turn)
        self._pending: tuple[Any, ...] | None = None  # (key, lots asked for, step, seat)
        self._turns_key: tuple[Any, ...] = ()
        self._turns_value = 0.0
        self._scan_sig: tuple[Any, ...] = ()
        self._value_key: tuple[Any, ...] = ()
        self._value_memo = 0
        self._scan: list[tuple[float, int, int, tuple[int, ...]]] = []

    # ================================================================ the model
    def _turns(self, game: Game) -> float:
        """Opponents' turns a lot's income is counted for: ``horizon`` rounds of the others."""
        key = (id(game), game.turn)
        if self._turns_key != key:
            self._turns_key = key
            # at least two opponents' worth: heads-up, the other player's gain is all my loss
            self._turns_value = self.horizon * max(2, game.n - sum(game.bankrupt) - 1)
        return self._turns_value

    def _full_value(self, game: Game, g: int, level: int, turns: float) -> float:
        """A complete street group with ``level`` houses a lot: rent over ``turns``, less the houses."""
        row = board_odds(game).group_income[g]
        if not row:
            return 0.0
        level = min(level, len(row) - 1)
        double = 2 if level == 0 and game.rules.double_rent_full_set else 1
        members = game.t.group_members[g]
        return row[level] * double * turns - level * game.t.house_cost[members[0]] * len(members)

    def _worth(self, game: Game, seat: int, g: int, moved: dict[int, int], cash: int) -> float:
        """Worth to ``seat`` of its lots in group ``g`` if the lots in ``moved`` changed hands."""
        t = game.t
        members = t.group_members[g]
        owner, mortgaged = game.owner, game.mortgaged
        income = board_odds(game).income
        k = 0
        value = 0.0  # asset value: mortgage values, less lifts
        singles = 0.0  # single rents per opponent turn
        others = False
        for m in members:
            o = moved.get(m, owner[m])
            if o == seat:
                k += 1
                value += t.mortgage[m]
                if mortgaged[m]:
                    value -= game.unmortgage_cost(m)
                row = income[m]
                if row:
                    singles += row[0]
            elif o >= 0:
                others = True
        if not k:
            return 0.0
        turns = self._turns(game)
        size = len(members)
        if not t.is_street[members[0]]:  # railroads, utilities: the rent for the number held
            for m in members:
                row = income[m]
                if row and moved.get(m, owner[m]) == seat:
                    value += row[min(k, len(row)) - 1] * turns
            return value
        if k == size:
            level = game.level
            if any(level[m] for m in members):  # built already: what it earns as it stands
                for m in members:
                    row = income[m]
                    if row:
                        value += row[min(level[m], len(row) - 1)] * turns
                return value
            per_round = t.house_cost[members[0]] * size
            affordable = max(0, (cash - self.reserve) // per_round) if per_round else self.develop
            full_now = self._full_value(game, g, min(self.develop, affordable), turns)
            full_later = self._full_value(game, g, self.develop, turns)
            return value + full_now + 0.5 * max(0.0, full_later - full_now)
        row = board_odds(game).group_income[g]
        potential = self._full_value(game, g, self.develop, turns) - (row[0] if row else 0.0) * turns
        chance = 0.08 if others else 0.25
        return value + singles * turns + chance * (k / size) * max(0.0, potential)

    def _completes(self, game: Game, seat: int, g: int, moved: dict[int, int]) -> bool:
        """Does ``moved`` give ``seat`` the whole street group ``g`` it did not hold?"""
        t = game.t
        members = t.group_members[g]
        if not t.is_street[members[0]] or game.group_owner[g] == seat:
            return False
        count = game.holdings[seat][g]
        owner, group_of = game.owner, t.group_of
        for sq, new in moved.items():
            if group_of[sq] == g:
                count += (new == seat) - (owner[sq] == seat)
        return count == len(members)

    def _gains(
        self,
        game: Game,
        p: int,
        q: int,
        give: tuple[int, ...],
        give_cash: int,
        give_cards: int,
        take: tuple[int, ...],
        take_cash: int,
        take_cards: int,
        before: dict[tuple[int, int], float] | None = None,
    ) -> tuple[float, float, bool, bool]:
        """(gain of p, gain of q, p completes a group, q completes a group) for p giving ``give``
        (+ cash, cards) to q and taking ``take`` (+ cash, cards) from q. ``before`` caches the
        players' present worth per group between calls about the same position."""
        t = game.t
        moved = dict.fromkeys(give, q)
        moved.update(dict.fromkeys(take, p))
        groups = {t.group_of[sq] for sq in moved if t.group_of[sq] >= 0}
        card = game.rules.jail_fine / 2
        cash_p = game.cash[p] - give_cash + take_cash
        cash_q = game.cash[q] + give_cash - take_cash
        gain_p = (take_cash - give_cash) + card * (take_cards - give_cards)
        gain_q = -gain_p
        gain_p -= sum(game.transfer_cost(sq, False) for sq in take if game.mortgaged[sq])
        gain_q -= sum(game.transfer_cost(sq, False) for sq in give if game.mortgaged[sq])
        done_p = done_q = False
        if before is None:
            before = {}
        for g in groups:
            now_p = before.get((p, g))
            if now_p is None:
                now_p = before[(p, g)] = self._worth(game, p, g, {}, game.cash[p])
            now_q = before.get((q, g))
            if now_q is None:
                now_q = before[(q, g)] = self._worth(game, q, g, {}, game.cash[q])
            gain_p += self._worth(game, p, g, moved, cash_p) - now_p
            gain_q += self._worth(game, q, g, moved, cash_q) - now_q
            done_p = done_p or self._completes(game, p, g, moved)
            done_q = done_q or self._completes(game, q, g, moved)
        return gain_p, gain_q, done_p, done_q

    # ================================================================ buying and bidding
    def _value(self, game: Game, seat: int, sq: int) -> int:
        """What ``sq`` is worth to ``seat``: the change in its worth, plus what keeping it from an
        opponent who would complete its group with it is worth."""
        g = game.t.group_of[sq]
        price = game.t.price[sq]
        if g < 0:
            return price
        cash = game.cash[seat]
        key = (id(game), game.turn, seat, sq, cash)  # an auction asks again at every bid
        if self._value_key == key:
            return self._value_memo
        gain = self._worth(game, seat, g, {sq: seat}, cash - price) - self._worth(game, seat, g, {}, cash)
        block = 0.0
        for m in game.t.group_members[g]:
            o = game.owner[m]
            if o >= 0 and o != seat and self._completes(game, o, g, {sq: o}):
                rival = self._worth(game, o, g, {sq: o}, game.cash[o]) - self._worth(game, o, g, {}, game.cash[o])
                block = self.rivalry * rival
                break
        self._value_key, self._value_memo = key, int(max(price * 0.5, gain + block))
        return self._value_memo

    def _wants(self, game: Game, seat: int, sq: int, price: int) -> bool:
        if game.cash[seat] >= price and self._value(game, seat, sq) >= price:
            return True
        return super()._wants(game, seat, sq, price)

    # ================================================================ own turn
    def act(self, game: Game, d: Decision) -> Action:
        if self._pending is not None and d.seat == self._pending[3]:
            self._learn(game, d.seat)
        return super().act(game, d)

    def _turn(self, game: Game, seat: int, before_roll: bool) -> Action:
        if self._over_budget(game, seat):
            return ROLL if before_roll else END_TURN
        return super()._turn(game, seat, before_roll)

    def _build_choice(self, game: Game, seat: int) -> Action | None:
        """The house that adds most expected rent per unit of cost, keeping the reserve."""
        t = game.t
        cash = game.cash[seat]
        reserve = self._reserve(game, seat)
        income = board_odds(game).income
        level = game.level
        best: list[tuple[float, int]] = []
        for g, holder in enumerate(game.group_owner):
            if holder != seat:
                continue
            members = t.group_members[g]
            if not t.is_street[members[0]] or cash - t.house_cost[members[0]] < reserve:
                continue
            low = min(members, key=level.__getitem__)
            lv = level[low]
            if lv >= HOTEL:
                continue
            row = income[low]
            if lv + 1 >= len(row):
                continue
            best.append(((row[lv + 1] - row[lv] * (2 if lv == 0 else 1)) / max(1, t.house_cost[low]), low))
        best.sort(reverse=True)
        for _, sq in best:
            action = Build(sq)
            if game.is_legal(seat, action):
                return action
        return None

    def _decide_mortgage_transfer(self, game: Game, seat: int, d: Decision) -> Action:
        g = game.t.group_of[d.square]
        cost = game.transfer_cost(d.square, True)
        if g >= 0 and game.group_owner[g] == seat and game.cash[seat] >= cost + self._reserve(game, seat) // 2:
            return LiftMortgage(True)  # a lot of a group I can now build on
        return super()._decide_mortgage_transfer(game, seat, d)

    # ================================================================ trading
    def _good_trade(self, game: Game, seat: int, tr: Trade) -> Verdict:
        gp, gq, done_p, done_q = self._gains(
            game,
            tr.proposer,
            tr.partner,
            tr.give_properties,
            tr.give_cash,
            len(tr.give_cards),
            tr.take_properties,
            tr.take_cash,
            len(tr.take_cards),
        )
        mine, theirs = (gq, gp) if seat == tr.partner else (gp, gq)
        i_complete, they_complete = (done_q, done_p) if seat == tr.partner else (done_p, done_q)
        if mine <= 0:
            return Verdict(False, "loses_income")
        if they_complete and not i_complete:  # no cheap monopolies: about as much for me as for them
            return ACCEPTED if mine >= 0.9 * theirs else Verdict(False, "gives_group_cheap")
        return ACCEPTED if mine >= self.rivalry * theirs else Verdict(False, "uneven")

    def _learn(self, game: Game, seat: int) -> None:
        """Was my last offer accepted? If not, offer more next time (then wait a while)."""
        pending = self._pending
        if pending is None:
            return
        key, take, step, _ = pending
        if any(d.kind == "trade_response" for d in game.stack):
            return  # still waiting for the answer
        self._pending = None
        if all(game.owner[sq] == seat for sq in take):
            self._asks.pop(key, None)
            return
        if step + 1 < len(OFFER_STEPS):
            self._asks[key] = (step + 1, game.turn + 3 * game.n)
        else:
            self._asks[key] = (step, game.turn + 12 * game.n)

    def _candidates(self, game: Game, seat: int) -> list[tuple[float, int, int, tuple[int, ...]]]:
        """Street groups I hold part of whose missing lots are all held by one opponent:
        (the group's developed income, group, that opponent, the lots), best first. Cached
        until a lot changes hands."""
        sig = (id(game), tuple(game.owner))
        if self._scan_sig == sig:
            return self._scan
        t = game.t
        owner = game.owner
        wanted: list[tuple[float, int, int, tuple[int, ...]]] = []
        for g, members in enumerate(t.group_members):
            if not t.is_street[members[0]] or len(members) < 2 or game.group_owner[g] >= 0:
                continue
            mine = game.holdings[seat][g]
            if mine == 0 or len(members) - mine > 2:
                continue
            missing = tuple(m for m in members if owner[m] != seat)
            holders = {owner[m] for m in missing}
            if len(holders) != 1:
                continue
            q = holders.pop()
            if q < 0 or game.bankrupt[q]:
                continue
            row = board_odds(game).group_income[g]
            wanted.append((row[min(self.develop, len(row) - 1)] if row else 0.0, g, q, missing))
        wanted.sort(reverse=True)
        self._scan_sig, self._scan = sig, wanted
        return wanted

    def _trade_offer(self, game: Game, seat: int) -> Action | None:
        for _, g, q, missing in self._candidates(game, seat):
            key = (id(game), g, q)
            step, wait = self._asks.get(key, (0, 0))
            if game.turn < wait:
                continue
            offer = self._compose(game, seat, q, missing, step)
            if offer is not None:
                self._pending = (key, missing, step, seat)
                self._asks[key] = (step, game.turn + 2 * game.n)  # in case the answer is never seen
                return offer
            self._asks[key] = (step, game.turn + 6 * game.n)  # nothing to offer now: look again later
        return None

    def _compose(self, game: Game, seat: int, q: int, take: tuple[int, ...], step: int) -> Action | None:  # noqa: C901 - one search for an offer, its steps in one compiled loop
        """An offer for ``take``: a swap if one of my lots completes a group of q's, else loose lots,
        jail cards and cash worth the current step's share of the most I would pay."""
        t = game.t
        before: dict[tuple[int, int], float] = {}
        gp, gq, _, _ = self._gains(game, seat, q, (), 0, 0, take, 0, 0, before)
        if gp <= 0:
            return None
        loss_q = max(0.0, -gq)
        most = (gp + loss_q) / 2  # beyond this q would gain more than I do
        target = max(loss_q * 1.05, OFFER_STEPS[step] * most)
        spare = max(0, game.cash[seat] - self._reserve(game, seat) // 2)
        taken_groups = {t.group_of[sq] for sq in take}

        def nominal_of(sq: int) -> int:  # what the partner sees: the price, less the lift if mortgaged
            return t.price[sq] - (game.unmortgage_cost(sq) if game.mortgaged[sq] else 0)

        swaps: list[int] = []
        loose: list[tuple[float, int]] = []
        spare_lots: list[tuple[int, int]] = []
        for sq in t.properties:
            if game.owner[sq] != seat:
                continue
            g = t.group_of[sq]
            if g < 0 or g in taken_groups or game.group_owner[g] == seat:
                continue
            if any(game.level[m] for m in t.members[sq]):
                continue
            if game.mortgaged[sq] and not game.rules.trade_mortgaged:
                continue
            if self._completes(game, q, g, {sq: q}):
                swaps.append(sq)
                continue
            nominal = nominal_of(sq)
            if nominal > 0:
                spare_lots.append((nominal, sq))
        spare_lots.sort(reverse=True)
        cash_now = game.cash[seat]
        for nominal, sq in spare_lots[: self.max_items + 1]:  # what it costs me, for the likeliest few
            g = t.group_of[sq]
            now = before.get((seat, g))
            if now is None:
                now = before[(seat, g)] = self._worth(game, seat, g, {}, cash_now)
            cost = now - self._worth(game, seat, g, {sq: q}, cash_now)
            if nominal > 1.2 * cost:
                loose.append((nominal / max(1.0, cost), sq))
        cards = tuple(game.jail_cards[seat][:1])
        candidates: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
        for sq in swaps[:2]:  # mutual monopolies
            candidates.append(((sq,), ()))
        loose.sort(reverse=True)
        items: list[int] = []
        given = 0.0  # what the lots given are nominally worth
        for _, sq in loose[: self.max_items]:
            if given >= target:
                break
            items.append(sq)
            given += nominal_of(sq)
        candidates.append((tuple(items), cards))
        if items:
            candidates.append(((), cards))  # cash (and card) only, as a fallback
        for give, give_cards in candidates:
            worth = sum(nominal_of(sq) for sq in give) + len(give_cards) * game.rules.jail_fine / 2
            cash = int(min(spare, max(0.0, target - worth)))
            if worth + cash < loss_q:
                continue
            mine, theirs, _, _ = self._gains(game, seat, q, give, cash, len(give_cards), take, 0, 0, before)
            if mine <= 0 or mine < theirs - 1e-6:
                continue  # I would gain less than they do: not worth it (or a cheap monopoly)
            offer = ProposeTrade(
                q, give_properties=give, give_cash=cash, give_cards=give_cards, take_properties=take
            )
            if game.is_legal(seat, offer):
                return offer
        return None
