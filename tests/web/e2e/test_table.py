"""Two people and a bot play in the browser while a third context watches. The dice are scripted
through the lobby (the server runs with --testing), so every step is known in advance:

    Ann 2+4 -> Oriental Avenue (6), buys          Bob 3+5 -> Vermont Avenue (8), declines: auction,
    Ann bids 50, Bob 110, Ann passes              Bot 2+3 -> Reading Railroad
    Ann 1+2 -> Connecticut Avenue (9), buys; offers Bob $150 for Vermont; Bob counters at $200; Ann
    accepts and builds a house on each light blue  Bob 1+1, 1+1 -> Electric Company (reload, buy),
    2+2: three doubles, jail                       Bot 1+3 -> Connecticut Avenue: Ann claims the rent
    Ann 4+3 -> St. James Place, buys, mortgages    Bob pays the fine, 2+3 -> Pennsylvania Railroad
"""

from __future__ import annotations

import pytest

from .helpers import Person, buy, desk, expect, expect_owner, phone

pytestmark = pytest.mark.slow

DICE = "2,4 3,5 2,3 1,2 1,1 1,1 2,2 1,3 4,3 2,3 5,6"


@pytest.fixture
def table(browser, server):
    people = (
        Person(desk(browser), "Ann", server),
        Person(phone(browser), "Bob", server),
        Person(desk(browser, width=1024, height=768), None, server),
    )
    yield people
    for p in people:
        p.context.close()


