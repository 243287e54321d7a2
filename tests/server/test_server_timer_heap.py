"""The server's timer looks only at the tables whose due moment has come (a heap of due moments,
worked out again when something they depend on changes: server/deadlines.py). These tests fail if
a change is missed (a clock that moved earlier, or appeared, and never fires: a frozen game) or if
the timer goes back to looking at every table on every tick. On the manual clock; the timer's ticks
are counted, never timed."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from support.server_helpers import MY_TURN_GOES_ON, PERSON_AND_BOT, Player, create, table, wait_game

from landlords.server.app import Server
from landlords.server.clock import ManualClock
from landlords.server.deadlines import Deadlines

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def server_of(t) -> Server:
    return t.client.app.state.server


def ticks(server: Server, n: int) -> None:
    """Until the server's timer has ticked ``n`` more times (the timeout only keeps a broken timer
    from hanging the test)."""
    until = server.deadlines.ticks + n
    end = time.monotonic() + 30
    while server.deadlines.ticks < until:
        assert time.monotonic() < end, "the timer does not tick"
        time.sleep(0.02)


def actions(t) -> int:
    return len(t.client.get(f"/api/testing/games/{t.code}").json()["actions"])


def connected(t, seat: int) -> bool:
    return t.client.get(f"/api/games/{t.code}").json()["seats"][seat]["connected"]


def leaves(t, p: Player, seat: int) -> None:
    """``p``'s socket closes, and the server has seen it (the grace period counts from then)."""
    p.close()
    end = time.monotonic() + 30
    while connected(t, seat):
        assert time.monotonic() < end, "the server never saw the socket close"
        time.sleep(0.02)


def host(t, path: str) -> Any:
    r = t.client.post(f"/api/games/{t.code}/{path}", headers={"Authorization": f"Bearer {t.made['host_token']}"})
    assert r.status_code == 200, r.text
    return r.json()


def count_calls(table: Any, name: str) -> list[int]:
    """Wrap ``table``'s method ``name`` (on the instance) to count its calls: ``[calls]``."""
    calls = [0]
    method = getattr(table, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return method(*args, **kwargs)

    setattr(table, name, counted)
    return calls


def test_the_timer_does_not_look_at_tables_with_nothing_due(tmp_path):
    """Games whose deadlines are ahead cost the timer nothing on its ticks (it looked at every
    game's deadline 10 times a second); the game whose deadline passes is looked at and moves on."""
    with table(tmp_path, decision_seconds=30, first_player=0, seed=MY_TURN_GOES_ON) as t:
        server = server_of(t)
        t.clock.advance(20)  # the first game's deadline is 10 s ahead
        # untimed games (no checkpoints) whose absent person's grace period ends 60 s ahead
        others = [create(t.client, name="Cy", seats=PERSON_AND_BOT, first_player=0, bot_pause=0) for _ in range(4)]
        ticks(server, 3)  # the new games' deadlines are in the heap
        first = server.tables[t.code]
        codes = [t.code] + [g["code"] for g in others]
        calls = {code: count_calls(server.tables[code], "deadline") for code in codes}
        ticks(server, 10)
        assert {code: n[0] for code, n in calls.items()} == dict.fromkeys(calls, 0)
        t.clock.advance(11)  # the first game's deadline passes, not the others'
        wait_game(t.client, t.code, lambda i: i["version"] >= 1, timeout=15)
        ticks(server, 3)
        assert calls[t.code][0] > 0
        assert all(calls[g["code"]][0] == 0 for g in others)
        assert server.tables[t.code] is first


def test_a_new_decision_after_a_bots_move_gets_its_deadline(tmp_path):
    """The bot's turn has no deadline (nothing in the heap); the act that hands Ann her decision
    gives the game one, and it fires."""
    with table(tmp_path, decision_seconds=30, first_player=1) as t:
        t.ann.wait_view(lambda v: v["decision"] is not None and v["decision"]["seat"] == 0)
        version = t.ann.view["version"]
        assert version > 0  # the bot moved first
        t.clock.advance(31)
        wait_game(t.client, t.code, lambda i: i["version"] > version, timeout=15)


def test_a_person_who_leaves_gets_a_stand_in_before_the_decisions_deadline(tmp_path):
    """Bob's decision has 60 s; he leaves, and his 10-second grace period ends first: the table's
    due moment moved earlier after it was in the heap."""
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1, decision_seconds=60, absent_seconds=10) as t:
        server = server_of(t)
        ticks(server, 3)
        leaves(t, t.bob, 1)
        t.clock.advance(11)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=15)  # the stand-in played
        assert t.ann.wait_view(lambda v: v["game"]["seats"][1]["standin"])["game"]["seats"][1]["standin"]


