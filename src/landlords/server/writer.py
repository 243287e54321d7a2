"""Group commit: every write of the server goes through one writer task, which commits whatever was
queued while the previous commit ran, in one transaction. A caller's ``await`` returns only once its
own part is committed, so an act is still committed before it is acknowledged; under load, many
games' acts share one commit instead of each paying for its own.

Why one writer: SQLite has a single write lock; connections writing at once wait for it in SQLite's
busy handler, which sleeps (up to 100 ms a try): at 50 busy games that alone made the p99 of an act
0.8 s. On PostgreSQL the same batching turns many commits (each a WAL flush) into one.

On a SQLite file the batch runs on a thread of its own (one synchronous connection, one hop to the
thread and back per batch, not per statement as aiosqlite does), so a commit that waits for the disk
(a stalled write, a full page cache) holds up only the acts in that batch and the ones queued behind
it, never the event loop and the other games' views, chat and lobby. In WAL mode with
``synchronous=NORMAL`` a commit writes the WAL to the operating system and does not wait for the
disk. The WAL checkpoints, which do wait for the disk (fsync), run on another thread and never hold
up a commit. Elsewhere (PostgreSQL) the batch runs on the async engine. A part is a row to insert or a
function of a (synchronous) connection, so the same parts run on both.

Durability: an act is acknowledged after its commit. A commit in WAL mode with ``synchronous=NORMAL``
is in the operating system's hands when it returns, so a crash or ``kill -9`` of the server process
loses nothing; only a crash of the whole machine (power, kernel) may lose the last commits, never
the database's consistency (SQLite's documented guarantee for this mode).

When a batch fails, its parts are committed one by one, so only the caller whose part is at fault
hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, Engine, Table, create_engine, event
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger("landlords.server")

Op = Callable[[Connection], Any]

CHECKPOINT_EVERY = 1.0  # seconds between passive WAL checkpoints while commits are coming


class _Part:
    """One caller's part of a batch: a row to insert, or a function of the connection."""

    __slots__ = ("table", "row", "op", "future")

    def __init__(
        self, table: Table | None, row: dict[str, Any] | None, op: Op | None, loop: asyncio.AbstractEventLoop
    ) -> None:
        self.table = table
        self.row = row
        self.op = op
        self.future: asyncio.Future = loop.create_future()


def run_batch(conn: Connection, batch: list[_Part]) -> list[Any]:
    """The batch's statements on ``conn`` (the caller commits): the rows of each table (with the same
    columns) as one executemany of a statement compiled once, then the functions in order."""
    rows: dict[tuple[Table, tuple[str, ...]], list[dict[str, Any]]] = {}
    ops = False
    for part in batch:
        if part.table is not None:
            row = part.row
            assert row is not None
            rows.setdefault((part.table, tuple(row)), []).append(row)
        else:
            ops = True
    for (table, keys), values in rows.items():
        sql, order = insert_statement(conn, table, keys)
        if order is None:  # a driver with named parameters: the rows as they are
            conn.exec_driver_sql(sql, values)  # type: ignore[arg-type]
        elif len(values) == 1:
            conn.exec_driver_sql(sql, tuple([values[0][k] for k in order]))
        else:
            conn.exec_driver_sql(sql, [tuple([row[k] for k in order]) for row in values])
    if not ops:
        return [None] * len(batch)
    return [part.op(conn) if part.op is not None else None for part in batch]


# (dialect, driver, paramstyle, table, columns) -> (the INSERT in the driver's own words, the order of
# the positional parameters or None for named ones)
_INSERTS: dict[tuple[Any, ...], tuple[str, tuple[str, ...] | None]] = {}


