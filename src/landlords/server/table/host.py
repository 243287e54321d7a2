"""What a table needs of the server that holds it, and no more: its storage, its clock, its cluster
(when several processes share the games) and a way to be forgotten. :class:`landlords.server.app.Server`
is one; a test may pass any object with these.

The table's own type does not appear here (this module sits below the table's): the parameters that
take a table are typed ``Any``.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..clock import Clock
from ..connection import Connection
from ..storage import Storage


class ClusterPort(Protocol):
    """The calls a table makes on its process's part of a cluster (:class:`.cluster.Cluster`)."""

    def owns(self, table: Any) -> bool: ...

    async def forward(self, table: Any, conn: Connection, msg: dict[str, Any]) -> None: ...

    def changed(self, table: Any) -> None: ...

    def committed(self, table: Any, seat: int, action: dict[str, Any]) -> None: ...

    def chat(self, table: Any, entry: dict[str, Any]) -> None: ...

    def presence(self) -> None: ...


class TableHost(Protocol):
    """The server as a table sees it."""

    storage: Storage
    clock: Clock
    cluster: ClusterPort | None  # None: a single process

    def forget(self, table: Any) -> None:
        """Drop a finished game nobody watches from memory."""
        ...
