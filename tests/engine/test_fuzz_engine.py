"""A stateful fuzz of the engine (issue 11): random games of every ruleset, mixing legal acts with
illegal ones, checking after every act that

* the invariants hold (:func:`landlords.engine.invariants.violations`);
* a legal act (listed by ``legal_actions``) is applied without any exception;
* an act that is refused raises :class:`IllegalAction`, never KeyError, TypeError, IndexError..., and
  leaves the state hash, the events and the action log exactly as they were;
* an act with a field of the wrong type or out of range, a seat that is not a seat, an action of
  another variant or any act on a finished game is always refused.

Budgets: a few examples in the normal suite, a longer run marked ``slow``, and any length with
``LANDLORDS_FUZZ_SECONDS=1200 pytest tests/engine/test_fuzz_engine.py -k long -s`` (it prints what it tried).
"""

from __future__ import annotations

import os
import time
import typing
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

import landlords
from landlords.engine.actions import (
    ACTION_TYPES,
    Bid,
    Build,
    ChooseMove,
    ClaimRent,
    Mortgage,
    MoveTo,
    ProposeTrade,
    SellBuilding,
    TimeOut,
    Unmortgage,
)
from landlords.engine.dispatch import table_of
from landlords.engine.errors import ConfigError, IllegalAction
from landlords.engine.invariants import violations
from landlords.engine.ruleset import Ruleset, option_types
from landlords.rules import get_ruleset, ruleset_names
from landlords.rules.businesspoly import ProposeDeal, SellLot, Sue

STATS: Counter = Counter()  # what the fuzz tried, for the long run's report

# values that are never a valid seat, square or amount (and never True/False for a flag but two)
NOT_INTS = (2.0, True, False, None, "3", 3 + 0j, [1], (1,), b"1", float("nan"))
NOT_FLAGS = (0, 1, "no", "yes", None, 1.0, "true", [])
NOT_SKIPPED = {"id", "description", "edition", "variant", "sources", "min_players", "max_players", "speed_die"}


def _house_rule_choices() -> list[tuple[str, list]]:
    """Options a house rule may change, with values to try: every bool and every choice option,
    a few numbers (low starting cash drives games into debts and bankruptcies)."""
    hints = option_types()
    out = []
    for f in Ruleset.options():
        if f.name in NOT_SKIPPED:
            continue
        kind = hints[f.name]
        if kind is bool:
            out.append((f.name, [True, False]))
        elif typing.get_origin(kind) is typing.Literal:
            out.append((f.name, list(typing.get_args(kind))))
    out.append(("starting_cash", [60, 200, 500]))
    out.append(("jail_fine", [0, 50, 400]))
    return out


HOUSE_RULES = _house_rule_choices()


