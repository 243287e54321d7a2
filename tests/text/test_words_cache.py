"""A server labels hundreds of games at once: each game's words (its Speaker, whose names' grammar
is guessed once) stay made while it plays, instead of being made again for every label."""

from __future__ import annotations

import landlords
from landlords.describe.labels import SPEAKERS_KEPT, speaker
from landlords.kept import Kept


def test_each_of_many_games_keeps_its_words():
    games = [landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=i) for i in range(200)]
    first = [speaker(g, lang) for g in games for lang in ("en", "ru")]
    again = [speaker(g, lang) for g in games for lang in ("en", "ru")]
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert len({id(s) for s in first}) == 400  # one per game and language


def test_the_kept_words_are_bounded_and_follow_renames(monkeypatch):
    from landlords.describe import labels

    assert SPEAKERS_KEPT >= 4 * 1000  # a thousand tables in play, read in up to four languages
    monkeypatch.setattr(labels, "_SPEAKERS", Kept(16))  # the same bound, small enough to pass here
    games = [landlords.new_game("classic-us", "hasbro-ru", players=2, seed=i) for i in range(26)]
    for g in games:
        speaker(g, "en")
    assert len(labels._SPEAKERS) == 16
    g = games[-1]
    before = speaker(g, "en")
    assert speaker(g, "en") is before
    g.names[0] = "Zoe"
    assert speaker(g, "en") is not before and speaker(g, "en").name(0) == "Zoe"


# the rulesets whose square acts are labelled from different amounts and wordings
LABEL_RULESETS = ("hasbro-ru", "businesspoly", "odessa", "polish", "kids-london", "digital")


def advisor_steps(ruleset: str, seed: int, steps: int = 500):
    """A four-seat advisor game of ``ruleset``, yielded after each of its first ``steps`` acts."""
    from landlords.bots import make_bot

    game = landlords.new_game(ruleset=ruleset, players=4, seed=seed, auto_claim=True, record_events=True)
    bots = [make_bot("advisor", seed=i) for i in range(4)]
    for step in range(steps):
        d = game.decision
        if d is None or game.over:
            return
        game.apply(d.seat, bots[d.seat].act(game, d))
        yield step, game


def test_square_act_labels_made_once_are_the_words_made_anew():
    """The labels of build, sell, mortgage and lift are kept per game, language, square, level and
    amount: every one of them, at every step of advisor games under six rulesets and in three
    languages, equals the label made from scratch (a kept label that missed something it depends on
    would show here)."""
    from landlords.describe import labels

    checked = 0
    for ruleset in LABEL_RULESETS:
        for _, game in advisor_steps(ruleset, seed=7):
            for seat in range(4):
                for act in game.legal_actions(seat):
                    if act.TYPE not in labels.SQUARE_ACTS:
                        continue
                    for lang in ("en", "ru", "pl"):
                        assert labels.action_label(game, seat, act, lang) == labels._label(game, seat, act, lang)
                        checked += 1
    assert checked > 1000


def test_events_as_json_are_their_fields_copied():
    """``Event.to_json`` (what every client gets) is the event's fields as ``dataclasses.asdict``
    gives them, for every event of advisor games under six rulesets; and a copy: changing it leaves
    the event alone."""
    from dataclasses import asdict

    kinds = set()
    for ruleset in LABEL_RULESETS:
        *_, (_, game) = advisor_steps(ruleset, seed=3)  # the game after its last step
        for ev in game.events:
            out = ev.to_json()
            assert out == {"event": ev.KIND, **asdict(ev)}
            kinds.add(ev.KIND)
            for value in out.values():
                if isinstance(value, dict | list):
                    value.clear()
            assert ev.to_json() == {"event": ev.KIND, **asdict(ev)}
    assert len(kinds) > 15


def test_property_cards_made_once_are_the_cards_made_anew():
    """A property's card is kept per speaker for each state it shows (the group's owners, level,
    mortgage, full group, lifting cost): at every step of advisor games under six rulesets, the kept
    card of every property equals the card made from scratch, in three languages."""
    from landlords.describe import cards

    checked = 0
    for ruleset in LABEL_RULESETS:
        for step, game in advisor_steps(ruleset, seed=5):
            if step % 5:
                continue
            props = [sq for sq in range(game.size) if game.t.is_property[sq]]
            for lang in ("en", "ru", "pl"):
                words = speaker(game, lang)
                for sq in props:
                    assert cards.property_card(game, sq, lang, words) == cards._card(game, sq, words)
                    checked += 1
    assert checked > 5000
