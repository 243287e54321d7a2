"""A game's history by turns, computed by the engine from the game's record: the replay viewer's
frames and the net-worth chart's points.

A :class:`Timeline` replays the record's head (edition, rules, seats, seed, scripted set-up) in a
game of its own, beside the live one, and follows the live game's actions as they come: each turn
that ends closes a :class:`Frame` (the net worth of every seat then, and for a replay the public
position and the turn's slice of the event log). Nothing here reaches a client but what the frames
hold: public positions and net worths (the dice to come stay in the server; a replay is served only
once the game is over, when its record is public anyway).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ... import record as records
from ...engine import events as E
from ...engine.actions import Action
from ...engine.game import Game
from ..views import public_state

# timelines kept in memory: a replay's (its frames hold positions: a long game's take a few megabytes)
# and the live chart's (net worths only), each kind on its own, so one kind never pushes out the other
CACHED = {True: 16, False: 256}


@dataclass
class Frame:
    """The position at the end of one turn (frame 0: the start, before any act)."""

    index: int
    turn: int  # the engine's turn number (0 for the start)
    round: int
    seat: int  # whose turn it was
    actions: int  # acts applied up to here
    events: tuple[int, int]  # this turn's slice of the event log
    worth: list[int]
    state: dict[str, Any] | None = None  # the public position (replays only)

    def summary(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "turn": self.turn,
            "round": self.round,
            "seat": self.seat,
            "worth": self.worth,
        }


@dataclass
class Timeline:
    """A game replayed from its head, frame by frame. ``states``: keep each frame's public position
    and the event log (a replay), or the net worths only (the live chart)."""

    head: dict[str, Any]
    states: bool = False
    game: Game = field(init=False)
    frames: list[Frame] = field(default_factory=list)
    applied: int = 0
    finished: bool = False

    def __post_init__(self) -> None:
        self.game = records.new_from_record(self.head, record_events=self.states)
        self.frames.append(self._frame(0, 0, self.game.current, (0, self._turn_start(0))))

    def _events(self) -> int:
        return len(self.game.events or [])

    def _frame(self, turn: int, rnd: int, seat: int, events: tuple[int, int]) -> Frame:
        g = self.game
        return Frame(
            index=len(self.frames),
            turn=turn,
            round=rnd,
            seat=seat,
            actions=self.applied,
            events=events,
            worth=[g.net_worth(p) for p in range(g.n)],
            state=public_state(g) if self.states else None,
        )

    def follow(self, actions: Sequence[tuple[int, Action]], finished_by: str | None = None) -> None:
        """Apply the acts not applied yet (``actions``: the live game's whole list); a game that is
        over closes its last turn (``finished_by``: ended early by net worth, as the record says)."""
        g = self.game
        for seat, action in actions[self.applied :]:
            turn, rnd, current, start = g.turn, g.round, g.current, self.frames[-1].events[1]
            g.apply(seat, action)
            self.applied += 1
            if g.turn != turn:
                cut = self._turn_start(start)
                self.frames.append(self._frame(turn, rnd, current, (start, cut)))
        if finished_by and not g.over:
            g.finish_by_net_worth(finished_by)
        if g.over and not self.finished:
            self.finished = True
            start = self.frames[-1].events[1]
            self.frames.append(self._frame(g.turn, g.round, g.current, (start, self._events())))

    def _turn_start(self, start: int) -> int:
        """Where the new turn's events begin: its ``TurnStarted`` (the end of the log without events)."""
        events = self.game.events
        if not events:
            return 0
        for i in range(len(events) - 1, start - 1, -1):
            if isinstance(events[i], E.TurnStarted):
                return i
        return len(events)


_CACHE: OrderedDict[tuple[str, bool], Timeline] = OrderedDict()


def timeline_of(
    code: str, head: dict[str, Any], actions: Sequence[tuple[int, Action]], finished_by: str | None, states: bool
) -> Timeline:
    """The timeline of the game ``code`` (made once, then kept up with its ``actions``, the live
    game's list or a copy; ``finished_by`` once the game is over). The server calls it in its replay
    worker process (:mod:`.replay`), which keeps the cache."""
    key = (code, states)
    tl = _CACHE.get(key)
    if tl is None or tl.head != head or tl.applied > len(actions):
        tl = Timeline(head, states)
        _CACHE[key] = tl
    _CACHE.move_to_end(key)
    kept = [k for k in _CACHE if k[1] == states]
    for old in kept[: max(0, len(kept) - CACHED[states])]:
        del _CACHE[old]
    tl.follow(actions, finished_by)
    return tl
