"""A table's clocks: each decision's time, each seat's budget, the game's time limit, their
checkpoints in the database, and the timer's acts when a deadline passes."""

from __future__ import annotations

from typing import Any

from ...bots import make_bot
from ...engine.actions import Action, TimeOut
from ...engine.errors import IllegalAction
from ...engine.game import Game
from .base import TableBase
from .bots import TIMER_BOT
from .fair import PAUSE_LIMIT

CHECKPOINT_SECONDS = 5.0  # how often the running clocks of a timed game are saved (server clock)


class Clocks(TableBase):
    """The clocks and the timer's acts."""

    def track_decision(self) -> None:
        """Start the pending decision's clock when it is new; charge the last one to its seat."""
        game = self.game
        assert game is not None
        self.clock_changed()  # after every act (the game changed), whether or not its decision did
        key = pending_key(game)
        if _same_decision(key, self.decision_key):  # its clock runs on (or there is none, both times)
            return
        now = self.host.clock.now()
        if self.decision_key is not None:
            self.time_used[self.decision_key[2]] += now - self.decision_started
        self.decision_key = key
        self.decision_started = now

    def clocks(self, final: bool = False) -> dict[str, Any]:
        """The clocks as saved: each seat's time used (the pending decision not charged yet), the
        pending decision's time so far, the game's time so far (all in seconds), and the wall time
        they were read at; ``final`` when the server stops on purpose (see :func:`lost_time`)."""
        clock = self.host.clock
        now = clock.now()
        return {
            "used": [round(u, 3) for u in self.time_used],
            "decision": round(now - self.decision_started, 3),
            "elapsed": round(now - self.started_at, 3),
            "wall": round(clock.wall(), 3),
        } | ({"final": True} if final else {})

    async def save_clocks(self, final: bool = False) -> None:
        """Checkpoint the running clocks, so that a restart (even after ``kill -9``) gives back none
        of anybody's time (:func:`lost_time`); ``final`` as the server stops."""
        async with self.lock:
            if not self.timed or self.status != "playing" or self.game is None or self.game.over:
                return
            taken = self.host.clock.now()
            data = {"version": self.version, **self.clocks(final)}
            await self.host.storage.set_status(self.row.id, clock=data)
            self.saved_clock = data
            # the moment the clocks were read, not the end of the write: time that passed while it
            # was written is not in it (saved_at after the write made the next checkpoint wait for
            # time that was never saved; on a standing test clock, forever)
            self.saved_at = taken
            self.clock_changed()  # the next checkpoint's moment

    def budget_minutes(self) -> float | None:
        """Each seat's time budget: the ruleset's (polish ``player_time_minutes``: bankruptcy when it is
        spent) or the lobby's ``budget_minutes`` (a bot moves when it is spent), or None."""
        budget = self.game.rules.player_time_minutes if self.game is not None else None
        return budget if budget is not None else self.settings.get("budget_minutes")

    def deadline(self) -> tuple[float, str] | None:
        """The next moment the clock must act, and what for (``time_limit`` or ``decision``)."""
        game = self.game
        if game is None or game.over:
            return None
        if self.paused_at is not None:  # the host's pause ends by itself: a table never waits forever
            return (self.paused_at + PAUSE_LIMIT, "resume")
        absent = self.absent_due()  # an absent person's grace period, then a stand-in
        if not self.timed and (game.decision is None or game.decision.deadline is None):
            return absent  # no clock in this game (most of them): the timer's every look is cheap
        out: list[tuple[float, str]] = [absent] if absent is not None else []
        limit = game.rules.time_limit_minutes
        if limit is not None:
            out.append((self.started_at + limit * 60, "time_limit"))
        d = game.decision
        if d is not None and self.controller(d.seat) == "person":
            seconds = d.deadline if d.deadline is not None else self.settings.get("decision_seconds")
            if seconds is not None:
                out.append((self.decision_started + seconds, "decision"))
            budget = self.budget_minutes()
            if budget is not None:
                out.append((self.decision_started + budget * 60 - self.time_used[d.seat], "decision"))
        return min(out) if out else None

    def timer_due(self) -> float | None:
        """When the server's timer must look at this table next: its :meth:`deadline`, or the next
        checkpoint of a timed game's clocks (:meth:`save_clocks`), whichever comes first; None when
        neither will come until something changes (see :meth:`clock_changed`)."""
        due = self.deadline()
        at = due[0] if due is not None else None
        game = self.game
        if self.timed and self.status == "playing" and game is not None and not game.over:
            checkpoint = self.saved_at + CHECKPOINT_SECONDS
            at = checkpoint if at is None or checkpoint < at else at
        return at

    async def on_clock(self) -> None:
        """Called by the server's timer: enforce whatever deadline has passed."""
        async with self.lock:
            await self._reconcile()  # the database still away: the server's timer tries again later
            due = self.deadline()
            game = self.game
            if due is None or game is None or due[0] > self.host.clock.now():
                return
            if due[1] == "resume":  # a host's pause at its longest
                self._resume(self.host.clock.now())
                self._pending_events = []
            elif due[1] == "absent":  # an absent person's grace period is over
                self.stand_in()
                self._pending_events = []
            elif due[1] == "time_limit":
                before = len(game.events or [])
                clocks = (self.decision_started, list(self.time_used))
                game.finish_by_net_worth("time_limit")
                try:
                    await self.host.storage.set_status(self.row.id, status="finished", finished_by="time_limit")
                except Exception as exc:
                    self._commit_failed("the time limit's end", exc)
                    self._undo(len(game.actions), clocks)
                    self.clock_changed()
                    return
                self.row.status = "finished"
                self.row.finished_by = "time_limit"
                self.clock_changed()  # the game is over: no more deadlines
                if self.host.cluster is not None:
                    self.host.cluster.changed(self)
                self.version += 1
                self._pending_events = (game.events or [])[before:]
            else:
                seat = game.decision.seat
                action: Action = TimeOut()
                if not game.is_legal(seat, action):  # a lobby timer: a bot makes the move instead
                    action = self._bot_action(seat, make_bot(TIMER_BOT, seed=self.bot_seed(seat)))
                try:
                    await self._apply(seat, action)
                except IllegalAction:
                    return
            self.broadcast(self._pending_events)
        self.kick()


def lost_time(saved: dict[str, Any], wall: float) -> float:
    """The time that ran on a stopped server after its last saved clocks: none after a stop on
    purpose (the clocks were saved as it stopped), else the wall time since they were saved, up
    to one :data:`CHECKPOINT_SECONDS` (the most a running server goes without saving; beyond it the
    server was down, which is nobody's time). Charged on a restart, with a checkpoint written at
    once, so that restarts however close together never give a seat its time back."""
    if saved.get("final") or "wall" not in saved:
        return 0.0
    return min(max(wall - float(saved["wall"]), 0.0), CHECKPOINT_SECONDS)


def pending_key(game: Game) -> tuple | None:
    """The pending decision as the clocks tell decisions apart, (the decision, its kind, its seat),
    or None when there is none; see :func:`_same_decision`."""
    d = game.decision
    return None if d is None or game.over else (d, d.kind, d.seat)


def _same_decision(a: tuple | None, b: tuple | None) -> bool:
    """The same decision object, with the same kind and seat. The object itself, not its id(): a
    freed decision's address went to the next one (after a roll of doubles the second roll kept the
    first one's clock, neither charged nor restarted). The seat too: an auction is one object whose
    seat the engine moves from bidder to bidder in place."""
    if a is None or b is None:
        return a is b
    return a[0] is b[0] and a[1:] == b[1:]
