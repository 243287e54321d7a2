"""The smaller holes of issue 27's audit, each closed: a lone surrogate in a request was a 500 with a
traceback; a name that looks like another's ("Аnn" with a Cyrillic А beside "Ann") was taken; a
decision timer of 0.01 s left people no time; a private game's 6-letter code (30 bits) could be found
by guessing."""

from __future__ import annotations

import pytest
from support.server_helpers import make_client

from landlords.engine.errors import ConfigError
from landlords.names import check_names, look_alike_key
from landlords.server.lobby import CODE_ALPHABET, MIN_DECISION_SECONDS, PRIVATE_CODE_LENGTH


@pytest.fixture
def client(tmp_path):
    client, _ = make_client(tmp_path)
    with client:
        yield client


def waiting_game(client) -> str:
    r = client.post("/api/games", json={"name": "Ann", "seats": [{"kind": "person"}] * 3, "autostart": False})
    assert r.status_code == 201, r.text
    return r.json()["code"]


RAW_BODIES = [
    '{"name": "\\ud800"}',
    '{"name": "A\\udc00nn", "seats": [{"kind": "person"}]}',
    '{"seats": [{"kind": "bot", "strategy": "\\ud800"}]}',
    '{"rules": {"\\udc00": 1}}',
    '{"edition": "\\ud83d"}',
    '{"lang": "\\ud800"}',
]


@pytest.mark.parametrize("body", RAW_BODIES)
def test_a_lone_surrogate_in_a_new_game_is_a_clear_422(client, body):
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert "Traceback" not in r.text


@pytest.mark.parametrize("name", ['"\\ud800"', '"' + "a" * 40 + '\\ud800"', '"Bob\\udfff"'])
def test_a_lone_surrogate_in_a_joining_name_is_a_clear_422(client, name):
    code = waiting_game(client)
    body = '{"name": ' + name + "}"
    r = client.post(f"/api/games/{code}/join", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text  # a 500 before: the validation error could not be written
    assert r.json()["detail"]


@pytest.mark.parametrize("name", ["Аnn", "ANN", "ΑΝΝ", "Ａｎｎ", "ann"])
def test_a_name_that_looks_like_one_at_the_table_is_refused(client, name):
    code = waiting_game(client)
    r = client.post(f"/api/games/{code}/join", json={"name": name})
    assert r.status_code == 409 and "is taken at this table" in r.text
    if name not in ("ANN", "ann"):
        assert "looks like it: 'Ann'" in r.text


@pytest.mark.parametrize("name", ["Anna", "Аня", "Jan", "Ян", "Ann 2"])
def test_names_that_differ_to_the_eye_are_both_welcome(client, name):
    code = waiting_game(client)
    assert client.post(f"/api/games/{code}/join", json={"name": name}).status_code == 200


def test_look_alike_names_are_one_name_in_records_and_local_games_too():
    with pytest.raises(ConfigError, match="a name of their own"):
        check_names(["Ann", "Аnn"])
    assert look_alike_key("Воb") == look_alike_key("bob") != look_alike_key("Вот")


@pytest.mark.parametrize("seconds", [0.01, 1, MIN_DECISION_SECONDS - 0.5])
def test_a_decision_timer_too_short_to_act_is_refused(client, seconds):
    r = client.post("/api/games", json={"decision_seconds": seconds})
    assert r.status_code == 422 and f"at least {MIN_DECISION_SECONDS:g}" in r.text


@pytest.mark.parametrize("seconds", [0, MIN_DECISION_SECONDS, 30])
def test_no_timer_or_a_humane_one_is_taken(client, seconds):
    assert client.post("/api/games", json={"decision_seconds": seconds, "autostart": False}).status_code == 201


def test_a_private_games_code_is_too_long_to_guess(client):
    private = client.post("/api/games", json={"private": True, "name": "Ann"}).json()["code"]
    public = client.post("/api/games", json={"name": "Ann"}).json()["code"]
    assert len(private) == PRIVATE_CODE_LENGTH and set(private) <= set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) ** PRIVATE_CODE_LENGTH >= 2**60
    assert len(public) == 6
    listed = [g["code"] for g in client.get("/api/games").json()]
    assert private not in listed and public in listed
    assert client.get(f"/api/games/{private.lower()}").status_code == 200  # found by whoever has it
