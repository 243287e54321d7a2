"""The table's options in the lobby's form (built from /api/web/meta's ``lobby_options``, in the
person's language) reach the server, and a time budget shows as a countdown per seat at the table:
the seat whose turn it is counts down, the others stand at what they have left. Ann creates with a
2-minute budget, no autostart and a bot for absent players; Bob joins and the game waits for Ann's
start; once Bob has left, a bot plays his turn."""

from __future__ import annotations

import re

import pytest

from landlords.i18n import tr

from .helpers import Person, at_desks, expect
from .lobby_api import call

pytestmark = pytest.mark.slow

QUERY = "dice=2,4%203,5%201,2&first_player=0&seed=7&bot_pause=0"
OPTIONS = {
    "budget_minutes": 2,
    "absent_bot": True,
    "absent_seconds": 10,
    "autostart": False,
    "auto_claim_people": True,
}


def left(person: Person, seat: int) -> int:
    return int(person.page.get_attribute(f'.player[data-seat="{seat}"] .budget', "data-left"))


def test_the_table_options_and_a_countdown_per_seat(browser, server, shots):
    ann, bob = at_desks(browser, server, "pl-PL", "en-US")
    ann.page.goto(f"{server}/")
    for name in OPTIONS:  # each option labelled in the person's language (Polish here)
        expect(ann.page.locator(f'label[for="option-{name}"]')).to_have_text(tr("pl", f"web.option.{name}"))
    expect(ann.page.locator("#option-autostart")).to_be_checked()  # the server's defaults
    expect(ann.page.locator("#option-absent_bot")).to_be_checked()  # a table never waits forever
    sent = []
    ann.page.on("request", lambda r: sent.append(r.post_data_json) if r.method == "POST" else None)
    ann.page.fill("#option-budget_minutes", "0")  # the server's bound (more than 0): refused in the page
    ann.page.click("#create-button")
    expect(ann.page.locator("#notice")).to_contain_text(tr("pl", "web.option.budget_minutes"))
    assert sent == []
    code = ann.create(["person", "person"], edition="classic-us", query=QUERY, options=OPTIONS)
    assert {k: sent[-1][k] for k in OPTIONS} == OPTIONS
    info = call(server, "GET", f"/api/games/{code}")
    assert info["budget_minutes"] == 2

    bob.join(code)
    bob.page.wait_for_selector(".tag.you")
    expect(ann.page.locator("#start-button")).to_be_visible()  # no autostart: the host starts
    assert call(server, "GET", f"/api/games/{code}")["status"] == "lobby"
    ann.page.click("#start-button")
    ann.page.wait_for_selector("body[data-status=playing]")

    # the countdowns: Ann's runs (her turn), Bob's stands at the whole budget
    for p in (ann, bob):
        p.wait_act("roll") if p is ann else p.page.wait_for_selector('.player[data-seat="0"] .budget.running')
    expect(bob.page.locator('.player[data-seat="1"] .budget')).to_have_text(tr("en", "web.time_left", time="2:00"))
    expect(bob.page.locator('.player[data-seat="0"] .budget')).to_have_class(re.compile(r"\brunning\b"))
    expect(ann.page.locator("#decision-clock")).to_be_visible()  # the lobby's budget ends the decision too
    expect(ann.page.locator('.player[data-seat="0"] .clock')).to_have_count(0)  # shown once, as the budget
    start = left(bob, 0)
    bob.page.wait_for_function(
        f"Number(document.querySelector('.player[data-seat=\"0\"] .budget').dataset.left) < {start}"
    )
    expect(ann.page.locator('.player[data-seat="0"] .budget')).to_contain_text(re.compile(r"1:[0-5]\d"))
    ann.page.screenshot(path=str(shots / "50-time-budget.png"))

    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    bob.wait_act("roll")
    expect(bob.page.locator('.player[data-seat="1"] .budget')).to_have_class(re.compile(r"\brunning\b"))
    ann_left = left(bob, 0)
    assert ann_left < 120  # Ann's time used stays used; her clock stands while Bob plays
    bob.page.wait_for_timeout(1500)
    assert left(bob, 0) == ann_left

    # Bob goes away: after the grace period (10 s here) a stand-in bot plays his seat, and Ann's turn comes back
    before = ann.version
    bob.context.close()
    ann.page.wait_for_selector('button.act[data-type="roll"]', state="attached", timeout=30_000)
    assert ann.version > before
    expect(ann.page.locator('.player[data-seat="1"] .conn')).to_have_class(re.compile(r"\boff\b"))
    ann.expect_no_errors()
    ann.context.close()
