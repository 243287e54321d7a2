"""Hostile input: each gets one clear error on its own connection, and nothing changes."""

from __future__ import annotations

import logging
import socket
import time

import pytest
from starlette.websockets import WebSocketDisconnect
from support.server_helpers import Player, create, make_client, sockets_closed, table, wait_game
from support.server_process import ServerProcess

from landlords.names import MAX_CHAT
from landlords.server.app import Limits
from landlords.server.bodies import MAX_BODY_BYTES, TOO_LARGE
from landlords.server.protocol import FLOOD_CLOSE_AFTER, MAX_MESSAGE_BYTES, RateLimit, message_id


@pytest.fixture
def game(tmp_path):
    # one token per 1,000 s of real time: no refill while a test runs, however slow the machine
    client, clock = make_client(tmp_path, limits=Limits(rate_per_second=0.001, burst=10))
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], bot_pause=0, first_player=0)
        j = client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).json()
        yield client, g, j


def error(p: Player) -> dict:
    return p.read_until(lambda m: m["type"] == "error")


def unchanged(client, g) -> None:
    assert client.get(f"/api/testing/games/{g['code']}").json()["actions"] == []


@pytest.mark.parametrize(
    "message, code",
    [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "teleport"}', "unknown_type"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": "act", "action": {"type": "roll"}}', "bad_message"),
        ('{"type": "act", "action": "roll", "version": 0}', "bad_message"),
        ('{"type": "act", "action": {"type": "fly"}, "version": 0}', "bad_action"),
        ('{"type": "act", "action": {"type": "bid", "amount": 5, "x": 1}, "version": 0}', "bad_action"),
        ('{"type": "act", "action": {"type": "time_out"}, "version": 0}', "bad_action"),
        ('{"type": "chat", "text": ""}', "bad_message"),
        ('{"type": "chat", "text": "' + "x" * 501 + '"}', "bad_message"),
        ('{"type": "act", "action": {"type": "roll"}, "version": 0, "seat": 1}', "not_your_seat"),
        # deeper than Python's decoder recurses (10 KB, under the size limit): once a RecursionError
        # that closed the connection (1006) with a traceback in the log
        ("[" * 5000 + "]" * 5000, "bad_json"),
        ('{"type": "act", "action": ' + "[" * 5000 + "]" * 5000 + ', "version": 0}', "bad_json"),
        ('{"type": "chat", "text": "hi", "x": ' + '{"a": ' * 2000 + "1" + "}" * 2000 + "}", "bad_json"),
        # decodable, but deeper than any message needs (a copy or another process might not decode it)
        (
            '{"type": "act", "action": {"type": "roll", "x": ' + "[" * 200 + "]" * 200 + "}, " + '"version": 0}',
            "bad_json",
        ),
    ],
)
def test_bad_messages_get_a_clear_error(game, message, code):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    ann.send(message)
    e = error(ann)
    assert e["code"] == code and e["message"]
    unchanged(client, g)
    assert ann.act({"type": "roll"}, version=0)["type"] == "ack"  # the connection still works


