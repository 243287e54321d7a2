"""The command line, run as a user would: the installed console script in a subprocess."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

_beside = Path(sys.executable).parent / "landlords"
EXE = str(_beside) if _beside.exists() else shutil.which("landlords")


def run(*args: str) -> subprocess.CompletedProcess:
    cmd = [EXE, *args] if EXE else [sys.executable, "-m", "landlords.cli.main", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_simulate_prints_a_json_summary_and_saves_a_replayable_record(tmp_path):
    rec = tmp_path / "first.json"
    out = run(
        "simulate", "--edition", "classic-us", "--games", "20", "--seed", "3", "--json", "--record", str(rec)
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 20 and sum(data["wins_by_seat"]) == 20
    assert set(data["end_reasons"]) <= {"last_player", "turn_cap"}
    again = run("replay", str(rec))
    assert again.returncode == 0, again.stderr
    assert "game over:" in again.stdout and "state hash" in again.stdout


def test_simulate_is_deterministic_for_a_seed():
    a = json.loads(run("simulate", "-g", "10", "-s", "9", "--json").stdout)
    b = json.loads(run("simulate", "-g", "10", "-s", "9", "--json").stdout)
    for key in ("wins_by_seat", "end_reasons", "median_turns", "median_rolls"):
        assert a[key] == b[key]


def test_house_rules_from_the_command_line():
    out = run("rules", "hasbro-ru", "--rule", "free_parking=rest", "--rule", "starting_cash=2000")
    assert out.returncode == 0
    assert "* free_parking = rest  (ruleset: skip_turn)" in out.stdout
    assert "* starting_cash = 2000  (ruleset: 1500)" in out.stdout and "seed 000, line 71" in out.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (("simulate", "--rule", "no_such=1"), "unknown rule option 'no_such'"),
        (("simulate", "--rule", "starting_cash"), "KEY=VALUE"),
        (("simulate", "--ruleset", "chess"), "unknown ruleset 'chess'"),
        (("simulate", "--edition", "atlantis"), "atlantis"),
        (("rules", "hasbro-ru", "--rule", "free_parking=sometimes"), "takes one of skip_turn, rest"),
    ],
)
def test_bad_input_gets_a_clear_error(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in out.stdout + out.stderr


def test_replay_of_a_broken_file_names_the_problem(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "landlords-record", "version": 1}')
    out = run("replay", str(bad))
    assert out.returncode == 2 and "'edition' is missing" in out.stderr and not out.stdout


def test_replay_stops_only_within_the_record(tmp_path):
    rec = tmp_path / "one.json"
    assert run("simulate", "-g", "1", "-s", "4", "--record", str(rec)).returncode == 0
    acts = len(json.loads(rec.read_text())["actions"])
    last = run("replay", str(rec), "--position", str(acts))
    assert last.returncode == 0 and json.loads(last.stdout)
    for args, message in (
        (("--position", str(acts + 1)), f"holds {acts} acts: --position {acts + 1} is past its end"),
        (("--upto", "99999"), f"holds {acts} acts: --upto 99999 is past its end"),
        (("--position", "-1"), "from 0 up, not -1"),
        (("--position", "3", "--upto", "3"), "give --position or --upto, not both"),
    ):
        out = run("replay", str(rec), *args)
        assert out.returncode == 2 and message in out.stderr and not out.stdout, (args, out.stderr)


def test_listings():
    eds = run("editions").stdout
    for name in ("classic-us", "moscow", "london", "warsaw"):
        assert name in eds
    assert "hasbro-ru" in run("rulesets").stdout


def test_bench_reports_games_and_rolls_per_second():
    out = run("bench", "--games", "5", "--runs", "2", "--json")
    data = json.loads(out.stdout)
    assert data["games_per_second"] > 0 and data["games_per_cpu_second"] > 0 and data["rolls_per_cpu_second"] > 0
    assert data["runs"] == 2
