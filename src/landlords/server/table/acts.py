"""A table's acts: the start, a client's act (checked, applied, committed, acknowledged, pushed -
or refused), the one commit path every act takes, and what a failed commit leaves behind."""

from __future__ import annotations

import logging
from typing import Any

from ...describe.words import money as words_money
from ...engine.actions import Action, TimeOut, action_from_json
from ...engine.errors import ConfigError, IllegalAction
from ...i18n import reason
from ..connection import Connection
from ..protocol import ProtocolError, dumps
from ..storage import database_trouble, trouble_line
from .base import TableBase, not_saved

log = logging.getLogger("landlords.server")


class Acts(TableBase):
    """The start, people's acts and the commit path."""

    async def start(self) -> None:
        """Lobby -> playing: every seat is taken (people or bots)."""
        self.game = self.build_game()
        self.game.setup["seats"] = [
            {"bot": s.strategy} if s.kind == "bot" else {"person": True} for s in self.seats
        ]
        self.row.head = self.head(self.game)
        self.row.status = "playing"
        self._after_start()
        await self.host.storage.set_status(
            self.row.id, status="playing", head=self.row.head, clock={"version": 0, **self.clocks()}
        )
        if self.host.cluster is not None:
            self.host.cluster.changed(self)
        self.broadcast([])
        self.kick()

    async def submit(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A client's act: checked, applied, committed, acknowledged, pushed - or refused."""
        ref = msg.get("id")
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators cannot act")
        if "seat" in msg and msg["seat"] != conn.seat:
            raise ProtocolError("not_your_seat", f"your token is for seat {conn.seat}, not seat {msg['seat']}")
        if self.game is None:
            raise ProtocolError("not_started", "the game has not started yet")
        try:
            action = action_from_json(msg["action"])
        except ConfigError as exc:
            raise ProtocolError("bad_action", str(exc)) from None
        if isinstance(action, TimeOut):
            raise ProtocolError("bad_action", "time_out is applied by the server's clock, never sent")
        cluster = self.host.cluster
        if cluster is not None and not cluster.owns(self):
            await cluster.forward(self, conn, msg)  # the game's owner is another process
            return
        async with self.lock:
            try:
                await self._reconcile()
            except Exception as exc:
                if not database_trouble(exc):
                    raise
                conn.send(self.refusal(conn, not_saved(), ref))
                return
            game = self.game
            if game.over:
                raise ProtocolError("game_over", "the game is over")
            try:
                self.check_not_paused()
            except IllegalAction as exc:
                conn.send(self.refusal(conn, exc, ref))
                return
            if msg["version"] != self.version:
                exc = IllegalAction(
                    "stale-version",
                    "the game moved on (version {current}, you saw {seen}): look again",
                    current=self.version,
                    seen=msg["version"],
                )
                conn.send(self.refusal(conn, exc, ref))
                return
            try:
                await self._apply(conn.seat, action)
            except IllegalAction as exc:
                conn.send(self.refusal(conn, exc, ref))
                return
            ack: dict[str, Any] = {"type": "ack", "version": self.version}
            if ref is not None:
                ack["id"] = ref
            self.broadcast(self._pending_events, ack=(conn, dumps(ack)))  # the ack, then the update
        self.kick()

    def refusal(self, conn: Connection, exc: IllegalAction, ref: Any) -> dict[str, Any]:
        game = self.game
        money = (
            (lambda n: words_money(game, conn.lang, n)) if game is not None else None
        )  # the reader's words
        out: dict[str, Any] = {
            "type": "refused",
            "rule": exc.rule,
            "reason": reason(conn.lang, exc, money),
            "params": {k: v for k, v in exc.params.items() if isinstance(v, str | int | float | bool)},
            "version": self.version,
        }
        if ref is not None:
            out["id"] = ref
        return out

    async def _apply(self, seat: int, action: Action) -> None:
        """Apply and commit one act (the caller holds the lock); IllegalAction changes nothing."""
        game = self.game
        assert game is not None
        cluster = self.host.cluster
        if cluster is not None and not cluster.owns(self):  # the lease ran out: another may write now
            raise not_saved()
        before = len(game.events or [])
        clocks = (self.decision_started, list(self.time_used))
        game.apply(seat, action)  # raises IllegalAction before any change
        n = len(game.actions) - 1
        self.track_decision()
        self.note_claims()
        self.committing = True
        try:
            await self.host.storage.append_action(
                self.row.id, n, seat, action.to_json(), self.clocks() if self.timed else None, finished=game.over
            )
            if game.over:
                self.row.status = "finished"
        except Exception as exc:
            self._commit_failed(f"act {n}", exc)
            self._undo(n, clocks)
            self.clock_changed()  # the game and its clocks as they were before the act
            raise not_saved() from None
        finally:
            self.committing = False
        self.version += 1
        self._pending_events = (game.events or [])[before:]
        if cluster is not None:
            cluster.committed(self, seat, action.to_json())

    def _commit_failed(self, what: str, exc: BaseException) -> None:
        """A write that did not happen: one line in the log (the traceback only for what is not the
        database being away), and the log is read again before the next act."""
        self.unsure = True
        if database_trouble(exc):
            log.error("game %s: %s not saved, the database is unavailable: %s", self.code, what, trouble_line(exc))
        else:
            log.exception("game %s: %s not saved", self.code, what)
