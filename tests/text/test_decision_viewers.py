"""Who reads which line about a decision: the seat that decides reads the question put to it, in the
second person ("Bob, your turn"); every other seat and every spectator reads a line about it in the
third person ("Bob's turn"), in their own language, the names declined. The server's view carries
both (``prompt`` and ``title``); the browser and ``landlords play --connect`` pick by their seat."""

from __future__ import annotations

import re

import pytest

import landlords
from landlords.describe.labels import decision_title, decision_watch
from landlords.engine.actions import ProposeTrade
from landlords.i18n import LANGUAGES
from landlords.play.connect.question import question_title
from landlords.server.views import decision_view

# words that address the reader: none may reach a line meant for someone else
SECOND_PERSON = {
    "en": re.compile(r"\byou(r|rs)?\b", re.I),
    "ru": re.compile(r"\b(вы|вам|вас|ваш\w*|вами)\b", re.I),
    "pl": re.compile(r"\b(ty|ci|cię|ciebie|tobie|twój|twoja|twoje|jesteś|\w+esz|\w+isz|\w+asz)\b", re.I),
}


def _moscow(first: int = 1, **options) -> landlords.Game:
    players = ["Аня", "Борис"]
    return landlords.new_game("moscow", "hasbro-ru", players=players, seed=1, first_player=first, **options)


def test_a_turn_is_yours_only_on_your_own_screen():
    g = _moscow(dice=[(1, 2)])
    lines = {lang: decision_view(g, lang, None) for lang in LANGUAGES}
    assert lines["ru"]["prompt"] == "Борис, ваш ход (круг 1)."
    assert lines["ru"]["title"] == "Ход Бориса (круг 1)."
    assert lines["en"]["title"] == "Борис's turn (round 1)."
    assert lines["pl"]["title"] == "Ruch Борис (runda 1)."  # no Russian case ending inside Polish
    us = landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=1)
    assert decision_view(us, "en", None)["title"] == "Bob's turn (round 1)."
    assert decision_view(us, "en", None)["prompt"] == "Bob, your turn (round 1)."
    pl = landlords.new_game("warsaw", "polish", players=["Ania", "Bartek"], seed=1, first_player=1)
    assert decision_view(pl, "pl", None)["title"] == "Ruch Bartka (runda 1)."


def test_a_purchase_and_an_offer_told_to_the_others():
    g = _moscow(dice=[(1, 2)])
    g.apply(1, g.decision_actions()[0])  # Борис rolls onto a lot for sale
    assert decision_watch(g, g.decision, "ru") == "Борис решает, купить ли поле «Нагатинская улица» за 60 тыс. ₽."
    assert decision_title(g, g.decision, "ru") == "Борис: купить поле «Нагатинская улица» за 60 тыс. ₽?"
    pl = landlords.new_game("warsaw", "polish", players=["Ania", "Bartek"], seed=1, first_player=0, dice=[(1, 2)])
    pl.apply(0, pl.decision_actions()[0])
    assert decision_watch(pl, pl.decision, "pl") == "Ania decyduje, czy kupić pole „Ulica Stalowa” za $60."

    t = _moscow(first=0)
    t.apply(0, ProposeTrade(1, give_cash=5))  # Аня offers Борис a trade before her roll
    assert t.decision.kind == "trade_response" and t.decision.seat == 1
    assert decision_watch(t, t.decision, "ru") == "Аня предлагает Борису сделку."
    assert decision_watch(t, t.decision, "en") == "Аня offers Борис a trade."
    assert decision_title(t, t.decision, "ru") == "Борис: Аня предлагает вам сделку."
    pl2 = landlords.new_game("warsaw", "polish", players=["Ania", "Bartek"], seed=1, first_player=0)
    pl2.apply(0, ProposeTrade(1, give_cash=5))
    assert decision_watch(pl2, pl2.decision, "pl") == "Ania proponuje Bartkowi transakcję."


def test_an_auction_quotes_its_lot():
    g = _moscow(dice=[(1, 2)])
    g.apply(1, g.decision_actions()[0])
    g.apply(1, g.decision_actions()[1])  # declined: the auction
    assert g.decision.kind == "auction"
    assert "аукцион — «Нагатинская улица»" in decision_title(g, g.decision, "ru")
    assert decision_watch(g, g.decision, "ru").startswith("Аукцион — «Нагатинская улица»: ставок ещё нет")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_for_the_others_never_says_you(lang):
    """Every decision bots meet in a few games of each ruleset family: the third-person line has no
    word addressing the reader, names the decider, and differs from the decider's question."""
    from landlords.bots import make_bot

    seen = set()
    for ruleset in ("hasbro-ru", "odessa", "businesspoly"):
        for seed in range(3):
            g = landlords.new_game(None, ruleset, players=["Ann", "Bob", "Cyd"], seed=seed, auto_claim=True)
            bots = [make_bot("baseline", seed=s) for s in range(3)]
            for _ in range(400):
                d = g.decision
                if d is None or g.over:
                    break
                watch = decision_watch(g, d, lang)
                assert not SECOND_PERSON[lang].search(watch), (ruleset, d.kind, watch)
                assert g.names[d.seat] in watch and watch != decision_title(g, d, lang), (d.kind, watch)
                seen.add(d.kind)
                g.apply(d.seat, bots[d.seat].act(g, d))
    assert {"pre_roll", "post_roll", "buy"} <= seen


def test_a_client_shows_its_own_question_and_the_others_line():
    view = {"decision": {"seat": 1, "title": "Bob's turn (round 8).", "prompt": "Bob, your turn (round 8)."}}
    assert question_title(view) == "Bob, your turn (round 8)."
    assert question_title({"decision": {"seat": 1, "title": "Bob, your turn"}}) == "Bob, your turn"  # old server
