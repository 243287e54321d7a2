"""A table at a process that does not own its game: a copy kept up to date from the owner's
messages, which serves this process's clients their views (in their language, with their seat's
acts) exactly as the owner serves its own.

The engine is deterministic, so applying the owner's committed acts in order gives the owner's game;
a gap in the versions (a missed message) or any other change (a seat taken, the start, the time
limit) reloads the table from the database, which holds every committed act.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ...engine.actions import action_from_json

if TYPE_CHECKING:
    from ..table import Table


def apply_act(table: Table, version: int, seat: int, action: dict[str, Any]) -> bool:
    """Apply the owner's act number ``version`` (the caller holds the table's lock); False when it
    does not follow this copy's version (the caller reloads)."""
    game = table.game
    if version <= table.version:
        return True  # had it already (a reload read it from the database)
    if game is None or game.over or version != table.version + 1:
        return False
    before = len(game.events or [])
    game.apply(seat, action_from_json(action))
    table.track_decision()
    table.version += 1
    if game.over:
        table.row.status = "finished"
    table.broadcast((game.events or [])[before:])
    return True


async def reload(table: Table) -> None:
    """Read the game again from the database: its row, its seats, its log (the caller holds the lock).
    A seat whose token changed (left, taken again) loses this process's connections to it."""
    found = await table.host.storage.load_game(table.code)
    if found is None:
        return
    row, seat_rows = found
    table.row = row
    table.settings = row.settings
    for s, r in zip(table.seats, seat_rows, strict=True):
        if s.token_hash != r.token_hash:
            for conn in list(s.connections):
                conn.seat = None  # it stays, as a spectator
            s.connections.clear()
        s.name, s.kind, s.strategy, s.token_hash = r.name, r.kind, r.strategy, r.token_hash
    if row.head is not None:
        await table.restore()
    table.broadcast([])


class Proxy:
    """Stands at the owner for a client connected to another process: what the table sends it is
    collected and goes back with the answer."""

    def __init__(self, seat: int | None, lang: str, position: bool) -> None:
        self.seat = seat
        self.lang = lang
        self.position = position
        self.sent: list[str] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.sent.append(message if isinstance(message, str) else json.dumps(message, ensure_ascii=False))
