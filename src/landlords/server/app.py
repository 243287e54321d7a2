"""The server: the lobby's HTTP API and one WebSocket per client, on one asyncio loop.

``create_app(db_url, clock=..., testing=...)`` builds the ASGI app; ``landlords serve`` runs it on
uvicorn. At start-up the schema is created if missing and every game in the lobby or in play is
restored from the database (a game in play by replaying its log).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import json
import logging
import secrets
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.encoders import jsonable_encoder
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from .. import record as records
from ..i18n import LANGUAGES
from . import advice, contract, hostctl, lobby, pages, refusals, worker
from .bodies import CheckBodies
from .clock import Clock, ManualClock
from .connection import Connection
from .deadlines import Deadlines
from .limits import Guard, Limits
from .logs import flush_repeats
from .protocol import FLOOD_CLOSE_AFTER, PROTOCOL_VERSION, ProtocolError, RateLimit, message_id, parse
from .storage import SeatRow, Storage, database_trouble, trouble_line
from .table import CHECKPOINT_SECONDS, BrokenGame, Table

log = logging.getLogger("landlords.server")


class AsciiJSONResponse(JSONResponse):
    """JSON with every character outside ASCII escaped (``\\u....``), so any text can be written."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


class Server:
    """The games in memory, the database, the clock."""

    def __init__(
        self, db_url: str | None, clock: Clock, testing: bool, limits: Limits, broker: str | None = None,
        lease_seconds: float | None = None,
    ) -> None:  # fmt: skip
        self.storage = Storage(db_url)
        self.cluster: Any = None  # with a broker: this process's part of a cluster (.cluster.Cluster)
        if broker is not None:
            from .cluster import Cluster

            self.cluster = Cluster(self, broker, *([lease_seconds] if lease_seconds else []))
        self.clock = clock
        self.testing = testing
        self.limits = limits
        self.tables: dict[str, Table] = {}
        self.guard = Guard(limits)
        self.deadlines = Deadlines()  # the tables' next due moments (before any table: they note changes in it)
        self.timer_task: asyncio.Task | None = None

    async def open(self) -> None:
        await self.storage.open()
        restored: tuple[str, ...] = ("lobby", "playing")
        if self.cluster is not None:  # its games are loaded when asked for, or taken over from dead owners
            await self.cluster.open()
            restored = ()
        for row, seat_rows in await self.storage.load_games(restored):
            table = Table(self, row, seat_rows)
            if row.status == "playing":
                try:
                    await table.restore()
                except BrokenGame as exc:  # one broken game must not keep the others from play
                    log.error("%s: left out", exc)
                    continue
                await table.save_clocks()  # the restart's moment: the next restart counts from it
            self.tables[row.code] = table
        for table in self.tables.values():
            table.kick()
            self.deadlines.changed(table)
        self.timer_task = asyncio.create_task(self._timers())
        settle_heap()

    async def close(self) -> None:
        if self.timer_task is not None:
            self.timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.timer_task
        for table in self.tables.values():
            if self.cluster is not None and not self.cluster.owns(table):
                await table.close()
                continue
            try:
                await table.save_clocks(final=True)
            except Exception:
                log.exception("game %s: cannot save its clocks", table.code)
            await table.close()
        if self.cluster is not None:
            await self.cluster.close()
        await self.storage.close()

    async def create(
        self, settings: dict[str, Any], seed: int, host_hash: str, seat_rows: list[SeatRow], key: bytes | None
    ) -> Table:
        """A new game in the lobby. Its dice and decks come from ``key``, a secret of the server's
        (:mod:`landlords.engine.keyed`), or, on a test server asked for one, from ``seed``."""
        while True:
            length = lobby.PRIVATE_CODE_LENGTH if settings.get("private") else lobby.CODE_LENGTH
            code = "".join(secrets.choice(lobby.CODE_ALPHABET) for _ in range(length))
            if code not in self.tables and await self.storage.load_game(code) is None:
                break
        made = self.clock.wall()
        game_id = await self.storage.create_game(code, settings, seed, host_hash, seat_rows, key, made)
        found = await self.storage.load_game(code)
        assert found is not None and found[0].id == game_id
        table = Table(self, found[0], found[1])
        self.tables[code] = table
        if self.cluster is not None:
            await self.cluster.created(table)
        return table

    async def table(self, code: str) -> Table | None:
        """A game by code: in memory, or a finished one loaded from the database. :class:`BrokenGame`
        when its stored log does not replay."""
        if self.cluster is not None:
            return await self.cluster.table(code)
        table = self.tables.get(code)
        if table is not None:
            return table
        found = await self.storage.load_game(code)
        if found is None or found[0].status == EXPIRED:
            return None
        table = Table(self, *found)
        if table.row.head is not None:
            await table.restore()
        return self.tables.setdefault(code, table)

    def forget(self, table: Table) -> None:
        """Drop a finished game nobody watches from memory: a server that runs for weeks keeps only
        the games in play (and the collector walks only those). Asked for again (its record, a
        rematch), it is read back from the database."""
        if self.tables.get(table.code) is table:
            del self.tables[table.code]

    def _trim_after_closes(self) -> None:
        """Once many connections have closed, the memory their buffers took goes back to the OS
        (glibc keeps freed blocks otherwise: after 1,000 spectators left the process stayed as large)."""
        open_now = len(self.guard.transports)
        self.connections_peak = max(getattr(self, "connections_peak", 0), open_now)
        if self.connections_peak - open_now >= TRIM_AFTER_CLOSES:
            self.connections_peak = open_now
            trim_heap()

    def lobby_games(self) -> int:
        return sum(t.status == "lobby" for t in self.tables.values())

    async def expire_lobby(self) -> None:
        """Remove the lobby games not started within ``lobby_minutes`` of their creation: from memory,
        and marked ``expired`` in the database (never restored, their code answers 404). The age is
        read on the wall clock from the creation time the database keeps, so neither a restart nor
        a game taken over from another process of a cluster starts it again."""
        now = self.clock.wall()
        for code, table in list(self.tables.items()):
            if table.status != "lobby" or now - table.row.created_at < self.limits.lobby_minutes * 60:
                continue
            if self.cluster is not None and not self.cluster.owns(table):
                continue
            await self.storage.set_status(table.row.id, status=EXPIRED)
            table.row.status = EXPIRED
            self.forget(table)
            minutes = self.limits.lobby_minutes
            gone = ProtocolError("no_game", f"game {code} was not started within {minutes:g} minutes: it is gone")
            for conn in list(table.watchers):
                conn.send(gone.to_json())
                conn.close(1000)
            await table.close()
            log.info("game %s: not started within %g minutes, removed", code, self.limits.lobby_minutes)

    async def _timers(self) -> None:
        quiet_until = 0.0  # while the database is away, one line every TROUBLE_QUIET seconds
        chores_at = 0.0  # real time of the next look at the lobby, the buckets and the repeated log lines
        while True:
            await asyncio.sleep(self.limits.tick)
            if time.monotonic() >= chores_at:
                chores_at = time.monotonic() + CHORES_SECONDS
                try:
                    await self.expire_lobby()
                except Exception as exc:
                    if not database_trouble(exc):
                        log.exception("the lobby's expiry failed")
                self.guard.prune()
                flush_repeats()
                self._trim_after_closes()
            quiet_until = await self._due_tables(quiet_until)

    async def _due_tables(self, quiet_until: float) -> float:
        """One tick's look at the games' clocks: the tables whose due moment changed are worked out
        again, and only those whose moment has come are looked at (:mod:`.deadlines`); the quiet
        time of the database's lines, as it is now."""
        now = self.clock.now()
        deadlines = self.deadlines
        deadlines.ticks += 1
        for table in list(deadlines.unowned.values()):  # due, at a process that did not own it then
            if self.tables.get(table.code) is not table:
                del deadlines.unowned[id(table)]
            elif self.cluster.owns(table):
                deadlines.changed(table)  # ours again: worked out below, and its turn comes now
        for table in deadlines.take_dirty():
            try:
                deadlines.schedule(table, table.timer_due())
            except Exception as exc:
                deadlines.changed(table)  # tried again at the next tick, as a due table would be
                quiet_until = self._timer_failed(table, exc, now, quiet_until)
        for table in deadlines.pop_due(now):
            if self.tables.get(table.code) is not table:
                continue  # forgotten, expired or dropped: no clock of its own any more
            try:  # one game's fault never stops the clocks of the others
                if self.cluster is not None and not self.cluster.owns(table):
                    deadlines.unowned[id(table)] = table  # the owner's clock (until it is ours)
                    continue
                due = table.deadline()
                if due is not None and due[0] <= now:
                    await table.on_clock()
                if table.timed and now >= table.saved_at + CHECKPOINT_SECONDS:
                    await table.save_clocks()
            except Exception as exc:
                quiet_until = self._timer_failed(table, exc, now, quiet_until)
            deadlines.changed(table)  # worked out again at the next tick (a turn that did nothing: again then)
        return quiet_until

    @staticmethod
    def _timer_failed(table: Table, exc: Exception, now: float, quiet_until: float) -> float:
        """One game's timer failed: logged (while the database is away, one line every
        :data:`TROUBLE_QUIET` seconds for all games); the next quiet time."""
        if not database_trouble(exc):
            log.exception("game %s: the timer failed", table.code)
        elif now >= quiet_until:
            log.error("the timers wait for the database: %s", trouble_line(exc))
            return now + TROUBLE_QUIET
        return quiet_until


