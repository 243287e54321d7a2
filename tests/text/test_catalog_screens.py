"""Every screen of every ruleset reads in Russian and Polish: no English identifier, no missing
message, no broken placeholder.

Bots play each ruleset (seeds chosen so that every decision kind of the variant comes up); at each
decision the test renders what a front end shows: the decision's title, a label for every legal act,
the decision's stakes and odds, and every event line; then every property's card and the ruleset's
summary. A code shown as words (a message nobody wrote), an English word on a Russian or Polish
screen, a ``{placeholder}`` left in or a missing catalog key fails it.
"""

from __future__ import annotations

import re

import pytest

import landlords
from landlords.bots import make_bot
from landlords.describe.cards import property_card
from landlords.describe.decisions import confirmation, decision_info
from landlords.describe.labels import action_label, decision_title
from landlords.describe.rulesets import summary, title
from landlords.describe.words import Speaker
from landlords.engine import decision as D
from landlords.engine.actions import ACTION_TYPES
from landlords.render.text import describe, recap
from landlords.rules import RULESETS

# English words that must not appear on a Russian or Polish screen (codes shown as words would)
ENGLISH = re.compile(
    r"\b(the|and|of|pay|rent|house|houses|visit|court|lawyer|redeem|sell|lot|bid|pass|roll|buy|trade|"
    r"accept|reject|malina|challenge|refuse|exchange|mortgage|lap|settle|waive|sue|deal|propose|loan|building|"
    r"interest|transfer|place|triples|bus|claim|choose|tax|debt|auction|decision|property|square|kind|none|true|false)\b",
    re.IGNORECASE,
)
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # snake_case: a code that reached the screen


def _latin_words(text: str, allowed: set[str]) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in allowed]


def _allowed_latin(game) -> set[str]:
    ed = game.edition
    names = (
        [s.name for s in ed.squares] + [g.name for g in ed.groups.values()] + [d.name for d in ed.decks.values()]
    )
    names += (
        [c.text for d in ed.decks.values() for c in d.cards] + [ed.name, ed.currency.format] + list(game.names)
    )
    return {w for n in names for w in re.findall(r"[A-Za-z]{2,}", n)} | {"Hasbro"}


def _check(lang: str, text: str, where: str, allowed: set[str]) -> None:
    assert text.strip(), where
    assert "{" not in text and "}" not in text, f"{lang} {where}: placeholder left in: {text}"
    assert not CODE.search(text), f"{lang} {where}: a code on screen: {text}"
    if lang == "ru":
        assert not _latin_words(text, allowed), f"ru {where}: Latin words {_latin_words(text, allowed)}: {text}"
    elif lang == "pl":
        found = [w for w in ENGLISH.findall(text) if w not in allowed]
        assert not found, f"pl {where}: English words {found}: {text}"


SEEDS = {"odessa": (1, 2, 3), "businesspoly": (1, 2, 3), "businesspoly-short": (1,)}


def _screens(ruleset: str, lang: str, seed: int, names: list[str]):
    game = landlords.new_game(None, ruleset, players=names, seed=seed)
    bots = [make_bot("baseline", seed=seed * 7 + i) for i in range(len(names))]
    kinds = set()
    allowed = _allowed_latin(game)
    words = Speaker(game, lang)
    shown = 0
    for _ in range(2500):
        if game.over:
            break
        d = game.decision
        kinds.add(d.kind)
        _check(lang, decision_title(game, d, lang), f"{ruleset} title {d.kind}", allowed)
        for line in decision_info(game, d, lang, words).lines():
            _check(lang, line, f"{ruleset} info {d.kind}", allowed)
        for a in list(game.legal_actions(d.seat))[:40]:
            _check(lang, action_label(game, d.seat, a, lang), f"{ruleset} act {a.TYPE}", allowed)
            ask = confirmation(game, d.seat, a, lang, words)
            if ask is not None:
                _check(lang, ask, f"{ruleset} confirm {a.TYPE}", allowed)
        game.apply(d.seat, bots[d.seat].act(game, d))
        for ev in game.events[shown:]:
            _check(lang, describe(game, ev, lang, words), f"{ruleset} event {ev.KIND}", allowed)
            _check(lang, recap(game, ev, lang, words), f"{ruleset} recap {ev.KIND}", allowed)
        shown = len(game.events)
    for sq in game.t.properties:
        for line in property_card(game, sq, lang, words).lines():
            _check(lang, line, f"{ruleset} card {sq}", allowed)
    for line in [title(game.rules, lang), *summary(game.rules, lang)]:
        _check(lang, line, f"{ruleset} summary", allowed)
    return kinds


NAMES = {"ru": ["Вы", "Аня", "Бот 1"], "pl": ["Ty", "Ania", "Bartek"], "en": ["You", "Ann", "Bot 1"]}


@pytest.mark.parametrize("lang", ["ru", "pl"])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_screen_of_every_ruleset_is_translated(ruleset, lang):
    kinds = set()
    for seed in SEEDS.get(ruleset, (1,)):
        kinds |= _screens(ruleset, lang, seed, NAMES[lang])
    assert {D.PRE_ROLL, D.BUY} <= kinds
    if ruleset == "odessa":
        assert {"malina_visit", "mortgage_lap"} <= kinds
    if ruleset == "businesspoly":
        assert {"court", "redeem"} <= kinds


@pytest.mark.parametrize("lang", ["ru", "pl", "en"])
def test_every_action_type_has_a_label_and_a_name(lang):
    from landlords.i18n import has

    for code in ACTION_TYPES:
        assert has(lang, f"type.{code}"), f"{lang}: type.{code}"
