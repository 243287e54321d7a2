"""One vocabulary per language (issue 13): rent is «аренда» in Russian and «czynsz» in Polish in
every catalog, never «рента» / «renta»; the Polish menu labels put a square in the accusative, and
the terminal's own sentences decline and agree the names they carry."""

from __future__ import annotations

import re

import pytest

import landlords
from landlords.describe.labels import action_label, decision_title, offer_lines, speaker
from landlords.engine.actions import ClaimRent, Mortgage, ProposeTrade, Unmortgage
from landlords.engine.turns import RentClaim
from landlords.i18n import catalog, tr

# the word a language does not use for rent, and the one it does (its vocabulary entry)
OTHER_WORD = {"ru": re.compile(r"\bрент", re.I), "pl": re.compile(r"\brent", re.I)}
RENT = {"ru": "аренда", "pl": "czynsz", "en": "rent"}


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_rent_has_one_word_in_every_catalog(lang):
    wrong = {k: v for k, v in catalog(lang).items() if OTHER_WORD[lang].search(v)}
    assert not wrong, wrong
    assert tr(lang, "vocab.rent.one") == RENT[lang]
    assert tr(lang, "pay.rent") == RENT[lang]


def test_polish_labels_put_the_square_in_the_accusative():
    g = landlords.new_game("warsaw", "polish", players=["Ania", "Bartek"], seed=1, first_player=0, dice=[(1, 2)])
    assert action_label(g, 0, Mortgage(1), "pl") == "Zastaw pole „Ulica Konopacka” za $30"
    assert action_label(g, 0, Unmortgage(1), "pl") == "Wykup pole „Ulica Konopacka” z zastawu za $36"
    assert action_label(g, 0, ProposeTrade(1, give_cash=5), "pl") == "Zaproponuj transakcję Bartkowi"
    g.apply(0, g.decision_actions()[0])  # 1 + 2: Ulica Stalowa, for sale
    assert decision_title(g, g.decision, "pl") == "Ania: kupujesz pole „Ulica Stalowa” za $60?"
    assert action_label(g, 0, g.decision_actions()[0], "pl") == "Kup pole „Ulica Stalowa” za $60"


def test_claims_and_offers_decline_the_names_they_carry():
    g = landlords.new_game("moscow", "hasbro-ru", players=["Вы", "Аня"], seed=1, auto_claim=False)
    g.set_owner(1, 0)
    g.claims.append(RentClaim(0, 1, 1, 4, g.turn))  # Аня owes the person at the default seat
    claim = ClaimRent(1)
    assert action_label(g, 0, claim, "ru") == "Потребовать 4 тыс. ₽ аренды с Ани за поле «Житная улица»"
    w = speaker(g, "ru")
    prompt = tr(
        "ru", "ui.claim_prompt", owner=w.name(0), payer=w.name(1), amount="4 тыс. ₽", square="Житная улица"
    )
    assert prompt.startswith("Вы: Аня должна вам 4 тыс. ₽ аренды за поле «Житная улица».")
    assert offer_lines(g, "ru", 0, 1, ((1,), 0, ()), ((), 50, ())) == [
        "Вы отдаёте: Житная улица",
        "Аня отдаёт: 50 тыс. ₽",
    ]
    assert tr("ru", "ui.trade_summary", partner=w.name(1)) == "Ваше предложение Ане:"
    assert tr("ru", "ui.time_out", player=w.name(1)) == "У Ани вышло время."
    pl = landlords.new_game("warsaw", "polish", players=["Ty", "Ania"], seed=1)
    assert tr("pl", "ui.time_out", player=speaker(pl, "pl").name(1)) == "Ani skończył się czas."
    assert tr("pl", "ui.winner", player=speaker(pl, "pl").name(0), reason="x") == "Ty wygrywasz (x)."
