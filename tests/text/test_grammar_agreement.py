"""Issue 30, item 4: Russian and Polish declension and agreement, and plurals by count in every
language. A square's name never goes into an oblique case: it follows a generic noun in the case the
sentence needs («покупает поле «Улица Арбат»», „kupuje pole „Ulica Grochowska””), so it stays in the
nominative for any edition and any gloss; a state of a square is an invariant phrase («в залоге»);
every predicate about a person agrees with her or with the person addressed; a count takes the
plural form its number needs ("1 house", «1 дом», «21 действия»). Sentences are written out by hand."""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

import landlords
from landlords.describe.labels import offer_lines
from landlords.describe.words import Speaker
from landlords.engine import events as E
from landlords.i18n import reason, tr
from landlords.render.text import describe, recap

MOSCOW = ["Аня", "Вы", "Борис"]
WARSAW = ["Ania", "Ty", "Bartek"]


def _game(names, edition="moscow", ruleset="hasbro-ru"):
    return landlords.new_game(edition, ruleset, players=names, seed=1)


@pytest.mark.parametrize(
    "event, line",
    [
        (E.Bought(0, 39, 400), "Аня покупает поле «Улица Арбат» за 400 тыс. ₽"),
        (E.Bought(1, 9, 0), "Вы получаете поле «Первая Парковая улица»"),
        (E.Mortgaged(2, 15, 100), "Борис закладывает поле «Курская железная дорога» за 100 тыс. ₽"),
        (E.Unmortgaged(0, 15, 110), "Аня выкупает поле «Курская железная дорога» из залога за 110 тыс. ₽"),
        (E.DebtIncurred(0, 100, E.BANK), "Аня должна 100 тыс. ₽ банку, и ей нужно найти деньги"),
        (E.DebtIncurred(2, 100, 0), "Борис должен 100 тыс. ₽ Ане, и ему нужно найти деньги"),
        (E.DebtIncurred(1, 100, E.BANK), "Вы должны 100 тыс. ₽ банку, и вам нужно найти деньги"),
        (E.WentBankrupt(1, E.BANK), "Вы — банкрот (кредитор: банк)"),
        (E.WentBankrupt(0, 2), "Аня — банкрот (кредитор: Борис)"),
        (E.TurnOrderRolled((), 1), "Вы выбрасываете больше всех и ходите первым"),
        (E.TurnOrderRolled((), 0), "Аня выбрасывает больше всех и ходит первой"),
        (E.Moved(0, 35, 0, True), "Аня останавливается на поле «Вперёд (Старт)»"),
        (
            E.Moved(0, 35, 5, True),
            "Аня проходит поле «Вперёд (Старт)» и переходит на поле «Рижская железная дорога»",
        ),
    ],
)
def test_russian_events_decline_through_a_generic_noun_and_agree(event, line):
    assert describe(_game(MOSCOW), event, "ru") == line


@pytest.mark.parametrize(
    "event, line",
    [
        (E.Bought(0, 39, 400), "Ania kupuje pole „Aleje Ujazdowskie” za $400"),
        (E.Bought(1, 9, 0), "Ty otrzymujesz pole „Ulica Targowa”"),
        (E.Mortgaged(2, 15, 100), "Bartek oddaje pole „Dworzec Gdański” pod zastaw za $100"),
        (E.Unmortgaged(0, 15, 110), "Ania wykupuje pole „Dworzec Gdański” z zastawu za $110"),
        (E.TradeProposed(0, 2, {}), "Ania proponuje Bartkowi transakcję"),
        (E.DebtIncurred(0, 100, E.BANK), "Ania jest winna $100 bankowi i musi zdobyć gotówkę"),
        (E.Moved(2, 35, 0, True), "Bartek staje na polu „START”"),
    ],
)
def test_polish_events_decline_through_a_generic_noun_and_agree(event, line):
    assert describe(_game(WARSAW, "warsaw", "polish"), event, "pl") == line


