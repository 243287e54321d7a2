"""How many keys a person types for common acts (issue 13), counted on the real screens: every
line typed and its Enter. The figures are asserted, so a change that costs keys shows here.

* buy the lot one lands on: 2 keys (``1`` Enter);
* build a whole group to 3 houses: 8 keys with ``g`` (group, level, confirm), 36 one house at a time;
* a trade (a lot of the bot's for cash): 10 keys (``t``, the lot's number and ``+400``, Enter).
"""

from __future__ import annotations

from support.play_helpers import play

import landlords


def keys(lines: list[str]) -> int:
    """Keys typed: each character and the Enter that ends the line."""
    return sum(len(line) + 1 for line in lines)


def test_buying_takes_two_keys(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0, dice=[(1, 2)])
    roll, buy = ["1"], ["1"]
    play(game, [None, "advisor"], roll + buy, tmp=tmp_path)
    assert game.owner[3] == 0
    assert keys(buy) == 2


def group_game():
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    for sq in (6, 8, 9):  # the light-blue group
        game.set_owner(sq, 0)
    return game


def test_building_a_group_to_three_houses_takes_eight_keys(tmp_path):
    game = group_game()
    lines = ["g", "1", "3", "1"]  # g, the group, "3 houses", go
    play(game, [None, "advisor"], lines, tmp=tmp_path)
    assert [game.level[sq] for sq in (6, 8, 9)] == [3, 3, 3]
    assert keys(lines) == 8
    one_by_one = group_game()
    lines_b = ["b", "1"] * 9  # each time the first house the even-building rule allows
    play(one_by_one, [None, "advisor"], lines_b, tmp=tmp_path)
    assert [one_by_one.level[sq] for sq in (6, 8, 9)] == [3, 3, 3]
    assert keys(lines_b) == 36


def test_a_trade_takes_ten_keys(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    for sq in (6, 8):
        game.set_owner(sq, 0)
    game.set_owner(9, 1)  # Bob's lot completes Ann's group; 400 for it
    lines = ["t", "3 +400", ""]  # t (one partner: no question), Bob's lot (the third listed) and 400, send
    out, _ = play(game, [None, "advisor"], lines, tmp=tmp_path)
    assert "[x] First Park Street · Первая Парковая улица" in out  # (glossed for an English reader)
    assert game.owner[9] == 0 and game.cash[0] == 1100
    assert keys(lines) == 10