class EngineFuzz(RuleBasedStateMachine):
    game: landlords.Game

    @initialize(data=st.data())
    def new_game(self, data):
        ruleset = data.draw(st.sampled_from(ruleset_names()), label="ruleset")
        base = get_ruleset(ruleset)
        players = data.draw(st.integers(max(2, base.min_players), min(8, base.max_players)), label="players")
        rules: dict = {}
        for _ in range(data.draw(st.integers(0, 4), label="house rules")):
            name, values = data.draw(st.sampled_from(HOUSE_RULES))
            rules[name] = data.draw(st.sampled_from(values))
        if data.draw(st.booleans(), label="hard times"):  # debts, time-outs and bankruptcies early and often
            rules["starting_cash"] = data.draw(st.sampled_from([60, 200, 400]))
            rules["timeout_bankrupt"] = True
            rules["bankrupt_property_to_bank"] = data.draw(st.sampled_from(["auction", "unowned"]))
            rules["bankruptcy_to_player"] = data.draw(st.sampled_from(["creditor_takes", "bank_pays_creditor"]))
        if data.draw(st.booleans(), label="speed die"):
            rules["speed_die"] = True
        seed = data.draw(st.integers(0, 2**32), label="seed")
        first = data.draw(st.none() | st.integers(0, players - 1), label="first")
        auto = data.draw(st.booleans(), label="auto_claim")
        for attempt in (rules, {k: v for k, v in rules.items() if k != "speed_die"}, {}):
            try:
                self.game = landlords.new_game(
                    None,
                    ruleset,
                    players=players,
                    seed=seed,
                    rules=attempt or None,
                    first_player=first,
                    auto_claim=auto,
                )
                break
            except ConfigError:  # a combination the ruleset refuses (the speed die on another board...)
                continue
        STATS["games"] += 1

    # ------------------------------------------------------------ checks
    @invariant()
    def consistent(self):
        problems = violations(self.game)
        assert not problems, problems

    def _refused(self, seat, action, must: bool) -> bool:
        """Apply; if refused, it must be IllegalAction and change nothing. Returns whether it applied."""
        g = self.game
        before, n_events, n_actions = g.state_hash(), len(g.events), len(g.actions)
        STATS["acts"] += 1
        try:
            g.apply(seat, action)
        except IllegalAction:
            STATS["refused"] += 1
            assert g.state_hash() == before, f"{action!r} for {seat!r} was refused but changed the state"
            assert len(g.events) == n_events and len(g.actions) == n_actions
            return False
        assert not must, f"{action!r} for seat {seat!r} should have been refused"
        STATS["applied"] += 1
        return True

    def _seat(self, data) -> int:
        return data.draw(st.integers(0, self.game.n - 1), label="seat")

    # ------------------------------------------------------------ legal play
    @rule(data=st.data())
    def play_the_pending_decision(self, data):
        g = self.game
        if g.over:
            return
        seat = g.decision.seat
        legal = list(g.legal_actions(seat))
        assert legal, f"seat {seat} must decide {g.decision.kind} but has no legal act"
        action = data.draw(st.sampled_from(legal), label="legal act")
        STATS["acts"] += 1
        STATS["legal"] += 1
        g.apply(seat, action)  # a listed act is legal: no exception at all

    @rule(data=st.data())
    def play_several_turns(self, data):
        """Faster through the game: a run of legal acts, mostly answers to the pending decision."""
        g = self.game
        for _ in range(data.draw(st.integers(1, 40), label="run")):
            if g.over:
                return
            d = g.decision
            legal = list(g.decision_actions()) or list(g.legal_actions(d.seat))
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="pick")]
            STATS["acts"] += 1
            STATS["legal"] += 1
            g.apply(d.seat, action)
            problems = violations(g)
            assert not problems, problems

    @rule(data=st.data())
    def a_free_act_of_any_seat(self, data):
        g = self.game
        if g.over:
            return
        seat = self._seat(data)
        legal = list(g.legal_actions(seat))
        if legal:
            STATS["acts"] += 1
            STATS["legal"] += 1
            g.apply(seat, data.draw(st.sampled_from(legal), label="free act"))

    @rule(data=st.data())
    def an_offer(self, data):
        """A random trade (or, in businesspoly, a deal) with well-typed parts: legal or refused."""
        g = self.game
        seat, partner = self._seat(data), self._seat(data)
        mine = [sq for sq in g.t.properties if g.owner[sq] == seat]
        theirs = [sq for sq in g.t.properties if g.owner[sq] == partner]
        give = data.draw(st.lists(st.sampled_from(mine), unique=True, max_size=2) if mine else st.just([]))
        take = data.draw(st.lists(st.sampled_from(theirs), unique=True, max_size=2) if theirs else st.just([]))
        cash = data.draw(st.sampled_from([0, 1, 50, g.cash[seat], g.cash[partner]]), label="cash")
        if g.rules.variant == "businesspoly" and data.draw(st.booleans(), label="deal"):
            action = ProposeDeal(
                properties=tuple((sq, seat) for sq in take) + tuple((sq, partner) for sq in give),
                cash=((seat, partner, cash),) if cash else (),
            )
        elif data.draw(st.booleans(), label="give cash"):
            action = ProposeTrade(
                partner, give_properties=tuple(give), give_cash=cash, take_properties=tuple(take)
            )
        else:
            action = ProposeTrade(
                partner, give_properties=tuple(give), take_properties=tuple(take), take_cash=cash
            )
        if self._refused(seat, action, must=g.over):
            STATS["offers"] += 1

    @rule(data=st.data())
    def maybe_acts_with_well_typed_values(self, data):
        """Acts chosen without looking at the position: any square, seat and amount of the right type."""
        g = self.game
        seat, sq = self._seat(data), data.draw(st.integers(0, g.size - 1), label="square")
        amount = data.draw(st.integers(0, 3000), label="amount")
        action = data.draw(
            st.sampled_from(
                [
                    Build(sq),
                    SellBuilding(sq),
                    Mortgage(sq),
                    Unmortgage(sq),
                    ClaimRent(sq),
                    MoveTo(sq),
                    Bid(amount),
                    ChooseMove(amount % 13),
                    TimeOut(),
                    SellLot(sq),
                    Sue(sq),
                    *(cls() for cls in ACTION_TYPES.values() if not cls.FIELDS),
                ]
            ),
            label="act",
        )
        self._refused(seat, action, must=g.over)

    # ------------------------------------------------------------ illegal play
    @rule(data=st.data())
    def an_act_of_the_wrong_seat(self, data):
        g = self.game
        if g.over:
            return
        d = g.decision
        answers = list(g.decision_actions())
        other = self._seat(data)
        if not answers or other == d.seat:
            return
        action = data.draw(st.sampled_from(answers), label="someone else's answer")
        STATS["illegal"] += 1
        self._refused(other, action, must=not g.is_legal(other, action))

    @rule(data=st.data())
    def a_seat_that_is_not_a_seat(self, data):
        g = self.game
        seat = data.draw(st.sampled_from([*NOT_INTS, -1, g.n, g.n + 5]), label="bad seat")
        action = g.decision_actions()[0] if not g.over and g.decision_actions() else ACTION_TYPES["roll"]()
        STATS["illegal"] += 1
        self._refused(seat, action, must=True)

    @rule(data=st.data())
    def a_field_of_the_wrong_type_or_range(self, data):
        g = self.game
        cls = data.draw(st.sampled_from([c for c in ACTION_TYPES.values() if c.FIELDS]), label="action type")
        name, kind = data.draw(st.sampled_from(cls.FIELDS), label="field")
        if kind == "flag":
            bad = data.draw(st.sampled_from(NOT_FLAGS))
        elif kind in ("seat", "square"):
            limit = g.n if kind == "seat" else g.size
            bad = data.draw(st.sampled_from([*NOT_INTS, -1, limit, limit + 1, 10**30]))
        elif kind in ("amount", "positive", "int"):
            bad = data.draw(st.sampled_from([x for x in NOT_INTS if x not in (2.0,)] + [2.5]))
            if kind == "amount":
                bad = data.draw(st.sampled_from([bad, -1]))
        elif kind == "deck":
            bad = data.draw(st.sampled_from([None, 1, "no-such-deck", b"chance"]))
        else:  # a tuple of parts
            bad = data.draw(
                st.sampled_from([1, "13", None, (None,), ((1.5, 0),), ((0, 0, 0, 0),), (2.0, 2.0), {1: 2}])
            )
        kwargs = {}
        for fname, fkind in cls.FIELDS:
            if fname != name:
                kwargs[fname] = (
                    {"flag": True, "deck": "chance"}.get(fkind, 1) if not isinstance(fkind, tuple) else ()
                )
        kwargs[name] = bad
        action = cls(**kwargs)
        STATS["illegal"] += 1
        self._refused(self._seat(data), action, must=True)

    @rule(data=st.data())
    def an_action_of_another_variant(self, data):
        g = self.game
        foreign = [c for c in ACTION_TYPES.values() if c not in table_of(type(g)).by_type]
        if not foreign:
            return
        cls = data.draw(st.sampled_from(foreign))
        kwargs = {
            f: (1 if k in ("seat", "square", "amount", "positive", "int") else True if k == "flag" else ())
            for f, k in cls.FIELDS
        }
        STATS["illegal"] += 1
        self._refused(self._seat(data), cls(**kwargs), must=True)

    @rule(data=st.data())
    def the_game_ends(self, data):
        g = self.game
        if not g.over and data.draw(st.integers(0, 30), label="end now") == 0:
            g.finish_by_net_worth("fuzz")
            STATS["finished"] += 1


def _run(max_examples: int, steps: int) -> None:
    run_state_machine_as_test(
        EngineFuzz,
        settings=settings(
            max_examples=max_examples,
            stateful_step_count=steps,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
        ),
    )


def test_fuzz_engine_small():
    _run(max_examples=5, steps=20)


@pytest.mark.slow
def test_fuzz_engine_slow():
    _run(max_examples=150, steps=60)


@pytest.mark.skipif(
    not os.environ.get("LANDLORDS_FUZZ_SECONDS"), reason="set LANDLORDS_FUZZ_SECONDS for a long run"
)
@pytest.mark.timeout(0)  # no time limit: it runs as long as LANDLORDS_FUZZ_SECONDS says, then stops
def test_fuzz_engine_long():
    """As long as LANDLORDS_FUZZ_SECONDS says, in batches; prints what was tried."""
    end = time.monotonic() + float(os.environ["LANDLORDS_FUZZ_SECONDS"])
    STATS.clear()
    batches = 0
    try:
        while time.monotonic() < end:
            _run(max_examples=50, steps=80)
            batches += 1
    finally:
        print(f"\nfuzz: {batches} batches, {dict(STATS)}", flush=True)
