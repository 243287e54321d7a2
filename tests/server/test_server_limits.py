"""Limits per client address, not per connection (server/limits.py): game creation, the expensive
routes, WebSocket messages shared by an address's sockets, WebSockets per address, the lobby's size
and age, the list of games, X-Forwarded-For behind a trusted proxy only, repeated log records
counted, and a spectator's socket leaving nothing behind. The TCP-level caps and the request-head
timeout need a real server: test_server_flood.py."""

from __future__ import annotations

import gc
import logging
import subprocess
import sys
import time

import pytest
from starlette.websockets import WebSocketDisconnect
from support.server_helpers import PERSON_AND_BOT, Player, create, make_client, sockets_closed

from landlords.server import limits as limits_module
from landlords.server.app import Limits
from landlords.server.clock import ManualClock
from landlords.server.connection import Connection
from landlords.server.limits import Buckets, Guard
from landlords.server.logs import CollapseRepeats
from landlords.server.protocol import RateLimit

FAST = {"rate_per_second": 1000, "burst": 10**6}  # one socket's own limit out of the way


def answer(p: Player) -> dict:
    """The next message that is not a view pushed to every client."""
    while True:
        m = p.read()
        if m["type"] not in ("update", "welcome") or "id" in m:
            return m


def retry_after(r) -> int:
    assert r.status_code == 429, r.text
    value = int(r.headers["Retry-After"])
    assert value >= 1
    return value


def test_game_creation_is_limited_per_address_with_retry_after(tmp_path):
    client, _ = make_client(tmp_path, limits=Limits(**FAST, games_burst=3, games_per_minute=1))
    with client:
        for _ in range(3):
            create(client, name="Ann")
        r = client.post("/api/games", json={"name": "Ann"})
        assert 50 <= retry_after(r) <= 60  # one game a minute: the next in about a minute
        assert "your address" in r.json()["detail"]
        assert client.get("/api/health").json()["games"] == 3


def test_the_lobby_holds_a_bounded_number_of_games(tmp_path):
    client, _ = make_client(tmp_path, limits=Limits(**FAST, max_lobby_games=2, exempt=("testclient",)))
    with client:
        create(client, name="Ann")
        create(client, name="Ann", private=True)
        r = client.post("/api/games", json={"name": "Ann"})
        retry_after(r)
        assert r.json()["detail"] == "the lobby is full: try again later"
        # a game that starts at once leaves the lobby: room again
        full = client.post("/api/games", json={"name": "Ann", "seats": PERSON_AND_BOT})
        assert full.status_code == 429


def test_the_list_of_open_games_is_capped_and_paged(tmp_path):
    client, _ = make_client(tmp_path, limits=Limits(**FAST, list_games=3, exempt=("testclient",)))
    with client:
        codes = [create(client, name="Ann")["code"] for _ in range(5)]
        first = [g["code"] for g in client.get("/api/games").json()]
        assert first == codes[::-1][:3]  # the newest first, at most 3
        assert [g["code"] for g in client.get("/api/games", params={"offset": 3}).json()] == codes[1::-1]
        assert len(client.get("/api/games", params={"limit": 1000}).json()) == 3
        assert len(client.get("/api/games", params={"limit": 2}).json()) == 2
        assert client.get("/api/games", params={"limit": 0}).status_code == 422


def test_the_expensive_routes_share_one_bucket_per_address(tmp_path):
    limits = Limits(**FAST, games_burst=10, expensive_burst=3, expensive_per_second=0.01)
    client, _ = make_client(tmp_path, limits=limits)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=PERSON_AND_BOT, bot_pause=0)
        assert client.get(f"/api/games/{g['code']}/log").status_code == 200
        assert client.get(f"/api/games/{g['code']}/worth").status_code == 200
        assert client.get(f"/api/games/{g['code']}/log").status_code == 200
        for path in ("worth", "log", "record"):
            r = client.get(f"/api/games/{g['code']}/{path}")
            assert 90 <= retry_after(r) <= 100, path  # 0.01 a second: a token in 100 s
        assert client.get(f"/api/games/{g['code']}").status_code == 200  # the cheap ones are not counted


