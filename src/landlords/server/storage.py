"""The database: a row per game, its seats, its chat, and the append-only table of its actions.

SQLAlchemy Core 2.x over an async driver: SQLite through aiosqlite (the default, a file in the user's
state folder, WAL mode) or PostgreSQL through asyncpg (``postgresql://...`` URLs). The log is the
truth: an act is acknowledged only after its row is committed, and a restart replays each open
game's actions. Every write goes through one :class:`~.writer.Writer` (group commit); reads use
the pool. The game row keeps the record's head (edition, ruleset, rules, players, seed,
setup): the head plus the action rows *is* the game record, so the export is ``record.to_record``.

The clocks are data too: each action row carries the seats' time used at that act, and the game row
a checkpoint of the running clocks (written every few seconds of a timed game), so a restart gives
no time back. The schema has a version; :data:`MIGRATIONS` brings an older database up to date on
start, in one transaction.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .writer import Writer

SCHEMA_VERSION = 3
# PostgreSQL ends a transaction left open this long between two statements and frees its locks: a
# process frozen in the middle of a commit (SIGSTOP, a paused machine) would otherwise hold the row
# of an act number, and the game's next owner would wait on it for as long as the freeze lasts
IDLE_IN_TRANSACTION_SECONDS = 5.0

# version -> the statements that bring a database of the version before up to it
MIGRATIONS: dict[int, list[str]] = {
    2: [  # the clocks: time used per seat at each act, and the running clocks' checkpoint
        "ALTER TABLE actions ADD COLUMN clock TEXT",
        "ALTER TABLE games ADD COLUMN clock TEXT",
    ],
    3: [  # a game's secret key: its dice and decks drawn from a keyed stream (engine/keyed.py)
        "ALTER TABLE games ADD COLUMN chance_key VARCHAR(64)",
    ],
}

metadata = MetaData()

schema = Table("landlords_schema", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("status", String(16), nullable=False),  # lobby | playing | finished
    Column("settings", Text, nullable=False),  # the lobby's settings (JSON): seats, timers, pauses, ...
    Column("head", Text),  # the record without its actions (JSON), from the start on
    Column("seed", BigInteger, nullable=False),  # 0 where the game draws from its key
    Column("chance_key", String(64)),  # the keyed generator's secret (hex); never sent to a client
    Column("host_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("finished_by", String(32)),  # an outside end (the time limit): replayed like the record's
    Column("rematch", String(16)),
    Column("clock", Text),  # the clocks' checkpoint (JSON): {"version", "used", "decision", "elapsed"}
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64)),
    Column("kind", String(16), nullable=False),  # open | person | bot
    Column("strategy", String(200)),
    Column("token_hash", String(64)),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", Integer, ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2, ... : the act's place in the game
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON, as in records
    Column("at", Float, nullable=False),
    Column("clock", Text),  # the clocks right after this act (JSON): {"used", "decision", "elapsed"}
    UniqueConstraint("game_id", "n"),
)

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", Integer, ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


class SchemaError(RuntimeError):
    """The database was written by a newer landlords."""


def database_trouble(exc: BaseException) -> bool:
    """The database cannot be reached or cannot work now (stopped, restarting, a lost connection, a
    full disk): a passing condition to report in one line and to retry, not bad data."""
    from sqlalchemy.exc import DBAPIError, DisconnectionError, TimeoutError

    return isinstance(exc, DBAPIError | DisconnectionError | TimeoutError | OSError | ConnectionError)


def trouble_line(exc: BaseException) -> str:
    """The driver's own words in one line, without SQLAlchemy's wrapping."""
    cause = getattr(exc, "orig", None) or exc
    return " ".join(str(cause).split())[:300] or type(cause).__name__


def default_db_url() -> str:
    """SQLite in the user's state folder (``$XDG_STATE_HOME/landlords/server.db``); `landlords serve`
    makes the folder (:func:`make_default_folder`), a URL given names a folder that exists."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return f"sqlite:///{Path(base) / 'landlords' / 'server.db'}"


def make_default_folder(url: str) -> str | None:
    """Make the folder of the default database ``url``: None, or why it cannot be made."""
    folder = Path(url[len("sqlite:///") :]).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make the database's folder {folder}: {exc.strerror or exc}"
    return None


def as_db_url(value: str) -> str:
    """A ``--db`` value as a database URL: a URL as it is, a plain path as the SQLite file there."""
    if "://" in value or value.startswith("sqlite:"):
        return value
    return f"sqlite:///{Path(value).expanduser().resolve()}"