def test_the_past_tense_keeps_the_generic_noun():
    g = _game(MOSCOW)
    assert recap(g, E.Bought(0, 39, 400), "ru") == "Аня купила поле «Улица Арбат» за 400 тыс. ₽"
    assert recap(g, E.Mortgaged(1, 15, 100), "ru") == "Вы заложили поле «Курская железная дорога» за 100 тыс. ₽"
    pl = _game(WARSAW, "warsaw", "polish")
    assert recap(pl, E.Bought(0, 39, 400), "pl") == "Ania kupiła pole „Aleje Ujazdowskie” za $400"


def test_english_lands_on_go_and_the_person_addressed_is_you():
    g = _game(["Ann", "You"], "classic-us")
    assert describe(g, E.Moved(1, 35, 0, True), "en") == "You land on Go"
    assert describe(g, E.Moved(0, 35, 5, True), "en") == "Ann passes Go and moves to Reading Railroad"


class Refusal(Exception):
    def __init__(self, rule: str, **params: object) -> None:
        super().__init__(rule)
        self.rule, self.params = rule, params


@pytest.mark.parametrize(
    "lang, rule, params, text",
    [
        ("en", "bankrupt", {"player": "You"}, "You are bankrupt and out of the game"),
        ("en", "trade-jail-card", {"player": "You", "deck": "chance"}, "You have no jail card from chance"),
        (
            "en",
            "hotel-sale-needs-houses",
            {"houses": 1},
            "the bank has 1 house: a hotel is sold back only for four houses",
        ),
        (
            "ru",
            "hotel-sale-needs-houses",
            {"houses": 1},
            "в банке 1 дом: отель можно продать только в обмен на четыре дома",
        ),
        (
            "ru",
            "hotel-sale-needs-houses",
            {"houses": 3},
            "в банке 3 дома: отель можно продать только в обмен на четыре дома",
        ),
        (
            "pl",
            "hotel-sale-needs-houses",
            {"houses": 2},
            "bank ma 2 domki: hotel sprzedaje się tylko za cztery domki",
        ),
        ("ru", "build-limit-per-turn", {"limit": 1}, "не более 1 здания на одну цветовую группу за ход"),
        ("pl", "build-limit-per-turn", {"limit": 1}, "najwyżej 1 budynek na grupę kolorów w jednym ruchu"),
        ("en", "build-limit-per-turn", {"limit": 1}, "at most 1 building per colour group in one turn"),
        (
            "ru",
            "trade-jail-card",
            {"player": "Вы", "deck": "шанс"},
            "у вас нет карточки освобождения из колоды шанс",
        ),
        (
            "ru",
            "trade-jail-card",
            {"player": "Аня", "deck": "шанс"},
            "у Ани нет карточки освобождения из колоды шанс",
        ),
        (
            "ru",
            "no-spending-in-debt",
            {"player": "Аня", "amount": 5},
            "Аня должна 5: сначала соберите деньги (продажа, залог), тратить нельзя",
        ),
        (
            "ru",
            "no-trading-mortgaged",
            {"square": "Улица Арбат"},
            "поле «Улица Арбат» в залоге: его нельзя продать",
        ),
        (
            "pl",
            "no-trading-mortgaged",
            {"square": "Ulica Stalowa"},
            "pole „Ulica Stalowa” jest w zastawie: nie można go sprzedać",
        ),
        (
            "pl",
            "railroad-not-mortgageable",
            {"square": "Dworzec Gdański"},
            "pola „Dworzec Gdański” nie można zastawić",
        ),
        ("pl", "trade-cash", {"player": "Ty", "amount": 5}, "Ty nie możesz dać 5 w gotówce"),
        (
            "ru",
            "even-building",
            {"square": "Улица Арбат", "level": 1, "other": "Улица Малая Бронная", "other_level": 0},
            "строить нужно равномерно: на поле «Улица Арбат» 1 дом, на поле «Улица Малая Бронная» — 0",
        ),
        (
            "pl",
            "even-building",
            {"square": "Ulica Stalowa", "level": 2, "other": "Ulica Konopacka", "other_level": 1},
            "buduj równomiernie: na polu „Ulica Stalowa” 2 domki, na polu „Ulica Konopacka” 1",
        ),
        (
            "en",
            "even-building",
            {"square": "Boardwalk", "level": 1, "other": "Park Place", "other_level": 0},
            "houses must be built evenly: Boardwalk has 1 house, Park Place 0",
        ),
    ],
)
def test_refusals_agree_and_count(lang, rule, params, text):
    assert reason(lang, Refusal(rule, **params)) == text