def insert_statement(conn: Connection, table: Table, keys: tuple[str, ...]) -> tuple[str, tuple[str, ...] | None]:
    """``table``'s INSERT of the columns ``keys`` compiled for ``conn``'s driver, once per process: the
    batch then runs through the driver's executemany (``exec_driver_sql``), without SQLAlchemy
    building, caching and compiling a statement object every batch (a third of a batch's CPU)."""
    dialect = conn.dialect
    key = (dialect.name, dialect.driver, dialect.paramstyle, table, keys)
    found = _INSERTS.get(key)
    if found is None:
        compiled = table.insert().compile(dialect=dialect, column_keys=list(keys))
        if compiled.positional:
            order = tuple(compiled.positiontup or ())
            if sorted(order) != sorted(keys):  # not one parameter per column: let SQLAlchemy say why
                raise ValueError(f"cannot compile an insert of {keys} into {table.name}")
        else:
            order = None
        found = _INSERTS[key] = (compiled.string, order)
    return found


class SqliteWriter:
    """A SQLite file's writing connection (the event loop's thread) and its checkpointing thread."""

    def __init__(self, url: str, pragmas: Callable[[Any, Any], None]) -> None:
        self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(self.engine, "connect", pragmas)
        event.listen(self.engine, "connect", _no_autocheckpoint)
        self.conn: Connection | None = None
        # the one thread that commits (a connection is used by one thread at a time), and what it is
        # given: (batch, loop, future), or None to close the connection and stop. A queue and a future
        # set from the thread (call_soon_threadsafe), not an executor's future chained to the loop's
        self.jobs: queue.SimpleQueue[tuple[list[_Part], asyncio.AbstractEventLoop, asyncio.Future] | None]
        self.jobs = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._serve, name="landlords-commit", daemon=True)
        self.thread.start()
        self.checkpointer = threading.Thread(target=self._checkpoints, name="landlords-checkpoint", daemon=True)
        self.dirty = threading.Event()
        self.closing = threading.Event()
        self.checkpointer.start()

    async def commit(self, batch: list[_Part]) -> list[Any]:
        """The batch committed on the writing thread; the event loop goes on meanwhile."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.jobs.put((batch, loop, done))
        return await done

    def _serve(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                self._close_connection()
                return
            batch, loop, done = job
            try:
                result = self._commit(batch)
            except BaseException as exc:  # the caller's to handle, on its loop
                _hand_back(loop, done, None, exc)
            else:
                _hand_back(loop, done, result, None)

    def _commit(self, batch: list[_Part]) -> list[Any]:
        if self.conn is None:
            self.conn = self.engine.connect()
        try:
            with self.conn.begin():
                results = run_batch(self.conn, batch)
        except Exception:
            # the next commit starts on a new connection, whatever state this one was left in
            # (invalidated: taken out of the pool, not handed out again)
            conn, self.conn = self.conn, None
            with contextlib.suppress(Exception):
                conn.invalidate()
            raise
        if not self.dirty.is_set():
            self.dirty.set()
        return results

    def _checkpoints(self) -> None:
        """Copy the WAL into the database now and then (PASSIVE: never waits for, nor blocks, the
        writer), so the WAL stays small and the writer never pays for the fsyncs."""
        with self.engine.connect() as conn:
            while not self.closing.is_set():
                self.dirty.wait()
                if self.closing.wait(CHECKPOINT_EVERY):
                    break
                self.dirty.clear()
                try:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
                except Exception:  # the next commit's checkpoint tries again
                    log.warning("WAL checkpoint failed", exc_info=True)

    def close(self) -> None:
        self.jobs.put(None)  # after the batches already given
        self.thread.join()
        self.closing.set()
        self.dirty.set()
        self.checkpointer.join()
        try:  # what is committed is in the WAL already: folding it in now only tidies up
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        except Exception as exc:  # a full disk: the WAL stays, and SQLite folds it in at the next start
            log.warning("the WAL could not be folded into the database at the stop: %s", exc)
        self.engine.dispose()

    def _close_connection(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _hand_back(
    loop: asyncio.AbstractEventLoop, done: asyncio.Future, result: Any, exc: BaseException | None
) -> None:
    """A batch's outcome to its caller's loop (from the committing thread)."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(_settle_future, done, result, exc)


