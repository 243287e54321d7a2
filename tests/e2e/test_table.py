"""Two people and a bot play in the browser while a third context watches; the dice are scripted
through the lobby (a server started with --testing), so every step is known in advance."""

from __future__ import annotations

import pytest

from .helpers import Person, expect, expect_owner

pytestmark = pytest.mark.slow


def test_lobby_join_roll_buy_and_the_spectator_sees_it(browser, server, shots):
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    bob_ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    eve_ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    ann, bob, eve = Person(ann_ctx, "Ann", server), Person(bob_ctx, "Bob", server), Person(eve_ctx, None, server)
    # Ann rolls 1+2 (Baltic Avenue, 3); Bob 3+4 (Chance, 7)...
    code = ann.create(["person", "person", "advisor"], query="dice=1,2%203,4%201,1&first_player=0&bot_pause=0")
    ann.page.screenshot(path=str(shots / "lobby-waiting.png"))
    bob.join(code)
    eve.open(code)
    expect(eve.page.locator("#watching")).to_be_visible()
    ann.page.wait_for_selector("body[data-status=playing]")
    ann.wait_act("roll")
    expect(ann.page.locator("#decision-title")).to_contain_text("Ann")
    v = ann.click_act("roll")
    ann.wait_act("buy")
    v = ann.click_act("buy")
    expect_owner(ann, 3, 0)
    eve.wait_version(v)
    expect_owner(eve, 3, 0)
    bob.wait_version(v)
    expect_owner(bob, 3, 0)
    ann.page.screenshot(path=str(shots / "table-after-buying.png"))
    bob.page.screenshot(path=str(shots / "table-phone.png"), full_page=True)
    for p in (ann, bob, eve):
        p.expect_no_errors()
    for ctx in (ann_ctx, bob_ctx, eve_ctx):
        ctx.close()
