"""The markers of the tests that need a server (tests/conftest.py sets them from a test's fixtures and
folder): every test that uses PostgreSQL, Redis, Chromium or a Ray cluster carries its marker, so
`-m "not postgres and not redis and not chromium and not ray"` runs with no server at all."""

from __future__ import annotations

import subprocess
import sys

from support import ROOT, TESTS

E2E = TESTS / "web" / "e2e"
SERVERS = ("postgres", "redis", "chromium", "ray")


def needs(item) -> set[str]:
    """What ``item`` needs, read from its fixtures, parameters and path (not from conftest's table)."""
    names = set(getattr(item, "fixturenames", ()))
    callspec = getattr(item, "callspec", None)
    found = set()
    if "postgres" in names or (callspec is not None and callspec.params.get("db_url") == "postgresql"):
        found.add("postgres")
    if "redis_server" in names:
        found.add("redis")
    if E2E in item.path.parents:
        found.add("chromium")
    if "ray_cluster" in names:
        found.add("ray")
    return found


def test_every_collected_test_carries_the_markers_of_the_servers_it_needs(request):
    """Over the tests of this run (all of them in a whole run)."""
    for item in request.session.items:
        marked = {m.name for m in item.iter_markers()} & set(SERVERS)
        assert needs(item) <= marked, (item.nodeid, needs(item), marked)
        # postgres, redis and chromium come only from what the test uses (ray is also set by hand
        # on the tests of the ray backend, which start Ray in local mode)
        assert marked - {"ray"} <= needs(item), (item.nodeid, needs(item), marked)


def test_deselecting_the_servers_leaves_only_tests_that_need_none():
    """A real collection of files that mix both kinds, with the option a developer types (the node ids
    are listed at pyproject's ``-q``)."""
    files = [
        TESTS / "server" / "test_server_storage.py",  # db_url: sqlite and postgresql; postgres
        TESTS / "server" / "test_server_cluster.py",  # postgres and redis_server
        TESTS / "sim" / "test_ray_cluster.py",  # ray_cluster
        E2E / "test_page_weight.py",  # the browser
    ]
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider", "-p", "no:warnings"]
        + ["-m", "not postgres and not redis and not chromium and not ray", *map(str, files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    left = [line for line in out.stdout.splitlines() if "::" in line]
    assert left, out.stdout  # the SQLite cases and the tests that need no server stay
    assert any("[sqlite]" in line for line in left), left
    for line in left:
        assert "[postgresql]" not in line, line
        assert "test_ray_cluster.py" not in line and "/e2e/" not in line, line
    assert "deselected" in out.stdout.splitlines()[-1], out.stdout[-500:]
