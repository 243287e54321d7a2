"""`landlords simulate` on any backend (landlords.sim.simulation) and how games are cut into tasks
(landlords.sim.backends.spread): every game played once, the summary the in-process one."""

from __future__ import annotations

import json
import math
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from landlords.engine.errors import ConfigError
from landlords.sim import backends
from landlords.sim.runner import simulate as in_process
from landlords.sim.simulation import Setup, merge, play_range, simulate

EXE = str(Path(sys.executable).with_name("landlords"))


def timing_free(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}


# ================================================================ the summary
def test_ranges_merged_in_game_order_give_the_in_process_summary():
    setup = Setup(None, "hasbro-ru", 3, 11, ("baseline", "random"), (("starting_cash", 1000),), 300)
    whole, _ = in_process(None, "hasbro-ru", 3, 13, 11, ("baseline", "random"), {"starting_cash": 1000}, 300)
    parts = [play_range((setup, a, b))[1] for a, b in ((0, 1), (1, 6), (6, 13))]
    merged = merge(parts, 1.0)
    assert timing_free(merged.as_dict()) == timing_free(whole.as_dict())
    assert merged.turns == whole.turns and merged.rolls == whole.rolls  # game by game, in order
    assert list(merged.end_reasons) == list(whole.end_reasons)  # the order first met, too


def test_two_processes_give_the_summary_of_one():
    setup = Setup("classic-us", "hasbro-ru", 4, 5, ("advisor", "trader"), (), 2000)
    seen: list[int] = []
    two = simulate(setup, 24, workers=2, progress=seen.append)
    one, _ = in_process("classic-us", "hasbro-ru", 4, 24, 5, ("advisor", "trader"))
    assert timing_free(two.as_dict()) == timing_free(one.as_dict()) and two.turns == one.turns
    assert seen[-1] == 24 and seen == sorted(seen) and len(seen) > 1  # a bar that moves


@pytest.mark.parametrize(
    "setup, message",
    [
        (Setup(None, "hasbro-ru", 4, 1, ("nope",)), "unknown strategy 'nope'"),
        (Setup(None, "chess", 4, 1), "unknown ruleset 'chess'"),
        (Setup(None, "hasbro-ru", 9, 1), "2-8 players"),
    ],
)
def test_bad_setups_fail_before_any_game(setup, message):
    with pytest.raises(ConfigError, match=message):
        simulate(setup, 10, workers=2)


# ================================================================ how games become tasks
class FakeRay(backends.Session):
    """The Ray backend's split, without Ray: tasks run here, one by one, and are recorded."""

    def __init__(self, cpus: int) -> None:
        super().__init__("local", cpus)
        self.backend, self._cpus, self.tasks = "ray", cpus, []

    @property
    def cpus(self) -> int:
        return self._cpus

    def imap(self, fn, tasks):
        self.tasks.extend(tasks)
        return (fn(t) for t in tasks)


def ranges_of(fn, count: int, cpus: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    session = FakeRay(cpus)
    played = [r for r in backends.spread(fn, "cfg", count, session)]
    return played, [(a, b) for _, a, b in session.tasks]


def test_every_game_is_played_once_here_first_then_in_tasks():
    played, tasks = ranges_of(lambda t: (t[1], t[2]), 1000, 4)
    assert sorted(x for a, b in played for x in range(a, b)) == list(range(1000))
    probe = played[: len(played) - len(tasks)]
    assert probe[0] == (0, 1) and probe[-1][1] <= 100  # the probe: at most a tenth, here
    assert tasks and all(b - a == tasks[0][1] - tasks[0][0] for a, b in tasks[:-1])


def test_a_tiny_run_still_goes_to_the_tasks():
    played, tasks = ranges_of(lambda t: (t[1], t[2]), 3, 2)
    assert played[0] == (0, 1) and [x for a, b in tasks for x in range(a, b)] == [1, 2]


@pytest.mark.parametrize(
    "games, rate, cpus", [(10**6, 60.0, 2), (10**6, 5000.0, 64), (500, 60.0, 2), (40, 2.0, 8)]
)
def test_no_task_is_shorter_than_the_minimum_at_the_measured_rate(games, rate, cpus):
    size = backends.task_size(games, rate, cpus)
    shortest = math.ceil(backends.MIN_TASK_SECONDS * rate)
    assert size >= shortest or size == games  # a whole run shorter than that is one task
    assert size <= max(shortest, backends.MAX_TASK_SECONDS * rate)
    even = math.ceil(games / (cpus * backends.TASKS_PER_CPU))
    if shortest <= even <= backends.MAX_TASK_SECONDS * rate:
        assert size == even  # enough tasks per CPU for an even load


def test_tasks_are_cut_from_the_speed_measured_here(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(backends.time, "perf_counter", lambda: clock[0])

    def game_a_millisecond(task):  # 1000 games/s, on a clock of its own
        clock[0] += 0.001 * (task[2] - task[1])
        return task[1], task[2]

    played, tasks = ranges_of(game_a_millisecond, 2000, 2)
    assert played[len(played) - len(tasks) - 1] == (128, 200)  # the probe stops at a tenth of the games
    # 1000 games/s: no task under 0.25 s, so 250 games each (not 1800 / (2 CPUs x 8) = 113)
    assert [b - a for a, b in tasks] == [250] * 7 + [50]


# ================================================================ the command line
def test_simulate_command_on_two_processes_prints_the_same_summary():
    args = [EXE, "simulate", "-g", "12", "-s", "3", "--json"]
    one = subprocess.run(args, capture_output=True, text=True, timeout=300)
    two = subprocess.run([*args, "-w", "2"], capture_output=True, text=True, timeout=300)
    assert one.returncode == 0 and two.returncode == 0, two.stderr
    assert timing_free(json.loads(two.stdout)) == timing_free(json.loads(one.stdout))
    assert "simulate (2 processes)" in two.stderr and "12/12" in two.stderr


def test_simulate_command_refuses_an_address_without_ray():
    out = subprocess.run([EXE, "simulate", "--address", "auto"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip() == "error: --address is for the ray backend"


def test_simulate_command_names_an_unreachable_ray_address_at_once():
    pytest.importorskip("ray")
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = [EXE, "simulate", "-g", "2", "--backend", "ray", "--address", f"127.0.0.1:{port}"]
    out = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines()[-1] == (
        f"error: cannot reach the Ray cluster at 127.0.0.1:{port}: Connection refused"
    )


@pytest.mark.parametrize("address", ["auto", "ray://", "10.0.0.1", "host:port"])
def test_addresses_that_are_not_host_and_port_are_left_to_ray(address):
    backends.probe_ray_address(address)  # no probe, no error
