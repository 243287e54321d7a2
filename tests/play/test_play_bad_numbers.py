"""Numbers no game has, typed at the terminal's prompts, are answered like any other wrong key:
5,000 digits (int() refuses more than 4,300), digits of other scripts (``²`` is a digit to
str.isdigit, not to int()), signs on them (issue 31: `play` crashed with ValueError)."""

from __future__ import annotations

import pytest

import landlords
from landlords.play.app import PlayApp
from landlords.play.keys import number
from landlords.play.terminal import ScriptedTerminal

HUGE = "9" * 5000


@pytest.mark.parametrize("text", [HUGE, "²", "٣", "1²", "+5", "-5", " 5", "", "9" * 16])
def test_what_is_not_a_number_of_the_game(text):
    assert number(text) is None


def test_numbers_of_the_game():
    assert number("0") == 0 and number("42") == 42 and number("9" * 15) == 10**15 - 1


def test_huge_and_foreign_numbers_at_the_prompts_change_nothing(tmp_path):
    game = landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=3, first_player=0)
    before = game.state_hash()
    lines = [HUGE, "²", f"p {HUGE}", "p ²", "q"]
    term = ScriptedTerminal(lines, width=120)
    code = PlayApp(game, [None, "baseline"], "en", tmp_path / "g.json", pace=0, terminal=term).run()
    assert code == 0 and "Traceback" not in term.output()
    assert game.state_hash() == before  # nothing was played
