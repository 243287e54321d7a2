"""Timers run on the server's clock, injected: the tests move a manual clock instead of sleeping."""

from __future__ import annotations

from server_helpers import table


def test_a_lobby_timer_plays_a_late_persons_move(tmp_path, db_url):
    with table(
        tmp_path,
        db_url=db_url,
        seats=[{"kind": "person"}, {"kind": "person"}],
        bob="Bob",
        bob_lang=None,
        decision_seconds=30,
        first_player=0,
    ) as t:
        client, clock, g, ann, j = t.client, t.clock, t.made, t.ann, t.joined
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


def test_a_time_budget_runs_out_across_decisions(tmp_path, db_url):
    with table(tmp_path, db_url=db_url, rules={"player_time_minutes": 1}, first_player=0) as t:
        client, clock, g, ann = t.client, t.clock, t.made, t.ann
        clock.advance(40)
        assert ann.act({"type": "roll"})["type"] == "ack"
        ann.sync()
        assert not ann.view["state"]["bankrupt"][0]
        clock.advance(25)  # 65 seconds of Ann's minute used: she is out of time
        ann.read_until(lambda m: m["type"] == "update" and m["state"]["bankrupt"][0])
        acts = client.get(f"/api/testing/games/{g['code']}").json()["actions"]
        assert acts[-1] == [0, {"type": "time_out"}]
