"""A seat's acts as the server encodes them (views.seat_acts_json, the square acts' entries kept per
game and language by the table) read exactly as the acts built anew (views.seat_acts), for every seat after every
act of bot games under every ruleset, in every language: the kept entries never go stale when a
square's level, its mortgage or its owner change (issue 35)."""

from __future__ import annotations

import json

import pytest
from support.scenario import DARK_BLUE, HOTEL, act, give, new_game, set_cash

import landlords
from landlords.bots import make_bot
from landlords.engine.actions import Build, Mortgage, SellBuilding, Unmortgage
from landlords.i18n import LANGUAGES
from landlords.rules import ruleset_names
from landlords.server.views import seat_acts, seat_acts_json


def anew(game: landlords.Game, seat: int, lang: str) -> list:
    """The acts worded from nothing: on a copy of the game, whose words nothing has kept yet."""
    return seat_acts(game.clone(), seat, lang)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_encoded_acts_are_the_acts_built_anew(ruleset):
    kept_some = False
    for seed in (1, 2):
        game = landlords.new_game(ruleset=ruleset, players=3, seed=seed, auto_claim=True)
        kept: dict[str, dict] = {lang: {} for lang in LANGUAGES}  # as a table keeps them, per language
        bots = [make_bot("advisor" if i else "random", seed=seed * 10 + i) for i in range(game.n)]
        for step in range(300):
            d = game.decision
            if game.over or d is None:
                break
            lang = LANGUAGES[step % len(LANGUAGES)]
            for seat in range(game.n):
                assert json.loads(seat_acts_json(game, seat, lang, kept[lang])) == anew(game, seat, lang), (
                    seed,
                    step,
                    seat,
                )
            game.apply(d.seat, bots[d.seat].act(game, d))
        kept_some = kept_some or any(kept.values())
    assert kept_some  # the square acts' entries were kept and reused, not only built


def test_the_encoded_acts_follow_a_street_built_to_a_hotel_sold_and_mortgaged():
    """Every level of a street (the fifth building is a hotel, in other words), its sale back and
    its mortgage and lift: the kept entries of the acts on it change with it, in every language."""
    game = new_game(2)
    give(game, 0, *DARK_BLUE)
    set_cash(game, 0, 10_000)
    kept: dict[str, dict] = {lang: {} for lang in LANGUAGES}

    def same() -> None:
        for lang in LANGUAGES:
            for seat in range(game.n):
                assert json.loads(seat_acts_json(game, seat, lang, kept[lang])) == anew(game, seat, lang), (
                    lang,
                    seat,
                )

    same()
    for _ in range(5):
        for sq in DARK_BLUE:
            act(game, 0, Build(sq))
            same()
    assert all(game.level[sq] == HOTEL for sq in DARK_BLUE)
    for _ in range(5):
        for sq in DARK_BLUE:
            act(game, 0, SellBuilding(sq))
            same()
    for sq in DARK_BLUE:
        act(game, 0, Mortgage(sq))
        same()
    for sq in DARK_BLUE:
        act(game, 0, Unmortgage(sq))
        same()
