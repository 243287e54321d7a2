"""A position is checked against the rules before a game is built from it: each wrong field is one
ConfigError naming the field."""

from __future__ import annotations

import copy
import json

import pytest

import landlords
from landlords import Position, from_position
from landlords.engine import ConfigError
from landlords.position import load_position

# classic-us: 1/3 brown, 5 Reading Railroad, 37 Park Place, 39 Boardwalk, 0 GO
BASE = Position.new("hasbro-ru", edition="classic-us", players=["A", "B", "C"]).to_json()


def _set(path: str, value):
    """A change to the base position: set the field at ``path`` (dots and [index])."""

    def change(data):
        keys = path.replace("[", ".").replace("]", "").split(".")
        target = data
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target.setdefault(k, {})
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


def _lots(*lots):
    return _set("lots", [dict(zip(("square", "owner", "level", "mortgaged"), lot, strict=False)) for lot in lots])


def _both(*changes):
    def change(data):
        for c in changes:
            c(data)

    return change


CASES = [
    (_set("format", "landlords-record"), "format: must be 'landlords-position'"),
    (_set("version", 2), "version: unsupported version 2"),
    (_set("version", True), "version: unsupported version true"),
    (_set("ruleset", "monopolia"), "ruleset: unknown ruleset 'monopolia'"),
    (_set("rules", {"no_such_rule": 1}), "rules: unknown rule option 'no_such_rule'"),
    (_set("edition", "../../etc/passwd"), "edition: unknown edition"),
    (_set("players", {"A": 1}), "players: must be a list"),
    (_set("players", [{"name": "A"}]), "players: ruleset 'hasbro-ru' is for 2-"),
    (_set("players[0].name", 7), "players[0].name: must be text"),
    (_set("players[0].name", "A\x1b[31m"), "players[0].name: a name contains a control character (U+001B)"),
    (_set("players[1].cash", "100"), 'players[1].cash: must be an integer, not "100"'),
    (_set("players[1].cash", True), "players[1].cash: must be an integer, not true"),
    (_set("players[1].cash", 2.5), "players[1].cash: must be an integer, not 2.5"),
    (_set("players[1].cash", -5), "players[1].cash: negative cash (-5)"),
    (_set("players[1].cash", 10**40), f"players[1].cash: {10**40} is out of range"),
    (_set("players[0].square", 40), "players[0].square: there is no square 40"),
    (_set("players[0].jail_turns", 1), "players[0].jail_turns: turns served count only for a player in jail"),
    (_set("players[0].jail_cards", ["tarot"]), "players[0].jail_cards[0]: deck 'tarot' has no jail card"),
    (_set("players[0].money", 5), "players[0].money: is not a field of a position"),
    (
        _both(_set("players[2].bankrupt", True), _set("players[2].cash", 10)),
        "players[2].bankrupt: a bankrupt player holds no cash and no cards",
    ),
    (_set("colour", "red"), "colour: is not a field of a position"),
    (_lots((39, 0), (39, 1)), "lots[1].square: Boardwalk is listed twice (lots[0]): a lot has one owner"),
    (_lots((0, 0)), "lots[0].square: Go is not a property"),
    (_lots((39, 7)), "lots[0].owner: there is no seat 7"),
    (_lots((39, -1, 2)), "lots[0].owner: Boardwalk has buildings or a mortgage but no owner"),
    (_lots((5, 0, 1)), "lots[0].level: Reading Railroad: 1 building"),
    (_lots((37, 0, 9), (39, 0, 9)), "lots[0].level: Park Place: 9 buildings"),
    (
        _lots((37, 0, 3), (39, 1, 0)),
        "lots[0].level: buildings on Park Place, but its owner does not hold the whole group (Boardwalk)",
    ),
    (
        _lots((37, 0, 1, True), (39, 0, 1)),
        "lots[0].mortgaged: Park Place is mortgaged in a group with buildings",
    ),
    (
        _both(_set("players[1].bankrupt", True), _set("players[1].cash", 0), _lots((39, 1))),
        "lots[0].owner: seat 1 is bankrupt and owns nothing",
    ),
    (
        _both(_lots((37, 0, 4), (39, 0, 4)), _set("bank.houses", 32)),
        "bank.houses: 8 houses on the board and 32 in the bank, but the ruleset has 32 in all",
    ),
    (
        _both(
            _lots(*[(sq, 0, 4) for sq in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19)]),
        ),
        "bank.houses: 44 houses on the board and -12 in the bank, but the ruleset has 32 in all",
    ),
    (_set("bank.balance", 0), "bank.balance: must be -4500"),
    (_set("bank.pot", -1), "bank.pot: the pot cannot be negative (-1)"),
    (_set("decks", {"chance": ["joker"]}), "decks.chance[0]: deck 'chance' has no card 'joker'"),
    (_set("decks", {"chance": ["dividend", "dividend"]}), "decks.chance[1]: card 'dividend' is in the deck twice"),
    (_set("decks", {"tarot": []}), "decks.tarot: edition 'classic-us' has no such deck"),
    (
        _both(_set("players[0].jail_cards", ["chance"]), _set("decks", {"chance": ["jail-free"]})),
        "decks.chance: lists a jail card that a player holds (1 held)",
    ),
    (_set("turn.current", 3), "turn.current: there is no seat 3"),
    (_set("turn.speed_face", 9), "turn.speed_face: a face of the speed die"),
    (_set("turn.number", -1), "turn.number: cannot be negative"),
    (
        _set("turn.claims", [{"owner": 0, "payer": 0, "square": 39, "amount": 50}]),
        "turn.claims[0]: rent on Boardwalk is owed by one seat to another",
    ),
    (_set("turn.builds", [[0, 99, 1]]), "turn.builds[0][1]: there is no group 99"),
    (_set("turn.shortage", {"requester": "A"}), "turn.shortage.requester: must be an integer"),
    (_set("stack", [{"kind": "auction", "seat": 0}]), "stack[0].data: an auction needs its AuctionState"),
    (
        _set("stack", [{"kind": "debt", "seat": 0, "data": {"type": "Bomb"}}]),
        'stack[0].data.type: unknown data type "Bomb"',
    ),
    (
        _set(
            "stack", [{"kind": "debt", "seat": 0, "data": {"type": "Debt", "creditors": [[1]], "reason": "rent"}}]
        ),
        "stack[0].data.creditors[0]: must hold 2 values",
    ),
    (_set("stack", [{"kind": "pre_roll", "seat": 0, "colour": 1}]), "stack[0].colour: is not a field"),
    (
        _both(
            _set("players[1].bankrupt", True),
            _set("players[1].cash", 0),
            _set("stack", [{"kind": "buy", "seat": 1, "square": 39}]),
        ),
        "stack[0].seat: seat 1 is bankrupt and decides nothing",
    ),
    (_set("stack", []), "the game waits for nothing but is not over"),
    (
        _set("stack", [{"kind": "pre_roll", "seat": 0, "then": "dance"}]),
        "stack[0].then: 'dance' is not a continuation",
    ),
    (_set("stack", [{"kind": "court", "seat": 0}]), "stack[0].kind: 'court' is not a decision of this game"),
    (
        _set("stack", [{"kind": "buy", "seat": 0, "square": 0}]),
        "stack[0]: a buy decision is about a property square",
    ),
    (_set("stack", [{"kind": "bus", "seat": 0, "data": [1, 2, 3]}]), "stack[0].data: the Bus decision carries"),
    (
        _set(
            "stack",
            [
                {
                    "kind": "auction",
                    "seat": 0,
                    "square": 39,
                    "data": {
                        "type": "AuctionState",
                        "square": 39,
                        "item": "property",
                        "bidders": [0, 0],
                        "min_bid": 1,
                    },
                }
            ],
        ),
        "stack[0].data: an auction's bidders are distinct seats",
    ),
    (
        _set(
            "stack", [{"kind": "debt", "seat": 0, "data": {"type": "Debt", "creditors": [[7, 10]], "reason": "x"}}]
        ),
        "stack[0].data: a debt's creditors are (seat, amount)",
    ),
    (
        _set("stack", [{"kind": "pre_roll", "seat": 0}, {"kind": "buy", "seat": 1, "square": 39, "data_of": 0}]),
        "stack[1].data_of: names a decision below this one that carries data",
    ),
    (_set("turn.after_auctions", "party"), "turn.after_auctions: 'party' is not a continuation"),
    (_set("end.over", True), "end.winner: a game that is over has a winner, and only then"),
    (_set("variant", {"guild": [0, 0, 0]}), "variant.guild: is not a field of a position"),
    (_set("chance.state", [1, 2, 3]), "chance.state: must be the generator's 625 numbers"),
    (_set("chance.script", [[7, 1]]), "chance.script[0]: a roll is 1-3 dice of 1 to 6"),
    (
        _set("chance.scripted_cards", {"chance": 99}),
        "chance.scripted_cards.chance: more scripted cards than the pile",
    ),
    (_set("options", {"end_turn_prompt": "yes"}), "options.end_turn_prompt: must be true or false"),
]


