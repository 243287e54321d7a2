"""Running a load test: the server process, the client processes, the levels of a ramp."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from . import players
from .figures import ClientFigures, Level, passed_at, show

READY_TIMEOUT = 900.0  # seconds for a level's games to be created and connected


class LoadTestError(Exception):
    """A level could not run (the server did not start, refused the games, a client process died).
    ``code`` is the command's exit status: 2 when what it was given cannot work (a server that is not
    there or does not start, a database URL of another kind), 1 when a run that had started failed."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Options:
    games: list[int]
    clients: int
    think: float
    warmup: float
    duration: float
    db: str | None
    url: str | None
    seed: int
    ruleset: str = "hasbro-ru"
    urls: list[str] | None = None  # --url, split at the commas
    processes: int = 1  # server processes sharing the games (--broker)
    broker: str | None = None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(proc: subprocess.Popen, grace: float = 10.0, group: bool = False) -> None:
    """End a child process (a server): SIGTERM, then SIGKILL if it still runs after ``grace``
    seconds (to its whole process group with ``group``); reaped either way. Also for the tests'
    servers."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        if group:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
        proc.wait()


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "-"


class ServerProcess:
    """``landlords serve`` in a process of its own, on a free loopback port."""

    def __init__(self, db_url: str, log_path: Path, extra: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.log = open(log_path, "w")  # noqa: SIM115 - closed in stop()
        command = [sys.executable, "-m", "landlords.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", db_url, "--log-level", "warning", *extra]
        # a session of its own: where the kernel shares the CPU between sessions (Linux's autogroups),
        # the server then gets its own share, not one shared with the client processes
        self.proc = subprocess.Popen(
            command, stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
        )

    def wait_up(self, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise LoadTestError(f"the server exited at start-up: {self.last_log_line()}", code=2)
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise LoadTestError(f"the server did not answer within {timeout:.0f} s: {self.last_log_line()}", code=2)

    def last_log_line(self) -> str:
        self.log.flush()
        lines = [line for line in self.log_path.read_text(errors="replace").splitlines() if line.strip()]
        return lines[-1] if lines else "(no output)"

    def rss(self) -> int | None:
        """Resident memory in bytes (Linux's /proc; None elsewhere)."""
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def cpu_seconds(self) -> float | None:
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_wait_seconds(self) -> float | None:
        """Seconds the server's event loop thread was ready to run but waited for a CPU (Linux's
        schedstat): the share of the machine that other processes took from it."""
        try:
            return int(Path(f"/proc/{self.proc.pid}/schedstat").read_text().split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return None

    def stop(self) -> None:
        stop_process(self.proc)
        self.log.close()


@contextmanager
def scratch_database(db: str | None, folder: Path) -> Iterator[str]:
    """A database of the level's own: a new SQLite file, or a new database on the PostgreSQL server
    of ``db`` (created with the URL's user, dropped afterwards), so no level sees another's games."""
    if db is None or db.startswith("sqlite"):
        path = folder / f"load-{secrets.token_hex(4)}.db" if db is None else None
        yield f"sqlite:///{path}" if path is not None else db
        return
    if not db.startswith(("postgresql://", "postgres://")):
        raise LoadTestError(f"--db must be a sqlite:/// or postgresql:// URL, not {db.split(':', 1)[0]!r}", code=2)
    from sqlalchemy.engine import make_url

    base = make_url(db)
    name = f"landlords_load_{secrets.token_hex(4)}"
    _pg_admin(db, f'CREATE DATABASE "{name}"')
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        _pg_admin(db, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pg_admin(url: str, sql: str) -> None:
    import asyncpg

    async def go() -> None:
        conn = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    try:
        asyncio.run(go())
    except (OSError, asyncpg.PostgresError) as exc:
        what = sql.split(" ")[0].lower()
        raise LoadTestError(f"PostgreSQL at --db: {what} a scratch database: {exc}", code=2) from None


def run_level(options: Options, games: int, say: Callable[[str], None]) -> Level:
    with tempfile.TemporaryDirectory(prefix="landlords-load-") as tmp:
        if options.urls:
            kind = "running server" + (f"s ({len(options.urls)})" if len(options.urls) > 1 else "")
            return _measure(options, games, options.urls, [], kind, say)
        with scratch_database(options.db, Path(tmp)) as db_url:
            # its own server: the clients play every game from this machine's one address
            extra: tuple[str, ...] = ("--exempt", "127.0.0.0/8")
            extra += ("--broker", options.broker) if options.broker else ()
            servers: list[ServerProcess] = []
            try:
                for i in range(options.processes):  # the first creates the schema, the others find it
                    servers.append(ServerProcess(db_url, Path(tmp) / f"server{i}.log", extra))
                    servers[-1].wait_up()
                for server in servers:  # a game in the lobby first: editions, rules loaded before the baseline
                    httpx.post(server.url + "/api/games", json={"private": True}, timeout=30).raise_for_status()
                kind = "PostgreSQL" if db_url.startswith("postgresql") else "SQLite"
                if options.processes > 1:
                    kind += f", {options.processes} server processes"
                return _measure(options, games, [s.url for s in servers], servers, kind, say)
            finally:
                for server in servers:
                    server.stop()


def level_sizes(games: int, step: int, ramp: bool) -> list[int]:
    """The games of each level: ``games`` alone, or with a ramp ``step``, ``2 * step``, ... and ``games``."""
    sizes = list(range(step, games + 1, step)) if ramp else [games]
    if ramp and (not sizes or sizes[-1] != games):
        sizes.append(games)
    return sizes


def run_levels(options: Options, target_ms: float, ramp: bool, say: Callable[[str], None]) -> list[Level]:
    """Every level of ``options.games`` in turn, each said in one line when done; with a ramp, stop
    at the first level whose p99 passes ``target_ms``. A level that cannot run raises LoadTestError."""
    levels: list[Level] = []
    for n in options.games:
        level = run_level(options, n, say)
        levels.append(level)
        say(f"{n} games: p99 {show(level.p99_ms)} ms, {level.acts_per_second} acts/s")
        if ramp and passed_at(levels, target_ms) is not None:
            break
    return levels


def _total(servers: list[ServerProcess], figure: str) -> float | None:
    """A figure summed over the server processes (None without them, or where one is unknown)."""
    values = [getattr(s, figure)() for s in servers]
    return None if not values or any(v is None for v in values) else sum(values)


def _measure(
    options: Options,
    games: int,
    urls: list[str],
    servers: list[ServerProcess],
    db: str,
    say: Callable[[str], None],
) -> Level:
    server = servers[0] if servers else None
    base_rss = _total(servers, "rss")
    ctx = multiprocessing.get_context("spawn")
    n_clients = max(1, min(options.clients, games))
    shares = [games // n_clients + (1 if i < games % n_clients else 0) for i in range(n_clients)]
    procs, pipes = [], []
    for i, share in enumerate(shares):
        parent, child = ctx.Pipe()
        plan = players.Plan(urls, share, options.think, options.seed * 1000 + i, options.ruleset)
        proc = ctx.Process(target=players.main, args=(plan, child), daemon=True)
        proc.start()
        child.close()  # the parent's copy: a client process that dies closes the pipe for good
        procs.append(proc)
        pipes.append(parent)
    try:
        say(f"{games} games: creating and connecting them ({n_clients} client processes)")
        for pipe in pipes:
            kind, value = _receive(pipe, READY_TIMEOUT)
            if kind != "ready":
                raise LoadTestError(f"a client process could not set up its games: {value}", code=2)
        say(f"{games} games: playing ({options.warmup:g} s warm-up, {options.duration:g} s measured)")
        for pipe in pipes:
            pipe.send((options.warmup, options.duration))
        time.sleep(options.warmup)
        cpu_start = _total(servers, "cpu_seconds")
        wait_start = _total(servers, "cpu_wait_seconds")
        started = time.perf_counter()
        parts: list[ClientFigures] = []
        for pipe in pipes:
            kind, value = _receive(pipe, options.duration + 120)
            if kind != "done":
                raise LoadTestError(f"a client process failed: {value}")
            parts.append(value)
        seconds = options.duration
        server_cpu = server_wait = None
        rss = None
        elapsed = time.perf_counter() - started
        if server is not None and cpu_start is not None:
            cpu_end = _total(servers, "cpu_seconds")
            if cpu_end is not None:
                server_cpu = (cpu_end - cpu_start) / elapsed
            wait_end = _total(servers, "cpu_wait_seconds")
            if wait_start is not None and wait_end is not None:
                server_wait = (wait_end - wait_start) / elapsed
            end_rss = _total(servers, "rss")
            rss = (base_rss, end_rss) if base_rss is not None and end_rss is not None else None
        return Level.merge(games, seconds, options.think, db, parts, rss, server_cpu, server_wait, load_average())
    finally:
        for proc in procs:
            proc.join(timeout=15)
            if proc.is_alive():
                proc.terminate()
                proc.join()


def _receive(pipe, timeout: float):
    if not pipe.poll(timeout):
        raise LoadTestError(f"a client process said nothing for {timeout:.0f} s")
    try:
        return pipe.recv()
    except EOFError:
        raise LoadTestError("a client process died (see its traceback above)") from None
