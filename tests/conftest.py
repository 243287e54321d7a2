import os

from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# ---------------------------------------------------------------- databases for the server's tests
import pytest  # noqa: E402
from pg import Cluster  # noqa: E402


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
    from redis_server import RedisServer

    server = RedisServer.start()
    try:
        yield server
    finally:
        server.remove()
