"""The clocks survive a restart: the time each seat used (a `player_time_minutes` budget, the lobby's
`budget_minutes`), the game's time (`time_limit_minutes`) and the pending decision's time (a
ruleset's deadline) are saved, so a restart gives no time back. On the injectable clock: the server
after the restart starts its own clock anywhere, as a real process would."""

from __future__ import annotations

import asyncio
import time

import pytest
from support.server_helpers import (
    MY_TURN_GOES_ON,
    PERSON_AND_BOT,
    Player,
    create,
    make_client,
    restarted,
    table,
    wait_game,
)
from support.server_process import ServerProcess

from landlords.client import Lobby, Seat
from landlords.server.clock import ManualClock


def left(p: Player, clock: ManualClock) -> float:
    return p.view["decision"]["deadline_at"] - clock.wall()


def test_a_time_budget_is_not_given_back_by_a_restart(tmp_path, db_url):
    rules = {"player_time_minutes": 1}
    with table(tmp_path, db_url=db_url, rules=rules, first_player=0, seed=MY_TURN_GOES_ON) as t:
        t.clock.advance(40)
        assert t.ann.act({"type": "roll"})["type"] == "ack"  # 40 seconds charged to Ann
        t.clock.advance(15)  # and 15 into her next decision
    with restarted(tmp_path, t.made, db_url=db_url, start=7.0) as t:
        client, clock, g, ann = t.client, t.clock, t.made, t.ann
        assert ann.view["decision"]["seat"] == 0
        assert left(ann, clock) == pytest.approx(5, abs=0.01)
        clock.advance(4)
        ann.sync()
        assert not ann.view["state"]["bankrupt"][0]
        clock.advance(2)
        acts = wait_game(client, g["code"], lambda i: i["actions"][-1][1]["type"] == "time_out")["actions"]
        assert acts[-1] == [0, {"type": "time_out"}]
        assert ann.sync()["state"]["bankrupt"][0]


