"""The state every part of a :class:`~landlords.server.table.Table` shares: the host, the row, the seats,
the game and its version, the lock, the clients; and what the table is (its code, status, summary,
the game its settings build)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import TYPE_CHECKING, Any

from ... import new_game
from ... import record as records
from ...editions import packaged_id
from ...engine.errors import IllegalAction
from ...engine.game import Game
from ...rules import get_ruleset
from ..connection import Connection
from ..storage import GameRow, SeatRow
from .host import TableHost
from .seats import SeatState, token_hash

if TYPE_CHECKING:
    from ...engine.actions import Action


class TableBase:
    """The shared state and identity; the parts (acts, log, clocks, bots, clients) add the behaviour."""

    def __init__(self, host: TableHost, row: GameRow, seat_rows: list[SeatRow]) -> None:
        self.host = host
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
        self.chat_loaded = False  # read from the database at the first attach (then kept here)
        # clocks: when the pending decision appeared, each seat's time used, the game's start
        self.decision_key: tuple | None = None
        self.decision_started = 0.0
        self.time_used: list[float] = []
        self.started_at = 0.0
        self.saved_at = 0.0  # when the clocks were last checkpointed
        self.saved_clock: dict[str, Any] | None = None
        # fairness (fair.py): each open rent claim's first sight, the claims let go, the host's pause
        self.claim_started: dict[tuple[int, int, int], float] = {}
        self.released: set[tuple[int, int, int]] = set()
        self.paused_at: float | None = None
        self.loaded_at = host.clock.now()  # absent people's grace period counts from here at the latest
        self._cache: dict[tuple, tuple[str, int]] = {}  # views until the next broadcast (view_message)
        self._acts: dict[tuple[int, str], tuple[tuple[int, int], str]] = {}  # (seat, lang) -> (stamp, JSON)
        # lang -> (the game and its names, the JSON of the square acts by views.square_act_key)
        self._act_texts: dict[str, tuple[tuple, dict[tuple, str]]] = {}
        self._events_settled: tuple[int, int] = (0, 0)  # (id of the game, its events let go of: clients.py)
        # the server's timer (..deadlines): this table's live entry in its heap, (due, stamp), and the
        # schedule to tell of changes (None: a host without one, such as a test's)
        self.timer_entry: tuple[float, int] | None = None
        self._deadlines: Any = getattr(host, "deadlines", None)

    def clock_changed(self) -> None:
        """Something :meth:`timer_due` depends on (the game, the seats and who plays them, the pause,
        the clocks, the status) may have changed: the server's timer works it out again at its next
        tick. Called after the change (or before it in the same step, with no ``await`` between)."""
        if self._deadlines is not None:
            self._deadlines.changed(self)

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
            "seats": [self.seat_view(seat.seat) for seat in self.seats],
            "paused": self.pause_view(),
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

    _pending_events: list = []  # noqa: RUF012 - replaced by each act, never appended to
    unsure = False  # a commit failed: its fate is unknown until the log is read again
    timed = False  # a clock may end a decision or the game (set at the start; its clocks are checkpointed)
    committing = False  # an act is applied in memory and its row not yet committed: no views now

    if TYPE_CHECKING:  # what the parts call across each other (each is defined in its own part)

        def track_decision(self) -> None: ...
        def broadcast(self, events: list, skip: Connection | None = None) -> None: ...
        def kick(self) -> None: ...
        def controller(self, seat: int) -> str: ...
        def deadline(self) -> tuple[float, str] | None: ...
        def timer_due(self) -> float | None: ...
        def budget_minutes(self) -> float | None: ...
        def clocks(self, final: bool = False) -> dict[str, Any]: ...
        async def restore(self) -> None: ...
        def _after_start(self, saved: dict[str, Any] | None = None) -> None: ...
        async def _reconcile(self) -> None: ...
        def _undo(self, acts: int, clocks: tuple) -> None: ...
        async def _apply(self, seat: int, action: Action) -> None: ...
        def _commit_failed(self, what: str, exc: BaseException) -> None: ...
        def _bot_action(self, seat: int, bot: Any) -> Action: ...
        def seat_view(self, seat: int) -> dict[str, Any]: ...
        def pause_view(self) -> dict[str, Any] | None: ...
        def note_claims(self) -> None: ...
        def claim_hold(self) -> float: ...
        def claim_view(self) -> list[dict[str, Any]] | None: ...
        def tell_lapsed(self, events: list) -> None: ...
        def absent_due(self) -> tuple[float, str] | None: ...
        def stand_in(self) -> None: ...
        def returned(self, seat: int) -> None: ...
        def gone(self, seat: int) -> None: ...
        def check_not_paused(self) -> None: ...
        def _resume(self, now: float) -> None: ...


def not_saved() -> IllegalAction:
    return IllegalAction("server-busy", "the server could not save this act; try again")
