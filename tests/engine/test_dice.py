"""Chance: a seed gives the same shuffles as ``random.shuffle`` (saved games replay their shuffles
from the seed), scripted rolls come first, and strict chance refuses what its script does not give."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landlords.engine.dice import Chance
from landlords.engine.errors import UnscriptedChance


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=60))
def test_shuffle_matches_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    chance, rng = Chance(seed), random.Random(seed)
    for _ in range(3):  # and the generators stay in step afterwards
        chance.shuffle(ours)
        rng.shuffle(theirs)
        assert ours == theirs
    assert chance.rng.random() == rng.random()


def test_shuffle_of_a_card_deck_by_seed() -> None:
    deck = [f"card-{i}" for i in range(16)]
    expected = list(deck)
    random.Random(2024).shuffle(expected)
    Chance(2024).shuffle(deck)
    assert deck == expected
    assert sorted(deck) == sorted(expected)


def test_scripted_rolls_come_first_then_the_generator() -> None:
    chance = Chance(7, [(3, 4), (6, 6)])
    assert chance.roll() == (3, 4)
    assert chance.roll() == (6, 6)
    face = chance.roll()
    assert len(face) == 2 and all(1 <= f <= 6 for f in face)


def test_a_scripted_roll_of_the_wrong_shape_is_an_error() -> None:
    with pytest.raises(UnscriptedChance):
        Chance(1, [(3, 4)]).roll(3)


def test_strict_chance_refuses_an_unscripted_shuffle() -> None:
    chance = Chance(1)
    chance.strict = True
    with pytest.raises(UnscriptedChance):
        chance.shuffle([1, 2, 3])
