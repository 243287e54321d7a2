"""Progress bars of the long commands (tournaments, analyses), on stderr so that stdout keeps only
the results (``--json``)."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator

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

    @contextlib.contextmanager
    def running(self) -> Iterator[None]:
        """The bars on screen while the work runs; stdout is kept for the results: what a library
        prints meanwhile (Ray's notices of a retried task or a lost node) goes to stderr."""
        with self.progress, contextlib.redirect_stdout(sys.stderr):
            yield

    def track(self, label: str, unit: str, total: int) -> Bar:
        """A new bar; calling it moves it to ``done`` (and to a new ``total`` if given)."""
        return Bar(self.progress, label, unit, total)


class Bar:
    """One bar of :class:`Bars`: ``bar(done)`` moves it; ``bar.where("ray: 3 nodes, 6 CPUs")`` adds
    where the work runs to its label (skipped when that is this process)."""

    def __init__(self, progress: Progress, label: str, unit: str, total: int) -> None:
        self.progress, self.label = progress, label
        self.task = progress.add_task(label, total=total, rate="-", unit=unit)
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int | None = None) -> None:
        elapsed = time.perf_counter() - self.start
        rate = f"{done / elapsed:.1f}" if elapsed > 0 else "-"
        self.progress.update(self.task, completed=done, total=total, rate=rate)
        self.progress.refresh()

    def where(self, text: str) -> None:
        self.progress.update(self.task, description=self.label if text == "here" else f"{self.label} ({text})")
        self.progress.refresh()
