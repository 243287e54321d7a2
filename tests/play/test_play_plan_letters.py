"""The terminal's plan letters are offered only when their plan can do something, decided by the
engine's legal acts through the assist plans: ``r`` (raise cash) when something may be mortgaged or
sold, ``g`` (a whole group) when a whole group may be built on or sold from; ``?`` (advice) is on the
command line wherever the table allows it."""

from __future__ import annotations

from support.play_helpers import play
from support.scenario import BROWN, give

import landlords
from landlords.i18n import tr
from landlords.play.menus import choices, plan_commands


def _game(**rules):
    return landlords.new_game(
        "classic-us", players=["Ann", "Bob"], seed=1, dice=[(1, 2)], first_player=0, rules=rules or None
    )


def test_no_plan_letters_without_property():
    game = _game()
    assert plan_commands(game, 0) == ("?",)
    out, _ = play(game, [None, None], ["r", "g", "q"])
    menu_line = next(line for line in out.splitlines() if "h help" in line)
    assert "r raise cash" not in menu_line and "g group" not in menu_line
    assert "? advice" in menu_line and "p card" in menu_line
    assert tr("en", "ui.raise_how_much") not in out and tr("en", "ui.no_group") not in out
    assert out.count(tr("en", "ui.not_understood")) == 2  # r and g are not offered, as a hidden b is not


def test_a_lot_to_mortgage_offers_r_and_a_whole_group_offers_g():
    game = _game()
    give(game, 0, 6)  # one light-blue lot: it may be mortgaged, but there is no whole group
    assert plan_commands(game, 0) == ("r", "?")
    give(game, 0, *BROWN)
    assert plan_commands(game, 0) == ("g", "r", "?")
    assert choices(game, 0, [None, None], main=True).commands == ("g", "r", "?")
    out, _ = play(game, [None, None], ["q"])
    assert " · p card · g group · r raise cash · ? advice" in out


def test_no_advice_letter_where_the_table_plays_without_it():
    game = _game(advice=False)
    assert "?" not in plan_commands(game, 0)
