"""Timers run on the server's clock, injected: the tests move a manual clock instead of sleeping."""

from __future__ import annotations

import time

from support.server_helpers import MY_TURN_GOES_ON, PERSON_AND_BOT, create, table


def test_a_lobby_timer_plays_a_late_persons_move(tmp_path, db_url):
    with table(
        tmp_path,
        db_url=db_url,
        seats=[{"kind": "person"}, {"kind": "person"}],
        bob="Bob",
        bob_lang=None,
        decision_seconds=30,
        first_player=0,
        seed=MY_TURN_GOES_ON,
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
    """On a seed whose first roll ends Ann's turn, the bot could move after the clock did: her new
    decision then started with 20 s left and this test waited forever (stop 25's CI): seeded."""
    rules = {"player_time_minutes": 1}
    with table(tmp_path, db_url=db_url, rules=rules, first_player=0, seed=MY_TURN_GOES_ON) as t:
        client, clock, g, ann = t.client, t.clock, t.made, t.ann
        clock.advance(40)
        assert ann.act({"type": "roll"})["type"] == "ack"
        ann.sync()
        assert not ann.view["state"]["bankrupt"][0]
        clock.advance(25)  # 65 seconds of Ann's minute used: she is out of time
        ann.read_until(lambda m: m["type"] == "update" and m["state"]["bankrupt"][0])
        acts = client.get(f"/api/testing/games/{g['code']}").json()["actions"]
        assert acts[-1] == [0, {"type": "time_out"}]


def test_one_games_broken_clock_does_not_stop_the_others(tmp_path, caplog):
    """The server's timer looks at every game in turn: a game whose deadline cannot be worked out
    (a fault, made here by hand) is logged and passed over, and the other games' clocks still run.
    Before, the fault ended the timer's task: no deadline of any game was enforced again."""
    with table(tmp_path, decision_seconds=30, first_player=0) as t:
        other = create(t.client, name="Cy", seats=PERSON_AND_BOT, decision_seconds=30, first_player=0)
        broken = t.client.app.state.server.tables[other["code"]]

        def fault() -> None:
            raise RuntimeError("a fault in one game")

        broken.deadline = fault
        t.clock.advance(31)
        t.ann.read_until(lambda m: m["type"] == "update" and m["version"] == 1)  # a bot's move for her
        line = f"game {other['code']}: the timer failed"
        end = time.monotonic() + 30  # the timer's next look at the broken game, however slow the machine
        while line not in caplog.text and time.monotonic() < end:
            time.sleep(0.02)
    assert line in caplog.text
    assert "a fault in one game" in caplog.text
