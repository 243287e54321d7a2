"""`landlords replay --position N` and `landlords play --position FILE`, run as a user would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import landlords
from landlords import Position, record
from landlords.bots import BaselineBot
from landlords.sim.runner import play

_beside = Path(sys.executable).parent / "landlords"
EXE = str(_beside) if _beside.exists() else shutil.which("landlords")


def run(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    cmd = [EXE, *args] if EXE else [sys.executable, "-m", "landlords.cli.main", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, input=stdin, env=env)


def test_replay_prints_the_position_after_n_acts(tmp_path):
    game = landlords.new_game("classic-us", "hasbro-ru", players=3, seed=4, auto_claim=True)
    play(game, [BaselineBot() for _ in range(3)], max_turns=20)
    path = tmp_path / "game.json"
    record.save(game, path)
    out = run("replay", str(path), "--position", "30")
    assert out.returncode == 0, out.stderr
    position = json.loads(out.stdout)
    assert position == record.replay(record.load(path), upto=30).to_position()
    line = run("replay", str(path), "--position", "30", "--notation")
    assert line.stdout.strip() == landlords.to_notation(position)
    bad = run("replay", str(path), "--position", "-1")
    assert bad.returncode != 0 and "--position takes a number of acts" in bad.stdout + bad.stderr


def test_play_starts_from_a_position_file_and_its_save_replays(tmp_path):
    pos = Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bot"]).own("Ann", "Boardwalk")
    path = tmp_path / "puzzle.toml"
    path.write_text(landlords.position.dumps_toml(pos.to_json()), encoding="utf-8")
    save = tmp_path / "saved.json"
    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    done = run(
        "play",
        "--position",
        str(path),
        "--bots",
        "baseline",
        "--save",
        str(save),
        "--lang",
        "en",
        "--fast",
        stdin="1\nq\n",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    data = record.load(save)
    assert data["actions"][0] == [0, {"type": "roll"}]
    game = record.replay(data)  # the record starts from the position
    assert game.names == ["Ann", "Bot"] and game.owner[39] in (0, 1) and game.auto_claim == [False, True]
    refused = run("play", "--position", str(path), "--seed", "3")
    assert refused.returncode == 2 and "--position sets the game up" in refused.stdout + refused.stderr
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({**pos.to_json(), "players": [{"name": "Ann", "cash": -1}, {"name": "B"}]}))
    bad = run("play", "--position", str(wrong))
    assert bad.returncode == 2 and "players[0].cash: negative cash (-1)" in bad.stdout + bad.stderr
