"""A table's seats: who sits there (a person, a bot, nobody yet), its token's hash, its clients; and
the error of a game whose stored log does not replay."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ...engine.game import Game
from ..connection import Connection
from ..storage import SeatRow


class BrokenGame(Exception):
    """A started game whose stored log does not replay (edited or damaged by hand): it cannot be
    played or shown, and the one-line reason says so."""

    def __init__(self, code: str, why: BaseException) -> None:
        words = " ".join(str(why).split()) or type(why).__name__
        super().__init__(f"game {code} cannot be restored from its stored log ({words})")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatState:
    seat: int
    name: str | None
    kind: str  # open | person | bot
    strategy: str | None = None
    token_hash: str | None = None
    connections: set[Connection] = field(default_factory=set)
    remote: set[str] = field(default_factory=set)  # the other processes with a client at this seat (cluster)
    left_at: float | None = None  # when its person's last client left (server clock; None: not since loading)
    standin: bool = False  # a stand-in bot plays the absent person's seat until they return

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.name, self.kind, self.strategy, self.token_hash)

    def public(self, game: Game | None) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "strategy": self.strategy,
            "connected": bool(self.connections or self.remote) or self.kind == "bot",
            "bankrupt": bool(game.bankrupt[self.seat]) if game is not None else False,
        }