@pytest.mark.parametrize(
    "lang, n, text",
    [
        ("en", 1, "Resumed after 1 action. The last moves:"),
        ("en", 4, "Resumed after 4 actions. The last moves:"),
        ("ru", 1, "Игра продолжается после 1 действия. Последние ходы:"),
        ("ru", 21, "Игра продолжается после 21 действия. Последние ходы:"),
        ("ru", 3, "Игра продолжается после 3 действий. Последние ходы:"),
    ],
)
def test_counts_take_the_plural_their_number_needs(lang, n, text):
    assert tr(lang, "ui.resumed", n=n) == text


def test_the_bank_stock_counts_by_the_plural_rule():
    import landlords
    from landlords.describe.words import Speaker
    from landlords.render.text import bank_stock

    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1)
    game.bank_houses, game.bank_hotels = 1, 1
    assert bank_stock(game, Speaker(game, "en")) == "bank: 1 house, 1 hotel"
    game.bank_houses, game.bank_hotels = 0, 2
    assert bank_stock(game, Speaker(game, "en")) == "bank: 0 houses, 2 hotels"


def test_a_mortgaged_lot_in_an_offer_is_in_an_invariant_state():
    g = _game(MOSCOW)
    g.set_owner(15, 0)
    g.mortgaged[15] = True
    lines = offer_lines(g, "ru", 0, 2, ((15,), 0, ()), ((), 10, ()))
    assert lines == ["Аня отдаёт: Курская железная дорога (в залоге)", "Борис отдаёт: 10 тыс. ₽"]
    pl = _game(WARSAW, "warsaw", "polish")
    pl.set_owner(15, 0)
    pl.mortgaged[15] = True
    assert offer_lines(pl, "pl", 0, 2, ((15,), 0, ()), ((), 0, ()))[0] == "Ania daje: Dworzec Gdański (w zastawie)"


def test_decisions_and_actions_name_the_square_after_a_generic_noun():
    from landlords.describe.labels import action_label, decision_title

    g = landlords.new_game("moscow", "hasbro-ru", players=["Аня", "Борис"], seed=1, first_player=0, dice=[(1, 2)])
    g.apply(0, landlords.Roll())
    assert decision_title(g, g.decision, "ru") == "Аня: купить поле «Нагатинская улица» за 60 тыс. ₽?"
    assert action_label(g, 0, g.decision_actions()[0], "ru") == "Купить поле «Нагатинская улица» за 60 тыс. ₽"


# ---------------------------------------------------------------- the catalogs themselves
OWN = ("core", "ui", "describe", "panels", "words", "fair", "advice", "play", "alerts", "connect", "web", "server")
SQUARE = re.compile(r"[«„]?\{(square|end|go|start|other|target|lot)(:[a-z]+)?\}")
# what may stand before a square's name: a generic noun, or nothing that governs a case
BEFORE = re.compile(r"(^|(поле|поля|pole|polu|pola) |: |— |\(|, )$")


