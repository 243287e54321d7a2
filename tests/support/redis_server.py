"""A real Redis server for the tests: Debian's ``redis-server`` on a free loopback port, its files in a
temporary folder, nothing saved to disk, stopped at the end of the session.

Where the binary is missing the Redis tests are skipped, except under ``CI=true``, where they fail:
``.ci/run`` installs the ``redis-server`` package (``.ci/redis.sh``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from landlords.loadtest.run import stop_process

START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def missing(why: str) -> None:
    """Skip locally; fail under CI, where Redis must be there."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"Redis is needed under CI: {why} (.ci/redis.sh installs it)", pytrace=False)
    pytest.skip(f"Redis tests skipped: {why}")


class RedisServer:
    """One running ``redis-server``; ``url`` is what ``landlords serve --broker`` takes."""

    def __init__(self, binary: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="landlords-redis-"))
        self.port = 0
        self.proc: subprocess.Popen | None = None
        for _attempt in range(5):
            self.port = free_port()
            self.proc = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
                 "--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", str(self.folder / "log")],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
            if self._wait_up():
                return
            self.stop()
        log = (self.folder / "log").read_text(errors="replace") if (self.folder / "log").exists() else ""
        shutil.rmtree(self.folder, ignore_errors=True)
        raise RuntimeError(f"redis-server did not start: {log.strip()[-2000:]}")

    @classmethod
    def start(cls) -> RedisServer:
        binary = shutil.which("redis-server")
        if binary is None:
            missing("no redis-server (Debian package 'redis-server')")
        return cls(binary)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _wait_up(self) -> bool:
        end = time.monotonic() + START_TIMEOUT
        while time.monotonic() < end:
            if self.proc is None or self.proc.poll() is not None:
                return False
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        return True
            except OSError:
                pass
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
        self.proc = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
