"""What ``landlords serve`` takes hold of before it opens the database: its listening sockets, and,
on SQLite, the database itself (one server per file).

Two servers on one SQLite file each keep their own games in memory: the second one serves the
state it read at its start, its spectators never see the other's acts, and its own acts are refused.
So a server holds an exclusive lock on ``FILE.lock`` beside the database for its whole life. The
lock is the operating system's (``flock``): it goes with the process, also after ``kill -9``, so a
crash never leaves a lock behind that blocks the next start (a PID file would). The file itself
stays (removing it would let a third server lock a new file while the second still holds the old
one); it holds the PID of the last server that took it, for the error message only.

On PostgreSQL the same holds through an advisory lock, taken on a connection of its own that stays
open for the server's life (PostgreSQL drops the lock with the connection, so a killed server's
lock goes with it too): exclusive for a server alone, shared for the processes of a cluster
(``--broker``, :mod:`.cluster`), which share the games by design; so a second server alone, or a
cluster next to a server alone, refuses to start. Should the connection be lost (PostgreSQL
restarted), the lock is taken again once the database is back."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import re
import socket
import threading
from typing import IO, Any

from .storage import async_url, url_of_file

log = logging.getLogger("landlords.server")

_held: list[IO[str]] = []  # the locks this process holds: open until it exits
LOCK_KEY = 0x6C616E646C6F7264  # PostgreSQL's advisory lock of landlords servers ("landlord"), per database
TAKE_SECONDS = 2.0  # a server killed a moment ago: PostgreSQL may take this long to see its connection close
KEEP_SECONDS = 5.0  # how often the lock's connection is looked at


def listen(host: str, port: int, backlog: int = 2048) -> list[socket.socket] | str:
    """Sockets bound to ``host:port`` and listening (every address the name has, as uvicorn's own
    binding did), or the reason in one line when the address cannot be had. Bound before anything
    else starts, so a taken port is found before the database is opened or anything is printed;
    clients that connect while the server starts wait in the backlog."""
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        return f"cannot listen on {shown}: no such address ({getattr(exc, 'strerror', None) or exc})"
    sockets: list[socket.socket] = []
    seen: set[tuple[int, object]] = set()
    try:
        for family, kind, proto, _name, address in infos:
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(backlog)
    except OSError as exc:
        for sock in sockets:
            sock.close()
        if exc.errno == errno.EADDRINUSE:
            return f"cannot listen on {shown}: the address is in use (another server? choose another --port)"
        if exc.errno == errno.EACCES:
            return f"cannot listen on {shown}: permission denied (ports below 1024 need privileges)"
        return f"cannot listen on {shown}: {exc.strerror or exc}"
    return sockets


def hold_database(url: str, shared: bool = False) -> str | None:
    """Lock the database for this process's life: the reason in one line when another server holds it
    (or the lock cannot be had), else None. ``shared``: one process of a cluster (``--broker``), which
    the other processes of a cluster may share the database with (PostgreSQL only)."""
    if url.startswith(("postgresql:", "postgres:", "postgresql+asyncpg:")):
        return _hold_postgresql(url, shared)
    try:
        import fcntl
    except ImportError:  # not on this system (Windows): no lock
        return None
    if not url.startswith(("sqlite:", "sqlite+aiosqlite:")):
        return None
    plain = url_of_file(async_url(url))
    if plain is None:  # in memory: this process's alone
        return None
    path = os.path.realpath(plain[len("sqlite:///") :].split("?", 1)[0])
    lock_path = path + ".lock"
    try:
        handle = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 (held open until exit)
    except OSError as exc:
        return f"cannot lock the database {path}: {lock_path}: {exc.strerror or exc}"
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        pid = handle.read().strip()
        handle.close()
        by = f" (process {pid})" if pid.isdigit() else ""
        return (
            f"the database {path} is in use by another landlords server{by}: stop that one, "
            "or give this one another --db"
        )
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    _held.append(handle)
    return None


def release_database() -> None:
    """Give up the locks :func:`hold_database` took (when the server does not start after all)."""
    while _held:
        _held.pop().close()
    while _pg_held:
        _pg_held.pop().stop()


_pg_held: list[PostgresLock] = []


def _hold_postgresql(url: str, shared: bool) -> str | None:
    lock = PostgresLock(url, shared)
    problem = lock.take()
    if problem is None:
        _pg_held.append(lock)
    return problem


class PostgresLock:
    """PostgreSQL's advisory lock :data:`LOCK_KEY` on a connection of its own, run by an event loop
    in a thread of its own (the server's loop starts later, in uvicorn), kept for the process's life."""

    def __init__(self, url: str, shared: bool) -> None:
        self.dsn = "postgresql://" + async_url(url).split("://", 1)[1]
        self.url = url
        self.shared = shared
        self.me = f"landlords serve {os.getpid()} {socket.gethostname()}"[:63]  # application_name
        self.conn: Any = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="landlords-database-lock", daemon=True)
        self.keeper: Any = None

    def take(self) -> str | None:
        """The lock, or the reason in one line why not."""
        self.thread.start()
        try:
            problem = asyncio.run_coroutine_threadsafe(self._take(), self.loop).result()
        except Exception as exc:  # the driver's own words, as check_database gives them
            problem = cannot_use(self.url, exc)
        if problem is not None:
            self.stop()
            return problem
        self.keeper = asyncio.run_coroutine_threadsafe(self._keep(), self.loop)
        return None

    async def _connect(self) -> bool:
        """Connect and try the lock once; whether it is ours."""
        import asyncpg

        self.conn = await asyncpg.connect(self.dsn, timeout=10, server_settings={"application_name": self.me})
        return await self._try()

    async def _try(self) -> bool:
        function = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
        return bool(await self.conn.fetchval(f"SELECT {function}($1)", LOCK_KEY))

    async def _take(self) -> str | None:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + TAKE_SECONDS
        if await self._connect():
            return None
        while loop.time() < give_up:  # a server killed a moment ago may not be gone from PostgreSQL yet
            await asyncio.sleep(0.2)
            if await self._try():
                return None
        return in_use(self.url, self.shared, await self._holders())

    async def _holders(self) -> list[tuple[str, bool]]:
        """Who holds the lock: each one's application_name and whether it holds it shared."""
        rows = await self.conn.fetch(
            "SELECT a.application_name, l.mode FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND ((l.classid::bigint << 32) | l.objid::bigint) = $1",
            LOCK_KEY,
        )
        return [(r["application_name"] or "", r["mode"] == "ShareLock") for r in rows]

    async def _keep(self) -> None:
        """Look at the connection now and then; lost (PostgreSQL restarted), take the lock again."""
        warned = False
        while True:
            await asyncio.sleep(KEEP_SECONDS)
            try:
                if self.conn is not None and not self.conn.is_closed():
                    await self.conn.fetchval("SELECT 1")
                    continue
            except Exception:
                pass
            with contextlib.suppress(Exception):
                if self.conn is not None:
                    self.conn.terminate()
                self.conn = None
                if await self._connect():
                    warned = False
                elif not warned:
                    warned = True
                    holders = await self._holders()
                    log.error("%s (taken while the database was away)", in_use(self.url, self.shared, holders))

    def stop(self) -> None:
        async def close() -> None:
            if self.keeper is not None:
                self.keeper.cancel()
            if self.conn is not None:
                with contextlib.suppress(Exception):
                    await self.conn.close(timeout=5)

        if self.thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(close(), self.loop).result(timeout=10)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)


