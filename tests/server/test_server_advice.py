"""Issue 19 on the server: ``GET /api/games/CODE/advice`` for a seat token. The answer for the game as
it is (kept per version), worked out off the event loop, rate-limited per seat on the server's
clock, refused to spectators, before the start, and where the table agreed to play without advice."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from support.server_helpers import create, make_client

from landlords.server import advice as A


def two_people(client, **settings):
    g = create(
        client,
        name="Ann",
        edition="classic-us",
        seats=[{"kind": "person"}, {"kind": "person"}],
        seed=5,
        first_player=0,
        **settings,
    )
    bob = client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).json()
    return g["code"], g["token"], bob["token"]


def ask(client, code, token, games=30):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/games/{code}/advice", params={"games": games}, headers=headers)


@pytest.fixture
def served(tmp_path):
    """A test server whose advice runs in a thread of this process (no process to spawn)."""
    client, clock = make_client(tmp_path)
    with client:
        client.app.state.advice = A.AdviceService(ThreadPoolExecutor(1))
        yield client, clock


def test_a_seated_player_gets_the_win_chances(served):
    client, clock = served
    code, ann, bob = two_people(client)
    r = ask(client, code, ann)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["code"] == code and data["kind"] == "chances" and data["version"] == 0
    chances = data["chances"]
    assert chances["games"] == 30 and [s["name"] for s in chances["seats"]] == ["Ann", "Bob"]
    assert all(s["ci95"][0] <= s["chance"] <= s["ci95"][1] for s in chances["seats"])
    assert "seed" not in chances["timing"] and "decks" not in str(data)
    again = ask(client, code, bob)  # the same position: the answer kept, no new work, no waiting
    assert again.status_code == 200 and again.json() == data


def test_asking_again_for_new_work_is_limited_per_seat_on_the_servers_clock(served):
    client, clock = served
    code, ann, bob = two_people(client)
    assert ask(client, code, ann, games=30).status_code == 200
    r = ask(client, code, ann, games=31)  # new work within ten seconds
    assert r.status_code == 429 and int(r.headers["Retry-After"]) == 10
    assert "one request for advice every 10 seconds" in r.json()["detail"]
    assert ask(client, code, bob, games=31).status_code == 200  # another seat has its own allowance
    clock.advance(10.5)
    assert ask(client, code, ann, games=32).status_code == 200


def test_spectators_and_strangers_are_refused(served):
    client, clock = served
    code, ann, bob = two_people(client)
    assert ask(client, code, None).status_code == 401
    r = ask(client, code, "not-a-token")
    assert r.status_code == 403 and "holds no seat" in r.json()["detail"]
    assert ask(client, "ZZZZZZ", ann).status_code == 404


def test_no_advice_before_the_start(served):
    client, clock = served
    g = create(client, name="Ann", edition="classic-us", seats=[{"kind": "person"}, {"kind": "person"}])
    r = ask(client, g["code"], g["token"])
    assert r.status_code == 409 and "not started" in r.json()["detail"]


def test_a_table_that_agreed_to_play_without_advice_is_refused(served):
    client, clock = served
    code, ann, bob = two_people(client, rules={"advice": False})
    r = ask(client, code, ann)
    assert r.status_code == 403 and r.json()["detail"] == (
        "this table agreed to play without advice (house rule advice=false)"
    )
    assert client.get(f"/api/games/{code}").json()["rules"] == {"advice": False}


def test_the_event_loop_serves_others_while_the_advice_is_worked_out(served, monkeypatch):
    client, clock = served
    code, ann, bob = two_people(client)
    release = threading.Event()
    started = threading.Event()
    real = A._advise

    def slow(position, games):
        started.set()
        assert release.wait(60)
        return real(position, games)

    monkeypatch.setattr(A, "_advise", slow)
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(ask(client, code, ann)))
    waiting.start()
    try:
        assert started.wait(60)
        health = client.get("/api/health")  # answered while the analysis is still running
        assert health.status_code == 200 and health.json()["ok"] is True
        assert client.get(f"/api/games/{code}").status_code == 200
        assert not answers
    finally:
        release.set()
        waiting.join(60)
    assert answers and answers[0].status_code == 200


def test_the_advice_runs_in_a_worker_process(tmp_path):
    client, clock = make_client(tmp_path)
    with client:
        code, ann, bob = two_people(client)
        r = ask(client, code, ann, games=20)
        assert r.status_code == 200, r.text
        assert r.json()["chances"]["games"] == 20
        assert isinstance(client.app.state.advice.executor, A.ProcessPoolExecutor)
    assert client.app.state.advice._executor is None  # stopped with the server
