"""The table as a game (issue 29, items 3-5): a turn on a phone of 360 x 740 and 390 x 844 (the
decision a bar at the bottom, its buttons on the screen without scrolling, its words, the money and
the square of the moment at least 12 px); the tab's title and icon say whose move it is; the chat's
unread badge; the decision's buttons kept in place across an update; the dice rolled in the board's
centre, tokens walking and money floating, none of it under prefers-reduced-motion, and the
decision shown once the token has arrived; tokens told apart without colour (a shape and an
initial each, checked through a grey and a deuteranopia filter). The screenshots of the README
(docs/screenshots/) are taken here when UPDATE_SCREENSHOTS=1."""

from __future__ import annotations

import os
import shutil
import time

import pytest

from .conftest import ROOT
from .helpers import Person, desk, expect, sit_down

pytestmark = pytest.mark.slow

DICE = "2,4 3,5 1,2"  # Ann -> Oriental Avenue (6), Bob -> Vermont Avenue (8)
QUERY = f"dice={DICE.replace(' ', '%20')}&first_player=0&seed=5"

# the smallest font size (px) of the visible elements with text of their own under each selector
SMALLEST_TEXT = """(sels) => Object.fromEntries(sels.map((sel) => {
  let least = Infinity; let where = "";
  for (const root of document.querySelectorAll(sel)) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || !el.getClientRects().length) continue;
      const s = getComputedStyle(el);
      if (s.visibility === "hidden") continue;
      const size = parseFloat(s.fontSize);
      if (size < least) { least = size; where = el.outerHTML.slice(0, 80); }
    }
  }
  return [sel, [least, where]];
}))"""

# in the viewport without scrolling: the page is not scrolled and the element's box is inside the window
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return scrollY === 0 && r.width > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def phone_of(browser, width: int, height: int):
    viewport = {"width": width, "height": height}
    return browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale="en-US")


def decision_on_screen(person: Person) -> None:
    """The current decision's buttons inside the viewport, unscrolled; its words, the money and the
    square of the moment at least 12 px."""
    page = person.page
    buttons = page.locator("#decision #answers button.act")
    assert buttons.count() > 0
    for b in buttons.all():
        assert b.evaluate(IN_VIEW), (b.bounding_box(), page.viewport_size)
    sizes = page.evaluate(SMALLEST_TEXT, ["#decision", "#players .cash", "#spot .spot-name"])
    for sel, (least, where) in sizes.items():
        assert 12 <= least < 1000, (sel, least, where)
    assert page.locator("#spot .spot-name").evaluate(IN_VIEW)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("size", [(360, 740), (390, 844)], ids=["360x740", "390x844"])
def test_a_turn_on_a_phone_without_scrolling(browser, server, shots, size):
    width, height = size
    ann, bob = Person(phone_of(browser, width, height), "Ann", server), Person(desk(browser), "Bob", server)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.wait_act("roll")
    decision_on_screen(ann)
    ann.page.locator('button.act[data-type="roll"]').tap()
    ann.page.locator('#answers button.act[data-type="buy"]').wait_for(state="visible")
    expect(ann.page.locator("#spot .spot-name")).to_have_text("Oriental Avenue")
    decision_on_screen(ann)
    ann.page.screenshot(path=str(shots / f"50-phone-{width}x{height}.png"))
    if size == (390, 844) and os.environ.get("UPDATE_SCREENSHOTS") == "1":
        save_docs_shot(ann, "table-phone-390x844.png")
    # a chat line arriving out of sight: a badge in the header, gone once the chat is shown
    bob.page.fill("#chat-text", "hello from Bob")
    bob.page.press("#chat-text", "Enter")
    badge = ann.page.locator("#chat-badge")
    expect(badge).to_have_attribute("data-unread", "1")
    expect(badge).to_have_text("Chat 1")
    badge.tap()
    expect(badge).to_be_hidden()
    ann.page.evaluate("scrollTo(0, 0)")
    ann.click_act("buy")
    ann.page.locator('#answers button.act[data-type="end_turn"]').wait_for(state="visible")
    decision_on_screen(ann)
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def save_docs_shot(person: Person, name: str) -> None:
    folder = ROOT / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f".{name}"
    person.page.screenshot(path=str(tmp))
    shutil.move(tmp, folder / name)