def shown_url(url: str) -> str:
    """A database URL without its password (for the start-up line and every error naming it)."""
    return re.sub(r"://([^:/@]+):[^@]*@", r"://\1:***@", url)


def cannot_use(url: str, exc: BaseException) -> str:
    """A database that cannot be used, in one line: the driver's own words, the password masked."""
    cause = getattr(exc, "orig", None) or exc
    words = " ".join(str(cause).split()) or type(cause).__name__
    return f"cannot use the database {shown_url(url)}: {words}"


def in_use(url: str, shared: bool, holders: list[tuple[str, bool]]) -> str:
    """The error of a server that cannot have the database's lock, naming who has it."""

    def who(name: str) -> str:  # application_name: "landlords serve PID HOST"
        parts = name.split(" ")
        return (
            f"process {parts[2]} on {parts[3]}" if len(parts) >= 4 and parts[:2] == ["landlords", "serve"] else ""
        )

    named = ", ".join(filter(None, (who(name) for name, _ in holders)))
    by = f" ({named})" if named else ""
    db = shown_url(url)
    if any(is_shared for _, is_shared in holders) and not shared:
        return (
            f"the database {db} is in use by landlords servers sharing it through --broker{by}: "
            "stop them, or run this one with the same --broker"
        )
    if shared:
        return (
            f"the database {db} is in use by a landlords server without --broker{by}: stop it "
            "(processes share a database only when each runs with --broker), or give this one another --db"
        )
    message = f"the database {db} is in use by another landlords server{by}: stop that one"
    return message + ", or give this one another --db"
