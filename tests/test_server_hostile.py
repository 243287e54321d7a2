"""Hostile input: each gets one clear error on its own connection, and nothing changes."""

from __future__ import annotations

import pytest
from server_helpers import Player, create, make_client

from landlords.server.app import Limits
from landlords.server.protocol import MAX_MESSAGE_BYTES


@pytest.fixture
def game(tmp_path):
    client, clock = make_client(tmp_path, limits=Limits(rate_per_second=0.5, burst=10))
    with client:
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], bot_pause=0, first_player=0)
        j = client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).json()
        try:
            yield client, g, j
        finally:
            for p in list(Player.opened):
                p.close()


def error(p: Player) -> dict:
    return p.read_until(lambda m: m["type"] == "error")


def unchanged(client, g) -> None:
    assert client.get(f"/api/testing/games/{g['code']}").json()["actions"] == []


@pytest.mark.parametrize(
    "message, code",
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "teleport"}', "unknown_type"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": "act", "action": {"type": "roll"}}', "bad_message"),
        ('{"type": "act", "action": "roll", "version": 0}', "bad_message"),
        ('{"type": "act", "action": {"type": "fly"}, "version": 0}', "bad_action"),
        ('{"type": "act", "action": {"type": "bid", "amount": 5, "x": 1}, "version": 0}', "bad_action"),
        ('{"type": "act", "action": {"type": "time_out"}, "version": 0}', "bad_action"),
        ('{"type": "chat", "text": ""}', "bad_message"),
        ('{"type": "chat", "text": "' + "x" * 501 + '"}', "bad_message"),
        ('{"type": "act", "action": {"type": "roll"}, "version": 0, "seat": 1}', "not_your_seat"),
    ],
)
def test_bad_messages_get_a_clear_error(game, message, code):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    ann.send(message)
    e = error(ann)
    assert e["code"] == code and e["message"]
    unchanged(client, g)
    assert ann.act({"type": "roll"}, version=0)["type"] == "ack"  # the connection still works


def test_oversized_messages_are_refused(game):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    ann.send('{"type": "chat", "text": "' + "x" * MAX_MESSAGE_BYTES + '"}')
    assert error(ann)["code"] == "too_large"
    unchanged(client, g)


def test_anything_before_hello_and_wrong_tokens(game):
    client, g, j = game
    with client.websocket_connect(f"/ws/{g['code']}") as ws:
        ws.send_json({"type": "act", "action": {"type": "roll"}, "version": 0})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "hello", "token": g["host_token"]})  # the host token holds no seat
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect("/ws/NOGAME") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["code"] == "no_game"
    unchanged(client, g)
    r = client.post(f"/api/games/{g['code']}/start", json={}, headers={"Authorization": f"Bearer {j['token']}"})
    assert r.status_code == 403  # a seat token is not the host's
    assert client.post(f"/api/games/{g['code']}/leave").status_code == 401


def test_acts_for_another_seat_are_refused(game):
    client, g, j = game
    bob = Player(client, g["code"], j["token"])
    answer = bob.act({"type": "roll"})
    assert answer["type"] == "refused" and answer["rule"] == "not-your-turn"
    unchanged(client, g)


def test_a_flood_is_rate_limited_then_closed_and_others_play_on(game):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    bob = Player(client, g["code"], j["token"])
    for _ in range(40):
        bob.send({"type": "ping"})
    assert error(bob)["code"] == "rate_limited"
    pongs = [m for m in bob.messages if m["type"] == "pong"]
    assert len(pongs) < 40
    assert ann.act({"type": "roll"}, version=0)["type"] == "ack"  # Ann is not affected


def test_acts_on_a_finished_game(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        # the only person goes bankrupt on her first act: the time-out of a timed ruleset ends it for her
        g = create(
            client,
            name="Ann",
            ruleset="digital",
            seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
            bot_pause=0,
            first_player=0,
        )
        ann = Player(client, g["code"], g["token"])
        try:
            deadline = ann.view["decision"]["deadline_at"]
            clock.advance(deadline - clock.wall() + 1)
            ann.read_until(lambda m: m["type"] == "update" and m["state"]["over"])
            e = ann.act({"type": "roll"})
            assert e["type"] == "error" and e["code"] == "game_over"
            record = client.get(f"/api/games/{g['code']}/record").json()
            assert record["actions"][0] == [0, {"type": "time_out"}]
        finally:
            ann.close()
