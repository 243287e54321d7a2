"""The server timer's schedule: each table's next due moment in a heap, so that a tick looks only at
the tables whose moment has come, not at every table (300 games looked at 10 times a second were
about 4% of the event loop).

A table's due moment (:meth:`Table.timer_due`: its :meth:`deadline`, or its clocks' next checkpoint)
depends on its game, seats, pause and clocks. Whatever changes one of those calls
:meth:`Deadlines.changed` (through :meth:`Table.clock_changed`), which only notes the table; the
next tick works its moment out again, once however many changes came. An entry of the heap is
``(due, stamp, table)``: it holds while the table's ``timer_stamp`` is its stamp, and a table worked
out again gets a new stamp, so its old entries are passed over when they come up (and dropped in
bulk when they outnumber the live ones).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table

COMPACT_AFTER = 256  # stale entries tolerated before the heap is rebuilt from the live ones


class Deadlines:
    """Which tables' timers are due: a heap of their due moments, and the tables to work out again."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int, Table]] = []
        self.dirty: dict[int, Table] = {}  # id -> table: its due moment is worked out at the next tick
        self.unowned: dict[int, Table] = {}  # due, at a cluster process not its owner then: looked at each tick
        self.live = 0  # entries of the heap that still hold
        self.ticks = 0  # ticks so far (tests wait on it)
        self._stamps = itertools.count(1)

    def changed(self, table: Table) -> None:
        """Something ``table``'s due moment depends on may have changed: worked out at the next tick."""
        self.dirty[id(table)] = table

    def take_dirty(self) -> list[Table]:
        """The tables to work out again now (and none noted from now on: they wait for the next tick)."""
        dirty, self.dirty = self.dirty, {}
        return list(dirty.values())

    def schedule(self, table: Table, due: float | None) -> None:
        """``table``'s due moment, just worked out (None: nothing to do until something changes)."""
        self.unowned.pop(id(table), None)
        held = table.timer_entry
        if held is not None and held[0] == due:
            return  # its entry holds as it is
        if held is not None:
            self.live -= 1
        if due is None:
            table.timer_entry = None
            return
        stamp = next(self._stamps)
        table.timer_entry = (due, stamp)
        heapq.heappush(self.heap, (due, stamp, table))
        self.live += 1
        if len(self.heap) > 2 * self.live + COMPACT_AFTER:
            self._compact()

    def pop_due(self, now: float) -> Iterator[Table]:
        """The tables whose entry is due at ``now``, each once; their entries are spent (the caller
        notes them as changed after their turn, so a due moment that did nothing comes up again)."""
        heap = self.heap
        while heap and heap[0][0] <= now:
            _due, stamp, table = heapq.heappop(heap)
            held = table.timer_entry
            if held is None or held[1] != stamp:
                continue  # stale: the table was worked out again since
            table.timer_entry = None
            self.live -= 1
            yield table

    def _compact(self) -> None:
        self.heap = [e for e in self.heap if e[2].timer_entry is not None and e[2].timer_entry[1] == e[1]]
        heapq.heapify(self.heap)
        self.live = len(self.heap)
