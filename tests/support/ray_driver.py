"""A Ray driver for tests/sim/test_ray_cluster.py, in its own process (Ray's connection settings, such
as its token, are per process): plays a tournament on the cluster at ADDRESS and prints one line per
event: ``where TEXT`` (nodes and CPUs), ``done N`` (games finished) and at last ``result JSON``.

    python tests/support/ray_driver.py ADDRESS GAMES SEED
"""

from __future__ import annotations

import json
import sys

from landlords.sim.tournament import Config, run

STRATEGIES = ("advisor", "trader", "baseline")


def main(address: str, games: int, seed: int) -> None:
    result = run(
        Config(STRATEGIES, games, seed=seed),
        backend="ray",
        address=address,
        progress=lambda n: print("done", n, flush=True),
        status=lambda where: print("where", where, flush=True),
    )
    print("result", json.dumps(result.summary()), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
