"""Helpers for the server tests: a real app (SQLite in a temp folder, a manual clock) driven
through Starlette's TestClient, and a seat that reads messages until the view it waits for."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient

from landlords.server.app import Limits, create_app
from landlords.server.clock import ManualClock

# keys that would carry what is to come or someone else's credentials
SECRET_KEYS = {"decks", "seed", "chance", "deck_orders", "setup", "token", "token_hash", "host_hash", "state_hash"}


# the scripted tests send fast, all from the test client's one address
PLAY_LIMITS = Limits(rate_per_second=1000, burst=10**6, exempt=("testclient",))


def make_client(
    tmp_path, limits: Limits | None = None, db_url: str | None = None, clock: ManualClock | None = None
) -> tuple[TestClient, ManualClock]:
    clock = clock or ManualClock()
    limits = limits or PLAY_LIMITS
    app = create_app(db_url or f"sqlite:///{tmp_path}/server.db", clock=clock, testing=True, limits=limits)
    return TestClient(app), clock


def wait_game(client: TestClient, code: str, predicate, timeout: float = 60.0) -> dict[str, Any]:
    """Until the server's own view of a game (the testing inspection) satisfies ``predicate``: for what
    the server's timer does on its own. ``timeout`` only keeps a broken server from hanging the test."""
    end = time.monotonic() + timeout
    while True:
        inspect = client.get(f"/api/testing/games/{code}").json()
        if predicate(inspect):
            return inspect
        assert time.monotonic() < end, f"the game never got there: version {inspect['version']}"
        time.sleep(0.02)


def create(client: TestClient, **settings: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=settings)
    assert r.status_code == 201, r.text
    return r.json()


PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}]

# Seed 1: Ann's first roll (she plays first, beside a bot) leaves her a purchase to decide, so the
# turn stays hers. On a seed whose first roll ends her turn (a card to jail), the bot's turn runs
# whenever its task gets to it, before or after a test moves the clock, and her next decision starts
# then: with a random seed the clock tests failed now and then, and one waited forever.
MY_TURN_GOES_ON = 1


@dataclass
class Table:
    """A game :func:`table` made: the server's client and clock, the lobby's answers and the sockets."""

    client: TestClient
    clock: ManualClock
    made: dict[str, Any]  # the lobby's answer to Ann's create: code, token, seat
    ann: Player
    bob: Player | None = None
    joined: dict[str, Any] | None = None  # the lobby's answer to Bob's join

    @property
    def code(self) -> str:
        return self.made["code"]


@contextmanager
def table(
    tmp_path,
    *,
    bob: str | None = None,
    lang: str = "en",
    bob_lang: str | None = "en",
    db_url: str | None = None,
    limits: Limits | None = None,
    **settings: Any,
) -> Iterator[Table]:
    """A server (:func:`make_client`) with a game Ann created (``settings`` as the lobby takes them,
    over these defaults: a person and a baseline bot, the bot without a pause) and her socket, in
    ``lang``; with ``bob``, a person who joined under that name before and his socket, in ``bob_lang``
    (none with ``bob_lang=None``).
    Every socket is closed and the server stopped at the end, also when the test fails."""
    client, clock = make_client(tmp_path, limits=limits, db_url=db_url)
    with client, sockets_closed():
        made = create(client, **{"name": "Ann", "seats": PERSON_AND_BOT, "bot_pause": 0, **settings})
        joined = None
        if bob is not None:
            r = client.post(f"/api/games/{made['code']}/join", json={"name": bob})
            assert r.status_code == 200, r.text
            joined = r.json()
        ann = Player(client, made["code"], made["token"], lang=lang)
        bobs = Player(client, made["code"], joined["token"], lang=bob_lang) if joined and bob_lang else None
        yield Table(client, clock, made, ann, bobs, joined)


@contextmanager
def restarted(tmp_path, made: dict[str, Any], *, db_url: str, start: float) -> Iterator[Table]:
    """The server again on the same database (a restart), its clock starting at ``start`` (a real
    process's clock starts anywhere), and Ann's socket back at the game she ``made``."""
    client, clock = make_client(tmp_path, db_url=db_url, clock=ManualClock(start=start))
    with client, sockets_closed():
        yield Table(client, clock, made, Player(client, made["code"], made["token"]))


@contextmanager
def sockets_closed() -> Iterator[None]:
    """Every socket a test opens is closed at the end, also when it fails."""
    try:
        yield
    finally:
        for p in list(Player.opened):
            p.close()


class Player:
    """One WebSocket of a test: ``view`` is the latest welcome or update it read."""

    opened: list[Player] = []  # closed by the fixtures, also when a test fails

    def __init__(
        self, client: TestClient, code: str, token: str | None, lang: str = "en", position: bool = False
    ) -> None:
        Player.opened.append(self)
        self.closed = False
        self.cm = client.websocket_connect(f"/ws/{code}")
        self.ws = self.cm.__enter__()
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.view: dict[str, Any] = {}
        self.send({"type": "hello", "token": token, "lang": lang, **({"position": True} if position else {})})
        self.read_until(lambda m: m["type"] == "welcome")

    def send(self, msg: dict[str, Any] | str) -> None:
        if isinstance(msg, str):
            self.ws.send_text(msg)
        else:
            self.ws.send_json(msg)

    def read(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.raw.append(text)
        m = json.loads(text)
        self.messages.append(m)
        if m["type"] in ("welcome", "update"):
            self.view = m
        return m

    def read_until(self, predicate) -> dict[str, Any]:
        while True:
            m = self.read()
            if predicate(m):
                return m
            if m["type"] == "error" and m["code"] == "rate_limited":
                raise AssertionError("the server dropped a message of this test: rate limited")

    def sync(self) -> dict[str, Any]:
        self.send({"type": "sync"})
        return self.read_until(lambda m: m["type"] == "welcome")

    def wait_view(self, predicate) -> dict[str, Any]:
        """Until a view (the current one, or a later update) satisfies ``predicate``."""
        self.sync()
        while not predicate(self.view):
            self.read()
        return self.view

    def act(self, action: dict[str, Any], version: int | None = None, **extra: Any) -> dict[str, Any]:
        """Send an act and return the server's answer to it (ack, refused or error)."""
        ref = len(self.messages) + 1000
        v = self.view["version"] if version is None else version
        self.send({"type": "act", "action": action, "version": v, "id": ref, **extra})
        return self.read_until(lambda m: m.get("id") == ref)

    @property
    def acts(self) -> list[dict[str, Any]]:
        return self.view["you"].get("acts", [])

    def answers(self) -> list[dict[str, Any]]:
        return [a["action"] for a in self.acts if a["answer"]]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.cm.__exit__(None, None, None)
        if self in Player.opened:
            Player.opened.remove(self)


def walk(value: Any, path: str = ""):
    """Every (path, key, value) in a JSON value, for the secrets check."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, v
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")
