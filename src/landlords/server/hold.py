"""What ``landlords serve`` takes hold of before it opens the database: its listening sockets, and,
on SQLite, the database itself (one server per file).

Two servers on one SQLite file each keep their own games in memory: the second one serves the
state it read at its start, its spectators never see the other's acts, and its own acts are refused.
So a server holds an exclusive lock on ``FILE.lock`` beside the database for its whole life. The
lock is the operating system's (``flock``): it goes with the process, also after ``kill -9``, so a
crash never leaves a lock behind that blocks the next start (a PID file would). The file itself
stays (removing it would let a third server lock a new file while the second still holds the old
one); it holds the PID of the last server that took it, for the error message only. PostgreSQL
deployments run several processes by design through ``--broker`` (:mod:`.cluster`)."""

from __future__ import annotations

import errno
import os
import socket
from typing import IO

from .storage import async_url, url_of_file

_held: list[IO[str]] = []  # the locks this process holds: open until it exits


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


def hold_database(url: str) -> str | None:
    """Lock a SQLite database file for this process's life: the reason in one line when another
    server holds it (or the lock cannot be made), else None. Other databases: nothing to do."""
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
