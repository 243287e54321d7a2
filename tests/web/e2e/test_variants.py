"""The variants' own decisions played in the page, each with its mechanic explained beside the
buttons (the words and exact odds from landlords.describe, through the server's view).

Odessa (dice scripted through the lobby): Ann buys Benya Krik's malina; Bob lands there, reads the
malina's explanation and his 9.3% chance in Russian, challenges after a confirmation and wins it
(6 against 1 + 2); Ann's three doubles make her a merchant of the First Guild and send her to the
exchange, where the page explains the game of three dice; her double at the first try wins 500.

Бизнесполия (start_mode=normal: no start auction): Ann and Bob hold a lot of Колхоз each; Ann lands
on the court, sues Bob for his and wins (5 against 2); she mortgages Газета, and at the Start the lap
is settled (salary less the tax on her three industries) and she redeems it; she buys Ферма, the
whole Колхоз, and opens an office, the group's explanation in sight.
"""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import Person, desk, expect, expect_explained, expect_owner, phone, sit_down

pytestmark = pytest.mark.slow

ODESSA_DICE = "2,3 2,3 1,2 6 2,2 3,3 4,4 1,2 2,5,2"
BUSINESSPOLY_DICE = "1,2 1,3 3,4 5 2 1,2 5,6 2,3 6,5 1,3 4,5"


@pytest.fixture
def people(browser, server):
    ann, bob = Person(desk(browser), "Ann", server), Person(desk(browser, "ru-RU", width=1100), "Bob", server)
    yield ann, bob
    ann.context.close()
    bob.context.close()


def confirmed_act(person: Person, kind: str, **fields: Any) -> int:
    """Click an act that asks first (the variants' irreversible ones), read the question, confirm."""
    before = person.version
    person.page.locator(person._selector(kind, fields)).first.click()
    expect(person.page.locator("#dialog[open]")).to_be_visible()
    question = person.page.inner_text("#dialog p")
    person.page.click("#confirm-yes")
    person.wait_version(before + 1)
    return question


def turn(person: Person, *kinds: str) -> None:
    for kind in kinds:
        person.wait_act(kind)
        person.click_act(kind)


def test_odessa_malina_challenge_and_the_exchange(people, shots):
    ann, bob = people
    query = f"dice={ODESSA_DICE.replace(' ', '%20')}&first_player=0&seed=3"
    sit_down(ann, bob, ruleset="odessa", query=query)
    turn(ann, "roll", "buy", "end_turn")
    expect_owner(bob, 5, 0)

    # Bob at Ann's malina: the mechanic, his stakes and the exact chance, in his language
    bob.click_act("roll")
    bob.wait_act("challenge_malina", challenge=True)
    # the fee: double (his one malina: 100)
    expect_explained(bob, "Малины — одесские железные дороги", "Шанс выиграть спор", "9,3% (5/54)", "200 руб.")
    expect(bob.page.locator("#decision-help .note")).to_contain_text("вы бросаете один кубик")
    # Ann, who does not decide, reads the mechanic but not Bob's stakes, and how the challenge goes
    # in the third person (it once read "you roll one die" to her, as to Bob)
    expect_explained(ann, "Malinas are Odessa's railroads")
    expect(ann.page.locator("#decision-facts")).to_have_count(0)
    expect(ann.page.locator("#decision-help .note")).to_have_text(
        "A challenge: Bob rolls one die, Ann two; more than that sum, and the malina is Bob's, free."
    )
    bob.page.screenshot(path=str(shots / "30-odessa-malina-challenge.png"))
    question = confirmed_act(bob, "challenge_malina", challenge=True)
    assert "Оспорить авторитет смотрящего" in question and "9,3%" in question
    expect_owner(bob, 5, 1)
    expect(ann.page.locator("#events")).to_contain_text("Bob is the new authority there")
    turn(bob, "end_turn")

    # three doubles: the First Guild and the exchange
    turn(ann, "roll", "buy", "roll", "buy", "roll")
    expect(ann.page.locator("#events")).to_contain_text("Ann becomes a merchant of the First Guild")
    expect(ann.page.locator('svg.board g.token[data-seat="0"]')).to_have_class("token jailed")
    turn(bob, "roll", "buy", "end_turn")

    # at the exchange: its game explained, each try's payout and odds
    ann.wait_act("roll")
    expect_explained(
        ann,
        "The Odessa Commodity Exchange is the jail",
        "This is exchange try",
        "a double wins 100 roubles × the third die",  # the English reader's money words
        "Fourth turn",
    )
    expect_explained(bob, "Одесская Товарная Биржа вместо тюрьмы")
    ann.page.screenshot(path=str(shots / "31-odessa-exchange.png"))
    cash = ann.state()["cash"][0]
    ann.click_act("roll")
    assert ann.state()["cash"][0] == cash + 500 and ann.state()["position"][0] == 19
    expect(ann.page.locator("#events")).to_contain_text(
        "at the exchange at the first try: 2 + 5 + 2, wins 500 roubles"
    )
    for p in (ann, bob):
        p.expect_no_errors()


