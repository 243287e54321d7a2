import os

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# ---------------------------------------------------------------- databases for the server's tests
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from support.pg import Cluster  # noqa: E402


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the session (skipped without the binaries; a failure under CI)."""
    cluster = Cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """The server's database, each kind in turn: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/server.db"
    return request.getfixturevalue("postgres").database()


@pytest.fixture(scope="session")
def redis_server():
    """A real Redis server for the session (skipped without the binary; a failure under CI)."""
    from support.redis_server import RedisServer

    server = RedisServer.start()
    try:
        yield server
    finally:
        server.remove()


# ---------------------------------------------------------------- markers by the servers a test needs
# A test is marked by what it uses, so nobody has to remember to: `-m "not postgres and not redis and
# not chromium and not ray"` runs every test that needs no server, `-m postgres` only those that do.
SERVER_FIXTURES = {
    "postgres": "postgres",  # and db_url's postgresql case, below
    "redis_server": "redis",
    "browser": "chromium",  # tests/web/e2e/conftest.py's Chromium
    "ray_cluster": "ray",  # tests/sim/test_ray_cluster.py's cluster of `ray start` nodes
}
SERVER_FOLDERS = {Path(__file__).resolve().parent / "web" / "e2e": "chromium"}


def server_markers(item: pytest.Item) -> set[str]:
    """The servers ``item`` needs: from the fixtures it uses (directly or through other fixtures), the
    database it is parametrized with and the folder it is in."""
    names = set(getattr(item, "fixturenames", ()))
    found = {marker for fixture, marker in SERVER_FIXTURES.items() if fixture in names}
    callspec = getattr(item, "callspec", None)
    if callspec is not None and callspec.params.get("db_url") == "postgresql":
        found.add("postgres")
    path = Path(item.path).resolve()
    found.update(marker for folder, marker in SERVER_FOLDERS.items() if folder in path.parents)
    return found


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for marker in sorted(server_markers(item) - {m.name for m in item.iter_markers()}):
            item.add_marker(marker)
