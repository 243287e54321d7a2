"""The public position in the server's views: a client that asks for it (``"position": true`` in its
hello) gets, in every view, a position without the deck order or the generator, from which
``landlords.from_position`` builds a mirror of the game that the terminal client draws and plans on.
The mirror must agree with the server on everything public, and on what each seat may do."""

from __future__ import annotations

import json

import pytest
from support.server_helpers import SECRET_KEYS, Player, table, walk

import landlords
from landlords.bots import make_bot
from landlords.rules import ruleset_names
from landlords.server import views


def agree(mirror, game) -> None:
    """The mirror and the game agree on everything a screen or a menu reads."""
    assert views.public_state(mirror) == views.public_state(game)
    assert (mirror.decision.kind, mirror.decision.seat) == (game.decision.kind, game.decision.seat)
    assert mirror.decision.describe() == game.decision.describe()
    for seat in range(game.n):
        assert list(mirror.legal_actions(seat)) == list(game.legal_actions(seat))
    assert mirror.decision_actions() == game.decision_actions()


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_a_mirror_from_the_public_position_agrees_with_the_game(ruleset):
    game = landlords.new_game(None, ruleset, players=4, seed=11)
    bots = [make_bot(s, seed=i) for i, s in enumerate(("advisor", "trader", "baseline", "random"))]
    for step in range(400):
        if game.over:
            break
        data = views.public_position(game)
        assert "decks" not in data and "chance" not in data
        for path, key, _ in walk(data):
            assert key not in SECRET_KEYS, f"{key} at {path}"
        if step % 7 == 0:
            agree(landlords.from_position(json.loads(json.dumps(data))), game)
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
    # every attribute a variant keeps was read and found public; a new one must be reviewed first
    assert views.secret_variant_attributes(game) == []


def test_the_position_goes_only_to_clients_that_ask(tmp_path):
    with table(tmp_path, edition="classic-us", seed=5, dice=[[3, 4], [1, 2], [1, 2]], first_player=0) as t:
        plain, g = t.ann, t.made
        mirror_seat = Player(t.client, g["code"], g["token"], lang="ru", position=True)
        watcher = Player(t.client, g["code"], None)
        assert "position" not in plain.view
        view = mirror_seat.view
        mirror = landlords.from_position(view["position"])
        assert views.public_state(mirror) == view["state"]
        assert mirror.decision.kind == view["decision"]["kind"] == "pre_roll"
        # the welcome's events end where the log ends; each update's start there
        start = view["events_from"] + len(view["events"])
        assert plain.act({"type": "roll"})["type"] == "ack"
        update = mirror_seat.read_until(lambda m: m["type"] == "update" and m["version"] == 1)
        assert update["events_from"] == start and update["events"]
        mirror = landlords.from_position(update["position"])
        assert views.public_state(mirror) == update["state"]
        assert mirror.decision.kind == update["decision"]["kind"] == "buy"
        assert "position" not in plain.read_until(lambda m: m["type"] == "update")
        assert "position" not in watcher.read_until(lambda m: m["type"] == "update")
        for text in mirror_seat.raw:
            for path, key, _ in walk(json.loads(text)):
                assert key not in SECRET_KEYS or path.endswith(".deck_sizes"), f"{key} at {path}"
        mirror_seat.send({"type": "hello", "token": g["token"], "position": "yes"})
        assert mirror_seat.read_until(lambda m: m["type"] == "error")["code"] == "bad_message"
