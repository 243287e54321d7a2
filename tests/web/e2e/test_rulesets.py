"""Every ruleset's table opens in the page: its board, its first question as buttons from the
server's list, its rules' summary, no script error. (Each family's own decisions are played in
their own tests.)"""

from __future__ import annotations

import json
import urllib.request

import pytest

from landlords.rules import ruleset_names

from .helpers import Person, expect

pytestmark = pytest.mark.slow


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_table_of_every_ruleset_opens(browser, server, ruleset):
    made = post(
        f"{server}/api/games",
        {"ruleset": ruleset, "name": "Ann", "seats": [{"kind": "person"}, {"kind": "bot"}], "private": True},
    )
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, locale="pl-PL")
    try:
        ann = Person(ctx, "Ann", server)
        ann.page.goto(f"{server}/")  # the seat's token, where the lobby would have kept it
        ann.page.evaluate(
            "([code, seat, token]) =>"
            " localStorage.setItem(`landlords.seat.${code}`, JSON.stringify({seat, token}))",
            [made["code"], made["seat"], made["token"]],
        )
        ann.open(made["code"])
        ann.page.wait_for_selector("#answers button.act")
        with urllib.request.urlopen(f"{server}/api/web/board?ruleset={ruleset}", timeout=10) as r:
            size = len(json.load(r)["squares"])
        expect(ann.page.locator("svg.board g.square")).to_have_count(size)
        expect(ann.page.locator("svg.board g.token")).to_have_count(2)
        expect(ann.page.locator("#rules summary")).not_to_be_empty()
        expect(ann.page.locator(".tag.you")).to_be_visible()
        ann.expect_no_errors()
    finally:
        ctx.close()
