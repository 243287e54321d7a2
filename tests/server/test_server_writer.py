"""The server's group commit: acts queued together are committed in one transaction, each caller
returns only once its row is committed, a bad row fails alone, and closing commits what is queued."""

from __future__ import annotations

import asyncio
import os

import pytest
from sqlalchemy.exc import IntegrityError

from landlords.server.storage import SeatRow, Storage


async def opened(tmp_path) -> tuple[Storage, int]:
    storage = Storage(f"sqlite:///{tmp_path}/writer.db")
    await storage.open()
    game_id = await storage.create_game(
        "ABCDEF", {"edition": "classic-us"}, 7, "h", [SeatRow(0, "A", "person", None, "t")]
    )
    return storage, game_id


def test_acts_queued_together_share_one_commit(tmp_path):
    async def go():
        storage, game_id = await opened(tmp_path)
        before = storage.writer.batches
        await asyncio.gather(*(storage.append_action(game_id, n, 0, {"type": "roll"}) for n in range(50)))
        batches = storage.writer.batches - before
        # every caller has returned: every row is in the database, read on another connection
        rows = await storage.load_actions(game_id)
        await storage.close()
        return batches, rows

    batches, rows = asyncio.run(go())
    assert rows == [(0, {"type": "roll"})] * 50
    assert 1 <= batches <= 2  # 50 acts queued in one tick: one commit (two if the first began at once)


def test_a_bad_row_fails_alone(tmp_path):
    async def go():
        storage, game_id = await opened(tmp_path)
        await storage.append_action(game_id, 0, 0, {"type": "roll"})
        results = await asyncio.gather(
            *(storage.append_action(game_id, n, n % 4, {"type": "end_turn"}) for n in (1, 2, 0, 3)),
            return_exceptions=True,
        )
        rows = await storage.load_actions(game_id)
        await storage.close()
        return results, rows

    results, rows = asyncio.run(go())
    assert [type(r) for r in results] == [type(None), type(None), IntegrityError, type(None)]
    assert rows == [
        (0, {"type": "roll"}),
        (1, {"type": "end_turn"}),
        (2, {"type": "end_turn"}),
        (3, {"type": "end_turn"}),
    ]


def test_closing_commits_what_is_queued_and_refuses_what_comes_after(tmp_path):
    async def go():
        storage, game_id = await opened(tmp_path)
        queued = [asyncio.ensure_future(storage.append_action(game_id, n, 0, {"type": "roll"})) for n in range(5)]
        await asyncio.sleep(0)  # the five are in the writer's queue
        await storage.close()
        assert all(f.done() and f.exception() is None for f in queued)
        with pytest.raises(RuntimeError, match="not running"):
            await storage.append_action(game_id, 5, 0, {"type": "roll"})
        again = Storage(f"sqlite:///{tmp_path}/writer.db")
        await again.open()
        rows = await again.load_actions(game_id)
        await again.close()
        return rows

    assert len(asyncio.run(go())) == 5
    wal = tmp_path / "writer.db-wal"
    assert not wal.exists() or os.path.getsize(wal) == 0  # closing checkpoints the WAL into the file


def test_a_commit_waiting_for_the_disk_leaves_the_event_loop_free(tmp_path):
    """A commit that cannot go on (here another process holds SQLite's write lock, as a stalled disk
    would) runs on the writer's thread: the loop keeps serving everything else meanwhile, and the
    act's caller hears back only once its row is committed."""
    import sqlite3

    async def go():
        storage, game_id = await opened(tmp_path)
        locker = sqlite3.connect(tmp_path / "writer.db", isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # the write lock, until committed
        act = asyncio.create_task(storage.append_action(game_id, 0, 0, {"type": "roll"}))
        turns = 0
        for _ in range(20):
            await asyncio.sleep(0.01)  # the loop runs other work while the commit waits
            turns += 1
        waiting = not act.done()
        locker.execute("COMMIT")
        locker.close()
        await act  # now committed
        rows = await storage.load_actions(game_id)
        await storage.close()
        return turns, waiting, rows

    turns, waiting, rows = asyncio.run(go())
    assert turns == 20 and waiting  # the commit was still waiting for the lock, the loop was not
    assert rows == [(0, {"type": "roll"})]
