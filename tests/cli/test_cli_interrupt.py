"""Ctrl-C in a run with worker processes (issue 31): the terminal sends SIGINT to the whole process
group; the workers leave it to the parent, which stops the run with one line and exit 130 (each
worker printed its KeyboardInterrupt traceback, 4 times in 5)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

EXE = Path(sys.executable).parent / "landlords"


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "-g", "1000000", "-w", "2"],
        ["tournament", "-S", "baseline,random", "-g", "1000000", "-w", "2"],
    ],
)
def test_ctrl_c_stops_the_workers_without_a_traceback(command, tmp_path):
    proc = subprocess.Popen(
        [str(EXE), *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job
        cwd=tmp_path,
    )
    time.sleep(4)  # the workers are playing
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err + out, err
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "error: interrupted"
