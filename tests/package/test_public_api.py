"""One documented place for every ruleset's actions and decision kinds; public derived figures."""

from __future__ import annotations

import random

import pytest

import landlords
from landlords import Position
from landlords.bots import BaselineBot, RandomBot
from landlords.engine.actions import ACTION_TYPES
from landlords.rules import RULESETS


def test_every_action_type_of_every_ruleset_is_in_landlords_actions():
    for type_name, cls in ACTION_TYPES.items():
        assert getattr(landlords.actions, cls.__name__) is cls, type_name
        assert cls.__name__ in landlords.actions.__all__


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_decision_kind_met_in_play_is_in_landlords_decisions(ruleset):
    rng = random.Random(7)
    seen = set()
    for seed in range(3):
        game = landlords.new_game(None, ruleset, players=3, seed=seed, auto_claim=True, record_events=False)
        bots = [RandomBot(seed + k) if rng.random() < 0.5 else BaselineBot() for k in range(3)]
        for _ in range(1500):
            if game.over:
                break
            d = game.decision
            seen.add(d.kind)
            game.apply(d.seat, bots[d.seat].act(game, d))
    assert seen <= set(landlords.decisions.DECISION_KINDS)


def test_derived_figures_are_public():
    game = (
        Position.new("hasbro-ru", edition="classic-us", players=2)
        .own("A", "Park Place", "Boardwalk", houses=4)
        .own("A", "Mediterranean", "Baltic", hotel=True)
        .own("B", "Reading Railroad")
        .game()
    )
    assert game.buildings_of(0) == (8, 2) and game.buildings_of(1) == (0, 0)
    dark_blue = game.t.group_of[39]
    assert game.whole_groups(0) == sorted([dark_blue, game.t.group_of[1]])
    assert game.lots_held(0, dark_blue) == 2 and game.lots_held(1, dark_blue) == 0


def test_businesspoly_industries_and_lap_tax():
    """000:435: 50 for each industry (group) in which the player holds a lot, mortgaged or not."""
    pos = Position.new("businesspoly", players=2)
    t = pos.edition.tables()
    firsts = [members[0] for members in t.group_members[:3]]
    game = pos.own("A", *firsts).own("A", t.group_members[0][1], mortgaged=True).game()
    assert game.industries(0) == 3 and game.industries(1) == 0
    assert game.lap_tax(0) == 3 * game.rules.lap_tax_per_group
    assert game.laps(0) == 0


def test_a_new_businesspoly_position_is_not_in_the_start_auction():
    game = Position.new("businesspoly", players=2).game()
    assert game.decision.kind == "pre_roll" and not game.bp_start_phase and not game.auction_queue
