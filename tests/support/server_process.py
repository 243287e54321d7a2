"""``landlords serve`` as a real process for the tests: started on a free loopback port with a
manual clock (time moves only when a test says so), killed with SIGKILL, started again on the same
database. Its stdout and stderr go to one log file across every run (to check what it logs)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

START_TIMEOUT = 120.0  # a loaded machine imports slowly; the wait ends as soon as the server answers


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(
        self,
        db_url: str,
        log_path: Path,
        log_level: str = "debug",
        extra: tuple[str, ...] = (),
        manual_clock: bool = True,
    ) -> None:
        self.db_url = db_url
        # the cluster tests run on the real clock: leases and deadlines must pass by themselves there
        self.manual_clock = manual_clock
        self.extra = list(extra)  # more options of `landlords serve` (--broker ...)
        self.log_path = log_path
        self.log_level = log_level
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [sys.executable, "-m", "landlords.cli.main", "serve", "--port", str(self.port), "--db", self.db_url,
               "--testing", "--log-level", self.log_level, *self.extra]  # fmt: skip
        if self.manual_clock:
            cmd.append("--manual-clock")
        with open(self.log_path, "a") as log:
            self.proc = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                env=dict(os.environ, PYTHONUNBUFFERED="1"),  # every line in the log, even after SIGKILL
            )
        self.starts += 1
        end = time.monotonic() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise AssertionError(
                    f"the server exited ({self.proc.returncode}):\n{self.log_path.read_text()[-3000:]}"
                )
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > end:
                self.kill()
                raise AssertionError(f"the server did not come up:\n{self.log_path.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.proc = None

    def pause(self) -> None:
        """SIGSTOP: the process is frozen (its sockets stay open), as in a long pause of its machine."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGSTOP)

    def resume(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGCONT)

    def get(self, path: str) -> Any:
        r = httpx.get(self.url + path, timeout=30)
        assert r.status_code == 200, r.text
        return r.json()

    def inspect(self, code: str) -> dict[str, Any]:
        return self.get(f"/api/testing/games/{code}")

    def advance(self, seconds: float) -> None:
        r = httpx.post(self.url + "/api/testing/clock", params={"seconds": seconds}, timeout=30)
        assert r.status_code == 200, r.text

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")
