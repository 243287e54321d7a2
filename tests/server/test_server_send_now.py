"""A message goes to the socket at once when it can (issue 35): ``Connection.send`` writes through
the WebSocket protocol's ``send_now`` (start.lean_websockets) without a task or an ASGI hop, falls
back to its queue when the socket cannot take it (the order kept), and the real server under uvicorn
uses it for its updates and acks, with and without permessage-deflate. No wall time: each step is
awaited, or the loop is turned a known number of times."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import pytest
import uvicorn
from support.fake_socket import FakeSocket, turns
from support.server_helpers import PERSON_AND_BOT, PLAY_LIMITS
from websockets.sync.client import connect

from landlords.server.app import create_app
from landlords.server.clock import ManualClock
from landlords.server.limits import protocols
from landlords.server.start import lean_websockets


def test_a_message_goes_at_once_without_a_task_when_the_socket_takes_it():
    async def go():
        sock = FakeSocket()
        conn = sock.connection(lean=True)
        conn.send({"type": "a"})
        conn.send('{"type":"b"}')
        assert sock.now == ['{"type":"a"}', '{"type":"b"}'] and not conn.writing and conn.queued == 0

    asyncio.run(go())


def test_a_full_socket_queues_and_what_follows_waits_its_turn():
    async def go():
        sock = FakeSocket()
        conn = sock.connection(lean=True)
        sock.room = False  # the transport paused writing
        conn.send({"n": 1})
        sock.room = True  # room again, but the first still waits: the second must not pass it
        conn.send({"n": 2})
        assert sock.now == [] and conn.queued == 2
        await turns()
        assert sock.sent == ['{"n":1}', '{"n":2}'] and not conn.writing
        conn.send({"n": 3})  # nothing waits any more: at once again
        assert sock.now == ['{"n":3}']

    asyncio.run(go())


def test_messages_sent_together_go_in_one_write_or_wait_in_order():
    async def go():
        sock = FakeSocket()
        conn = sock.connection(lean=True)
        conn.send({"type": "ack"}, '{"type":"update"}')
        assert sock.now == ['{"type":"ack"}+{"type":"update"}']
        sock.room = False
        conn.send({"n": 1}, {"n": 2})
        assert conn.queued == 2
        await turns()
        assert sock.sent == ['{"n":1}', '{"n":2}']

    asyncio.run(go())


def test_a_socket_that_breaks_under_a_send_closes_the_connection():
    async def go():
        sock = FakeSocket()
        conn = sock.connection(lean=True)
        sock.broken = True
        conn.send({"n": 1})
        assert conn.closed and not conn.writing and sock.sent == []

    asyncio.run(go())


def test_a_protocol_without_send_now_keeps_the_asgi_path():
    class Other:
        def __init__(self) -> None:
            self.queue = None

    assert not hasattr(lean_websockets(Other), "send_now")


# ---------------------------------------------------------------- the real server under uvicorn


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(tmp_path, deflate: bool) -> Iterator[tuple[str, list[int]]]:
    """The app under uvicorn, with the server's own protocols, in a thread: its URL, and a list of
    the writes made by ``send_now`` (one item a write: the lengths of its messages)."""
    app = create_app(f"sqlite:///{tmp_path}/server.db", clock=ManualClock(), testing=True, limits=PLAY_LIMITS)
    http, ws = protocols(app.state.server.guard, 5.0)
    written: list[list[int]] = []

    class Counted(lean_websockets(ws)):  # type: ignore[misc]
        def send_now(self, *texts: str) -> bool:
            # Noted before the bytes go: the client (another thread) may read them and look at
            # ``written`` before ``super().send_now`` returns here.
            entry = [len(t) for t in texts]
            written.append(entry)
            done = super().send_now(*texts)
            if not done:  # nothing went; the ASGI path sends it later
                written.remove(entry)
            return done

    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, http=http, ws=Counted, log_level="warning")
    config.ws_per_message_deflate = deflate
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            threading.Event().wait(0.02)
        assert server.started, "uvicorn did not start"
        yield f"127.0.0.1:{port}", written
    finally:
        server.should_exit = True
        thread.join(30)


@pytest.mark.parametrize("deflate", [False, True], ids=["plain", "permessage-deflate"])
def test_the_real_server_writes_an_act_s_ack_and_update_at_once_in_one_write(tmp_path, deflate):
    with served(tmp_path, deflate) as (address, written):
        settings = {"name": "Ann", "seats": PERSON_AND_BOT, "first_player": 0, "seed": 1}
        g = httpx.post(f"http://{address}/api/games", json=settings).json()
        with connect(f"ws://{address}/ws/{g['code']}", compression="deflate" if deflate else None) as ws:
            assert bool(ws.protocol.extensions) == deflate  # the compression was agreed, or not
            ws.send(json.dumps({"type": "hello", "token": g["token"], "id": 1}))
            welcome = json.loads(ws.recv(timeout=30))
            assert welcome["type"] == "welcome" and welcome["you"]["seat"] == 0
            httpx.post(f"http://{address}/api/games/{g['code']}/start", json={"token": g["token"]})
            view = welcome
            while not any(a["action"]["type"] == "roll" for a in view["you"].get("acts", [])):
                view = json.loads(ws.recv(timeout=30))
            before = len(written)
            ws.send(json.dumps({"type": "act", "action": {"type": "roll"}, "version": view["version"], "id": 2}))
            ack = json.loads(ws.recv(timeout=30))
            update = json.loads(ws.recv(timeout=30))
            assert ack == {"type": "ack", "version": view["version"] + 1, "id": 2}
            assert update["type"] == "update" and update["version"] == ack["version"]
            assert update["events"] and update["events"][0]["event"] == "rolled"
            # the ack and the update went at once, in one write (the first write of two messages
            # since the act: a bot's or the clock's own messages may come between)
            pairs = [w for w in written[before:] if len(w) == 2]
            assert pairs and pairs[0][0] == len(json.dumps(ack, separators=(",", ":")))
