"""Run independent tasks on this process, a local process pool, or Ray, and hand back the results as
they finish. Tournaments, simulations and win-chance analyses share it.

:func:`imap` is a generator: a caller that has seen enough stops reading (``break``, or ``close()``
on the generator), and the tasks not yet finished are dropped (the pool is terminated, Ray tasks are
cancelled). Results come in the order they finish; every task carries what the caller needs to put
them back in order.

:func:`spread` plays numbered games ``0..count-1`` in ranges. On Ray the ranges are sized from a
measured speed (a few games played here first, kept), so that no task is shorter than
:data:`MIN_TASK_SECONDS`: a Ray task costs milliseconds to schedule, and a cluster kept busy with
tiny tasks spends its time on bookkeeping. A Ray task whose worker process or node dies is run again
(:data:`RAY_RETRIES` times); since every game's seed derives from the run's seed and the game's
number, the rerun plays the very same games.
"""

from __future__ import annotations

import math
import multiprocessing
import re
import signal
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..engine.errors import ConfigError
from ..extras import install_hint

BACKENDS = ("local", "ray")
RAY_RETRIES = 5  # runs of a Ray task after its worker or node died (system failures only)
PROBE_SECONDS = 0.2  # games played here before the Ray tasks are sized
MIN_TASK_SECONDS = 0.25  # the shortest Ray task at the measured speed (faster workers: still > 0.1 s)
MAX_TASK_SECONDS = 30.0  # the longest: a task lost with its node costs at most this again
TASKS_PER_CPU = 8  # for an even load and a moving progress bar, when the games allow it
LOCAL_TASKS_PER_WORKER = 25  # the local pool's split (its tasks cost microseconds to hand out)

T = TypeVar("T")
R = TypeVar("R")
C = TypeVar("C")


