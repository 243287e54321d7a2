"""A server that runs for weeks keeps in memory only the games in play: a finished game leaves memory
once nobody watches it, and is read back from the database when asked for again."""

from __future__ import annotations

import time

from support.server_helpers import table


def test_a_finished_game_nobody_watches_leaves_memory_and_is_read_back(tmp_path):
    with table(tmp_path, rules={"time_limit_minutes": 1}, first_player=0) as t:
        client, g, ann = t.client, t.made, t.ann
        assert ann.act({"type": "roll"})["type"] == "ack"
        t.clock.advance(61)  # the game's minute is up: it ends on the server's clock
        ann.wait_view(lambda v: v["state"]["over"])
        assert client.get("/api/health").json()["games"] == 1  # watched: kept
        ann.close()
        end = time.monotonic() + 30  # the server notices the closed socket on its own loop
        while client.get("/api/health").json()["games"] != 0:
            assert time.monotonic() < end, "the finished game stayed in memory"
            time.sleep(0.02)
        record = client.get(f"/api/games/{g['code']}/record").json()
        assert record["actions"][0] == [0, {"type": "roll"}] and record["finished_by"] == "time_limit"
        assert client.get(f"/api/games/{g['code']}").json()["status"] == "finished"
