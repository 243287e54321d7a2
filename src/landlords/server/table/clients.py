"""A table's clients: attaching and detaching them, the message each one gets (the views sent to
clients, cached per version and language), the chat."""

from __future__ import annotations

from typing import Any

from ...describe.labels import forget_words
from ...i18n import has, tr
from ...i18n.bot_names import shown_name
from .. import views
from ..connection import Connection
from ..protocol import PROTOCOL_VERSION, ProtocolError, dumps
from .base import TableBase

RECENT_EVENTS = 60  # events a client gets with its welcome
# events a game keeps in memory (between this and twice as many): the older ones are replaced by None
# (indexes unchanged); only the log's words ask for them, from the game replayed (views.log_lines)
EVENTS_KEPT = 100


class Clients(TableBase):
    """The clients, their messages and the chat."""

    async def attach(self, conn: Connection, seat: int | None) -> None:
        conn.seat = seat
        conn.table = self
        if not self.chat_loaded:  # once: a game without a line of chat asked the database at every attach
            self.chat = await self.host.storage.load_chat(self.row.id)
            self.chat_loaded = True
        async with self.lock:  # never a view of an act still being committed
            if seat is not None:
                self.seats[seat].connections.add(conn)
                self.returned(seat)  # back from away: the seat is theirs again, not a stand-in's
            conn.send(self.view_message(conn, "welcome", recent=True))
            self.watchers.add(conn)  # only now: no update may reach a client before its welcome
            self.broadcast([], skip=conn)  # the others see the seat connected
        if seat is not None and self.host.cluster is not None:
            self.host.cluster.presence()

    def detach(self, conn: Connection) -> None:
        self.watchers.discard(conn)
        if conn.seat is not None:
            self.seats[conn.seat].connections.discard(conn)
            self.gone(conn.seat)  # the last one: the grace period before a stand-in starts
            self.broadcast([])
            self.kick()  # an absent person's seat may pass to a bot
            if self.host.cluster is not None:
                self.host.cluster.presence()
        if self.status == "finished" and not self.watchers and self.host.cluster is None:
            self.host.forget(self)
            if self.game is not None:
                forget_words(self.game)  # the words kept for its views go with it, not thousands of games later

    def broadcast(
        self, events: list, skip: Connection | None = None, ack: tuple[Connection, str] | None = None
    ) -> None:
        """Every watcher's update (but ``skip``'s). ``ack``: a connection's acknowledgement of its
        act, sent just before its update and in the same write (one system call fewer an act)."""
        if self.committing:
            if ack is not None:
                ack[0].send(ack[1])
            return  # the writer pushes the whole view as soon as the act is committed
        self._cache.clear()
        for conn in list(self.watchers):
            if conn is skip:
                continue
            update = self.view_message(conn, "update", events=events)
            if ack is not None and conn is ack[0]:
                conn.send(ack[1], update)
                ack = None
            else:
                conn.send(update)
        if ack is not None:  # not watching (gone meanwhile): its acknowledgement all the same
            ack[0].send(ack[1])
        self._cache.clear()  # this broadcast's messages: sent (or queued) now, never asked for again
        if events:
            self.tell_lapsed(events)
            self.settle_events()

    def settle_events(self) -> None:
        """Let go of the game's old events (a long game's thousands: memory and the collector's
        work): all but the last ``EVENTS_KEPT`` become None, in batches of ``EVENTS_KEPT``. An act
        reads the events it made by index (``events[before:]``), a welcome the last RECENT_EVENTS,
        and ``events_from`` counts them all: none of that changes."""
        game = self.game
        events = game.events if game is not None else None
        if not events:
            return
        done = self._events_settled[1] if self._events_settled[0] == id(game) else 0
        end = len(events) - EVENTS_KEPT
        if end - done < EVENTS_KEPT:
            return
        for i in range(done, end):
            events[i] = None  # type: ignore[call-overload]
        self._events_settled = (id(game), end)

    def view_message(self, conn: Connection, kind: str, events: list | None = None, recent: bool = False) -> str:
        """The message for one client: the shared part (per language, built once per version, until
        the next broadcast: a welcome's too, so a ``sync`` costs no new view) and the seat's own part
        (its acts). An update is one string for all the clients of a seat (spectators: no seat), not a
        copy each: 2,000 spectators that did not read held 800 MB of copies in their queues."""
        key: tuple = (id(events) if not recent else -1, conn.lang, conn.position)
        if recent:  # a welcome may come before the broadcast of a change of seats (attach): its own key
            key += (tuple((s.kind, s.name, bool(s.connections or s.remote), s.standin) for s in self.seats),)
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
            acts = views.seat_acts_json(self.game, seat, lang, self._act_texts_for(lang))
            cached = (stamp, f'{{"seat":{seat},"acts":{acts}}}')
            self._acts[(seat, lang)] = cached
        return cached[1]

    def _act_texts_for(self, lang: str) -> dict[tuple, str]:
        """The square acts' JSON kept for this game in ``lang`` (a new game, or new names: anew)."""
        game = self.game
        assert game is not None
        stamp = (id(game), tuple(game.names))
        kept = self._act_texts.get(lang)
        if kept is None or kept[0] != stamp:
            kept = self._act_texts[lang] = (stamp, {})
        return kept[1]

    def _shared(self, lang: str, events: list | None, recent: bool, position: bool = False) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {"version": self.version, "game": views.summary_in(self.summary(), lang)}
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
            clock = self.host.clock
            deadline_at = round(clock.wall() + (due[0] - clock.now()), 3)
        out["decision"] = views.decision_view(game, lang, deadline_at)
        claims = self.claim_view()
        if claims:
            out["claims"] = claims
        budget = self.budget_minutes()
        if budget is not None and not game.over:
            clock = self.host.clock
            running = self.decision_key[2] if self.decision_key is not None else None
            started = clock.wall() - (clock.now() - self.decision_started)
            out["clocks"] = views.budget_clocks(budget, self.time_used, running, started)
        if game.over:
            why = f"end.{game.end_reason}"
            words = tr(lang, why) if has(lang, why) else game.end_reason
            out["result"] = {
                "winner": game.winner,
                "reason": game.end_reason,
                "text": tr(lang, "ui.winner", player=shown_name(game.names[game.winner], lang), reason=words),
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
            "at": round(self.host.clock.wall(), 3),
        }
        await self.host.storage.add_chat(self.row.id, conn.seat, entry["name"], entry["text"], entry["at"])
        self.chat.append(entry)
        del self.chat[:-100]
        if self.host.cluster is not None:
            self.host.cluster.chat(self, entry)
        message = dumps({"type": "chat", **entry})
        for c in list(self.watchers):
            c.send(message)