@pytest.mark.parametrize("path", ["/api/games", "/api/games/{code}/join", "/api/games/{code}/start"])
@pytest.mark.parametrize(
    "body",
    [
        "[" * 5000 + "]" * 5000,  # deeper than Python's decoder recurses
        '{"name": "Bob", "x": ' + "[" * 17 + "]" * 17 + "}",  # decodable, deeper than the WebSocket takes
    ],
)
def test_deeply_nested_http_bodies_are_a_clear_400(game, path, body):
    """The same limit and words as a WebSocket message's (was FastAPI's 'There was an error parsing
    the body' for the first, and the second reached the route)."""
    client, g, j = game
    r = client.post(path.format(code=g["code"]), content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json()["detail"] == "the request body is nested too deeply (at most 16 levels)"
    assert client.get(f"/api/games/{g['code']}").status_code == 200  # the server goes on
    unchanged(client, g)


def test_sixteen_levels_of_http_body_are_taken(game):
    client, g, j = game
    body = '{"name": "Cy", "x": ' + "[" * 15 + "]" * 15 + "}"  # 16 levels: the body's object and 15 lists
    r = client.post(f"/api/games/{g['code']}/join", content=body, headers={"content-type": "application/json"})
    assert r.status_code != 400, r.text  # the route's own answer (the game is full: 409)


@pytest.mark.parametrize("content_type", ["application/json", None, "text/plain"])
def test_a_non_utf8_http_body_is_a_clear_400(game, content_type):
    client, g, j = game
    headers = {"content-type": content_type} if content_type else {}
    r = client.post("/api/games", content=b'{"name": "\xff\xfeAnn"}', headers=headers)
    assert r.status_code == 400
    assert r.json()["detail"] == "the request body is not UTF-8 text (the API takes JSON, which is UTF-8)"


def test_an_oversized_http_body_is_a_413_before_it_is_read(game):
    """Declared too large, or sent in chunks without a length: a 413 naming the limit. Before, any
    body was read into memory, then refused by the route. (The test client sends whole bodies: that
    the rest is not waited for is shown on a real server below.)"""
    client, g, j = game
    big = b'{"name": "' + b"x" * MAX_BODY_BYTES + b'"}'
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["detail"] == TOO_LARGE

    def chunks():
        for _ in range(8):
            yield b"x" * 16384

    r = client.post(f"/api/games/{g['code']}/join", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["detail"] == TOO_LARGE
    assert client.get(f"/api/games/{g['code']}").status_code == 200  # the server goes on
    unchanged(client, g)


@pytest.mark.parametrize("chunked", [False, True], ids=["declared", "chunked"])
def test_a_real_server_answers_413_without_waiting_for_the_rest(tmp_path, chunked):
    """``landlords serve`` over a socket: 50 MB declared, or chunks that never end, and only 80 KB of
    it sent. The answer comes without the rest (a server that read the whole body would wait)."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'server.db'}", tmp_path / "server.log", log_level="info")
    server.start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            length = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: 50000000"
            head = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            sock.sendall(head + length + b"\r\n\r\n")
            for _ in range(5):
                piece = b"x" * 16384
                sock.sendall(b"4000\r\n" + piece + b"\r\n" if chunked else piece)
            answer = b""
            while b"\r\n\r\n" not in answer or TOO_LARGE.encode() not in answer:
                got = sock.recv(65536)
                if not got:
                    break
                answer += got
        assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
        assert TOO_LARGE.encode() in answer
        assert server.get("/api/health")  # and it goes on
    finally:
        server.kill()


def test_a_body_at_the_size_limit_reaches_the_route(game):
    client, g, j = game
    head = b'{"name": "Cy", "x": "'
    body = head + b"y" * (MAX_BODY_BYTES - len(head) - 2) + b'"}'
    assert len(body) == MAX_BODY_BYTES
    r = client.post(f"/api/games/{g['code']}/join", content=body, headers={"content-type": "application/json"})
    assert r.status_code not in (400, 413), r.text  # the route's own answer (the game is full: 409)


def test_oversized_messages_are_refused(game):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    ann.send('{"type": "chat", "text": "' + "x" * MAX_MESSAGE_BYTES + '"}')
    assert error(ann)["code"] == "too_large"
    unchanged(client, g)


def test_anything_before_hello_and_wrong_tokens(game):
    client, g, j = game
    with client.websocket_connect(f"/ws/{g['code']}") as ws:
        ws.send_json({"type": "act", "action": {"type": "roll"}, "version": 0})
        assert ws.receive_json()["code"] == "hello_first"
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "hello", "token": g["host_token"]})  # the host token holds no seat
        assert ws.receive_json()["code"] == "bad_token"
    with client.websocket_connect("/ws/NOGAME") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["code"] == "no_game"
    unchanged(client, g)
    r = client.post(f"/api/games/{g['code']}/start", json={}, headers={"Authorization": f"Bearer {j['token']}"})
    assert r.status_code == 403  # a seat token is not the host's
    assert client.post(f"/api/games/{g['code']}/leave").status_code == 401


def test_acts_for_another_seat_are_refused(game):
    client, g, j = game
    bob = Player(client, g["code"], j["token"])
    answer = bob.act({"type": "roll"})
    assert answer["type"] == "refused" and answer["rule"] == "not-your-turn"
    unchanged(client, g)


def test_a_flood_is_rate_limited_then_closed_and_others_play_on(game):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    bob = Player(client, g["code"], j["token"])
    for _ in range(40):
        bob.send({"type": "ping"})
    assert error(bob)["code"] == "rate_limited"
    pongs = [m for m in bob.messages if m["type"] == "pong"]
    assert len(pongs) < 40
    assert ann.act({"type": "roll"}, version=0)["type"] == "ack"  # Ann is not affected


def test_every_request_dropped_by_the_rate_limit_is_answered_with_its_id(game):
    """A client waiting for the answer to a request (a message with an id) gets one even when the
    message is dropped: the `rate_limited` error carries the id."""
    client, g, j = game
    bob = Player(client, g["code"], j["token"])  # the hello took one of Bob's 10
    for n in range(1, 31):
        bob.send({"type": "ping", "id": n})
    answers = [bob.read() for _ in range(30)]
    assert [m["id"] for m in answers] == list(range(1, 31))
    assert {m["type"] for m in answers[:9]} == {"pong"}
    assert all(m["type"] == "error" and m["code"] == "rate_limited" for m in answers[9:])


def test_the_rate_limit_bucket_refills_at_its_rate_up_to_its_burst():
    bucket = RateLimit(rate=2.0, burst=3, tokens=3)
    assert [bucket.allow(10.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.allow(10.4) is False  # 0.8 of a token
    assert bucket.allow(10.6) is True  # 1.2 tokens: one spent
    assert [bucket.allow(100.0) for _ in range(4)] == [True, True, True, False]  # never above the burst
    assert bucket.over == 3


def test_the_rate_limit_refills_on_real_time_while_the_game_clock_stands_still(tmp_path):
    """A test server's manual game clock never moves by itself; the bucket must refill all the same,
    or a long game on one connection runs dry (the cause of a cluster test's lost acts)."""
    client, clock = make_client(tmp_path, limits=Limits(rate_per_second=50, burst=2))
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], bot_pause=0)
        ann = Player(client, g["code"], g["token"])  # the hello took one of Ann's 2
        still = clock.now()
        ann.send({"type": "ping", "id": 1})
        ann.send({"type": "ping", "id": 2})
        answers = [ann.read_until(lambda m, n=n: m.get("id") == n) for n in (1, 2)]
        assert [(m["type"], m.get("code")) for m in answers] == [("pong", None), ("error", "rate_limited")]
        time.sleep(0.1)  # at least 5 tokens' worth of real time (a slow machine only adds more)
        ann.send({"type": "ping", "id": 3})
        assert ann.read_until(lambda m: m.get("id") == 3)["type"] == "pong"
        assert clock.now() == still  # the game clock did not move: real time refilled the bucket


@pytest.mark.parametrize(
    "text", ['{"type": "ping", "id": true}', '{"type": "ping", "id": [1]}', "[1, 2]", "{", "[" * 5000 + "]" * 5000]
)
def test_a_dropped_message_without_a_usable_id_gets_no_id_back(text):
    assert message_id(text) is None


def test_acts_on_a_finished_game(tmp_path, db_url):
    # the only person goes bankrupt on her first act: the time-out of a timed ruleset ends it for her
    with table(tmp_path, db_url=db_url, ruleset="digital", first_player=0) as t:
        client, clock, g, ann = t.client, t.clock, t.made, t.ann
        deadline = ann.view["decision"]["deadline_at"]
        clock.advance(deadline - clock.wall() + 1)
        ann.read_until(lambda m: m["type"] == "update" and m["state"]["over"])
        e = ann.act({"type": "roll"})
        assert e["type"] == "error" and e["code"] == "game_over"
        record = client.get(f"/api/games/{g['code']}/record").json()
        assert record["actions"][0] == [0, {"type": "time_out"}]


def test_a_connection_that_keeps_flooding_is_closed_and_the_other_plays_on(game):
    """After its burst of 10 (the bucket refills too slowly to matter here) every message of Bob's is
    dropped with `rate_limited`, and past FLOOD_CLOSE_AFTER the connection is closed."""
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    bob = Player(client, g["code"], j["token"])  # the hello took one of Bob's 10
    for _ in range(9 + FLOOD_CLOSE_AFTER + 5):
        bob.send({"type": "ping"})
    assert ann.act({"type": "roll"})["type"] == "ack"  # Ann plays on, undisturbed
    ann.send({"type": "chat", "text": "still here"})
    ann.read_until(lambda m: m["type"] == "chat")
    with pytest.raises(WebSocketDisconnect):
        while True:
            bob.read()
    bob.close()
    assert sum(m["type"] == "pong" for m in bob.messages) == 9
    limited = [m for m in bob.messages if m["type"] == "error"]
    assert limited and all(m["code"] == "rate_limited" for m in limited)
    assert "closed" in limited[-1]["message"]
    assert not [m for m in ann.messages if m["type"] == "error"]
    assert [a for _, a in client.get(f"/api/testing/games/{g['code']}").json()["actions"]] == [{"type": "roll"}]
    again = Player(client, g["code"], j["token"])  # Bob comes back on a new connection: a new bucket
    assert again.view["you"]["seat"] == 1


@pytest.mark.parametrize(
    "text, problem",
    [
        ("   ", "is empty"),
        ("x" * (MAX_CHAT + 1), f"is longer than {MAX_CHAT} characters"),
        ("red \x1b[31malert", "contains a control character (U+001B)"),
        ("abc\u202edef", "contains a control character (U+202E)"),  # a bidi override would reverse what follows
        ("two\nlines", "contains a control character (U+000A)"),
        ("zero\u200bwidth", "contains a control character (U+200B)"),
    ],
)
def test_chat_is_plain_text_on_one_line(game, text, problem):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    bob = Player(client, g["code"], j["token"])
    ann.send({"type": "chat", "text": text})
    e = error(ann)
    assert e["code"] == "bad_message" and e["message"] == f"chat: 'text' {problem}", e
    ann.send({"type": "chat", "text": "  <b>hi</b>  "})
    said = bob.read_until(lambda m: m["type"] == "chat")
    assert said["text"] == "<b>hi</b>"  # stripped, otherwise as sent: every client shows it as text
    assert not [m for m in bob.messages if m["type"] == "chat" and m["text"] != "<b>hi</b>"]


def test_names_are_plain_text_and_unique_at_the_table(tmp_path):
    client, clock = make_client(tmp_path)
    with client:
        bad = client.post("/api/games", json={"name": "Ann\u202e", "seats": [{}, {}]})
        assert bad.status_code == 422 and bad.json()["detail"] == "the name contains a control character (U+202E)"
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "person"}])
        join = f"/api/games/{g['code']}/join"
        r = client.post(join, json={"name": "\x1b[2J"})
        assert r.status_code == 422 and "control character (U+001B)" in r.json()["detail"]
        r = client.post(join, json={"name": " ann "})
        assert r.status_code == 409 and r.json()["detail"] == "the name 'ann' is taken at this table"
        assert client.post(join, json={"name": " Bob "}).json()["seat"] == 1
        assert client.get(f"/api/games/{g['code']}").json()["seats"][1]["name"] == "Bob"


