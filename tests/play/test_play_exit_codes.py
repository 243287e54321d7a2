"""How `play` ends (issue 31): Ctrl-C saves and exits 130, the shell's code for it (it was 0); a game
started with stdin closed (`<&-`) ends as at the end of input, saved, with no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import landlords
from landlords import record as records
from landlords.play.app import PlayApp
from landlords.play.terminal import ScriptedTerminal

EXE = Path(sys.executable).parent / "landlords"


class CtrlC(ScriptedTerminal):
    def ask(self, message, words=()):
        raise KeyboardInterrupt


def test_ctrl_c_saves_and_exits_130(tmp_path):
    game = landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=3, first_player=0)
    code = PlayApp(game, [None, "baseline"], "en", tmp_path / "g.json", pace=0, terminal=CtrlC([])).run()
    assert code == 130
    assert records.replay(records.load(tmp_path / "g.json")).state_hash() == game.state_hash()


def test_play_with_stdin_closed_ends_saved_without_a_traceback(tmp_path):
    save = tmp_path / "g.json"
    result = subprocess.run(
        f"'{EXE}' play --players Ann --bots baseline --save '{save}' <&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    assert result.returncode == 0, result.stderr
    assert save.exists()
