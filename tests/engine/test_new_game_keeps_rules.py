"""The library's defaults keep the ruleset's rules: new_game does not claim rent for anybody."""

from __future__ import annotations

import landlords
from landlords.engine import ROLL, ClaimRent


def test_hasbro_ru_rent_must_be_claimed_by_default():
    """hasbro-ru (seed 000): rent is owed only when the owner claims it before the next roll."""
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1, first_player=0, dice=[(1, 2)])
    game.set_owner(3, 1)  # Baltic Avenue belongs to seat 1; seat 0 rolls 3 and lands on it
    cash = list(game.cash)
    game.apply(0, ROLL)
    assert game.cash == cash, "rent was paid without being claimed"
    assert ClaimRent(3) in list(game.legal_actions(1))
    game.apply(1, ClaimRent(3))
    assert game.cash[0] < cash[0] and game.cash[1] > cash[1]


def test_auto_claim_is_asked_for_explicitly():
    game = landlords.new_game(
        "classic-us", "hasbro-ru", players=2, seed=1, first_player=0, dice=[(1, 2)], auto_claim=True
    )
    game.set_owner(3, 1)
    cash = list(game.cash)
    game.apply(0, ROLL)
    assert game.cash[0] < cash[0]