def test_the_title_and_icon_say_whose_move_it_is(browser, server):
    ann, bob = Person(desk(browser), "Ann", server), Person(desk(browser), "Bob", server)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.wait_act("roll")
    expect(ann.page).to_have_title("● Your move — " + ann.page.url.rsplit("/", 1)[1] + " · landlords")
    assert not bob.page.title().startswith("●")
    icon = "document.querySelector('link[rel=icon]').href"
    mine, theirs = ann.page.evaluate(icon), bob.page.evaluate(icon)
    assert mine.startswith("data:image/svg+xml") and mine != theirs
    # the sound is off and notifications are not asked for until the person says so
    expect(ann.page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    assert ann.page.evaluate("Notification.permission") == "default"
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    bob.wait_act("roll")
    expect(bob.page).to_have_title("● Your move — " + bob.page.url.rsplit("/", 1)[1] + " · landlords")
    expect(ann.page).not_to_have_title("● Your move — " + ann.page.url.rsplit("/", 1)[1] + " · landlords")
    # the decision panel stays in view when the page is scrolled down (sticky beside the board)
    ann.page.evaluate("scrollTo(0, document.body.scrollHeight)")
    assert ann.page.evaluate("scrollY") > 0
    top = ann.page.evaluate("document.querySelector('#decision').getBoundingClientRect().top")
    assert 0 <= top < 100, top
    # the sound: off until the person turns it on, and the choice kept
    ann.page.click("#sound-toggle")
    expect(ann.page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "true")
    assert ann.page.evaluate("localStorage.getItem('landlords.sound')") == "on"
    ann.page.click("#lang")  # the words follow the language
    ann.page.select_option("#lang", "ru")
    expect(ann.page.locator("#sound-toggle")).to_contain_text("Звук")
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def test_buttons_are_updated_in_place(browser, server):
    ann, bob = Person(desk(browser), "Ann", server), Person(desk(browser), "Bob", server)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.wait_act("roll")
    roll = ann.page.locator('#answers button.act[data-type="roll"]')
    roll.hover()
    handle = roll.element_handle()
    handle.evaluate("(el) => { el.dataset.mark = 'kept'; }")
    # the server sends the same view again: the same button stays, under the pointer
    ann.page.evaluate("window.__before = window.__view; window.__sync()")
    ann.page.wait_for_function("window.__view !== window.__before")
    ann.page.wait_for_timeout(100)
    assert handle.evaluate("(el) => el.isConnected && el.dataset.mark") == "kept"
    assert handle.evaluate("(el) => el.matches(':hover')")
    # a new language: still the same button, its label changed in place
    ann.page.select_option("#lang", "ru")
    expect(roll).not_to_have_text("Roll the dice")
    assert handle.evaluate("(el) => el.isConnected && el.dataset.mark") == "kept"
    ann.page.select_option("#lang", "en")
    # an act list that changes: the roll's button goes, the buy offer's comes
    ann.click_act("roll")
    ann.wait_act("buy")
    assert not handle.evaluate("(el) => el.isConnected")
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


def test_motion_and_no_motion(browser, server):
    """Bob's browser animates; Ann's asks for reduced motion and gets none, and her decisions at once."""
    ann = Person(desk(browser), "Ann", server)  # reduced_motion="reduce"
    moving = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-US", reduced_motion="no-preference"
    )
    bob = Person(moving, "Bob", server)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.wait_act("roll")
    before = ann.version
    ann.page.locator('button.act[data-type="roll"]').click()
    # Bob sees the dice roll in the centre and Ann's token walk square by square
    bob.wait_version(before + 1)
    assert bob.page.locator("svg.board .dice-centre .face.rolling").count() == 2
    bob.page.wait_for_selector('svg.board g.token.walking[data-seat="0"]', state="attached", timeout=3000)
    # Ann: no animation element, no transition, the decision at once
    ann.wait_version(before + 1)
    assert ann.page.evaluate("document.querySelector('#decision').dataset.waiting") is None
    expect(ann.page.locator('#answers button.act[data-type="buy"]')).to_be_visible()
    assert ann.page.locator(".rolling, .walking, .money-float").count() == 0
    token = ann.page.locator('svg.board g.token[data-seat="0"]')
    assert token.evaluate("(el) => getComputedStyle(el).transitionDuration") == "0s"
    dice = ann.page.locator("svg.board .dice-centre .face")
    expect(dice).to_have_count(2)
    assert dice.first.evaluate("(el) => getComputedStyle(el).animationName") == "none"
    # Ann buys: Bob sees her money fall by her card; Ann sees no float
    ann.click_act("buy")
    bob.page.wait_for_selector('.money-float.loss[data-seat="0"]', state="attached", timeout=3000)
    assert ann.page.locator(".money-float").count() == 0
    ann.click_act("end_turn")
    # Bob's decision waits for his token: hidden while it walks, shown when it arrives
    bob.wait_act("roll")
    before = bob.version
    start = time.monotonic()
    bob.page.locator('button.act[data-type="roll"]').click()
    bob.wait_version(before + 1)
    assert bob.page.evaluate("document.querySelector('#decision').dataset.waiting") == "true"
    bob.page.locator('#answers button.act[data-type="buy"]').wait_for(state="visible")
    assert time.monotonic() - start > 0.8  # the roll (0.45 s) and 8 steps of 0.11 s
    assert bob.page.locator('svg.board g.token.walking[data-seat="1"]').count() == 0
    for p in (ann, bob):
        p.expect_no_errors()
        p.context.close()


