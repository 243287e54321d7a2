"""A real PostgreSQL server for the tests: Debian's binaries, ``initdb`` into a temporary folder and
``pg_ctl start`` on a free loopback port, torn down at the end of the session.

``initdb`` refuses to run as root, so under root the cluster belongs to the ``postgres`` user (the one
Debian's package creates; ``nobody`` if it is missing) and its commands run through ``runuser``. Where
the binaries are missing the PostgreSQL tests are skipped, except under ``CI=true``, where they fail:
``.ci/run`` installs the ``postgresql`` package (``.ci/postgres.sh``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

SUPERUSER = "landlords"


def find_binaries() -> Path | None:
    """The folder of ``initdb``/``pg_ctl``/``psql``: Debian's newest version, else the ``PATH``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(os.path.realpath(initdb)).parent
    return None


def missing(why: str) -> None:
    """Skip locally; fail under CI, where PostgreSQL must be there."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL is needed under CI: {why} (.ci/postgres.sh installs it)", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {why}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    """One running PostgreSQL server; ``database()`` makes a fresh database and returns its URL."""

    bin: Path
    folder: Path
    user: str | None  # the owner when the tests run as root (commands go through runuser)
    port: int = 0
    password: str = ""

    _names = itertools.count(1)

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        env = dict(os.environ, PGPASSWORD=self.password, LC_ALL="C")
        return subprocess.run(cmd, check=check, capture_output=True, text=True, env=env, cwd=self.folder)

    @classmethod
    def start(cls) -> Cluster:
        binaries = find_binaries()
        if binaries is None:
            missing("no initdb/pg_ctl (Debian package 'postgresql')")
        user = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
                user = "postgres"
            except KeyError:
                user = "nobody"
        folder = Path(tempfile.mkdtemp(prefix="landlords-pg-"))
        cluster = cls(binaries, folder, user, password=secrets.token_hex(12))
        if user is not None:
            shutil.chown(folder, user)
        pwfile = folder / "pw"
        pwfile.write_text(cluster.password + "\n")
        if user is not None:
            shutil.chown(pwfile, user)
        try:
            cluster.run(
                "initdb", "-D", str(folder / "data"), "-U", SUPERUSER, "--auth=scram-sha-256",
                f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C", "--no-sync",
            )  # fmt: skip
        except subprocess.CalledProcessError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"initdb failed: {exc.stderr.strip()}") from None
        for _attempt in range(5):
            cluster.port = free_port()
            done = cluster.run("pg_ctl", *cluster._start_args(), check=False)
            if done.returncode == 0:
                return cluster
        log = (folder / "log").read_text() if (folder / "log").exists() else done.stderr
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"pg_ctl start failed: {log.strip()[-2000:]}")

    def _start_args(self) -> list[str]:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.folder} "
            "-c fsync=off -c full_page_writes=off -c max_connections=200"  # the server is never killed
        )
        return ["-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w", "-t", "60", "-o", options,
                "start"]  # fmt: skip

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new empty database; its URL (``postgresql://...``, as ``landlords serve --db`` takes it)."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, sql: str, database: str = "postgres") -> str:
        cmd = [str(self.bin / "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1",
               "-p", str(self.port), "-U", SUPERUSER, "-d", database, "-c", sql]  # fmt: skip
        env = dict(os.environ, PGPASSWORD=self.password)
        return subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout

    def stop(self) -> None:
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop", check=False)

    def restart(self) -> None:
        """Start again after :meth:`stop` (same port, same data)."""
        self.run("pg_ctl", *self._start_args())

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
