"""The replay viewer's frames and the net-worth history, computed by the engine on the server: one
frame per turn, each the position the game's own record replays to, only once the game is over;
the net worth of every seat at the end of each turn while the game goes on."""

from __future__ import annotations

import pytest
from support.server_helpers import SECRET_KEYS, Player, table, walk

from landlords import record as records
from landlords.server.pages.router import page_html
from landlords.server.views import public_state

# Ann 1+2 -> Baltic Avenue, buys it; Bob 1+3 -> Income Tax: he chooses the fixed 200, has 80, goes bankrupt
DICE = [[1, 2], [1, 3]]
SEED = 918273645


@pytest.fixture
def game(tmp_path):
    with table(
        tmp_path,
        bob="Bob",
        bob_lang="ru",
        edition="classic-us",
        rules={"starting_cash": 80, "income_tax_choice": "cash"},
        seats=[{"kind": "person"}, {"kind": "person"}],
        seed=SEED,
        dice=DICE,
        first_player=0,
    ) as t:
        yield t.client, t.code, t.ann, t.bob


def act(p: Player, kind: str, **fields) -> None:
    p.sync()
    assert p.act({"type": kind, **fields})["type"] == "ack", kind


def play_to_the_end(client, code, ann, bob) -> None:
    for kind in ("roll", "buy", "end_turn"):
        act(ann, kind)
    act(bob, "roll")
    act(bob, "choose_tax", percent=False)
    act(bob, "declare_bankruptcy")


def test_the_net_worth_history_follows_the_game_turn_by_turn(game):
    client, code, ann, bob = game
    start = client.get(f"/api/games/{code}/worth").json()
    assert [f["worth"] for f in start["frames"]] == [[80, 80]] and start["now"]["worth"] == [80, 80]
    act(ann, "roll")
    act(ann, "buy")
    mid = client.get(f"/api/games/{code}/worth").json()
    assert len(mid["frames"]) == 1  # Ann's turn is not over: no new frame, the point now moved
    assert mid["now"]["worth"] == ann.sync()["state"]["net_worth"]
    act(ann, "end_turn")
    after = client.get(f"/api/games/{code}/worth").json()
    assert [(f["turn"], f["seat"]) for f in after["frames"]] == [(0, 0), (1, 0)]
    assert after["frames"][1]["worth"] == ann.sync()["state"]["net_worth"]
    for _, key, _ in walk(after):
        assert key not in SECRET_KEYS


def test_a_replay_only_once_the_game_is_over(game):
    client, code, ann, bob = game
    r = client.get(f"/api/games/{code}/replay")
    assert r.status_code == 409 and "once the game is over" in r.json()["detail"]
    assert client.get(f"/api/games/{code}/replay/0").status_code == 409
    assert client.get("/api/games/NOSUCH/replay").status_code == 404


def test_the_frames_are_the_positions_the_record_replays_to(game):
    client, code, ann, bob = game
    play_to_the_end(client, code, ann, bob)
    index = client.get(f"/api/games/{code}/replay", params={"lang": "ru"}).json()
    assert [(f["turn"], f["seat"]) for f in index["frames"]] == [(0, 0), (1, 0), (2, 1)]
    assert index["names"] == ["Ann", "Bob"] and "Ann" in index["result"]["text"]
    assert [f["worth"] for f in index["frames"]] == [[80, 80], [80, 80], [80, 0]]

    record = client.get(f"/api/games/{code}/record").json()
    final = records.replay(record)
    frames = [client.get(f"/api/games/{code}/replay/{i}").json() for i in range(3)]
    assert frames[2]["state"] == public_state(final)
    assert frames[0]["state"] == public_state(records.replay(record, upto=0, check_hash=False))
    assert frames[1]["state"] == public_state(records.replay(record, upto=3, check_hash=False))
    assert frames[0]["events"] == [] and frames[0]["title"] == "The start"  # the first player was set
    assert any("buys Baltic Avenue" in line for line in frames[1]["events"])
    assert frames[1]["events"][0].startswith("— turn 1")
    assert any("bankrupt" in line for line in frames[2]["events"])
    assert frames[2]["earlier"][-len(frames[1]["events"]) :] == frames[1]["events"]
    assert frames[1]["title"] == "Turn 1: Ann"
    ru = client.get(f"/api/games/{code}/replay/1", params={"lang": "ru"}).json()
    assert "Ход 1" in ru["title"] and any("покупает" in line for line in ru["events"])


def test_bad_frames_and_languages_are_refused_with_one_line(game):
    client, code, ann, bob = game
    play_to_the_end(client, code, ann, bob)
    r = client.get(f"/api/games/{code}/replay/3")
    assert r.status_code == 422 and r.json()["detail"] == "frame must be from 0 to 2"
    assert client.get(f"/api/games/{code}/replay/-1").status_code == 422
    assert client.get(f"/api/games/{code}/replay", params={"lang": "de"}).status_code == 422
    assert client.get(f"/api/games/{code}/replay/x").status_code == 422


def test_the_replay_page_is_served(game):
    client, code, _, _ = game
    r = client.get(f"/replay/{code}")
    assert r.status_code == 200 and r.text == page_html("replay") and "/static/js/replay.js" in r.text
