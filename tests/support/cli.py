"""The installed ``landlords`` command run as a user runs it, and the one clear line of a refusal
(tests/cli/test_cli_bad_input.py, tests/server/test_server_start.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

_beside = Path(sys.executable).parent / "landlords"
EXE = str(_beside) if _beside.exists() else shutil.which("landlords")


def run(args: list[str], tmp: Path, stdin: str = "", env: dict | None = None, raw: bool = False):
    """``landlords ARGS`` in ``tmp`` (its state there too), in English, bytes in and out."""
    environ = dict(os.environ, XDG_STATE_HOME=str(tmp), LANGUAGE="", LC_ALL="", LANG="en_US.UTF-8", **(env or {}))
    return subprocess.run(
        [EXE, *args], input=stdin.encode(), capture_output=True, env=environ, timeout=120, cwd=tmp
    )


def assert_refused(out, *words: str) -> str:
    """The command was refused: exit code 2, one ``error:`` line on stderr naming ``words``, nothing
    on stdout, no traceback. Returns the line."""
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2, (out.returncode, err, out.stdout[-500:])
    assert "Traceback" not in err and out.stdout == b"", (err, out.stdout[-500:])
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]
