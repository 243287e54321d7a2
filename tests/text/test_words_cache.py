"""A server labels hundreds of games at once: each game's words (its Speaker, whose names' grammar
is guessed once) stay made while it plays, instead of being made again for every label."""

from __future__ import annotations

import landlords
from landlords.describe.labels import SPEAKERS_KEPT, speaker


def test_each_of_many_games_keeps_its_words():
    games = [landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=i) for i in range(200)]
    first = [speaker(g, lang) for g in games for lang in ("en", "ru")]
    again = [speaker(g, lang) for g in games for lang in ("en", "ru")]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert len({id(s) for s in first}) == 400  # one per game and language


def test_the_kept_words_are_bounded_and_follow_renames():
    games = [landlords.new_game("classic-us", "hasbro-ru", players=2, seed=i) for i in range(SPEAKERS_KEPT + 10)]
    for g in games:
        speaker(g, "en")
    from landlords.describe import labels

    assert len(labels._SPEAKERS) <= SPEAKERS_KEPT
    g = games[-1]
    before = speaker(g, "en")
    g.names[0] = "Zoe"
    assert speaker(g, "en") is not before and speaker(g, "en").name(0) == "Zoe"
