"""One process of a cluster: which games it owns, what it forwards, what it follows.

The hooks in the server call :meth:`Cluster.owns` (may this process write the game?),
:meth:`Cluster.forward` (an act for a game owned elsewhere), :meth:`Cluster.committed` (an act is in
the log: tell the others), :meth:`Cluster.changed` (anything else changed: the others reload),
:meth:`Cluster.chat` and :meth:`Cluster.presence`. Lobby requests that change a game (join, leave,
bots, start, rematch) are forwarded to its owner by an HTTP middleware (:meth:`Cluster.install`).

One task per process renews the leases every third of their life, tells the others which seats
have clients here, and takes over the games in play that have lost their owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import re
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any, Protocol

import httpx
from fastapi import FastAPI, Request, Response

from ...engine.actions import action_from_json
from ...engine.errors import IllegalAction
from ..bodies import NOT_UTF8
from ..protocol import ProtocolError
from . import replica
from .broker import Broker
from .leases import Leases

if TYPE_CHECKING:
    from ..connection import Connection
    from ..table import Table, TableHost

    class Server(TableHost, Protocol):
        """The server as its cluster part sees it: a table's host, and the games it holds."""

        tables: dict[str, Table]


log = logging.getLogger("landlords.server")

LEASE_SECONDS = 5.0  # a dead owner's games are taken over within about this long
FORWARD_SECONDS = 3.0  # an owner that does not answer a forwarded request within this may be dead
IDLE_SECONDS = 30.0  # a followed game without clients here is dropped after this long
# set while the owner runs a lobby request for another process (in-process: a client cannot set it)
FORWARDED: contextvars.ContextVar[bool] = contextvars.ContextVar("landlords_forwarded", default=False)
LOBBY_WRITE = re.compile(r"^/api/games/([A-Za-z0-9]{1,16})/[a-z]+$")


