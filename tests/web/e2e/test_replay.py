"""The replay viewer in the browser: three bots play a short game on the server (15 rounds, then
the richest wins); a spectator at the finished table follows the link to the replay and moves
through it by the buttons, the keys, the slider and a turn number, in English and Russian. Every
frame the page shows is the one the server computed (owners, the log's turn, the chart's marker)."""

from __future__ import annotations

import pytest

from .helpers import Person, desk, expect, phone
from .lobby_api import create_game, wait_status

pytestmark = pytest.mark.slow


@pytest.fixture
def finished(server):
    g = create_game(
        server,
        edition="classic-us",
        rules={"turn_limit": 15},
        seats=[{"kind": "bot", "strategy": s} for s in ("advisor", "cautious", "trader")],
        seed=7,
        bot_pause=0,
    )
    wait_status(server, g["code"], "finished")
    return g["code"]


def frame_json(person: Person, code: str, i: int) -> dict:
    url = f"'/api/games/{code}/replay/{i}?lang=' + document.documentElement.lang"
    return person.page.evaluate(f"fetch({url}).then(r => r.json())")


def expect_frame(person: Person, code: str, i: int) -> dict:
    """The page shows frame ``i``: its title, and an owner's frame on every owned square."""
    page = person.page
    page.wait_for_selector(f'body[data-frame="{i}"]')
    f = frame_json(person, code, i)
    expect(page.locator("#frame-title")).to_have_text(f["title"])
    owned = [sq for sq, o in enumerate(f["state"]["owner"]) if o >= 0]
    expect(page.locator("svg.board rect.owner")).to_have_count(len(owned))
    for sq in owned[:5]:
        expect(person.owner_frame(sq)).to_have_attribute("data-owner", str(f["state"]["owner"][sq]))
    return f


def test_a_finished_game_replays_turn_by_turn(browser, server, finished, shots):
    code = finished
    eve = Person(desk(browser), None, server)
    eve.open(code)
    expect(eve.page.locator("#result")).to_be_visible()
    eve.page.click("#replay-link")
    eve.page.wait_for_url(f"**/replay/{code}")
    page = eve.page
    first = expect_frame(eve, code, 0)
    assert first["title"] == "The start" and "rolled highest and starts" in first["events"][-1]
    expect(page.locator("#events li.own")).to_have_text(first["events"])
    expect(page.locator("#replay-back")).to_be_disabled()
    index = page.evaluate(f"fetch('/api/games/{code}/replay').then(r => r.json())")
    frames = index["frames"]
    end = len(frames) - 1
    assert frames[-1]["turn"] >= 40 and {f["seat"] for f in frames[1:]} == {0, 1, 2}

    # the keys: End, Home, then a turn at a time
    page.locator("body").focus()
    page.keyboard.press("End")
    f = expect_frame(eve, code, end)
    expect(page.locator("#result")).to_contain_text("wins")
    expect(page.locator("#replay-forward")).to_be_disabled()
    page.keyboard.press("Home")
    expect_frame(eve, code, 0)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    f = expect_frame(eve, code, 3)
    expect(page.locator("#events li.own").first).to_have_text(f["events"][0])
    assert f["events"][0].startswith(f"— turn {frames[3]['turn']}")

    # the slider (its own arrow keys), a turn number, the buttons
    page.focus("#replay-slider")
    page.keyboard.press("ArrowRight")
    expect_frame(eve, code, 4)
    page.fill("#replay-turn", "30")
    page.click("#replay-go")
    at = next(i for i, fr in enumerate(frames) if fr["turn"] >= 30)
    f = expect_frame(eve, code, at)
    assert f["title"].startswith("Turn 30:")
    page.click("#replay-back")
    expect_frame(eve, code, at - 1)
    page.click("#replay-forward")
    expect_frame(eve, code, at)

    # the chart: a line per seat over every turn, the marker on the turn shown, the legend's sums
    chart = page.locator("#worth svg.worth-chart")
    expect(chart.locator("g.seat polyline")).to_have_count(3)
    points = chart.locator('g.seat[data-seat="0"] polyline').get_attribute("points").split()
    assert len(points) == len(frames)
    marker_x = float(chart.locator("line.marker").get_attribute("x1"))
    assert abs(marker_x - float(points[at].split(",")[0])) < 0.2
    legend = page.locator("#worth .worth-legend li")
    expect(legend).to_have_count(3)
    worth = frames[at]["worth"][0]
    expect(legend.first).to_contain_text(f"Bot 1: ${worth:,}" if worth >= 10000 else f"Bot 1: ${worth}")
    page.screenshot(path=str(shots / "20-replay.png"))

    # another language: the same frame in Russian words
    page.select_option("#lang", "ru")
    # a bot's default name in the reader's language too: "Bot 3" is "Бот 3"
    expect(page.locator("#frame-title")).to_have_text(
        f"Ход 30: {f['title'].split(': ', 1)[1].replace('Bot', 'Бот')}"
    )
    expect(page.locator("#events")).to_contain_text("ход 30")
    assert page.evaluate("document.body.dataset.frame") == str(at)
    eve.expect_no_errors()
    eve.context.close()

    # on a phone: the same frame by its link, nothing to scroll sideways, the controls within reach
    pat = Person(phone(browser, "pl-PL"), None, server)
    pat.page.goto(f"{server}/replay/{code}#{at}")
    f = expect_frame(pat, code, at)
    assert f["title"].startswith("Tura 30:")
    assert pat.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    pat.page.locator("#replay-forward").tap()
    expect_frame(pat, code, at + 1)
    for control in ("#replay-first", "#replay-last", "#replay-slider"):
        b = pat.page.locator(control).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, (control, b)
    pat.page.screenshot(path=str(shots / "21-replay-phone.png"), full_page=True)
    pat.expect_no_errors()
    pat.context.close()
