"""Every decision kind of every ruleset, as the server's view gives it to a page, in English, Russian
and Polish: a title, buttons (the seat's answers in ``you.acts``, each labelled), and for every
mechanic that works its own way (the variants' decisions, the exchange, auctions, debts, the speed
die...) a short explanation with the stakes and exact odds, in the language's own words. The page
draws only what is here (static/js/variants.js and table.js), so this is what a player can read.

Bots play each ruleset to meet the common decisions; the rare ones are set up (a building loan, a
deal between three players, a scarce house won at auction, the speed die's Bus and triples).
"""

from __future__ import annotations

import json
import re

import pytest
from support.scenario import BROWN, DARK_BLUE, GREEN, INCOME_TAX, JAIL, give, place, pos, roll
from support.scenario_businesspoly import FERMA, OBSHCHEPIT, PTITSA, bp_game
from support.scenario_variants import has_passed_go, variant_game

import landlords
from landlords.bots import make_bot
from landlords.decisions import BUSINESSPOLY_KINDS, CLASSIC_KINDS, ODESSA_KINDS
from landlords.describe.mechanics import DECISION_KEYS, mechanic_key
from landlords.engine.actions import Bid, Build, WantBuilding
from landlords.i18n import LANGUAGES
from landlords.rules import RULESETS
from landlords.rules.businesspoly.actions import ProposeDeal
from landlords.server.views import CONFIRMED, decision_view, seat_acts

CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a code that reached the screen
BOTS = ("baseline", "random")


def check_view(game: landlords.Game, where: str) -> str | None:
    """The view of the pending decision in every language; returns its mechanic's key."""
    d = game.decision
    key = mechanic_key(game, d)
    texts = {}
    for lang in LANGUAGES:
        view = decision_view(game, lang, None)
        acts = seat_acts(game, d.seat, lang)
        json.dumps([view, acts])  # what goes over the socket
        at = f"{where} {d.kind} [{lang}]"
        assert view["title"].strip() and "{" not in view["title"], at
        answers = [a for a in acts if a["answer"]]
        # a debt may be met by free acts alone (selling, mortgaging): the payment then follows by itself
        assert answers or (d.kind == "debt" and acts), f"{at}: no button to answer with"
        for a in acts:
            assert a["label"].strip() and "{" not in a["label"] and not CODE.search(a["label"]), (at, a)
            if a["action"]["type"] in CONFIRMED and "confirm" in a:
                assert a["confirm"].strip() and "{" not in a["confirm"], (at, a)
        help = view["help"]
        for f in help["facts"]:
            assert f["value"].strip() and "{" not in f["label"] + f["value"], (at, f)
        # the notes are the decider's ("you roll one die"); everyone else reads them in the third person
        assert len(help["watch_notes"]) == len(help["notes"]), (at, help)
        for note in help["watch_notes"]:
            assert note.strip() and "{" not in note and not CODE.search(note), (at, note)
            assert not re.search(r"\b(you|your|yours|вы|ваш|ваша|twoja|rzucasz)\b", note, re.I), (at, note)
        if key is None:
            assert help["text"] is None, at
            continue
        text = help["text"]
        assert text and "{" not in text and not CODE.search(text), (at, text)
        texts[lang] = text
    if key is not None:
        assert texts["ru"] != texts["en"] and texts["pl"] != texts["en"], (where, key, texts)
        assert re.search("[а-я]", texts["ru"]), texts["ru"]
    return key


def bots_meet(ruleset: str, seen: dict, rules: dict | None = None) -> None:
    """Bots play the ruleset; each decision kind (and mechanic) met for the first time is checked."""
    for seed in (1, 2, 3):
        for strategy in BOTS:
            game = landlords.new_game(None, ruleset, players=3, seed=seed, rules=rules)
            bots = [make_bot(strategy, seed=seed * 7 + i) for i in range(3)]
            for _ in range(2500):
                if game.over:
                    break
                d = game.decision
                if (d.kind, mechanic_key(game, d)) not in seen:
                    seen[d.kind, mechanic_key(game, d)] = check_view(game, f"{ruleset} seed {seed}")
                game.apply(d.seat, bots[d.seat].act(game, d))


