"""The game: state, the pending decision, and one call to act.

Players (bots, people, tests, RL agents) read ``game.decision`` and call
``game.apply(seat, action)``; the engine never calls a player. Every illegal action raises
:class:`IllegalAction` naming the rule, before anything is changed.

The turn flow is a small state machine. Decisions live on a stack: the bottom one is the active
player's turn decision (``pre_roll`` / ``post_roll``); interrupts (buy, auction, debt, trade
answers, ...) are pushed above it. An interrupt carries ``then``: what the turn does once it is
resolved (finish the landing, move out of jail, run the next bankruptcy auction, ...).
"""

from __future__ import annotations

import hashlib
from collections import deque
from typing import Any, Iterator, Sequence

from . import decision as D
from .actions import (
    ACCEPT, BUY, DECLARE_BANKRUPTCY, DECLINE, END_TURN, PASS, PAY_JAIL_FINE, REJECT, ROLL,
    USE_JAIL_CARD, Accept, Action, Bid, Build, Buy, ChooseTax, ClaimRent, Decline,
    DeclareBankruptcy, EndTurn, LiftMortgage, Mortgage, Pass, PayJailFine, ProposeTrade, Reject,
    Roll, SellBuilding, Unmortgage, UseJailCard, WantBuilding,
)
from .decision import AuctionState, Debt, Decision, Shortage, Trade
from .dice import Chance
from .edition import (
    CARD, FREE_PARKING, GO, GO_TO_JAIL, RAILROAD, STREET, TAX, UTILITY, Edition,
)
from .errors import ConfigError, IllegalAction
from .events import BANK, POT
from . import events as E
from .ruleset import Ruleset

HOTEL = 5  # building level of a hotel (levels 1..4 are houses)


class RentClaim:
    __slots__ = ("owner", "payer", "square", "amount", "turn")

    def __init__(self, owner: int, payer: int, square: int, amount: int, turn: int) -> None:
        self.owner, self.payer, self.square, self.amount, self.turn = owner, payer, square, amount, turn

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.owner, self.payer, self.square, self.amount, self.turn)


