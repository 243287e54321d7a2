"""The game: state, the pending decision, and one call to act.

Players (bots, people, tests, RL agents) read ``game.decision`` and call
``game.apply(seat, action)``; the engine never calls a player. Every illegal action raises
:class:`IllegalAction` naming the rule, before anything is changed.

Each action type has a check and a do step. A check returns the :data:`~.errors.Problem` (rule,
message, parameters) that forbids the act, or None; it never raises and never changes anything, so
``legal_actions`` and ``is_legal`` cost no exception, while ``check`` and ``apply`` raise the same
problem as an :class:`IllegalAction`. The rule lives in one place for both.

The turn flow is a small state machine. Decisions live on a stack: the bottom one is the active
player's turn decision (``pre_roll`` / ``post_roll``); interrupts (buy, auction, debt, trade
answers, ...) are pushed above it. An interrupt carries ``then``: what the turn does once it is
resolved (finish the landing, move out of jail, run the next bankruptcy auction, ...).
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Sequence
from typing import Any, ClassVar

from . import decision as D
from . import events as E
from .actions import (
    Action,
)
from .decision import Debt, Decision
from .dice import Chance
from .dispatch import (
    FIELD_AMOUNT,
    FIELD_SEAT,
    FIELD_SQUARE,
    HANDLER_NAMES,
    Handler,
    bind_handlers,
    table_of,
)
from .edition import (
    Edition,
)
from .errors import ConfigError, Problem, illegal
from .fields import field_problem
from .listing import Listing
from .native import mypyc_attr
from .ruleset import Ruleset
from .state import dump_state, position_header, state_hash


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Listing):
    """One game of an edition under a ruleset.

    ``dice`` scripts the first rolls and ``deck_orders`` the top cards of each deck (by card id),
    for tests; ``first_player`` skips the roll for turn order. ``auto_claim`` makes seats claim
    rent the moment it is owed (a bool for all seats, or one per seat); it is off by default, so a
    ruleset where rent must be claimed (hasbro-ru) keeps its rule unless a caller (a bot's seat, a
    simulation) asks for it. ``record_events=False``
    skips building event objects, and ``end_turn_prompt=False`` ends a turn as soon as its last
    move is resolved instead of waiting for ``EndTurn`` (both for simulations: bots do their
    building and trading before they roll). ``opening=False`` sets the state up without the first
    turn (no roll for the order, no opening phase): ``landlords.from_position`` fills in the rest.
    ``key`` (32 secret bytes) draws the dice and decks from a keyed stream instead of the seeded
    generator (:mod:`.keyed`: games people play for real; ``seed`` is then unused).
    """

    # action type -> (problem, do) method names; bound per class (engine/dispatch.py's table, which
    # each game holds as ``_table``), so a variant's overrides are the ones called
    handler_names: ClassVar[dict[type[Action], tuple[str, str]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        bind_handlers(cls)

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
        auto_claim: bool | Sequence[bool] = False,
        record_events: bool = True,
        end_turn_prompt: bool = True,
        opening: bool = True,
        key: bytes | None = None,
    ) -> None:
        self._table = table_of(type(self))
        names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
        n = len(names)
        if rules.speed_die and rules.dice_sides != 6:
            raise ConfigError("the speed die is played with six-sided dice")
        if rules.dice_sides < 2:
            raise ConfigError("dice need at least two sides")
        if not rules.min_players <= n <= rules.max_players:
            raise ConfigError(
                f"ruleset {rules.id!r} is for {rules.min_players}-{rules.max_players} players, got {n}"
            )
        self.edition = edition
        self.rules = rules
        self.names = names
        self.n = n
        self.seed = seed
        self.chance = Chance(seed, dice, key)
        self.events = [] if record_events else None
        self.actions = []
        self.end_turn_prompt = end_turn_prompt
        # how the game was set up, for its record (the engine itself never reads this back)
        self.setup = {
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
        self._copy_rules()
        # ---- per player
        self.cash = [rules.starting_cash] * n
        self.position = [t.go] * n
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.jail_cards = [[] for _ in range(n)]
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
        self.decks = {}
        self._init_decks(deck_orders or {})
        # ---- turn state
        self.current = 0
        self.turn = 0  # number of turns started
        self.round = 0
        self.rolls = 0
        self.doubles = 0  # doubles in a row this turn
        self.last_roll = ()
        self.extra_roll = False
        self.sent_to_jail = False
        self.claims = []
        self.builds_this_turn = {}  # (seat, group) -> buildings bought
        self.passed_go = [False] * n  # has passed GO once (the speed die joins after that)
        self.speed_face = 0  # the speed die's last face: 1-3, or MR_MONOPOLY / BUS; 0 when not rolled
        self.move_total = 0  # the roll total that counts for utility rent
        self.mr_monopoly_pending = False
        self.stack = []
        self.auction_batches = []  # (lots to auction, then), innermost last
        self.winner = -1
        self.end_reason = ""
        self.over = False
        self.finished_by = None
        self.uneven_ok = False  # set once a hotel was cleared outright for want of houses (REC H-2)
        self.bankrupt_order = []  # seats in the order they went bankrupt (for the standings)
        self.first_seat = 0
        self.order = list(range(n))  # the seats in playing order, from the first player
        self._init_variant()
        if opening:
            self._choose_first(first_player)
            self._start_turn(self.first_seat)
            self._opened()

    def _init_variant(self) -> None:
        """A variant sets up its own state here: the classic state is set, the first turn not begun."""

    def _opened(self) -> None:
        """A variant's own opening, after the first turn began (not called for ``opening=False``)."""

    # ================================================================ public API
    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for (``None`` once the game is over)."""
        return self.stack[-1] if self.stack else None

    # ``seat`` and ``action`` come from outside: any value is taken and checked (anything but a seat
    # number of this game, or an action this game knows, is refused), never converted on the way in.
    def apply(self, seat: Any, action: Any) -> None:
        """Apply ``action`` for ``seat``. Raises IllegalAction (state untouched) if not allowed."""
        handler = self._table.by_type.get(type(action))  # (looked up once, for the check and the do)
        why = self._check(seat, action, handler)
        if why is not None:
            raise illegal(why)
        assert handler is not None  # (_check refuses an action type the game does not have)
        self.actions.append((seat, action))
        self.carry_out(handler, seat, action)
        stack = self.stack
        if stack and stack[-1].kind == D.DEBT:
            self._settle_debt()
        if not stack and not self.over:  # every open decision is resolved: the turn is over
            self._end_turn()

    def check(self, seat: Any, action: Any) -> None:
        """Raise IllegalAction if ``action`` is not legal for ``seat`` now; change nothing."""
        why = self._problem(seat, action)
        if why is not None:
            raise illegal(why)

    def is_legal(self, seat: Any, action: Any) -> bool:
        return self._problem(seat, action) is None

    def _problem(self, seat: Any, action: Any) -> Problem | None:
        """The whole check, shared by every action type: the seat, the type and range of every field
        (the action's ``FIELDS``), the action's own check, then no spending in debt. Once this
        returns None, the do step works on values of the declared kinds only."""
        return self._check(seat, action, self._table.by_type.get(type(action)))

    def _check(self, seat: Any, action: Any, handler: Handler | None) -> Problem | None:
        """:meth:`_problem` with the action type's ``handler`` (None: not an action of this game)."""
        if self.over:
            return ("game-over", "the game is over", {})
        if type(seat) is not int or not 0 <= seat < self.n:
            return ("no-such-seat", "there is no seat {seat}", {"seat": repr(seat)})
        if handler is None:
            return ("unknown-action", "unknown action {action}", {"action": repr(action)[:60]})
        if self.bankrupt[seat]:
            return ("bankrupt", "{player} is bankrupt and out of the game", {"player": self.names[seat]})
        for name, test, ok, kind in handler.tests:
            value = getattr(action, name)
            # the scalar kinds tested here as engine/fields.py's tests do, the rest by their test
            if test == FIELD_SQUARE:
                good = type(value) is int and 0 <= value < self.size
            elif test == FIELD_AMOUNT:
                good = type(value) is int and value >= 0
            elif test == FIELD_SEAT:
                good = type(value) is int and 0 <= value < self.n
            else:
                good = ok(self, value)
            if not good:
                return field_problem(kind, value, name, self)
        why = self.own_problem(handler, seat, action)
        if why is not None:
            return why
        if handler.spends:
            for d in self.stack:
                if d.kind == D.DEBT and d.seat == seat:
                    return (
                        "no-spending-in-debt",
                        "{player} owes {amount}: raise cash (sell, mortgage) before spending any",
                        {"player": self.names[seat], "amount": d.data.amount},
                    )
        return None

    def transfer_cost(self, sq: int, lift_now: bool) -> int:
        """What receiving mortgaged ``sq`` costs now: lifted at once, or only the fee."""
        return self._transfer_cost(sq, lift_now)

    def position_problem(self, d: Decision) -> str | None:
        """What is wrong with a pending decision read from a position (a variant adds its own)."""
        from .state_load import decision_problem

        return decision_problem(self, d)

    # ------------------------------------------------------------ copies
    def clone(self, chance: Chance | None = None) -> Game:
        """A deep copy sharing what never changes (the edition, its tables, the ruleset); with
        ``chance``, drawing from that instead of a copy of this game's generator."""
        memo: dict[int, Any] = {id(self.edition): self.edition, id(self.t): self.t, id(self.rules): self.rules}
        if chance is not None:
            memo[id(self.chance)] = chance
        twin: Game = copy.deepcopy(self, memo)
        return twin

    # ------------------------------------------------------------ records
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data: the body of :meth:`position` (see :mod:`.state`)."""
        return dump_state(self)

    def state_hash(self) -> str:
        """A hash of everything that can change what happens next."""
        return state_hash(self.snapshot())

    def to_position(self) -> dict[str, Any]:
        """The position: a versioned, documented JSON form of this state that
        ``landlords.from_position`` turns back into a game (see docs/api/positions.md)."""
        return position_header(self) | dump_state(self)

    # ================================================================ set-up
    def _init_decks(self, orders: dict[str, Sequence[str]]) -> None:
        unknown = {c.effect for deck in self.edition.decks.values() for c in deck.cards} - self.card_effects
        if unknown:
            raise ConfigError(
                f"edition {self.edition.id!r} has cards ({', '.join(sorted(unknown))}) that the "
                f"{self.rules.variant!r} game of ruleset {self.rules.id!r} cannot carry out"
            )
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
            if top:
                self.chance.cards[deck_id] = len(top)
        for deck_id in orders:
            if deck_id not in self.decks:
                raise ConfigError(f"edition {self.edition.id!r} has no deck {deck_id!r}")

    def _choose_first(self, first_player: int | None) -> None:
        """The first player and the playing order: ``first_player`` given, seat 0, or the highest
        roll of both dice; then clockwise, or (``turn_order="ranking"``) by that roll (000:407)."""
        n = self.n
        if first_player is not None:
            if type(first_player) is not int or not 0 <= first_player < n:
                raise ConfigError(f"first_player must be a seat from 0 to {n - 1}")
            self._set_order(first_player)
            return
        if not self.rules.turn_order_by_roll:
            self._set_order(0)
            return
        rolls: list[tuple[int, int]] = []
        if self.rules.turn_order == "ranking":
            ranked = self._rank_by_roll(list(range(n)), rolls)
            self.first_seat = ranked[0]
            self.order = ranked
        else:
            contenders = list(range(n))
            while len(contenders) > 1:
                results = [(p, sum(self.chance.roll(2, self.rules.dice_sides))) for p in contenders]
                rolls.extend(results)
                best = max(total for _, total in results)
                contenders = [p for p, total in results if total == best]
            self._set_order(contenders[0])
        self._emit(E.TurnOrderRolled, tuple(rolls), self.first_seat)

    def _rank_by_roll(self, seats: list[int], rolls: list[tuple[int, int]]) -> list[int]:
        """000:407 «У кого сумма выше, тот начинает игру. Кто оказался на втором месте, тот ходит вторым
        и так далее»: highest total first; players who tie roll again among themselves for their places."""
        if len(seats) < 2:
            return seats
        results = [(p, sum(self.chance.roll(2, self.rules.dice_sides))) for p in seats]
        rolls.extend(results)
        out: list[int] = []
        for total in sorted({t for _, t in results}, reverse=True):
            out += self._rank_by_roll([p for p, t in results if t == total], rolls)
        return out

    def _set_order(self, first: int) -> None:
        self.first_seat = first
        self.order = [(first + i) % self.n for i in range(self.n)]

    def standings(self) -> list[int]:
        """The seats ranked: the winner first, then the players still in by net worth (richest first,
        ties by seat), then the bankrupt ones, the last to go out first."""
        head = [self.winner] if self.winner >= 0 else []
        alive = [p for p in range(self.n) if not self.bankrupt[p] and p != self.winner]
        alive.sort(key=lambda p: (-self.net_worth(p), p))
        return head + alive + self.bankrupt_order[::-1]

    # ================================================================ internals
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


Game.handler_names = HANDLER_NAMES
bind_handlers(Game)
