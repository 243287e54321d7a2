"""Messages that say what is wrong (issue 31): a folder or a device given to `analyse` is named as
such, not 'no such file'; one unknown strategy is named as unknown, not as too few; a pool is never
said to have more processes than it runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from landlords.sim.backends import Session, local_ranges

EXE = Path(sys.executable).parent / "landlords"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.mark.parametrize(
    "source, words", [(".", "is a folder"), ("/dev/zero", "is not a regular file"), ("nope.json", "no such file")]
)
def test_analyse_says_what_its_source_is(source, words, tmp_path):
    result = run("analyse", source, cwd=tmp_path)
    assert result.returncode == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_one_unknown_strategy_is_named_as_unknown(tmp_path):
    result = run("tournament", "-S", "nosuch", "-g", "2", cwd=tmp_path)
    assert result.returncode == 2
    assert "unknown strategy 'nosuch'" in result.stderr


def test_a_pool_runs_and_names_no_more_processes_than_its_tasks():
    session = Session("local", 4096)
    session.size_pool(len(local_ranges(2, 4096)))
    assert session.where() == "2 processes"
    session.size_pool(1)
    assert session.where() == "here"


def test_load_with_a_position_is_refused_not_ignored(tmp_path):
    import landlords
    from landlords import record as records

    records.save(landlords.new_game("moscow", "hasbro-ru", players=["Аня", "Борис"], seed=1), tmp_path / "g.json")
    result = run("play", "--load", "g.json", "--position", "p.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "--load resumes a saved game as it was" in result.stderr


def test_analyse_of_a_finished_game_says_it_is_over(tmp_path):
    import landlords
    from landlords import record as records
    from landlords.bots import make_bot
    from landlords.sim.runner import drive

    game = landlords.new_game("moscow", "hasbro-ru", players=["Аня", "Борис"], seed=2, auto_claim=True)
    drive(game, [make_bot("baseline"), make_bot("random", seed=1)], limit=2000)
    assert game.over
    records.save(game, tmp_path / "g.json")
    result = run("analyse", "g.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"The game is over: {game.names[game.winner]} won" in result.stdout
    assert "continuations" not in result.stdout + result.stderr


def test_a_deeply_nested_file_is_named_as_such(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    result = run("analyse", "deep.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: deep.json: not a position: nested too deeply"


def test_a_short_tournament_writes_its_charts_without_warnings(tmp_path):
    result = run("tournament", "-S", "baseline,random", "-g", "2", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Warning" not in result.stderr, result.stderr