def test_websocket_messages_share_one_bucket_per_address(tmp_path):
    """Two sockets of one address: what one spends, the other has no more; a sync (a whole view) costs
    as much as ``view_cost`` pings; a dropped request still gets its id back."""
    limits = Limits(**FAST, address_rate=0.001, address_burst=29, view_cost=5)
    client, _ = make_client(tmp_path, limits=limits)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}])
        ann = Player(client, g["code"], g["token"])  # hello: 5
        bob = Player(client, g["code"], None)  # a spectator's hello: 5 (19 left)
        for n in range(1, 11):
            ann.send({"type": "ping", "id": n})
        assert [answer(ann)["type"] for _ in range(10)] == ["pong"] * 10  # 9 left
        bob.send({"type": "sync", "id": "s1"})
        bob.send({"type": "sync", "id": "s2"})
        assert bob.read_until(lambda m: m["type"] == "welcome")  # 4 left
        late = answer(bob)
        assert late["type"] == "error" and late["code"] == "rate_limited"
        assert late["id"] == "s2" and "your address" in late["message"]
        for n in range(4):
            bob.send({"type": "ping", "id": n})
        assert [answer(bob)["type"] for _ in range(4)] == ["pong"] * 4
        ann.send({"type": "ping", "id": 99})
        assert answer(ann)["code"] == "rate_limited"  # Bob took the address's last tokens
        with pytest.raises(WebSocketDisconnect) as refused:  # its hello would be dropped: no new socket
            with client.websocket_connect(f"/ws/{g['code']}"):
                pass
        assert refused.value.code == 1008


def test_websockets_per_address_are_capped_at_the_handshake(tmp_path):
    client, _ = make_client(tmp_path, limits=Limits(**FAST, websockets_per_address=2, exempt=()))
    with client, sockets_closed():
        g = create(client, name="Ann")
        one, two = Player(client, g["code"], None), Player(client, g["code"], None)
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"/ws/{g['code']}"):
                pass
        assert refused.value.code == 1008
        one.close()
        end = time.monotonic() + 10
        while client.app.state.server.guard.websockets.get("testclient", 0) > 1:  # the server's own loop
            assert time.monotonic() < end
            time.sleep(0.01)
        three = Player(client, g["code"], None)  # a place is free again
        assert three.view["type"] == "welcome" and two.view["type"] == "welcome"


def test_x_forwarded_for_counts_only_behind_a_trusted_proxy(tmp_path):
    def created(client, forwarded: str) -> int:
        return client.post("/api/games", json={"name": "Ann"}, headers={"X-Forwarded-For": forwarded}).status_code

    trusting = Limits(**FAST, games_burst=1, trusted_proxies=("testclient",))
    client, _ = make_client(tmp_path, limits=trusting)
    with client:
        assert created(client, "10.0.0.1") == 201
        assert created(client, "10.0.0.1") == 429
        assert created(client, "10.0.0.2") == 201  # another client behind the proxy
        # the last hop before the proxy counts, not what the client wrote before it
        assert created(client, "1.2.3.4, 10.0.0.1") == 429
        guard = client.app.state.server.guard
        assert set(guard.games.buckets) == {"10.0.0.1", "10.0.0.2"}
    client, _ = make_client(tmp_path / "b", limits=Limits(**FAST, games_burst=1))
    (tmp_path / "b").mkdir()
    with client:  # nobody trusted: the header is the client's word, ignored
        assert created(client, "10.0.0.1") == 201
        assert created(client, "10.0.0.2") == 429


def test_the_address_behind_a_chain_of_trusted_proxies():
    guard = Guard(Limits(trusted_proxies=("10.0.0.0/8", "::1")))

    def address(peer: str, *forwarded: str) -> str:
        headers = [(b"x-forwarded-for", f.encode()) for f in forwarded]
        return guard.address({"client": (peer, 5000), "headers": headers})

    assert address("10.1.2.3", "203.0.113.9") == "203.0.113.9"
    assert address("::ffff:10.1.2.3", "203.0.113.9, 10.9.9.9") == "203.0.113.9"  # two proxies of ours
    assert address("::1", "1.1.1.1", "203.0.113.9") == "203.0.113.9"  # the header twice: the last hop
    assert address("10.1.2.3", "10.2.2.2") == "10.1.2.3"  # nothing but proxies: the peer
    assert address("10.1.2.3") == "10.1.2.3"
    assert address("198.51.100.7", "203.0.113.9") == "198.51.100.7"  # not a proxy: its header is ignored
    assert address("::ffff:198.51.100.7") == "198.51.100.7"