def test_unknown_bot_strategies_are_refused_alike_when_seating_and_starting(tmp_path):
    client, clock = make_client(tmp_path)
    with client:
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], autostart=False)
        host = {"Authorization": f"Bearer {g['host_token']}"}
        seat = client.post(f"/api/games/{g['code']}/bots", json={"strategy": "nosuch"}, headers=host)
        start = client.post(f"/api/games/{g['code']}/start", json={"fill_bots": "nosuch"}, headers=host)
        assert seat.status_code == start.status_code == 422
        assert seat.json()["detail"] == start.json()["detail"] and "nosuch" in seat.json()["detail"]
        assert client.get(f"/api/games/{g['code']}").json()["seats"][1]["kind"] == "open"  # nothing changed


def test_no_token_in_the_servers_log_records(tmp_path, caplog):
    """Every record any logger makes during a whole game (lobby calls with tokens, hellos, acts, a
    bad token, chat, a leave, the end), at debug level; the uvicorn output is checked in
    test_server_kill."""
    caplog.set_level(logging.DEBUG)
    with table(
        tmp_path,
        bob="Bob",
        ruleset="digital",
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
        first_player=0,
        seed=32,  # Ann's roll ends her turn: Bob's seat, then the bot's, play before she decides again
    ) as t:
        client, clock, g, j, ann = t.client, t.clock, t.made, t.joined, t.ann
        ann.act({"type": "roll"})
        ann.send({"type": "chat", "text": "hello"})
        with client.websocket_connect(f"/ws/{g['code']}") as ws:
            ws.send_json({"type": "hello", "token": g["token"][:-2] + "xx"})
            assert ws.receive_json()["code"] == "bad_token"
        r = client.post(f"/api/games/{g['code']}/leave", headers={"Authorization": f"Bearer {j['token']}"})
        assert r.status_code == 200
        # the clock moves only once Ann decides: moved while a bot still played, it ran out nobody's
        # time, Ann's timer started after it and the game never ended (a random seed did that now and
        # then, depending on her roll and on how fast the bots played)
        ann.wait_view(lambda v: v["decision"] is not None and v["decision"]["seat"] == 0)
        clock.advance(10_000)  # Ann's time runs out: the game ends
        wait_game(client, g["code"], lambda i: i["over"])
        assert client.get(f"/api/games/{g['code']}/record").status_code == 200
    text = caplog.text + "\n".join(str(r.__dict__) for r in caplog.records)
    assert caplog.records  # the capture works (the test client and the server's libraries log)
    for token in (g["token"], j["token"], g["host_token"]):
        assert not any(token[i : i + 8] in text for i in range(len(token) - 7))


