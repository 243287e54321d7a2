"""The state every part of a game shares, declared once, and the primitives they all use.

A game is one class built in layers, each a module named after its subject, each a subclass of the
one below (so that the class compiles as a single native class, see docs/performance.md):

    GameCore (this module) <- ScriptedChance <- Holdings <- Market <- Buildings <- Trading
    <- Bankruptcy <- TurnFlow <- Acting <- Listing <- Game

A layer calls what the layers below it define; what a lower layer needs from above (``_resume``:
what a turn does once a decision is resolved) is declared here and defined on top. ``Game.__init__``
sets every attribute declared here; positions (engine/state.py) write them.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from . import decision as D
from . import events as E
from .actions import Action
from .decision import Debt, Decision, RentClaim, Shortage
from .dice import Chance
from .edition import Edition, EditionTables
from .errors import Problem
from .events import BANK, POT
from .native import mypyc_attr
from .ruleset import Ruleset


@mypyc_attr(allow_interpreted_subclasses=True)
class GameCore:
    """The state of a game (set by ``Game.__init__``) and the primitives every layer uses."""

    # the decision kinds this game opens and the continuations (``then``) its _resume carries out;
    # a variant extends both (positions are checked against them)
    decision_kinds: ClassVar[frozenset[str]] = frozenset(D.DECISION_KINDS)
    continuations: ClassVar[frozenset[str]] = frozenset(
        {"land_done", "jail_move", "end_turn", "next_auction", "shortage"}
    )
    # the continuations that end or go on with the current player's move (engine/turns.py)
    turn_continuations: ClassVar[frozenset[str]] = frozenset({"land_done", "jail_move", "end_turn"})
    # attributes a variant sets that are computed, not state: positions leave them out (engine/state.py)
    derived_state: ClassVar[frozenset[str]] = frozenset()

    # ---- the table
    edition: Edition
    rules: Ruleset
    t: EditionTables
    size: int
    names: list[str]
    n: int
    seed: int | None
    chance: Chance
    events: list[E.Event] | None  # None: simulations build no event objects
    actions: list[tuple[int, Any]]  # (seat, action) in order: the record
    end_turn_prompt: bool
    setup: dict[str, Any]
    auto_claim: list[bool]
    # ---- per player
    cash: list[int]
    position: list[int]
    in_jail: list[bool]
    jail_turns: list[int]
    jail_cards: list[list[str]]
    bankrupt: list[bool]
    skip_next: list[bool]
    passed_go: list[bool]
    # ---- per square
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    group_owner: list[int]
    holdings: list[list[int]]
    # ---- the bank
    bank_houses: int
    bank_hotels: int
    bank_balance: int
    pot: int
    decks: dict[str, deque[int]]
    # ---- the turn
    current: int
    turn: int
    round: int
    rolls: int
    doubles: int
    last_roll: tuple[int, ...]
    extra_roll: bool
    sent_to_jail: bool
    claims: list[RentClaim]
    builds_this_turn: dict[tuple[int, int], int]
    speed_face: int
    move_total: int
    mr_monopoly_pending: bool
    stack: list[Decision]
    auction_batches: list[tuple[list[int], str | None]]
    shortage: Shortage | None = None
    uneven_ok: bool
    first_seat: int
    order: list[int]
    bankrupt_order: list[int]
    # ---- the end
    winner: int
    end_reason: str
    over: bool
    finished_by: str | None
    # ---- copies of the rules read on every turn (set by _copy_rules; derived, see engine/state.py):
    # Ruleset is an interpreted class, so each read of ``self.rules.x`` from compiled code is a slow
    # attribute lookup, while these are native fields
    rules_variant: str
    _decision_seconds: int | None
    _dice_sides: int
    _speed_die: bool
    _turn_limit: int | None
    _max_builds: int
    _build_timing: str
    _even_building: bool
    _hotel_by_group: bool
    _mortgage_timing: str
    _doubles_to_jail: int
    _no_rent_owner_in_jail: bool
    _rent_claim_automatic: bool
    _doubles_extra_roll: bool
    _double_rent_full_set: bool
    _mortgage_only_in_debt: bool
    _unbuilt_group_to_mortgage: bool
    _shortage_auction: bool
    _even_selling: bool
    _building_sell_percent: int
    _transfer_mode: str
    _lift_cost: list[int]  # unmortgage_cost per square

    # ------------------------------------------------------------ declared here, defined above
    def _resume(self, then: str | None) -> None:
        """Carry out ``then`` once a decision is resolved (Game, and a variant's own continuations)."""
        raise NotImplementedError

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (or of whoever decides now): engine/listing.py."""
        raise NotImplementedError

    def position_problem(self, d: Decision) -> str | None:
        """What is wrong with a pending decision read from a position: Game, and a variant's own."""
        raise NotImplementedError

    def variant_violations(self) -> list[str]:
        """Invariants of a variant's own state (checked with :func:`invariants.violations`)."""
        return []

    # ------------------------------------------------------------ ownership and the auction queue
    def has_full_group(self, seat: int, sq: int) -> bool:
        g = self.t.group_of[sq]
        return g >= 0 and self.group_owner[g] == seat

    def set_owner(self, sq: int, seat: int) -> None:
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

    @property
    def auction_queue(self) -> list[int]:
        """The lots still to be auctioned in the innermost batch."""
        return self.auction_batches[-1][0] if self.auction_batches else []

    @property
    def after_auctions(self) -> str | None:
        """What the turn does once the innermost batch of auctions is over."""
        return self.auction_batches[-1][1] if self.auction_batches else None

    def _copy_rules(self) -> None:
        """Copy the rules read on every turn onto the game (``self.rules`` and ``self.t`` are set)."""
        rules, t = self.rules, self.t
        self.rules_variant = rules.variant
        self._decision_seconds = rules.decision_seconds
        self._dice_sides = rules.dice_sides
        self._speed_die = bool(rules.speed_die)
        self._turn_limit = rules.turn_limit
        self._max_builds = rules.max_builds_per_group_per_turn or 0
        self._build_timing = rules.build_timing
        self._even_building = bool(rules.even_building)
        self._hotel_by_group = rules.hotel_requires == "group"
        self._mortgage_timing = rules.mortgage_timing
        self._doubles_to_jail = rules.doubles_to_jail or 0
        self._no_rent_owner_in_jail = bool(rules.no_rent_owner_in_jail)
        self._rent_claim_automatic = rules.rent_claim == "automatic"
        self._doubles_extra_roll = bool(rules.doubles_extra_roll)
        self._double_rent_full_set = bool(rules.double_rent_full_set)
        self._mortgage_only_in_debt = bool(rules.mortgage_only_in_debt)
        self._unbuilt_group_to_mortgage = rules.mortgage_requires_unbuilt == "group"
        self._shortage_auction = bool(rules.shortage_auction)
        self._even_selling = bool(rules.even_selling)
        self._building_sell_percent = rules.building_sell_percent
        self._transfer_mode = rules.transfer_mode
        price, mortgage, pct = t.price, t.mortgage, rules.mortgage_interest_percent
        base_price, of_price = rules.lift_base == "price", rules.lift_interest_of == "price"
        lift: list[int] = []
        for sq in range(t.size):
            base = price[sq] if base_price else mortgage[sq]
            of = price[sq] if of_price else mortgage[sq]
            lift.append(base + -(-of * pct // 100))
        self._lift_cost = lift

    # ------------------------------------------------------------ seats
    def in_debt(self, seat: int) -> bool:
        """Whether ``seat`` owes a payment it has not raised yet (it may only raise cash meanwhile)."""
        for d in self.stack:
            if d.kind == D.DEBT and d.seat == seat:
                return True
        return False

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if not self.bankrupt[p]]

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (bankrupt or not)."""
        order = self.order
        n = self.n
        for i in range(n):  # a plain loop: list.index is a generic method call when compiled
            if order[i] == seat:
                return order[i + 1] if i + 1 < n else order[0]
        raise ValueError(f"seat {seat} is not in the playing order")

    def seats_after(self, seat: int) -> list[int]:
        """Every seat in playing order, starting with the one after ``seat`` and ending with ``seat``."""
        order = self.order
        i = order.index(seat) + 1
        return order[i:] + order[:i]

    # ------------------------------------------------------------ events, decisions, money
    def _emit(self, cls: type[E.Event], *args: Any) -> None:
        """Record an event; simulations turn events off and never build the objects. (The hot paths
        test ``self.events`` themselves and append: then a simulation does not even build the
        arguments, which costs a tuple and boxed ints per call in the compiled build.)"""
        if self.events is not None:
            self.events.append(cls(*args))

    def _push(self, d: Decision) -> None:
        if self._decision_seconds is not None:
            d.deadline = self._decision_seconds
        self.stack.append(d)

    def _push_chain(self, decisions: list[Decision], then: str | None) -> None:
        """Open decisions to be answered in the given order; ``then`` runs after the last one."""
        for i, d in enumerate(reversed(decisions)):
            d.then = then if i == 0 else None
            d.deadline = self._decision_seconds
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

    def _charge(
        self, payer: int, creditors: list[tuple[int, int]], reason: str, then: str | None, square: int = -1
    ) -> bool:
        """Pay now if the cash is there (True); otherwise open a debt decision (False)."""
        total = 0
        for _, amount in creditors:
            total += amount
        if self.cash[payer] >= total:
            for party, amount in creditors:
                self._transfer(payer, party, amount, reason, square)
            return True
        if self.events is not None:
            self.events.append(E.DebtIncurred(payer, total, creditors[0][0]))
        self._push(Decision(D.DEBT, payer, square, Debt(list(creditors), reason, square), then))
        return False

    def _bank_payee(self) -> int:
        """Where taxes and fines go: the pot under the free-parking house rule."""
        return POT if self.rules.free_parking_pot else BANK

    # ------------------------------------------------------------ common refusals
    def _expect_problem(self, seat: int, kind: str, label: str) -> Problem | None:
        """Unless the game waits for ``seat`` to answer a ``kind`` decision: why ``label`` is not
        possible now (the decision is then ``self.stack[-1]``)."""
        d = self.stack[-1] if self.stack else None
        if d is None or d.kind != kind:
            now = d.kind if d else "nothing"
            return (
                "wrong-decision",
                "{label} is not possible now (the game waits for: {waiting})",
                {"label": label, "expected": kind, "waiting": now},
            )
        return self._decider_problem(d, seat)

    def _decider_problem(self, d: Decision, seat: int) -> Problem | None:
        """Unless ``seat`` is the one to answer ``d``: whose decision it is."""
        if d.seat != seat:
            return (
                "not-your-turn",
                "it is {decider}'s decision, not {player}'s",
                {"decider": self.names[d.seat], "player": self.names[seat]},
            )
        return None

    def _window_problem(
        self, seat: int, timing: str, rule: str, what: str, debt_ok: bool = False
    ) -> Problem | None:
        """Rulesets that only allow an act around one's own roll (digital 001:99,113; polish 002:97)."""
        if timing == "any":
            return None
        top = self.stack[-1] if self.stack else None
        if top is None:
            return None
        if debt_ok and top.kind == D.DEBT and top.seat == seat:
            return None  # raising cash for a debt is always allowed
        own = top.seat == seat and seat == self.current
        if timing == "before_roll":
            if not (own and top.kind == D.PRE_ROLL):
                return (rule, "{what}: only in your own turn, before you roll", {"what": what, "when": timing})
        elif not (own and top.kind in (D.PRE_ROLL, D.POST_ROLL)):
            return (rule, "{what}: only just before or after your own roll", {"what": what, "when": timing})
        return None

    def _alive_problem(self, seat: int) -> Problem | None:
        if self.bankrupt[seat]:
            return ("bankrupt", "{player} is bankrupt and out of the game", {"player": self.names[seat]})
        return None
