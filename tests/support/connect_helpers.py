"""Helpers for the tests of ``landlords play --connect``: a real server process (``landlords serve``
on a free loopback port, SQLite in a temp folder; killed and started again on the same port and
database to drop every connection), and a person playing through :mod:`landlords.client` from the
test's own thread (its asyncio loop runs in a thread of its own)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from landlords.client import Lobby, Seat
from landlords.loadtest.run import stop_process

EXE = Path(sys.executable).parent / "landlords"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``landlords serve --testing`` as a real process; :meth:`restart` kills it (SIGKILL) and starts
    it again on the same port and database."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.db = f"sqlite:///{folder / 'server.db'}"
        self.log = open(folder / "server.log", "ab")  # noqa: SIM115 - closed in stop()
        self.proc: subprocess.Popen | None = None
        self.base = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        args = [str(EXE), "serve", "--port", str(self.port), "--db", self.db, "--testing"]
        args += ["--log-level", "warning"]
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=self.log, start_new_session=True)
        lobby = Lobby(self.base, timeout=2)
        try:
            for _ in range(300):
                try:
                    lobby.games()
                    return
                except Exception:
                    if self.proc.poll() is not None:
                        raise RuntimeError(f"the server ended at start (status {self.proc.returncode})") from None
                    time.sleep(0.1)
            raise RuntimeError("the server did not start in 30 s")
        finally:
            lobby.close()

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, group=True)
        self.log.close()


class ClientPerson:
    """A person at the table through landlords.client, driven from the test's thread."""

    def __init__(self, base: str, code: str, token: str, lang: str = "en") -> None:
        self.base, self.code, self.token, self.lang = base, code, token, lang
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.seat: Seat | None = None
        self.connect()

    def _run(self, coro: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def connect(self) -> None:
        self.seat = self._run(Seat.connect(self.base, self.code, self.token, self.lang))

    @property
    def view(self) -> dict[str, Any]:
        return self.seat.view

    def wait_for(self, predicate, timeout: float = 30) -> dict[str, Any]:
        return self._run(self.seat.wait_for(predicate, timeout), timeout + 5)

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        reply = self._run(self.seat.act(action))
        assert reply["type"] == "ack", reply
        self.wait_for(lambda v: v["version"] >= reply["version"])
        return reply

    def chat(self, text: str) -> None:
        self._run(self.seat.chat(text))

    def wait_chat(self, timeout: float = 30) -> dict[str, Any]:
        """The next chat message this person's connection receives."""

        async def next_chat() -> dict[str, Any]:
            while True:
                msg = await self.seat.messages.get()
                if msg.get("type") == "chat":
                    return msg

        return self._run(asyncio.wait_for(next_chat(), timeout), timeout + 5)

    def decision_is(self, seat: int, kind: str | None = None):
        def check(v: dict[str, Any]) -> bool:
            d = v.get("decision")
            return d is not None and d["seat"] == seat and (kind is None or d["kind"] == kind)

        return check

    def close(self) -> None:
        if self.seat is not None:
            self._run(self.seat.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class CuttableProxy:
    """A TCP forwarder on a free loopback port to ``port``: :meth:`cut` drops every connection through
    it and refuses new ones until :meth:`mend` (a network that fails while the server runs on)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.open: list[socket.socket] = []
        self.cut_off = False
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if self.cut_off:
                near.close()
                continue
            try:
                far = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                near.close()
                continue
            with self.lock:
                self.open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        self.cut_off = True
        with self.lock:
            for s in self.open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()
                except OSError:
                    pass
            self.open.clear()

    def mend(self) -> None:
        self.cut_off = False

    def close(self) -> None:
        self.cut()
        self.listener.close()


def run_cli(tmp_path, *args: str):
    """``landlords play ARGS`` run to its end, its state kept under ``tmp_path``."""
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    return subprocess.run([str(EXE), "play", *args], capture_output=True, text=True, env=env, timeout=60)


def one_error(result) -> str:
    """The one ``error:`` line of a command refused with exit code 2."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]