def test_two_people_and_a_bot_play_while_a_spectator_watches(table, shots):
    ann, bob, eve = table
    query = f"dice={DICE.replace(' ', '%20')}&first_player=0&bot_pause=0&seed=1"
    code = ann.create(["person", "person", "cautious"], edition="classic-us", query=query)
    ann.page.screenshot(path=str(shots / "01-waiting-for-players.png"))
    bob.join(code, from_lobby=True)
    eve.open(code)
    expect(eve.page.locator("#watching")).to_be_visible()
    ann.page.wait_for_selector("body[data-status=playing]")

    # buying
    ann.wait_act("roll")
    expect(ann.page.locator("#decision-title")).to_contain_text("Ann, your turn")
    ann.click_act("roll")
    v = buy(ann, 6, 0)
    for p in (bob, eve):
        p.wait_version(v)
        expect_owner(p, 6, 0)
    ann.page.screenshot(path=str(shots / "02-table-after-buying.png"))
    ann.click_act("end_turn")

    # an auction where both people bid
    bob.wait_act("roll")
    bob.click_act("roll")
    bob.wait_act("decline")
    bob.click_act("decline")
    ann.page.wait_for_selector("#bid-amount")
    expect(ann.page.locator("#auction-info")).to_be_visible()
    ann.page.screenshot(path=str(shots / "03-auction.png"))
    ann.bid(50)
    bob.page.wait_for_selector("#bid-amount")
    expect(bob.page.locator("#auction-info")).to_contain_text("$50")
    bob.bid(110)
    ann.wait_act("pass")
    v = ann.click_act("pass")
    eve.wait_version(v)
    expect_owner(eve, 8, 1)
    bob.wait_act("end_turn")
    bob.click_act("end_turn")

    # Ann buys the third light blue, then a trade with a counter-offer
    ann.wait_act("roll")
    ann.click_act("roll")
    ann.wait_act("buy")
    ann.click_act("buy")
    ann.page.click("#trade-button")
    ann.page.wait_for_selector("#trade-form")
    ann.page.select_option("#trade-partner", "1")
    ann.page.check("#lot-take-8")
    ann.page.fill("#give-cash", "150")
    ann.page.screenshot(path=str(shots / "04-trade-composer.png"))
    ann.page.click("#trade-send")
    bob.page.wait_for_selector("#offer")
    expect(bob.page.locator("#offer")).to_contain_text("Vermont Avenue")
    expect(bob.page.locator("#offer")).to_contain_text("$150")
    bob.page.screenshot(path=str(shots / "05-trade-answer-phone.png"))
    bob.page.click("#counter-offer")
    bob.page.wait_for_selector("#trade-form")
    expect(bob.page.locator("#lot-give-8")).to_be_checked()
    bob.page.fill("#take-cash", "200")
    bob.page.click("#trade-send")
    ann.page.wait_for_selector("#offer")
    expect(ann.page.locator("#offer")).to_contain_text("$200")
    v = ann.click_act("accept")
    expect_owner(ann, 8, 0)
    eve.wait_version(v)
    expect_owner(eve, 8, 0)

    # the chat: plain text to everyone at the table; a spectator reads it but cannot write
    bob.page.fill("#chat-text", "<b>well played</b>")
    bob.page.press("#chat-text", "Enter")
    for p in (ann, eve):
        expect(p.page.locator("#messages")).to_contain_text("Bob: <b>well played</b>")
    expect(eve.page.locator("#chat-form")).to_be_hidden()

    # building, one house on each light blue
    for sq in (6, 8, 9):
        ann.click_act("build", square=sq)
    for p in (ann, eve):
        p.wait_version(ann.version)
        for sq in (6, 8, 9):
            expect(p.page.locator(f'svg.board g.house[data-square="{sq}"]')).to_have_count(1)
    ann.page.click('svg.board g.square[data-index="9"]')
    card = ann.page.locator("#square-card")
    expect(card).to_contain_text("Connecticut Avenue")
    expect(card.locator("tr.current")).to_contain_text("$40")
    expect(card).to_contain_text("Ann")
    ann.page.screenshot(path=str(shots / "06-square-card.png"))
    ann.page.keyboard.press("Escape")
    expect(card).to_have_count(0)
    ann.click_act("end_turn")

    # Bob: two doubles, a reload in the middle of a decision, the third double sends him to jail
    bob.wait_act("roll")
    bob.click_act("roll")
    bob.wait_act("roll")
    bob.click_act("roll")
    bob.wait_act("buy")
    bob.page.reload()
    bob.wait_act("buy")  # the seat resumes, with its question
    expect(bob.page.locator(".tag.you")).to_be_visible()
    bob.click_act("buy")
    expect_owner(bob, 12, 1)
    bob.wait_act("roll")
    v = bob.click_act("roll")
    for p in (bob, eve):
        p.wait_version(v)
        expect(p.page.locator('svg.board g.token[data-seat="1"]')).to_have_class("token jailed")
        expect(p.page.locator('.player[data-seat="1"] .jail')).to_be_visible()

    # the bot lands on Connecticut Avenue: Ann claims the rent before her roll
    ann.wait_act("claim_rent", square=9)
    cash = ann.page.evaluate("window.__view.state.cash[0]")
    ann.click_act("claim_rent", square=9)
    assert ann.page.evaluate("window.__view.state.cash[0]") == cash + 40
    expect(eve.page.locator("#events")).to_contain_text("Bot 3 pays $40 to Ann")
    ann.click_act("roll")
    ann.wait_act("buy")
    ann.click_act("buy")
    v = ann.click_act("mortgage", square=16)
    eve.wait_version(v)
    expect(eve.page.locator('svg.board rect.mortgaged[data-square="16"]')).to_have_count(1)

    # a stale click: the page thinks it is one version behind; the engine's reason is shown
    ann.page.evaluate("window.__view.version -= 1")
    ann.page.locator('button.act[data-type="end_turn"]').click()
    expect(ann.page.locator("#notice")).to_contain_text("the game moved on")
    ann.page.evaluate("window.__view.version += 1")
    ann.click_act("end_turn")

    # jail: Bob pays the fine, then rolls and buys
    bob.wait_act("pay_jail_fine")
    bob.page.screenshot(path=str(shots / "07-jail-phone.png"), full_page=True)
    bob.click_act("pay_jail_fine")
    bob.wait_act("roll")
    bob.click_act("roll")
    bob.wait_act("buy")
    v = bob.click_act("buy")
    for p in (ann, eve):
        p.wait_version(v)
    ann.page.screenshot(path=str(shots / "08-table.png"))
    eve.page.screenshot(path=str(shots / "09-spectator.png"))

    # the spectator saw every move: the same position and the same log as the players
    same = "JSON.stringify(window.__view.state)"
    assert eve.page.evaluate(same) == ann.page.evaluate(same) == bob.page.evaluate(same)
    assert eve.page.locator("#events li").count() >= 40
    for text in (
        "Ann buys Oriental Avenue",
        "Bob wins the auction for $110",
        "Ann accepts the trade",
        "Bob goes to jail",
        "Bob leaves jail",
    ):
        expect(eve.page.locator("#events")).to_contain_text(text)
    for p in (ann, bob, eve):
        p.expect_no_errors()
