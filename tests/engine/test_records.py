"""A game record replays to the identical state; bad records are named, not half-loaded."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import landlords
from landlords import record
from landlords.bots import BaselineBot, RandomBot
from landlords.engine import ConfigError
from landlords.sim.runner import play


def played(seed: int, players: int = 4, rules=None) -> landlords.Game:
    game = landlords.new_game(  # the bots never play ClaimRent: their rent is claimed when owed
        "classic-us", "hasbro-ru", players=players, seed=seed, rules=rules, auto_claim=True
    )
    bots = [BaselineBot() if k % 2 else RandomBot(seed + k) for k in range(players)]
    play(game, bots, max_turns=300)
    return game


@given(seed=st.integers(0, 2**31), players=st.integers(2, 6))
def test_record_replays_to_identical_state(seed, players):
    game = played(seed, players)
    data = json.loads(json.dumps(record.to_record(game)))
    again = record.replay(data)
    assert again.state_hash() == game.state_hash()
    assert again.snapshot() == game.snapshot()


def test_replay_part_way_matches_the_game_at_that_point():
    game = landlords.new_game("moscow", players=3, seed=7, auto_claim=True)  # bots never claim rent
    bots = [BaselineBot() for _ in range(3)]
    hashes = []
    for _ in range(120):
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
        hashes.append(game.state_hash())
    data = record.to_record(game)
    assert record.replay(data, upto=50).state_hash() == hashes[49]


def test_house_rules_and_scripted_setup_are_recorded():
    game = landlords.new_game(
        "classic-us",
        players=2,
        seed=3,
        rules={"free_parking": "rest"},
        dice=[(1, 2), (3, 3)],
        deck_orders={"chance": ["go-to-jail"]},
        first_player=1,
    )
    game.apply(1, landlords.ROLL)
    data = record.to_record(game)
    assert data["rules"] == {"free_parking": "rest"}
    assert data["setup"]["first_player"] == 1
    assert record.replay(data).state_hash() == game.state_hash()


def test_save_is_atomic_and_loads_back(tmp_path):
    game = played(11)
    path = tmp_path / "game.json"
    record.save(game, path)
    assert record.replay(record.load(path)).state_hash() == game.state_hash()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d.update(format="chess"), "'format' must be"),
        (lambda d: d.update(version=99), "unsupported 'version'"),
        (lambda d: d.pop("players"), "'players' is missing"),
        (lambda d: d["actions"].append(["x", {}]), "actions[4] must be [seat, action]"),
        (lambda d: d["actions"].append([0, {"type": "teleport"}]), "unknown action type 'teleport'"),
        (lambda d: d["actions"].append([0, {"type": "build", "square": 1}]), "cannot be replayed"),
        (lambda d: d.update(state_hash="0" * 64), "state_hash mismatch"),
        (lambda d: d["rules"].update(no_such_rule=1), "unknown rule option 'no_such_rule'"),
    ],
)
def test_malformed_records_are_named(mutate, message):
    game = landlords.new_game("classic-us", players=2, seed=1, dice=[(1, 2)], first_player=0)
    game.apply(0, landlords.ROLL)  # to Baltic Avenue
    game.apply(0, landlords.DECLINE)
    game.apply(1, landlords.PASS)
    game.apply(0, landlords.PASS)  # nobody bids: it stays with the bank
    assert game.decision.kind == "post_roll"
    data = record.to_record(game)
    mutate(data)
    with pytest.raises(ConfigError, match=__import__("re").escape(message)):
        record.replay(data)


def test_load_names_a_broken_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(ConfigError, match="bad.json: not valid JSON"):
        record.load(path)