def test_a_person_who_leaves_an_untimed_game_gets_a_stand_in(tmp_path):
    """No clock at all while Bob is here (nothing in the heap, and no checkpoints of a timed game to
    look again every 5 s): his leaving alone gives the game its due moment."""
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1, absent_seconds=10) as t:
        server = server_of(t)
        ticks(server, 3)
        leaves(t, t.bob, 1)
        t.clock.advance(11)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=15)


def test_an_act_that_hands_the_decision_to_an_absent_person_gives_the_game_its_deadline(tmp_path):
    """Untimed: Ann's decisions have no clock (she is here); the act that ends her turn hands the
    decision to Bob, absent since the game was loaded: his grace period is the game's due moment."""
    settings = {"ruleset": "hasbro-ru", "dice": [[1, 2], [1, 2], [3, 4]], "first_player": 0}
    with table(tmp_path, bob="Bob", bob_lang=None, seats=PEOPLE, absent_seconds=10, **settings) as t:
        ticks(server_of(t), 3)  # Ann's arrival is in the heap: nothing due (she decides)
        for action in ({"type": "roll"}, {"type": "buy"}, {"type": "end_turn"}):
            ack = t.ann.act(action)
            assert ack["type"] == "ack", (action, ack)
            t.ann.wait_view(lambda v, n=ack["version"]: v["version"] >= n)
        assert t.ann.view["decision"]["seat"] == 1
        t.clock.advance(11)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 3, timeout=15)  # the stand-in played


def test_a_person_who_comes_back_and_leaves_again_gets_a_new_grace_period(tmp_path):
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1, absent_seconds=10) as t:
        server = server_of(t)
        ticks(server, 3)
        leaves(t, t.bob, 1)  # his grace period ends at +10
        t.clock.advance(5)
        bob = Player(t.client, t.code, t.joined["token"])  # back at +5: no grace period
        t.clock.advance(7)
        ticks(server, 5)
        assert actions(t) == 0  # +12: Bob is here, nobody plays for him
        leaves(t, bob, 1)  # a new grace period, to +22
        t.clock.advance(9)
        ticks(server, 5)
        assert actions(t) == 0
        t.clock.advance(2)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=15)


def test_a_resumed_games_deadline_fires(tmp_path):
    """Paused, the table's due moment is the pause's limit (15 minutes); resumed, it is the decision's
    again, moved on by the pause's 10 seconds."""
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1, decision_seconds=30) as t:
        server = server_of(t)
        ticks(server, 3)
        t.clock.advance(10)
        assert host(t, "pause")["paused"] is not None
        ticks(server, 3)  # the pause is in the heap: the table's due moment is its limit, 15 minutes on
        t.clock.advance(10)
        assert host(t, "resume")["paused"] is None
        t.clock.advance(19)  # 29 s of the decision's 30 counted
        ticks(server, 5)
        assert actions(t) == 0
        t.clock.advance(2)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=15)


def test_a_resumed_games_grace_period_fires(tmp_path):
    """Untimed: Bob's grace period (to +10) is stopped by the pause at +2 and goes on at the resume
    at +6: it ends at +14."""
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1, absent_seconds=10) as t:
        server = server_of(t)
        ticks(server, 3)
        leaves(t, t.bob, 1)
        t.clock.advance(2)
        assert host(t, "pause")["paused"] is not None
        ticks(server, 3)  # the pause is in the heap: the table's due moment is its limit, 15 minutes on
        t.clock.advance(4)
        assert host(t, "resume")["paused"] is None
        t.clock.advance(7)  # +13
        ticks(server, 5)
        assert actions(t) == 0
        t.clock.advance(2)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=15)


def saved_decision(inspect: dict[str, Any]) -> float:
    return (inspect["saved_clock"] or {}).get("decision", 0.0)


def test_a_timed_games_clocks_are_checkpointed_again_and_again(tmp_path):
    with table(tmp_path, decision_seconds=300, first_player=0, seed=MY_TURN_GOES_ON) as t:
        for seconds in (6, 12, 18):
            t.clock.advance(6)
            saved = wait_game(t.client, t.code, lambda i, s=seconds: saved_decision(i) >= s)
            assert saved["version"] == 0


