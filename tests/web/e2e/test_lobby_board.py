"""The lobby's default board follows the page's language, as the terminal's does
(``editions.choice.board_for``): an English or Polish player was offered Moscow's Cyrillic streets.
The board list's first entry names the board the game will have; switching the language renames it;
a game created with it is on that board."""

from __future__ import annotations

import json
import urllib.request

import pytest

from landlords.editions import load_edition
from landlords.i18n import tr
from landlords.server.pages.router import edition_title

from .helpers import Person, desk, expect

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    "locale, lang, board, street",
    [("en-US", "en", "classic-us", "Boardwalk"), ("pl-PL", "pl", "warsaw", "Aleje Ujazdowskie")],
)
def test_the_default_board_is_the_languages(browser, server, locale, lang, board, street):
    context = desk(browser, locale)
    try:
        ann = Person(context, "Ann", server)
        ann.page.goto(f"{server}/")
        default = ann.page.locator("#edition option[value='']")
        expect(default).to_have_text(tr(lang, "web.edition_default", board=edition_title(board, lang)))
        ann.page.select_option("#ruleset", "odessa")  # rules with a board of their own keep it
        expect(default).to_have_text(
            tr(lang, "web.edition_default", board=edition_title("odessa", lang))
        )  # glossed
        ann.page.select_option("#ruleset", "hasbro-ru")
        ann.page.select_option("#lang", "ru")  # another language: its board
        expect(default).to_have_text(tr("ru", "web.edition_default", board=load_edition("moscow").name))
        ann.page.select_option("#lang", lang)
        expect(default).to_have_text(tr(lang, "web.edition_default", board=edition_title(board, lang)))
        code = ann.create(["person", "person"])
        with urllib.request.urlopen(f"{server}/api/games/{code}") as r:
            assert json.load(r)["edition"] == board
        assert street in ann.page.locator("#board").inner_html()
        assert "Арбат" not in ann.page.content()
        ann.expect_no_errors()
    finally:
        context.close()
