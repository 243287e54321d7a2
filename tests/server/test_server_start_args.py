"""`landlords serve` with what a user may give it (issue 31): a home folder that cannot hold the
database is one line and exit 2 (a FileNotFoundError traceback before); --broker without a
PostgreSQL --db is refused before anything is created (server.db and its lock were left behind);
--db takes a plain path to a SQLite file."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

EXE = Path(sys.executable).parent / "landlords"


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(EXE), "serve", "--port", "0", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_a_home_that_cannot_hold_the_database_is_one_line(tmp_path):
    result = serve(env={"HOME": "/proc/no-such-home", "XDG_STATE_HOME": "", "LANDLORDS_DB": ""})
    assert result.returncode == 2
    folder = "/proc/no-such-home/.local/state/landlords"
    assert result.stderr.strip().splitlines() == [
        f"error: cannot make the database's folder {folder}: No such file or directory"
    ]


def test_broker_without_a_postgresql_db_leaves_nothing_behind(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = serve(
        "--broker", "redis://127.0.0.1:1", env={"HOME": str(home), "XDG_STATE_HOME": "", "LANDLORDS_DB": ""}
    )
    assert result.returncode == 2
    assert "--broker needs --db postgresql://" in result.stderr
    assert list(home.rglob("*")) == []


def test_db_takes_a_plain_path(tmp_path):
    (tmp_path / "games").mkdir()
    db = tmp_path / "games" / "my.db"
    proc = subprocess.Popen(
        [str(EXE), "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert "landlords server on http://" in line and f"sqlite:///{db}" in line, line
        end = time.monotonic() + 30
        while not db.exists():
            assert time.monotonic() < end, "no database file at the path given"
            time.sleep(0.05)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
