"""Deep copies of a game (the trade builder's and the assistant's scratch games, the chances'
continuations) are games of their own: the same state, their own dice, on both builds."""

from __future__ import annotations

import copy
import random

import pytest

import landlords
from landlords.rules import ruleset_names


def _copy(game):
    memo = {id(game.edition): game.edition, id(game.t): game.t, id(game.rules): game.rules}
    return copy.deepcopy(game, memo)


def test_a_copy_rolls_its_own_dice_and_the_same_ones():
    game = landlords.new_game(None, "hasbro-ru", players=3, seed=5)
    twin = _copy(game)
    before = game.chance.rng.getstate()
    rolls = [twin.chance.roll() for _ in range(20)]
    assert game.chance.rng.getstate() == before  # the original's generator did not move
    assert [game.chance.roll() for _ in range(20)] == rolls


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_a_copy_taken_anywhere_plays_on_as_the_original(ruleset):
    """Random legal play, rent claimed by hand (unclaimed rents are held); copied every few acts,
    the copy and the original then take the same acts to the same states."""
    game = landlords.new_game(None, ruleset, players=3, seed=8)
    rng = random.Random(8)
    copies = 0
    for step in range(400):
        if game.over:
            break
        if step % 37 == 0 or game.claims:
            twin = _copy(game)
            assert twin.state_hash() == game.state_hash()
            copies += 1
            for g in (game, twin):
                g.apply(g.decision.seat, next(iter(g.legal_actions())))
            assert twin.state_hash() == game.state_hash()
            continue
        seat = game.decision.seat
        game.apply(seat, rng.choice(list(game.legal_actions(seat))))
    assert copies > 5


@pytest.mark.parametrize("ruleset", ["hasbro-ru", "businesspoly", "odessa"])
def test_a_copy_shares_the_class_action_table(ruleset):
    """The action table a game holds (functions, compiled ones in the compiled build, which cannot
    be copied) is its class's: a copy refers to it and acts alike."""
    game = landlords.new_game(None, ruleset, players=3, seed=2)
    twin = _copy(game)
    assert twin._table is game._table
    for g in (game, twin):
        g.apply(g.decision.seat, g.legal_actions()[0])
    assert twin.state_hash() == game.state_hash()
