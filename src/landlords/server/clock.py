"""The server's clock, injectable: deadlines are computed from ``clock.now()``, so tests move time
with :class:`ManualClock` instead of sleeping."""

from __future__ import annotations

import threading
import time


class Clock:
    """Monotonic seconds for deadlines; ``wall()`` (epoch seconds) only to show clients a countdown."""

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()


class ManualClock(Clock):
    """A clock that moves only when told (tests): ``advance(31)`` passes a 30-second deadline."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._lock = threading.Lock()

    def now(self) -> float:
        with self._lock:
            return self._now

    def wall(self) -> float:
        return 1_800_000_000.0 + self.now()

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds
