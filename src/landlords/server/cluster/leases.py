"""The games' leases in PostgreSQL: one row per game, ``(game_id, owner, expires_at)``.

Times are the database's (``clock_timestamp()``, seconds since the epoch), so the hosts' clocks never
have to agree. Taking a lease is one conditional upsert: it succeeds when the game has no lease, when
the lease has expired, or when it is already ours; two processes racing for an expired lease cannot
both win (the row's lock orders them, the second sees the first's fresh expiry).
"""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

NOW = "extract(epoch from clock_timestamp())"

CREATE = [
    "SELECT pg_advisory_xact_lock(7270301)",  # several processes starting at once create it once
    "CREATE TABLE IF NOT EXISTS game_leases ("
    " game_id INTEGER PRIMARY KEY REFERENCES games(id),"
    " owner VARCHAR(100) NOT NULL,"
    " expires_at DOUBLE PRECISION NOT NULL)",
]

ACQUIRE = text(
    f"INSERT INTO game_leases (game_id, owner, expires_at) VALUES (:game, :me, {NOW} + :ttl) "
    "ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at "
    f"WHERE game_leases.owner = EXCLUDED.owner OR game_leases.expires_at < {NOW} "
    "RETURNING owner"
)
RENEW = text(f"UPDATE game_leases SET expires_at = {NOW} + :ttl WHERE owner = :me RETURNING game_id")
RELEASE_ONE = text("DELETE FROM game_leases WHERE owner = :me AND game_id = :game")
RELEASE_ALL = text("DELETE FROM game_leases WHERE owner = :me")
OWNER = text(f"SELECT owner FROM game_leases WHERE game_id = :game AND expires_at >= {NOW}")
ORPHANS = text(
    "SELECT g.id, g.code FROM games g LEFT JOIN game_leases l ON l.game_id = g.id "
    f"WHERE g.status = 'playing' AND (l.game_id IS NULL OR l.expires_at < {NOW}) "
    "ORDER BY random() LIMIT :n"
)


class Leases:
    """The lease statements of one process (``me``) on the server's engine."""

    def __init__(self, engine: AsyncEngine, me: str, ttl: float) -> None:
        self.engine = engine
        self.me = me
        self.ttl = ttl

    async def create(self) -> None:
        async with self.engine.begin() as conn:
            for statement in CREATE:
                await conn.execute(text(statement))

    async def acquire(self, game_id: int) -> bool:
        """Take (or keep) the game's lease; True when it is ours now."""
        async with self.engine.begin() as conn:
            row = (await conn.execute(ACQUIRE, {"game": game_id, "me": self.me, "ttl": self.ttl})).first()
        return row is not None

    async def renew(self) -> set[int]:
        """Extend every lease of ours; the games whose lease is still ours."""
        async with self.engine.begin() as conn:
            rows = (await conn.execute(RENEW, {"me": self.me, "ttl": self.ttl})).all()
        return {r.game_id for r in rows}

    async def release(self, game_id: int | None = None) -> None:
        async with self.engine.begin() as conn:
            if game_id is None:
                await conn.execute(RELEASE_ALL, {"me": self.me})
            else:
                await conn.execute(RELEASE_ONE, {"me": self.me, "game": game_id})

    async def owner(self, game_id: int) -> str | None:
        """The process holding the game's lease now; None when nobody does."""
        async with self.engine.connect() as conn:
            return (await conn.execute(OWNER, {"game": game_id})).scalar()

    async def orphans(self, limit: int = 50) -> list[tuple[int, str]]:
        """Games in play whose owner is gone (no lease, or an expired one)."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(ORPHANS, {"n": limit})).all()
        return [(r.id, r.code) for r in rows]
