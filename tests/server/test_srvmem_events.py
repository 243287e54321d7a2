"""A long game's events in the server's memory (issue 35: memory per game, and the collector's work):
only the recent ones are kept as objects; a welcome still shows the last RECENT_EVENTS, every index
(``events_from``, an act's new events) is unchanged, and the log in words still has every line."""

from __future__ import annotations

from support.server_helpers import Player, create, make_client, sockets_closed, wait_game

from landlords.record import replay, to_record
from landlords.server.table.clients import EVENTS_KEPT, RECENT_EVENTS
from landlords.server.views import event_json

BOTS = [{"kind": "bot", "strategy": "baseline"}, {"kind": "bot", "strategy": "baseline"}]


def test_a_long_game_keeps_its_recent_events_and_its_whole_log(tmp_path):
    client, clock = make_client(tmp_path)
    with client, sockets_closed():
        # a seeded game (the testing server allows it): one that runs past 300 acts, every time
        made = create(client, seats=BOTS, bot_pause=0, rules={"time_limit_minutes": 1}, seed=1)
        code = made["code"]
        watcher = Player(client, code, None)  # a spectator: the game stays in memory, updates flow
        table = client.app.state.server.tables[code]
        wait_game(client, code, lambda g: g["version"] >= 300)
        clock.advance(61)  # the game's minute is up: it ends where it is
        wait_game(client, code, lambda g: g["status"] == "finished")
        game = table.game
        events = game.events
        assert len(events) > 3 * EVENTS_KEPT
        kept = [ev for ev in events if ev is not None]
        assert len(kept) <= 2 * EVENTS_KEPT  # the older ones let go of
        assert events[-len(kept) :] == kept  # the recent ones, in order
        whole = replay(to_record(game), check_hash=False).events
        assert len(whole) == len(events) and whole[-len(kept) :] == kept

        late = Player(client, code, None)  # a welcome now: the last RECENT_EVENTS, indexed in the whole log
        assert late.view["events_from"] == len(events) - RECENT_EVENTS
        shown = [e["text"] for e in late.view["events"]]
        assert shown == [event_json(game, ev, "en")["text"] for ev in whole[-RECENT_EVENTS:]]

        lines = client.get(f"/api/games/{code}/log").json()["lines"]  # every line, also those let go of
        assert len(lines) == len(whole) and lines[-RECENT_EVENTS:] == shown
        assert lines[:5] == client.get(f"/api/games/{code}/log?start=0").json()["lines"][:5]
        tail = client.get(f"/api/games/{code}/log?start={len(events) - 10}").json()["lines"]
        assert tail == lines[-10:]
        assert client.get(f"/api/games/{code}/log?start=3").json()["lines"] == lines[3:]
        watcher.close()
        late.close()
