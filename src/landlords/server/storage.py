"""The database: a row per game, its seats, its chat, and the append-only table of its actions.

SQLAlchemy Core 2.x over an async driver: SQLite through aiosqlite (the default, a file in the user's
state folder, WAL mode) or PostgreSQL through asyncpg (``postgresql://...`` URLs). The log is the
truth: an act is acknowledged only after its row is committed, and a restart replays each open
game's actions. Every write goes through one :class:`~.writer.Writer` (group commit); reads use
the pool. The game row keeps the record's head (edition, ruleset, rules, players, seed,
setup): the head plus the action rows *is* the game record, so the export is ``record.to_record``.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from .writer import Writer

SCHEMA_VERSION = 1

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
    Column("seed", BigInteger, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("finished_by", String(32)),  # an outside end (the time limit): replayed like the record's
    Column("rematch", String(16)),
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


def default_db_url() -> str:
    """SQLite in the user's state folder (``$XDG_STATE_HOME/landlords/server.db``)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = Path(base) / "landlords"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


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


@dataclass
class SeatRow:
    seat: int
    name: str | None
    kind: str
    strategy: str | None
    token_hash: str | None


class Storage:
    """Every database access of the server; one instance per server process."""

    def __init__(self, url: str | None = None) -> None:
        self.url = async_url(url or default_db_url())
        self.sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if not self.sqlite:
            kwargs.update(pool_size=10, max_overflow=20)
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        file_url = url_of_file(self.url) if self.sqlite else None
        self.writer = Writer(self.engine, file_url, _sqlite_pragmas)

    async def open(self) -> None:
        """Create the schema on first start; refuse a database of a newer schema."""
        async with self.engine.begin() as conn:
            await conn.run_sync(metadata.create_all)
            row = (await conn.execute(select(schema.c.version))).first()
            if row is None:
                await conn.execute(insert(schema).values(version=SCHEMA_VERSION))
            elif row[0] > SCHEMA_VERSION:
                raise RuntimeError(
                    f"the database has schema version {row[0]}; this landlords knows up to {SCHEMA_VERSION}"
                )
        self.writer.start()

    async def close(self) -> None:
        await self.writer.stop()
        await self.engine.dispose()

    # ------------------------------------------------------------ games
    async def create_game(
        self, code: str, settings: dict[str, Any], seed: int, host_hash: str, seat_rows: list[SeatRow]
    ) -> int:
        def op(conn: Connection) -> int:
            result = conn.execute(
                insert(games).values(
                    code=code,
                    status="lobby",
                    settings=json.dumps(settings),
                    seed=seed,
                    host_hash=host_hash,
                    created_at=time.time(),
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
        if "head" in values and values["head"] is not None:
            values["head"] = json.dumps(values["head"])
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
    async def append_action(self, game_id: int, n: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one act (with whatever else is queued); the primary key (game, n) refuses a second
        writer's act number."""
        row = {"game_id": game_id, "n": n, "seat": seat, "action": json.dumps(action), "at": time.time()}
        await self.writer.insert(actions, row)

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
    )


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(seat=s.seat, name=s.name, kind=s.kind, strategy=s.strategy, token_hash=s.token_hash)
