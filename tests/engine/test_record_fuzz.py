"""Issue 11: the record and edition loaders against tampered files. Each kind of tampering the issue
lists gets a clear ConfigError (never a bare exception, never a hang, never silently accepted), and
a seeded random mutation of real files either loads to the very state recorded or is refused with a
ConfigError. A record names a packaged edition or carries the edition's data; it never makes the
program read a path it chose."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import pytest

import landlords
from landlords import record as records
from landlords.bots import make_bot
from landlords.editions import edition_names, load_edition
from landlords.engine.errors import ConfigError
from landlords.rules import RULESETS


def real_record(ruleset: str, seed: int = 4, actions: int = 80) -> dict:
    game = landlords.new_game(None, ruleset, players=["Ann", "Bob", "Cid"], seed=seed)
    bots = [make_bot("baseline", seed=i) for i in range(3)]
    while not game.over and len(game.actions) < actions:
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
    return records.to_record(game, seats=[{"name": n, "bot": "baseline"} for n in game.names], lang="en")


RECORDS = {r: real_record(r) for r in sorted(RULESETS)}
BASE = RECORDS["hasbro-ru"]


def first_action(data: dict, kind: str) -> int:
    return next(i for i, (_, a) in enumerate(data["actions"]) if a["type"] == kind)


def set_in(path: list, value):
    def change(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


# each: what is done to a real record (as data, or as its JSON text)
TAMPERINGS = {
    "seed [1]": set_in(["seed"], [1]),
    "seed as text": set_in(["seed"], "4"),
    "seed 5000 digits": "SEED_DIGITS",
    "setup as a list": set_in(["setup"], []),
    "first_player as text": set_in(["setup", "first_player"], "0"),
    "dice as text": set_in(["setup", "dice"], "3,4"),
    "dice faces as text": set_in(["setup", "dice"], [[3, "4"]]),
    "deck_orders as a list": set_in(["setup", "deck_orders"], ["chance"]),
    "deck_orders cards as text": set_in(["setup", "deck_orders"], {"chance": "go"}),
    "auto_claim yes": set_in(["setup", "auto_claim"], "yes"),
    "unknown setup field": set_in(["setup", "speed"], 1),
    "setup position a list": set_in(["setup", "position"], [1]),
    "setup position broken": set_in(["setup", "position"], {"format": "x"}),
    "version true": set_in(["version"], True),
    "version 1.0": set_in(["version"], 1.0),
    "version 3": set_in(["version"], 3),
    "unknown field": set_in(["extra"], 1),
    "player name a number": set_in(["players", 1], 5),
    "player name null": set_in(["players", 1], None),
    "player name with an escape": set_in(["players", 1], "Bob\x1b[31m"),
    "two players alike": set_in(["players", 1], "ann"),
    "seats not a list": set_in(["seats"], "bots"),
    "seat bot a number": set_in(["seats", 0, "bot"], 7),
    "seat of another name": set_in(["seats", 0, "name"], "Zed"),
    "lang unknown": set_in(["lang"], "xx"),
    "rules a list": set_in(["rules"], []),
    "rule value an object": set_in(["rules", "starting_cash"], {"a": 1}),
    "actions not a list": set_in(["actions"], {}),
    "action seat as text": set_in(["actions", 0, 0], "0"),
    "action seat true": set_in(["actions", 0, 0], True),
    "action seat out of range": set_in(["actions", 0, 0], 9),
    "action a list": set_in(["actions", 0, 1], ["roll"]),
    "action without type": set_in(["actions", 0, 1], {"square": 1}),
    "action square as text": "SQUARE_TEXT",
    "action square a float": "SQUARE_FLOAT",
    "action amount true": "AMOUNT_TRUE",
    "state_hash a number": set_in(["state_hash"], 5),
    "finished_by a list": set_in(["finished_by"], []),
    "edition a path": set_in(["edition"], "/etc/hostname"),
    "edition a relative path": set_in(["edition"], "../editions/moscow.toml"),
    "edition unknown": set_in(["edition"], "atlantis"),
    "edition_data not an object": set_in(["edition_data"], "moscow"),
    "edition_data broken": set_in(["edition_data"], {"edition": {"id": "x"}}),
    "format other": set_in(["format"], "chess-pgn"),
    "not an object": "LIST",
    "deep nesting": "DEEP",
    "truncated": "TRUNCATED",
    "duplicate keys": "DUPLICATE",
    "non-UTF-8 bytes": "LATIN1",
    "binary": "BINARY",
    "empty": "EMPTY",
}


def tampered(kind: str) -> bytes:
    data = copy.deepcopy(BASE)
    how = TAMPERINGS[kind]
    text = json.dumps(data, ensure_ascii=False)
    if callable(how):
        how(data)
        return json.dumps(data, ensure_ascii=False).encode()
    if how == "SEED_DIGITS":
        return text.replace(f'"seed": {data["seed"]}', '"seed": ' + "7" * 5000).encode()
    if how in ("SQUARE_TEXT", "SQUARE_FLOAT"):
        i = first_action(data, "buy")
        data["actions"] = data["actions"][:i]
        data["actions"].append(
            [data["actions"][-1][0], {"type": "build", "square": "3" if how == "SQUARE_TEXT" else 3.5}]
        )
        return json.dumps(data).encode()
    if how == "AMOUNT_TRUE":
        data["actions"].append([0, {"type": "bid", "amount": True}])
        return json.dumps(data).encode()
    if how == "LIST":
        return b"[1, 2]"
    if how == "DEEP":
        return b'{"format": "landlords-record", "actions": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    if how == "TRUNCATED":
        return text.encode()[: len(text) // 2]
    if how == "DUPLICATE":
        return text.replace('"seed":', '"seed": 1, "seed":', 1).encode()
    if how == "LATIN1":
        return text.replace('"Bob"', '"Bjørn"').encode("latin-1", "replace").replace("ø".encode(), b"\xf8")
    if how == "BINARY":
        return bytes(range(256)) * 8
    if how == "EMPTY":
        return b""
    raise AssertionError(how)


def test_the_base_record_loads():
    table = records.restore(records.parse(json.dumps(BASE)))
    assert table.game.state_hash() == BASE["state_hash"] and table.bots == ["baseline"] * 3


@pytest.mark.parametrize("kind", sorted(TAMPERINGS))
def test_each_tampering_is_a_clear_config_error(kind, tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(tampered(kind))
    with pytest.raises(ConfigError) as caught:
        records.restore(records.load(path))
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 400, message


def test_a_record_never_makes_the_program_read_a_path(tmp_path, monkeypatch):
    import landlords.editions as editions

    board = tmp_path / "mine.toml"
    board.write_bytes(resources.files("landlords.editions").joinpath("classic-us.toml").read_bytes())
    read = []
    monkeypatch.setattr(editions, "_parse_bytes", lambda raw, name: read.append(name))
    data = copy.deepcopy(BASE)
    data["edition"] = str(board)
    with pytest.raises(ConfigError, match="packaged edition"):
        records.restore(data)
    assert read == []


def test_a_record_carries_an_edition_that_is_not_packaged(tmp_path):
    text = resources.files("landlords.editions").joinpath("classic-us.toml").read_text(encoding="utf-8")
    board = tmp_path / "mine.toml"
    board.write_text(
        text.replace('id = "classic-us"', 'id = "mine"').replace("Boardwalk", "Pier"), encoding="utf-8"
    )
    game = landlords.new_game(load_edition(str(board)), "hasbro-ru", players=2, seed=3)
    game.apply(game.decision.seat, landlords.ROLL)
    data = records.to_record(game)
    assert data["edition"] == "mine" and "edition_data" in data
    board.unlink()  # the record needs the file no more
    again = records.restore(records.parse(json.dumps(data))).game
    assert again.state_hash() == game.state_hash() and again.edition.squares[39].name == "Pier"
    data["edition_data"]["edition"]["id"] = "other"
    with pytest.raises(ConfigError, match="edition_data"):
        records.restore(data)


# ---------------------------------------------------------------- random mutations of real records
def mutate(rng: random.Random, text: str) -> bytes:
    how = rng.randrange(6)
    raw = text.encode()
    if how == 0:  # cut anywhere
        return raw[: rng.randrange(len(raw))]
    if how == 1:  # a byte changed
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1 :]
    if how == 2:  # a slice removed
        i = rng.randrange(len(raw))
        return raw[:i] + raw[i + rng.randrange(1, 40) :]
    # a value somewhere in the tree replaced by one of another type
    data = json.loads(text)
    odd = rng.choice([None, True, False, 0, -1, 1.5, "", "x", [], {}, [1], {"a": 1}, 10**30, "\x00"])
    parent, key = None, None
    node = data
    for _ in range(rng.randrange(1, 6)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        parent, key = node, rng.choice(keys)
        node = parent[key]
        if not isinstance(node, dict | list) or rng.random() < 0.3:
            break
    if parent is None:
        return raw
    parent[key] = odd
    return json.dumps(data).encode()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_random_mutations_load_identically_or_are_refused(ruleset):
    data = RECORDS[ruleset]
    text = json.dumps(data, ensure_ascii=False)
    rng = random.Random(ruleset)
    refused = 0
    for _ in range(60):
        raw = mutate(rng, text)
        try:
            table = records.restore(records.parse(raw))
        except ConfigError:
            refused += 1
            continue
        # accepted: then it is the game that was recorded (the hash checks every action's effect)
        again = json.loads(raw)
        assert again.get("state_hash") in (None, table.game.state_hash())
    assert refused > 30


# ---------------------------------------------------------------- editions
EDITION_TAMPERINGS = {
    "truncated": lambda t: t[: len(t) // 2],
    "price as text": lambda t: t.replace("price = 60", 'price = "60"', 1),
    "price 5000 digits": lambda t: t.replace("price = 60", "price = " + "6" * 5000, 1),
    "price too large": lambda t: t.replace("price = 60", "price = " + "6" * 30, 1),
    "deep nesting": lambda t: t + "\nx = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "a section removed": lambda t: t.replace("[currency]", "[money]", 1),
    "unknown key": lambda t: t.replace("[currency]", "[currency]\nextra = 1", 1),
    "rent as a table": lambda t: t.replace("rent = [2,", "rent = {a = 2}, x = [2,", 1),
    "kind unknown": lambda t: t.replace('kind = "street"', 'kind = "lake"', 1),
}


def edition_text() -> str:
    return resources.files("landlords.editions").joinpath("classic-us.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", sorted(EDITION_TAMPERINGS))
def test_each_edition_tampering_is_a_clear_config_error(kind, tmp_path):
    text = edition_text()
    changed = EDITION_TAMPERINGS[kind](text)
    assert changed != text, "the tampering found nothing to change"
    path = tmp_path / "mine.toml"
    path.write_text(changed, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_edition(str(path))
    assert str(caught.value).startswith("mine.toml: ") and len(str(caught.value)) < 400


def test_an_edition_that_is_not_utf8_or_missing(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_bytes(edition_text().replace("Boardwalk", "Bärwalk").encode("latin-1"))
    with pytest.raises(ConfigError, match="mine.toml: not UTF-8"):
        load_edition(str(path))
    with pytest.raises(ConfigError, match="no such edition file"):
        load_edition(str(tmp_path / "gone.toml"))


@pytest.mark.parametrize("name", edition_names())
def test_random_mutations_of_every_edition_load_or_are_refused(name, tmp_path):
    text = resources.files("landlords.editions").joinpath(f"{name}.toml").read_text(encoding="utf-8")
    rng = random.Random(name)
    path = tmp_path / "e.toml"
    for _ in range(25):
        raw = text.encode()
        i = rng.randrange(len(raw))
        how = rng.randrange(3)
        raw = (
            raw[:i]
            if how == 0
            else raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1 :]
            if how == 1
            else raw[:i] + raw[i + 30 :]
        )
        path.write_bytes(raw)
        try:
            load_edition(str(path))
        except ConfigError:
            pass
