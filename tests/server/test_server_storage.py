"""The database on SQLite and on a real PostgreSQL: the schema is created once and versioned, an
older one is brought up to date, a newer one or an unusable database is refused in one line, and one
game whose log cannot be replayed does not keep the others from play."""

from __future__ import annotations

import asyncio

import pytest
from click.testing import CliRunner
from sqlalchemy import text
from support.server_helpers import Player, create, make_client

from landlords.cli.main import main
from landlords.server.storage import SCHEMA_VERSION, Storage


def sql(url: str, *statements: str) -> list:
    """Run statements on the database (the last one's rows)."""

    async def go() -> list:
        storage = Storage(url)
        try:
            async with storage.engine.begin() as conn:
                rows: list = []
                for s in statements:
                    result = await conn.execute(text(s))
                    rows = list(result.all()) if result.returns_rows else []
                return rows
        finally:
            await storage.engine.dispose()

    return asyncio.run(go())


def opened(url: str) -> int:
    async def go() -> int:
        storage = Storage(url)
        try:
            await storage.open()
            return await storage.schema_version()
        finally:
            await storage.close()

    return asyncio.run(go())


def test_the_schema_is_created_on_first_start_and_versioned(db_url):
    assert opened(db_url) == SCHEMA_VERSION
    assert opened(db_url) == SCHEMA_VERSION  # a second start changes nothing
    assert sql(db_url, "SELECT version FROM landlords_schema") == [(SCHEMA_VERSION,)]


def test_a_version_1_database_is_brought_up_to_date_and_its_games_go_on(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
                   rules={"player_time_minutes": 30}, bot_pause=0, first_player=0)  # fmt: skip
        ann = Player(client, g["code"], g["token"])
        assert ann.act({"type": "roll"})["type"] == "ack"
        ann.close()
        before = client.get(f"/api/testing/games/{g['code']}").json()
    # what a database of landlords 0.1's first server looked like: no clocks, no keys, schema version 1
    sql(
        db_url,
        "ALTER TABLE actions DROP COLUMN clock",
        "ALTER TABLE games DROP COLUMN clock",
        "ALTER TABLE games DROP COLUMN chance_key",
        "UPDATE landlords_schema SET version = 1",
    )
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        after = client.get(f"/api/testing/games/{g['code']}").json()
        assert (after["version"], after["state_hash"]) == (before["version"], before["state_hash"])
        ann = Player(client, g["code"], g["token"])
        try:
            assert ann.act(ann.answers()[0])["type"] == "ack"  # the game goes on, its acts now with clocks
        finally:
            ann.close()
    assert sql(db_url, "SELECT version FROM landlords_schema") == [(SCHEMA_VERSION,)]
    clocks = sql(db_url, "SELECT clock FROM actions ORDER BY n")
    assert clocks[0] == (None,) and clocks[-1][0] is not None  # a timed game's acts carry the clocks


def test_a_newer_schema_or_an_unusable_database_is_refused_in_one_line(db_url):
    opened(db_url)
    sql(db_url, "UPDATE landlords_schema SET version = 99")
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--db", db_url])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: cannot use the database ")
    assert f"the database has schema version 99; this landlords knows up to {SCHEMA_VERSION}" in result.output


def test_a_wrong_password_is_one_line_without_the_password(postgres):
    url = postgres.database().replace(postgres.password, "not-the-password")
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--db", url])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "password authentication failed" in result.output
    assert "not-the-password" not in result.output and ":***@" in result.output


def test_a_game_that_cannot_be_restored_does_not_stop_the_others(tmp_path, db_url):
    client, clock = make_client(tmp_path, db_url=db_url)
    seats = [{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}]
    with client:
        # seeded: the first roll leaves a purchase to decide, so the bot has no move before the restart
        broken = create(client, name="Ann", seats=seats, bot_pause=0, first_player=0, seed=1)
        fine = create(client, name="Bob", seats=seats, bot_pause=0, first_player=0, seed=1)
        for g in (broken, fine):
            p = Player(client, g["code"], g["token"])
            assert p.act({"type": "roll"})["type"] == "ack"
            assert p.sync()["decision"]["seat"] == 0
            p.close()
    game_id = sql(db_url, f"SELECT id FROM games WHERE code = '{broken['code']}'")[0][0]
    sql(db_url, f"""UPDATE actions SET action = '{{"type": "build", "square": 39}}' WHERE game_id = {game_id}""")
    client, clock = make_client(tmp_path, db_url=db_url)
    with client:
        bob = Player(client, fine["code"], fine["token"])
        try:
            assert bob.view["version"] == 1
            assert bob.act(bob.answers()[0])["type"] == "ack"
        finally:
            bob.close()
        # the broken game asked for by code: one clear answer, not a server error
        for path in (f"/api/games/{broken['code']}", f"/api/games/{broken['code']}/log"):
            r = client.get(path)
            assert r.status_code == 409, (path, r.text)
            detail = r.json()["detail"]
            assert f"game {broken['code']} cannot be restored from its stored log" in detail
            assert "\n" not in detail and "Traceback" not in detail
        with client.websocket_connect(f"/ws/{broken['code']}") as ws:
            ws.send_json({"type": "hello", "token": broken["token"]})
            error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "broken_game"
        assert "cannot be restored" in error["message"]


@pytest.mark.parametrize("url", ["mysql://me@host/db", "sqlite:////no/such/folder/server.db"])
def test_serve_refuses_a_database_it_cannot_use(url):
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--db", url])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and result.output.startswith("error: ")


def test_a_sqlite_file_that_cannot_be_opened_starts_no_thread(tmp_path, monkeypatch):
    """The file is tried synchronously first: aiosqlite never gets a connection (and a thread) that
    fails, whose thread would report to an event loop already closed ("Event loop is closed")."""
    import threading

    from landlords.server.start import check_database

    started: list[str] = []
    start = threading.Thread.start

    def watched(thread: threading.Thread) -> None:
        started.append(getattr(getattr(thread, "_target", None), "__name__", ""))
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", watched)
    problem = check_database(f"sqlite:///{tmp_path}/no/such/folder/server.db")
    assert problem is not None and "unable to open database file" in problem
    assert "_connection_worker_thread" not in started
