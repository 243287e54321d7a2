"""Run independent tasks on this process, a local process pool, or Ray, and hand back the results as
they finish. Tournaments and win-chance analyses share it.

:func:`imap` is a generator: a caller that has seen enough stops reading (``break``, or ``close()``
on the generator), and the tasks not yet finished are dropped (the pool is terminated, Ray tasks are
cancelled). Results come in the order they finish; every task carries what the caller needs to put
them back in order.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ..engine.errors import ConfigError

BACKENDS = ("local", "ray")

T = TypeVar("T")
R = TypeVar("R")


def check(workers: int, backend: str, address: str | None = None) -> None:
    """The checks every caller makes before any work starts."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if workers < 1:
        raise ConfigError("workers must be at least 1")
    if address and backend != "ray":
        raise ConfigError("--address is for the ray backend")


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
    check(workers, backend, address)
    if backend == "ray":
        return _ray(fn, tasks, workers, address)
    if workers <= 1:
        return (fn(t) for t in tasks)
    return _pool(fn, tasks, workers, start_method)


def _pool(fn: Callable[[T], R], tasks: Sequence[T], workers: int, start_method: str | None) -> Iterator[R]:
    # fork where there is one: workers start at once and see strategies registered at run time
    # (the pool is created before anything else of ours starts a thread); spawn elsewhere
    ctx = multiprocessing.get_context(
        start_method or ("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    )
    with ctx.Pool(min(workers, max(1, len(tasks)))) as pool:  # leaving the block terminates the pool
        yield from pool.imap_unordered(fn, tasks)


def _ray(fn: Callable[[T], R], tasks: Sequence[T], workers: int, address: str | None) -> Iterator[R]:
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'landlords[ray]'") from None
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            import landlords

            # ship this very package to the cluster, so every worker plays the same rules
            options["runtime_env"] = {"py_modules": [landlords]}
            ray.init(address=address, **options)
        else:
            ray.init(num_cpus=max(1, workers), **options)
        started = True
    pending: list = []
    try:
        task = ray.remote(num_cpus=1)(fn)
        pending = [task.remote(t) for t in tasks]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield ray.get(ref)
    finally:
        for ref in pending:  # stopped early: what has not run yet is not wanted
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