def set_up(name: str) -> landlords.Game:
    """The rare decisions, set up."""
    if name == "building_loan":
        g = bp_game(dice=[(1, 2)], cards=["32-building-loan"])
        give(g, 0, *OBSHCHEPIT)
        place(g, 0, 14)
        roll(g)
    elif name == "deal_response":
        g = bp_game()
        give(g, 1, FERMA)
        give(g, 2, PTITSA)
        g.apply(0, ProposeDeal(properties=((FERMA, 0), (PTITSA, 1)), cash=((0, 2, 100),)))
    elif name in ("building_interest", "place_building"):
        g = pos().own("A", *DARK_BLUE, *GREEN, houses=4).own("C", 6, 8, houses=4).own("C", 9, houses=3)
        g = g.own("B", *BROWN).game()
        g.apply(1, Build(BROWN[0]))
        if name == "place_building":
            g.apply(2, WantBuilding(True))
            g.apply(1, Bid(50))
            g.apply(2, Bid(60))
            g.apply(1, landlords.engine.actions.PASS)
    elif name in ("bus", "triples", "income_tax"):
        dice = {"bus": [(1, 3, 6)], "triples": [(2, 2, 2)], "income_tax": [(1, 3)]}[name]
        rules = {"income_tax_choice": "cash"} if name == "income_tax" else {"speed_die": True}
        g = variant_game("hasbro-ru", 3, dice=dice, **rules)
        has_passed_go(g, *range(3))
        place(g, 0, JAIL if name != "income_tax" else 0)
        roll(g)
        if name == "income_tax":
            assert g.position[0] == INCOME_TAX
    else:
        raise AssertionError(name)
    assert g.decision.kind == name, (name, g.decision.kind)
    return g


RARE = {
    "businesspoly": ("building_loan", "deal_response"),
    "hasbro-ru": ("building_interest", "place_building", "bus", "triples", "income_tax"),
}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_decision_of_every_ruleset_has_buttons_a_title_and_its_mechanic_explained(ruleset):
    seen: dict = {}
    bots_meet(ruleset, seen)
    for name in RARE.get(ruleset, ()):
        g = set_up(name)
        seen[name, mechanic_key(g, g.decision)] = check_view(g, f"{ruleset} set up")
    kinds = {kind for kind, _ in seen}
    mechanics = {key for key in seen.values() if key}
    variant = RULESETS[ruleset].variant
    if variant == "odessa":
        assert set(ODESSA_KINDS) <= kinds and "exchange" in mechanics
    elif variant == "businesspoly":  # the rare two are set up on the full map
        wanted = set(BUSINESSPOLY_KINDS) if ruleset == "businesspoly" else {"court", "redeem"}
        assert wanted <= kinds and "jail_cells" in mechanics
    if ruleset == "hasbro-ru":
        assert set(CLASSIC_KINDS) - {"mortgage_transfer"} <= kinds
    # every variant decision met is explained, and so is every kind the table names
    for kind, key in seen:
        if kind in ODESSA_KINDS + BUSINESSPOLY_KINDS or kind in DECISION_KEYS:
            assert key is not None, (ruleset, kind)


def test_the_board_explains_the_variants_own_free_acts(tmp_path):
    from landlords.server.pages.board import board_json

    for lang in LANGUAGES:
        odessa = board_json(None, "odessa", lang)["mechanics"]
        businesspoly = board_json(None, "businesspoly", lang)["mechanics"]
        assert set(odessa) == {"build", "mortgage"}
        assert {"build", "sell_lot", "propose_deal", "propose_trade"} == set(businesspoly)
        assert board_json(None, "hasbro-ru", lang)["mechanics"] == {}
    assert "2" in board_json(None, "businesspoly", "en")["mechanics"]["build"]  # at most 2 in one move
    assert "артел" in board_json(None, "odessa", "ru")["mechanics"]["build"].lower()
    assert "biur" in board_json(None, "businesspoly", "pl")["mechanics"]["build"].lower()


@pytest.mark.parametrize(
    "ruleset, words",
    [
        ("odessa", {"en": "artel", "ru": "артель", "pl": "artel"}),
        ("businesspoly", {"en": "office", "ru": "офис", "pl": "biuro"}),
        ("hasbro-ru", {"en": "house", "ru": "дом", "pl": "dom"}),
    ],
)
def test_building_acts_are_labelled_in_the_variants_own_words(ruleset, words):
    from landlords.describe.labels import action_label
    from landlords.engine.actions import SellBuilding

    g = landlords.new_game(None, ruleset, players=2, seed=1)
    for lang, word in words.items():
        label = action_label(g, 0, Build(1), lang)
        assert word in label.lower(), (lang, label)
        if ruleset != "hasbro-ru":
            house = {"en": "house", "ru": "дом", "pl": "dom"}[lang]
            assert house not in label.lower() and house not in action_label(g, 0, SellBuilding(1), lang).lower()
