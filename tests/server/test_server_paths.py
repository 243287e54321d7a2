"""A client names editions by id only (issue 27): no path it sends is opened, and a house rule
cannot name the board either. The board of a packaged edition copied to a file is refused by its
path even though the file is a valid edition: the lookup is by id, not by whether a file exists."""

from __future__ import annotations

import shutil
from importlib import resources

import pytest
from support.server_helpers import make_client


@pytest.fixture
def client(tmp_path):
    client, _ = make_client(tmp_path)
    with client:
        yield client


def a_valid_edition_file(tmp_path) -> str:
    path = tmp_path / "mine.toml"
    with resources.as_file(resources.files("landlords.editions") / "classic-us.toml") as packaged:
        shutil.copy(packaged, path)
    return str(path)


PATHS = [
    "/etc/passwd", "/etc/shadow", "/dev/zero", "../../../etc/passwd", "classic-us.toml", "./classic-us", "~/x"
]


@pytest.mark.parametrize("path", PATHS)
def test_an_edition_named_by_a_path_is_refused(client, path):
    r = client.post("/api/games", json={"edition": path, "seats": [{"kind": "person"}] * 2})
    assert r.status_code == 422 and f"no edition {path!r} here" in r.text
    assert client.get("/api/games").json() == []


def test_a_valid_edition_file_is_refused_by_its_path(client, tmp_path):
    path = a_valid_edition_file(tmp_path)
    r = client.post("/api/games", json={"edition": path})
    assert r.status_code == 422 and "the editions are: " in r.text
    r = client.get("/api/web/board", params={"edition": path})
    assert r.status_code == 422 and "no edition" in r.text


@pytest.mark.parametrize("option", ["edition", "id", "sources", "description"])
def test_a_house_rule_cannot_name_the_board_or_the_ruleset(client, tmp_path, option):
    r = client.post("/api/games", json={"rules": {option: a_valid_edition_file(tmp_path)}})
    assert r.status_code == 422 and f"rules: {option} belong to the ruleset" in r.text


@pytest.mark.parametrize("path", ["/dev/zero", "/etc/passwd"])
def test_the_board_route_takes_ids_only(client, path):
    r = client.get("/api/web/board", params={"edition": path})
    assert r.status_code == 422 and f"no edition {path!r} here" in r.text


def test_a_packaged_edition_by_id_still_plays(client):
    r = client.post("/api/games", json={"edition": "warsaw", "ruleset": "polish", "name": "Ann"})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/games/{r.json()['code']}").json()["edition"] == "warsaw"