class Cluster:
    def __init__(self, server: Server, broker_url: str, lease_seconds: float = LEASE_SECONDS) -> None:
        self.server = server
        self.me = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease_seconds = lease_seconds
        self.leases = Leases(server.storage.engine, self.me, lease_seconds)
        self.broker = Broker(broker_url, self.me, self._on_message, self._on_request, self._resync)
        self.owned: dict[int, float] = {}  # game id -> until when (monotonic) our lease is surely ours
        self.acquired_at: dict[int, float] = {}  # game id -> when our acquiring of its lease was committed
        self.owners: dict[str, str] = {}  # game code -> its owner as last heard
        self.wanted: dict[str, float] = {}  # game code -> when a client or request last asked for it
        self.seen: dict[str, float] = {}  # process -> when its presence was last heard
        self.chains: dict[str, asyncio.Task] = {}  # game code -> its last message still being handled
        self.app: FastAPI | None = None
        self.task: asyncio.Task | None = None
        self.takeovers = 0

    # ------------------------------------------------------------ life
    async def open(self) -> None:
        await self.leases.create()
        await self.broker.open()
        self.task = asyncio.create_task(self._tick())
        log.info("cluster process %s: leases of %g s", self.me, self.lease_seconds)

    async def close(self) -> None:
        """Give the games up at once (the others take them over on their next look)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        with contextlib.suppress(Exception):
            await self.leases.release()
        self.owned.clear()
        await self.broker.close()

    # ------------------------------------------------------------ ownership
    def owns(self, table: Table) -> bool:
        return self.owned.get(table.row.id, 0.0) > time.monotonic()

    async def _acquire(self, table: Table) -> bool:
        started = time.monotonic()
        if not await self.leases.acquire(table.row.id):
            return False
        fresh = table.row.id not in self.owned
        self.owned[table.row.id] = started + self.lease_seconds
        self.acquired_at[table.row.id] = time.monotonic()
        self.owners[table.code] = self.me
        if fresh:
            await self._become_owner(table)
        return True

    async def _become_owner(self, table: Table) -> None:
        """The game is ours now: read it from the database (the log is the truth), tell the others."""
        async with table.lock:
            await replica.reload(table)
        self.broker.publish({"k": "reload", "code": table.code})
        table.kick()

    async def owner_of(self, table: Table) -> str | None:
        """The game's owner: this process when it may take the game (no owner, or a dead one)."""
        if self.owns(table):
            return self.me
        known = self.owners.get(table.code)
        if known is not None and known != self.me:
            return known
        if await self._acquire(table):
            return self.me
        owner = await self.leases.owner(table.row.id)
        if owner is not None:
            self.owners[table.code] = owner
        return owner

    def _forget_owner(self, table: Table) -> None:
        self.owners.pop(table.code, None)

    # ------------------------------------------------------------ tables
    async def table(self, code: str) -> Table | None:
        """A game by code: held here already, or loaded from the database (a copy; not owned)."""
        from ..table import Table

        self.wanted[code] = time.monotonic()
        table = self.server.tables.get(code)
        if table is not None:
            return table
        found = await self.server.storage.load_game(code)
        if found is None:
            return None
        table = Table(self.server, *found)
        if table.row.head is not None:
            await table.restore()
        return self.server.tables.setdefault(code, table)

    async def created(self, table: Table) -> None:
        """A game created here is owned here; the others learn of a public one (for their lists of open
        games: they hold a copy of it from now on)."""
        await self._acquire(table)
        if not table.settings.get("private"):
            self.broker.publish({"k": "game", "code": table.code})

    # ------------------------------------------------------------ hooks of the table
    def committed(self, table: Table, seat: int, action: dict[str, Any]) -> None:
        self.broker.publish({"k": "act", "code": table.code, "v": table.version, "seat": seat, "a": action})

    def changed(self, table: Table) -> None:
        self.broker.publish({"k": "reload", "code": table.code})

    def chat(self, table: Table, entry: dict[str, Any]) -> None:
        self.broker.publish({"k": "chat", "code": table.code, "entry": entry})

    def presence(self) -> None:
        """Tell the others which seats have clients here (at once, and again on every tick)."""
        seats = {
            code: [s.seat for s in t.seats if s.connections]
            for code, t in self.server.tables.items()
            if any(s.connections for s in t.seats)
        }
        self.broker.publish({"k": "here", "seats": seats})

    async def forward(self, table: Table, conn: Connection, msg: dict[str, Any]) -> None:
        """An act for a game owned elsewhere: the owner applies it and answers (its ack or refusal);
        when the owner is dead, this process takes the game over and applies it itself."""
        request = {"k": "act", "code": table.code, "seat": conn.seat, "lang": conn.lang, "msg": msg}
        answer = await self._to_owner(table, request)
        if answer is None:  # ours now: the table's own path
            await table.submit(conn, msg)
            return
        if "sent" not in answer:
            await self._unanswered(table, conn, msg)
            return
        for text in answer["sent"]:
            conn.send(text)

    async def _unanswered(self, table: Table, conn: Connection, msg: dict[str, Any]) -> None:
        """The owner gave no answer (the broker away, the owner dying): the request may have reached it
        all the same, and been committed, so a refusal would be a lie. The log is the truth: the act
        is acknowledged if the log holds it at the version it was made for, refused if another act
        holds that version (it can never apply now), and otherwise reported unconfirmed, with the
        advice to look again (its version keeps a retry from being applied twice)."""
        ref = msg.get("id")
        try:
            found = await self.server.storage.load_action(table.row.id, int(msg["version"]))
        except Exception as exc:  # the database is away too: nothing can be said of the act
            log.error("game %s: the fate of a forwarded act is unknown: %s", table.code, exc)
            found = None
        mine = action_from_json(msg["action"]).to_json()
        if found is not None and found == (conn.seat, mine):
            ack = {"type": "ack", "version": int(msg["version"]) + 1, **({"id": ref} if ref is not None else {})}
            conn.send(ack)
        elif found is not None:
            stale = IllegalAction(
                "stale-version",
                "the game moved on (version {current}, you saw {seen}): look again",
                current=int(msg["version"]) + 1,
                seen=msg["version"],
            )
            conn.send(table.refusal(conn, stale, ref))
        else:
            error = ProtocolError(
                "unconfirmed", "the server could not confirm this act: look at the game again before acting"
            )
            conn.send(error.to_json(ref))

    async def _to_owner(self, table: Table, request: dict[str, Any]) -> dict[str, Any] | None:
        """Send ``request`` to the game's owner; None once the game is this process's own."""
        give_up = time.monotonic() + 2 * self.lease_seconds + FORWARD_SECONDS
        while True:
            owner = await self.owner_of(table)
            if owner == self.me:
                return None
            if owner is not None:
                try:
                    answer = await self.broker.request(owner, request, FORWARD_SECONDS)
                except TimeoutError:
                    log.warning("game %s: its owner %s does not answer", table.code, owner)
                else:
                    if not answer.get("moved"):
                        return answer
            self._forget_owner(table)
            if time.monotonic() > give_up:
                return {"error": "no owner"}
            await asyncio.sleep(0.2)

    async def _on_request(self, message: dict[str, Any]) -> dict[str, Any]:
        """A request forwarded by another process: an act, or a lobby request over HTTP."""
        table = await self.table(message["code"])
        if table is None or not self.owns(table):
            return {"moved": True}
        if message["k"] == "act":
            proxy = replica.Proxy(message["seat"], message["lang"], False)
            msg = message["msg"]
            try:
                await table.submit(proxy, msg)  # type: ignore[arg-type]
            except ProtocolError as exc:
                proxy.send(exc.to_json(msg.get("id")))
            return {"sent": proxy.sent}
        assert self.app is not None
        transport = httpx.ASGITransport(app=self.app)
        token = FORWARDED.set(True)
        try:
            async with httpx.AsyncClient(transport=transport, base_url=message["base"]) as client:
                method, path, headers = message["method"], message["path"], message["headers"]
                r = await client.request(method, path, headers=headers, content=message["body"].encode())
        finally:
            FORWARDED.reset(token)
        return {"status": r.status_code, "body": r.text, "type": r.headers.get("content-type", "")}

    # ------------------------------------------------------------ lobby requests
    def install(self, app: FastAPI) -> None:
        """Forward the lobby's requests that change a game to its owner."""
        self.app = app

        @app.middleware("http")
        async def to_the_owner(request: Request, call_next: Any) -> Any:
            match = LOBBY_WRITE.match(request.url.path) if request.method == "POST" else None
            if match is None:
                return await call_next(request)
            table = await self.table(match.group(1).upper())
            if table is None:
                return await call_next(request)  # the handler's 404
            if not FORWARDED.get():
                try:  # CheckBodies answered such a body already; a client cannot get one here
                    body = (await request.body()).decode()
                except UnicodeDecodeError:
                    return Response(json.dumps({"detail": NOT_UTF8}), 400, media_type="application/json")
                headers = {k: v for k, v in request.headers.items() if k in ("authorization", "content-type")}
                path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
                answer = await self._to_owner(
                    table,
                    {"k": "http", "code": table.code, "method": "POST", "path": path, "headers": headers,
                     "body": body, "base": str(request.base_url)},
                )  # fmt: skip
                if answer is not None:
                    if "status" not in answer:
                        return Response('{"detail": "the game\'s server does not answer; try again"}', 503)
                    return Response(answer["body"], answer["status"], media_type=answer["type"] or None)
            response = await call_next(request)
            if response.status_code < 400:
                self.changed(table)
            return response

    # ------------------------------------------------------------ messages from the others
    async def _on_message(self, message: dict[str, Any]) -> None:
        """Presence at once; a game's messages one after another in a task of their own, so a reload
        (a database read) never holds up the other games' messages nor the answers to this process."""
        if message["k"] == "here":
            self._presence_of(message["from"], message["seats"])
            return
        code = message["code"]
        before = self.chains.get(code)

        async def in_order() -> None:
            if before is not None:
                await asyncio.wait({before})  # its own failure is logged there
            try:
                await self._on_game_message(code, message)
            except Exception:
                log.exception("game %s: cluster message %s failed", code, message["k"])
            finally:
                if self.chains.get(code) is task:
                    del self.chains[code]

        task = asyncio.create_task(in_order())
        self.chains[code] = task

    async def _on_game_message(self, code: str, message: dict[str, Any]) -> None:
        kind = message["k"]
        if kind == "game":
            await self.table(code)
            return
        table = self.server.tables.get(code)
        if table is None:
            return
        if kind in ("act", "reload"):
            self.owners[code] = message["from"]
            if table.row.id in self.owned:  # somebody else took it: our lease had run out
                log.warning("game %s: taken over by %s", code, message["from"])
                self.owned.pop(table.row.id, None)
            async with table.lock:
                if kind == "reload" or not replica.apply_act(table, message["v"], message["seat"], message["a"]):
                    await replica.reload(table)
        elif kind == "chat":
            table.chat.append(message["entry"])
            del table.chat[:-100]
            text = {"type": "chat", **message["entry"]}
            for conn in list(table.watchers):
                conn.send(text)

    def _presence_of(self, process: str, seats: dict[str, list[int]]) -> None:
        self.seen[process] = time.monotonic()
        for code, table in self.server.tables.items():
            here = set(seats.get(code, ()))
            moved = False
            for s in table.seats:
                if (s.seat in here) != (process in s.remote):
                    moved = True
                    if s.seat in here:  # a client of another process: the person is back (fair.py)
                        s.remote.add(process)
                        table.returned(s.seat)
                    else:  # gone from there: their grace period starts when no client is left anywhere
                        s.remote.discard(process)
                        table.gone(s.seat)
            if moved:
                table.broadcast([])
                table.kick()

    async def _resync(self) -> None:
        for table in list(self.server.tables.values()):
            if not self.owns(table):
                async with table.lock:
                    await replica.reload(table)

    # ------------------------------------------------------------ the tick
    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                await self._renew()
                self.presence()
                self._forget_the_silent()
                await self._take_orphans()
                self._drop_idle()
            except Exception:
                log.exception("cluster: the tick failed")

    async def _renew(self) -> None:
        started = time.monotonic()
        ours = await self.leases.renew()
        for game_id in list(self.owned):
            if game_id in ours:
                self.owned[game_id] = started + self.lease_seconds
            elif self.acquired_at.get(game_id, 0.0) >= started:
                # acquired while the renewal ran (a game created meanwhile): its query could not see
                # the lease yet, which is ours all the same (it was taken for "lost" at creation)
                continue
            else:
                self.owned.pop(game_id)
                log.warning("game %d: its lease was lost", game_id)
        for table in list(self.server.tables.values()):
            if table.status == "finished" and table.row.id in self.owned:
                self.owned.pop(table.row.id)
                await self.leases.release(table.row.id)  # nothing more to write
            elif table.row.id in self.owned:
                table.kick()  # a bot loop that stopped while the lease was late goes on

    async def _take_orphans(self) -> None:
        for _game_id, code in await self.leases.orphans():
            table = await self.table(code)
            if table is not None and await self._acquire(table):
                self.takeovers += 1
                log.warning("game %s: taken over (its owner is gone)", code)

    def _forget_the_silent(self) -> None:
        """Clients of a process not heard for three ticks are gone with it."""
        late = time.monotonic() - self.lease_seconds
        for process in [p for p, at in self.seen.items() if at < late]:
            self._presence_of(process, {})
            del self.seen[process]

    def _drop_idle(self) -> None:
        """Stop following games nobody here watches (their messages are then ignored)."""
        old = time.monotonic() - IDLE_SECONDS
        for code, table in list(self.server.tables.items()):
            if (
                not table.watchers
                and not self.owns(table)
                and table.status != "lobby"
                and self.wanted.get(code, 0.0) < old
            ):
                del self.server.tables[code]
                self.wanted.pop(code, None)
