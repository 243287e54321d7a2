"""Positions: round trips over states of real bot games of every ruleset (position -> game ->
position, JSON and TOML, the notation), a game rebuilt from a position plays on exactly like the
original, and nothing the game object holds is left out of the position or the state hash."""

from __future__ import annotations

import json
import tomllib
from collections import deque

import pytest
from support.games import RULESET_IDS, bot_game_states, states

import landlords
from landlords import from_notation, from_position, to_notation
from landlords.bots import BaselineBot
from landlords.engine import decision as D
from landlords.engine.decision import Decision, Shortage
from landlords.engine.dice import Chance
from landlords.engine.state import (
    CORE_STATE,
    DERIVED,
    derived_attributes,
    instance_attributes,
    to_json,
    variant_attributes,
)
from landlords.engine.turns import RentClaim
from landlords.position import dumps_toml


def check_round_trip(game: landlords.Game, toml_too: bool) -> landlords.Game:
    position = game.to_position()
    again = from_position(json.loads(json.dumps(position)))
    assert again.to_position() == position
    assert again.state_hash() == game.state_hash()
    for attr in set(instance_attributes(game)) - set(DERIVED):
        assert _plain(getattr(again, attr)) == _plain(getattr(game, attr)), attr
    assert again.holdings == game.holdings and again.group_owner == game.group_owner
    if toml_too:
        assert from_position(tomllib.loads(dumps_toml(position))).to_position() == position
    text = to_notation(position)
    assert to_notation(from_notation(text)) == text
    return again


def _plain(value):
    if isinstance(value, Chance):
        return (value.rng.getstate(), list(value.script), value.cards, value.strict)
    if isinstance(value, list) and value and isinstance(value[0], RentClaim):
        return [c.as_tuple() for c in value]
    return to_json(value)


def test_round_trips_over_states_of_bot_games_of_every_ruleset():
    """1,000 states (100 per ruleset): JSON, TOML and the notation round-trip exactly."""
    count = 0
    for _, game in states(100, range(40)):
        check_round_trip(game, toml_too=count % 5 == 0)
        count += 1
    assert count >= 100 * len(RULESET_IDS)


@pytest.mark.slow
def test_round_trips_over_many_more_states():
    """8,000 states (800 per ruleset)."""
    count = 0
    for _, game in states(800, range(1000, 1400)):
        check_round_trip(game, toml_too=count % 3 == 0)
        count += 1
    assert count >= 800 * len(RULESET_IDS)


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_game_from_a_position_plays_on_exactly_like_the_original(ruleset):
    """The position holds everything that decides the future: both games take the same acts and
    pass through the same states (rolls and cards included) for the next 40 acts."""
    checked = 0
    for seed in range(10):
        stop = 20 + seed * 53
        for i, game in enumerate(bot_game_states(ruleset, 500 + seed, 2 + seed % 3, acts=stop + 1, every=1)):
            if i < stop or game.over:
                continue
            copy_ = from_position(game.to_position(), record_events=False)
            bots = [BaselineBot() for _ in range(game.n)]
            for _ in range(40):
                if game.over:
                    break
                d = game.decision
                seat, action = d.seat, bots[d.seat].act(game, d)
                game.apply(seat, action)
                copy_.apply(seat, action)
                assert copy_.state_hash() == game.state_hash()
            checked += 1
            break
    assert checked >= 5


def test_the_notation_of_a_bot_game_state_builds_a_valid_game():
    """A notation line (the common part) is a position of its own: it passes the checks."""
    built = 0
    for _, game in states(20, range(60, 80)):
        if game.over or (any(game.level) and game.uneven_ok):
            continue
        g = from_position(from_notation(to_notation(game.to_position())))
        assert to_notation(g.to_position()) == to_notation(game.to_position())
        built += 1
    assert built > 100


# ---------------------------------------------------------------- nothing is left out
def _played(ruleset: str) -> landlords.Game:
    *_, game = bot_game_states(ruleset, 3, 3, acts=150, every=1000)
    return game


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_every_attribute_of_the_game_is_in_the_position_or_listed_as_derived(ruleset):
    """The attributes of the game = the core's documented fields + the explicitly derived ones (each with a reason)
    + the variant's own state. The classic game has no "variant" part: a new core attribute must get
    its place in the documented layout (engine/state.py CORE_STATE)."""
    game = _played(ruleset)
    attrs = set(instance_attributes(game))
    core = set(CORE_STATE)
    variant = set(variant_attributes(game))
    assert attrs <= core | derived_attributes(game) | variant
    missing = {a for a in core if not hasattr(game, a)}
    assert not missing, f"CORE_STATE names attributes the game does not have: {missing}"
    assert set(game.to_position()["variant"]) == variant
    if type(game) is landlords.Game:
        assert not variant, f"new core attributes {sorted(variant)}: give them a place in engine/state.py"
    else:  # exactly what the variant class adds to a classic game
        classic = set(instance_attributes(_played("hasbro-ru"))) | core | set(DERIVED)
        assert attrs - classic - set(type(game).derived_state) == variant


def _perturbed(game: landlords.Game, attr: str) -> None:
    """Change one attribute of the state a little."""
    value = getattr(game, attr)
    if attr == "chance":
        value.rng.random()
    elif attr == "stack":
        value.append(Decision(D.POST_ROLL, 0))
    elif attr == "shortage":
        game.shortage = Shortage(0, 1, "house")
    elif attr == "claims":
        value.append(RentClaim(0, 1, 1, 2, game.turn))
    elif attr == "decks":
        next(iter(value.values())).rotate(1)
    elif attr == "auction_batches":
        value.append(([1], None))
    elif attr == "builds_this_turn":
        value[(0, 0)] = value.get((0, 0), 0) + 1
    else:
        setattr(game, attr, _changed(value))


def _changed(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return "x"
    if isinstance(value, tuple):
        return (*value, 1)
    if isinstance(value, list):
        if not value:
            return [0]
        return [_changed(value[0]), *value[1:]]
    if isinstance(value, dict):
        return {**value, 999: 1}
    if isinstance(value, deque):
        return deque([*value, 0])
    raise AssertionError(f"cannot change a {type(value).__name__}")


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_the_state_hash_sees_every_attribute_of_the_state(ruleset):
    """Issue 11 item 11: two different states never share a hash. Every attribute the position holds
    (the core's and the variant's), changed alone, changes the hash."""
    position = _played(ruleset).to_position()
    attrs = list(CORE_STATE) + variant_attributes(from_position(position))
    for attr in attrs:
        game = from_position(position)
        before = game.state_hash()
        _perturbed(game, attr)
        assert game.state_hash() != before, f"the state hash does not see {attr}"


@pytest.mark.parametrize(
    "attr, value",
    [
        ("auction_batches", [([], "end_turn")]),  # (after_auctions: the innermost batch's continuation)
        ("sent_to_jail", True),
        ("uneven_ok", True),
        ("over", True),
        ("finished_by", "turn_limit"),
        ("first_seat", 1),
        ("shortage", Shortage(0, 1, "house")),
    ],
)
def test_the_fields_issue_11_names_are_in_the_hash(attr, value):
    game = landlords.new_game("classic-us", "hasbro-ru", players=3, seed=1, first_player=0)
    before = game.state_hash()
    setattr(game, attr, value)
    assert game.state_hash() != before


def test_toml_leaves_out_nulls_and_reads_them_as_defaults():
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1, first_player=0)
    text = dumps_toml(game.to_position())
    assert "after_auctions" not in text and "finished_by" not in text
    assert from_position(tomllib.loads(text)).to_position() == game.to_position()