# a deuteranopia simulation (Viénot, Brettel and Mollon 1999) and a grey one over the whole board
DEUTERANOPIA = """(mode) => {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.querySelector("svg.board");
  const defs = document.createElementNS(NS, "defs");
  defs.innerHTML = '<filter id="deuteranopia"><feColorMatrix type="matrix" values="'
    + '0.29 0.71 0 0 0  0.29 0.71 0 0 0  -0.02 0.02 1 0 0  0 0 0 1 0"/></filter>';
  svg.prepend(defs);
  svg.style.filter = mode === "grey" ? "grayscale(1)" : "url(#deuteranopia)";
}"""


def test_tokens_are_told_apart_without_colour(browser, server, shots):
    ann = Person(desk(browser), "Ann", server)
    ann.create(["person", "cautious", "cautious", "cautious"], edition="classic-us", query="first_player=0&seed=3")
    ann.wait_act("roll")
    tokens = ann.page.locator("svg.board g.token")
    expect(tokens).to_have_count(4)
    marks = tokens.evaluate_all(
        "(gs) => gs.map((g) => { const body = g.querySelector('.body');"
        " return [g.dataset.shape, body.tagName + (body.getAttribute('points') || ''),"
        " g.querySelector('text.initial').textContent]; })"
    )
    shapes = [m[0] for m in marks]
    outlines = [m[1] for m in marks]
    letters = [m[2] for m in marks]
    assert len(set(shapes)) == 4 and len(set(outlines)) == 4, marks
    assert all(letters) and len(set(letters)) == 4, marks
    assert letters[0] == "A"
    # through each simulation the tokens still look different from one another (shape and letter)
    for mode in ("grey", "deuteranopia"):
        ann.page.evaluate(DEUTERANOPIA, mode)
        pictures = [t.screenshot() for t in tokens.all()]
        assert len(set(pictures)) == 4, mode
    ann.page.screenshot(path=str(shots / "51-tokens-deuteranopia.png"))
    ann.expect_no_errors()
    ann.context.close()


@pytest.mark.skipif(
    os.environ.get("UPDATE_SCREENSHOTS") != "1", reason="UPDATE_SCREENSHOTS=1 takes the README's screenshots"
)
def test_the_readme_screenshot_of_the_table(browser, server):
    ann = Person(desk(browser, width=1366, height=900), "Ann", server)
    bob = Person(desk(browser, width=1366, height=900), "Bob", server)
    sit_down(ann, bob, edition="classic-us", query=QUERY)
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    bob.click_act("roll")
    bob.wait_act("buy")
    bob.page.wait_for_timeout(300)
    save_docs_shot(bob, "table-1366x900.png")
    for p in (ann, bob):
        p.context.close()
