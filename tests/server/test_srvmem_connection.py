"""A connection's outgoing messages without a queue or a task while it is idle (issue 35): the order,
the cap on what waits for a client that does not read, the close after what was queued, a client
gone; and uvicorn's WebSocket protocol with its lean inbox and writable flag. No wall time: each
step is awaited or the loop is turned a known number of times."""

from __future__ import annotations

import asyncio

from support.fake_socket import FakeSocket, turns
from websockets.datastructures import Headers

from landlords.server import connection as connection_module
from landlords.server.connection import Connection
from landlords.server.start import Gate, Inbox, lean_websockets


def connected(client: FakeSocket) -> Connection:
    return client.connection()


def test_an_idle_connection_holds_no_queue_and_no_task():
    async def go():
        client = FakeSocket()
        conn = connected(client)
        assert not conn.writing and conn.queued == 0
        conn.send({"type": "a"})
        conn.send('{"type":"b"}')
        assert conn.writing and conn.queued == 2
        await turns()
        assert client.sent == ['{"type":"a"}', '{"type":"b"}']
        assert not conn.writing and conn.queued == 0  # both gone again
        conn.send({"type": "c"})
        await turns()
        assert client.sent[-1] == '{"type":"c"}' and not conn.writing
        await conn.finish()

    asyncio.run(go())


def test_messages_keep_their_order_while_a_slow_client_reads():
    async def go():
        client = FakeSocket()
        client.open.clear()  # the client does not read for now
        conn = connected(client)
        for i in range(20):
            conn.send({"n": i})
        await turns()
        assert client.sent == [] and conn.queued == 19  # the first is being written
        client.open.set()
        await turns(10)
        assert client.sent == [f'{{"n":{i}}}' for i in range(20)]
        assert not conn.writing
        await conn.finish()

    asyncio.run(go())


def test_a_client_that_does_not_read_is_closed_past_the_cap(monkeypatch):
    monkeypatch.setattr(connection_module, "MAX_QUEUED", 5)

    async def go():
        client = FakeSocket()
        client.open.clear()
        conn = connected(client)
        for i in range(10):
            conn.send({"n": i})
        assert conn.closed  # one past the cap: the connection is closing
        client.open.set()
        await turns(10)
        assert len(client.sent) == 5  # the five queued (the writer had not started: no turn of the loop)
        assert client.closed == 1008
        conn.send({"n": "late"})  # nothing after the close
        await turns()
        assert len(client.sent) == 5 and not conn.writing

    asyncio.run(go())


def test_a_close_goes_out_after_what_was_queued_before_it():
    async def go():
        client = FakeSocket()
        conn = connected(client)
        conn.send({"type": "error"})
        conn.close(1008)
        conn.send({"type": "after"})
        await conn.finish()
        assert client.sent == ['{"type":"error"}'] and client.closed == 1008

    asyncio.run(go())


def test_a_client_gone_stops_the_writer_and_what_waited():
    async def go():
        client = FakeSocket()
        client.fail = True
        conn = connected(client)
        conn.send({"n": 1})
        conn.send({"n": 2})
        await turns()
        assert conn.closed and not conn.writing and conn.queued == 0
        conn.send({"n": 3})  # ignored: the reader notices and cleans up
        assert not conn.writing
        await conn.finish()

    asyncio.run(go())


def test_finish_gives_up_on_a_client_that_never_reads(monkeypatch):
    monkeypatch.setattr(connection_module, "FINISH_GRACE", 0.0)  # no wait at all: no wall time

    async def go():
        client = FakeSocket()
        client.open.clear()
        conn = connected(client)
        conn.send({"n": 1})
        await turns()
        await conn.finish()
        assert not conn.writing and client.sent == []

    asyncio.run(go())


def test_the_inbox_hands_items_to_its_reader_in_order():
    async def go():
        inbox = Inbox(asyncio.get_running_loop())
        assert inbox.empty() and inbox.qsize() == 0
        reader = asyncio.ensure_future(inbox.get())
        await turns()
        assert not reader.done()
        inbox.put_nowait({"type": "websocket.connect"})
        assert await reader == {"type": "websocket.connect"}
        for i in range(50):  # a burst (many frames in one read): a deque from then on
            inbox.put_nowait(i)
        assert [await inbox.get() for _ in range(50)] == list(range(50))
        assert inbox.empty()
        cancelled = asyncio.ensure_future(inbox.get())
        await turns()
        cancelled.cancel()
        await turns()
        inbox.put_nowait("next")  # a cancelled reader takes nothing
        assert await inbox.get() == "next"

    asyncio.run(go())


def test_the_gate_holds_writers_while_closed():
    async def go():
        gate = Gate(True)
        assert gate.is_set() and await gate.wait()
        gate.clear()
        waiters = [asyncio.ensure_future(gate.wait()) for _ in range(3)]
        await turns()
        assert not any(w.done() for w in waiters)
        waiters[0].cancel()
        gate.set()
        await turns()
        assert waiters[0].cancelled() and all(w.result() is True for w in waiters[1:])

    asyncio.run(go())


def test_the_lean_websocket_protocol_swaps_only_what_it_knows():
    class Request:
        def __init__(self) -> None:
            self.headers = Headers([("Host", "x"), ("Upgrade", "websocket")])

    class Protocol:
        def __init__(self) -> None:
            self.queue: asyncio.Queue = asyncio.Queue()
            self.writable = asyncio.Event()
            self.writable.set()
            self.handshake_complete = False
            self.request = Request()
            self.response = object()

        async def send(self, message):
            if message["type"] == "websocket.accept":
                self.handshake_complete = True

    async def go():
        lean = lean_websockets(Protocol)()
        assert isinstance(lean.queue, Inbox) and isinstance(lean.writable, Gate) and lean.writable.is_set()
        await lean.send({"type": "websocket.send", "text": "x"})
        request = lean.request
        assert request is not None and len(request.headers) == 2  # not yet accepted
        await lean.send({"type": "websocket.accept"})
        assert lean.request is None and lean.response is None
        assert len(request.headers) == 0  # still held by the websockets parser: emptied

    asyncio.run(go())


def test_the_start_loads_the_languages_the_first_view_needs():
    from landlords.i18n.bot_names import _bot_patterns, shown_name
    from landlords.i18n.grammar import locale, number
    from landlords.server.start import warm_languages

    warm_languages()
    before = (_bot_patterns.cache_info().misses, locale.cache_info().misses, number.cache_info().misses)
    assert shown_name("Bot 2", "en") == "Bot 2" and number("en", 1500) == "1,500"
    assert (_bot_patterns.cache_info().misses, locale.cache_info().misses) == before[:2]  # nothing new loaded
