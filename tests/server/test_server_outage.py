"""The database goes away in the middle of a game (PostgreSQL stopped) and comes back: the server
stays up, refuses what it cannot save in one clear line (the act's sender, the lobby), loses no
acknowledged act, and the game goes on once the database is back."""

from __future__ import annotations

from support.server_helpers import Player, create, make_client


def test_acts_are_refused_while_the_database_is_away_and_play_resumes_when_it_is_back(tmp_path, postgres):
    client, clock = make_client(tmp_path, db_url=postgres.database())
    with client:
        # seeded: Ann's roll leaves her a decision to answer (an unseeded roll once left her none)
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], first_player=0, seed=3)
        client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).raise_for_status()
        ann = Player(client, g["code"], g["token"])
        try:
            assert ann.act({"type": "roll"})["type"] == "ack"
            ann.wait_view(lambda v: v["version"] == 1)
            saved = client.get(f"/api/testing/games/{g['code']}").json()["actions"]
            postgres.stop()
            try:
                answer = ann.answers()[0]
                for _ in range(2):  # the same act twice: refused each time, nothing changes
                    reply = ann.act(answer)
                    assert reply["type"] == "refused" and reply["rule"] == "server-busy", reply
                    assert reply["reason"] == "the server could not save this act; try again"
                inspect = client.get(f"/api/testing/games/{g['code']}").json()
                assert inspect["version"] == 1 and inspect["actions"] == saved
                assert client.get("/api/health").status_code == 200  # the server is up
                r = client.post("/api/games", json={"name": "Cid"})  # the lobby: one clear line
                assert r.status_code == 503, r.text
                assert r.json()["detail"].startswith("the database is unavailable (")
                assert "\n" not in r.json()["detail"]
                ann.send({"type": "chat", "text": "hello?", "id": 7})
                error = ann.read_until(lambda m: m.get("id") == 7)
                assert error["type"] == "error" and error["code"] == "unavailable"
            finally:
                postgres.restart()
            reply = ann.act(answer)
            assert reply["type"] == "ack" and reply["version"] == 2, reply
            ann.wait_view(lambda v: v["version"] == 2)
            inspect = client.get(f"/api/testing/games/{g['code']}").json()
            assert inspect["actions"] == [*saved, [0, answer]]
            assert create(client, name="Cid")["code"]  # the lobby works again
        finally:
            ann.close()
    # a restart reads the same game from the log: every acknowledged act, nothing else
    client, clock = make_client(tmp_path, db_url=postgres.url(postgres_name(client, g)))
    with client:
        inspect = client.get(f"/api/testing/games/{g['code']}").json()
        assert inspect["actions"] == [*saved, [0, answer]]


def postgres_name(client, g) -> str:
    return client.app.state.server.storage.engine.url.database
