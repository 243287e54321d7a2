"""A table's log: a started game rebuilt from its head and its committed acts (a restart, a failed
commit, a replica's reload), an act undone in memory, the start's clocks and bots."""

from __future__ import annotations

import logging
from typing import Any

from ... import record as records
from ...bots import make_bot
from ...engine.game import Game
from .base import TableBase
from .bots import TIMER_BOT
from .clocks import lost_time, pending_key
from .seats import BrokenGame

log = logging.getLogger("landlords.server")


class Log(TableBase):
    """The game rebuilt from the log, and undone in memory."""

    async def restore(self) -> None:
        """Rebuild a started game from its head and its committed actions (start-up, or a failed commit)."""
        assert self.row.head is not None
        storage = self.host.storage
        acts = await storage.load_actions(self.row.id)
        saved = await storage.load_clock(self.row.id)
        self.game = self._replay(acts, self.row.finished_by)
        if self.game.over and self.row.status != "finished":
            self.row.status = "finished"
        self._after_start(saved[1] if saved is not None else None)
        self.unsure = False

    def _replay(self, acts: list, finished_by: str | None) -> Game:
        """The game from its head and ``acts`` (``[seat, action JSON]`` pairs); :class:`BrokenGame`
        when they do not replay."""
        data = dict(self.row.head or {})
        data["actions"] = [[seat, a] for seat, a in acts]
        data["finished_by"] = finished_by
        try:
            return records.replay(data, check_hash=False)
        except Exception as exc:
            raise BrokenGame(self.code, exc) from None

    def _undo(self, acts: int, clocks: tuple) -> None:
        """Back to the game after its first ``acts`` acts, from memory (the database may be away),
        with the clocks as they were then."""
        game = self.game
        assert game is not None
        self.game = self._replay([[seat, a.to_json()] for seat, a in game.actions[:acts]], None)
        self.decision_started, self.time_used = clocks
        self.decision_key = pending_key(self.game)

    async def _reconcile(self) -> None:
        """After a commit that failed, the log is read again before the next act: the commit may have
        reached the database after all (a connection lost after COMMIT), and the log is the truth.
        Raises what the database raises while it is still away."""
        if not self.unsure:
            return
        version = self.version
        await self.restore()
        log.warning(
            "game %s: the database is back; the game goes on from its log (version %d)", self.code, self.version
        )
        if self.version != version:
            self.broadcast([])

    def _after_start(self, saved: dict[str, Any] | None = None) -> None:
        """Set up the clocks (from the saved ones after a restart: the time used stays used) and bots."""
        game = self.game
        assert game is not None
        self.version = len(game.actions) + (1 if game.finished_by else 0)
        now = self.host.clock.now()
        lost = 0.0
        if saved is not None and len(saved.get("used", ())) == game.n:
            lost = lost_time(saved, self.host.clock.wall())
            self.time_used = [float(u) for u in saved["used"]]
            self.started_at = now - float(saved["elapsed"]) - lost
        else:
            saved = None
            self.time_used = [0.0] * game.n
            self.started_at = now
        rules = game.rules
        self.timed = any(
            v is not None
            for v in (
                rules.time_limit_minutes,
                rules.player_time_minutes,
                rules.decision_seconds,
                self.settings.get("decision_seconds"),
                self.settings.get("budget_minutes"),
            )
        )
        self.decision_key = None
        self.track_decision()
        if saved is not None:
            self.decision_started = now - float(saved["decision"]) - lost
        self.saved_at = now
        self.bots = {
            s.seat: make_bot(s.strategy or TIMER_BOT, seed=self.bot_seed(s.seat), strangers=True)
            for s in self.seats
            if s.kind == "bot"
        }
