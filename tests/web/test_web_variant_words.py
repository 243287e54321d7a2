"""The table page counts the bank's buildings and names the exchange and its cards in the variant's
words (issue 30 item 3): the words it is served carry odessa.web.bank, odessa.ui.in_jail, ..., and
the page's t() reads the table's variant's key first (words.js setVariant, set by table.js)."""

from __future__ import annotations

import pytest
from support.server_helpers import make_client

from landlords.server.pages import STATIC

BANK = {
    "en": ("Bank: artels {houses}, cooperatives {hotels}", "Bank: offices {houses}, business centres {hotels}"),
    "ru": ("Банк: артелей {houses}, кооперативов {hotels}", "Банк: офисов {houses}, деловых центров {hotels}"),
    "pl": ("Bank: artele {houses}, spółdzielnie {hotels}", "Bank: biura {houses}, centra biznesowe {hotels}"),
}


@pytest.fixture
def client(tmp_path):
    c, _ = make_client(tmp_path)
    with c:
        yield c


@pytest.mark.parametrize("lang", sorted(BANK))
def test_the_bank_reads_artels_and_offices(client, lang):
    words = client.get(f"/api/web/words/{lang}").json()
    assert (words["odessa.web.bank"], words["businesspoly.web.bank"]) == BANK[lang]
    assert "домов" not in words["businesspoly.web.bank"]
    panels = {"en": ("at the exchange", "refusal cards: {n}"), "ru": ("на Бирже", "карточек отказа: {n}")}
    if lang in panels:
        assert (words["odessa.ui.in_jail"], words["odessa.ui.jail_cards"]) == panels[lang]
    assert "setVariant(variantOf(m.game?.ruleset))" in (STATIC / "js" / "table.js").read_text(encoding="utf-8")
    assert "words[`${variant}.${key}`]" in (STATIC / "js" / "words.js").read_text(encoding="utf-8")