@pytest.mark.parametrize("version", [10**30, -(10**30), 2**53 + 1])
def test_a_version_out_of_range_is_a_bad_field_not_a_stale_one(game, version):
    client, g, j = game
    ann = Player(client, g["code"], g["token"])
    ann.send({"type": "act", "action": {"type": "roll"}, "version": version, "id": 7})
    e = ann.read_until(lambda m: m.get("id") == 7)  # before: refused, rule stale-version
    assert (e["type"], e["code"]) == ("error", "bad_message") and "'version'" in e["message"]
    assert "moved on" not in e["message"]
    unchanged(client, g)


def test_a_hello_in_another_protocol_version_is_refused(game):
    client, g, j = game
    with client.websocket_connect(f"/ws/{g['code']}") as ws:
        ws.send_json({"type": "hello", "token": g["token"], "protocol": 99})
        e = ws.receive_json()
        assert e["type"] == "error" and e["code"] == "bad_message" and "protocol 99" in e["message"]
        ws.send_json({"type": "hello", "token": g["token"], "protocol": 1})
        assert ws.receive_json()["type"] == "welcome"


@pytest.mark.parametrize("asked, used", [("xx", "en"), ("ru", "ru"), (None, "en")])
def test_the_welcome_says_which_language_is_used(game, asked, used):
    client, g, j = game
    with client.websocket_connect(f"/ws/{g['code']}") as ws:
        ws.send_json({"type": "hello", "token": g["token"], **({"lang": asked} if asked else {})})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["lang"] == used


def test_start_and_bots_need_no_body_and_check_the_token_first(tmp_path):
    client, _ = make_client(tmp_path)
    with client:
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], autostart=False)
        for path in ("start", "bots"):
            r = client.post(f"/api/games/{g['code']}/{path}", headers={"authorization": "Bearer garbage"})
            assert r.status_code == 403 and "host" in r.json()["detail"], r.text
        host = {"authorization": f"Bearer {g['host_token']}"}
        assert client.post(f"/api/games/{g['code']}/bots", headers=host).status_code == 200  # the default bot
        r = client.post(f"/api/games/{g['code']}/start", headers=host)
        assert r.status_code == 200 and r.json()["status"] == "playing", r.text


def test_decision_seconds_0_is_no_timer_as_the_lobby_page_says(tmp_path):
    client, _ = make_client(tmp_path)
    with client:
        g = create(client, name="Ann", decision_seconds=0)
        assert client.get(f"/api/games/{g['code']}").json()["decision_seconds"] is None
        r = client.post("/api/games", json={"name": "Ann", "decision_seconds": -1})
        assert r.status_code == 422 and "decision_seconds" in r.text