TROUBLE_QUIET = 30.0  # seconds between the timer's lines while the database is away
CHORES_SECONDS = 1.0  # real seconds between the timer's looks at the lobby's age and the address buckets
EXPIRED = "expired"  # the status of a lobby game removed for not starting
TRIM_AFTER_CLOSES = 100  # connections closed since the most open before the heap is trimmed


def trim_heap() -> None:
    """Hand the C heap's free memory back to the operating system (glibc's malloc_trim; elsewhere
    nothing): large strings, such as queued views, are malloc'ed, and free blocks are kept."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def unavailable(exc: BaseException) -> str:
    return f"the database is unavailable ({trouble_line(exc)}); nothing was changed, try again shortly"


# Young collections at least this far apart (allocations): the default 700 makes a busy server run
# one every few acts, and each promotes the messages in flight to the old generations, which then
# fill up and call for full collections (a pause of the whole loop, tens of ms per 100 games).
GC_YOUNG_THRESHOLD = 10_000
# A middle collection every third young one: it walks what the young ones since the last left alive,
# and in play that is nearly all of it (a game's events, acts, views: nothing is collected), so the
# pause grows with young threshold x (middle threshold + 1). At 400 games, 20,000 x 11 objects made a
# pause of 120-150 ms of CPU (~200 ms on a loaded machine); 10,000 x 3, about 50 ms.
GC_MIDDLE_THRESHOLD = 2
# Full collections as far apart as before (20,000 x 11 x 11 allocations, ~2.4 million): a full pass
# walks every game and cycles are rare in play, so its spacing is kept, not its pause shortened.
GC_OLD_THRESHOLD = 80


def settle_heap() -> None:
    """After the start-up: what is alive now (modules, routes, catalogs, the restored games) is
    moved out of the collector's sight (``gc.freeze``), so a full collection walks only what came
    after; and young collections are made rarer, middle ones smaller. Garbage is still freed as
    before (reference counts, and the collector for cycles made from now on)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(max(GC_YOUNG_THRESHOLD, gc.get_threshold()[0]), GC_MIDDLE_THRESHOLD, GC_OLD_THRESHOLD)


