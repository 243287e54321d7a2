"""Issue 11, bad input: every class of mistake a user makes on the command line gets one clear line
on stderr naming what is wrong, a non-zero exit, no traceback, nothing on stdout, and changes
nothing. Run through the installed script, as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from support.cli import EXE, assert_refused, run
from support.server_process import free_port

import landlords
from landlords import record as records

READ_ONLY = "/proc/landlords-out"  # a read-only file system on every Linux


@pytest.fixture
def record_file(tmp_path) -> Path:
    game = landlords.new_game("classic-us", players=["Ann", "Bob"], seed=1, dice=[(1, 2)], first_player=0)
    game.apply(0, landlords.ROLL)
    game.apply(0, landlords.BUY)
    path = tmp_path / "game.json"
    records.save(game, path)
    return path


# ---------------------------------------------------------------- output paths
OUTPUT_PATHS = {
    "tournament --out is a file": (["tournament", "-g", "2", "--out", "exists.txt"], "is a file"),
    "tournament --out read-only": (["tournament", "-g", "2", "--out", READ_ONLY], "--out"),
    "simulate --record no folder": (["simulate", "-g", "2", "--record", "nowhere/first.json"], "does not exist"),
    "simulate --record a folder": (["simulate", "-g", "2", "--record", "adir.json"], "is a folder"),
    "simulate --record read-only": (["simulate", "-g", "2", "--record", READ_ONLY + ".json"], "cannot write"),
    "odds --plot no folder": (["odds", "--plot", "nowhere/odds.png"], "does not exist"),
    "odds --board read-only": (["odds", "--board", READ_ONLY + ".svg"], "cannot write"),
    "play --save no folder": (["play", "--save", "nowhere/g.json"], "does not exist"),
    "play --save a folder": (["play", "--save", "adir.json"], "is a folder"),
}


@pytest.mark.parametrize("case", sorted(OUTPUT_PATHS))
def test_output_paths_are_checked_before_any_work(case, tmp_path):
    args, words = OUTPUT_PATHS[case]
    (tmp_path / "exists.txt").write_text("keep me")
    (tmp_path / "adir.json").mkdir()
    assert_refused(run(args, tmp_path), words)
    assert (tmp_path / "exists.txt").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir.json", "exists.txt"]  # nothing written


def test_a_failed_save_in_the_game_keeps_the_old_save_path(tmp_path):
    save = tmp_path / "g.json"
    out = run(
        ["play", "--players", "Ann,Bob", "--seed", "2", "--save", str(save), "--fast"],
        tmp_path,
        stdin="w nowhere/x.json\n1\nq\n",
    )
    text = out.stdout.decode()
    assert out.returncode == 0 and "Traceback" not in out.stderr.decode(), out.stderr
    assert "Could not save to nowhere/x.json" in text
    assert records.load(save)["actions"][0][1] == {"type": "roll"}  # the next act was saved where it was


# ---------------------------------------------------------------- input files
def test_input_files(tmp_path, record_file):
    assert_refused(run(["simulate", "-e", "my-board.toml"], tmp_path), "my-board.toml", "no such edition file")
    (tmp_path / "bin.json").write_bytes(bytes(range(256)) * 4)
    assert_refused(run(["replay", "bin.json"], tmp_path), "bin.json", "not UTF-8")
    (tmp_path / "latin.json").write_bytes('{"players": ["Zoë"]}'.encode("latin-1"))
    assert_refused(run(["replay", "latin.json"], tmp_path), "not UTF-8")
    data = json.loads(record_file.read_text())
    for change, words in (
        (lambda d: d["actions"].append([0, {"type": "build", "square": "3"}]), ("record action 2",)),
        (lambda d: d.update(seed="7"), ("'seed'", "whole number")),
        (lambda d: d.update(seed=[1]), ("'seed'",)),
    ):
        broken = json.loads(json.dumps(data))
        change(broken)
        (tmp_path / "broken.json").write_text(json.dumps(broken))
        assert_refused(run(["replay", "broken.json"], tmp_path), *words)
        assert_refused(run(["play", "--load", "broken.json"], tmp_path), *words)


# ---------------------------------------------------------------- numbers
NUMBERS = {
    "games 0": ["simulate", "--games", "0"],
    "games negative": ["simulate", "--games", "-5"],
    "tournament games 0": ["tournament", "-g", "0"],
    "bench runs 0": ["bench", "--runs", "0"],
    "max-turns 0": ["simulate", "--max-turns", "0"],
    "tournament max-turns negative": ["tournament", "--max-turns", "-1"],
    "replay upto -1": ["replay", "game.json", "--upto", "-1"],
    "dice_sides 1000": ["odds", "--rule", "dice_sides=1000"],
    "games too large for C": ["simulate", "--games", "9" * 30],
    "seed too large": ["simulate", "--seed", "9" * 30],
    "play seed not a number": ["play", "--seed", "abc"],
    "starting cash too large": ["simulate", "--rule", "starting_cash=" + "9" * 5000],
    "max below min players": ["simulate", "--rule", "min_players=4", "--rule", "max_players=3"],
    "speed die on odessa": ["simulate", "-r", "odessa", "--rule", "speed_die=true"],
    "speed die on odessa in odds": ["odds", "-r", "odessa", "--rule", "speed_die=true"],
}


@pytest.mark.parametrize("case", sorted(NUMBERS))
def test_numbers_out_of_range(case, tmp_path, record_file):
    assert_refused(run(NUMBERS[case], tmp_path))


# ---------------------------------------------------------------- formats
FORMATS = {
    "json and csv": (["odds", "--json", "--csv"], "choose one"),
    "board as png": (["odds", "--board", "x.png"], ".svg"),
    "plot as txt": (["odds", "--plot", "x.txt"], ".png"),
    "plot without extension": (["odds", "--plot", "chart"], ".png"),
    "record not json": (["simulate", "-g", "1", "--record", "first.txt"], ".json"),
}


@pytest.mark.parametrize("case", sorted(FORMATS))
def test_formats(case, tmp_path):
    args, words = FORMATS[case]
    assert_refused(run(args, tmp_path), words)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- text
def test_names_are_text_never_markup_or_control(tmp_path):
    out = run(["play", "--players", "[bold red]Eve[/],Bob", "--seed", "1", "--fast"], tmp_path, stdin="q\n")
    assert out.returncode == 0 and "[bold red]Eve[/] (" in out.stdout.decode()
    saves = sorted((tmp_path / "landlords").iterdir())
    assert_refused(run(["play", "--players", "Eve\x1b[2J,Bob"], tmp_path), "control character")
    assert_refused(run(["play", "--players", "E" * 100], tmp_path), "longer than")
    assert_refused(run(["play", "--players", "eve,Eve"], tmp_path), "name of their own")
    assert_refused(run(["play", "--players", " , "], tmp_path), "a name is empty")
    assert_refused(run(["play", "--players", "Ann,,Bob"], tmp_path), "a name is empty")
    assert sorted((tmp_path / "landlords").iterdir()) == saves  # no save file for a refused game


def test_non_utf8_arguments_are_a_clear_error(tmp_path):
    out = subprocess.run(
        [EXE.encode(), b"play", b"--players", b"Zo\xeb"],
        capture_output=True,
        env=dict(os.environ, XDG_STATE_HOME=str(tmp_path)),
        timeout=60,
    )
    assert_refused(out, "argument 3", "UTF-8")


def test_bracketed_text_in_an_error_is_printed_whole(tmp_path, record_file):
    data = json.loads(record_file.read_text())
    data["actions"].append([0, "roll"])
    (tmp_path / "b.json").write_text(json.dumps(data))
    line = assert_refused(run(["replay", "b.json"], tmp_path))
    assert line.endswith("actions[2] must be [seat, action]: a seat number and an object")


# ---------------------------------------------------------------- streams
def test_json_output_is_only_json_and_errors_go_to_stderr(tmp_path):
    out = run(["simulate", "-g", "2", "--json", "--record", "first.json"], tmp_path)
    assert out.returncode == 0
    json.loads(out.stdout)  # nothing but JSON on stdout
    out = run(["tournament", "-g", "2", "-w", "1", "--json", "-S", "baseline,random"], tmp_path)
    assert out.returncode == 0
    json.loads(out.stdout)
    assert_refused(run(["simulate", "--json", "--rule", "nope=1"], tmp_path), "unknown rule option")
    assert_refused(run(["simulate", "--no-such-option"], tmp_path), "--no-such-option")


def test_two_games_started_in_the_same_second_never_share_a_save(tmp_path, monkeypatch):
    from landlords.play import app

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(app.time, "strftime", lambda fmt: "game-20260101-000000")
    paths = {app.default_save_path() for _ in range(3)}
    assert len(paths) == 3 and all(p.exists() for p in paths)


def test_bytes_that_are_not_utf8_typed_at_a_prompt_are_just_not_understood(tmp_path):
    out = subprocess.run(
        [EXE, "play", "--players", "Ann,Bob", "--seed", "3", "--fast", "--lang", "en"],
        input=b"\xff\xfe\nq\n",
        capture_output=True,
        env=dict(os.environ, XDG_STATE_HOME=str(tmp_path)),
        timeout=60,
    )
    assert out.returncode == 0 and b"Traceback" not in out.stderr
    assert b"Type one of the numbers or letters shown" in out.stdout


def test_without_matplotlib_results_are_still_written_and_the_way_to_plots_is_named(tmp_path):
    fake = tmp_path / "nompl" / "matplotlib"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('no matplotlib here')\n")
    env = {"PYTHONPATH": str(tmp_path / "nompl")}
    out = run(["tournament", "-g", "2", "-w", "1", "-S", "baseline,random", "--out", "res"], tmp_path, env=env)
    assert out.returncode == 0, out.stderr
    assert b"pip install 'landlords[plot]'" in out.stderr
    written = sorted(p.name for p in (tmp_path / "res").iterdir())
    assert (
        "results.json" in written and "strategies.csv" in written and not any(n.endswith(".png") for n in written)
    )
    assert_refused(run(["odds", "--plot", "odds.png"], tmp_path, env=env), "matplotlib", "landlords[plot]")


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(state_hash="0" * 64), ["state_hash mismatch"]),
        (
            lambda d: d["actions"].__setitem__(1, [0, {"type": "fly"}]),
            ["record action 1", "unknown action type 'fly'"],
        ),
        (
            lambda d: d["actions"].__setitem__(1, [0, {"type": "mortgage", "square": 3}]),
            ["record action 1", "cannot be replayed"],
        ),
        (
            lambda d: d["actions"].__setitem__(1, [0, {"type": "buy", "x": 1}]),
            ["record action 1", "is not an action"],
        ),
    ],
)
def test_a_record_that_does_not_replay_names_its_file(record_file, tmp_path, change, words):
    """Before: 'error: replayed state differs from the recorded one (state_hash mismatch)', and the
    same for a bad or illegal action, without the file (replay, analyse and play --load alike)."""
    data = json.loads(record_file.read_text())
    change(data)
    (tmp_path / "mine.json").write_text(json.dumps(data))
    for args in (
        ["replay", "mine.json"],
        ["analyse", "mine.json", "--games", "10"],
        ["play", "--load", "mine.json"],
    ):
        line = assert_refused(run(args, tmp_path), *words)
        assert line.startswith("error: mine.json: "), (args, line)


@pytest.mark.parametrize("command", ["simulate", "tournament", "analyse"])
def test_a_ray_address_nobody_listens_at_is_refused_before_the_progress_bar(record_file, tmp_path, command):
    """Before: the bar ('simulate  0/10 - games/s elapsed 0:00:00'), then the error, on stderr."""
    port = free_port()
    args = [command, *(["game.json"] if command == "analyse" else []), "--games", "10"]
    out = run([*args, "--backend", "ray", "--address", f"127.0.0.1:{port}"], tmp_path)
    assert_refused(out, f"cannot reach the Ray cluster at 127.0.0.1:{port}")


@pytest.mark.parametrize("command", ["simulate", "tournament", "analyse"])
def test_the_ray_backend_without_ray_is_one_line_before_the_progress_bar(record_file, tmp_path, command):
    """A machine without Ray, made here by a ``ray`` package first on the path that cannot be
    imported (Ray is installed for the other tests): one line naming the extra to install."""
    blocker = tmp_path / "no-ray" / "ray"
    blocker.mkdir(parents=True)
    (blocker / "__init__.py").write_text("raise ImportError(\"No module named 'ray'\")\n")
    path = os.pathsep.join(filter(None, [str(blocker.parent), os.environ.get("PYTHONPATH")]))
    args = [command, *(["game.json"] if command == "analyse" else []), "--games", "10", "--backend", "ray"]
    out = run(args, tmp_path, env={"PYTHONPATH": path})
    assert_refused(out, "the ray backend needs Ray: pip install 'landlords[ray]'")


@pytest.mark.parametrize(
    "args, option, kind",
    [
        (["simulate", "--games", "x"], "'--games' / '-g'", "integer"),
        (["simulate", "--seed", "x"], "'--seed' / '-s'", "integer"),
        (["tournament", "--workers", "two"], "'--workers' / '-w'", "integer"),
        (["play", "--seed", "x"], "'--seed' / '-s'", "integer"),
        (["serve", "--port", "x"], "'--port'", "integer"),
        (["serve", "--lease-seconds", "x"], "'--lease-seconds'", "number"),
        (["loadtest", "--think", "x"], "'--think'", "number"),
    ],
)
def test_a_word_for_a_number_is_named_in_plain_words(tmp_path, args, option, kind):
    """Click's ranges named their type: "'x' is not a valid integer range", as if a range were asked."""
    bad = args[-1]
    line = assert_refused(run(args, tmp_path), option)
    assert f"{bad!r} is not a valid {kind}." in line and "range." not in line, line
