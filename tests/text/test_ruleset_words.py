"""`landlords rules`, `rulesets` and `editions` in the reader's language, and a ruleset's summary
worded from the options in force (issue 30 item 3, issue 31): a house rule changes the sentence
about it, an option's meaning comes from the catalogs, and the column headers too."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from landlords.cli.main import main
from landlords.describe.rulesets import summary
from landlords.engine.ruleset import Ruleset
from landlords.i18n import LANGUAGES, catalog
from landlords.rules import get_ruleset


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


FREE_PARKING = {
    "en": ("Free parking is a rest; mortgages are lifted with 10% interest.", "skip"),
    "ru": ("Бесплатная стоянка — отдых; залог выкупается с 10%.", "пропускается"),
    "pl": ("Bezpłatny parking to odpoczynek; zastaw wykupuje się z 10% odsetek.", "traci się"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_house_rule_changes_the_summary_sentence_about_it(lang):
    rest = get_ruleset("hasbro-ru", {"free_parking": "rest"})
    lines = summary(rest, lang, get_ruleset("hasbro-ru"))
    line, old = FREE_PARKING[lang]
    assert line in lines
    assert not any(old in x for x in lines)
    out = run("rules", "hasbro-ru", "--rule", "free_parking=rest", "--lang", lang)
    assert " • " + line in out


def test_the_summary_names_the_values_in_force():
    rules = get_ruleset("businesspoly", {"jail_fine": 100, "lap_tax_per_group": 30, "houses": 21})
    text = "\n".join(summary(rules, "en"))
    assert "leave with a double, the lawyer card or 100." in text
    assert "At Start you get the salary and pay 30 for each industry you hold a lot in" in text
    classic = "\n".join(summary(get_ruleset("hasbro-ru", {"houses": 21, "rent_claim": "automatic"}), "ru"))
    assert "в банке 21 дом и 12 отелей" in classic
    assert "Аренда собирается сама." in classic
    odessa = "\n".join(summary(get_ruleset("odessa"), "en"))
    assert "Barysh (rent) must be claimed before the next roll." in odessa
    assert "(the challenger wins 9.3% of the time: 5 in 54)" in odessa


def test_rules_in_russian_and_polish_explain_every_option_in_that_language():
    ru = run("rules", "odessa", "--lang", "ru")
    assert "odessa: «Одесская Монополия» из источника 003: малины и спор за них," in ru
    assert "Настройка задаётся так: --rule КЛЮЧ=ЗНАЧЕНИЕ;" in ru
    assert "    зарплата за проход или попадание на старт" in ru
    assert "salary for passing" not in ru
    flat = " ".join(ru.split())  # (the notes wrap at the console's width)
    assert "игроков [источник 003, строка 17 (O-18: предусмотрено больше пяти игроков; 2–8)]" in flat
    assert "[источник 003, строки 114-123: штрафа нет, на Бирже играют]" in flat
    pl = run("rules", "businesspoly", "--lang", "pl", "--rule", "jail_fine=100")
    assert "* jail_fine = 100  (w zestawie: 200)" in pl
    assert "    kaucja za wyjście z więzienia" in pl
    en = run("rules", "hasbro-ru", "--lang", "en")
    assert "    salary for passing or landing on GO [seed 000, line 21]" in en or "salary for passing" in en


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_has_its_meaning_in_every_catalog(lang):
    words = catalog(lang)
    missing = [f.name for f in Ruleset.options() if f"option.{f.name}" not in words]
    assert not missing


HEADERS = {
    "rulesets": {"ru": ("код", "название", "издание", "чем отличается"), "pl": ("kod", "nazwa", "wydanie")},
    "editions": {"ru": ("код", "название", "язык", "полей", "валюта"), "pl": ("kod", "nazwa", "język", "pól")},
}


@pytest.mark.parametrize("command", ["rulesets", "editions"])
@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_the_lists_take_their_headers_from_the_catalogs(command, lang):
    out = run(command, "--lang", lang)
    head = next(line for line in out.splitlines() if "┃" in line)
    for word in HEADERS[command][lang]:
        assert f" {word} " in head, (word, head)
    assert " what is special " not in head and " language " not in head


def test_editions_in_english_read_the_glossed_names_and_currency():
    out = run("editions", "--lang", "en")
    row = next(line for line in out.splitlines() if line.startswith("│ odessa "))
    assert "│ Odessa Monopoly" in row and "│ 200 roubles " in row


def test_the_english_meanings_are_the_options_own_docs():
    english = catalog("en")
    stale = [f.name for f in Ruleset.options() if english[f"option.{f.name}"] != f.metadata.get("doc", "")]
    assert not stale, f"options.toml differs from engine/ruleset.py for {stale}"
