"""Writes recover when the database does (issue 27): a full disk under SQLite refuses chat, acts and
new games in one clear line each, and once there is room again every one of them works, on the same
connections; a fault of the server's own answers the message and keeps the connection; a writer
task that died starts again."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import uuid
from pathlib import Path

import pytest
from support.server_helpers import Player, create, make_client, sockets_closed


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs of its own (root only: CI and the development machines run as root)."""
    where = tmp_path / "disk"
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small disk here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    filler = disk / f"filler-{uuid.uuid4().hex}"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"x" * 4096)
        except OSError:
            pass
    return filler


def chat(p: Player, text: str, ref: int) -> dict:
    p.send({"type": "chat", "text": text, "id": ref})
    return p.read_until(lambda m: m.get("id") == ref or (m["type"] == "chat" and m["text"] == text))


def test_chat_acts_and_the_lobby_recover_when_the_disk_has_room_again(small_disk):
    client, _ = make_client(small_disk)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], first_player=0, seed=3)
        client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).raise_for_status()
        ann = Player(client, g["code"], g["token"])
        assert chat(ann, "before", 1)["type"] == "chat"
        filler = fill(small_disk)
        refused = None
        for i in range(50):  # the database's last free pages fill up
            m = chat(ann, "x" * 400, 100 + i)
            if m["type"] == "error":
                refused = m
                break
        assert refused is not None and refused["code"] == "unavailable", refused
        assert "disk is full" in refused["message"]
        reply = ann.act({"type": "roll"})
        assert reply["type"] == "refused" and reply["rule"] == "server-busy"
        assert client.post("/api/games", json={"name": "Cid"}).status_code == 503
        filler.unlink()
        m = chat(ann, "after", 2)
        assert m["type"] == "chat" and m["text"] == "after", m
        assert ann.act({"type": "roll"})["type"] == "ack"
        assert create(client, name="Cid")["code"]
        acts = client.get(f"/api/testing/games/{g['code']}").json()["actions"]
    client, _ = make_client(small_disk)  # a restart reads every acknowledged act back
    with client:
        assert client.get(f"/api/testing/games/{g['code']}").json()["actions"] == acts


def test_a_fault_of_the_servers_own_is_answered_and_the_connection_stays(tmp_path, monkeypatch, caplog):
    from landlords.server.table import Table

    async def broken(self, conn, text):
        raise RuntimeError("a bug")

    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}])
        ann = Player(client, g["code"], g["token"])
        monkeypatch.setattr(Table, "add_chat", broken)
        answer = chat(ann, "hello", 9)
        assert answer["type"] == "error" and answer["code"] == "internal" and answer["id"] == 9
        ann.send({"type": "ping", "id": 10})
        assert ann.read_until(lambda m: m.get("id") == 10)["type"] == "pong"
    assert any("a chat message failed" in r.getMessage() and r.exc_info for r in caplog.records)


def test_a_writer_that_died_starts_again(tmp_path):
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        writer = client.app.state.server.storage.writer
        client.portal.call(_cancel, writer)
        assert writer.task.done()
        assert create(client, name="Ann")["code"]  # a write: the writer is running again
        assert not writer.task.done()


async def _cancel(writer) -> None:
    writer.task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await writer.task
