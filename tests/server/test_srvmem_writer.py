"""The group commit's rows through the driver's executemany of an INSERT compiled once (issue 35), on
SQLite and PostgreSQL: rows of several tables and functions in one batch, a row that fails alone, and
the statement compiled for each driver's parameter style."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from landlords.server.storage import SeatRow, Storage, actions, chat
from landlords.server.writer import insert_statement


class FakeConnection:
    def __init__(self, dialect) -> None:
        self.dialect = dialect


def test_the_insert_is_compiled_for_the_driver_with_its_parameters_in_order():
    keys = ("game_id", "n", "seat", "action", "at", "clock")
    sql, order = insert_statement(FakeConnection(sqlite.pysqlite.dialect()), actions, keys)  # type: ignore[arg-type]
    assert sql.startswith("INSERT INTO actions (") and "?" in sql and order is not None
    assert sorted(order) == sorted(keys)
    sql, order = insert_statement(FakeConnection(postgresql.asyncpg.dialect()), actions, keys)  # type: ignore[arg-type]
    assert "$1" in sql and order is not None and sorted(order) == sorted(keys)
    again = insert_statement(FakeConnection(postgresql.asyncpg.dialect()), actions, keys)  # type: ignore[arg-type]
    assert again == (sql, order)
    sql, order = insert_statement(FakeConnection(postgresql.psycopg2.dialect()), chat, ("game_id", "seat"))  # type: ignore[arg-type]
    assert order is None and "%(game_id)s" in sql  # named parameters: the rows go as they are


def test_a_batch_of_rows_of_two_tables_and_functions_commits_on_both_databases(db_url):
    async def go():
        storage = Storage(db_url)
        await storage.open()
        game_id = await storage.create_game(
            "SRVMEM", {"edition": "classic-us"}, 7, "h", [SeatRow(0, "A", "person", None, "t")]
        )
        clock = {"used": [1.5, 0.0], "decision": 2.0, "elapsed": 3.0}
        writes = [
            storage.append_action(game_id, n, n % 2, {"type": "roll", "n": n}, clock if n % 3 else None)
            for n in range(12)
        ]
        writes += [storage.add_chat(game_id, 0, "A", f"hello {i}", 10.0 + i) for i in range(3)]
        writes += [storage.set_status(game_id, status="playing")]
        await asyncio.gather(*writes)
        saved = await storage.load_clock(game_id)
        # the batch with a bad row (an act number taken): only that caller hears of it
        results = await asyncio.gather(
            storage.append_action(game_id, 12, 0, {"type": "end_turn"}),
            storage.append_action(game_id, 3, 0, {"type": "end_turn"}),
            storage.add_chat(game_id, 0, "A", "still here", 20.0),
            return_exceptions=True,
        )
        rows = await storage.load_actions(game_id)
        said = await storage.load_chat(game_id)
        game = await storage.load_game("SRVMEM")
        await storage.close()
        return results, rows, said, saved, game

    results, rows, said, saved, game = asyncio.run(go())
    assert results[0] is None and isinstance(results[1], IntegrityError) and results[2] is None
    assert rows == [(n % 2, {"type": "roll", "n": n}) for n in range(12)] + [(0, {"type": "end_turn"})]
    assert [c["text"] for c in said] == ["hello 0", "hello 1", "hello 2", "still here"]
    assert said[0] == {"seat": 0, "name": "A", "text": "hello 0", "at": 10.0}
    assert saved is not None and saved[0] == 12  # act 11's clocks (act 12 had none)
    assert game is not None and game[0].status == "playing"


@pytest.mark.parametrize("count", [1, 3])
def test_a_finished_game_s_last_act_and_its_end_commit_together(tmp_path, count):
    async def go():
        storage = Storage(f"sqlite:///{tmp_path}/last.db")
        await storage.open()
        game_id = await storage.create_game(
            "LASTAC", {"edition": "classic-us"}, 7, "h", [SeatRow(0, "A", "person", None, "t")]
        )
        for n in range(count):
            await storage.append_action(game_id, n, 0, {"type": "roll"})
        await storage.append_action(game_id, count, 0, {"type": "resign"}, finished=True)
        game = await storage.load_game("LASTAC")
        rows = await storage.load_actions(game_id)
        await storage.close()
        return game, rows

    game, rows = asyncio.run(go())
    assert game is not None and game[0].status == "finished" and rows[-1] == (0, {"type": "resign"})
