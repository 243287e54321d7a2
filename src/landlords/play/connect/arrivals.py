"""What arrives from the server, handled on the connection's thread: every view (its new events
printed, the mirror game replaced, the prompt ended when this seat's question changed), chat lines
and the connection's news. The main thread only reads what these leave (``view``, ``game``)."""

from __future__ import annotations

import threading
from typing import Any

from rich.text import Text

from ...client import Lobby
from ...engine.errors import LandlordsError
from ...engine.game import Game
from ...position import from_position
from .. import view as screen
from .question import Question, question, question_title
from .terminal import LiveTerminal

INTRO_EVENTS = 8  # events of a running game shown on joining it


class Arrivals:
    """Mixed into :class:`~.app.RemoteApp`, which sets these up."""

    base_url: str
    code: str
    lang: str
    term: LiveTerminal
    view: dict[str, Any]
    game: Game | None
    controllers: list[str | None]
    question: Question | None
    shown: int  # events of the game's log printed so far (indexes as in the views' events_from)
    log: list[tuple[str, int, str]]  # (event kind, seat, words) as received, for `l`
    intro_events: list[dict[str, Any]]
    waiting_for: tuple | None
    settled: threading.Condition
    status: str | None
    refusal: tuple[str | None, str]
    mirror_failed: bool
    seat: int | None
    t: Any  # the words (play.base.AppParts.t)

    def on_view(self, view: dict[str, Any]) -> None:
        """A welcome or an update: print what happened, replace the mirror, and end the prompt of
        this seat's question if the question changed."""
        with self.term.lock:
            game = self.mirror(view)
            self.print_events(view, first=not self.view)
            if game is not None:
                self.game = game
                self.controllers = [s["strategy"] if s["kind"] == "bot" else None for s in view["game"]["seats"]]
            self.view = view
            self.say_whom_we_wait_for(view)
            q = question(view, self.game)
            if self.question is not None and q.key != self.question.key:
                if q.mine and self.term.in_dialogue:  # the question waits for the dialogue: say it now
                    self.term.print(Text("→ " + question_title(view), style="bold"))
                self.term.interrupt()
        with self.settled:
            self.settled.notify_all()

    def mirror(self, view: dict[str, Any]) -> Game | None:
        position = view.get("position")
        if position is None:
            return None
        try:
            return from_position(position)
        except LandlordsError as exc:  # a server newer than this client: the words still work
            if not self.mirror_failed:
                self.mirror_failed = True
                self.term.print(Text(self.t("connect.no_mirror", error=str(exc)), style="yellow"))
            return None

    def print_events(self, view: dict[str, Any], first: bool) -> None:
        events = view.get("events") or []
        start = view.get("events_from")
        if start is None:
            return
        if first:  # joining: the last few moves are shown by the introduction
            self.intro_events = events[-INTRO_EVENTS:] if view.get("version") else []
            self.remember(self.intro_events)
            self.shown = start + len(events)
            return
        new = events[max(0, self.shown - start) :]
        if view.get("type") == "welcome" and (new or start > self.shown):  # back after a drop
            self.term.print(Text(self.t("connect.while_away"), style="bold"))
        if start > self.shown:  # more was missed than a welcome carries: read it from the log
            self.catch_up(start)
        self.remember(new)
        for ev in new:
            self.term.print(self.event_line(ev))
        self.shown = max(self.shown, start + len(events))

    def catch_up(self, start: int) -> None:
        try:
            lobby = Lobby(self.base_url, timeout=5)
            try:
                lines = lobby.log(self.code, self.lang)[self.shown : start]
            finally:
                lobby.close()
        except Exception:  # the log is a courtesy: the views that follow tell the state anyway
            lines = []
        for line in lines:
            self.term.print(Text("    " + line))
        self.shown = start

    def remember(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            seat = ev.get("seat", ev.get("payer", -1))
            self.log.append((ev.get("event", ""), seat if isinstance(seat, int) else -1, ev.get("text", "")))
        del self.log[:-200]

    def event_line(self, ev: dict[str, Any] | tuple[str, int, str]) -> Text:
        if isinstance(ev, dict):
            seat = ev.get("seat", ev.get("payer", -1))
            ev = (ev.get("event", ""), seat if isinstance(seat, int) else -1, ev.get("text", ""))
        return screen.styled_event(ev[0], ev[1], ev[2], len(self.view.get("game", {}).get("seats") or ()))

    def say_whom_we_wait_for(self, view: dict[str, Any]) -> None:
        """Once per decision of another person: who the table waits for, and for what."""
        d = view.get("decision")
        seats = view.get("game", {}).get("seats") or []
        if d is None or d.get("seat") == self.seat or not 0 <= d.get("seat", -1) < len(seats):
            self.waiting_for = None
            return
        key = (d["seat"], d.get("kind"), view.get("state", {}).get("turn"))
        if seats[d["seat"]].get("kind") == "person" and key != self.waiting_for:
            self.term.print(Text("  … " + d.get("title", ""), style="dim"))
        self.waiting_for = key

    def on_chat(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat", -1)
        line = Text(f"  {msg.get('name', '')}: ", style=screen.seat_style(seat) if isinstance(seat, int) else "")
        line.append(str(msg.get("text", "")))  # plain text, never markup
        self.term.print(line)

    def on_status(self, what: str, detail: Any) -> None:
        if what == "lost":
            self.term.print(Text(self.t("connect.lost", seconds=detail), style="bold yellow"))
        elif what == "back":
            self.term.print(Text(self.t("connect.back"), style="bold green"))
            self.term.interrupt()  # the question again, below the news
        else:  # gave_up, refused: the main thread says it and stops
            self.status, self.refusal = what, detail
            self.term.interrupt()
        with self.settled:
            self.settled.notify_all()
