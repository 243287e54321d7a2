"""Paired speed runs: rulesets alternate run by run in one process, so that a shared machine's
swings in speed hit every ruleset alike; prints each ruleset's median games per CPU second and the
median of its runs' ratios to the first ruleset's run just before them.

    python examples/paired_bench.py hasbro-ru,businesspoly,odessa 15 100

The build is whichever ``landlords`` is imported (``landlords bench`` says which one that is).
"""

from __future__ import annotations

import statistics
import sys
import time

from landlords.sim.runner import simulate


def main(rulesets: list[str], rounds: int, games: int) -> None:
    rates: dict[str, list[float]] = {r: [] for r in rulesets}
    for r in rulesets:
        simulate(None, r, 4, 5, 1)  # warm-up: loading the edition and the rules
    for i in range(rounds):
        for r in rulesets:
            start = time.process_time()
            simulate(None, r, 4, games, 1 + 1000 * i)
            rates[r].append(games / (time.process_time() - start))
    base = rates[rulesets[0]]
    for r in rulesets:
        ratios = [a / b for a, b in zip(rates[r], base, strict=True)]
        low, _, high = statistics.quantiles(ratios, n=4)
        print(
            f"{r}: median {statistics.median(rates[r]):.0f} games/CPU s "
            f"(min {min(rates[r]):.0f}, max {max(rates[r]):.0f}); "
            f"ratio to {rulesets[0]}: median {statistics.median(ratios):.3f} (quartiles {low:.3f}-{high:.3f})"
        )


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit("usage: python examples/paired_bench.py RULESET,RULESET,... ROUNDS GAMES")
    main(sys.argv[1].split(","), int(sys.argv[2]), int(sys.argv[3]))
