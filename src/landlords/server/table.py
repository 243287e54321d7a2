"""One game at the server: its seats, its clients, and its single writer.

Every change to a game goes through :meth:`Table.submit` (people's acts), the bot loop and the timer,
all under the table's lock: the engine checks the act, the act's row is committed, and only then is it
acknowledged and the update pushed to every client. When a commit fails (the database went away), the
act is undone in memory, its sender is told that it was not saved, and before the game's next act the
log is read again (the commit may have got through after all), so memory never runs ahead of the
database and no acknowledged act is lost; while the database stays away, acts are refused in one line
and bots wait, and the game goes on by itself once it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import new_game
from .. import record as records
from ..bots import make_bot
from ..describe.labels import bot_reason, speaker
from ..editions import packaged_id
from ..bots.verdicts import Answer, judge
from ..engine.actions import Action, TimeOut, action_from_json
from ..engine.decision import TRADE_RESPONSE
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game
from ..i18n import has, reason, tr
from ..rules import get_ruleset
from . import views
from .connection import Connection
from .protocol import PROTOCOL_VERSION, ProtocolError, dumps
from .storage import GameRow, SeatRow, database_trouble, trouble_line

if TYPE_CHECKING:
    from .app import Server

log = logging.getLogger("landlords.server")

CHECKPOINT_SECONDS = 5.0  # how often the running clocks of a timed game are saved (server clock)
TIMER_BOT = "baseline"  # plays a person's move when a lobby timer (no ruleset consequence) runs out
RECENT_EVENTS = 60  # events a client gets with its welcome


RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)  # a bot's or the timer's waits while the database is away


class BrokenGame(Exception):
    """A started game whose stored log does not replay (edited or damaged by hand): it cannot be
    played or shown, and the one-line reason says so."""

    def __init__(self, code: str, why: BaseException) -> None:
        words = " ".join(str(why).split()) or type(why).__name__
        super().__init__(f"game {code} cannot be restored from its stored log ({words})")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatState:
    seat: int
    name: str | None
    kind: str  # open | person | bot
    strategy: str | None = None
    token_hash: str | None = None
    connections: set[Connection] = field(default_factory=set)
    remote: set[str] = field(default_factory=set)  # the other processes with a client at this seat (cluster)

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.name, self.kind, self.strategy, self.token_hash)

    def public(self, game: Game | None) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "strategy": self.strategy,
            "connected": bool(self.connections or self.remote) or self.kind == "bot",
            "bankrupt": bool(game.bankrupt[self.seat]) if game is not None else False,
        }


class Table:
    def __init__(self, server: Server, row: GameRow, seat_rows: list[SeatRow]) -> None:
        self.server = server
        self.row = row
        self.settings = row.settings
        self.seats = [SeatState(s.seat, s.name, s.kind, s.strategy, s.token_hash) for s in seat_rows]
        self.game: Game | None = None
        self.version = 0
        self.lock = asyncio.Lock()
        self.watchers: set[Connection] = set()
        self.bots: dict[int, Any] = {}
        self.bot_task: asyncio.Task | None = None
        self.chat: list[dict[str, Any]] = []
        # clocks: when the pending decision appeared, each seat's time used, the game's start
        self.decision_key: tuple | None = None
        self.decision_started = 0.0
        self.time_used: list[float] = []
        self.started_at = 0.0
        self.saved_at = 0.0  # when the clocks were last checkpointed
        self.saved_clock: dict[str, Any] | None = None
        self._cache: dict[tuple, tuple[str, int]] = {}  # views until the next broadcast (view_message)
        self._acts: dict[tuple[int, str], tuple[tuple[int, int], str]] = {}  # (seat, lang) -> (stamp, JSON)

    # ------------------------------------------------------------ identity
    @property
    def code(self) -> str:
        return self.row.code

    @property
    def status(self) -> str:
        return self.row.status

    def seat_for(self, token: str) -> int | None:
        h = token_hash(token)
        for s in self.seats:
            if s.token_hash and hmac.compare_digest(s.token_hash, h):
                return s.seat
        return None

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.row.host_hash, token_hash(token))

    def summary(self) -> dict[str, Any]:
        s = self.settings
        return {
            "code": self.code,
            "status": self.status,
            "edition": s["edition"],
            "ruleset": s["ruleset"],
            "rules": s.get("rules", {}),
            "private": s.get("private", False),
            "decision_seconds": s.get("decision_seconds"),
            "budget_minutes": s.get("budget_minutes"),
            "seats": [seat.public(self.game) for seat in self.seats],
            "version": self.version,
            "rematch": self.row.rematch,
            "winner": self.game.winner if self.game is not None and self.game.over else None,
        }

    # ------------------------------------------------------------ the game
    def build_game(self) -> Game:
        """A new game from the lobby's settings (at the start)."""
        s = self.settings
        rules = get_ruleset(s["ruleset"], s.get("rules") or {})
        people_claim = not s.get("auto_claim_people", False)
        return new_game(
            packaged_id(s["edition"]),  # an id, even in a database written before ids were checked
            rules,
            players=[seat.name or f"Player {seat.seat + 1}" for seat in self.seats],
            seed=self.row.seed if self.row.key is None else None,
            key=self.row.key,
            dice=[tuple(r) for r in s.get("dice") or ()],
            first_player=s.get("first_player"),
            auto_claim=[seat.kind == "bot" or not people_claim for seat in self.seats],
        )

    def bot_seed(self, seat: int) -> int:
        """The seed of a bot's own choices at ``seat``: from the game's secret key (nothing a bot does
        tells the key), or from a test game's seed."""
        key = self.row.key
        if key is None:
            return self.row.seed * 31 + seat
        digest = hashlib.blake2b(seat.to_bytes(2, "little"), key=key, person=b"landlords-bot", digest_size=8)
        return int.from_bytes(digest.digest(), "little") >> 1

    def head(self, game: Game) -> dict[str, Any]:
        data = records.to_record(game)
        data.pop("actions", None)
        data.pop("state_hash", None)
        data.pop("finished_by", None)
        return data

    async def restore(self) -> None:
        """Rebuild a started game from its head and its committed actions (start-up, or a failed commit)."""
        assert self.row.head is not None
        storage = self.server.storage
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
        self.decision_key = _decision_key(self.game)

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
        now = self.server.clock.now()
        lost = 0.0
        if saved is not None and len(saved.get("used", ())) == game.n:
            lost = _lost_time(saved, self.server.clock.wall())
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
        self._track_decision()
        if saved is not None:
            self.decision_started = now - float(saved["decision"]) - lost
        self.saved_at = now
        self.bots = {
            s.seat: make_bot(s.strategy or TIMER_BOT, seed=self.bot_seed(s.seat), strangers=True)
            for s in self.seats
            if s.kind == "bot"
        }

    async def start(self) -> None:
        """Lobby -> playing: every seat is taken (people or bots)."""
        self.game = self.build_game()
        self.game.setup["seats"] = [
            {"bot": s.strategy} if s.kind == "bot" else {"person": True} for s in self.seats
        ]
        self.row.head = self.head(self.game)
        self.row.status = "playing"
        self._after_start()
        await self.server.storage.set_status(
            self.row.id, status="playing", head=self.row.head, clock={"version": 0, **self.clocks()}
        )
        if self.server.cluster is not None:
            self.server.cluster.changed(self)
        self.broadcast([])
        self.kick()

    # ------------------------------------------------------------ acts
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
        cluster = self.server.cluster
        if cluster is not None and not cluster.owns(self):
            return await cluster.forward(self, conn, msg)  # the game's owner is another process
        async with self.lock:
            try:
                await self._reconcile()
            except Exception as exc:
                if not database_trouble(exc):
                    raise
                conn.send(self.refusal(conn, _not_saved(), ref))
                return
            game = self.game
            if game.over:
                raise ProtocolError("game_over", "the game is over")
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
            conn.send(ack)
            self.broadcast(self._pending_events)
        self.kick()

    def refusal(self, conn: Connection, exc: IllegalAction, ref: Any) -> dict[str, Any]:
        money = self.game.edition.currency.show if self.game is not None else None
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
        cluster = self.server.cluster
        if cluster is not None and not cluster.owns(self):  # the lease ran out: another may write now
            raise _not_saved()
        before = len(game.events or [])
        clocks = (self.decision_started, list(self.time_used))
        game.apply(seat, action)  # raises IllegalAction before any change
        n = len(game.actions) - 1
        self._track_decision()
        self.committing = True
        try:
            await self.server.storage.append_action(
                self.row.id, n, seat, action.to_json(), self.clocks() if self.timed else None, finished=game.over
            )
            if game.over:
                self.row.status = "finished"
        except Exception as exc:
            self._commit_failed(f"act {n}", exc)
            self._undo(n, clocks)
            raise _not_saved() from None
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

    _pending_events: list = []
    unsure = False  # a commit failed: its fate is unknown until the log is read again
    timed = False  # a clock may end a decision or the game (set at the start; its clocks are checkpointed)
    committing = False  # an act is applied in memory and its row not yet committed: no views now

    # ------------------------------------------------------------ clocks
    def _track_decision(self) -> None:
        """Start the pending decision's clock when it is new; charge the last one to its seat."""
        game = self.game
        assert game is not None
        key = _decision_key(game)
        if _same_decision(key, self.decision_key):  # its clock runs on (or there is none, both times)
            return
        now = self.server.clock.now()
        if self.decision_key is not None:
            self.time_used[self.decision_key[2]] += now - self.decision_started
        self.decision_key = key
        self.decision_started = now

    def clocks(self, final: bool = False) -> dict[str, Any]:
        """The clocks as saved: each seat's time used (the pending decision not charged yet), the
        pending decision's time so far, the game's time so far (all in seconds), and the wall time
        they were read at; ``final`` when the server stops on purpose (see :func:`_lost_time`)."""
        clock = self.server.clock
        now = clock.now()
        return {
            "used": [round(u, 3) for u in self.time_used],
            "decision": round(now - self.decision_started, 3),
            "elapsed": round(now - self.started_at, 3),
            "wall": round(clock.wall(), 3),
        } | ({"final": True} if final else {})

    async def save_clocks(self, final: bool = False) -> None:
        """Checkpoint the running clocks, so that a restart (even after ``kill -9``) gives back none
        of anybody's time (:func:`_lost_time`); ``final`` as the server stops."""
        async with self.lock:
            if not self.timed or self.status != "playing" or self.game is None or self.game.over:
                return
            taken = self.server.clock.now()
            data = {"version": self.version, **self.clocks(final)}
            await self.server.storage.set_status(self.row.id, clock=data)
            self.saved_clock = data
            # the moment the clocks were read, not the end of the write: time that passed while it
            # was written is not in it (saved_at after the write made the next checkpoint wait for
            # time that was never saved; on a standing test clock, forever)
            self.saved_at = taken

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
        if not self.timed and (game.decision is None or game.decision.deadline is None):
            return None  # no clock in this game (most of them): the timer's every look is cheap
        out: list[tuple[float, str]] = []
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

    async def on_clock(self) -> None:
        """Called by the server's timer: enforce whatever deadline has passed."""
        async with self.lock:
            await self._reconcile()  # the database still away: the server's timer tries again later
            due = self.deadline()
            game = self.game
            if due is None or game is None or due[0] > self.server.clock.now():
                return
            if due[1] == "time_limit":
                before = len(game.events or [])
                clocks = (self.decision_started, list(self.time_used))
                game.finish_by_net_worth("time_limit")
                try:
                    await self.server.storage.set_status(self.row.id, status="finished", finished_by="time_limit")
                except Exception as exc:
                    self._commit_failed("the time limit's end", exc)
                    self._undo(len(game.actions), clocks)
                    return
                self.row.status = "finished"
                self.row.finished_by = "time_limit"
                if self.server.cluster is not None:
                    self.server.cluster.changed(self)
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

    # ------------------------------------------------------------ bots
    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``bot`` or ``person`` (an absent person's seat is a bot's when the
        host allowed it)."""
        s = self.seats[seat]
        if s.kind == "bot":
            return "bot"
        if not s.connections and not s.remote and self.settings.get("absent_bot"):
            return "bot"
        return "person"

    def kick(self) -> None:
        """Start the bot loop if a bot must move and it is not running (the owner's only, in a cluster)."""
        if self.server.cluster is not None and not self.server.cluster.owns(self):
            return
        if self.bot_task is None or self.bot_task.done():
            game = self.game
            if game is not None and not game.over and self.controller(game.decision.seat) == "bot":
                self.bot_task = asyncio.create_task(self._bot_loop())

    async def _bot_loop(self) -> None:
        pause = float(self.settings.get("bot_pause", 0.5))
        if all(s.kind == "bot" for s in self.seats):
            pause = 0.0  # a table of only bots runs at full speed
        failures = 0  # commits failed in a row: the database is away, the bots wait longer each time
        while True:
            game = self.game
            if game is None or game.over:
                return
            seat = game.decision.seat
            if self.controller(seat) != "bot":
                return
            cluster = self.server.cluster
            if cluster is not None and not cluster.owns(self):
                return  # the lease ran out: the bots move at the game's new owner (or here once it is ours again)
            await asyncio.sleep(pause if not failures else RETRY_SECONDS[min(failures, len(RETRY_SECONDS)) - 1])
            async with self.lock:
                try:
                    await self._reconcile()
                except Exception as exc:
                    if not database_trouble(exc):
                        raise
                    failures += 1
                    continue
                game = self.game
                if game is None or game.over or game.decision.seat != seat or self.controller(seat) != "bot":
                    continue
                bot = self.bots.get(seat)
                if bot is None:
                    bot = self.bots[seat] = make_bot(TIMER_BOT, seed=self.bot_seed(seat))
                proposer, answer = self._verdict(seat, bot)
                action = self._bot_action(seat, bot)
                try:
                    await self._apply(seat, action)
                except IllegalAction:
                    failures += self.unsure
                    continue
                failures = 0
                self.broadcast(self._pending_events)
                if answer is not None and not answer.accepts:
                    await self._refused_offer(seat, proposer, answer)

    def _verdict(self, seat: int, bot: Any) -> tuple[int, Answer | None]:
        """A bot's judgement of a person's offer to it, taken before it answers: the proposer and
        the answer (None when the decision is not a person's offer or the bot has no judgement)."""
        game = self.game
        assert game is not None
        d = game.decision
        if d.kind != TRADE_RESPONSE or self.seats[d.data.proposer].kind != "person":
            return -1, None
        try:
            return d.data.proposer, judge(bot, game, seat, d.data)
        except Exception:  # a strategy whose judgement fails says nothing; its act still comes
            return -1, None

    async def _refused_offer(self, seat: int, proposer: int, answer: Answer) -> None:
        """The bot at ``seat`` refused a person's offer: it says why to the proposer (a ``said``
        message in each of the proposer's clients' language) and makes its counter-offer, if any."""
        game = self.game
        assert game is not None
        for conn in list(self.seats[proposer].connections):
            why = bot_reason(game, conn.lang, answer)
            if why:
                name = str(speaker(game, conn.lang).name(seat))
                conn.send({"type": "said", "seat": seat, "name": name, "text": why, "version": self.version})
        counter = answer.counter
        if counter is None or answer.refusal is not None or game.over or not game.is_legal(seat, counter):
            return
        try:
            await self._apply(seat, counter)
        except IllegalAction:
            return
        self.broadcast(self._pending_events)

    def _bot_action(self, seat: int, bot: Any) -> Action:
        game = self.game
        assert game is not None
        try:
            action = bot.act(game, game.decision)
        except Exception:  # a strategy that cannot answer: the first legal answer keeps the game going
            action = None
        if action is None or not game.is_legal(seat, action):
            action = next(iter(game.decision_actions()), None) or next(iter(game.legal_actions(seat)))
        return action

    # ------------------------------------------------------------ clients
    async def attach(self, conn: Connection, seat: int | None) -> None:
        conn.seat = seat
        conn.table = self
        if not self.chat:
            self.chat = await self.server.storage.load_chat(self.row.id)
        async with self.lock:  # never a view of an act still being committed
            if seat is not None:
                self.seats[seat].connections.add(conn)
            conn.send(self.view_message(conn, "welcome", recent=True))
            self.watchers.add(conn)  # only now: no update may reach a client before its welcome
            self.broadcast([], skip=conn)  # the others see the seat connected
        if seat is not None and self.server.cluster is not None:
            self.server.cluster.presence()

    def detach(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connections.discard(conn)
            self.broadcast([])
            self.kick()  # an absent person's seat may pass to a bot
            if self.server.cluster is not None:
                self.server.cluster.presence()
        if self.status == "finished" and not self.watchers and self.server.cluster is None:
            self.server.forget(self)

    def broadcast(self, events: list, skip: Connection | None = None) -> None:
        if self.committing:
            return  # the writer pushes the whole view as soon as the act is committed
        self._cache.clear()
        for conn in list(self.watchers):
            if conn is not skip:
                conn.send(self.view_message(conn, "update", events=events))

    def view_message(self, conn: Connection, kind: str, events: list | None = None, recent: bool = False) -> str:
        """The message for one client: the shared part (per language, built once per version, until
        the next broadcast: a welcome's too, so a ``sync`` costs no new view) and the seat's own part
        (its acts). An update is one string for all the clients of a seat (spectators: no seat), not a
        copy each: 2,000 spectators that did not read held 800 MB of copies in their queues."""
        key: tuple = (id(events) if not recent else -1, conn.lang, conn.position)
        if recent:  # a welcome may come before the broadcast of a change of seats (attach): its own key
            key += (tuple((s.kind, s.name, bool(s.connections or s.remote)) for s in self.seats),)
        whole_key = (*key, conn.seat)
        if kind == "update" and whole_key in self._cache:
            return self._cache[whole_key][0]
        cached = self._cache.get(key)
        if cached is None or cached[1] != self.version:
            shared = self._shared(conn.lang, events, recent, conn.position)
            cached = (dumps(shared)[1:-1], self.version)
            self._cache[key] = cached
        head = {"type": kind, "protocol": PROTOCOL_VERSION, "code": self.code}
        if kind == "welcome":
            head["lang"] = conn.lang  # the language used: a hello's unknown one falls back to English
            head["chat"] = self.chat[-50:]
        out = dumps(head)[:-1] + "," + cached[0] + ',"you":' + self._you(conn.seat, conn.lang) + "}"
        if kind == "update":
            self._cache[whole_key] = (out, self.version)
        return out

    def _you(self, seat: int | None, lang: str) -> str:
        """A seat's own part (its acts with their labels), as JSON: made once per version, seat and
        language, whoever of that seat (a second tab, a reconnect) asks."""
        if seat is None or self.game is None:
            return dumps({"seat": seat})
        stamp = (self.version, id(self.game))
        cached = self._acts.get((seat, lang))
        if cached is None or cached[0] != stamp:
            cached = (stamp, dumps({"seat": seat, "acts": views.seat_acts(self.game, seat, lang)}))
            self._acts[(seat, lang)] = cached
        return cached[1]

    def _shared(self, lang: str, events: list | None, recent: bool, position: bool = False) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {"version": self.version, "game": self.summary()}
        if game is None:
            out.update(state=None, decision=None, events=[])
            return out
        if recent:
            events = (game.events or [])[-RECENT_EVENTS:]
        out["events"] = [views.event_json(game, ev, lang) for ev in events or []]
        out["events_from"] = len(game.events or []) - len(events or [])  # the first one's index in the log
        out["state"] = views.public_state(game)
        if position:
            out["position"] = views.public_position(game)
        due = self.deadline()
        deadline_at = None
        if due is not None and due[1] == "decision":
            clock = self.server.clock
            deadline_at = round(clock.wall() + (due[0] - clock.now()), 3)
        out["decision"] = views.decision_view(game, lang, deadline_at)
        budget = self.budget_minutes()
        if budget is not None and not game.over:
            clock = self.server.clock
            running = self.decision_key[2] if self.decision_key is not None else None
            started = clock.wall() - (clock.now() - self.decision_started)
            out["clocks"] = views.budget_clocks(budget, self.time_used, running, started)
        if game.over:
            why = f"end.{game.end_reason}"
            words = tr(lang, why) if has(lang, why) else game.end_reason
            out["result"] = {
                "winner": game.winner,
                "reason": game.end_reason,
                "text": tr(lang, "ui.winner", player=game.names[game.winner], reason=words),
            }
        return out

    async def add_chat(self, conn: Connection, text: str) -> None:
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators cannot chat")
        seat = self.seats[conn.seat]
        entry = {
            "seat": conn.seat,
            "name": seat.name or "",
            "text": text.strip(),
            "at": round(self.server.clock.wall(), 3),
        }
        await self.server.storage.add_chat(self.row.id, conn.seat, entry["name"], entry["text"], entry["at"])
        self.chat.append(entry)
        del self.chat[:-100]
        if self.server.cluster is not None:
            self.server.cluster.chat(self, entry)
        message = dumps({"type": "chat", **entry})
        for c in list(self.watchers):
            c.send(message)

    async def close(self) -> None:
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.bot_task


def _lost_time(saved: dict[str, Any], wall: float) -> float:
    """The time that ran on a stopped server after its last saved clocks: none after a stop on
    purpose (the clocks were saved as it stopped), else the wall time since they were saved, up
    to one :data:`CHECKPOINT_SECONDS` (the most a running server goes without saving; beyond it the
    server was down, which is nobody's time). Charged on a restart, with a checkpoint written at
    once, so that restarts however close together never give a seat its time back."""
    if saved.get("final") or "wall" not in saved:
        return 0.0
    return min(max(wall - float(saved["wall"]), 0.0), CHECKPOINT_SECONDS)


def _decision_key(game: Game) -> tuple | None:
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


def _not_saved() -> IllegalAction:
    return IllegalAction("server-busy", "the server could not save this act; try again")