def test_the_time_limit_counts_the_time_before_a_restart(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        g = create(
            client, name="Ann", seats=PERSON_AND_BOT, rules={"time_limit_minutes": 1}, bot_pause=0, first_player=0
        )
        clock.advance(50)  # nobody connected
    with restarted(tmp_path, g, db_url=db_url, start=123.0) as t:
        client, clock, ann = t.client, t.clock, t.ann
        clock.advance(9)
        ann.sync()
        assert not ann.view["state"]["over"]
        clock.advance(2)  # 61 seconds of the game's minute
        wait_game(client, g["code"], lambda i: i["over"])
        assert ann.sync()["result"]["reason"] == "time_limit"


def test_a_decision_deadline_keeps_running_across_a_restart(tmp_path, db_url):
    with table(tmp_path, db_url=db_url, ruleset="digital", first_player=0) as t:
        full = left(t.ann, t.clock)
        t.clock.advance(full - 15)
    with restarted(tmp_path, t.made, db_url=db_url, start=0.5) as t:
        assert left(t.ann, t.clock) == pytest.approx(15, abs=0.01)


def test_the_lobbys_time_budget_has_a_bot_move_once_spent(tmp_path):
    with table(tmp_path, budget_minutes=0.5, first_player=0) as t:
        client, clock, g, ann = t.client, t.clock, t.made, t.ann
        assert left(ann, clock) == pytest.approx(30, abs=0.01)
        clock.advance(31)
        acts = wait_game(client, g["code"], lambda i: i["version"] >= 1)["actions"]
        assert acts[0] == [0, {"type": "roll"}]  # made for her; the ruleset has no time-out


def test_time_that_passes_while_a_checkpoint_is_written_is_saved_by_the_next(tmp_path, monkeypatch):
    """The checkpoint holds the clocks as read before its write; the next one must not wait for time
    it never saved (it did: a checkpoint whose write outlasted a clock step left the standing test
    clock's 15 seconds unsaved for good, and a kill -9 gave them back)."""
    with table(tmp_path, rules={"player_time_minutes": 1}, first_player=0) as t:
        storage = t.client.app.state.server.storage
        write = storage.set_status
        steps = [15.0]

        async def slow_write(game_id: int, **values) -> None:
            if "clock" in values and steps:
                t.clock.advance(steps.pop())  # the clock moves while this checkpoint is written
            await write(game_id, **values)

        monkeypatch.setattr(storage, "set_status", slow_write)
        t.clock.advance(40)
        code = t.made["code"]
        inspect = wait_game(t.client, code, lambda i: (i["saved_clock"] or {}).get("decision", 0) >= 55, 20)
        assert inspect["saved_clock"]["used"] == [0.0, 0.0] and not steps


def test_time_used_survives_kill_9(tmp_path, db_url):
    """The checkpoint of the running clocks: the 15 seconds into Ann's pending decision were never
    part of an act, and still count after SIGKILL."""
    server = ServerProcess(db_url, tmp_path / "server.log", log_level="info")
    try:
        server.start()
        lobby = Lobby(server.url)
        g = lobby.create(
            name="Ann", seats=PERSON_AND_BOT, rules={"player_time_minutes": 1}, bot_pause=0, first_player=0, seed=3
        )
        lobby.close()

        async def before() -> None:
            async with await Seat.connect(server.url, g["code"], g["token"]) as ann:
                server.advance(40)
                assert (await ann.act({"type": "roll"}))["type"] == "ack"
                await ann.wait_for(lambda v: v["version"] >= 1 and v["decision"]["seat"] == 0)
            server.advance(15)

        asyncio.run(before())
        end = time.monotonic() + 60
        while True:  # until the timer has saved the clocks (it looks every tenth of a second)
            inspect = server.inspect(g["code"])
            saved = inspect["saved_clock"]
            if saved and saved["version"] == inspect["version"] and saved["decision"] >= 15:
                break
            assert time.monotonic() < end, f"no checkpoint: {saved}"
            time.sleep(0.05)
        server.kill()
        server.start()

        async def after() -> None:
            async with await Seat.connect(server.url, g["code"], g["token"]) as ann:
                wall = server.inspect(g["code"])["wall"]
                assert ann.view["decision"]["deadline_at"] - wall == pytest.approx(5, abs=0.01)
                server.advance(6)
                await ann.wait_for(lambda v: v["state"]["bankrupt"][0], timeout=60)
            assert server.inspect(g["code"])["actions"][-1] == [0, {"type": "time_out"}]

        asyncio.run(after())
    finally:
        server.kill()


def test_the_view_carries_each_seats_time_budget(tmp_path):
    """The page's countdown per seat: the budget, each seat's time used (the pending decision not
    charged yet), the seat whose clock runs and when its budget ends on the server's wall clock."""
    with table(tmp_path, rules={"player_time_minutes": 2}, first_player=0, seed=MY_TURN_GOES_ON) as t:
        clock, ann = t.clock, t.ann
        c = ann.view["clocks"]
        assert c["budget"] == 120 and c["used"] == [0, 0] and c["running"] == 0
        assert c["ends_at"] == pytest.approx(clock.wall() + 120, abs=0.01)
        clock.advance(40)
        assert ann.act({"type": "roll"})["type"] == "ack"
        c = ann.sync()["clocks"]
        assert c["used"][0] == pytest.approx(40, abs=0.01)  # charged once the roll was made
        assert c["running"] == 0  # her next decision of the same turn
        assert c["ends_at"] == pytest.approx(clock.wall() + 80, abs=0.01)
        assert set(c) == {"budget", "used", "running", "ends_at"}  # nothing else leaves the server


def test_the_lobbys_budget_is_in_the_view_and_untimed_games_carry_no_clocks(tmp_path):
    with table(tmp_path, budget_minutes=0.5, first_player=0) as t:
        plain = create(t.client, name="Ann", seats=PERSON_AND_BOT, bot_pause=0, first_player=0)
        clock, ann, bob = t.clock, t.ann, Player(t.client, plain["code"], plain["token"])
        c = ann.view["clocks"]
        assert c["budget"] == 30 and c["running"] == 0
        assert c["ends_at"] == pytest.approx(clock.wall() + 30, abs=0.01)
        assert "clocks" not in bob.view


def test_a_roll_of_doubles_starts_the_next_decisions_clock(tmp_path):
    """Seed 6: Ann's first roll is a double, so her next decision is another roll. The server told
    decisions apart by id(), which the new decision took over from the freed old one: the time
    before the roll was not charged (the view said used 0) and the decision timer ran on, giving
    the second roll only what the first had left (5 s of 30 here, then a bot moved for her)."""
    with table(tmp_path, rules={"player_time_minutes": 2}, decision_seconds=30, seed=6, first_player=0) as t:
        clock, ann = t.clock, t.ann
        clock.advance(25)
        assert ann.act({"type": "roll"})["type"] == "ack"
        view = ann.sync()
        assert view["decision"]["kind"] == "pre_roll" and view["decision"]["seat"] == 0  # the double's roll
        assert view["clocks"]["used"][0] == pytest.approx(25, abs=0.01)
        assert view["decision"]["deadline_at"] - clock.wall() == pytest.approx(30, abs=0.01)
        clock.advance(10)  # past what the first roll had left: she still decides
        assert ann.act({"type": "roll"})["type"] == "ack"


def test_an_auctions_next_bidder_gets_a_fresh_clock(tmp_path):
    """An auction is one decision whose seat moves from bidder to bidder (the engine changes the
    decision's seat in place). Each bidder's turn is a decision of its own for the clocks: the time
    is charged to the bidder who spent it, and the next bidder gets a full deadline. Seed 48: Ann's
    first roll lands on a lot for sale; she declines it and Bob bids first."""
    two = [{"kind": "person"}, {"kind": "person"}]
    rules = {"player_time_minutes": 2}
    with table(tmp_path, seats=two, bob="Bob", rules=rules, decision_seconds=30, seed=48, first_player=0) as t:
        clock, ann, bob = t.clock, t.ann, t.bob
        assert ann.act({"type": "roll"})["type"] == "ack"
        assert ann.sync()["decision"]["kind"] == "buy"
        assert ann.act({"type": "decline"})["type"] == "ack"
        view = bob.sync()
        assert view["decision"]["kind"] == "auction" and view["decision"]["seat"] == 1
        clock.advance(20)
        assert bob.act({"type": "bid", "amount": 10})["type"] == "ack"
        view = ann.sync()
        assert view["decision"]["kind"] == "auction" and view["decision"]["seat"] == 0  # the same auction
        assert view["clocks"]["used"][1] == pytest.approx(20, abs=0.01)  # Bob's 20 s, charged to him
        assert view["clocks"]["running"] == 0
        assert view["decision"]["deadline_at"] - clock.wall() == pytest.approx(30, abs=0.01)
        clock.advance(25)  # past what Bob's turn had left: Ann still decides
        assert ann.act({"type": "bid", "amount": 11})["type"] == "ack"


def test_restarts_close_together_give_no_time_back(tmp_path, db_url, monkeypatch):
    """Six kills 4 s apart used to give Ann 24 s back: each restart resumed her decision from the
    checkpoint before the first kill. Now a restart charges the time since the last saved clocks (up
    to one checkpoint interval) and saves the clocks at once, so she has used at least the 24 s."""
    from landlords.server.app import Server

    async def killed(self) -> None:  # kill -9: nothing more is written, the clocks are not saved
        self.timer_task.cancel()
        for game in self.tables.values():
            await game.close()
        await self.storage.close()

    rules = {"player_time_minutes": 1}
    with table(tmp_path, db_url=db_url, rules=rules, first_player=0, seed=MY_TURN_GOES_ON) as t:
        made, start = t.made, t.clock.now()
        assert left(t.ann, t.clock) == pytest.approx(60, abs=0.01)
        monkeypatch.setattr(Server, "close", killed)
        t.clock.advance(4)
    for kill in range(1, 7):
        start += 5  # 4 s of play, then 1 s down
        with restarted(tmp_path, made, db_url=db_url, start=start) as t:
            spent = 60 - left(t.ann, t.clock)
            assert spent >= 4 * kill, f"restart {kill}: {spent:.1f} s used"
            assert spent <= 5 * kill + 0.01  # the time down is charged up to one checkpoint interval
            t.clock.advance(4)


def test_a_stop_on_purpose_charges_nothing_for_the_time_down(tmp_path, db_url):
    rules = {"player_time_minutes": 1}
    with table(tmp_path, db_url=db_url, rules=rules, first_player=0, seed=MY_TURN_GOES_ON) as t:
        made, start = t.made, t.clock.now()
        t.clock.advance(10)
    with restarted(tmp_path, made, db_url=db_url, start=start + 13) as t:  # 3 s down
        assert left(t.ann, t.clock) == pytest.approx(50, abs=0.01)