def test_lobby_games_that_never_start_expire(tmp_path):
    db = f"sqlite:///{tmp_path}/server.db"
    limits = Limits(**FAST, lobby_minutes=10, exempt=("testclient",))
    client, clock = make_client(tmp_path, limits=limits, db_url=db)
    with client, sockets_closed():
        old = create(client, name="Ann")
        clock.advance(9 * 60)
        young = create(client, name="Ann")
        started = create(client, name="Ann", seats=PERSON_AND_BOT)
        watcher = Player(client, old["code"], None)
        clock.advance(61)  # the old one is 10 minutes and a second old
        end = time.monotonic() + 30
        while client.get(f"/api/games/{old['code']}").status_code != 404:  # the timer looks once a second
            assert time.monotonic() < end, "the old lobby game stayed"
            time.sleep(0.05)
        gone = watcher.read_until(lambda m: m["type"] == "error")
        assert gone["code"] == "no_game" and "not started within 10 minutes" in gone["message"]
        assert [g["code"] for g in client.get("/api/games").json()] == [young["code"]]
        assert client.get(f"/api/games/{started['code']}").json()["status"] == "playing"
        r = client.post(f"/api/games/{old['code']}/join", json={"name": "Bob"})
        assert r.status_code == 404
    # a restart a minute later (the wall clock goes on): the expired game is not restored, the young
    # one is, and its age counts from its creation, not from the restart
    client, clock = make_client(tmp_path, limits=limits, db_url=db, clock=ManualClock(start=clock.now() + 60))
    with client, sockets_closed():
        assert client.get(f"/api/games/{old['code']}").status_code == 404
        assert client.get(f"/api/games/{young['code']}").json()["status"] == "lobby"
        clock.advance(9 * 60 - 60)  # ten minutes and a second after the young one's creation
        end = time.monotonic() + 30
        while client.get(f"/api/games/{young['code']}").status_code != 404:
            assert time.monotonic() < end, "the restart started the lobby game's age again"
            time.sleep(0.05)


def test_closed_spectator_sockets_leave_nothing_behind(tmp_path):
    """Many spectators come and go: the table, the guard and the heap keep none of their connections
    (and their queued views go with them)."""
    client, _ = make_client(tmp_path, limits=Limits(**FAST, exempt=("testclient",)))
    with client, sockets_closed():
        g = create(client, name="Ann", seats=PERSON_AND_BOT, bot_pause=0, first_player=0)
        ann = Player(client, g["code"], g["token"])
        server = client.app.state.server
        table = server.tables[g["code"]]
        for _ in range(4):
            watchers = [Player(client, g["code"], None) for _ in range(50)]
            ann.act({"type": "roll"}) if ann.answers() and ann.answers()[0]["type"] == "roll" else ann.sync()
            for w in watchers:
                w.close()
        end = time.monotonic() + 30
        while len(table.watchers) > 1 or server.guard.websockets.get("testclient", 0) > 1:
            assert time.monotonic() < end, (len(table.watchers), server.guard.websockets)
            time.sleep(0.02)
        del watchers, w
        gc.collect()
        alive = [o for o in gc.get_objects() if isinstance(o, Connection)]
        assert len(alive) == 1 and alive[0].seat == 0  # Ann's own
        assert len(table._cache) <= 4  # views cached per (events, language, position), not per client


def test_the_message_bucket_spends_a_cost():
    bucket = RateLimit(rate=1.0, burst=10, tokens=10)
    assert bucket.allow(0.0, cost=8) and not bucket.allow(0.0, cost=8)
    assert bucket.allow(0.0, cost=2) and not bucket.allow(0.0)
    assert bucket.allow(8.0, cost=8)  # 8 s refilled 8 tokens
    assert RateLimit(rate=1.0, burst=3, tokens=3).allow(0.0, cost=50)  # a cost past the burst: a full bucket


def test_address_buckets_say_how_long_to_wait_and_are_forgotten_once_full():
    buckets = Buckets(rate=0.5, burst=2)
    assert buckets.take("a", now=0.0) == 0 and buckets.take("a", now=0.0) == 0
    assert buckets.take("a", now=0.0) == pytest.approx(2.0)  # one token at 0.5 a second
    assert buckets.take("b", now=0.0) == 0
    buckets.prune(now=3.0)  # b is full again (2 s), a is not
    assert set(buckets.buckets) == {"a"}
    buckets.prune(now=10.0)
    assert buckets.buckets == {}


def test_an_addresss_exemption_is_remembered_within_a_bound(monkeypatch):
    monkeypatch.setattr(limits_module, "EXEMPT_KEPT", 3)
    guard = Guard(Limits(exempt=("127.0.0.0/8", "testclient")))
    assert guard.exempt("127.0.0.5") and guard.exempt("testclient") and not guard.exempt("10.0.0.1")
    assert guard._exempt == {"127.0.0.5": True, "testclient": True, "10.0.0.1": False}
    assert not guard.exempt("10.0.0.2") and guard._exempt == {"10.0.0.2": False}  # full: started over
    assert guard.exempt("127.0.0.5") and not guard.exempt("::1")
    assert not Guard(Limits(exempt=())).exempt("127.0.0.1")


