"""Бизнесполия's playing order follows the first roll (issue 11, item 3), and the standings rank the
bankrupt by the order in which they went out (item 5, the engine's side)."""

from __future__ import annotations

from support.scenario import set_cash
from support.scenario_businesspoly import bp_game

import landlords
from landlords import END_TURN, ROLL
from landlords.engine.actions import TimeOut


def _turns(g, count):
    seen = []
    for _ in range(count):
        seat = g.decision.seat
        seen.append(seat)
        g.apply(seat, ROLL)
        while g.decision.kind != "post_roll" or g.decision.seat != seat:
            g.apply(g.decision.seat, next(iter(g.decision_actions())))
        g.apply(seat, END_TURN)
    return seen


def test_businesspoly_plays_in_the_order_of_the_first_roll():
    """000:407 «У кого сумма выше, тот начинает игру. Кто оказался на втором месте, тот ходит вторым и
    так далее»: 3, 12, 7, 5 give the order 1, 2, 3, 0."""
    g = bp_game(4, first=None, dice=[(1, 2), (6, 6), (3, 4), (2, 3)] + [(1, 2)] * 8)
    assert g.order == [1, 2, 3, 0]
    assert g.decision.seat == 1


def test_the_ranking_is_not_the_seat_order_and_ties_roll_again():
    """Totals 7, 7, 12, 2: seat 2 first; seats 0 and 1 roll again (3 and 4): 2, 1, 0, 3."""
    g = bp_game(4, first=None, dice=[(3, 4), (2, 5), (6, 6), (1, 1), (1, 2), (2, 2)] + [(1, 2)] * 8)
    assert g.order == [2, 1, 0, 3]
    assert _turns(g, 5) == [2, 1, 0, 3, 2]


def test_clockwise_order_by_the_players_agreement():
    """000:409 «Далее ходит тот, кто находится по его левую руку, т.е. по часовой стрелке»."""
    g = bp_game(4, first=None, turn_order="clockwise", dice=[(3, 4), (2, 5), (6, 6), (1, 1)] + [(1, 2)] * 8)
    assert g.order == [2, 3, 0, 1]
    assert _turns(g, 4) == [2, 3, 0, 1]


def test_the_classic_rulesets_keep_the_clockwise_order():
    g = landlords.new_game(None, "hasbro-ru", players=4, seed=1, dice=[(3, 4), (2, 5), (6, 6), (1, 1)])
    assert g.order == [2, 3, 0, 1]


def test_a_position_keeps_the_playing_order():
    g = bp_game(4, first=None, dice=[(3, 4), (2, 5), (6, 6), (1, 1), (1, 2), (2, 2)])
    again = landlords.from_position(g.to_position())
    assert again.order == [2, 1, 0, 3] and again.state_hash() == g.state_hash()


def test_standings_rank_the_bankrupt_by_the_order_they_went_out():
    """Seat 2 goes out first, then seat 0: the richer survivor, the other, then seat 0, then seat 2."""
    g = landlords.new_game(None, "digital", players=4, seed=1, first_player=0, rules={"player_time_minutes": 30})
    g.apply(2, TimeOut())
    g.apply(0, TimeOut())
    assert g.bankrupt_order == [2, 0]
    assert g.snapshot()["turn"]["bankrupt_order"] == [2, 0]
    set_cash(g, 3, g.cash[1] + 100)
    assert g.standings() == [3, 1, 0, 2]
    g.apply(1, TimeOut())
    assert g.over and g.winner == 3
    assert g.standings() == [3, 1, 0, 2]
