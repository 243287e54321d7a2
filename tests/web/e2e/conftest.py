"""End-to-end tests of the pages in Debian's Chromium (/usr/bin/chromium) driven by Playwright.

A real server (``landlords serve --testing``: scripted dice accepted) runs in a subprocess on a free
loopback port with its own SQLite file. Without Chromium or Playwright the tests skip on a
developer's machine and fail under CI (CI=true), where ``.ci/chromium.sh`` installs it.
Screenshots go to ``screenshots/e2e-<time>/`` (git-ignored).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from landlords.loadtest.run import stop_process

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[3]
RUN = time.strftime("%Y%m%d-%H%M%S")
TIMINGS: list[float] = []
WEIGHTS: dict[str, int] = {}


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install chromium; .ci/chromium.sh does it in CI)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[test]')"
    return None


def need_browser() -> None:
    """Skip without a browser, except under CI, where a missing browser is a failure."""
    why = _missing()
    if why is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI=true and the browser tests cannot run: {why}")
        pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a real server started for this session (scripted dice allowed)."""
    port = free_port()
    db = tmp_path_factory.mktemp("server") / "server.db"
    log = open(db.parent / "server.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from landlords.cli.main import main; main()",
            "serve",
            "--testing",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--log-level",
            "warning",
            "--exempt",  # one browser session plays many games from this address: the limits are
            "127.0.0.0/8",  # tests/server/test_server_limits.py's
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=1) as r:
                if json.load(r)["ok"]:
                    break
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError((db.parent / "server.log").read_text()) from None
            time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError("the server did not start")
    yield base
    stop_process(proc)
    log.close()


@pytest.fixture(scope="package")
def browser():
    """One Chromium for the browser tests, stopped when they end: Playwright's sync API runs an event loop
    in the main thread while it is open, and tests after these call asyncio.run()."""
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots():
    """The folder of this run's screenshots."""
    folder = ROOT / "screenshots" / f"e2e-{RUN}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        ordered = sorted(TIMINGS)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        terminalreporter.write_line(
            f"browser: click to updated board over {len(TIMINGS)} acts: median "
            f"{statistics.median(TIMINGS):.1f} ms, p95 {p95:.1f} ms"
        )
    for page, size in WEIGHTS.items():
        terminalreporter.write_line(f"browser: page weight of {page}: {size} bytes transferred")
