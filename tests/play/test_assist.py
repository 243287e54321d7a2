"""Plans of several acts in one command: build a group evenly to N, sell a group, raise cash."""

from __future__ import annotations

import landlords
from landlords.assist.plans import build_evenly, groups_of, raise_cash, sell_group
from landlords.engine.actions import Mortgage, SellBuilding


def _game():
    g = landlords.new_game("classic-us", "hasbro-ru", players=["You", "Bot"], seed=2)
    for sq in (1, 3, 5):  # the brown group and Reading Railroad
        g.set_owner(sq, 0)
    return g


def _apply(g, plan):
    for a in plan.actions:
        g.apply(0, a)


def test_a_group_is_built_evenly_to_three_houses_in_one_plan():
    g = _game()
    assert groups_of(g, 0) == [(1, 3)]
    plan = build_evenly(g, 0, (1, 3), 3)
    assert plan.complete and len(plan.actions) == 6 and plan.cash_change == -6 * 50
    assert [a.square for a in plan.actions] == [1, 3, 1, 3, 1, 3]  # even at every step
    _apply(g, plan)
    assert (g.level[1], g.level[3], g.cash[0]) == (3, 3, 1500 - 300)


def test_a_group_is_sold_in_one_plan_and_the_plan_leaves_the_game_untouched():
    g = _game()
    _apply(g, build_evenly(g, 0, (1, 3), 2))
    before = g.state_hash()
    plan = sell_group(g, 0, (1, 3))
    assert g.state_hash() == before
    assert plan.complete and len(plan.actions) == 4 and plan.cash_change == 4 * 25
    _apply(g, plan)
    assert g.level[1] == g.level[3] == 0


def test_raising_cash_mortgages_a_lone_railroad_before_selling_houses():
    g = _game()
    _apply(g, build_evenly(g, 0, (1, 3), 2))
    plan = raise_cash(g, 0, g.cash[0] + 100)
    assert plan.actions == (Mortgage(5),) and plan.complete
    more = raise_cash(g, 0, g.cash[0] + 140)
    assert more.complete and Mortgage(5) in more.actions and any(isinstance(a, SellBuilding) for a in more.actions)
    assert not raise_cash(g, 0, g.cash[0] + 10_000).complete


def test_letter_keys_work_on_russian_and_polish_layouts():
    from landlords.play.keys import latin_key

    assert [latin_key(k) for k in "иыьгсещр"] == list("bsmuctoh")
    assert latin_key("ą") == "a" and latin_key("b") == "b" and latin_key("12") == "12"
