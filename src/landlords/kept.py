"""A bounded dict for what the word layers keep (a server's hundreds of games, each worded after
every act): at most ``size`` entries, the oldest made dropped first."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """A dict of at most ``size`` entries: :meth:`keep` drops the oldest made first (insertion
    order: what was made long ago is seldom asked for again). Read it as any dict."""

    __slots__ = ("size",)  # no __dict__ (300 bytes): each game's words hold several

    def __init__(self, size: int) -> None:
        super().__init__()
        if size < 1:
            raise ValueError("a Kept dict holds at least one entry")
        self.size = size

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` (a newer entry than any), making room first; ``value`` back."""
        self.pop(key, None)
        while len(self) >= self.size:
            del self[next(iter(self))]
        self[key] = value
        return value
