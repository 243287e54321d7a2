"""`landlords loadtest`: a tiny run of the real command (a server process, a client process, bots on
WebSockets) whose report must be whole and sane; the ramp's verdict; the command's refusals.
No figure is checked against a time: the machine may be busy."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from landlords.cli.main import main
from landlords.loadtest.figures import ClientFigures, Level, passed_at, percentile, summary


def test_a_tiny_load_test_reports_sane_figures():
    out = subprocess.run(
        [sys.executable, "-m", "landlords.cli.main", "loadtest", "-n", "2", "--clients", "1"]
        + ["--think", "0.02", "--warmup", "0.5", "--duration", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["target_p99_ms"] == 100.0
    (level,) = report["levels"]
    assert level["games"] == 2 and level["clients"] == 1 and level["db"] == "SQLite"
    # the games moved: every one had acts acknowledged in the window, none refused or failed
    assert level["games_moving"] == 2
    assert level["acts"] > 0 and level["acts_per_second"] == round(level["acts"] / level["seconds"], 1)
    assert level["refused"] == 0 and level["errors"] == 0
    assert 0 < level["p50_ms"] <= level["p95_ms"] <= level["p99_ms"] <= level["max_ms"]
    # the server process was measured: its memory and CPU
    assert level["server_rss_mb"] > 10 and level["server_mb_per_game"] > 0
    assert level["server_cpu"] > 0 and level["server_ms_per_act"] > 0 and level["server_cpu_wait"] >= 0
    assert level["load"]


def level(games: int, p99: float | None, errors: int = 0) -> Level:
    part = ClientFigures(latencies=[] if p99 is None else [p99 / 1000], errors=errors, tables_moving=games)
    return Level.merge(games, 10.0, 0.5, "SQLite", [part], None, None, None, "0.00 0.00 0.00")


def test_the_ramp_names_the_first_level_over_the_target():
    levels = [level(50, 20.0), level(100, 80.0), level(150, 140.0)]
    assert passed_at(levels, 100.0) == 150
    report = summary(levels, 100.0, ramp=True)
    assert report["p99_passes_target_at"] == 150 and report["most_games_within_target"] == 100
    # a level with failed acts does not count as within the target
    assert passed_at([level(50, 20.0, errors=1)], 100.0) == 50
    never = summary([level(50, 20.0)], 100.0, ramp=True)
    assert never["p99_passes_target_at"] is None and never["most_games_within_target"] == 50
    assert "p99_passes_target_at" not in summary(levels, 100.0, ramp=False)


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 99) == 99 and percentile(values, 100) == 100
    assert percentile([7.0], 99) == 7.0 and percentile([], 50) is None


def test_bad_options_are_one_line_and_start_nothing():
    runner = CliRunner()
    cases = [
        (["--db", "sqlite:///x.db", "--url", "http://127.0.0.1:1"], "--db and --url"),
        (["--ruleset", "nonesuch"], "unknown ruleset"),
        (["--games", "0"], "--games"),
        (["--db", "mysql://x/y", "--games", "1"], "sqlite:/// or postgresql://"),
    ]
    for args, words in cases:
        result = runner.invoke(main, ["loadtest", *args])
        assert result.exit_code != 0, args
        assert words in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_a_load_test_seat_wakes_for_its_own_answers_or_the_end():
    """The bots' predicate, tried by the client's reader on every view: a seat's turn is a view
    after the one it answered with an act marked ``answer``; a finished game ends every seat."""
    from landlords.loadtest.players import _turn_or_end

    def view(version: int, answers: bool, over: bool = False) -> dict:
        acts = [{"action": {"type": "roll"}, "answer": answers}, {"action": {"type": "end_turn"}, "answer": False}]
        return {"version": version, "state": {"over": over}, "you": {"seat": 0, "acts": acts}}

    assert _turn_or_end(view(5, answers=True), acted=4)
    assert not _turn_or_end(view(5, answers=True), acted=5)  # the view it answered already
    assert not _turn_or_end(view(6, answers=False), acted=5)  # another seat's decision
    assert _turn_or_end(view(6, answers=False, over=True), acted=5)
    assert not _turn_or_end({"version": 0, "state": None, "you": {"seat": 0}}, acted=-1)  # not started
