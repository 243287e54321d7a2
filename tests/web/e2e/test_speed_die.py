"""The speed die's choices and a timed table, in the page. Two people go once round the board
(buying on the way) so the speed die joins; then Ann's Bus is answered with a button and Bob's
triples by clicking the square on the board. The lobby's timer shows a clock (its value is not
checked: no test depends on the wall clock)."""

from __future__ import annotations

import re

import pytest

from .helpers import at_desks, buy, expect, sit_down

pytestmark = pytest.mark.slow

# Ann 11 (St. Charles), Bob 9 (Connecticut), Ann 10 (Kentucky), Bob 9 (Tennessee), Ann 11 (North
# Carolina), Bob 11 (Marvin Gardens), Ann 9 (Mediterranean, past Go), Bob 11 (Go); then with the
# speed die: Ann 1+2 and the Bus, Bob 2+2+2, triples
DICE = "5,6 4,5 6,4 5,4 6,5 6,5 5,4 5,6 1,2,6 2,2,2"


@pytest.fixture
def pair(browser, server):
    people = at_desks(browser, server, "en-US", "en-US")
    yield people
    for p in people:
        p.context.close()


def test_the_bus_and_triples_and_a_clock(pair, shots):
    ann, bob = pair
    sit_down(
        ann,
        bob,
        edition="classic-us",
        query=f"dice={DICE.replace(' ', '%20')}&first_player=0",
        rules="speed_die=true",
        timer=900,
    )
    ann.wait_act("roll")
    expect(ann.page.locator("#decision-clock")).to_have_text(re.compile(r"\d+ s left"))
    expect(bob.page.locator('.player[data-seat="0"] .clock')).to_have_text(re.compile(r"⏱ \d+"))
    expect(ann.page.locator("#rules summary")).to_have_text("Classic (Russian Hasbro rules)")
    expect(ann.page.locator("#house-rules")).to_contain_text("speed_die=true")
    for _ in range(4):
        for p in (ann, bob):
            p.wait_act("roll")
            p.click_act("roll")
            if p.page.locator('button.act[data-type="buy"]').count() or p is ann:
                p.wait_act("buy")
                p.click_act("buy")
            p.click_act("end_turn")
    ann.wait_act("roll")
    ann.click_act("roll")
    ann.wait_act("choose_move", steps=2)
    expect(ann.page.locator("#decision-title")).to_contain_text("the Bus")
    ann.page.screenshot(path=str(shots / "13-speed-die-bus.png"))
    ann.click_act("choose_move", steps=2)
    buy(ann, 3, 0)
    ann.click_act("end_turn")
    bob.click_act("roll")
    expect(bob.page.locator("#answer-select option")).to_have_count(40)
    bob.page.click('svg.board g.square[data-index="39"]')
    expect(bob.page.locator("#square-card")).to_contain_text("Boardwalk")
    bob.page.screenshot(path=str(shots / "14-speed-die-triples.png"))
    bob.click_act("move_to", square=39)
    buy(bob, 39, 1)
    for p in (ann, bob):
        p.expect_no_errors()
