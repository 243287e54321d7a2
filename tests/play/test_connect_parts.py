"""The parts of `landlords play --connect` below the screen: what --connect and --game name, the
seat tokens kept on this machine, the connection that reconnects and gives up, a saved seat the
server no longer knows, and the question read from a server's view."""

from __future__ import annotations

import os
import stat
import threading

import pytest
from support.connect_helpers import ClientPerson, ServerProcess, one_error, run_cli

from landlords.client import Lobby
from landlords.engine.errors import ConfigError
from landlords.play.connect.address import server_and_game
from landlords.play.connect.link import Link
from landlords.play.connect.question import question
from landlords.play.connect.seats import SavedSeat, SeatStore
from landlords.position import from_position


@pytest.mark.parametrize(
    ("url", "code", "expected"),
    [
        ("http://127.0.0.1:8000", "k7qmpx", ("http://127.0.0.1:8000", "K7QMPX")),
        ("http://games.example.org:8000/g/K7QMPX", None, ("http://games.example.org:8000", "K7QMPX")),
        ("localhost:9000/", "ABCDEF", ("http://localhost:9000", "ABCDEF")),
        ("ws://[::1]:8000", "ABCDEF", ("http://[::1]:8000", "ABCDEF")),
        ("https://example.org/landlords/g/abcdef/", "ABCDEF", ("https://example.org/landlords", "ABCDEF")),
    ],
)
def test_the_server_and_the_game_from_the_options(url, code, expected):
    assert server_and_game(url, code) == expected


@pytest.mark.parametrize(
    ("url", "code", "words"),
    [
        ("ftp://example.org", "ABCDEF", "not a server address"),
        ("http://", "ABCDEF", "not a server address"),
        ("http://example.org:70000", "ABCDEF", "port"),
        ("http://example.org", None, "needs the game"),
        ("http://example.org/g/ABCDEF", "GHJKLM", "differ"),
        ("http://example.org", "AB CD", "not a game code"),
    ],
)
def test_what_is_not_a_server_or_a_game(url, code, words):
    with pytest.raises(ConfigError, match=words):
        server_and_game(url, code)


def test_seat_tokens_are_kept_for_the_user_alone(tmp_path):
    folder = tmp_path / "seats"
    store = SeatStore("http://127.0.0.1:8000", "abcdef", folder)
    assert store.find(None) is None
    store.save(SavedSeat(1, "Bob", "secret-1"))
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert store.path.name == "127.0.0.1_8000-ABCDEF.json"
    assert store.find(None) == SavedSeat(1, "Bob", "secret-1")
    store.save(SavedSeat(2, "Cy", "secret-2"))  # two people of one machine at one table
    with pytest.raises(ConfigError, match="several seats .*Bob, Cy.*--name"):
        store.find(None)
    assert store.find("cy") == SavedSeat(2, "Cy", "secret-2")
    os.chmod(store.path, 0o644)  # a file someone loosened is written back as the user's alone
    store.save(SavedSeat(2, "Cy", "secret-3"))
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert store.find("Cy").token == "secret-3"
    store.forget(1)
    store.forget(2)
    assert not store.path.exists()
    other = SeatStore("http://127.0.0.1:8001", "ABCDEF", folder)  # another server: another file
    assert other.path != store.path and other.find(None) is None
    store.path.write_text("{nope")
    with pytest.raises(ConfigError, match="not a file of saved seats"):
        store.find(None)


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path)
    try:
        yield srv
    finally:
        srv.stop()


def test_the_connection_comes_back_after_a_restart_and_gives_up_when_the_server_stays_away(server):
    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann", seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}], seed=8, first_player=0
    )
    lobby.close()
    news: list[tuple[str, object]] = []
    views: list[dict] = []

    def status(what, detail):
        news.append((what, detail))

    link = Link(
        server.base, g["code"], g["token"], "en", views.append, lambda m: None, status,
        backoff=(0.1, 0.2), give_up_after=120,
    )  # fmt: skip
    try:
        welcome = link.start()
        assert welcome["you"]["seat"] == 0 and welcome["position"]["players"][0]["name"] == "Ann"
        server.restart()
        assert _wait(lambda: ("back", None) in news)
        assert news[0][0] == "lost"
        assert link.act({"type": "roll"}, views[-1]["version"])["type"] == "ack"  # the seat is ours again
        link.give_up_after = 1.0  # now the server stays away
        server.kill()
        assert _wait(lambda: any(what == "gave_up" for what, _ in news), 20)
        assert link.ended.wait(5)
    finally:
        link.close()


def _wait(condition, seconds: float = 30) -> bool:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_saved_seat_the_server_no_longer_knows_is_forgotten(server, tmp_path):
    lobby = Lobby(server.base)
    g = lobby.create(name="Ann", seats=[{"kind": "person"}, {"kind": "person"}])
    joined = lobby.join(g["code"], "Bob")  # the game starts: every seat is taken
    lobby.leave(g["code"], joined["token"])  # Bob gives his seat up (a bot plays it)
    lobby.close()
    store = SeatStore(server.base, g["code"], tmp_path / "landlords" / "seats")
    store.save(SavedSeat(joined["seat"], "Bob", joined["token"]))
    line = one_error(run_cli(tmp_path, "--connect", server.base, "--game", g["code"]))
    assert "no longer yours" in line and joined["token"] not in line
    assert not store.path.exists()


def test_the_question_comes_from_the_servers_list_of_acts(server):
    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann",
        edition="classic-us",
        seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
        seed=3,
        dice=[[1, 2]],
        first_player=0,
    )
    lobby.close()
    ann = ClientPerson(server.base, g["code"], g["token"])
    try:
        ann.act({"type": "roll"})
        ann.wait_for(ann.decision_is(0, "buy"))
        link_view = ann.view
        assert "position" not in link_view  # this client did not ask for it: no mirror, no question
        assert question(link_view, None).answers == []
    finally:
        ann.close()
    views: list[dict] = []
    link = Link(server.base, g["code"], g["token"], "en", views.append, lambda m: None, lambda *a: None)
    try:
        view = link.start()
        q = question(view, from_position(view["position"]))
        assert q.mine and [a.to_json() for a in q.answers] == [{"type": "buy"}, {"type": "decline"}]
        assert q.labels['{"type": "buy"}'] == "Buy Baltic Avenue for $60"
        assert q.menu.partners == [1]  # an offer to the bot may go now
        watcher = question({**view, "you": {"seat": None}}, from_position(view["position"]))
        assert watcher.answers == [] and watcher.seat is None
    finally:
        link.close()


def test_advice_is_worked_out_by_the_server_for_a_seat(server):
    from landlords.play.connect.advice import ServerAdvice

    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann", edition="classic-us", seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}]
    )
    lobby.close()
    done = threading.Event()
    job = ServerAdvice(server.base, g["code"], g["token"], done.set, games=20)
    assert done.wait(120) and job.done()
    status, data = job.result
    assert status == "ok" and data["kind"] == "chances"
    assert [s["name"] for s in data["chances"]["seats"]] == ["Ann", "Bot 2"]
    done.clear()
    again = ServerAdvice(server.base, g["code"], "not-a-seat", done.set, games=20)
    assert done.wait(30) and again.result == ("error", "this token holds no seat at this game")
