"""What a game's words keep from one view to the next (amounts by amount, each seat as a party,
which catalog keys exist) reads, word for word, as the words made anew: every edition's money in
every language, every seat and party, every key the events and decisions ask for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import landlords
from landlords.describe.labels import forget_words, speaker
from landlords.describe.words import MONEY_KEPT, Speaker, money
from landlords.engine import events as E
from landlords.rules import ruleset_names


@settings(max_examples=30, deadline=None)
@given(
    ruleset=st.sampled_from(ruleset_names()),
    lang=st.sampled_from(["ru", "en", "pl"]),
    amounts=st.lists(st.integers(-(10**7), 10**7) | st.sampled_from([0, 1, 200, 1500, 10_000]), max_size=40),
)
def test_kept_money_is_money_made_anew(ruleset: str, lang: str, amounts: list[int]) -> None:
    game = landlords.new_game(ruleset=ruleset, players=2, seed=1)
    try:
        words = speaker(game, lang)
        for amount in amounts + amounts:  # each twice: the second read from what was kept
            assert words.money(amount) == money(game, lang, amount) == Speaker(game, lang).money(amount)
        assert len(words.amounts) <= MONEY_KEPT
        # an int kept is no float's nor bool's words: those are made anew
        words.money(1)
        assert words.money(1.0) == money(game, lang, 1.0)  # type: ignore[arg-type]
        words.money(0)
        assert words.money(False) == money(game, lang, False)
    finally:
        forget_words(game)


@settings(max_examples=20, deadline=None)
@given(
    ruleset=st.sampled_from(ruleset_names()), lang=st.sampled_from(["ru", "en", "pl"]), players=st.integers(2, 4)
)
def test_kept_parties_and_keys_are_made_anew(ruleset: str, lang: str, players: int) -> None:
    game = landlords.new_game(ruleset=ruleset, players=players, seed=2)
    try:
        words = speaker(game, lang)
        for who in (*range(-3, players + 2), E.BANK, E.POT):
            for _ in range(2):
                kept, fresh = words.party(who), Speaker(game, lang).party(who)
                assert kept == fresh and kept.profile == fresh.profile, who
        keys = ["event.paid", "event.moved", "pay.rent", "pay.tax", "no.such.key", "decision.pre_roll"]
        for key in keys + keys:
            assert words.has(key) == Speaker(game, lang).has(key), key
    finally:
        forget_words(game)


@settings(max_examples=20, deadline=None)
@given(
    ruleset=st.sampled_from(ruleset_names()), lang=st.sampled_from(["ru", "en", "pl"]), seed=st.integers(0, 2**16)
)
def test_kept_messages_and_explanations_are_made_anew(ruleset: str, lang: str, seed: int) -> None:
    """A message without parameters, and a decision's mechanic explained, kept in the game's words
    through a game: the words made anew at every decision."""
    import random

    from landlords.describe.mechanics import _explained, explain

    game = landlords.new_game(ruleset=ruleset, players=3, seed=seed, auto_claim=True)
    rng = random.Random(seed)
    try:
        words = speaker(game, lang)
        for key in ("info.your_cash", "card.price", "info.lowest_bid", "card.rent") * 2:
            assert words.t(key) == Speaker(game, lang).t(key), key
        for _ in range(150):
            d = game.decision
            if game.over or d is None:
                break
            assert _explained(game, d, lang, words) == explain(game, d, lang), d.kind
            game.apply(d.seat, rng.choice(game.legal_actions(d.seat)))
    finally:
        forget_words(game)


@settings(max_examples=20, deadline=None)
@given(
    ruleset=st.sampled_from(ruleset_names()), lang=st.sampled_from(["ru", "en", "pl"]), seed=st.integers(0, 2**16)
)
def test_kept_decision_lines_are_made_anew(ruleset: str, lang: str, seed: int) -> None:
    """A decision's two lines kept in the game's words (a roll, the end of a turn, a buy: by the
    seat, the square, the jail and what the templates name) read as the lines of a copy of the game
    whose words nothing has kept, at every decision of a game (cash and rounds change under them)."""
    import random

    from landlords.describe.labels import decision_lines, decision_params, decision_title, decision_watch

    game = landlords.new_game(ruleset=ruleset, players=3, seed=seed, auto_claim=True)
    rng = random.Random(seed)
    try:
        for _ in range(200):
            d = game.decision
            if game.over or d is None:
                break
            fresh = game.clone()
            params = decision_params(fresh, fresh.decision, lang)
            want = (
                decision_watch(fresh, fresh.decision, lang, params),
                decision_title(fresh, fresh.decision, lang, params),
            )
            forget_words(fresh)
            assert decision_lines(game, d, lang) == want, d.kind
            game.apply(d.seat, rng.choice(game.legal_actions(d.seat)))
    finally:
        forget_words(game)
