"""`landlords rules RULESET` reads at 80 columns: every option key (what --rule takes) whole on its
own line, house rules marked with the ruleset's own value, seed references in words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from landlords.cli.ruleshow import seed_words
from landlords.engine.ruleset import Ruleset
from landlords.rules import RULESETS

EXE = str(Path(sys.executable).parent / "landlords")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_option_key_is_whole_and_every_line_fits_80_columns(ruleset):
    out = subprocess.run(
        [EXE, "rules", ruleset, "--rule", "starting_cash=2000"],
        capture_output=True,
        text=True,
        env=dict(os.environ, COLUMNS="80"),
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    heads = {line.split(" = ")[0][2:] for line in lines if " = " in line and line[:2] in ("  ", "* ")}
    assert {f.name for f in Ruleset.options()} <= heads
    own = RULESETS[ruleset].starting_cash
    if own != 2000:
        assert f"* starting_cash = 2000  (ruleset: {own})" in lines
    assert not any(":" in line and line.strip()[:3].isdigit() and line.strip()[3] == ":" for line in lines)


@pytest.mark.parametrize(
    "code, words",
    [
        ("000:71", "seed 000, line 71"),
        ("000:109,259", "seed 000, lines 109, 259"),
        ("000:145-147", "seed 000, lines 145-147"),
        ("000 (implied)", "seed 000 (implied)"),
        ("000:481 (REC B-17)", "seed 000, line 481 (recommendation B-17)"),
        ("003:114-123: no fine", "seed 003, lines 114-123: no fine"),
    ],
)
def test_seed_references_read_as_words(code, words):
    assert seed_words(code) == words