def create_app(
    db_url: str | None = None,
    *,
    clock: Clock | None = None,
    testing: bool = False,
    limits: Limits | None = None,
    broker: str | None = None,
    lease_seconds: float | None = None,
) -> FastAPI:
    """``broker`` (a ``redis://`` URL, with a PostgreSQL ``db_url``): this process is one of several
    sharing the games (:mod:`.cluster`)."""
    server = Server(db_url, clock or Clock(), testing, limits or Limits(), broker, lease_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await server.open()
        try:
            yield
        finally:
            advice.shutdown(app)
            worker.shutdown()  # the replays' worker process
            await server.close()

    app = GameApp(
        title="landlords",
        version=f"protocol {PROTOCOL_VERSION}",
        description="The lobby of a landlords game server. Play itself runs over the WebSocket "
        "`/ws/{code}` (see docs/server/protocol.md in the repository for its messages).",
        lifespan=lifespan,
    )
    app.state.server = server
    if server.cluster is not None:
        server.cluster.install(app)  # lobby requests that change a game go to its owner

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's 422, written as ASCII JSON: its errors repeat the input, which may hold a lone
        surrogate (``"\\ud800"`` in a JSON body), and plain UTF-8 cannot encode one (it was a 500)."""
        body = refusals.invalid(request, jsonable_encoder(exc.errors()))  # a blank name: in words too
        return AsciiJSONResponse(body, status_code=422)

    app.add_exception_handler(refusals.Refusal, refusals.answer)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]

    @app.exception_handler(BrokenGame)
    async def broken_game(request: Request, exc: BrokenGame) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=409)

    async def database_away(request: Request, exc: Exception) -> JSONResponse:
        if not database_trouble(exc):
            raise exc
        log.error("%s %s: %s", request.method, request.url.path, unavailable(exc))
        return JSONResponse({"detail": unavailable(exc)}, status_code=503)

    for kind in (SQLAlchemyError, OSError):
        app.add_exception_handler(kind, database_away)
    app.include_router(lobby.router)
    app.include_router(advice.router)  # issue 19: the optional advice request
    app.include_router(hostctl.router)  # issue 29: the host's controls in play
    pages.install(app)  # the pages: lobby at /, tables at /g/CODE
    app.add_middleware(CheckBodies)  # outermost: no route (nor the cluster's forwarding) sees a bad body

    @app.get("/api/health", summary="The server is up; its protocol version")
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL_VERSION, "games": len(server.tables)}

    if testing:
        _testing_routes(app, server)
    else:
        built = app.openapi
        app.openapi = lambda: contract.without_test_settings(built())  # type: ignore[method-assign]

    async def play(websocket: WebSocket, code: str, send_now: Callable[..., bool] | None = None) -> None:
        address = server.guard.address(websocket.scope)
        if not server.guard.open_websocket(address):  # the handshake is refused (HTTP 403)
            await websocket.close(1008, "too many WebSockets or messages from your address")
            return
        try:
            await websocket.accept()
            conn = Connection(
                websocket.send_text,
                lambda reason: websocket.close(reason),
                RateLimit(server.limits.rate_per_second, server.limits.burst, server.limits.burst),
                send_now,
            )
            conn.address = address
            try:
                await session(server, conn, websocket, code.upper())
            except WebSocketDisconnect:
                pass
            finally:
                if conn.table is not None:
                    conn.table.detach(conn)
                    conn.table = None
                await conn.finish()
        finally:
            server.guard.close_websocket(address)

    app.play = play
    return app


class GameApp(FastAPI):
    """The server's app: play (``/ws/{code}``) is answered before the middleware stack, whose layers
    have nothing to do for it (bodies, compression, error pages are HTTP's) but kept about fifteen
    coroutine frames alive per socket: 52 KB of memory per four-seat game, and a hop through each
    layer for every message. What a socket needs of them it does itself: the per-address limits at
    the handshake, its own errors answered in the protocol. uvicorn's proxy-headers layer is
    outside the app and still sets the client's address."""

    play: Any = None  # async (WebSocket, code) -> None, set by create_app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and self.play is not None:
            path = scope["path"]
            if path.startswith("/ws/") and path.count("/") == 2 and len(path) > 4:
                # uvicorn's protocol object, when ``send`` is its own (no layer between): its
                # ``send_now`` writes a message without the ASGI hop (start.lean_websockets)
                send_now = getattr(getattr(send, "__self__", None), "send_now", None)
                await self.play(WebSocket(scope, receive, send), path[4:], send_now)
                return
        await super().__call__(scope, receive, send)


async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
    """FastAPI's own answer, except that a 405's ``Allow`` names every method of the path: Starlette
    named those of the first route that matched it (``OPTIONS /api/games``: ``Allow: POST``, though
    ``GET`` is one too)."""
    if exc.status_code == 405:
        exc.headers = {**(exc.headers or {}), "Allow": ", ".join(allowed_methods(request))}
    return await http_exception_handler(request, exc)


def allowed_methods(request: Request) -> list[str]:
    """The methods some route of the app takes at the request's path (each route asked as the router
    asks it, so included routers count too)."""
    found = []
    for method in HTTP_METHODS:
        scope = {**request.scope, "method": method}
        if any(route.matches(scope)[0] == Match.FULL for route in request.app.router.routes):
            found.append(method)
    return found


HTTP_METHODS = ("DELETE", "GET", "HEAD", "PATCH", "POST", "PUT")


def _testing_routes(app: FastAPI, server: Server) -> None:
    """``landlords serve --testing``: a game's inside (record, state hash, clocks) and a manual clock moved on."""

    @app.get("/api/testing/games/{code}", include_in_schema=False)
    async def inspect(code: str) -> dict[str, Any]:
        table = await server.table(code)
        if table is None or table.game is None:
            raise HTTPException(404, "no such game in play")
        game = table.game
        return {
            "version": table.version,
            "state_hash": game.state_hash(),
            "actions": [[seat, a.to_json()] for seat, a in game.actions],
            "over": game.over,
            "status": table.status,
            "record": records.to_record(game),
            "clocks": table.clocks(),
            "wall": server.clock.wall(),
            "saved_clock": table.saved_clock,
        }

    @app.post("/api/testing/clock", include_in_schema=False)
    async def advance_clock(seconds: float) -> dict[str, float]:
        """Move a manual clock (``landlords serve --testing --manual-clock``) forward."""
        if not isinstance(server.clock, ManualClock):
            raise HTTPException(409, "this server runs on the real clock")
        server.clock.advance(seconds)
        return {"now": server.clock.now()}


async def session(server: Server, conn: Connection, websocket: WebSocket, code: str) -> None:
    """Read one client's messages until it leaves."""
    while True:
        raw = await websocket.receive()
        if raw["type"] == "websocket.disconnect":
            return
        text = raw.get("text")
        if text is None:
            text = raw.get("bytes") or b""
        if not conn.rate.allow():  # real time, whatever the game clock
            if dropped(conn, message_id(text), "too many messages: slow down"):
                return
            continue
        ref = None
        msg: Any = None
        try:
            msg = parse(text)
            ref = msg.get("id")
            cost = server.limits.view_cost if msg["type"] in ("sync", "hello") else 1.0
            if server.guard.message(conn.address, cost):  # the address's bucket, shared by its sockets
                conn.rate.over += 1
                if dropped(conn, ref, "too many messages from your address: slow down"):
                    return
                continue
            await dispatch(server, conn, msg, code)
        except ProtocolError as exc:  # a request refused by parse still gets its id back, when it has one
            conn.send(exc.to_json(ref if ref is not None else message_id(text)))
        except BrokenGame as exc:
            conn.send(ProtocolError("broken_game", str(exc)).to_json(ref))
        except Exception as exc:
            if database_trouble(exc):
                log.error("game %s: %s", code, unavailable(exc))
                conn.send(ProtocolError("unavailable", unavailable(exc)).to_json(ref))
                continue
            # a fault of the server's own: logged with its traceback, answered, and the client's
            # connection stays (closing it left the client without an answer to anything it sent)
            log.exception("game %s: a %s message failed", code, msg.get("type") if isinstance(msg, dict) else "?")
            failed = ProtocolError("internal", "the server failed on this message (it is in the server's log)")
            conn.send(failed.to_json(ref))


def dropped(conn: Connection, ref: Any, why: str) -> bool:
    """A message dropped by a rate limit. A request (a message with an id) is always answered, so
    its sender never waits in vain; of the rest, the first and every 20th are told. True when the
    connection is closed: past :data:`FLOOD_CLOSE_AFTER` dropped messages."""
    over = conn.rate.over
    if ref is not None or over == 1 or over % 20 == 0:
        conn.send(ProtocolError("rate_limited", why).to_json(ref))
    if over >= FLOOD_CLOSE_AFTER:
        conn.send(ProtocolError("rate_limited", "too many messages: the connection is closed").to_json())
        conn.close(1008)
        return True
    return False


async def dispatch(server: Server, conn: Connection, msg: dict[str, Any], code: str) -> None:
    kind = msg["type"]
    if kind == "ping":
        conn.send({"type": "pong", **({"id": msg["id"]} if "id" in msg else {})})
        return
    if kind == "hello":
        if conn.table is not None:
            conn.table.detach(conn)
            conn.table = None
        table = await server.table(code)
        if table is None:
            raise ProtocolError("no_game", f"no game {code!r}")
        lang = msg.get("lang") or "en"
        conn.lang = lang if lang in LANGUAGES else "en"
        conn.position = msg.get("position") is True
        token = msg.get("token")
        seat = None
        if token:
            seat = table.seat_for(token)
            if seat is None:
                raise ProtocolError("bad_token", "this token holds no seat at this game (watch without one)")
        await table.attach(conn, seat)
        return
    table = conn.table
    if table is None:
        raise ProtocolError("hello_first", 'say hello first: {"type": "hello", "token": ...}')
    if kind == "sync":
        async with table.lock:  # never a view of an act still being committed
            conn.send(table.view_message(conn, "welcome", recent=True))
    elif kind == "act":
        await table.submit(conn, msg)
    elif kind == "chat":
        await table.add_chat(conn, msg["text"])
    elif kind == "let_go":
        await table.let_go(conn)
        conn.send({"type": "ack", "version": table.version, **({"id": msg["id"]} if "id" in msg else {})})
