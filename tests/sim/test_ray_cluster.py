"""Simulations on a real Ray cluster: a head node and two worker nodes started with ``ray start`` on
this machine (tests/support/ray_cluster.py). Games are played on the worker nodes, the results stream back
and equal the local backend's; a worker node killed with SIGKILL in the middle of a tournament loses
no game (its batch runs again elsewhere, with the same seeds)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import TESTS
from support.ray_cluster import RayCluster
from support.ray_driver import STRATEGIES

from landlords.sim.tournament import Config, run

pytest.importorskip("ray")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the cluster is found through /proc"),
]

EXE = str(Path(sys.executable).with_name("landlords"))


@pytest.fixture(scope="module")
def ray_cluster():
    c = RayCluster(worker_nodes=2, cpus_per_worker=1)
    try:
        yield c.start()
    finally:
        c.stop()
    assert not c.stray(), "processes of the test cluster outlived it"


def timing_free(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}


def test_simulate_on_the_cluster_gives_the_local_summary(ray_cluster):
    args = [EXE, "simulate", "-p", "3", "-g", "90", "-s", "7", "--json"]
    local = subprocess.run(args, capture_output=True, text=True, timeout=300)
    on_ray = subprocess.run(
        [*args, "--backend", "ray", "--address", ray_cluster.address],
        capture_output=True,
        text=True,
        timeout=600,
        env=ray_cluster.env(),
    )
    assert local.returncode == 0 and on_ray.returncode == 0, on_ray.stderr
    assert timing_free(json.loads(on_ray.stdout)) == timing_free(json.loads(local.stdout))
    assert "simulate (ray: 3 nodes, 2 CPUs)" in on_ray.stderr  # the bar names the cluster
    assert "90/90" in on_ray.stderr


def test_a_worker_node_killed_mid_tournament_loses_no_game(ray_cluster):
    games, seed = 240, 4
    driver = subprocess.Popen(
        [sys.executable, str(TESTS / "support" / "ray_driver.py"), ray_cluster.address, str(games), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ray_cluster.env(),
    )
    done: list[int] = []
    where: list[str] = []
    killed: list[str] = []
    result = None
    try:
        for line in driver.stdout:
            word, _, rest = line.strip().partition(" ")
            if word == "done":
                done.append(int(rest))
                # past the probe (Ray tasks are running), at a moment when worker1 runs a batch
                running = not killed and done[-1] >= games // 3 and ray_cluster.commands("worker1")
                if running and any("ray::_run_batch_args" in cmd for _, cmd in running):
                    killed = [cmd for _, cmd in running]
                    ray_cluster.kill("worker1")
            elif word == "where":
                where.append(rest)
            elif word == "result":
                result = json.loads(rest)
        assert driver.wait(timeout=600) == 0, driver.stderr.read()
    finally:
        if driver.poll() is None:
            driver.kill()
    assert killed and any("ray::_run_batch_args" in cmd for cmd in killed), killed  # a batch was running there
    assert done[-1] == games and len(done) > 3 and done == sorted(done)  # streamed, batch by batch
    assert where[0] == "ray: 3 nodes, 2 CPUs"
    local = run(Config(STRATEGIES, games, seed=seed))
    assert result == json.loads(json.dumps(local.summary()))
    deadline = time.monotonic() + 60
    while len(ray_cluster.alive()) != 2 and time.monotonic() < deadline:
        time.sleep(1)
    assert len(ray_cluster.alive()) == 2  # the node is gone for good
