"""Every message a player reads exists in Russian, Polish and English."""

from __future__ import annotations

import pytest

import landlords
from landlords.bots import BaselineBot
from landlords.engine import events as E
from landlords.i18n import LANGUAGES, catalog, default_language, plural, tr
from landlords.render.text import describe, message_key, position
from landlords.sim.runner import play


def _message_keys(lang: str) -> set[str]:
    """Keys of a catalog, a word's plural forms and a noun's case forms counted once: each language
    has the forms its own grammar needs (CLDR plural categories, cases)."""
    import re

    out = set()
    for key in catalog(lang):
        key = re.sub(r"(vocab\.\w+)\.(one|few|many|other)$", r"\1", key)
        key = re.sub(r"^(noun\.\w+)\.\w+$", r"\1", key)
        out.add(key)
    return out


def test_no_catalog_lacks_a_message():
    english = _message_keys("en")
    for lang in LANGUAGES:
        missing = english - _message_keys(lang)
        extra = _message_keys(lang) - english
        assert not missing, f"{lang} lacks {sorted(missing)}"
        assert not extra, f"{lang} has messages English lacks: {sorted(extra)}"


def test_placeholders_agree_across_languages():
    import string

    def names(text: str) -> set[str]:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    for key, text in catalog("en").items():
        for lang in LANGUAGES:
            if key in catalog(lang):
                assert names(catalog(lang)[key]) == names(text), f"{lang}:{key}"


def test_every_counted_word_has_the_plural_forms_its_language_needs():
    from babel import Locale

    for lang in LANGUAGES:
        needed = set(Locale.parse(lang).plural_form.tags) | {"other"}
        words = {k.rsplit(".", 1)[0] for k in catalog(lang) if ".vocab." in "." + k and k.endswith(".few")}
        words |= {k.rsplit(".", 1)[0] for k in catalog(lang) if k.endswith(".other") and "vocab." in k}
        for word in words:
            have = {k.rsplit(".", 1)[1] for k in catalog(lang) if k.rsplit(".", 1)[0] == word}
            assert needed <= have, f"{lang}: {word} lacks {sorted(needed - have)}"


def test_every_engine_event_has_a_message():
    kinds = [cls for cls in vars(E).values() if isinstance(cls, type) and issubclass(cls, E.Event) and cls.KIND]
    english = catalog("en")
    for cls in kinds:
        assert any(key == f"event.{cls.KIND}" or key.startswith(f"event.{cls.KIND}_") for key in english), cls


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "edition, ruleset", [("moscow", "hasbro-ru"), ("warsaw", "polish"), ("classic-us", "hasbro-ru")]
)
def test_a_whole_game_reads_in_every_language(lang, edition, ruleset):
    game = landlords.new_game(edition, ruleset, players=3, seed=4, rules={"speed_die": True}, auto_claim=True)
    play(game, [BaselineBot() for _ in range(3)], max_turns=400)
    seen = set()
    for ev in game.events:
        text = describe(game, ev, lang)
        assert text and "{" not in text and not text.startswith(type(ev).__name__ + "(")
        seen.add(message_key(ev))
    assert {"event.rolled", "event.moved", "event.paid", "event.game_over"} <= seen
    assert game.names[game.winner] in position(game, lang)


def test_russian_and_polish_plurals():
    assert [plural("ru", n, "дом|дома|домов") for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "дом",
        "дома",
        "домов",
        "домов",
        "дом",
        "дома",
        "домов",
    ]
    assert [plural("pl", n, "domek|domki|domków") for n in (1, 2, 5, 12, 22, 25)] == [
        "domek",
        "domki",
        "domków",
        "domków",
        "domki",
        "domków",
    ]
    assert plural("en", 1, "house|houses") == "house" and plural("en", 3, "house|houses") == "houses"


def test_default_language_follows_the_locale(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert default_language() == "pl"
    monkeypatch.setenv("LANGUAGE", "ru:en")
    assert default_language() == "ru"


def test_unknown_language_is_a_clear_error():
    with pytest.raises(ValueError, match="no messages in 'de'"):
        tr("de", "party.bank")


def _rule_ids(folder: str) -> set[str]:
    import re
    from pathlib import Path

    ids: set[str] = set()
    for path in Path(folder).rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        ids |= set(re.findall(r'IllegalAction\(\s*"([a-z0-9-]+)"', text))
        ids |= set(re.findall(r'(?:return|why =) \(\s*"([a-z0-9-]+)",', text))
        ids |= set(re.findall(r'_window_problem\([^)]*"([a-z-]+-timing)"', text))
    return ids


def test_every_refusal_of_the_engine_has_a_translation():
    from pathlib import Path

    import landlords.engine
    import landlords.rules

    ids = _rule_ids(str(Path(landlords.engine.__file__).parent))
    ids |= _rule_ids(str(Path(landlords.rules.__file__).parent))  # the variants' refusals too
    assert len(ids) > 40
    for lang in LANGUAGES:
        missing = {i for i in ids if f"rule.{i}" not in catalog(lang)}
        assert not missing, f"{lang} lacks reasons for {sorted(missing)}"


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "houses must be built evenly: Boardwalk has 2 houses, Park Place 0"),
        ("ru", "строить нужно равномерно: на поле «Улица Арбат» 2 дома, на поле «Улица Малая Бронная» — 0"),
        ("pl", "buduj równomiernie: na polu „Aleje Ujazdowskie” 2 domki, na polu „Ulica Belwederska” 0"),
    ],
)
def test_a_refusal_reads_in_the_players_language(lang, expected):
    from landlords.engine import Build, IllegalAction
    from landlords.i18n import reason

    edition = {"en": "classic-us", "ru": "moscow", "pl": "warsaw"}[lang]
    game = landlords.new_game(edition, "hasbro-ru", players=2, seed=1, first_player=0)
    for sq in (37, 39):
        game.set_owner(sq, 0)
    game.level[39] = 2
    game.bank_houses -= 2
    with pytest.raises(IllegalAction) as info:
        game.check(0, Build(39))
    assert reason(lang, info.value, game.edition.currency.show) == expected


def test_a_cash_refusal_shows_money_in_the_editions_currency():
    from landlords.engine import BUY, ROLL, IllegalAction
    from landlords.i18n import reason

    game = landlords.new_game("moscow", "hasbro-ru", players=2, seed=1, first_player=0, dice=[(1, 2)])
    game.apply(0, ROLL)
    game.cash[0] -= 1490
    game.bank_balance += 1490
    with pytest.raises(IllegalAction) as info:
        game.check(0, BUY)
    assert reason("ru", info.value, game.edition.currency.show) == "это стоит 60 тыс. ₽; у вас 10 тыс. ₽"
    assert reason("en", info.value) == "this costs 60; you have 10"
