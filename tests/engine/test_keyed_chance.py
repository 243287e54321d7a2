"""The keyed generator (engine/keyed.py) of games people play for real: a fixed stream per key (so a
record or a position with the key replays exactly), fair dice, copies that go on in step, and a
clear error for a broken key in a record or a position."""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter

import pytest

import landlords
from landlords import record as records
from landlords.assist.plans import scratch
from landlords.bots import make_bot
from landlords.engine.dice import Chance
from landlords.engine.errors import ConfigError
from landlords.engine.keyed import KEY_BYTES, KeyedRandom, new_key

KEY = bytes(range(32))


def test_a_key_gives_one_stream_for_ever() -> None:
    """The known answer: if these numbers change, every saved server game stops replaying."""
    rng = KeyedRandom(KEY)
    assert [rng.randint(1, 6) for _ in range(12)] == [6, 6, 3, 1, 2, 4, 1, 3, 4, 3, 2, 5]
    assert rng.getrandbits(20) == 357233
    assert rng.used == 20


def test_two_keys_give_two_streams() -> None:
    a, b = Chance(None, key=new_key()), Chance(None, key=new_key())
    assert [a.roll() for _ in range(20)] != [b.roll() for _ in range(20)]


def test_the_dice_are_fair() -> None:
    chance = Chance(None, key=KEY)
    counts = Counter(f for _ in range(30_000) for f in chance.roll())
    expected = 60_000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == set(range(1, 7))
    assert chi2 < 20.5  # 5 degrees of freedom: p = 0.001


def test_shuffles_reach_every_order_about_as_often() -> None:
    rng = KeyedRandom(KEY)
    seen = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        seen[tuple(items)] += 1
    assert len(seen) == 6 and min(seen.values()) > 850 and max(seen.values()) < 1150


def test_a_copy_and_a_pickle_go_on_in_step() -> None:
    rng = KeyedRandom(KEY)
    for _ in range(100):  # past a block boundary
        rng.random()
    twins = [copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))]
    ahead = [rng.getrandbits(13) for _ in range(50)]
    for twin in twins:
        assert twin is not rng and [twin.getrandbits(13) for _ in range(50)] == ahead


def test_seek_reaches_the_same_place_as_drawing() -> None:
    drawn = KeyedRandom(KEY)
    for _ in range(37):
        drawn.random()
    jumped = KeyedRandom(KEY)
    jumped.seek(drawn.used)
    assert jumped.random() == drawn.random()


def test_the_key_is_not_in_its_repr() -> None:
    rng = KeyedRandom(KEY)
    assert KEY.hex() not in repr(rng) and "KeyedRandom" in repr(rng)


def test_a_bad_key_is_refused() -> None:
    with pytest.raises(ValueError, match="32 bytes"):
        KeyedRandom(b"short")
    with pytest.raises(ValueError, match="32 bytes"):
        KeyedRandom("0" * 64)  # type: ignore[arg-type]


def _played(key: bytes, acts: int = 400) -> landlords.Game:
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, key=key, auto_claim=True)
    bots = [make_bot("baseline", 1), make_bot("baseline", 2)]
    for _ in range(acts):
        if game.over:
            break
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
    return game


def test_a_keyed_game_replays_from_its_record() -> None:
    game = _played(KEY)
    data = json.loads(json.dumps(records.to_record(game)))
    assert data["key"] == KEY.hex() and data["seed"] is None
    assert records.replay(data).state_hash() == game.state_hash()


def test_a_keyed_game_goes_on_from_its_position_and_its_copy() -> None:
    game = _played(KEY, acts=150)
    position = json.loads(json.dumps(game.to_position()))
    assert position["chance"]["key"] == KEY.hex() and "state" not in position["chance"]
    twins = [landlords.from_position(position), scratch(game)]
    assert all(twin.state_hash() == game.state_hash() for twin in twins)
    ahead = [game.chance.roll() for _ in range(10)]
    for twin in twins:
        assert [twin.chance.roll() for _ in range(10)] == ahead


def test_the_state_hash_covers_the_key() -> None:
    a = landlords.new_game("classic-us", "hasbro-ru", players=2, key=KEY, first_player=0)
    b = landlords.new_game("classic-us", "hasbro-ru", players=2, key=new_key(), first_player=0)
    assert a.state_hash() != b.state_hash()


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("zz" * KEY_BYTES, "64 hexadecimal digits"),
        ("ab", "64 hexadecimal digits, got 2 characters"),
        (12, "64 hexadecimal digits, got a number"),
    ],
)
def test_a_record_with_a_broken_key_names_it(key, message) -> None:
    data = records.to_record(landlords.new_game("classic-us", "hasbro-ru", players=2, key=KEY))
    data["key"] = key
    with pytest.raises(ConfigError, match=f"'key' must be {message}"):
        records.restore(data)


def test_a_record_has_a_seed_or_a_key_not_both() -> None:
    data = records.to_record(landlords.new_game("classic-us", "hasbro-ru", players=2, key=KEY))
    data["seed"] = 5
    with pytest.raises(ConfigError, match="a seed or a key, not both"):
        records.restore(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"key": "00"}, "chance.key.*must be 32 bytes"),
        ({"key": "xy" * 32}, "chance.key.*hexadecimal"),
        ({"used": -1}, "chance.used.*0 or more"),
        ({"state": [0] * 625}, "chance.state.*keyed"),
    ],
)
def test_a_position_with_a_broken_key_names_the_field(change, message) -> None:
    position = landlords.new_game("classic-us", "hasbro-ru", players=2, key=KEY).to_position()
    position["chance"].update(change)
    with pytest.raises(ConfigError, match=message):
        landlords.from_position(position)
