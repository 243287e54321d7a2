"""Timers run on the server's clock, injected: the tests move a manual clock instead of sleeping."""

from __future__ import annotations

from server_helpers import Player, create, make_client


def test_a_lobby_timer_plays_a_late_persons_move(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        g = create(
            client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], decision_seconds=30, first_player=0
        )
        j = client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).json()
        ann = Player(client, g["code"], g["token"])
        try:
            left = ann.view["decision"]["deadline_at"] - clock.wall()
            assert 29 <= left <= 30  # the countdown the client shows
            clock.advance(20)
            ann.sync()
            assert ann.view["version"] == 0  # not yet
            clock.advance(11)
            ann.read_until(lambda m: m["type"] == "update" and m["version"] == 1)
            inspect = client.get(f"/api/testing/games/{g['code']}").json()
            assert inspect["actions"][0] == [0, {"type": "roll"}]  # the rest of the turn stays Ann's
            assert j["seat"] == 1
        finally:
            ann.close()


def test_a_time_budget_runs_out_across_decisions(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        g = create(
            client,
            name="Ann",
            seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
            rules={"player_time_minutes": 1},
            bot_pause=0,
            first_player=0,
        )
        ann = Player(client, g["code"], g["token"])
        try:
            clock.advance(40)
            assert ann.act({"type": "roll"})["type"] == "ack"
            ann.sync()
            assert not ann.view["state"]["bankrupt"][0]
            clock.advance(25)  # 65 seconds of Ann's minute used: she is out of time
            ann.read_until(lambda m: m["type"] == "update" and m["state"]["bankrupt"][0])
            acts = client.get(f"/api/testing/games/{g['code']}").json()["actions"]
            assert acts[-1] == [0, {"type": "time_out"}]
        finally:
            ann.close()