# ---------------------------------------------------------------- the timer's turns alone, on fakes
class FakeTable:
    """What the timer asks of a table: its due moment, its deadline, its clock's turn."""

    timed = False
    saved_at = 0.0

    def __init__(self, server: Server, code: str, due: float | None) -> None:
        self.server = server
        self.code = code
        self.due = due
        self.timer_entry: tuple[float, int] | None = None
        self.looked = 0  # timer_due's and deadline's calls
        self.turns = 0  # on_clock's

    def move(self, due: float | None) -> None:
        self.due = due
        self.server.deadlines.changed(self)  # type: ignore[arg-type]

    def timer_due(self) -> float | None:
        self.looked += 1
        return self.due

    def deadline(self) -> tuple[float, str] | None:
        self.looked += 1
        return None if self.due is None else (self.due, "decision")

    async def on_clock(self) -> None:
        self.turns += 1
        self.move(None)


class FakeCluster:
    def __init__(self) -> None:
        self.ours = True

    def owns(self, table: Any) -> bool:
        return self.ours


def fake_server(clock: ManualClock, cluster: Any = None) -> Server:
    server = Server.__new__(Server)
    server.clock = clock
    server.cluster = cluster
    server.tables = {}
    server.deadlines = Deadlines()
    return server


def seat(server: Server, code: str, due: float | None) -> FakeTable:
    table = FakeTable(server, code, due)
    server.tables[code] = table  # type: ignore[assignment]
    server.deadlines.changed(table)  # type: ignore[arg-type]
    return table


def tick(server: Server) -> None:
    asyncio.run(server._due_tables(0.0))


def test_an_entry_moved_earlier_or_later_fires_at_its_new_moment():
    clock = ManualClock(start=0.0)
    server = fake_server(clock)
    early, late = seat(server, "EARLY", 20.0), seat(server, "LATE", 10.0)
    tick(server)
    early.move(5.0)  # earlier than it was in the heap
    late.move(30.0)  # later
    clock.advance(6)
    tick(server)
    assert (early.turns, late.turns) == (1, 0)
    clock.advance(5)  # 11: late's old moment, stale
    tick(server)
    assert late.turns == 0
    clock.advance(20)
    tick(server)
    assert late.turns == 1
    tick(server)  # its turn done, worked out once more: nothing due now
    looked = early.looked + late.looked
    for _ in range(20):
        tick(server)
    assert early.looked + late.looked == looked  # nothing due: never looked at again


def test_a_due_table_another_process_owns_fires_once_it_is_ours():
    clock = ManualClock(start=0.0)
    cluster = FakeCluster()
    server = fake_server(clock, cluster)
    game = seat(server, "OWNED", 10.0)
    tick(server)
    cluster.ours = False
    clock.advance(11)
    for _ in range(3):
        tick(server)
    assert game.turns == 0  # the owner's clock
    cluster.ours = True
    tick(server)
    assert game.turns == 1


def test_a_table_that_failed_or_did_nothing_is_tried_again_at_the_next_tick():
    """As before the heap: a due deadline whose turn did nothing (the database away) comes up on
    every tick until it does something."""
    clock = ManualClock(start=0.0)
    server = fake_server(clock)
    game = seat(server, "STUCK", 10.0)

    async def nothing() -> None:
        game.turns += 1

    game.on_clock = nothing  # type: ignore[method-assign]
    clock.advance(11)
    for _ in range(3):
        tick(server)
    assert game.turns == 3


def test_a_table_no_longer_held_is_dropped():
    clock = ManualClock(start=0.0)
    server = fake_server(clock)
    game = seat(server, "GONE", 10.0)
    tick(server)
    del server.tables["GONE"]
    clock.advance(11)
    tick(server)
    assert game.turns == 0 and not server.deadlines.heap


def test_stale_entries_do_not_pile_up():
    clock = ManualClock(start=0.0)
    server = fake_server(clock)
    game = seat(server, "BUSY", 1000.0)
    for i in range(2000):
        game.move(100.0 + i)
        tick(server)
    assert len(server.deadlines.heap) < 600
    clock.advance(2200)
    tick(server)
    assert game.turns == 1