def _templates(lang: str):
    for name in OWN:
        data = tomllib.loads((resources.files("landlords.i18n") / lang / f"{name}.toml").read_text("utf-8"))
        stack = [("", data)]
        while stack:
            prefix, table = stack.pop()
            for key, value in table.items():
                if isinstance(value, dict):
                    stack.append((f"{prefix}{key}.", value))
                elif isinstance(value, str):
                    yield f"{name}:{prefix}{key}", value


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_no_template_puts_a_square_name_in_an_oblique_case(lang):
    wrong = [
        (key, text)
        for key, text in _templates(lang)
        for m in SQUARE.finditer(text)
        if m.group(2) or not BEFORE.search(text[: m.start()])
    ]
    assert not wrong, wrong


def test_polish_uses_one_word_per_concept():
    words = " ".join(text for _, text in _templates("pl")).lower()
    assert "transakcj" in words and "kaucj" in words
    assert not re.search(r"\bwymian\w*|\bkar[aęy]\b", words), re.findall(r"\bwymian\w*|\bkar[aęy]\b", words)


@pytest.mark.parametrize("lang", ["ru", "pl", "en"])
def test_every_language_has_the_landing_on_go_message(lang):
    assert tr(lang, "event.moved_to_go", seat=Speaker(_game(["A", "B"]), lang).name(0), end="GO").endswith("GO")


def test_a_woman_addressed_as_you_gets_her_own_forms():
    pl = _game(WARSAW, "warsaw", "polish")
    her = Speaker(pl, "pl", profiles={1: {"gender": "f"}})
    assert recap(pl, E.Bought(1, 1, 60), "pl", her) == "Ty kupiłaś pole „Ulica Konopacka” za $60"
    assert recap(pl, E.Bought(1, 1, 60), "pl") == "Ty kupiłeś pole „Ulica Konopacka” za $60"
    assert (
        describe(pl, E.DebtIncurred(1, 5, E.BANK), "pl", her)
        == "Ty jesteś winna $5 bankowi i musisz zdobyć gotówkę"
    )
    ru = _game(MOSCOW)
    she = Speaker(ru, "ru", profiles={1: {"gender": "f"}})
    assert describe(ru, E.TurnOrderRolled((), 1), "ru", she) == "Вы выбрасываете больше всех и ходите первой"
    assert (
        describe(ru, E.DebtIncurred(1, 5, E.BANK), "ru", she)
        == "Вы должны 5 тыс. ₽ банку, и вам нужно найти деньги"
    )


def test_the_connected_terminal_names_the_seat_without_a_case():
    assert tr("ru", "connect.you_are", player="Аня", seat=2) == "Вы играете под именем Аня (место 2)."


@pytest.mark.parametrize("lang, forms", [("en", 2), ("ru", 3), ("pl", 3)])
def test_every_count_spec_has_the_languages_plural_forms(lang, forms):
    """one|other in English, one|few|many in Russian and Polish: a count with too few forms would
    print the wrong one for some numbers."""
    specs = [(key, m) for key, text in _templates(lang) for m in re.findall(r"\{\w+:p:([^}]*)\}", text)]
    assert specs
    wrong = [(key, spec) for key, spec in specs if len(spec.split("|")) != forms]
    assert not wrong, wrong


def test_a_real_refusal_counts_in_the_players_language():
    """The engine's refusal, worded from its parameters by the catalog: «1 дом», "1 house"."""
    from landlords.engine.errors import IllegalAction

    g = landlords.new_game(
        "classic-us",
        "hasbro-ru",
        players=["Ann", "Bob"],
        seed=1,
        first_player=0,
        rules={"hotel_sale_without_houses": "forbidden"},
    )
    for sq in (1, 3):
        g.set_owner(sq, 0)
        g.level[sq] = 5
    g.bank_houses = 1
    with pytest.raises(IllegalAction) as err:
        g.apply(0, landlords.SellBuilding(1))
    assert reason("en", err.value) == "the bank has 1 house: a hotel is sold back only for four houses"
    assert reason("ru", err.value) == "в банке 1 дом: отель можно продать только в обмен на четыре дома"