def _settle_future(done: asyncio.Future, result: Any, exc: BaseException | None) -> None:
    if done.done():  # the caller gave up waiting (cancelled)
        return
    if exc is not None:
        done.set_exception(exc)
    else:
        done.set_result(result)


def _no_autocheckpoint(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer thread does it
    cur.close()


class Writer:
    def __init__(self, engine: AsyncEngine, sqlite_file_url: str | None = None, pragmas: Any = None) -> None:
        """``sqlite_file_url`` (a plain ``sqlite:///FILE`` URL): commit through a synchronous connection."""
        self.engine = engine
        self.sqlite_file_url = sqlite_file_url
        self.pragmas = pragmas
        self.sqlite: SqliteWriter | None = None
        self.queue: list[_Part] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the loop it runs on (start)
        self.closing = False
        self.batches = 0  # commits made
        self.parts = 0  # parts committed

    def start(self) -> None:
        if self.sqlite_file_url is not None:
            self.sqlite = SqliteWriter(self.sqlite_file_url, self.pragmas)
        self.closing = False
        # kept: asking for the running loop at every act's write costs a getpid() system call (3.11)
        self.loop = asyncio.get_running_loop()
        self.task = self.loop.create_task(self._run())

    async def stop(self) -> None:
        """Commit what is queued, then stop."""
        if self.task is None:
            return
        self.closing = True
        self.wake.set()
        await self.task
        self.task = None
        if self.sqlite is not None:
            await asyncio.to_thread(self.sqlite.close)  # waits for the checkpointing thread
            self.sqlite = None

    async def insert(self, table: Table, row: dict[str, Any]) -> None:
        """Insert ``row`` (the rows of a batch go in as one multi-row insert per table)."""
        await self._submit(_Part(table, row, None, self._loop()))

    async def run(self, op: Op) -> Any:
        """Run ``op(connection)`` in the next batch's transaction; its result once committed."""
        return await self._submit(_Part(None, None, op, self._loop()))

    def _loop(self) -> asyncio.AbstractEventLoop:
        if self.loop is None:  # not started: _submit refuses the part
            return asyncio.get_running_loop()
        return self.loop

    async def _submit(self, part: _Part) -> Any:
        if self.task is None or self.closing:
            raise RuntimeError("the database writer is not running")
        if self.task.done():  # it died of a fault of its own: every later write would fail with it
            fault = None if self.task.cancelled() else self.task.exception()
            log.error("the database writer stopped (%r); it starts again", fault)
            self.task = asyncio.create_task(self._run())
        self.queue.append(part)
        self.wake.set()
        return await part.future

    async def _run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            batch, self.queue = self.queue, []
            if not batch:
                if self.closing:
                    return
                continue
            self.wake.set()  # one more turn after this batch: what came meanwhile, or the stop
            try:
                results = await self._commit(batch)
            except Exception:
                if len(batch) > 1:
                    log.warning("a batch of %d writes failed; committing them one by one", len(batch))
                for part in batch:
                    try:
                        (result,) = await self._commit([part])
                    except Exception as exc:
                        _settle(part, exc=exc)
                    else:
                        _settle(part, result)
                continue
            for part, result in zip(batch, results, strict=True):
                _settle(part, result)

    async def _commit(self, batch: list[_Part]) -> list[Any]:
        if self.sqlite is not None:
            results = await self.sqlite.commit(batch)
        else:
            async with self.engine.begin() as conn:
                results = await conn.run_sync(run_batch, batch)
        self.batches += 1
        self.parts += len(batch)
        return results


def _settle(part: _Part, result: Any = None, exc: BaseException | None = None) -> None:
    if part.future.done():  # the caller gave up waiting (cancelled)
        return
    if exc is not None:
        part.future.set_exception(exc)
    else:
        part.future.set_result(result)
