"""Chance on the server (issue 27): a game people play draws from its own secret key, so its public
history tells nothing of what comes next, and nothing a client receives while it runs carries the
key, a seed or the order of a deck. A test server asked for a seed still plays that seed."""

from __future__ import annotations

import base64
import json
import time

from support.server_helpers import SECRET_KEYS, Player, create, make_client, sockets_closed, walk

from landlords import record as records
from landlords.assist.plans import scratch

# Ann's scripted first roll (1 + 3: the income tax on classic-us) is the same in both games; from
# the bot's first roll on, each game draws from its own generator.
OPENING = {
    "name": "Ann",
    "edition": "classic-us",
    "seats": [{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
    "bot_pause": 0,
    "first_player": 0,
    "dice": [[1, 3]],
}


def rolls(p: Player) -> list[list[int]]:
    return [
        e["dice"]
        for m in p.messages
        if m["type"] in ("update", "welcome")
        for e in m.get("events", [])
        if e["event"] == "rolled"
    ]


def play_opening(client, **extra) -> tuple[dict, Player]:
    """Ann's scripted roll and the end of her turn; returns once the bot has rolled after her."""
    g = create(client, **OPENING, **extra)
    ann = Player(client, g["code"], g["token"])
    assert ann.act({"type": "roll"})["type"] == "ack"
    ann.wait_view(lambda v: any(a["action"]["type"] == "end_turn" for a in v["you"].get("acts", [])))
    assert ann.act({"type": "end_turn"})["type"] == "ack"
    ann.wait_view(lambda v: len(rolls(ann)) >= 2)
    return g, ann


def futures(client, code: str, n: int = 20) -> list[tuple[int, ...]]:
    """The next ``n`` rolls of the server's game, drawn from a copy (the game itself is untouched)."""
    game = scratch(client.app.state.server.tables[code].game)
    return [game.chance.roll() for _ in range(n)]


def test_two_games_with_the_same_public_history_diverge(tmp_path):
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        first, ann1 = play_opening(client)
        second, ann2 = play_opening(client)
        assert rolls(ann1)[0] == rolls(ann2)[0] == [1, 3]  # the same history so far
        assert futures(client, first["code"]) != futures(client, second["code"])
        keys = [client.app.state.server.tables[g["code"]].row.key for g in (first, second)]
        assert all(k is not None and len(k) == 32 for k in keys) and keys[0] != keys[1]


def test_a_test_server_asked_for_a_seed_plays_it(tmp_path):
    """The comparison above can fail: two games of one seed have one future."""
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        first, ann1 = play_opening(client, seed=7)
        second, ann2 = play_opening(client, seed=7)
        assert rolls(ann1) == rolls(ann2)
        assert futures(client, first["code"]) == futures(client, second["code"])
        assert client.app.state.server.tables[first["code"]].row.key is None


def test_nothing_a_client_receives_while_the_game_runs_carries_the_key(tmp_path):
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        g, ann = play_opening(client)
        code = g["code"]
        watcher = Player(client, code, None)
        ann.send({"type": "chat", "text": "hello"})
        ann.read_until(lambda m: m["type"] == "chat")
        ann.send({"type": "act", "action": {"type": "nonsense"}, "version": 0, "id": 5})
        ann.read_until(lambda m: m.get("id") == 5)
        ann.sync()
        watcher.sync()
        key = client.app.state.server.tables[code].row.key
        assert key is not None
        forms = [
            key.hex(), key.hex().upper(), base64.b64encode(key).decode(), base64.urlsafe_b64encode(key).decode()
        ]
        texts = ann.raw + watcher.raw
        for path in (
            f"/api/games/{code}",
            "/api/games",
            f"/api/games/{code}/log",
            f"/api/games/{code}/record",  # refused while the game runs
            f"/api/games/{code}/worth",
            f"/api/games/{code}/replay",  # refused while the game runs
            f"/api/games/{code}/replay/0",
            f"/api/games/{code}/card/1",
        ):
            texts.append(client.get(path).text)
        seat = {"Authorization": f"Bearer {g['token']}"}
        texts.append(client.get(f"/api/games/{code}/trade", headers=seat).text)
        texts.append(client.get(f"/api/games/{code}/advice", headers=seat).text)
        assert client.get(f"/api/games/{code}/record").status_code == 409
        for text in texts:
            for form in forms:
                assert form not in text
            try:
                value = json.loads(text)
            except json.JSONDecodeError:
                continue
            for path, name, found in walk(value):
                # the advice's own figures: a seat's win chance, and the seed of its continuations (which
                # draw their dice and piles anew from it: analysis/continuations.py, resampled)
                advice = (name == "chance" and isinstance(found, float)) or (path, name) == (".chances", "seed")
                assert name not in SECRET_KEYS or advice or path.endswith(".deck_sizes"), f"{name} at {path}"


def test_the_record_of_a_finished_game_replays_from_its_key(tmp_path):
    """Once the game is over its record carries the key, and replays to the server's final state."""
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "bot", "strategy": "baseline"}] * 2, bot_pause=0)
        table = client.app.state.server.tables[g["code"]]
        end = time.monotonic() + 60
        while not (table.game is not None and table.game.over) and time.monotonic() < end:
            time.sleep(0.05)
        assert table.game.over
        data = client.get(f"/api/games/{g['code']}/record").json()
        assert data["key"] == table.row.key.hex() and data["seed"] is None
        assert records.replay(data).state_hash() == table.game.state_hash()
