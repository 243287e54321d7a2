"""What starting the server needs before and after its command line (``landlords serve``, in
``cli/serve.py``): the checks of the database and the broker, the open-file limit, and uvicorn run on
sockets already bound. It needs the ``[server]`` extra (the command checks for it first)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any

from ..extras import install_hint
from .hold import cannot_use, shown_url

MAX_WS_BYTES = 64 * 1024  # uvicorn drops a WebSocket frame above this; the protocol's own limit is lower
MAX_HEAD_BYTES = 16 * 1024  # a request head (line and headers) larger than this is answered 400
RESERVED_DESCRIPTORS = 100  # kept for the database, the log, the advice worker: never for clients


def raise_descriptor_limit() -> int:
    """Raise the process's open-file limit to the hard limit (where the OS allows): every connection
    is a descriptor, and at the usual soft limit of 1,024 a few hundred idle sockets took them all.
    Returns the limit in force."""
    try:
        import resource
    except ImportError:  # not on this OS
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 1 << 20
    if soft == resource.RLIM_INFINITY or soft >= want:
        return soft if soft != resource.RLIM_INFINITY else want
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        return want
    return soft


def check_database(url: str) -> str | None:
    """Open the database once before serving (creating or migrating its schema): the reason in one
    line when it cannot be used, else None."""
    import asyncio

    from .storage import Storage

    if not url.startswith(("sqlite:", "sqlite+aiosqlite:", "postgresql:", "postgres:", "postgresql+asyncpg:")):
        return "--db takes sqlite:///FILE or postgresql://USER:PASSWORD@HOST[:PORT]/DBNAME"

    async def probe() -> None:
        storage = Storage(url)
        try:
            await storage.open()
        finally:
            await storage.close()

    try:
        asyncio.run(probe())
    except Exception as exc:  # the driver's own words, without SQLAlchemy's wrapping
        return cannot_use(url, exc)
    return None


def broker_problem(url: str, db_url: str) -> str | None:
    """What is wrong with ``--broker`` and ``--db`` together, seen from the words alone (before the
    server takes its address or its database)."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return "--broker takes redis://HOST[:PORT][/DB] (or rediss://, unix://)"
    if not db_url.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return "--broker needs --db postgresql://...: the processes share the games through PostgreSQL"
    return None


def check_broker(url: str, db_url: str) -> str | None:
    """Reach Redis once before serving: the reason in one line when it cannot be used, else None."""
    problem = broker_problem(url, db_url)
    if problem is not None:
        return problem
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        return f"--broker needs redis-py: {install_hint('server')}"
    import asyncio

    import redis.asyncio as aioredis

    async def probe() -> None:
        client = aioredis.from_url(url, socket_connect_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(probe())
    except Exception as exc:
        words = " ".join(str(exc).split()) or type(exc).__name__
        return f"cannot reach the broker {shown_url(url)}: {words}"
    return None


def warm_languages() -> None:
    """Load now what the first view in English loads otherwise: the messages (English, and every
    language's bot names) and Babel's locale data for numbers, percentages and plurals (5-6 MB
    by tracemalloc, paid by the first game played). English is every language's fallback and every
    view names its seats, so all of it is loaded sooner or later anyway; loaded before the app
    settles its heap at start-up (``gc.freeze``), the collector never walks it."""
    from ..i18n import DEFAULT, catalog
    from ..i18n.bot_names import shown_name
    from ..i18n.grammar import number, percent, plural_category

    catalog(DEFAULT)
    shown_name("Bot 1", DEFAULT)  # every language's bot names (their catalogs): each view's seats ask
    number(DEFAULT, 1500)
    percent(DEFAULT, 0.5)
    plural_category(DEFAULT, 2)


def run_server(
    app: Any, sockets: list, host: str, port: int, log_level: str, header_timeout: float, ws_deflate: bool
) -> bool:
    """Serve ``app`` with uvicorn on ``sockets`` (bound by :func:`landlords.server.hold.listen`: uvicorn
    binds none of its own) until it stops; False when the app's start-up failed (its log says why)."""
    import uvicorn

    from .limits import protocols
    from .logs import log_config

    http, ws = protocols(app.state.server.guard, header_timeout)
    ws = lean_websockets(ws)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_level),  # no token in the output, at any level; repeats counted
        http=http,  # h11, each connection counted per address and given header_timeout for its head
        ws=ws,
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        ws_max_size=MAX_WS_BYTES,
        ws_ping_interval=20,
        ws_per_message_deflate=ws_deflate,
    )
    server = uvicorn.Server(config)
    warm_languages()
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=sockets)
    return bool(server.started)


