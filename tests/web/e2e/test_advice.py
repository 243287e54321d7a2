"""Advice on request at the table (GET /api/games/CODE/advice, worked out on the server): Ann asks
for the win chances at her turn, Bob (in Russian) asks what accepting Ann's offer changes; each
answer in the person's words from the catalogs, their own line marked. ``?advice_games=20`` in the
table's address asks for a quick, rough answer (20 continuations). A table that agreed to play
without advice shows no button. The fair price, where an answer carries one, is shown in words."""

from __future__ import annotations

import json

import pytest

from landlords.i18n import tr

from .helpers import Person, at_desks, expect, expect_owner, sit_down
from .lobby_api import create_game

pytestmark = pytest.mark.slow

QUERY = "dice=2,4%203,5&first_player=0&seed=3"


def ask(person: Person) -> None:
    person.page.click("#advice-button")
    person.page.wait_for_selector("#advice .advice-seats li", timeout=60_000)


def test_advice_for_the_seat_on_request(browser, server, shots):
    ann, bob = at_desks(browser, server, "en-US", "ru-RU")
    code = sit_down(ann, bob, edition="classic-us", query=QUERY)
    for p in (ann, bob):
        p.page.goto(f"{server}/g/{code}?advice_games=20")
        p.page.wait_for_selector("body[data-version]")
    ann.wait_act("roll")
    expect(ann.page.locator("#advice-button")).to_have_text(tr("en", "web.advice_ask"))
    ask(ann)
    box = ann.page.locator("#advice")
    expect(box).to_contain_text(tr("en", "advice.chances_title", turn=1, games=20))
    expect(box.locator(".advice-seats li")).to_have_count(2)
    expect(box.locator(".advice-seats li.mine")).to_have_attribute("data-seat", "0")
    expect(box).to_contain_text(tr("en", "advice.meaning"))
    ann.page.screenshot(path=str(shots / "60-advice-chances.png"))

    ann.click_act("roll")
    ann.click_act("buy")
    ann.page.click("#trade-button")
    ann.page.wait_for_selector("#trade-form")
    ann.page.check("#lot-give-6")
    ann.page.fill("#take-cash", "100")
    ann.page.click("#trade-send")
    bob.page.wait_for_selector("#offer")
    ask(bob)
    box = bob.page.locator("#advice")
    expect(box).to_contain_text(tr("ru", "advice.trade_title", games=20))
    expect(box.locator(".advice-seats li.mine")).to_have_attribute("data-seat", "1")
    expect(box).to_contain_text("Bob: ")
    expect(box).to_contain_text(tr("ru", "advice.meaning"))
    bob.page.screenshot(path=str(shots / "61-advice-trade-ru.png"))
    bob.click_act("accept")
    expect_owner(ann, 6, 1)
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def seated(person: Person, **settings) -> str:
    """A game against a bot made through the API, the person's seat token kept in the browser."""
    game = create_game(person.base, name=person.name, seats=[{"kind": "person"}, {"kind": "bot"}], **settings)
    seat = {"seat": 0, "token": game["token"]}
    person.page.goto(f"{person.base}/")
    person.page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [f"landlords.seat.{game['code']}", json.dumps(seat)]
    )
    return game["code"]


def test_the_fair_price_in_words_and_no_button_where_advice_is_off(browser, server):
    (ann,) = at_desks(browser, server, "en-US")
    ann.open(seated(ann, rules={"advice": False}, first_player=0))
    ann.wait_act("roll")
    expect(ann.page.locator("#trade-button")).to_be_visible()
    expect(ann.page.locator("#advice-button")).to_have_count(0)

    # an answer that carries the trade's fair price (the endpoint's format, as analysis.trades gives it)
    code = seated(ann, edition="classic-us", first_player=0)
    answer = {
        "code": code, "version": 0, "kind": "trade",
        "trade": {
            "games": 20, "proposer": 0, "partner": 1,
            "changes": [
                {"seat": 0, "name": "Ann", "without": 0.5, "with": 0.6, "change": 0.1, "ci95": [0.02, 0.18]},
                {"seat": 1, "name": "Bot", "without": 0.5, "with": 0.4, "change": -0.1, "ci95": [-0.18, -0.02]},
            ],
            "exact": [],
            "fair_price": {"seat": 0, "price": 120, "low": 80, "high": 160, "outside": None, "games_per_step": 20},
        },
    }  # fmt: skip
    ann.page.route("**/api/games/*/advice*", lambda route: route.fulfill(json=answer))
    ann.open(code)
    ann.wait_act("roll")
    ask(ann)
    expect(ann.page.locator("#fair-price")).to_have_text(
        tr("en", "web.advice_fair_price", player="Ann", amount="$120", low="$80", high="$160")
    )
    line = tr(
        "en",
        "advice.trade_line",
        player="Ann",
        without="50%",
        after="60%",
        change="+10",
        points="points",
        low="+2",
        high="+18",
    )
    expect(ann.page.locator("#advice")).to_contain_text(line)
    ann.expect_no_errors()
    ann.context.close()
