"""Fair to people (issue 29) in Chromium, on a real server and the real clock: the rent window against
bots (Ann sees the claim first with the bots' countdown and claims in time; a roll over her own claim
asks first), and a person who leaves for the grace period (the others see "Bob disconnected, 0:0x", then
the stand-in bot's moves) and comes back to his seat; the host's pause and resume from the page.
Prints the time from Bob's leaving to the stand-in's first move."""

from __future__ import annotations

import re
import time

import pytest

from landlords.i18n import tr

from .helpers import at_desks, expect
from .lobby_api import call

pytestmark = pytest.mark.slow

# Ann rolls 3 and buys; the first bot rolls 3 onto her square (rent to claim before the next roll);
# the second bot would roll next
CLAIM_QUERY = "dice=1,2%201,2%203,4%205,6&first_player=0&bot_pause=0.3"
GRACE = 10  # the lobby's absent_seconds at its least


def actions(server: str, code: str) -> list:
    return call(server, "GET", f"/api/testing/games/{code}")["actions"]


def test_the_rent_window_against_bots(browser, server, shots):
    (ann,) = at_desks(browser, server, "en-US")
    code = ann.create(["person", "baseline", "baseline"], edition="classic-us", query=CLAIM_QUERY)
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    box = ann.page.locator("#claim-box")
    expect(box).to_be_visible()
    expect(box.locator("#claim-title")).to_contain_text("rent to claim")
    # the claim comes first in the decision panel, with the bots' countdown (a few seconds)
    assert ann.page.evaluate("document.querySelector('#decision').firstElementChild.id") == "claim-box"
    expect(ann.page.locator("#claim-left")).to_contain_text(re.compile(r"the bots wait 0:0[1-6] more"))
    ann.page.screenshot(path=str(shots / "60-rent-window.png"))
    ann.page.wait_for_function("window.__view.decision.seat === 2")  # the first bot ended its turn
    held = len(actions(server, code))
    ann.page.wait_for_timeout(1500)  # the bots wait for her (they would have rolled in 0.3 s)
    assert len(actions(server, code)) == held
    cash = ann.state()["cash"][0]
    ann.click_act("claim_rent")
    ann.page.wait_for_function(f"window.__view.state.cash[0] > {cash}")
    expect(box).to_have_count(0)
    ann.page.wait_for_function(f"window.__view.version > {held + 1}")  # the bot rolled once she claimed
    assert not ann.page.locator("#notice.error").is_visible()
    ann.expect_no_errors()
    ann.context.close()


def test_a_claim_let_go_lets_the_bots_roll_and_its_owner_is_told(browser, server):
    (ann,) = at_desks(browser, server, "pl-PL")
    code = ann.create(["person", "baseline", "baseline"], edition="classic-us", query=CLAIM_QUERY)
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    ann.page.wait_for_function("window.__view.decision.seat === 2")
    held = len(actions(server, code))
    ann.page.click("#claim-let-go")  # no wait for the window: the bots roll at once
    expect(ann.page.locator("#notice")).to_contain_text("przed następnym rzutem")  # told in her language
    assert len(actions(server, code)) > held
    expect(ann.page.locator("#claim-box")).to_have_count(0)
    ann.expect_no_errors()
    ann.context.close()


def test_a_roll_over_ones_own_claim_asks_first(browser, server):
    (ann,) = at_desks(browser, server, "ru-RU")
    query = "dice=1,2%201,2%203,4&first_player=0&bot_pause=0"
    code = ann.create(["person", "baseline"], edition="classic-us", query=query)
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    ann.page.wait_for_selector("#claim-box")
    ann.page.locator('#answers button.act[data-type="roll"]').click()  # her roll would end her own claim
    dialog = ann.page.locator("#dialog")
    expect(dialog).to_contain_text("Вы можете потребовать аренду")
    ann.page.click("#confirm-no")
    assert [a[1]["type"] for a in actions(server, code)][-1] == "end_turn"  # nothing was rolled
    ann.expect_no_errors()
    ann.context.close()


def test_a_person_leaves_for_the_grace_period_and_comes_back(browser, server, shots):
    ann, bob = at_desks(browser, server, "en-US", "en-US")
    options = {"absent_seconds": GRACE}
    query = "first_player=1&bot_pause=0.7"
    code = ann.create(["person", "person"], edition="classic-us", query=query, options=options)
    bob.join(code)
    bob.wait_act("roll")
    assert actions(server, code) == []
    bob.page.goto("about:blank")  # Bob leaves (his page keeps his seat's token)
    left = time.monotonic()
    away = ann.page.locator('#presence .away[data-seat="1"]')
    expect(away).to_contain_text(re.compile(r"Bob disconnected, 0:(0\d|10)"))
    ann.page.screenshot(path=str(shots / "61-away.png"))
    while not actions(server, code):  # the stand-in's first move
        assert time.monotonic() - left < GRACE + 10, "no stand-in played"
        time.sleep(0.05)
    first_move = time.monotonic() - left
    print(
        f"\nfair: time from a person leaving to the stand-in bot's first move: {first_move:.2f} s "
        f"(grace period {GRACE} s, bot pause 0.7 s)"
    )
    assert GRACE <= first_move < GRACE + 3
    expect(away).to_have_text(tr("en", "web.presence.standin", name="Bob"))
    ann.page.screenshot(path=str(shots / "62-stand-in.png"))

    bob.open(code)  # Bob is back, with his token: his seat again
    bob.page.wait_for_selector(".tag.you")
    expect(away).to_have_count(0)
    info = call(server, "GET", f"/api/games/{code}")
    assert info["seats"][1]["connected"] and not info["seats"][1]["standin"]

    # the host (Ann created the game) pauses and resumes from the page
    ann.page.click("#host-pause")
    expect(bob.page.locator("#paused")).to_contain_text(re.compile(r"The host paused the game .*1[45]:\d\d"))
    ann.page.click("#host-resume")
    expect(bob.page.locator("#paused")).to_have_count(0)
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()
