"""The pages' weight, measured in one place: the bytes a person's first load transfers, nothing
cached (a fresh browser context each), from Playwright's network events (every response's headers
and encoded body: gzip where the server compressed it) and, for a table, the WebSocket's messages
until the page is idle. Printed at the end of the run (conftest's WEIGHTS)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .conftest import WEIGHTS
from .helpers import Person
from .lobby_api import create_game

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow


class Transfer:
    """Bytes a page transferred over HTTP and the text of the WebSocket messages it received."""

    def __init__(self, page: Page) -> None:
        self.responses: list[Any] = []
        self.ws_bytes = 0
        page.on("requestfinished", lambda request: self.responses.append(request))
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        self.ws_bytes += len(payload.encode() if isinstance(payload, str) else payload)

    def http_bytes(self) -> int:
        total = 0
        for request in self.responses:
            sizes = request.sizes()
            total += sizes["responseHeadersSize"] + sizes["responseBodySize"]
        return total


def first_load(browser, server: str) -> tuple[Person, Transfer]:
    person = Person(browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US"), "Bob", server)
    return person, Transfer(person.page)


def test_the_first_load_of_the_lobby_and_of_a_table(browser, server):
    lobby, transfer = first_load(browser, server)
    lobby.page.goto(f"{server}/")
    lobby.page.wait_for_selector("#create-button")
    lobby.page.wait_for_load_state("networkidle")
    WEIGHTS["lobby /, first load: HTTP"] = transfer.http_bytes()
    assert 0 < transfer.http_bytes() < 100_000
    lobby.context.close()

    game = create_game(server, edition="classic-us", name="Ann", seats=[{"kind": "person"}, {"kind": "person"}])
    bob, transfer = first_load(browser, server)
    bob.join(game["code"])  # the table's page, its board and words, the join and the game's view
    bob.page.wait_for_selector("#decision-title")
    bob.page.wait_for_load_state("networkidle")
    WEIGHTS["table /g/CODE, a player's first load: HTTP"] = transfer.http_bytes()
    WEIGHTS["table /g/CODE, a player's first load: WebSocket messages"] = transfer.ws_bytes
    assert 0 < transfer.http_bytes() < 200_000 and transfer.ws_bytes > 0
    bob.expect_no_errors()
    bob.context.close()