def async_url(url: str) -> str:
    """Map plain URLs to the async drivers: sqlite -> aiosqlite, postgresql -> asyncpg."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:") :]
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    return url


@dataclass
class GameRow:
    id: int
    code: str
    status: str
    settings: dict[str, Any]
    head: dict[str, Any] | None
    seed: int
    host_hash: str
    finished_by: str | None
    rematch: str | None
    clock: dict[str, Any] | None = None
    key: bytes | None = None  # the secret of a game drawing from a keyed stream (then seed is 0)
    created_at: float = 0.0  # when the game was made (epoch seconds of the server's wall clock)


@dataclass
class SeatRow:
    seat: int
    name: str | None
    kind: str
    strategy: str | None
    token_hash: str | None


class Storage:
    """Every database access of the server; one instance per server process."""

    def __init__(self, url: str | None = None, idle_in_transaction: float = IDLE_IN_TRANSACTION_SECONDS) -> None:
        self.url = async_url(url or default_db_url())
        self.sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if not self.sqlite:
            kwargs.update(pool_size=10, max_overflow=20)
            settings = {"idle_in_transaction_session_timeout": str(round(idle_in_transaction * 1000))}
            kwargs["connect_args"] = {"server_settings": settings}
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.file_url = url_of_file(self.url) if self.sqlite else None
        self.writer = Writer(self.engine, self.file_url, _sqlite_pragmas)

    async def open(self) -> None:
        """Create the schema on first start, migrate an older one (one transaction); refuse a database
        of a newer schema. Then start the writer."""
        if self.file_url is not None:
            _open_sqlite_file(self.file_url)
        async with self.engine.begin() as conn:
            if not self.sqlite:  # several processes starting at once on a new database: one creates it
                await conn.execute(text("SELECT pg_advisory_xact_lock(7270300)"))
            if not await conn.run_sync(lambda c: inspect(c).has_table(schema.name)):
                await conn.run_sync(metadata.create_all)
                await conn.execute(insert(schema).values(version=SCHEMA_VERSION))
            else:
                version = (await conn.execute(select(schema.c.version))).scalar_one()
                if version > SCHEMA_VERSION:
                    raise SchemaError(
                        f"the database has schema version {version}; this landlords knows up to {SCHEMA_VERSION}"
                    )
                for step in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in MIGRATIONS[step]:
                        await conn.execute(text(statement))
                if version < SCHEMA_VERSION:
                    await conn.execute(update(schema).values(version=SCHEMA_VERSION))
        self.writer.start()

    async def schema_version(self) -> int:
        async with self.engine.connect() as conn:
            return (await conn.execute(select(schema.c.version))).scalar_one()

    async def close(self) -> None:
        await self.writer.stop()
        await self.engine.dispose()

    # ------------------------------------------------------------ games
    async def create_game(
        self,
        code: str,
        settings: dict[str, Any],
        seed: int,
        host_hash: str,
        seat_rows: list[SeatRow],
        key: bytes | None = None,
        created_at: float | None = None,
    ) -> int:
        def op(conn: Connection) -> int:
            result = conn.execute(
                insert(games).values(
                    code=code,
                    status="lobby",
                    settings=json.dumps(settings),
                    seed=seed,
                    chance_key=key.hex() if key is not None else None,
                    host_hash=host_hash,
                    created_at=time.time() if created_at is None else created_at,
                )
            )
            game_id = int(result.inserted_primary_key[0])
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": game_id,
                        "seat": s.seat,
                        "name": s.name,
                        "kind": s.kind,
                        "strategy": s.strategy,
                        "token_hash": s.token_hash,
                    }
                    for s in seat_rows
                ],
            )
            return game_id

        return await self.writer.run(op)

    async def save_seat(self, game_id: int, s: SeatRow) -> None:
        statement = (
            update(seats)
            .where(seats.c.game_id == game_id, seats.c.seat == s.seat)
            .values(name=s.name, kind=s.kind, strategy=s.strategy, token_hash=s.token_hash)
        )
        await self.writer.run(lambda conn: conn.execute(statement).close())

    async def set_status(self, game_id: int, **values: Any) -> None:
        for key in ("head", "clock"):
            if values.get(key) is not None:
                values[key] = json.dumps(values[key])
        statement = update(games).where(games.c.id == game_id).values(**values)
        await self.writer.run(lambda conn: conn.execute(statement).close())

    async def load_games(self, statuses: tuple[str, ...]) -> list[tuple[GameRow, list[SeatRow]]]:
        async with self.engine.connect() as conn:
            rows = (await conn.execute(select(games).where(games.c.status.in_(statuses)))).all()
            out = []
            for r in rows:
                seat_rows = (
                    await conn.execute(select(seats).where(seats.c.game_id == r.id).order_by(seats.c.seat))
                ).all()
                out.append((_game_row(r), [_seat_row(s) for s in seat_rows]))
        return out

    async def load_game(self, code: str) -> tuple[GameRow, list[SeatRow]] | None:
        async with self.engine.connect() as conn:
            r = (await conn.execute(select(games).where(games.c.code == code))).first()
            if r is None:
                return None
            seat_rows = (
                await conn.execute(select(seats).where(seats.c.game_id == r.id).order_by(seats.c.seat))
            ).all()
        return _game_row(r), [_seat_row(s) for s in seat_rows]

    # ------------------------------------------------------------ the log
    async def append_action(
        self,
        game_id: int,
        n: int,
        seat: int,
        action: dict[str, Any],
        clock: dict[str, Any] | None = None,
        finished: bool = False,
    ) -> None:
        """Commit one act (with whatever else is queued) and the clocks right after it; when the act
        ended the game, its end in the same transaction. The primary key (game, n) refuses a second
        writer's act number."""
        row = {
            "game_id": game_id,
            "n": n,
            "seat": seat,
            "action": _json_text(action),
            "at": time.time(),
            "clock": json.dumps(clock) if clock is not None else None,  # floats: json's own repr, NaN kept
        }
        if not finished:
            await self.writer.insert(actions, row)
            return

        def last_act(conn: Connection) -> None:
            conn.execute(actions.insert(), [row]).close()
            conn.execute(update(games).where(games.c.id == game_id).values(status="finished")).close()

        await self.writer.run(last_act)

    async def load_actions(self, game_id: int) -> list[tuple[int, dict[str, Any]]]:
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(actions.c.seat, actions.c.action)
                    .where(actions.c.game_id == game_id)
                    .order_by(actions.c.n)
                )
            ).all()
        return [(r.seat, json.loads(r.action)) for r in rows]

    async def load_action(self, game_id: int, n: int) -> tuple[int, dict[str, Any]] | None:
        """Act ``n`` of a game as committed, ``(seat, action)``, or None if the log has no act ``n``."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(actions.c.seat, actions.c.action).where(actions.c.game_id == game_id, actions.c.n == n)
                )
            ).first()
        return (row.seat, json.loads(row.action)) if row is not None else None

    async def load_clock(self, game_id: int) -> tuple[int, dict[str, Any]] | None:
        """The latest clocks saved for a game: ``(version, clocks)`` from the checkpoint or from the
        last act, whichever is newer (a checkpoint holds the version it was taken at)."""
        async with self.engine.connect() as conn:
            checkpoint = (await conn.execute(select(games.c.clock).where(games.c.id == game_id))).scalar()
            last = (
                await conn.execute(
                    select(actions.c.n, actions.c.clock)
                    .where(actions.c.game_id == game_id)
                    .order_by(actions.c.n.desc())
                    .limit(1)
                )
            ).first()
        found: list[tuple[int, dict[str, Any]]] = []
        if checkpoint:
            data = json.loads(checkpoint)
            found.append((int(data.pop("version")), data))
        if last is not None and last.clock:
            found.append((last.n + 1, json.loads(last.clock)))
        return max(found, key=lambda f: f[0]) if found else None

    # ------------------------------------------------------------ chat
    async def add_chat(self, game_id: int, seat: int, name: str, text: str, at: float) -> None:
        await self.writer.insert(chat, {"game_id": game_id, "seat": seat, "name": name, "text": text, "at": at})

    async def load_chat(self, game_id: int, limit: int = 100) -> list[dict[str, Any]]:
        async with self.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
                    .where(chat.c.game_id == game_id)
                    .order_by(chat.c.id.desc())
                    .limit(limit)
                )
            ).all()
        return [{"seat": r.seat, "name": r.name, "text": r.text, "at": r.at} for r in reversed(rows)]


def url_of_file(async_url: str) -> str | None:
    """The plain (synchronous) URL of a SQLite file database; None for an in-memory one."""
    plain = "sqlite:" + async_url.split(":", 1)[1]
    path = plain[len("sqlite:///") :].split("?", 1)[0] if plain.startswith("sqlite:///") else ""
    return plain if path and path != ":memory:" and "mode=memory" not in plain else None


def _open_sqlite_file(url: str) -> None:
    """Open a SQLite file once, synchronously: a file that cannot be opened (no such folder, no
    permission) fails here with SQLite's own words, before aiosqlite starts a thread for it (a
    failed aiosqlite connection leaves its thread to report to an event loop that may be closed by
    then: "Event loop is closed" in a thread nobody joins)."""
    engine = create_engine(url)
    try:
        with engine.connect():
            pass
    finally:
        engine.dispose()


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a committed act survives a process kill
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def _game_row(r: Any) -> GameRow:
    return GameRow(
        id=r.id,
        code=r.code,
        status=r.status,
        settings=json.loads(r.settings),
        head=json.loads(r.head) if r.head else None,
        seed=int(r.seed),
        host_hash=r.host_hash,
        finished_by=r.finished_by,
        rematch=r.rematch,
        clock=json.loads(r.clock) if r.clock else None,
        key=bytes.fromhex(r.chance_key) if r.chance_key else None,
        created_at=float(r.created_at),
    )


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(seat=s.seat, name=s.name, kind=s.kind, strategy=s.strategy, token_hash=s.token_hash)


def _json_text(value: Any) -> str:
    """An act as JSON text, by orjson (the standard encoder took a sixtieth of the server's time per
    act); what it cannot encode (an integer past 64 bits) by ``json``. Read back by ``json``. An act
    holds no floats (orjson writes NaN and infinities as null)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)