def check(workers: int, backend: str, address: str | None = None) -> None:
    """The checks every caller makes before any work starts."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if workers < 1:
        raise ConfigError("workers must be at least 1")
    if address and backend != "ray":
        raise ConfigError("--address is for the ray backend")


class Session:
    """Where tasks run while the ``with`` block lasts: this process (``local``, one worker), a local
    process pool, or Ray (a new local instance with ``workers`` CPUs, or the cluster at ``address``;
    a Ray connection made by the caller beforehand is used as it is and left open)."""

    def __init__(
        self, backend: str = "local", workers: int = 1, address: str | None = None, start_method: str | None = None
    ) -> None:
        check(workers, backend, address)
        self.backend, self.workers, self.address, self.start_method = backend, workers, address, start_method
        self._ray: Any = None
        self._started = False
        self._where = ""
        self._looked = 0.0
        self._processes = workers  # the pool's processes: never more than the tasks given to it

    def __enter__(self) -> Session:
        if self.backend == "ray":
            self._ray, self._started = _connect_ray(self.workers, self.address)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            self._ray.shutdown()
            self._started = False

    @property
    def cpus(self) -> int:
        """How many tasks can run at once: the pool's processes, or the Ray cluster's CPUs now."""
        if self._ray is None:
            return self.workers
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def where(self) -> str:
        """Where the work runs, for a progress bar: ``ray: 3 nodes, 6 CPUs`` (looked up at most once
        a second, so a node that joins or dies shows)."""
        if self._ray is None:
            return "here" if self._processes <= 1 else f"{self._processes} processes"
        now = time.monotonic()
        if not self._where or now - self._looked >= 1.0:
            alive = [n for n in self._ray.nodes() if n.get("Alive")]
            cpus = sum(int(n.get("Resources", {}).get("CPU", 0)) for n in alive)
            self._where = f"ray: {len(alive)} node{'s' * (len(alive) != 1)}, {cpus} CPU{'s' * (cpus != 1)}"
            self._looked = now
        return self._where

    def size_pool(self, tasks: int) -> None:
        """The local pool will run ``tasks`` tasks: no more processes than that (nor said)."""
        self._processes = min(self.workers, max(1, tasks))

    def imap(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        """``fn(task)`` for every task, in the order they finish (see :func:`imap`)."""
        if self._ray is not None:
            return _ray_imap(self._ray, fn, tasks)
        self.size_pool(len(tasks))
        if self._processes <= 1:
            return (fn(t) for t in tasks)
        return _pool(fn, tasks, self._processes, self.start_method)


def imap(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    start_method: str | None = None,
) -> Iterator[R]:
    """``fn(task)`` for every task, in the order they finish. ``fn`` must be a module-level function
    (it is pickled for the pool and for Ray); ``start_method`` picks the local pool's start method
    (default: ``fork`` where available, else ``spawn``)."""
    session = Session(backend, workers, address, start_method)
    if backend == "ray":
        return _within(session, fn, tasks)
    return session.imap(fn, tasks)


def _within(session: Session, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
    with session:
        yield from session.imap(fn, tasks)


def spread(
    fn: Callable[[tuple[C, int, int]], R],
    config: C,
    count: int,
    session: Session,
    status: Callable[[str], None] | None = None,
) -> Iterator[R]:
    """``fn((config, start, stop))`` over ranges that cover ``0..count-1`` once, results in the order
    they finish. ``fn`` must give the same result for the same range wherever it runs (a Ray task is
    rerun after a failure). ``status(where)`` hears where the work runs, when that changes."""
    said = ""
    if session.backend != "ray":
        session.size_pool(len(local_ranges(count, session.workers)))

    def tell() -> None:
        nonlocal said
        if status and session.where() != said:
            said = session.where()
            status(said)

    tell()
    if count <= 0:
        return
    if session.backend != "ray":
        yield from session.imap(fn, [(config, a, b) for a, b in local_ranges(count, session.workers)])
        return
    start, rate = yield from _probe(fn, config, count)
    size = task_size(count - start, rate, session.cpus)
    tasks = [(config, a, min(count, a + size)) for a in range(start, count, size)]
    results = session.imap(fn, tasks)
    try:
        for result in results:
            yield result
            tell()
    finally:
        results.close()  # type: ignore[attr-defined]


def _probe(fn: Callable[[tuple[C, int, int]], R], config: C, count: int) -> Iterator[R]:
    """Play the first games here and hand their results on; return ``(games played, games/s)``.

    The first game warms this process up (imports, the odds tables) and is not timed unless it is
    the only one; then one game, two, four... are timed for :data:`PROBE_SECONDS`, never more than a
    tenth of the games in all."""
    cap = max(1, count // 10)
    began = time.perf_counter()
    yield fn((config, 0, 1))
    done, n, timed = 1, 1, 0
    warm = time.perf_counter()
    while done < cap and time.perf_counter() - warm < PROBE_SECONDS:
        stop = min(cap, done + n)
        yield fn((config, done, stop))
        timed, done, n = timed + stop - done, stop, 2 * n
    if timed:
        return done, timed / max(time.perf_counter() - warm, 1e-6)
    return done, 1 / max(warm - began, 1e-6)


def local_ranges(count: int, workers: int) -> list[tuple[int, int]]:
    """The local pool's split: about :data:`LOCAL_TASKS_PER_WORKER` ranges per worker (an even load
    and a live progress bar), of 1 to 200 games each."""
    size = max(1, min(200, math.ceil(count / (max(1, workers) * LOCAL_TASKS_PER_WORKER))))
    return [(a, min(count, a + size)) for a in range(0, count, size)]


def task_size(games: int, rate: float, cpus: int) -> int:
    """Games per Ray task: :data:`TASKS_PER_CPU` tasks per CPU where that keeps every task at least
    :data:`MIN_TASK_SECONDS` long at ``rate`` games/s; never longer than :data:`MAX_TASK_SECONDS`."""
    shortest = max(1, math.ceil(MIN_TASK_SECONDS * rate))
    longest = max(shortest, math.floor(MAX_TASK_SECONDS * rate))
    even = math.ceil(games / (max(1, cpus) * TASKS_PER_CPU))
    return max(1, min(games, max(shortest, min(even, longest))))


def _pool(fn: Callable[[T], R], tasks: Sequence[T], workers: int, start_method: str | None) -> Iterator[R]:
    # fork where there is one: workers start at once and see strategies registered at run time
    # (the pool is created before anything else of ours starts a thread); spawn elsewhere
    ctx = multiprocessing.get_context(
        start_method or ("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    )
    with ctx.Pool(min(workers, max(1, len(tasks))), initializer=_leave_interrupts_to_the_parent) as pool:
        yield from pool.imap_unordered(fn, tasks)  # leaving the block (Ctrl-C too) terminates the pool


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the terminal sends it to the whole process group, and the parent
    alone stops the run (each worker printed its KeyboardInterrupt traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


RAY_PROBE_SECONDS = 5.0  # ray.init retries an unreachable address for minutes: look first
HOST_PORT = re.compile(r"^(?:ray://)?(\[[0-9a-fA-F:]+\]|[^:/\[\]]+):(\d{1,5})$")


def probe_ray_address(address: str) -> None:
    """A clear error at once when nothing listens at ``HOST:PORT`` (``ray://HOST:PORT`` alike);
    other forms (``auto``) are left to Ray."""
    match = HOST_PORT.match(address)
    if match is None:
        return
    host, port = match.group(1).strip("[]"), int(match.group(2))
    try:
        with socket.create_connection((host, port), timeout=RAY_PROBE_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ConfigError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _connect_ray(workers: int, address: str | None) -> tuple[Any, bool]:
    """Ray, connected: to ``address``, or to a new local instance. Returns (ray, started here)."""
    try:
        import ray
    except ImportError:
        raise ConfigError(f"the ray backend needs Ray: {install_hint('ray')}") from None
    if ray.is_initialized():
        return ray, False
    if address:
        probe_ray_address(address)
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    try:
        if address:
            import landlords

            # ship this very package to the cluster, so every worker plays the same rules
            options["runtime_env"] = {"py_modules": [landlords]}
            ray.init(address=address, **options)
        else:  # "local": a new instance even where `ray start` left an address file behind
            ray.init(address="local", num_cpus=max(1, workers), **options)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise ConfigError(f"cannot start or reach {where}: {str(exc).splitlines()[0]}") from None
    return ray, True


def _ray_imap(ray: Any, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
    # retry_exceptions stays off: an exception raised by a task (an illegal action) comes back the
    # same on every run; a dead worker process or node is a system failure, rerun by max_retries
    remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES, retry_exceptions=False)(fn)
    pending: list = []
    try:
        pending = [remote.remote(t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield _ray_get(ray, ref)
    finally:
        for ref in pending:  # stopped early: what has not run yet is not wanted
            ray.cancel(ref, force=True)


def _ray_get(ray: Any, ref: Any) -> Any:
    """A task's result; its own exception as raised (not Ray's wrapper with the remote traceback),
    and a task lost more than :data:`RAY_RETRIES` times as one line."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if exc.cause is not None:
            raise exc.cause from None
        raise
    except ray.exceptions.RayError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise RuntimeError(f"a Ray task failed after {RAY_RETRIES} retries: {first}") from None
