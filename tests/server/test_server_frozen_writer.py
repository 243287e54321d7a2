"""A writer frozen in the middle of a transaction (SIGSTOP of its process, a paused machine) must not
hold the game's log for as long as it sleeps: PostgreSQL ends the server's transactions left idle past
``idle_in_transaction`` and frees their locks, so the game's next owner can write the same act number
at once (and the sleeper's commit fails when it wakes)."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import text

from landlords.server.storage import Storage

INSERT = text("INSERT INTO frozen (n, who) VALUES (:n, :who)")


def test_a_transaction_left_open_frees_the_row_for_the_next_writer(postgres):
    url = postgres.database()

    async def scenario() -> tuple[float, list[tuple[int, str]], bool]:
        sleeper, owner = Storage(url, idle_in_transaction=1.0), Storage(url, idle_in_transaction=1.0)
        try:
            async with owner.engine.begin() as conn:
                await conn.execute(text("CREATE TABLE frozen (n INTEGER PRIMARY KEY, who TEXT)"))
            frozen = await sleeper.engine.connect()
            await frozen.begin()
            await frozen.execute(INSERT, {"n": 1, "who": "sleeper"})  # ... and then it sleeps, mid-commit
            started = time.monotonic()

            async def write() -> None:  # the same key: waits only until PostgreSQL ends the other
                async with owner.engine.begin() as conn:
                    await conn.execute(INSERT, {"n": 1, "who": "owner"})

            await asyncio.wait_for(write(), 20)  # without the timeout, the wait would never end
            waited = time.monotonic() - started
            try:  # the sleeper wakes: its transaction is gone, nothing of it is written
                await frozen.commit()
                sleeper_committed = True
            except Exception:
                sleeper_committed = False
            async with owner.engine.connect() as conn:
                rows = [tuple(r) for r in (await conn.execute(text("SELECT n, who FROM frozen"))).all()]
            return waited, rows, sleeper_committed
        finally:
            await sleeper.engine.dispose()
            await owner.engine.dispose()

    waited, rows, sleeper_committed = asyncio.run(scenario())
    assert rows == [(1, "owner")]
    assert not sleeper_committed
    assert waited >= 0.5  # it did wait for the sleeper, until PostgreSQL ended its transaction