# ---------------------------------------------------------------- each WebSocket's own memory
# uvicorn's WebSocket protocol gives every connection an asyncio.Queue for what the client sent (four
# deques of 64 slots: about 2.5 KB), an asyncio.Event for its write buffer (another deque) and keeps
# the handshake's request and response (their headers, parsed) for the connection's life. At 800
# sockets (200 games) that was about 20 KB of memory per game for nothing: a queue that holds one
# message at a time (the protocol stops reading until the app took it), a flag, and headers read once.


class Inbox:
    """What :class:`asyncio.Queue` does for uvicorn's WebSocket protocol (``put_nowait``, ``get``,
    ``empty``, ``qsize``) for its one reader, without its deques: a list, and a future only while the
    reader waits."""

    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._items: deque[Any] | list[Any] = []
        self._loop = loop  # kept: asking for the running loop at every message costs a getpid() (3.11)
        self._waiter: asyncio.Future | None = None

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)

    async def get(self) -> Any:
        while not self._items:
            waiter = self._waiter = self._loop.create_future()
            try:
                await waiter
            finally:
                if self._waiter is waiter:
                    self._waiter = None
        items = self._items
        if len(items) > 8 and isinstance(items, list):  # a burst (never from a well-behaved client)
            self._items = items = deque(items)
        return items.popleft() if isinstance(items, deque) else items.pop(0)


class Gate:
    """What :class:`asyncio.Event` does for uvicorn's ``writable`` flag (``set``, ``clear``,
    ``is_set``, ``wait``) without its deque: a list of waiters only while someone waits (the
    transport's buffer is full)."""

    __slots__ = ("_open", "_waiters")

    def __init__(self, is_open: bool = False) -> None:
        self._open = is_open
        self._waiters: list[asyncio.Future] | None = None

    def is_set(self) -> bool:
        return self._open

    def set(self) -> None:
        self._open = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(True)

    def clear(self) -> None:
        self._open = False

    async def wait(self) -> bool:
        if self._open:
            return True
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)
        return True


def lean_websockets(ws: Any) -> Any:
    """uvicorn's WebSocket protocol class ``ws`` with :class:`Inbox` for its queue and :class:`Gate`
    for its ``writable`` event, the handshake's request and response let go once the handshake is
    answered, and ``send_now`` (messages written without the ASGI path, for ``Connection.send``). A
    protocol whose attributes are not of the kinds expected (another uvicorn) keeps its own."""

    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    from websockets.exceptions import InvalidState

    class LeanWebSocket(ws):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            queue = getattr(self, "queue", None)
            if type(queue) is asyncio.Queue and queue.empty():
                self.queue = Inbox(asyncio.get_running_loop())
            writable = getattr(self, "writable", None)
            if type(writable) is asyncio.Event:
                self.writable = Gate(writable.is_set())

        async def send(self, message: Any) -> None:
            await super().send(message)
            if message.get("type") == "websocket.accept" and getattr(self, "handshake_complete", False):
                # read at the handshake only (uvicorn's handle_connect and the accept); the request
                # stays referenced by the websockets parser's generator, so its headers are emptied
                request = self.__dict__.get("request")
                headers = getattr(request, "headers", None)
                if headers is not None and hasattr(headers, "clear"):
                    headers.clear()
                for name in ("request", "response"):
                    if name in self.__dict__:
                        setattr(self, name, None)

        def send_now(self, *texts: str) -> bool:
            """Write text messages to the socket at once, in one write: no task, no ASGI message,
            no await (each of those cost more than the frame itself, five times an act). The frames
            are still made by the ``websockets`` protocol object, with whatever extension was
            agreed. False (and nothing written) when they cannot go at once: before the handshake,
            after a close, while the socket's buffer is full (the transport paused writing); the
            caller then takes the ASGI path, which waits."""
            if (
                not self.handshake_complete
                or self.close_sent
                or self.disconnected
                or self.initial_response is not None
                or not self.writable.is_set()
                or self.transport.is_closing()
            ):
                return False
            try:
                for text in texts:
                    self.conn.send_text(text.encode())
            except InvalidState:
                return False
            self.transport.write(b"".join(self.conn.data_to_send()))
            return True

    if not issubclass(ws, WebSocketsSansIOProtocol):
        del LeanWebSocket.send_now  # another protocol (wsproto, the legacy one): the ASGI path only
    LeanWebSocket.__name__ = LeanWebSocket.__qualname__ = f"Lean{ws.__name__}"
    return LeanWebSocket