def test_businesspoly_court_lap_settlement_and_an_office(people, shots):
    ann, bob = people
    query = f"dice={BUSINESSPOLY_DICE.replace(' ', '%20')}&first_player=0&seed=3"
    sit_down(ann, bob, ruleset="businesspoly", query=query, rules="start_mode=normal")
    turn(ann, "roll", "buy", "end_turn")
    turn(bob, "roll", "buy", "end_turn")

    # the court: Ann and Bob share Колхоз; she sues for his Элеватор
    ann.click_act("roll")
    ann.wait_act("sue", square=4)
    expect_explained(ann, "The court", "Chance a suit wins", "41.7% (5/12)", "held by Bob, court fee 120 β")
    expect_explained(bob, "Суд: здесь можно судиться")
    expect(ann.page.locator("#decision-help .note")).to_have_text(  # Ann decides: the note is hers
        "One die each: a higher roll wins the lot; a tie or lower loses the fee."
    )
    expect(bob.page.locator("#decision-help .note")).to_have_text(  # Bob watches: it was "участок ваш"
        "По одному кубику: у Ann больше — участок переходит к Ann; поровну или меньше — пошлина пропала."
    )
    ann.page.screenshot(path=str(shots / "32-businesspoly-court.png"))
    question = confirmed_act(ann, "sue", square=4)
    assert "120 β" in question
    expect_owner(bob, 4, 0)
    expect(bob.page.locator("#events")).to_contain_text("Ann")
    turn(ann, "end_turn")
    turn(bob, "roll", "buy", "end_turn")

    # Газета mortgaged during the lap
    turn(ann, "roll", "buy")
    ann.click_act("mortgage", square=21)
    turn(ann, "end_turn")
    turn(bob, "roll", "buy", "end_turn")
    turn(ann, "roll", "buy", "end_turn")
    turn(bob, "roll", "buy", "end_turn")

    # the lap settlement at the Start: salary less the tax on three industries, then the redemption
    ann.click_act("roll")
    ann.wait_act("settle_mortgage", redeem=True)
    expect(ann.page.locator("#events")).to_contain_text(
        "Ann completes a lap: salary 450 β, tax 150 β for 3 industries"
    )
    expect_explained(ann, "Lap settlement", "Redeeming costs")
    expect_explained(bob, "Расчёт за круг")
    ann.page.screenshot(path=str(shots / "33-businesspoly-lap-settlement.png"))
    ann.click_act("settle_mortgage", redeem=True)
    expect(ann.page.locator('svg.board rect.mortgaged[data-square="21"]')).to_have_count(0)

    # the whole Колхоз: an office, its explanation beside the build buttons
    ann.click_act("buy")
    ann.wait_act("build", square=1)
    group = ann.page.locator('#free-acts details[data-type="build"]')
    group.locator("summary").click()
    expect(group.locator(".act-help")).to_contain_text("Offices and business centres")
    expect(group.locator(".act-help")).to_contain_text("at most 2 in one move")
    ann.click_act("build", square=1)
    for p in (ann, bob):
        p.wait_version(ann.version)
        expect(p.page.locator('svg.board g.house[data-square="1"]')).to_have_count(1)
    expect(bob.page.locator("#events")).to_contain_text("Ann")
    ann.page.screenshot(path=str(shots / "34-businesspoly-office.png"))
    for p in (ann, bob):
        p.expect_no_errors()


DEAL_DICE = "1,2 1,3 1,4"


def test_businesspoly_a_deal_between_three_players(browser, server, shots):
    """Ann holds Птицефабрика, Bob Элеватор, Cy (on a phone) ТЦ Южный. Ann composes one deal: Bob's
    Элеватор to her for 100, Cy's shopping centre to Bob, who pays Cy 150; Bob and Cy each read it
    with the mechanic explained and accept; the lots and the money move at once for everyone."""
    ctx = [desk(browser), desk(browser, "ru-RU", width=1100), phone(browser, "pl-PL")]
    ann, bob, cy = (Person(c, n, server) for c, n in zip(ctx, ("Ann", "Bob", "Cy"), strict=True))
    query = f"dice={DEAL_DICE.replace(' ', '%20')}&first_player=0&seed=3"
    sit_down(ann, bob, cy, ruleset="businesspoly", query=query, rules="start_mode=normal")
    turn(ann, "roll", "buy", "end_turn")
    turn(bob, "roll", "buy", "end_turn")
    turn(cy, "roll", "buy", "end_turn")
    ann.wait_act("roll")
    cash = ann.state()["cash"]

    page = ann.page
    page.click("#deal-button")
    form = page.locator("#deal-form")
    expect(form.locator(".explain")).to_contain_text("A deal may bind several players")
    page.select_option("#deal-lot-4", "0")  # Bob's Элеватор to Ann
    page.select_option("#deal-lot-5", "1")  # Cy's ТЦ Южный to Bob
    page.select_option("#deal-pay-from-0", "0")
    page.select_option("#deal-pay-to-0", "1")
    page.fill("#deal-pay-amount-0", "100")
    page.click("#deal-add-payment")
    page.select_option("#deal-pay-from-1", "1")
    page.select_option("#deal-pay-to-1", "2")
    page.fill("#deal-pay-amount-1", "150")
    page.screenshot(path=str(shots / "35-businesspoly-deal-composer.png"))
    before = ann.version
    page.click("#deal-send")
    ann.wait_version(before + 1)

    for p, words in ((bob, "Сделка нескольких игроков"), (cy, "Umowa kilku graczy")):
        p.wait_act("accept")
        expect_explained(p, words)
        d = p.page.evaluate("window.__view.decision")  # the deal's parts, for the answer's lines
        assert (d["proposer"], d["properties"], d["givers"]) == (0, [[4, 0], [5, 1]], [1, 2])
        assert d["cash"] == [[0, 1, 100], [1, 2, 150]] and d["cards"] == []
        if p is cy:
            cy.page.screenshot(path=str(shots / "36-businesspoly-deal-answer-phone.png"), full_page=True)
        p.click_act("accept")
    for p in (ann, bob, cy):
        p.wait_version(cy.version)
        expect_owner(p, 4, 0)
        expect_owner(p, 5, 1)
    assert ann.state()["cash"] == [cash[0] - 100, cash[1] + 100 - 150, cash[2] + 150]
    for p in (ann, bob, cy):
        p.expect_no_errors()
    for c in ctx:
        c.close()
