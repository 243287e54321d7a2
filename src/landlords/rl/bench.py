"""``landlords rl bench``: AEC environment steps per second with random masked actions, one core.

A step is what a learning loop pays for: ``env.last()`` (observation and mask) and ``env.step``
with an action drawn uniformly from the mask. Each run plays for ``seconds`` of CPU time (process
time, so other work on a shared machine counts less); the median of ``runs`` runs is reported.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from .aec import LandlordsAEC


def run_once(env: LandlordsAEC, seconds: float, rng: random.Random) -> dict[str, float]:
    steps = games = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    env.reset(seed=rng.randrange(2**31))
    choice, last, step = rng.choice, env.last, env.step
    while True:
        for _agent in env.agent_iter(256):
            obs, _, term, trunc, _ = last()
            if term or trunc:
                step(None)
            else:
                step(choice(obs["action_mask"].nonzero()[0].tolist()))  # the draw, kept cheap
                steps += 1
        if not env.agents:
            games += 1
            env.reset()
        if time.process_time() - cpu0 >= seconds:
            break
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"steps": steps, "games": games, "steps_per_cpu_second": steps / cpu, "steps_per_second": steps / wall}


def bench(
    ruleset: str = "hasbro-ru",
    edition: str | None = None,
    seats: int = 2,
    rules: dict[str, Any] | None = None,
    seconds: float = 5.0,
    runs: int = 5,
    seed: int = 1,
) -> dict[str, Any]:
    """Median steps per second over ``runs`` runs (and the games finished)."""
    env = LandlordsAEC(ruleset, edition, seats, rules)
    rng = random.Random(seed)
    results = [run_once(env, seconds, rng) for _ in range(runs)]
    return {
        "ruleset": ruleset,
        "edition": env.setup.edition.id,
        "seats": seats,
        "runs": runs,
        "seconds_per_run": seconds,
        "median_steps_per_cpu_second": statistics.median(r["steps_per_cpu_second"] for r in results),
        "median_steps_per_second": statistics.median(r["steps_per_second"] for r in results),
        "steps": [r["steps"] for r in results],
        "games": [r["games"] for r in results],
        "observation_size": env.encoder.dim,
        "actions": env.codec.n,
    }


def pettingzoo_rates(
    ruleset: str, edition: str | None, seats: int, rules: dict[str, Any] | None, runs: int
) -> list[float]:
    """Turns per second in PettingZoo's own ``performance_benchmark``, once per run (0.0 where its
    printout has no figure)."""
    import contextlib
    import io
    import re

    from pettingzoo.test import performance_benchmark

    rates = []
    for _ in range(runs):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            performance_benchmark(LandlordsAEC(ruleset, edition, seats, rules))
        found = re.search(r"([0-9.]+) turns per second", out.getvalue())
        rates.append(float(found.group(1)) if found else 0.0)
    return rates


__all__ = ["bench", "pettingzoo_rates", "run_once"]
