"""Fair to people (issue 29): a person's rent claim gets a window of a few seconds before a bot's
roll ends it (ended early when they claim or let it go), a lapsed claim is told to its owner; an
absent person's seat is played by a stand-in bot after a grace period, until they come back; the
host replaces a seat with a bot, removes a person, pauses and resumes the game."""

from __future__ import annotations

from typing import Any

from ...describe.labels import money, square_name
from ...engine.decision import PRE_ROLL
from ...engine.errors import IllegalAction
from ...engine.events import RentForfeited
from ...i18n import tr
from ..connection import Connection
from ..protocol import ProtocolError, dumps
from .base import TableBase

CLAIM_SECONDS = 6.0  # a person's claim window against a bot's roll (the lobby's ``claim_seconds``)
ABSENT_SECONDS = 60.0  # the grace period before a stand-in bot plays an absent person's seat (``absent_seconds``)
PAUSE_LIMIT = 15 * 60.0  # a host's pause ends by itself after this: a table never waits forever


def claim_key(c: Any) -> tuple[int, int, int]:
    return (c.owner, c.square, c.turn)


class Fair(TableBase):
    """Claim windows, presence and stand-ins, the host's controls."""

    # ------------------------------------------------------------ claim windows
    def claim_seconds(self) -> float:
        return float(self.settings.get("claim_seconds", CLAIM_SECONDS))

    def note_claims(self) -> None:
        """After every act: each open claim's window starts when it is first seen; claims gone
        (claimed, lapsed) are forgotten."""
        game = self.game
        if game is None:
            return
        now = self.host.clock.now()
        keys = {claim_key(c) for c in game.claims}
        for key in keys:
            self.claim_started.setdefault(key, now)
        for key in list(self.claim_started):
            if key not in keys:
                del self.claim_started[key]
        self.released &= keys

    def _waiting_for(self, c: Any) -> bool:
        """A claim a bot's roll must not end yet: its owner is a person at the table who has not let it go."""
        s = self.seats[c.owner]
        return s.kind == "person" and bool(s.connections or s.remote) and claim_key(c) not in self.released

    def claim_hold(self) -> float:
        """Seconds a bot's roll still waits for people's claim windows (0: it may roll now)."""
        game = self.game
        if game is None or game.over or not game.claims or game.decision is None or game.decision.kind != PRE_ROLL:
            return 0.0
        now = self.host.clock.now()
        window = self.claim_seconds()
        left = 0.0
        for c in game.claims:
            if c.turn < game.turn and self._waiting_for(c):  # the next roll ends it
                start = self.claim_started.setdefault(claim_key(c), now)
                left = max(left, start + window - now)
        return left

    def claim_view(self) -> list[dict[str, Any]] | None:
        """The open claims as the page shows them: owner, square, amount, and the wall time a bot's
        roll may end the claim (``ends_at``; None when nothing waits for it)."""
        game = self.game
        if game is None or game.over or not game.claims:
            return None
        clock = self.host.clock
        now, wall = clock.now(), clock.wall()
        window = self.claim_seconds()
        out = []
        for c in game.claims:
            start = self.claim_started.get(claim_key(c), now)
            waiting = self._waiting_for(c)
            out.append(
                {
                    "owner": c.owner,
                    "square": c.square,
                    "amount": c.amount,
                    "ends_at": round(wall + start + window - now, 3) if waiting else None,
                }
            )
        return out

    async def let_go(self, conn: Connection) -> None:
        """A person lets their open claims go: the bots need not wait for them."""
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators have no claims")
        async with self.lock:
            game = self.game
            if game is None:
                return
            mine = {claim_key(c) for c in game.claims if c.owner == conn.seat}
            if mine - self.released:
                self.released |= mine
                self.broadcast([])

    def tell_lapsed(self, events: list) -> None:
        """A claim that lapsed is told to its owner in words (a ``notice`` to each of their clients)."""
        game = self.game
        if game is None:
            return
        for ev in events:
            if not isinstance(ev, RentForfeited):
                continue
            for conn in list(self.seats[ev.owner].connections):
                words = {
                    "amount": money(game, conn.lang, ev.amount),
                    "square": square_name(game, ev.square, conn.lang),
                }
                conn.send(
                    dumps(
                        {
                            "type": "notice",
                            "kind": "rent_lapsed",
                            "square": ev.square,
                            "amount": ev.amount,
                            "text": tr(conn.lang, "web.notice.rent_lapsed", **words),
                            "version": self.version,
                        }
                    )
                )

    # ------------------------------------------------------------ presence and stand-ins
    def absent_seconds(self) -> float:
        return float(self.settings.get("absent_seconds", ABSENT_SECONDS))

    def away_since(self, seat: int) -> float:
        """When the seat's person left (server clock): their last client's close, or the table's
        loading when they never came back since."""
        left = self.seats[seat].left_at
        return left if left is not None else self.loaded_at

    def absent_due(self) -> tuple[float, str] | None:
        """When the deciding seat's absent person's grace period ends (a stand-in plays then)."""
        game = self.game
        if game is None or game.over or game.decision is None or not self.settings.get("absent_bot", True):
            return None
        s = self.seats[game.decision.seat]
        if s.kind != "person" or s.standin or s.connections or s.remote:
            return None
        return (self.away_since(s.seat) + self.absent_seconds(), "absent")

    def stand_in(self) -> None:
        """The grace period ended (the timer): a bot plays the deciding seat until its person returns."""
        game = self.game
        if game is None or game.decision is None:
            return
        s = self.seats[game.decision.seat]
        if s.kind == "person" and not (s.connections or s.remote):
            s.standin = True
        self.clock_changed()

    def returned(self, seat: int) -> None:
        """A person is back at their seat: they take it back from the stand-in."""
        s = self.seats[seat]
        s.standin = False
        s.left_at = None
        self.clock_changed()  # no grace period now; a decision of theirs has its clock again

    def gone(self, seat: int) -> None:
        """A seat's last client left: the grace period starts."""
        s = self.seats[seat]
        if not s.connections and not s.remote:
            s.left_at = self.host.clock.now()
        self.clock_changed()  # the grace period starts (or a client fewer, which changes nothing)

    def seat_view(self, seat: int) -> dict[str, Any]:
        """A seat as the page shows it, with its presence: ``away_at`` (wall time the person left),
        ``standin_at`` (wall time a stand-in bot plays, None when none will) and ``standin`` (a bot
        plays the seat now)."""
        s = self.seats[seat]
        out = s.public(self.game)
        if s.kind != "person" or self.game is None:
            return out
        clock = self.host.clock
        absent = not (s.connections or s.remote)
        out["standin"] = absent and s.standin
        if absent:
            since = self.away_since(seat)
            out["away_at"] = round(clock.wall() - (clock.now() - since), 3)
            if self.settings.get("absent_bot", True) and not s.standin:
                out["standin_at"] = round(out["away_at"] + self.absent_seconds(), 3)
        return out

    # ------------------------------------------------------------ the host's controls
    def _person_seat(self, seat: int) -> Any:
        if self.game is None or self.status != "playing":
            raise IllegalAction("not-playing", "only a game in play has seats to hand over")
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "person":
            raise IllegalAction("not-a-person", "seat {seat} is not a person's", seat=seat)
        return self.seats[seat]

    async def host_standin(self, seat: int) -> None:
        """The host: a bot plays ``seat`` now, until its person comes back."""
        async with self.lock:
            s = self._person_seat(seat)
            s.standin = True
            if not (s.connections or s.remote) and s.left_at is None:
                s.left_at = self.host.clock.now()
            self.clock_changed()
            self.broadcast([])
        self.kick()

    async def host_remove(self, seat: int) -> list[Connection]:
        """The host removes a person: their seat is a bot's for good (their token holds it no more).
        Returns their clients, which stay as spectators."""
        async with self.lock:
            s = self._person_seat(seat)
            s.kind, s.strategy, s.token_hash, s.standin = "bot", "advisor", None, False
            self.clock_changed()  # a bot's seat now (also if the write below fails)
            await self.host.storage.save_seat(self.row.id, s.row())
            conns = list(s.connections)
            for conn in conns:
                conn.seat = None
            s.connections.clear()
            self.bots.pop(seat, None)
            self.broadcast([])
        self.kick()
        return conns

    async def host_pause(self, paused: bool) -> None:
        """The host pauses (nobody acts, no bot, no timer; at most :data:`PAUSE_LIMIT`) or resumes."""
        async with self.lock:
            if self.game is None or self.status != "playing":
                raise IllegalAction("not-playing", "only a game in play can be paused")
            now = self.host.clock.now()
            if paused and self.paused_at is None:
                self.paused_at = now
            elif not paused and self.paused_at is not None:
                self._resume(now)
            self.clock_changed()
            self.broadcast([])
        self.kick()

    def _resume(self, now: float) -> None:
        """The pause ends: the pending decision's clock and the absent seats' grace periods do not
        count the pause."""
        assert self.paused_at is not None
        pause = now - self.paused_at
        self.paused_at = None
        self.decision_started += pause
        self.started_at += pause
        for s in self.seats:
            if s.left_at is not None:
                s.left_at += pause
        self.loaded_at += pause
        self.clock_changed()

    def pause_view(self) -> dict[str, Any] | None:
        if self.paused_at is None:
            return None
        clock = self.host.clock
        return {"until": round(clock.wall() + self.paused_at + PAUSE_LIMIT - clock.now(), 3)}

    def check_not_paused(self) -> None:
        if self.paused_at is not None:
            raise IllegalAction("paused", "the host paused the game: wait until it goes on")
