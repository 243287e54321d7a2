"""The terminal game played at a server's table: the same screens and prompts as ``landlords play``
(board, panels, property cards, group plans, the trade builder, the auction's questions), but the
game is the server's. Every act goes to the server, which checks it; the view it sends back is the
truth, and the menus are the acts it lists for this seat.

Two threads share the work. The connection's thread (:class:`~.link.Link`) receives every view as it
comes: it prints the new events, replaces the *mirror* (a game rebuilt from the view's public
position, which the board, the cards and the plans read) and, when this seat's question changed,
ends the prompt that answers the old one. The main thread asks the questions and sends the answers.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from rich.text import Text

from ... import record as records
from ...client import Lobby
from ...describe.labels import action_label, square_name
from ...engine.actions import Action, ClaimRent, Pass
from ...engine.game import Game
from .. import view as screen
from ..advice import TableAdvice
from ..answers import Answers
from ..base import Quit
from ..extras import SMALL_SCREEN, Extras
from ..prompts import Entry, Prompts
from ..saving import default_save_path
from ..screens import Screens
from ..trades import Trades
from .advice import ServerAdvice
from .arrivals import Arrivals
from .link import Link, LinkLost
from .question import Question, act_key, question, question_title
from .terminal import LiveTerminal, QuestionChanged

SETTLE_TIMEOUT = 5.0  # seconds an acknowledged act waits for its update to arrive
STALE_RETRIES = 2  # an act refused as stale is sent again while it means the same in the newer state
CHAT_MARKS = ("'", '"')  # a line starting with one of these is said to the table
HELP_KEYS = (
    "ui.help_numbers",
    "ui.help_groups",
    "ui.help_trade",
    "ui.help_board",
    "ui.help_log",
    "ui.help_card",
    "ui.help_group",
    "ui.help_raise",
    "ui.help_advice",
    "connect.help_chat",
    "connect.help_quit",
)


class LeftTable(Exception):
    """The connection is gone for good (the seat was given up, or the server stayed away)."""


class RemoteApp(Arrivals, Screens, Answers, Prompts, Trades):
    """One person's terminal at a server's table (a spectator's when the token is None)."""

    commands_key = "connect.commands"

    def __init__(
        self,
        base_url: str,
        code: str,
        token: str | None,
        lang: str,
        resume_command: str,
        *,
        terminal: LiveTerminal | None = None,
    ) -> None:
        self.base_url, self.code, self.lang = base_url, code, lang
        self.resume = resume_command
        self.term = terminal or LiveTerminal()
        self.term.side_line = self.side_line
        self.link = Link(base_url, code, token, lang, self.on_view, self.on_chat, self.on_status)
        self.view: dict[str, Any] = {}
        self.game: Game | None = None  # the mirror: replaced (never changed) by the connection's thread
        self.controllers: list[str | None] = []
        self.bots: list[Any] = []
        self.seats: list[records.Seat] = []
        self.save_path = Path()
        self.pace = 0.0
        self.clock = time.monotonic
        self.extras = Extras(self)
        self.advice = TableAdvice(
            self, lambda position: ServerAdvice(base_url, code, token or "", self.term.interrupt)
        )
        self.left_auction: set[tuple[int, int]] = set()
        self.last_offers: dict[tuple[int, int], Any] = {}  # (seat, partner): the offer kept for resending
        self.shown = 0  # events of the game's log printed so far (indexes as in the views' events_from)
        self.log: list[tuple[str, int, str]] = []  # (event kind, seat, words) as received, for `l`
        self.intro_events: list[dict[str, Any]] = []
        self.settled = threading.Condition()  # notified at every view and every change of the connection
        self.question: Question | None = None  # the question on the screen
        self.waiting_for: tuple | None = None  # (seat, kind) of another person's decision, once said
        self.status: str | None = None  # "gave_up" or "refused" once the connection is gone for good
        self.refusal: tuple[str | None, str] = (None, "")  # the refused hello's error code and message
        self.mirror_failed = False

    # ------------------------------------------------------------ words
    @property
    def seat(self) -> int | None:
        return (self.view.get("you") or {}).get("seat")

    def label(self, seat: int, action: Action) -> str:
        q = self.question
        if q is not None and act_key(action) in q.labels:
            return q.labels[act_key(action)]  # the server's words for the acts it lists
        return action_label(self.game, seat, action, self.lang)

    def resume_command(self) -> str:
        return self.resume

    # ------------------------------------------------------------ the main thread
    def run(self) -> int:
        self.link.start()
        try:
            with self.term.live():
                try:
                    with self.settled:
                        self.settled.wait_for(lambda: bool(self.view) or self.status is not None, 15)
                    self.wait_for_start()
                    self.intro()
                    self.watch() if self.seat is None else self.play()
                except (Quit, KeyboardInterrupt, EOFError):
                    self.term.print()
                    self.term.print(self.t("connect.bye" if self.seat is not None else "connect.bye_watch",
                                           command=self.resume))  # fmt: skip
                    return 0
                except LeftTable as exc:
                    self.term.print(Text(str(exc), style="bold red"))
                    return 1
                self.finale()
                return 0
        finally:
            self.advice.close()
            self.link.close()

    def check_link(self) -> None:
        if self.status == "gave_up":
            raise LeftTable(self.t("connect.gave_up", command=self.resume))
        if self.status == "refused":
            code, message = self.refusal
            if code == "bad_token":
                raise LeftTable(self.t("connect.seat_gone"))
            raise LeftTable(self.t("connect.refused", reason=message))
        if not self.view:
            raise LeftTable(self.t("connect.no_game_view"))

    def wait_for_start(self) -> None:
        """In the lobby: who sits where, until every seat is taken and the game starts."""
        shown = None
        while self.view.get("game", {}).get("status") == "lobby":
            seats = self.view["game"]["seats"]
            words = ", ".join(f"{s['seat'] + 1} {s['name'] or self.t('connect.open_seat')}" for s in seats)
            if words != shown:
                shown = words
                self.term.print(self.t("connect.lobby", code=self.code, seats=words))
            with self.settled:
                self.settled.wait(0.5)
            self.check_link()

    def intro(self) -> None:
        self.check_link()
        game = self.game
        if game is None:
            raise LeftTable(self.t("connect.no_game_view"))
        self.term.print(
            Text(self.t("ui.title", edition=game.edition.name, ruleset=game.rules.id), style="bold reverse")
        )
        seats = []
        for s in self.view["game"]["seats"]:
            who = self.t("ui.bot", strategy=s["strategy"]) if s["kind"] == "bot" else self.t("ui.person")
            seats.append(f"{s['name']} ({who})")
        self.term.print(self.t("ui.seats", seats=", ".join(seats)))
        self.term.print(self.t("connect.table", code=self.code, server=self.base_url))
        seat = self.seat
        if seat is None:
            self.term.print(self.t("connect.watching"))
        else:
            self.term.print(Text(self.t("connect.you_are", player=game.names[seat], seat=seat + 1), style="bold"))
        if self.view.get("version"):
            self.term.print(self.t("ui.resumed", n=self.view["version"]))
            for ev in self.intro_events:
                self.term.print(self.event_line(ev))
        else:
            self.extras.rules_summary()
        self.term.print(Text(self.t("ui.help_hint"), style="dim"))

    def over(self) -> bool:
        return bool(self.view.get("result")) or self.view.get("game", {}).get("status") == "finished"

    def play(self) -> None:
        seat = self.seat
        turn_shown: int | None = None
        while not self.over():
            self.check_link()
            self.term.changed.clear()
            self.advice.poll()  # an answer to `?` that came in (its arrival ended the prompt)
            view, game = self.view, self.game
            q = self.question = question(view, game)
            if q.seat is None:
                raise LeftTable(self.t("connect.seat_gone"))  # given up (a bot plays it now)
            if game is None:
                raise LeftTable(self.t("connect.no_game_view"))
            d = game.decision
            entries: list[Entry] = []
            if q.mine and d is not None:
                if self.final_call(d) and (self.auction_key(d), seat) in self.left_auction:
                    self.apply(seat, Pass())  # left this auction for good: no second question
                    continue
                if d.kind == "pre_roll" and turn_shown != game.turn and self.term.height >= SMALL_SCREEN:
                    turn_shown = game.turn
                    self.show_board()
                self.show_question(view, game, q)
                entries = self.answer_entries(seat, d, q.answers)
            if q.claims:  # rent to claim lapses at the next roll: one key away, and said why
                self.show_claims(game, seat, q.claims)
                entries += [Entry(self.label(seat, a), a) for a in q.claims]
            try:
                with self.term.answering(True):
                    action = self.menu(seat, entries, q.menu, main=True)
            except QuestionChanged:
                continue
            if action is not None and self.extras.confirmed(seat, action):
                self.apply(seat, action)

    def watch(self) -> None:
        """A spectator's commands: the board, the log, a card, help, leave."""
        while not self.over():
            self.check_link()
            self.term.changed.clear()
            try:
                with self.term.answering(True):
                    line = self.term.ask(self.t("connect.watch_prompt"), ["v", "l", "p", "h", "q"])
            except QuestionChanged:
                continue
            low = line.lower()
            if low in ("q", "quit", "exit"):
                raise Quit
            if low in ("v", "board"):
                self.show_board()
            elif low in ("l", "log"):
                self.show_log()
            elif low == "p" or low.startswith("p "):
                d = self.game.decision if self.game is not None else None
                self.extras.card_command(d.seat if d is not None else 0, line)
            elif low in ("h", "help", "?"):
                self.show_help()

    def auction_key(self, d) -> int:
        """An auction, the same in every mirror (each view's mirror is a new game object)."""
        a = d.data
        return hash((self.game.turn if self.game is not None else -1, a.square, a.item))

    def leave_auction(self, seat: int, d) -> Action:
        self.left_auction.add((self.auction_key(d), seat))
        return Pass()

    def show_question(self, view: dict[str, Any], game: Game, q: Question) -> None:
        d = game.decision
        if self.extras.roll_again(d):
            self.term.print(Text(self.t("ui.roll_again"), style="bold"))
        self.term.print()
        title = question_title(view)
        if self.final_call(d):
            title = self.t("ui.final_call", player=game.names[d.seat], **self.auction_words(d))
        self.term.print(Text(title, style=screen.seat_style(d.seat)))
        self.details(d)
        deadline = (view.get("decision") or {}).get("deadline_at")
        if deadline is not None:  # the server's clock decides; this is what is left as seen from here
            left = max(0, int(deadline - time.time()))
            self.term.print(Text(self.t("ui.deadline", seconds=left), style="yellow"))

    def show_claims(self, game: Game, seat: int, claims: list[Action]) -> None:
        squares = {a.square for a in claims if isinstance(a, ClaimRent)}
        self.term.print()
        for c in game.claims:
            if c.owner == seat and c.square in squares:
                words = {"amount": self.money(c.amount), "square": square_name(game, c.square, self.lang)}
                self.term.print(
                    Text(self.t("ui.claim_prompt", owner=self.name(seat), payer=self.name(c.payer), **words))
                )

    def side_line(self, line: str) -> bool:
        """A line typed at the main prompt that answers no question: chat. True if it was one."""
        if not line.startswith(CHAT_MARKS) or self.seat is None:
            return False
        text = line[1:].strip()
        if text:
            try:
                self.link.chat(text)
            except LinkLost:
                self.term.print(Text(self.t("connect.act_lost"), style="bold yellow"))
        return True

    # ------------------------------------------------------------ acts
    def apply(self, seat: int, action: Action) -> bool:
        """Send an act; True once the server took it and its update is here. A refusal prints the
        server's reason, in this terminal's language."""
        asked = self.question
        for _ in range(STALE_RETRIES + 1):
            now = question(self.view, self.game)
            same = asked is None or not asked.is_answer(action) or now.key == asked.key
            version = self.view.get("version", -1) if same else asked.version
            try:
                reply = self.link.act(action.to_json(), version)
            except LinkLost:
                self.term.print(Text(self.t("connect.act_lost"), style="bold yellow"))
                return False
            if reply.get("type") == "ack":
                self.settle(reply.get("version", version + 1))
                return True
            if reply.get("type") == "refused" and reply.get("rule") == "stale-version" and same:
                self.settle(reply.get("version", version))
                continue  # the state moved on by acts that do not change this one's meaning
            text = reply.get("reason") or reply.get("message") or str(reply)
            self.term.print(Text(self.t("ui.refused", reason=text), style="bold red"))
            self.settle(reply.get("version", version))
            return False
        return False

    def settle(self, version: int) -> None:
        """Wait until the view of ``version`` (or a later one) is here."""
        end = time.monotonic() + SETTLE_TIMEOUT
        with self.settled:
            while self.view.get("version", -1) < version and self.status is None and time.monotonic() < end:
                self.settled.wait(0.2)

    # ------------------------------------------------------------ the local game's parts, adapted
    def details(self, d) -> None:
        from ..app import PlayApp

        PlayApp.details(self, d)  # type: ignore[arg-type]  # the offer, the stakes, the debt: one screen

    def flush(self) -> None:
        pass  # events are printed as they arrive

    def show_log(self, n: int = 30) -> None:
        for ev in self.log[-n:]:
            self.term.print(self.event_line(ev))

    def show_help(self) -> None:
        for key in HELP_KEYS:
            self.term.print("  " + self.t(key))
        self.extras.rules_summary()

    def save_command(self, answer: str) -> None:
        self.term.print(self.t("connect.no_save"))

    def finale(self) -> None:
        """The board, the standings and the winner; the game's record saved for ``landlords replay``."""
        with self.settled:
            self.settled.wait_for(lambda: self.game is not None and self.game.over, 5)
        if self.game is None:
            return
        self.show_board()
        self.standings()
        path = self.save_record()
        if path is not None:
            self.term.print(self.t("ui.record_saved", path=str(path)))

    def save_record(self) -> Path | None:
        try:
            lobby = Lobby(self.base_url, timeout=10)
            try:
                data = lobby.record(self.code)
            finally:
                lobby.close()
            table = records.restore(data, strangers=True)  # from the server: its bots only as a server takes them
            path = default_save_path()
            records.save(table.game, path, records.seats_of(data), self.lang)
            return path
        except Exception:  # no record (a server that keeps none, a folder not writable): the result stands
            return None

    # sub-dialogues (an amount, a list, a trade's lots) are never interrupted by an update
    def choose(self, *args: Any, **kwargs: Any) -> int | None:
        with self.term.answering(False):
            return super().choose(*args, **kwargs)

    def ask_amount(self, *args: Any, **kwargs: Any) -> int | None:
        with self.term.answering(False):
            return super().ask_amount(*args, **kwargs)

    def build_offer(self, *args: Any, **kwargs: Any) -> Any:
        with self.term.answering(False):
            return super().build_offer(*args, **kwargs)

    def submenu(self, seat: int, actions: list[Action]) -> Action | None:
        with self.term.answering(False):
            return super().submenu(seat, actions)