def test_repeated_log_records_are_written_once_with_a_count():
    now = [0.0]
    f = CollapseRepeats(window=60, clock=lambda: now[0])
    try:
        raise OSError(24, "Too many open files")
    except OSError as exc:
        err = exc
    record = lambda: logging.LogRecord(  # asyncio's words at the descriptor limit
        "asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource", None, (OSError, err, None)
    )
    other = logging.LogRecord("landlords.server", logging.INFO, __file__, 1, "game %s: hello", ("X",), None)
    passed = [f.filter(record()) for _ in range(100_000)]
    assert passed[0] and not any(passed[1:])
    assert f.filter(other)  # another message is not held back
    now[0] = 30.0
    assert not f.filter(record())
    assert f.flush() == []  # the window is not over
    now[0] = 61.0
    (summary,) = f.flush()
    words = "socket.accept() out of system resource (repeated 100000 times in the last 60 s)"
    assert summary.getMessage() == words
    assert summary.levelno == logging.ERROR and summary.name == "asyncio"
    assert f.filter(summary)
    assert f.filter(record())  # a new window: the first passes again
    now[0] = 200.0
    assert f.flush() == []  # nothing repeated in that one: nothing to say


def test_the_servers_log_writes_asyncios_repeated_accept_errors_once(tmp_path):
    """The logging set-up of `landlords serve` (uvicorn's, with the filters) in a process of its own:
    asyncio's accept error at the descriptor limit, 10,000 times, is one traceback, then its count."""
    script = """
import logging, logging.config, sys
from landlords.server.logs import log_config, flush_repeats, REPEAT_WINDOW
import landlords.server.logs as logs
logging.config.dictConfig(log_config("info"))
now = [0.0]
for f in logs._FILTERS:
    f.clock = lambda: now[0]
log = logging.getLogger("asyncio")
for _ in range(10_000):
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        log.error("socket.accept() out of system resource", exc_info=True)
now[0] = REPEAT_WINDOW + 1
flush_repeats()
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("Traceback") == 1 and out.stderr.count("OSError: [Errno 24]") == 1, out.stderr
    assert "socket.accept() out of system resource (repeated 9999 times in the last 60 s)" in out.stderr
    assert len(out.stderr) < 2000


@pytest.mark.parametrize(
    "option, value",
    [
        ("--trusted-proxy", "notanaddress"),
        ("--exempt", "10.0.0.0/33"),
        ("--exempt", ""),
        ("--trusted-proxy", "::1/200"),
    ],
)
def test_serve_refuses_an_address_option_that_is_no_address(tmp_path, option, value):
    """A proxy or exempt address that is no IP address or network is one line and exit 2, before the
    server listens or touches its database (it used to be taken, and to match nothing)."""
    db = tmp_path / "server.db"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "landlords.cli.main",
            "serve",
            "--port",
            "0",
            "--db",
            f"sqlite:///{db}",
            option,
            value,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and option in lines[0] and "is not an IP address or network" in lines[0], lines
    assert not db.exists()


def test_serve_options_set_the_limits_fields_they_name():
    """Each limit option of `landlords serve` is generated from Limits: its default is the field's
    default, and a value given reaches that field (the message rate also sets the burst)."""
    from click.testing import CliRunner

    from landlords.cli import serve as serve_cli
    from landlords.server import start

    seen = {}

    def fake_run(app, *args):  # the real app is built; only listening forever is skipped
        seen["limits"] = app.state.server.guard.limits
        return True

    given = {
        "--address-connections": "7",
        "--address-websockets": "5",
        "--address-messages": "3.5",
        "--address-games": "4",
        "--address-requests": "1.5",
        "--lobby-games": "9",
        "--lobby-minutes": "2.5",
        "--header-timeout": "6",
    }
    assert set(given) == {o for o, *_ in serve_cli.LIMIT_OPTIONS}
    argv = ["--port", "0", "--db", "sqlite:///:memory:", "--exempt", "10.1.2.3", "--trusted-proxy", "10.0.0.0/8"]
    for option, value in given.items():
        argv += [option, value]
    original = start.run_server
    start.run_server = fake_run
    try:
        result = CliRunner().invoke(serve_cli.serve, argv)
    finally:
        start.run_server = original
    assert result.exit_code == 0, result.output
    limits = seen["limits"]
    for option, field, _, _ in serve_cli.LIMIT_OPTIONS:
        assert getattr(limits, field) == float(given[option]), option
    assert limits.address_burst == 7.0
    assert limits.exempt == ("10.1.2.3/32",) and limits.trusted_proxies == ("10.0.0.0/8",)
    defaults = CliRunner().invoke(serve_cli.serve, ["--help"], terminal_width=200).output
    assert "[default: 64; 1<=x<=100000]" in defaults and "[default: 1000; 1<=x<=10000000]" in defaults