@pytest.mark.parametrize("change, message", CASES, ids=[m.split(":")[0] for _, m in CASES])
def test_every_wrong_field_is_one_error_naming_it(change, message):
    data = copy.deepcopy(BASE)
    change(data)
    with pytest.raises(ConfigError) as info:
        from_position(data)
    assert message in str(info.value)
    assert str(info.value).startswith("position: ")
    assert "\n" not in str(info.value)


def test_the_base_position_of_the_checks_is_valid():
    game = from_position(copy.deepcopy(BASE))
    assert game.cash == [1500, 1500, 1500] and game.decision.kind == "pre_roll"


def test_a_variant_state_is_checked_by_the_shape_of_its_values():
    data = Position.new("odessa", players=3).to_json()
    data["variant"] = {"guild": [0, 0]}
    with pytest.raises(ConfigError, match=r"variant\.guild: must hold 3 values, not 2"):
        from_position(data)
    data["variant"] = {"guild": [0, "first", 0]}
    with pytest.raises(ConfigError, match=r"variant\.guild\[1\]: must be an integer"):
        from_position(data)
    data["variant"] = {"lap_steps": [{"x": 1}, {}, {}]}
    with pytest.raises(ConfigError, match=r"variant\.lap_steps\[0\]\.x: keys are square numbers"):
        from_position(data)


def test_files_that_are_not_positions_say_so(tmp_path):
    bad = tmp_path / "p.json"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_position(bad)
    bad.write_text("[" * 100_000)
    with pytest.raises(ConfigError, match="not a position: nested too deeply"):
        load_position(bad)
    bad.write_text("[1]")
    with pytest.raises(ConfigError, match="a position is a JSON object"):
        load_position(bad)
    toml = tmp_path / "p.toml"
    toml.write_text("players = [")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_position(toml)
    with pytest.raises(ConfigError, match="cannot read the position"):
        load_position(tmp_path / "missing.json")


def test_a_position_file_names_itself_in_its_errors(tmp_path):
    data = copy.deepcopy(BASE)
    data["players"][0]["cash"] = "lots"
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError, match=r"puzzle\.json: players\[0\]\.cash: must be an integer"):
        load_position(path)


def test_a_custom_edition_is_passed_in_not_read_from_a_path():
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1)
    position = game.to_position()
    assert from_position(position, edition=game.edition).to_position() == position
    position["edition"] = "london"
    with pytest.raises(
        ConfigError, match="edition: the position is for 'london', the edition given is 'classic-us'"
    ):
        from_position(position, edition=game.edition)