class Game:
    """One game of an edition under a ruleset.

    ``dice`` scripts the first rolls and ``deck_orders`` the top cards of each deck (by card id),
    for tests; ``first_player`` skips the roll for turn order. ``auto_claim`` makes seats claim
    rent the moment it is owed (a bool for all seats, or one per seat). ``record_events=False``
    skips building event objects, and ``end_turn_prompt=False`` ends a turn as soon as its last
    move is resolved instead of waiting for ``EndTurn`` (both for simulations: bots do their
    building and trading before they roll).
    """

    def __init__(
        self,
        edition: Edition,
        rules: Ruleset,
        players: Sequence[str] | int,
        seed: int | None = None,
        *,
        dice: Sequence[Sequence[int]] = (),
        deck_orders: dict[str, Sequence[str]] | None = None,
        first_player: int | None = None,
        auto_claim: bool | Sequence[bool] = True,
        record_events: bool = True,
        end_turn_prompt: bool = True,
    ) -> None:
        names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        n = len(names)
        if not rules.min_players <= n <= rules.max_players:
            raise ConfigError(
                f"ruleset {rules.id!r} is for {rules.min_players}-{rules.max_players} players, got {n}"
            )
        self.edition = edition
        self.rules = rules
        self.names = names
        self.n = n
        self.seed = seed
        self.chance = Chance(seed, dice)
        self.events: list[E.Event] | None = [] if record_events else None
        self.actions: list[tuple[int, Action]] = []
        self.end_turn_prompt = end_turn_prompt
        # how the game was set up, for its record (the engine itself never reads this back)
        self.setup: dict[str, Any] = {
            "dice": [list(r) for r in dice],
            "deck_orders": {k: list(v) for k, v in (deck_orders or {}).items()},
            "first_player": first_player,
            "auto_claim": auto_claim if isinstance(auto_claim, bool) else list(auto_claim),
            "end_turn_prompt": end_turn_prompt,
        }
        self.auto_claim = [bool(auto_claim)] * n if isinstance(auto_claim, bool) else [bool(a) for a in auto_claim]
        if len(self.auto_claim) != n:
            raise ConfigError("auto_claim needs one value per seat")

        t = edition.tables()
        self.t = t
        self.size = t.size
        # ---- per player
        self.cash = [rules.starting_cash] * n
        self.position = [t.go] * n
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.jail_cards: list[list[str]] = [[] for _ in range(n)]
        self.bankrupt = [False] * n
        self.skip_next = [False] * n
        # ---- per square
        self.owner = [-1] * t.size
        self.level = [0] * t.size  # 0..4 houses, 5 = hotel
        self.mortgaged = [False] * t.size
        self.group_owner = [-1] * len(t.group_members)  # the seat holding a whole group, or -1
        self.holdings = [[0] * len(t.group_members) for _ in range(n)]  # lots held per seat and group
        # ---- bank
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.bank_balance = -rules.starting_cash * n  # the bank prints money: players + bank + pot == 0
        self.pot = 0
        self.decks: dict[str, deque[int]] = {}
        self._init_decks(deck_orders or {})
        # ---- turn state
        self.current = 0
        self.turn = 0  # number of turns started
        self.round = 0
        self.rolls = 0
        self.doubles = 0  # doubles in a row this turn
        self.last_roll: tuple[int, ...] = ()
        self.extra_roll = False
        self.sent_to_jail = False
        self.claims: list[RentClaim] = []
        self.stack: list[Decision] = []
        self.auction_queue: list[int] = []
        self.after_auctions: str | None = None
        self.winner = -1
        self.end_reason = ""
        self.over = False
        self.finished_by: str | None = None
        self.uneven_ok = False  # set once a hotel was cleared outright for want of houses (REC H-2)
        self._first = 0
        self._choose_first(first_player)
        self._start_turn(self._first)

    # ================================================================ public API
    @property
    def decision(self) -> Decision:
        """The decision the game waits for (``None`` once the game is over)."""
        return self.stack[-1] if self.stack else None  # type: ignore[return-value]

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``. Raises IllegalAction (state untouched) if not allowed."""
        if self.over:
            raise IllegalAction("game-over", "the game is over")
        if not 0 <= seat < self.n:
            raise IllegalAction("no-such-seat", f"there is no seat {seat}")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("unknown-action", f"unknown action {action!r}")
        handler[0](self, seat, action)  # check: raises, changes nothing
        self.actions.append((seat, action))
        handler[1](self, seat, action)  # do
        self._settle_debt()
        if not self.stack and not self.over:  # every open decision is resolved: the turn is over
            self._end_turn()

    def check(self, seat: int, action: Action) -> None:
        """Raise IllegalAction if ``action`` is not legal for ``seat`` now; change nothing."""
        if self.over:
            raise IllegalAction("game-over", "the game is over")
        if not 0 <= seat < self.n:
            raise IllegalAction("no-such-seat", f"there is no seat {seat}")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction("unknown-action", f"unknown action {action!r}")
        handler[0](self, seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        try:
            self.check(seat, action)
        except IllegalAction:
            return False
        return True

    def legal_actions(self, seat: int | None = None) -> Iterator[Action]:
        """Legal actions for ``seat`` (default: the seat that must decide), generated lazily.

        Parametrised actions are represented once: ``Bid`` at the lowest legal amount (any amount
        up to the bidder's cash is legal); trades are never enumerated (``ProposeTrade`` is
        validated by :meth:`check`).
        """
        d = self.decision
        if d is None:
            return
        if seat is None:
            seat = d.seat
        if self.bankrupt[seat]:
            return
        if d.seat == seat:
            yield from self._decision_actions(d)
        yield from self._free_actions(seat)

    def _decision_actions(self, d: Decision) -> Iterator[Action]:
        seat, kind = d.seat, d.kind
        if kind == D.PRE_ROLL:
            yield ROLL
            if self.in_jail[seat]:
                if self.cash[seat] >= self.rules.jail_fine:
                    yield PAY_JAIL_FINE
                if self.jail_cards[seat]:
                    yield USE_JAIL_CARD
        elif kind == D.POST_ROLL:
            yield END_TURN
        elif kind == D.BUY:
            if self.cash[seat] >= self.t.price[d.square]:
                yield BUY
            yield DECLINE
        elif kind == D.AUCTION:
            a: AuctionState = d.data
            low = max(a.min_bid, a.high_bid + 1)
            if self.cash[seat] >= low:
                yield Bid(low)
            yield PASS
        elif kind == D.DEBT:
            if self.cash[seat] + self.liquidation_value(seat) < d.data.amount:
                yield DECLARE_BANKRUPTCY
        elif kind == D.TRADE_RESPONSE:
            yield ACCEPT
            yield REJECT
        elif kind == D.INCOME_TAX:
            yield ChooseTax(False)
            yield ChooseTax(True)
        elif kind == D.MORTGAGE_TRANSFER:
            if self.cash[seat] >= self.unmortgage_cost(d.square):
                yield LiftMortgage(True)
            yield LiftMortgage(False)
        elif kind == D.BUILDING_INTEREST:
            yield WantBuilding(True)
            yield WantBuilding(False)
        elif kind == D.PLACE_BUILDING:
            for sq in self.t.streets:
                if self.is_legal(seat, Build(sq)):
                    yield Build(sq)

    def _free_actions(self, seat: int) -> Iterator[Action]:
        for claim in self.claims:
            if claim.owner == seat:
                yield ClaimRent(claim.square)
        owner = self.owner
        for sq in self.t.properties:
            if owner[sq] != seat:
                continue
            for action in (Build(sq), SellBuilding(sq), Mortgage(sq), Unmortgage(sq)):
                if self.is_legal(seat, action):
                    yield action

    # ------------------------------------------------------------ read helpers
    def owned_by(self, seat: int) -> list[int]:
        return [sq for sq in self.t.properties if self.owner[sq] == seat]

    def has_full_group(self, seat: int, sq: int) -> bool:
        g = self.t.group_of[sq]
        return g >= 0 and self.group_owner[g] == seat

    def _set_owner(self, sq: int, seat: int) -> None:
        """The only place ownership changes; keeps ``holdings`` and ``group_owner`` current."""
        old = self.owner[sq]
        self.owner[sq] = seat
        g = self.t.group_of[sq]
        if g < 0:
            return
        if old >= 0:
            self.holdings[old][g] -= 1
        if seat >= 0:
            self.holdings[seat][g] += 1
            self.group_owner[g] = seat if self.holdings[seat][g] == len(self.t.group_members[g]) else -1
        else:
            self.group_owner[g] = -1

    def building_value(self, sq: int) -> int:
        """What the bank pays for one building on ``sq``."""
        return self.t.house_cost[sq] * self.rules.building_sell_percent // 100

    def unmortgage_cost(self, sq: int) -> int:
        m = self.t.mortgage[sq]
        return m + -(-m * self.rules.mortgage_interest_percent // 100)

    def liquidation_value(self, seat: int) -> int:
        """Cash the bank would pay for selling every building and mortgaging every property."""
        total = 0
        for sq in self.t.properties:
            if self.owner[sq] == seat:
                total += self.level[sq] * self.building_value(sq)
                if not self.mortgaged[sq]:
                    total += self.t.mortgage[sq]
        return total

    def net_worth(self, seat: int) -> int:
        """Cash + printed prices (mortgage value for mortgaged ones) + buildings at cost."""
        if self.bankrupt[seat]:
            return 0
        total = self.cash[seat]
        t = self.t
        for sq in t.properties:
            if self.owner[sq] == seat:
                total += t.mortgage[sq] if self.mortgaged[sq] else t.price[sq]
                total += self.level[sq] * t.house_cost[sq]
        return total

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if not self.bankrupt[p]]

    def rent_for(self, sq: int, dice_total: int, card_kind: str | None = None) -> int:
        """Rent owed to the owner of ``sq`` for a landing (0 if unowned or mortgaged)."""
        owner = self.owner[sq]
        if owner < 0 or self.mortgaged[sq]:
            return 0
        t = self.t
        kind = t.kind[sq]
        rules = self.rules
        if kind == STREET:
            level = self.level[sq]
            rent = t.rent[sq][level]
            if level == 0 and rules.double_rent_full_set and self.has_full_group(owner, sq):
                members = t.members[sq]
                if rules.mortgage_blocks_double_rent and any(self.mortgaged[m] for m in members):
                    return rent
                if not rules.double_rent_in_built_group and any(self.level[m] for m in members):
                    return rent
                rent *= 2
            return rent
        count = sum(1 for m in t.members[sq] if self.owner[m] == owner)
        table = t.rent[sq]
        if kind == RAILROAD:
            rent = table[min(count, len(table)) - 1]
            if card_kind == RAILROAD:
                rent *= rules.card_railroad_multiplier
            return rent
        if kind == UTILITY:
            if card_kind == UTILITY and rules.card_utility_rent == "reroll_x10":
                return 10 * dice_total
            return table[min(count, len(table)) - 1] * dice_total
        return 0

    # ------------------------------------------------------------ records
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (used for hashing and by user interfaces)."""
        return {
            "cash": list(self.cash),
            "position": list(self.position),
            "in_jail": list(self.in_jail),
            "jail_turns": list(self.jail_turns),
            "jail_cards": [list(c) for c in self.jail_cards],
            "bankrupt": list(self.bankrupt),
            "skip_next": list(self.skip_next),
            "owner": list(self.owner),
            "level": list(self.level),
            "mortgaged": list(self.mortgaged),
            "bank_houses": self.bank_houses,
            "bank_hotels": self.bank_hotels,
            "bank_balance": self.bank_balance,
            "pot": self.pot,
            "decks": {k: list(v) for k, v in self.decks.items()},
            "current": self.current,
            "turn": self.turn,
            "round": self.round,
            "rolls": self.rolls,
            "doubles": self.doubles,
            "last_roll": list(self.last_roll),
            "extra_roll": self.extra_roll,
            "claims": [list(c.as_tuple()) for c in self.claims],
            "stack": [d.describe() | {"then": d.then} for d in self.stack],
            "auction_queue": list(self.auction_queue),
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    def state_hash(self) -> str:
        payload = repr((self.snapshot(), self.chance.state())).encode()
        return hashlib.sha256(payload).hexdigest()

    def finish_by_net_worth(self, reason: str) -> None:
        """End the game now from outside (a time limit, a simulation's turn cap): the richest
        player wins. Recorded as ``finished_by`` so that a replay ends the same way."""
        if self.over:
            return
        self.finished_by = reason
        self._finish_by_net_worth(reason)

    def _finish_by_net_worth(self, reason: str) -> None:
        alive = self.alive()
        winner = max(alive, key=lambda p: (self.net_worth(p), -p))
        self._game_over(winner, reason)

    # ================================================================ set-up
    def _init_decks(self, orders: dict[str, Sequence[str]]) -> None:
        for deck_id, deck in self.edition.decks.items():
            indexes = list(range(len(deck.cards)))
            if self.rules.shuffle_decks:
                self.chance.shuffle(indexes)
            wanted = orders.get(deck_id, ())
            ids = [c.id for c in deck.cards]
            top = []
            for card_id in wanted:
                if card_id not in ids:
                    raise ConfigError(f"deck {deck_id!r} has no card {card_id!r}")
                top.append(ids.index(card_id))
            rest = [i for i in indexes if i not in top]
            self.decks[deck_id] = deque(top + rest)
        for deck_id in orders:
            if deck_id not in self.decks:
                raise ConfigError(f"edition {self.edition.id!r} has no deck {deck_id!r}")

    def _choose_first(self, first_player: int | None) -> None:
        if first_player is not None:
            if not 0 <= first_player < self.n:
                raise ConfigError(f"first_player must be a seat from 0 to {self.n - 1}")
            self._first = first_player
            return
        if not self.rules.turn_order_by_roll:
            self._first = 0
            return
        contenders = list(range(self.n))
        rolls: list[tuple[int, int]] = []
        while len(contenders) > 1:
            results = [(p, sum(self.chance.roll(2))) for p in contenders]
            rolls.extend(results)
            best = max(total for _, total in results)
            contenders = [p for p, total in results if total == best]
        self._first = contenders[0]
        self._emit(E.TurnOrderRolled, tuple(rolls), self._first)

    # ================================================================ internals
    def _emit(self, cls: type[E.Event], *args: Any) -> None:
        """Record an event; simulations turn events off and never build the objects."""
        if self.events is not None:
            self.events.append(cls(*args))

    def _push(self, d: Decision) -> None:
        self.stack.append(d)

    def _push_chain(self, decisions: list[Decision], then: str | None) -> None:
        """Open decisions to be answered in the given order; ``then`` runs after the last one."""
        for i, d in enumerate(reversed(decisions)):
            d.then = then if i == 0 else None
            self.stack.append(d)

    def _transfer(self, payer: int, payee: int, amount: int, reason: str, square: int = -1) -> None:
        """The only place money moves. Parties: a seat, BANK or POT."""
        if amount == 0:
            return
        if payer >= 0:
            self.cash[payer] -= amount
        elif payer == BANK:
            self.bank_balance -= amount
        else:
            self.pot -= amount
        if payee >= 0:
            self.cash[payee] += amount
        elif payee == BANK:
            self.bank_balance += amount
        else:
            self.pot += amount
        if self.events is not None:
            self.events.append(E.Paid(payer, payee, amount, reason, square))

    def _charge(self, payer: int, creditors: list[tuple[int, int]], reason: str, then: str | None,
                square: int = -1) -> bool:
        """Pay now if the cash is there (True); otherwise open a debt decision (False)."""
        total = 0
        for _, amount in creditors:
            total += amount
        if self.cash[payer] >= total:
            for party, amount in creditors:
                self._transfer(payer, party, amount, reason, square)
            return True
        self._emit(E.DebtIncurred, payer, total, creditors[0][0])
        self._push(Decision(D.DEBT, payer, square, Debt(list(creditors), reason, square), then))
        return False

    def _bank_payee(self) -> int:
        """Where taxes and fines go: the pot under the free-parking house rule."""
        return POT if self.rules.free_parking_pot else BANK

    def _settle_debt(self) -> None:
        """After every action: a debtor whose cash now covers the debt pays it at once."""
        while self.stack:
            d = self.stack[-1]
            if d.kind != D.DEBT:
                return
            debt: Debt = d.data
            if self.cash[d.seat] < debt.amount:
                return
            self.stack.pop()
            for party, amount in debt.creditors:
                self._transfer(d.seat, party, amount, debt.reason, debt.square)
            self._resume(d.then)

    def _resume(self, then: str | None) -> None:
        if then is None or self.over:
            return
        if then == "land_done":
            self._finish_move()
        elif then == "jail_move":
            p = self.current
            self._leave_jail(p, "forced_fine")
            self._move_and_land(p, self.last_roll[0] + self.last_roll[1])
        elif then == "end_turn":
            self._end_turn()
        elif then == "next_auction":
            self._next_queued_auction()
        elif then == "shortage":
            self._resolve_shortage()
        else:  # pragma: no cover - programming error
            raise AssertionError(f"unknown continuation {then!r}")

    # ------------------------------------------------------------ turn flow
    def _start_turn(self, seat: int) -> None:
        n = self.n
        for _ in range(2 * n + 1):
            if not self.bankrupt[seat]:
                if self.skip_next[seat]:
                    self.skip_next[seat] = False
                    self._emit(E.TurnSkipped, seat, "free_parking")
                else:
                    break
            seat = (seat + 1) % n
            if seat == self._first:
                self.round += 1
        limit = self.rules.turn_limit
        if limit is not None and self.round >= limit:
            self.current = seat
            self._finish_by_net_worth("turn_limit")
            return
        self.current = seat
        self.turn += 1
        self.doubles = 0
        self.extra_roll = False
        self.sent_to_jail = False
        self._emit(E.TurnStarted, seat, self.turn)
        self._push(Decision(D.PRE_ROLL, seat))

    def _end_turn(self) -> None:
        if self.over:
            return
        # drop whatever turn decisions of the current player remain
        if self.stack:
            self.stack[:] = [d for d in self.stack if d.kind not in (D.PRE_ROLL, D.POST_ROLL)]
        if self.stack:  # an unrelated interrupt is still open (cannot normally happen)
            return
        nxt = (self.current + 1) % self.n
        if nxt == self._first:
            self.round += 1
        self._start_turn(nxt)

    def _finish_move(self) -> None:
        """The square is resolved: roll again after a double, or wait for the end of the turn."""
        if self.over:
            return
        p = self.current
        if self.bankrupt[p] or self.sent_to_jail:
            self._end_turn()
            return
        if self.extra_roll:
            self._push(Decision(D.PRE_ROLL, p))
        elif self.end_turn_prompt:
            self._push(Decision(D.POST_ROLL, p))
        else:
            self._end_turn()

    def _roll(self, p: int) -> None:
        self.stack.pop()  # the pre_roll decision
        self._expire_claims()
        dice = self.chance.roll(2)
        d1, d2 = dice
        self.last_roll = dice
        self.rolls += 1
        double = d1 == d2
        self._emit(E.Rolled, p, dice, "jail" if self.in_jail[p] else "move")
        rules = self.rules
        if self.in_jail[p]:
            if double:
                self._leave_jail(p, "doubles")
                self.extra_roll = rules.jail_doubles_extra_roll
                self._move_and_land(p, d1 + d2)
                return
            self.jail_turns[p] += 1
            if self.jail_turns[p] >= rules.jail_max_turns:
                if self._charge(p, [(self._bank_payee(), rules.jail_fine)], "jail_fine", "jail_move"):
                    self._leave_jail(p, "forced_fine")
                    self._move_and_land(p, d1 + d2)
                return
            self._finish_move()
            return
        if double:
            self.doubles += 1
            if rules.doubles_to_jail and self.doubles >= rules.doubles_to_jail:
                self._send_to_jail(p, "doubles")
                self._end_turn()
                return
        self.extra_roll = double and rules.doubles_extra_roll
        self._move_and_land(p, d1 + d2)

    def _move_and_land(self, p: int, steps: int) -> None:
        self._move_by(p, steps)
        if self._land(p):
            self._finish_move()

    def _move_by(self, p: int, steps: int) -> None:
        start = self.position[p]
        total = start + steps
        end = total % self.size
        self.position[p] = end
        passed = steps > 0 and total >= self.size
        if self.events is not None:
            self.events.append(E.Moved(p, start, end, passed))
        if passed:
            self._pay_salary(p, landed=end == self.t.go)

    def _move_to(self, p: int, target: int) -> None:
        """Forward to ``target`` (card moves): salary if GO is passed or reached."""
        start = self.position[p]
        steps = (target - start) % self.size
        if steps == 0:
            steps = self.size if target == self.t.go else 0
        self._move_by(p, steps)

    def _pay_salary(self, p: int, landed: bool) -> None:
        rules = self.rules
        if self.in_jail[p]:
            return
        if landed and not rules.salary_on_landing:
            return
        amount = rules.salary * (2 if landed and rules.double_salary_on_go else 1)
        self._transfer(BANK, p, amount, "salary")

    def _send_to_jail(self, p: int, reason: str) -> None:
        self.position[p] = self.t.jail
        self.in_jail[p] = True
        self.jail_turns[p] = 0
        self.doubles = 0
        self.extra_roll = False
        if p == self.current:
            self.sent_to_jail = True
        self._emit(E.Jailed, p, reason)

    def _leave_jail(self, p: int, how: str) -> None:
        self.in_jail[p] = False
        self.jail_turns[p] = 0
        self._emit(E.LeftJail, p, how)

    # ------------------------------------------------------------ landing
    def _land(self, p: int, card_kind: str | None = None) -> bool:
        """Resolve the square ``p`` stands on. False if a decision was opened (it resumes later)."""
        sq = self.position[p]
        kind = self.t.kind[sq]
        if kind == STREET or kind == RAILROAD or kind == UTILITY:
            owner = self.owner[sq]
            if owner < 0:
                self._push(Decision(D.BUY, p, sq, then="land_done"))
                return False
            if owner == p or self.mortgaged[sq]:
                return True
            if self.rules.no_rent_owner_in_jail and self.in_jail[owner]:
                return True
            dice_total = self.last_roll[0] + self.last_roll[1] if self.last_roll else 0
            if kind == UTILITY and card_kind == UTILITY:
                dice = self.chance.roll(2)
                self._emit(E.Rolled, p, dice, "utility")
                dice_total = dice[0] + dice[1]
            amount = self.rent_for(sq, dice_total, card_kind)
            if amount <= 0:
                return True
            if self.rules.rent_claim == "automatic" or self.auto_claim[owner]:
                return self._charge(p, [(owner, amount)], "rent", "land_done", sq)
            self.claims.append(RentClaim(owner, p, sq, amount, self.turn))
            self._emit(E.RentOwed, owner, p, sq, amount)
            return True
        if kind == CARD:
            return self._draw(p, self.t.deck_of[sq])
        if kind == TAX:
            return self._tax(p, sq)
        if kind == GO_TO_JAIL:
            self._send_to_jail(p, "square")
            return True
        if kind == FREE_PARKING:
            if self.rules.free_parking_pot and self.pot > 0:
                self._transfer(POT, p, self.pot, "pot")
            if self.rules.free_parking == "skip_turn":
                if self.extra_roll and p == self.current:
                    self.extra_roll = False  # the skipped move is the double's extra roll
                else:
                    self.skip_next[p] = True
            return True
        return True  # GO, jail (just visiting)

    def _tax_amount(self, sq: int) -> int:
        square = self.edition.squares[sq]
        if square.tax_kind == "income" and self.rules.income_tax is not None:
            return self.rules.income_tax
        if square.tax_kind == "luxury" and self.rules.luxury_tax is not None:
            return self.rules.luxury_tax
        return square.tax

    def _tax(self, p: int, sq: int) -> bool:
        square = self.edition.squares[sq]
        if square.tax_kind == "income" and self.rules.income_tax_choice != "none":
            self._push(Decision(D.INCOME_TAX, p, sq, then="land_done"))
            return False
        return self._charge(p, [(self._bank_payee(), self._tax_amount(sq))], "tax", "land_done", sq)

    def _draw(self, p: int, deck_id: str | None) -> bool:
        if deck_id is None or deck_id not in self.decks:
            return True
        pile = self.decks[deck_id]
        if not pile:  # every card of the deck is a kept jail card
            return True
        index = pile.popleft()
        card = self.edition.decks[deck_id].cards[index]
        self._emit(E.DrewCard, p, deck_id, card.id, card.text)
        effect, args = card.effect, card.args
        if effect == "jail_free":
            self.jail_cards[p].append(deck_id)
            return True
        pile.append(index)  # to the bottom of its deck
        if effect == "advance_to":
            self._move_to(p, int(args["square"]))
            return self._land(p)
        if effect == "advance_to_nearest":
            kind = str(args["kind"])
            target = self.t.next_of_kind[kind][self.position[p]]
            if target < 0:
                return True
            self._move_to(p, target)
            return self._land(p, card_kind=kind)
        if effect == "move_by":
            steps = int(args["steps"])
            if steps >= 0:
                self._move_by(p, steps)
            else:
                start = self.position[p]
                self.position[p] = (start + steps) % self.size
                self._emit(E.Moved, p, start, self.position[p], False)
            return self._land(p)
        if effect == "go_to_jail":
            self._send_to_jail(p, "card")
            return True
        if effect == "collect":
            self._transfer(BANK, p, int(args["amount"]), "card")
            return True
        if effect == "pay":
            return self._charge(p, [(self._bank_payee(), int(args["amount"]))], "card", "land_done")
        if effect == "pay_each":
            others = [q for q in self.alive() if q != p]
            if not others:
                return True
            amount = int(args["amount"])
            return self._charge(p, [(q, amount) for q in others], "card", "land_done")
        if effect == "collect_from_each":
            amount = int(args["amount"])
            debtors = []
            for q in self.alive():
                if q == p:
                    continue
                if self.cash[q] >= amount:
                    self._transfer(q, p, amount, "card")
                else:
                    debtors.append(q)
            if not debtors:
                return True
            self._push_chain([Decision(D.DEBT, q, -1, Debt([(p, amount)], "card")) for q in debtors], "land_done")
            for q in debtors:
                self._emit(E.DebtIncurred, q, amount, p)
            return False
        if effect == "repairs":
            houses = hotels = 0
            for sq in self.t.streets:
                if self.owner[sq] == p:
                    if self.level[sq] == HOTEL:
                        hotels += 1
                    else:
                        houses += self.level[sq]
            amount = houses * int(args["per_house"]) + hotels * int(args["per_hotel"])
            if amount == 0:
                return True
            return self._charge(p, [(self._bank_payee(), amount)], "card", "land_done")
        raise AssertionError(f"unknown card effect {effect!r}")  # pragma: no cover

    def _expire_claims(self) -> None:
        if not self.claims:
            return
        keep = []
        for c in self.claims:
            if c.turn < self.turn:
                self._emit(E.RentForfeited, c.owner, c.payer, c.square, c.amount)
            else:
                keep.append(c)
        self.claims = keep

    # ------------------------------------------------------------ auctions
    def _start_auction(self, sq: int, item: str, bidders: list[int], min_bid: int, then: str | None) -> None:
        bidders = [b for b in bidders if not self.bankrupt[b]]
        self._emit(E.AuctionStarted, sq, item, min_bid)
        if not bidders:
            self._emit(E.AuctionEnded, sq, -1, 0)
            self._resume(then)
            return
        state = AuctionState(sq, item, bidders, min_bid)
        self._push(Decision(D.AUCTION, bidders[0], sq, state, then))

    def _property_auction(self, sq: int, then: str | None, exclude: int = -1) -> None:
        start = (self.current + 1) % self.n
        order = [(start + i) % self.n for i in range(self.n)]
        bidders = [b for b in order if b != exclude]
        self._start_auction(sq, "property", bidders, self.rules.auction_min_bid, then)

    def _auction_step(self, d: Decision) -> None:
        """After a bid or a pass: end the auction or hand the turn to the next bidder."""
        a: AuctionState = d.data
        if not a.bidders or (len(a.bidders) == 1 and a.bidders[0] == a.high_bidder):
            self.stack.pop()
            self._close_auction(a, d.then)
            return
        a.turn %= len(a.bidders)
        if a.bidders[a.turn] == a.high_bidder:
            a.turn = (a.turn + 1) % len(a.bidders)
        d.seat = a.bidders[a.turn]

    def _close_auction(self, a: AuctionState, then: str | None) -> None:
        winner, price = a.high_bidder, a.high_bid
        self._emit(E.AuctionEnded, a.square, winner, price if winner >= 0 else 0)
        if winner < 0:
            self._resume(then)
            return
        # A winner who spent cash during the auction owes the bid like any other debt.
        if a.item == "property":
            self._give_property(a.square, -1, winner)
            if self._charge(winner, [(BANK, price)], "auction", then, a.square):
                self._resume(then)
            return
        # a scarce building: the winner pays, then chooses where it goes
        self._push(Decision(D.PLACE_BUILDING, winner, -1, a.item, then))
        self._charge(winner, [(BANK, price)], "auction", None, a.square)

    def _next_queued_auction(self) -> None:
        if self.auction_queue:
            sq = self.auction_queue.pop(0)
            self._property_auction(sq, "next_auction")
            return
        then, self.after_auctions = self.after_auctions, None
        self._resume(then)

    # ------------------------------------------------------------ property moves
    def _give_property(self, sq: int, giver: int, receiver: int) -> None:
        self._set_owner(sq, receiver)
        if self.events is not None:
            if giver < 0 and receiver >= 0:
                self.events.append(E.Bought(receiver, sq, 0))
            self.events.append(E.PropertyTransferred(sq, giver, receiver))

    def _receive_mortgaged(self, receiver: int, squares: list[int], then: str | None) -> bool:
        """Open the lift-now-or-pay-the-fee decisions for mortgaged properties received (H-15)."""
        squares = [sq for sq in squares if self.mortgaged[sq]]
        if not squares:
            return True
        self._push_chain([Decision(D.MORTGAGE_TRANSFER, receiver, sq) for sq in squares], then)
        return False

    # ------------------------------------------------------------ bankruptcy
    def _go_bankrupt(self, p: int, d: Decision) -> None:
        debt: Debt = d.data
        players = [party for party, _ in debt.creditors if party >= 0 and not self.bankrupt[party]]
        creditor = players[0] if players else BANK
        self.stack.remove(d)
        self.claims = [c for c in self.claims if c.owner != p and c.payer != p]
        t = self.t
        props = self.owned_by(p)
        self._emit(E.WentBankrupt, p, creditor)
        self.bankrupt[p] = True
        for sq in props:  # buildings go back to the bank
            level = self.level[sq]
            if level:
                if creditor >= 0:
                    self._transfer(BANK, p, level * self.building_value(sq), "building_sale", sq)
                self._return_buildings(sq)
        if creditor >= 0:
            self._transfer(p, creditor, self.cash[p], "bankruptcy")
            for sq in props:
                self._give_property(sq, p, creditor)
            for deck in self.jail_cards[p]:
                self.jail_cards[creditor].append(deck)
                self._emit(E.JailCardTransferred, deck, p, creditor)
            self.jail_cards[p] = []
        else:
            self._transfer(p, BANK, self.cash[p], "bankruptcy")
            for deck in self.jail_cards[p]:
                self._return_jail_card(deck)
                self._emit(E.JailCardTransferred, deck, p, -1)
            self.jail_cards[p] = []
            for sq in props:
                self.mortgaged[sq] = False
                self._give_property(sq, p, -1)
        # the bankrupt player's own decisions disappear; what they were to do next still happens
        dropped = [x.then for x in reversed(self.stack) if x.seat == p and x.kind != D.AUCTION and x.then]
        self.stack[:] = [x for x in self.stack if x.seat != p or x.kind == D.AUCTION]
        for x in self.stack:
            if x.kind == D.AUCTION and p in x.data.bidders:
                self._drop_bidder(x, p)
        alive = self.alive()
        if len(alive) == 1:
            self._game_over(alive[0], "last_player")
            return
        then = "end_turn" if p == self.current else (dropped[-1] if dropped else d.then)
        if creditor >= 0:
            mortgaged = [sq for sq in props if self.mortgaged[sq]]
            if mortgaged and not self._receive_mortgaged(creditor, mortgaged, then):
                return
        elif self.rules.auctions and props:
            self.auction_queue.extend(props)
            self.after_auctions = then
            self._next_queued_auction()
            return
        self._resume(then)

    def _drop_bidder(self, d: Decision, p: int) -> None:
        a: AuctionState = d.data
        i = a.bidders.index(p)
        a.bidders.pop(i)
        if i < a.turn:
            a.turn -= 1
        if self.stack and self.stack[-1] is d:
            self._auction_step(d)
        elif a.bidders:
            a.turn %= len(a.bidders)
            d.seat = a.bidders[a.turn]

    def _return_buildings(self, sq: int) -> None:
        level = self.level[sq]
        if level == HOTEL:
            self.bank_hotels += 1
        else:
            self.bank_houses += level
        self.level[sq] = 0

    def _return_jail_card(self, deck_id: str) -> None:
        cards = self.edition.decks[deck_id].cards
        for i, card in enumerate(cards):
            if card.effect == "jail_free" and i not in self.decks[deck_id]:
                self.decks[deck_id].append(i)
                return

    def _game_over(self, winner: int, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.end_reason = reason
        self.stack.clear()
        self._emit(E.GameOver, winner, reason)

    # ------------------------------------------------------------ buildings
    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> tuple[str, str] | None:
        """Why ``seat`` may not build on ``sq`` now: (rule, message), or None if it may."""
        t = self.t
        name = self.edition.squares[sq].name if 0 <= sq < self.size else str(sq)
        if not 0 <= sq < self.size or t.kind[sq] != STREET:
            return ("build-on-street", f"{name} is not a street: buildings go on streets only")
        if self.owner[sq] != seat:
            return ("build-own-property", f"you do not own {name}")
        if not self.has_full_group(seat, sq):
            return ("build-needs-full-group", f"you must own every street of {name}'s colour group to build")
        members = t.members[sq]
        for m in members:
            if self.mortgaged[m]:
                return ("build-no-mortgage-in-group",
                        f"{self.edition.squares[m].name} is mortgaged: no building in a group with a mortgaged lot")
        level = self.level[sq]
        if level >= HOTEL:
            return ("one-hotel-per-lot", f"{name} already has a hotel")
        if level == 4:
            if any(self.level[m] < 4 for m in members):
                return ("hotel-after-four-houses", "a hotel needs four houses on every street of the group")
            if self.bank_hotels <= 0:
                return ("hotel-stock", "the bank has no hotels left")
        else:
            if self.rules.even_building:
                low = min(self.level[m] for m in members)
                if level > low:
                    lowest = next(m for m in members if self.level[m] == low)
                    return ("even-building",
                            f"houses must be built evenly: {name} has {level}, "
                            f"{self.edition.squares[lowest].name} {low}")
            if self.bank_houses <= 0:
                return ("house-stock", "the bank has no houses left")
        price = t.house_cost[sq] if item_price is None else item_price
        if self.cash[seat] < price:
            return ("cash", f"a building on {name} costs {price}; you have {self.cash[seat]}")
        return None

    def _place_building(self, seat: int, sq: int, cost: int) -> None:
        if self.level[sq] == 4:
            self.bank_hotels -= 1
            self.bank_houses += 4
        else:
            self.bank_houses -= 1
        self.level[sq] += 1
        if cost:
            self._transfer(seat, BANK, cost, "building", sq)
        self._emit(E.Built, seat, sq, self.level[sq], cost)

    def _shortage_rivals(self, seat: int, item: str) -> list[int]:
        """Other players who could build the same kind of scarce building right now."""
        rivals = []
        for q in self.alive():
            if q == seat:
                continue
            for sq in self.t.streets:
                if self.owner[sq] == q and self._buildable(q, sq) is None:
                    if (self.level[sq] == 4) == (item == "hotel"):
                        rivals.append(q)
                        break
        return rivals

    def _resolve_shortage(self) -> None:
        s: Shortage = self._shortage
        self._shortage = None
        wanted = 1 + len(s.interested)
        stock = self.bank_hotels if s.item == "hotel" else self.bank_houses
        if wanted <= stock:
            if self._buildable(s.requester, s.square) is None:
                self._place_building(s.requester, s.square, self.t.house_cost[s.square])
            return
        bidders = [s.requester] + s.interested
        self._start_auction(s.square, s.item, bidders, self.t.house_cost[s.square], None)

    _shortage: Shortage | None = None

    def _sell_one(self, seat: int, sq: int) -> None:
        t = self.t
        level = self.level[sq]
        value = self.building_value(sq)
        if level == HOTEL:
            group = [m for m in t.members[sq] if self.level[m] == HOTEL] if self.rules.hotels_sold == "together" else [sq]
            for m in group:
                if self.bank_houses >= 4:
                    self.bank_houses -= 4
                    self.bank_hotels += 1
                    self.level[m] = 4
                    refund = value
                else:  # the bank lacks the houses: the lot is cleared outright (REC H-2)
                    self.bank_hotels += 1
                    self.level[m] = 0
                    refund = value * 5
                    self.uneven_ok = True
                self._transfer(BANK, seat, refund, "building_sale", m)
                self._emit(E.BuildingSold, seat, m, self.level[m], refund)
            return
        self.level[sq] -= 1
        self.bank_houses += 1
        self._transfer(BANK, seat, value, "building_sale", sq)
        self._emit(E.BuildingSold, seat, sq, self.level[sq], value)

    # ================================================================ handlers
    # Each action has a check (raises IllegalAction, changes nothing) and a do.

    def _expect(self, seat: int, kind: str, label: str) -> Decision:
        d = self.stack[-1] if self.stack else None
        if d is None or d.kind != kind:
            now = d.kind if d else "nothing"
            raise IllegalAction("wrong-decision", f"{label} is not possible now (the game waits for: {now})")
        if d.seat != seat:
            raise IllegalAction("not-your-turn", f"it is {self.names[d.seat]}'s decision, not {self.names[seat]}'s")
        return d

    def _alive_check(self, seat: int) -> None:
        if self.bankrupt[seat]:
            raise IllegalAction("bankrupt", f"{self.names[seat]} is bankrupt and out of the game")

    # --- roll / end turn / jail
    def _check_roll(self, seat: int, a: Roll) -> None:
        self._expect(seat, D.PRE_ROLL, "rolling")

    def _do_roll(self, seat: int, a: Roll) -> None:
        self._roll(seat)

    def _check_end_turn(self, seat: int, a: EndTurn) -> None:
        self._expect(seat, D.POST_ROLL, "ending the turn")

    def _do_end_turn(self, seat: int, a: EndTurn) -> None:
        self._end_turn()

    def _check_pay_fine(self, seat: int, a: PayJailFine) -> None:
        self._expect(seat, D.PRE_ROLL, "paying the jail fine")
        if not self.in_jail[seat]:
            raise IllegalAction("jail-fine-only-in-jail", "you are not in jail")
        if self.cash[seat] < self.rules.jail_fine:
            raise IllegalAction("cash", f"the fine is {self.rules.jail_fine}; you have {self.cash[seat]}")

    def _do_pay_fine(self, seat: int, a: PayJailFine) -> None:
        self._transfer(seat, self._bank_payee(), self.rules.jail_fine, "jail_fine")
        self._leave_jail(seat, "fine")

    def _check_use_card(self, seat: int, a: UseJailCard) -> None:
        self._expect(seat, D.PRE_ROLL, "using a jail card")
        if not self.in_jail[seat]:
            raise IllegalAction("jail-card-only-in-jail", "you are not in jail")
        if not self.jail_cards[seat]:
            raise IllegalAction("no-jail-card", "you have no Get Out of Jail Free card")

    def _do_use_card(self, seat: int, a: UseJailCard) -> None:
        deck = self.jail_cards[seat].pop(0)
        self._return_jail_card(deck)
        self._emit(E.JailCardTransferred, deck, seat, -1)
        self._leave_jail(seat, "card")

    # --- buying and auctions
    def _check_buy(self, seat: int, a: Buy) -> None:
        d = self._expect(seat, D.BUY, "buying")
        price = self.t.price[d.square]
        if self.cash[seat] < price:
            raise IllegalAction("cash", f"{self.edition.squares[d.square].name} costs {price}; you have {self.cash[seat]}")

    def _do_buy(self, seat: int, a: Buy) -> None:
        d = self.stack.pop()
        price = self.t.price[d.square]
        self._transfer(seat, BANK, price, "purchase", d.square)
        self._set_owner(d.square, seat)
        self._emit(E.Bought, seat, d.square, price)
        self._resume(d.then)

    def _check_decline(self, seat: int, a: Decline) -> None:
        self._expect(seat, D.BUY, "declining")

    def _do_decline(self, seat: int, a: Decline) -> None:
        d = self.stack.pop()
        if not self.rules.auctions:
            self._resume(d.then)
            return
        self._property_auction(d.square, d.then, exclude=-1 if self.rules.decliner_may_bid else seat)

    def _check_bid(self, seat: int, a: Bid) -> None:
        d = self._expect(seat, D.AUCTION, "bidding")
        st: AuctionState = d.data
        low = max(st.min_bid, st.high_bid + 1)
        if not isinstance(a.amount, int) or a.amount < low:
            raise IllegalAction("bid-too-low", f"a bid must be at least {low}")
        if a.amount > self.cash[seat]:
            raise IllegalAction("bid-above-cash", f"you cannot bid {a.amount}: you have {self.cash[seat]}")

    def _do_bid(self, seat: int, a: Bid) -> None:
        d = self.stack[-1]
        st: AuctionState = d.data
        st.high_bid, st.high_bidder = a.amount, seat
        self._emit(E.BidPlaced, seat, a.amount)
        st.turn = (st.turn + 1) % len(st.bidders)
        self._auction_step(d)

    def _check_pass(self, seat: int, a: Pass) -> None:
        self._expect(seat, D.AUCTION, "passing")

    def _do_pass(self, seat: int, a: Pass) -> None:
        d = self.stack[-1]
        st: AuctionState = d.data
        st.bidders.pop(st.turn)
        self._emit(E.BidderPassed, seat)
        self._auction_step(d)

    # --- rent claims
    def _check_claim(self, seat: int, a: ClaimRent) -> None:
        self._alive_check(seat)
        if not any(c.owner == seat and c.square == a.square for c in self.claims):
            raise IllegalAction("rent-claim-window",
                                "no rent to claim there: rent must be claimed before the next player rolls")

    def _do_claim(self, seat: int, a: ClaimRent) -> None:
        claim = next(c for c in self.claims if c.owner == seat and c.square == a.square)
        self.claims.remove(claim)
        self._charge(claim.payer, [(seat, claim.amount)], "rent", None, claim.square)

    # --- taxes, mortgage transfers, shortage answers
    def _check_tax(self, seat: int, a: ChooseTax) -> None:
        self._expect(seat, D.INCOME_TAX, "choosing the income tax")

    def _do_tax(self, seat: int, a: ChooseTax) -> None:
        d = self.stack.pop()
        rules = self.rules
        amount = (self.cash[seat] * rules.income_tax_percent // 100) if a.percent else rules.income_tax_alternative
        if self._charge(seat, [(self._bank_payee(), amount)], "tax", d.then, d.square):
            self._resume(d.then)

    def _check_lift(self, seat: int, a: LiftMortgage) -> None:
        d = self._expect(seat, D.MORTGAGE_TRANSFER, "deciding on a received mortgage")
        cost = self.unmortgage_cost(d.square) if a.now else self._transfer_fee(d.square)
        if a.now and self.cash[seat] < cost:
            raise IllegalAction("cash", f"lifting the mortgage costs {cost}; you have {self.cash[seat]}")

    def _transfer_fee(self, sq: int) -> int:
        return -(-self.t.mortgage[sq] * self.rules.transfer_fee_percent // 100)

    def _do_lift(self, seat: int, a: LiftMortgage) -> None:
        d = self.stack.pop()
        if a.now:
            cost = self.unmortgage_cost(d.square)
            self._transfer(seat, BANK, cost, "unmortgage", d.square)
            self.mortgaged[d.square] = False
            self._emit(E.Unmortgaged, seat, d.square, cost)
            self._resume(d.then)
            return
        if self._charge(seat, [(BANK, self._transfer_fee(d.square))], "transfer_fee", d.then, d.square):
            self._resume(d.then)

    def _check_want(self, seat: int, a: WantBuilding) -> None:
        self._expect(seat, D.BUILDING_INTEREST, "answering the building shortage")

    def _do_want(self, seat: int, a: WantBuilding) -> None:
        d = self.stack.pop()
        if a.want and self._shortage is not None:
            self._shortage.interested.append(seat)
        self._resume(d.then)

    # --- buildings
    def _check_build(self, seat: int, a: Build) -> None:
        self._alive_check(seat)
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == D.PLACE_BUILDING and top.seat == seat:
            why = self._buildable(seat, a.square, item_price=0)
            if why is None and (self.level[a.square] == 4) != (top.data == "hotel"):
                why = ("place-won-building", f"you won a {top.data} at auction: place it where a {top.data} can go")
        elif self._shortage is not None or (top is not None and top.kind in (D.BUILDING_INTEREST, D.PLACE_BUILDING)):
            raise IllegalAction("shortage-auction", "scarce buildings are being shared out: wait for the auction")
        else:
            why = self._buildable(seat, a.square)
        if why is not None:
            raise IllegalAction(*why)

    def _do_build(self, seat: int, a: Build) -> None:
        sq = a.square
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == D.PLACE_BUILDING and top.seat == seat:
            self.stack.pop()
            self._place_building(seat, sq, 0)
            self._resume(top.then)
            return
        item = "hotel" if self.level[sq] == 4 else "house"
        stock = self.bank_hotels if item == "hotel" else self.bank_houses
        if self.rules.shortage_auction and stock < self.n:
            rivals = self._shortage_rivals(seat, item)
            if rivals and stock < 1 + len(rivals):
                self._shortage = Shortage(seat, sq, item)
                self._push_chain([Decision(D.BUILDING_INTEREST, q, sq, item) for q in rivals], "shortage")
                return
        self._place_building(seat, sq, self.t.house_cost[sq])

    def _check_sell(self, seat: int, a: SellBuilding) -> None:
        self._alive_check(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat or self.t.kind[sq] != STREET:
            raise IllegalAction("sell-own-building", "you have no buildings there")
        name = self.edition.squares[sq].name
        level = self.level[sq]
        if level == 0:
            raise IllegalAction("sell-own-building", f"{name} has no buildings")
        members = self.t.members[sq]
        if self.rules.even_selling and level < max(self.level[m] for m in members):
            top = max(members, key=lambda m: self.level[m])
            raise IllegalAction("even-selling",
                                f"houses must be sold evenly: sell on {self.edition.squares[top].name} first")

    def _do_sell(self, seat: int, a: SellBuilding) -> None:
        self._sell_one(seat, a.square)

    # --- mortgages
    def _check_mortgage(self, seat: int, a: Mortgage) -> None:
        self._alive_check(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat:
            raise IllegalAction("mortgage-own-property", "you do not own that property")
        name = self.edition.squares[sq].name
        if self.mortgaged[sq]:
            raise IllegalAction("already-mortgaged", f"{name} is already mortgaged")
        lots = self.t.members[sq] if self.rules.mortgage_requires_unbuilt == "group" else (sq,)
        if any(self.level[m] for m in lots):
            raise IllegalAction("mortgage-sell-buildings-first",
                                f"sell the buildings of {name}'s colour group before mortgaging it")

    def _do_mortgage(self, seat: int, a: Mortgage) -> None:
        sq = a.square
        self.mortgaged[sq] = True
        amount = self.t.mortgage[sq]
        self._transfer(BANK, seat, amount, "mortgage", sq)
        self._emit(E.Mortgaged, seat, sq, amount)

    def _check_unmortgage(self, seat: int, a: Unmortgage) -> None:
        self._alive_check(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat:
            raise IllegalAction("unmortgage-own-property", "only the owner can lift a mortgage")
        if not self.mortgaged[sq]:
            raise IllegalAction("not-mortgaged", f"{self.edition.squares[sq].name} is not mortgaged")
        cost = self.unmortgage_cost(sq)
        if self.cash[seat] < cost:
            raise IllegalAction("cash", f"lifting the mortgage costs {cost}; you have {self.cash[seat]}")

    def _do_unmortgage(self, seat: int, a: Unmortgage) -> None:
        sq = a.square
        cost = self.unmortgage_cost(sq)
        self._transfer(seat, BANK, cost, "unmortgage", sq)
        self.mortgaged[sq] = False
        self._emit(E.Unmortgaged, seat, sq, cost)

    # --- debts
    def _check_bankrupt(self, seat: int, a: DeclareBankruptcy) -> None:
        d = self._expect(seat, D.DEBT, "declaring bankruptcy")
        need = d.data.amount
        can = self.cash[seat] + self.liquidation_value(seat)
        if can >= need:
            raise IllegalAction("no-bankruptcy-while-able-to-pay",
                                f"you can still raise {can} by selling buildings and mortgaging, enough for {need}")

    def _do_bankrupt(self, seat: int, a: DeclareBankruptcy) -> None:
        self._go_bankrupt(seat, self.stack[-1])

    # --- trades
    def _check_trade(self, seat: int, a: ProposeTrade) -> None:
        self._alive_check(seat)
        q = a.partner
        if not isinstance(q, int) or not 0 <= q < self.n or q == seat or self.bankrupt[q]:
            raise IllegalAction("trade-partner", "trade with another player still in the game")
        if any(d.kind == D.TRADE_RESPONSE for d in self.stack):
            raise IllegalAction("one-trade-at-a-time", "another offer is waiting for an answer")
        if self._shortage is not None:
            raise IllegalAction("shortage-auction", "wait until the scarce buildings are shared out")
        if not (a.give_properties or a.give_cash or a.give_cards or a.take_properties or a.take_cash or a.take_cards):
            raise IllegalAction("empty-trade", "the offer is empty")
        for side, props, cash, cards in ((seat, a.give_properties, a.give_cash, a.give_cards),
                                         (q, a.take_properties, a.take_cash, a.take_cards)):
            who = self.names[side]
            if not isinstance(cash, int) or cash < 0:
                raise IllegalAction("trade-cash", "cash in a trade must be a non-negative whole number")
            if cash > self.cash[side]:
                raise IllegalAction("trade-cash", f"{who} has only {self.cash[side]} in cash")
            if len(set(props)) != len(props):
                raise IllegalAction("trade-property", "a property is listed twice")
            for sq in props:
                if not isinstance(sq, int) or not 0 <= sq < self.size or self.owner[sq] != side:
                    raise IllegalAction("trade-property", f"{who} does not own square {sq}")
                if any(self.level[m] for m in self.t.members[sq]):
                    raise IllegalAction("trade-no-buildings-in-group",
                                        f"{self.edition.squares[sq].name}: sell the group's buildings to the bank "
                                        "before trading any of its lots")
            held = list(self.jail_cards[side])
            for deck in cards:
                if deck not in held:
                    raise IllegalAction("trade-jail-card", f"{who} has no jail card from {deck!r}")
                held.remove(deck)
        if self.rules.trade_price_cap:
            for props, cash in ((a.give_properties, a.take_cash), (a.take_properties, a.give_cash)):
                if props and cash > sum(2 * self.t.price[sq] + 100 for sq in props):
                    raise IllegalAction("trade-price-cap", "a property may be sold for at most twice its price + 100")

    def _do_trade(self, seat: int, a: ProposeTrade) -> None:
        trade = Trade(seat, a.partner, tuple(a.give_properties), a.give_cash, tuple(a.give_cards),
                      tuple(a.take_properties), a.take_cash, tuple(a.take_cards))
        self._emit(E.TradeProposed, seat, a.partner, a.to_json())
        self._push(Decision(D.TRADE_RESPONSE, a.partner, -1, trade))

    def _check_answer(self, seat: int, a: Action) -> None:
        d = self._expect(seat, D.TRADE_RESPONSE, "answering an offer")
        if isinstance(a, Accept):
            # the offer may have gone stale (cash spent, property sold...)
            self._check_stale(d.data)

    def _check_stale(self, tr: Trade) -> None:
        for side, props, cash, cards in ((tr.proposer, tr.give_properties, tr.give_cash, tr.give_cards),
                                         (tr.partner, tr.take_properties, tr.take_cash, tr.take_cards)):
            if cash > self.cash[side] or any(self.owner[sq] != side for sq in props):
                raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")
            held = list(self.jail_cards[side])
            for deck in cards:
                if deck not in held:
                    raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")
                held.remove(deck)

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


_HANDLERS: dict[type, tuple[Any, Any]] = {
    Roll: (Game._check_roll, Game._do_roll),
    EndTurn: (Game._check_end_turn, Game._do_end_turn),
    PayJailFine: (Game._check_pay_fine, Game._do_pay_fine),
    UseJailCard: (Game._check_use_card, Game._do_use_card),
    Buy: (Game._check_buy, Game._do_buy),
    Decline: (Game._check_decline, Game._do_decline),
    Bid: (Game._check_bid, Game._do_bid),
    Pass: (Game._check_pass, Game._do_pass),
    ClaimRent: (Game._check_claim, Game._do_claim),
    ChooseTax: (Game._check_tax, Game._do_tax),
    LiftMortgage: (Game._check_lift, Game._do_lift),
    WantBuilding: (Game._check_want, Game._do_want),
    Build: (Game._check_build, Game._do_build),
    SellBuilding: (Game._check_sell, Game._do_sell),
    Mortgage: (Game._check_mortgage, Game._do_mortgage),
    Unmortgage: (Game._check_unmortgage, Game._do_unmortgage),
    DeclareBankruptcy: (Game._check_bankrupt, Game._do_bankrupt),
    ProposeTrade: (Game._check_trade, Game._do_trade),
    Accept: (Game._check_answer, Game._do_answer),
    Reject: (Game._check_answer, Game._do_answer),
}
