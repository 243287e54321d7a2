"""Progress bars of the long commands (tournaments, analyses), on stderr so that stdout keeps only
the results (``--json``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bars:
    """One or more bars, refreshed only from the calling thread (no thread alive when workers fork).
    Use ``with bars.progress:`` around the work."""

    def __init__(self, err: Console) -> None:
        self.progress = Progress(
            TextColumn("[bold]{task.description}[/bold]"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} {task.fields[unit]}/s"),
            TextColumn("elapsed"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=err,
            auto_refresh=False,
            transient=False,
        )

    def track(self, label: str, unit: str, total: int) -> Callable[..., None]:
        """A new bar; the function returned moves it to ``done`` (and to a new ``total`` if given)."""
        task = self.progress.add_task(label, total=total, rate="-", unit=unit)
        start = time.perf_counter()

        def update(done: int, total: int | None = None) -> None:
            elapsed = time.perf_counter() - start
            rate = f"{done / elapsed:.1f}" if elapsed > 0 else "-"
            self.progress.update(task, completed=done, total=total, rate=rate)
            self.progress.refresh()

        return update
