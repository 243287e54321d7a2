"""The plans behind `r` and `g` are exact, over real positions of bot games of every ruleset: the
preview is what the steps do (replayed on the game itself, the same state), the raise-cash plan
covers the debt or the amount and takes no step once it is covered, and its steps are each needed."""

from __future__ import annotations

import random

import pytest
from support.games import RULESET_IDS, bot_game_states

from landlords.assist.plans import MONEY, build_evenly, groups_of, owed, raise_cash, replay, scratch
from landlords.engine import decision as D
from landlords.engine.edition import HOTEL


def positions(ruleset: str, seeds: range, wanted: int, debts_only: bool):
    found = 0
    for seed in seeds:
        for game in bot_game_states(ruleset, seed, 3 if ruleset != "kids-london" else 2, acts=2500, every=1):
            d = game.decision
            if d is None or (debts_only and d.kind != D.DEBT):
                continue
            yield scratch(game)
            found += 1
            if found >= wanted:
                return


def check_raise(game, seat: int, need: int) -> None:
    plan = raise_cash(game, seat, need)
    in_debt = game.in_debt(seat)
    target = (owed(game, seat) if in_debt else need) - game.cash[seat]
    real = scratch(game)
    raised = 0
    for i, (before, action) in enumerate(replay(game, seat, plan)):
        assert before.state_hash() == real.state_hash()  # the preview's state is the game's
        covered = not real.in_debt(seat) if in_debt else raised >= target
        assert not covered, f"step {i} ({action}) comes after the goal is reached"
        assert real.is_legal(seat, action), action
        cash, debt = real.cash[seat], owed(real, seat)
        real.apply(seat, action)
        raised += real.cash[seat] - cash + debt - owed(real, seat)
    assert raised == plan.cash_change
    if plan.complete:
        assert raised >= target
        assert not real.in_debt(seat) if in_debt else real.cash[seat] >= need
    else:
        assert plan.limit == MONEY and raised < target


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_the_raise_cash_plan_pays_the_debt_and_stops_there(ruleset):
    seen = 0
    for game in positions(ruleset, range(6), 25, debts_only=True):
        d = game.decision
        check_raise(game, d.seat, d.data.amount)
        seen += 1
    assert seen, f"no debt in the {ruleset} games sampled"


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_the_raise_cash_plan_raises_an_amount_and_stops_there(ruleset):
    rng = random.Random(ruleset)
    for game in positions(ruleset, range(3), 40, debts_only=False):
        seat = game.decision.seat
        if game.in_debt(seat):
            continue
        check_raise(game, seat, game.cash[seat] + rng.choice([1, 50, 200, 700, 5000]))


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_group_plan_previews_exactly_what_it_does(ruleset):
    for game in positions(ruleset, range(3), 60, debts_only=False):
        seat = game.decision.seat
        for members in groups_of(game, seat):
            for target in (1, 3, HOTEL):
                plan = build_evenly(game, seat, members, target)
                real = scratch(game)
                levels = []
                for before, action in replay(game, seat, plan):
                    assert before.state_hash() == real.state_hash()
                    levels.append(before.level[action.square])
                    real.apply(seat, action)
                # the same lot is named at each of its levels in turn, never twice at one level
                per_lot = {}
                for action, level in zip(plan.actions, levels, strict=True):
                    assert level not in per_lot.setdefault(action.square, []), (action, level)
                    per_lot[action.square].append(level)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_the_raise_cash_plan_over_many_more_debts(ruleset):
    for game in positions(ruleset, range(6, 60), 300, debts_only=True):
        d = game.decision
        check_raise(game, d.seat, d.data.amount)
