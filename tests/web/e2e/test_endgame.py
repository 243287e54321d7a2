"""A short game to its end, each person in their own language and one of them by keyboard alone:
Ann (Russian) buys Baltic Avenue; Bob (Polish, on a phone) lands on the income tax, chooses the
fixed amount he cannot pay, and declares bankruptcy after a confirmation; the game is over for
everyone, and the spectator switches to Russian on the way."""

from __future__ import annotations

import pytest

from landlords.i18n import tr

from .helpers import Person, desk, expect, expect_no_empty_panel, keyboard_act, phone

pytestmark = pytest.mark.slow


@pytest.fixture
def people(browser, server):
    ctx = [desk(browser, "ru-RU"), phone(browser, "pl-PL"), desk(browser, width=1024, height=768)]
    yield Person(ctx[0], "Аня", server), Person(ctx[1], "Bob", server), Person(ctx[2], None, server)
    for c in ctx:
        c.close()


def test_a_bankruptcy_ends_the_game_in_three_languages_and_by_keyboard(people, shots):
    ann, bob, eve = people
    ann.page.goto(f"{ann.base}/")
    expect(ann.page.locator("#create-button")).to_have_text("Создать игру")
    code = ann.create(
        ["person", "person"],
        edition="classic-us",
        query="dice=1,2%201,3&first_player=0",
        rules="starting_cash=80, income_tax_choice=cash",
        private=True,
    )
    eve.page.goto(f"{eve.base}/")  # a private game is not listed; its link opens it
    eve.page.wait_for_selector("#games li")
    expect(eve.page.locator(f'#games li[data-code="{code}"]')).to_have_count(0)
    bob.join(code)
    eve.open(code)
    # the seat that decides is asked; the others (another seat, a spectator) read about it
    expect(ann.page.locator("#decision-title")).to_contain_text("Аня, ваш ход")
    expect(bob.page.locator("#decision-title")).to_have_text("Ruch Аня (runda 1).")  # no Russian case in Polish
    expect(eve.page.locator("#decision-title")).to_have_text("Аня's turn (round 1).")

    keyboard_act(ann, "roll")
    keyboard_act(ann, "buy")
    keyboard_act(ann, "end_turn")
    bob.click_act("roll")
    bob.wait_act("choose_tax", percent=False)
    expect(bob.page.locator("#answers")).to_contain_text("Zapłać")
    bob.page.screenshot(path=str(shots / "10-income-tax-choice-phone.png"), full_page=True)
    bob.click_act("choose_tax", percent=False)

    # the spectator switches to Russian; the view comes again in its words
    eve.page.select_option("#lang", "ru")
    expect(eve.page.locator("#decision-title")).to_contain_text("Bob")
    expect(eve.page.locator("h2[data-w='web.log']")).to_have_text("Что произошло")
    expect(eve.page.locator("#events")).to_contain_text("Аня покупает")

    # bankruptcy, confirmed by keyboard
    bob_before = keyboard_act(bob, "declare_bankruptcy")
    expect(bob.page.locator("#confirm-no")).to_be_focused()
    bob.page.screenshot(path=str(shots / "11-bankruptcy-confirmation-phone.png"))
    bob.page.keyboard.press("Shift+Tab")
    expect(bob.page.locator("#confirm-yes")).to_be_focused()
    bob.page.keyboard.press("Enter")
    bob.wait_version(bob_before + 1)
    for p, lang in ((ann, "ru"), (bob, "pl"), (eve, "ru")):  # the winner, in each one's language
        expect(p.page.locator("#result")).to_have_text(
            tr(lang, "ui.winner", player="Аня", reason=tr(lang, "end.last_player"))
        )
        expect(p.page.locator("#decision")).not_to_contain_text("Ogłoś")
        expect_no_empty_panel(p)  # no decision, no acts: no empty box under the result
    expect(ann.page.locator('.player[data-seat="1"] .bankrupt')).to_have_text(tr("ru", "ui.bankrupt"))
    ann.page.screenshot(path=str(shots / "12-game-over.png"))
    for p in (ann, bob, eve):
        p.expect_no_errors()
