"""``landlords serve`` refuses what it cannot do before it starts, in one line on stderr and exit
status 2 (as every command does with bad input): a port out of range, an address in use, a SQLite
database another server holds. None of them opens the database; a crashed server's lock is gone."""

from __future__ import annotations

import socket
import time

import httpx
import pytest
from support.cli import assert_refused, run
from support.server_process import ServerProcess, free_port

from landlords.server.hold import KEEP_SECONDS


@pytest.mark.parametrize("port", ["70000", "65536", "-1"])
def test_a_port_out_of_range_is_one_line(tmp_path, port):
    out = run(["serve", "--port", port, "--db", f"sqlite:///{tmp_path}/server.db"], tmp_path)
    assert_refused(out, "--port", port)
    assert not (tmp_path / "server.db").exists()


def test_an_address_in_use_is_one_line_before_the_database_is_opened(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = run(["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/server.db"], tmp_path)
    assert_refused(out, f"127.0.0.1:{port}", "in use")
    assert not (tmp_path / "server.db").exists()


def test_a_second_server_on_the_same_sqlite_file_refuses_to_start(tmp_path):
    db = f"sqlite:///{tmp_path}/server.db"
    first = ServerProcess(db, tmp_path / "first.log")
    second = ServerProcess(db, tmp_path / "second.log")
    try:
        first.start()
        made = httpx.post(first.url + "/api/games", json={"name": "Ann"}, timeout=30).json()
        assert first.proc is not None
        pid = str(first.proc.pid)
        out = run(["serve", "--port", str(free_port()), "--db", db], tmp_path)
        assert_refused(out, f"{tmp_path}/server.db", "in use by another landlords server", pid)
        # the same file under another name: the lock is the file's, not the URL's
        (tmp_path / "same.db").symlink_to(tmp_path / "server.db")
        assert_refused(run(["serve", "--port", str(free_port()), "--db", "sqlite:///same.db"], tmp_path), "in use")
        # the first server goes on, its game untouched
        assert first.get(f"/api/games/{made['code']}")["code"] == made["code"]
        first.kill()  # kill -9: the operating system drops the lock with the process
        second.start()
        assert second.get(f"/api/games/{made['code']}")["code"] == made["code"]
    finally:
        first.kill()
        second.kill()


def test_a_second_server_on_the_same_postgresql_database_refuses_to_start(tmp_path, postgres, redis_server):
    """Both started before and would both run the same games. A server alone holds PostgreSQL's
    advisory lock exclusively, the processes of a cluster (--broker) share it: a second server alone,
    or a cluster process next to a server alone, is one line naming the holder; another database is
    free; a killed server's lock goes with its connection."""
    db = postgres.database()
    first = ServerProcess(db, tmp_path / "first.log")
    second = ServerProcess(db, tmp_path / "second.log")
    try:
        first.start()
        made = httpx.post(first.url + "/api/games", json={"name": "Ann"}, timeout=30).json()
        assert first.proc is not None
        pid = str(first.proc.pid)
        line = assert_refused(run(["serve", "--port", str(free_port()), "--db", db], tmp_path), pid)
        shown = db.replace(f":{postgres.password}@", ":***@")
        assert line == (
            f"error: the database {shown} is in use by another landlords server (process {pid} on "
            f"{socket.gethostname()}): stop that one, or give this one another --db"
        )
        assert postgres.password not in line
        broker = ["--broker", redis_server.url]
        line = assert_refused(run(["serve", "--port", str(free_port()), "--db", db, *broker], tmp_path), pid)
        assert "in use by a landlords server without --broker" in line
        # another database of the same PostgreSQL is another lock
        other = ServerProcess(postgres.database(), tmp_path / "other.log")
        other.start()
        other.kill()
        assert first.get(f"/api/games/{made['code']}")["code"] == made["code"]  # the first goes on
        first.kill()  # kill -9: PostgreSQL drops the lock with the connection
        second.start()
        assert second.get(f"/api/games/{made['code']}")["code"] == made["code"]
        second.kill()
        # a cluster's processes share the database, and a server alone is refused next to them
        cluster = [ServerProcess(db, tmp_path / f"node{i}.log", extra=tuple(broker)) for i in range(2)]
        try:
            for node in cluster:
                node.start()
            line = assert_refused(run(["serve", "--port", str(free_port()), "--db", db], tmp_path))
            assert "in use by landlords servers sharing it through --broker" in line
            assert all(str(node.proc.pid) in line for node in cluster if node.proc)
        finally:
            for node in cluster:
                node.kill()
    finally:
        first.kill()
        second.kill()


def test_the_postgresql_lock_is_taken_again_after_postgresql_restarts(tmp_path, postgres):
    """The lock lives on a connection, which a PostgreSQL restart closes: the server takes it again
    once the database is back (its keeper looks every 5 s), so a second server is still refused."""
    db = postgres.database()
    first = ServerProcess(db, tmp_path / "first.log")
    try:
        first.start()
        assert first.proc is not None
        pid = str(first.proc.pid)
        postgres.stop()
        postgres.restart()
        time.sleep(KEEP_SECONDS + 3)  # the keeper's next look, and its reconnection
        line = assert_refused(run(["serve", "--port", str(free_port()), "--db", db], tmp_path), pid)
        assert "in use by another landlords server" in line
        assert first.get("/api/health")["ok"]  # the first goes on
    finally:
        first.kill()
