"""Exit codes the README promises (issue 31): a reader that closes the pipe early is a normal end
(0, nothing on stderr; rich exited 1), and a load test pointed at nothing is a mistake (2, not 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXE = Path(sys.executable).parent / "landlords"


@pytest.mark.parametrize(
    "command", ["rules hasbro-ru", "rulesets", "editions", "strategies", "odds -r hasbro-ru", "simulate -g 30"]
)
def test_a_pipe_closed_by_its_reader_is_a_normal_end(command):
    result = subprocess.run(
        f"'{EXE}' {command} | head -c 1 > /dev/null; echo \"${{PIPESTATUS[0]}}\"",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.strip() == "0", (command, result.stderr)
    assert result.stderr == "", result.stderr


def test_a_load_test_of_an_address_where_nothing_listens_is_a_mistake():
    result = subprocess.run(
        [str(EXE), "loadtest", "--url", "http://127.0.0.1:1", "--games", "2", "--duration", "1", "--warmup", "0"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("error: ")
    assert "Traceback" not in result.stderr
