"""What a broadcast keeps from one act to the next (each seat's acts' JSON kept per game and language
by what it depends on, ``views.seat_acts_json``; a square's facts and its group's holders kept in the
game's words, ``describe.decisions.property_facts``; event field names kept per class) gives, byte
for byte, the text made from nothing: on a copy of the game whose words nothing has kept. Random
games of every ruleset (a bot's acts mixed with random legal ones, free acts of any seat among them,
rent claimed by hand or not), checked after every act for every seat in two languages."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scenario import DARK_BLUE, build, give, new_game, set_cash

import landlords
from landlords.bots import make_bot
from landlords.describe.decisions import property_facts
from landlords.describe.labels import forget_words, speaker
from landlords.describe.words import Speaker
from landlords.rules import ruleset_names
from landlords.server.protocol import dumps
from landlords.server.views import decision_view, event_json, seat_acts, seat_acts_json

ACTS = 120  # acts a game: enough for purchases, auctions, jail, claims, mortgages and some building


def check(game: landlords.Game, kept: dict[str, dict], langs: tuple[str, ...], new_events: int) -> None:
    """Every seat's acts, the decision's view and the new events' words, kept and made anew, alike."""
    fresh = game.clone()
    for lang in langs:
        for seat in range(game.n):
            forget_words(fresh)  # each seat's acts worded from nothing
            want = dumps(seat_acts(fresh, seat, lang))
            assert seat_acts_json(game, seat, lang, kept[lang]) == want, (lang, seat)
            assert seat_acts_json(game, seat, lang, {}) == want, (lang, seat)  # the game's words, nothing kept
        forget_words(fresh)
        assert dumps(decision_view(game, lang, None)) == dumps(decision_view(fresh, lang, None)), lang
        forget_words(fresh)
        mine = (game.events or [])[len(game.events or []) - new_events :]
        theirs = (fresh.events or [])[len(fresh.events or []) - new_events :]
        assert [dumps(event_json(game, ev, lang)) for ev in mine] == [
            dumps(event_json(fresh, ev, lang)) for ev in theirs
        ], lang
    forget_words(fresh)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(ruleset_names()),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**20),
    auto_claim=st.booleans(),
    langs=st.sampled_from([("ru", "en"), ("pl", "en"), ("ru", "pl")]),
    rng=st.randoms(use_true_random=False),
)
def test_kept_views_are_the_views_made_anew(
    ruleset: str, players: int, seed: int, auto_claim: bool, langs: tuple[str, ...], rng: random.Random
) -> None:
    game = landlords.new_game(ruleset=ruleset, players=players, seed=seed, auto_claim=auto_claim)
    bots = [make_bot("advisor", seed=seed + i) for i in range(players)]
    kept: dict[str, dict] = {lang: {} for lang in langs}  # as a table keeps them, per language
    try:
        before = 0
        for _ in range(ACTS):
            check(game, kept, langs, len(game.events or []) - before)
            d = game.decision
            if game.over or d is None:
                break
            before = len(game.events or [])
            roll = rng.random()
            if roll < 0.2:  # a free act of any seat: a mortgage, a lift, a building, a sale, a claim
                seat = rng.randrange(game.n)
                free = game.legal_actions(seat) if seat != d.seat else []
                if free:
                    game.apply(seat, rng.choice(free))
                    continue
            a = rng.choice(game.legal_actions(d.seat))
            if roll < 0.6 or (a.TYPE == "bid" and rng.random() < 0.7):  # random bids: an endless auction
                a = bots[d.seat].act(game, d)
            game.apply(d.seat, a)
    finally:
        forget_words(game)


@settings(max_examples=20, deadline=None)
@given(
    ruleset=st.sampled_from(ruleset_names()),
    lang=st.sampled_from(["ru", "en", "pl"]),
    moves=st.lists(st.tuples(st.integers(0, 1000), st.integers(-1, 2)), min_size=1, max_size=12),
)
def test_kept_property_facts_follow_the_owners_of_the_group(ruleset: str, lang: str, moves: list) -> None:
    """A square's facts and its group's holders, kept in the game's words, read as words made anew
    while the squares of the group change hands (and back)."""
    game = landlords.new_game(ruleset=ruleset, players=3, seed=1)
    props = [sq for sq in range(game.size) if game.t.is_property[sq]]
    try:
        for pick, seat in moves:
            game.set_owner(props[pick % len(props)], seat)
            for sq in props:
                for who in range(game.n):
                    kept = property_facts(game, who, sq, speaker(game, lang), 10 * pick)
                    assert kept == property_facts(game, who, sq, Speaker(game, lang), 10 * pick), (sq, who)
    finally:
        forget_words(game)


def test_kept_free_acts_follow_levels_and_amounts_the_acts_do_not_show() -> None:
    """A seat's kept free acts when its acts stay the same but their words change: two streets
    built up together (every label names the next level), and Odessa's lift of a mortgage that
    grew dearer when its lap was paid for (the amount)."""
    game = new_game(2)
    give(game, 1, *DARK_BLUE)
    set_cash(game, 1, 10_000)
    kept: dict[str, dict] = {lang: {} for lang in ("ru", "en")}

    def same(game: landlords.Game) -> None:
        for lang in kept:
            fresh = game.clone()
            for seat in range(game.n):
                assert seat_acts_json(game, seat, lang, kept[lang]) == dumps(seat_acts(fresh, seat, lang)), (
                    lang,
                    seat,
                )
            forget_words(fresh)

    for level in range(1, 4):
        for sq in DARK_BLUE:
            build(game, sq, level)
        same(game)
    forget_words(game)

    game = landlords.new_game(ruleset="odessa", players=2, seed=1)
    sq = next(sq for sq in range(game.size) if game.t.is_property[sq])
    game.set_owner(sq, 1)
    game.mortgaged[sq] = True
    kept = {lang: {} for lang in ("ru", "en")}
    same(game)
    game.lap_paid[sq] = True  # type: ignore[attr-defined]
    same(game)
    forget_words(game)
