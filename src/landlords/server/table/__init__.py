"""One game at the server: its seats, its clients, and its single writer.

Every change to a game goes through :meth:`Table.submit` (people's acts), the bot loop and the timer,
all under the table's lock: the engine checks the act, the act's row is committed, and only then is it
acknowledged and the update pushed to every client. When a commit fails (the database went away), the
act is undone in memory, its sender is told that it was not saved, and before the game's next act the
log is read again (the commit may have got through after all), so memory never runs ahead of the
database and no acknowledged act is lost; while the database stays away, acts are refused in one line
and bots wait, and the game goes on by itself once it is back.

The :class:`Table` is one class made of its parts, one module each: :mod:`.base` (the shared state and
identity), :mod:`.acts` (the commit path), :mod:`.log` (restore, replay, undo), :mod:`.clocks` (timers
and checkpoints), :mod:`.bots`, :mod:`.clients` (the views sent to clients, the chat). It is given what
it needs of the server through :class:`.host.TableHost`.
"""

from __future__ import annotations

from .acts import Acts
from .base import TableBase
from .bots import RETRY_SECONDS, TIMER_BOT, Bots
from .clients import RECENT_EVENTS, Clients
from .clocks import CHECKPOINT_SECONDS, Clocks
from .fair import Fair
from .host import ClusterPort, TableHost
from .log import Log
from .seats import BrokenGame, SeatState, token_hash

__all__ = [
    "CHECKPOINT_SECONDS",
    "RECENT_EVENTS",
    "RETRY_SECONDS",
    "TIMER_BOT",
    "BrokenGame",
    "ClusterPort",
    "SeatState",
    "Table",
    "TableHost",
    "token_hash",
]


class Table(Acts, Log, Clocks, Bots, Clients, Fair, TableBase):
    """One game at the server (see the module's description); the one class callers use."""
