"""A turn on a 360 x 740 phone screen (the board scaled to the width, nothing to scroll sideways,
buttons big enough for a thumb), and a turn with the keyboard alone (Tab past the board by the skip
link, Enter; the focus always visible and kept on the decision as the page redraws)."""

from __future__ import annotations

import pytest

from .helpers import Person, at_desks, desk, expect, expect_owner, keyboard_act, phone, sit_down

pytestmark = pytest.mark.slow

DICE = "2,4 3,5"  # Ann -> Oriental Avenue (6), Bob -> Vermont Avenue (8)
QUERY = f"dice={DICE.replace(' ', '%20')}&first_player=0&seed=5"

NO_SIDE_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def fits(person: Person) -> None:
    """Nothing wider than the screen; the board scaled into it; the answers within reach."""
    page = person.page
    assert page.evaluate(NO_SIDE_SCROLL), page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    board = page.locator("svg.board").bounding_box()
    assert board is not None and 320 <= board["width"] <= 360 and board["x"] >= 0
    natural = page.evaluate("document.querySelector('svg.board').viewBox.baseVal.width")
    assert natural > 2 * board["width"]  # drawn for a large board, shown scaled down
    for box in page.locator("#answers button").all():
        b = box.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360 and b["height"] >= 36, b


def test_a_turn_on_a_phone(browser, server, shots):
    ann, bob = Person(phone(browser), "Ann", server), Person(desk(browser), "Bob", server)
    ann.page.goto(f"{server}/")
    assert ann.page.evaluate(NO_SIDE_SCROLL)
    ann.page.screenshot(path=str(shots / "40-lobby-phone.png"), full_page=True)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.wait_act("roll")
    fits(ann)
    ann.page.locator('button.act[data-type="roll"]').tap()
    ann.wait_act("buy")
    fits(ann)
    expect(ann.page.locator("#decision-title")).to_contain_text("Oriental Avenue")
    ann.page.screenshot(path=str(shots / "41-table-phone.png"))
    ann.page.screenshot(path=str(shots / "42-table-phone-full.png"), full_page=True)
    ann.click_act("buy")
    expect_owner(bob, 6, 0)
    fits(ann)
    # a square's card fits the phone too
    ann.page.locator('svg.board g.square[data-index="6"]').tap()
    card = ann.page.locator("#square-card")
    expect(card).to_contain_text("Oriental Avenue")
    b = ann.page.locator("#dialog").bounding_box()
    assert b["x"] >= 0 and b["x"] + b["width"] <= 360
    ann.page.click("#card-close")
    ann.click_act("end_turn")
    bob.wait_act("roll")
    assert ann.page.evaluate(NO_SIDE_SCROLL)
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def focused(person: Person) -> dict:
    """What has the focus, and whether its focus ring shows."""
    return person.page.evaluate(
        """() => { const e = document.activeElement; const s = getComputedStyle(e);
          return {id: e.id, type: e.dataset ? e.dataset.type || null : null, tag: e.tagName,
                  ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2}; }"""
    )


def press(person: Person, key: str) -> dict:
    person.page.keyboard.press(key)
    return focused(person)


def test_a_turn_with_the_keyboard_alone(browser, server, shots):
    ann, bob = at_desks(browser, server, "en-US", "en-US")
    ann.page.goto(f"{server}/")
    ann.page.wait_for_selector("#create-button")
    ann.page.screenshot(path=str(shots / "44-lobby.png"))
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    page = ann.page
    ann.wait_act("roll")
    page.evaluate("document.activeElement && document.activeElement.blur()")

    # the first Tab reaches the skip link, visibly; Enter lands on the decision's first button
    f = press(ann, "Tab")
    assert f["id"] == "skip-to-decision" and f["ring"], f
    expect(page.locator("#skip-to-decision")).to_be_in_viewport()
    f = press(ann, "Enter")
    assert f["type"] == "roll" and f["ring"], f
    # Enter rolls; the page redraws and the focus stays on the decision: Enter buys, Enter ends
    for kind, then in (("roll", "buy"), ("buy", "end_turn")):
        before = ann.version
        page.keyboard.press("Enter")
        ann.wait_version(before + 1)
        page.wait_for_function(f"document.activeElement.dataset.type === {then!r}")
        f = focused(ann)
        assert f["ring"], (kind, f)
    expect_owner(ann, 6, 0)
    page.screenshot(path=str(shots / "43-keyboard-focus.png"))
    # Tab moves on to the next act and Shift+Tab back, the ring following
    f = press(ann, "Tab")
    assert f["ring"] and f["type"] != "end_turn", f
    f = press(ann, "Shift+Tab")
    assert f["type"] == "end_turn" and f["ring"], f
    before = ann.version
    page.keyboard.press("Enter")
    ann.wait_version(before + 1)
    bob.wait_act("roll")
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def tab_to(person: Person, selector: str, limit: int = 80) -> dict:
    """Press Tab until the element is focused (its focus ring showing); fails if it is out of reach."""
    page = person.page
    for _ in range(limit):
        if page.evaluate(f"!!document.activeElement && document.activeElement.matches({selector!r})"):
            f = focused(person)
            assert f["ring"], (selector, f)
            return f
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} cannot be reached with the Tab key")


def test_a_trade_composed_sent_and_answered_by_keyboard(browser, server, shots):
    """Ann opens the composer, ticks a lot each way, types cash and sends; Bob reads the offer and
    accepts it; neither touches the mouse. The lots change hands on both pages."""
    ann, bob = at_desks(browser, server, "en-US", "en-US")
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    for person, kinds in ((ann, ("roll", "buy", "end_turn")), (bob, ("roll", "buy", "end_turn"))):
        for kind in kinds:
            person.wait_act(kind)
            keyboard_act(person, kind)
    expect_owner(ann, 6, 0)
    expect_owner(ann, 8, 1)
    ann.wait_act("roll")

    # Ann: from the decision (where the focus stays), Tab to "Propose a trade"; Enter opens the
    # composer with the focus on the partner
    page = ann.page
    tab_to(ann, "#trade-button", limit=120)
    page.keyboard.press("Enter")
    page.wait_for_selector("#trade-form")
    expect(page.locator("#trade-partner")).to_be_focused()
    tab_to(ann, "#lot-give-6")
    page.keyboard.press("Space")
    tab_to(ann, "#give-cash")
    page.keyboard.press("Control+A")
    page.keyboard.type("25")
    tab_to(ann, "#lot-take-8")
    page.keyboard.press("Space")
    expect(page.locator("#lot-give-6")).to_be_checked()
    expect(page.locator("#lot-take-8")).to_be_checked()
    page.screenshot(path=str(shots / "45-trade-by-keyboard.png"))
    tab_to(ann, "#trade-send")
    page.keyboard.press("Enter")
    expect(page.locator("#dialog")).not_to_be_visible()

    # Bob: the offer in words, accepted with Tab and Enter
    bob.page.wait_for_selector("#offer")
    expect(bob.page.locator("#offer")).to_contain_text("Oriental Avenue")
    expect(bob.page.locator("#offer")).to_contain_text("$25")
    expect(bob.page.locator("#offer")).to_contain_text("Vermont Avenue")
    keyboard_act(bob, "accept")
    for p in (ann, bob):
        expect_owner(p, 6, 1)
        expect_owner(p, 8, 0)
    ann.wait_act("roll")
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()
