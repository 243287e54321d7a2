"""Grammar from data: names in the case a sentence needs, agreement with the player's gender, the
person playing at the default seat addressed in the second person, plurals by CLDR, glosses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import landlords
from landlords.describe.cards import property_card
from landlords.describe.words import Speaker, count, one_language, quote, sentence_case
from landlords.engine import events as E
from landlords.i18n import nest_quotes
from landlords.i18n.grammar import guess, parse_name, profile
from landlords.render.text import describe


@pytest.mark.parametrize(
    "name, lang, gender, dat, gen, acc, ins",
    [
        ("Аня", "ru", "f", "Ане", "Ани", "Аню", "Аней"),
        ("Маша", "ru", "f", "Маше", "Маши", "Машу", "Машей"),
        ("Мария", "ru", "f", "Марии", "Марии", "Марию", "Марией"),
        ("Миша", "ru", "m", "Мише", "Миши", "Мишу", "Мишей"),
        ("Иван", "ru", "m", "Ивану", "Ивана", "Ивана", "Иваном"),
        ("Андрей", "ru", "m", "Андрею", "Андрея", "Андрея", "Андреем"),
        ("Игорь", "ru", "m", "Игорю", "Игоря", "Игоря", "Игорем"),
        ("Бот 1", "ru", "m", "Боту 1", "Бота 1", "Бота 1", "Ботом 1"),
        ("Bartek", "pl", "m", "Bartkowi", "Bartka", "Bartka", "Bartkiem"),
        ("Jan", "pl", "m", "Janowi", "Jana", "Jana", "Janem"),
        ("Anna", "pl", "f", "Annie", "Anny", "Annę", "Anną"),
        ("Kasia", "pl", "f", "Kasi", "Kasi", "Kasię", "Kasią"),
        ("Monika", "pl", "f", "Monice", "Moniki", "Monikę", "Moniką"),
        ("Ola", "pl", "f", "Oli", "Oli", "Olę", "Olą"),
        ("Kuba", "pl", "m", "Kubie", "Kuby", "Kubę", "Kubą"),
    ],
)
def test_names_are_declined_from_their_endings(name, lang, gender, dat, gen, acc, ins):
    p = guess(name, lang)
    assert (p.gender, p.case("dat"), p.case("gen"), p.case("acc"), p.case("ins")) == (gender, dat, gen, acc, ins)


def test_a_guess_can_be_overridden():
    assert guess("Саша", "ru").gender == "m"
    name, own = parse_name("Саша:f")
    assert (name, own) == ("Саша", {"gender": "f"})
    assert profile(name, "ru", own).gender == "f"
    assert profile("Кэрол", "ru", {"gender": "f", "dat": "Кэрол"}).case("dat") == "Кэрол"
    with pytest.raises(ValueError, match="gender"):
        profile("Ann", "en", {"gender": "x"})


def _game(names, edition="moscow", ruleset="hasbro-ru"):
    return landlords.new_game(edition, ruleset, players=names, seed=1)


def test_payments_take_the_dative_and_verbs_agree():
    g = _game(["Вы", "Аня", "Бот 1"])
    w = Speaker(g, "ru")
    assert (
        describe(g, E.Paid(2, 1, 30, "rent", 1), "ru")
        == "Бот 1 платит 30 тыс. ₽ Ане (аренда) за поле «Житная улица»"
    )
    assert describe(g, E.Paid(E.BANK, 1, 200, "salary"), "ru") == "Банк платит 200 тыс. ₽ Ане (зарплата)"
    assert (
        describe(g, E.Paid(0, 2, 30, "rent", 1), "ru")
        == "Вы платите 30 тыс. ₽ Боту 1 (аренда) за поле «Житная улица»"
    )
    assert describe(g, E.Rolled(0, (3, 4)), "ru") == "Вы бросаете кубики: 3 + 4 = 7"
    assert describe(g, E.RentOwed(1, 2, 1, 30), "ru") == "Бот 1 должен 30 тыс. ₽ аренды Ане за поле «Житная улица»"
    assert (
        describe(g, E.RentOwed(2, 1, 1, 30), "ru") == "Аня должна 30 тыс. ₽ аренды Боту 1 за поле «Житная улица»"
    )
    assert describe(g, E.RentOwed(1, 0, 1, 30), "ru") == "Вы должны 30 тыс. ₽ аренды Ане за поле «Житная улица»"
    assert (
        describe(g, E.RentForfeited(1, 0, 1, 30), "ru")
        == "Аня не потребовала вовремя аренду за поле «Житная улица»"
    )
    assert describe(g, E.LeftJail(1, "fine"), "ru") == "Аня выходит из тюрьмы, уплатив штраф"
    assert w.t("event.paid_no_square", payer=w.name(0), payee=w.party(E.BANK), amount="1", reason="x") == (
        "Вы платите 1 банку (x)"
    )


def test_polish_payments_and_accusatives():
    g = _game(["Ty", "Ania", "Bartek"], "warsaw", "polish")
    assert (
        describe(g, E.Paid(1, 2, 30, "rent", 1), "pl")
        == "Ania płaci $30 Bartkowi (czynsz) za pole „Ulica Konopacka”"
    )
    assert describe(g, E.Bought(0, 1, 60), "pl") == "Ty kupujesz pole „Ulica Konopacka” za $60"
    assert (
        describe(g, E.RentForfeited(1, 0, 1, 30), "pl")
        == "Ania nie zażądała na czas czynszu za pole „Ulica Konopacka”"
    )
    assert describe(g, E.Paid(E.BANK, 1, 200, "salary"), "pl") == "Bank płaci $200 Ani (pensja)"
    bots = _game(["Ania", "Bot 1"], "warsaw", "polish")  # a number never follows a name that ends in one
    rent = E.Paid(0, 1, 6, "rent", 1)
    assert describe(bots, rent, "pl") == "Ania płaci $6 Botowi 1 (czynsz) za pole „Ulica Konopacka”"
    assert (
        describe(bots, E.Paid(0, 1, 6, "rent", 1), "en")
        == "Ania pays $6 to Bot 1 (rent) for Ulica Konopacka (Konopacka Street)"
    )


def test_the_default_player_is_addressed_as_you_in_english():
    g = _game(["You", "Ann"], "classic-us")
    assert describe(g, E.Moved(0, 0, 5, False), "en").startswith("You move to ")
    assert describe(g, E.Moved(1, 0, 5, False), "en").startswith("Ann moves to ")
    assert describe(g, E.Paid(1, 0, 30, "rent"), "en") == "Ann pays $30 to you (rent)"
    assert describe(g, E.JailCardTransferred("chance", 0, -1), "en").startswith("Your jail card goes back")


def test_plurals_come_from_cldr_and_the_variant_has_its_own_words():
    assert [count("ru", "house", n) for n in (1, 2, 5, 21)] == ["1 дом", "2 дома", "5 домов", "21 дом"]
    assert [count("pl", "house", n) for n in (1, 2, 5, 22)] == ["1 domek", "2 domki", "5 domków", "22 domki"]
    assert count("ru", "house", 2, "odessa") == "2 артели"
    assert count("en", "hotel", 1, "businesspoly") == "1 business centre"


def _opens_inside(text: str) -> bool:
    """Whether a quote opens while another is open (« closes with », „ with ” or “)."""
    open_mark = None
    for ch in text:
        if open_mark is not None and ch in "«„":
            return True
        if ch in "«„":
            open_mark = ch
        elif (open_mark == "«" and ch == "»") or (open_mark == "„" and ch in "”“"):
            open_mark = None
    return False


@given(st.text(alphabet="ab «»„”“‚’", max_size=16))
def test_a_text_without_a_quote_inside_a_quote_comes_back_unchanged(text):
    """nest_quotes' fast path (a search for a quote inside a quote) against the marks counted one
    by one: only a quote opened inside another may change a text; « inside « always does."""
    out = nest_quotes(text)
    assert len(out) == len(text)
    if not _opens_inside(text):
        assert out == text
    if "««" in text.replace("a", "").replace("b", "").replace(" ", ""):
        assert out != text


def test_quotes_do_not_nest_and_card_texts_are_not_shouted():
    assert quote("ru", "Кафе «Х.Л.А.М.»") == "«Кафе „Х.Л.А.М.“»"
    assert nest_quotes("на «Кафе «Х.Л.А.М.»»") == "на «Кафе „Х.Л.А.М.“»"
    assert sentence_case("GO TO JAIL. DO NOT PASS GO.") == "Go to jail. Do not pass go."
    for name in landlords.edition_names():
        ed = landlords.load_edition(name)
        for deck in ed.decks.values():
            for card in deck.cards:
                assert sentence_case(card.text) == card.text, f"{name}: {card.text}"


def test_english_players_see_glosses_on_russian_boards():
    """In the terminal's sentences: the name and its gloss. In one language (the web, whose board is
    drawn in the reader's words): the gloss alone; everywhere the money in the reader's words (the
    edition's gloss of its currency) and a bot's default name in the reader's language."""
    g = _game(["You", "Ann"], "odessa", "odessa")
    assert Speaker(g, "en").square(1) == "Кафе «Х.Л.А.М.» (Café “H.L.A.M.”)"
    assert Speaker(g, "ru").square(1) == "«Кафе „Х.Л.А.М.“»"
    moscow = _game(["Анна", "Бот 3"], "moscow", "hasbro-ru")
    assert Speaker(moscow, "en").money(1500) == "₽1500k" and str(Speaker(moscow, "en").name(1)) == "Bot 3"
    with one_language():
        assert (
            Speaker(g, "en").square(1) == "Café “H.L.A.M.”" and Speaker(g, "ru").square(1) == "«Кафе „Х.Л.А.М.“»"
        )
        assert Speaker(g, "en").money(1500) == "1500 roubles" and Speaker(g, "ru").money(1500) == "1500 руб."
        w = Speaker(moscow, "en")
        assert w.money(1500) == "₽1500k" and w.money(20000) == "₽20,000k" and str(w.group(1)) == "Brown"
        assert str(w.name(1)) == "Bot 3" and str(Speaker(moscow, "ru").group(1)) == "«Коричневые»"
    for name in ("moscow", "moscow-digital", "odessa", "businesspoly", "businesspoly-short"):
        ed = landlords.load_edition(name)
        texts = [s.name for s in ed.squares] + [c.text for d in ed.decks.values() for c in d.cards]
        missing = [t for t in texts if t not in ed.glosses.get("en", {})]
        assert not missing, f"{name} lacks English glosses for {missing[:3]}"


def test_a_property_card_in_every_variant_speaks_its_words():
    g = _game(["Вы", "Аня"], "odessa", "odessa")
    card = property_card(g, 1, "ru")
    assert [r.label for r in card.rows][:5] == [
        "Цена",
        "Барыш",
        "Барыш со всей группой",
        "Барыш: 1 артель",
        "Барыш: 2 артели",
    ]
    assert "Барыш: кооператив" in [r.label for r in card.rows] and card.kind_label == "пай"
    assert card.owner == "Продаётся: принадлежит банку"
    malina = property_card(g, 5, "en")
    assert [r.value for r in malina.rows if r.label.startswith("Fee")] == [
        "100 roubles",
        "250 roubles",
        "500 roubles",
        "1000 roubles",
    ]


def test_with_no_edition_chosen_the_board_follows_the_language():
    from landlords.editions.choice import board_for
    from landlords.rules import get_ruleset

    classic = get_ruleset("hasbro-ru")
    assert [board_for(classic, lang) for lang in ("en", "pl", "ru")] == ["classic-us", "warsaw", "moscow"]
    assert board_for(get_ruleset("odessa"), "en") == "odessa"
    assert board_for(get_ruleset("polish"), "en") == "warsaw"
    assert board_for(get_ruleset("digital"), "pl") == "moscow-digital"


def test_since_your_last_turn_is_told_in_the_past_with_gender():
    from landlords.render.text import recap

    g = _game(["Вы", "Аня", "Бот 1"])
    assert (
        recap(g, E.Paid(1, 0, 30, "rent", 1), "ru")
        == "Аня заплатила 30 тыс. ₽ вам (аренда) за поле «Житная улица»"
    )
    assert recap(g, E.Jailed(1, "square"), "ru") == "Аня попала в тюрьму (поле ареста)"
    assert recap(g, E.Jailed(2, "square"), "ru") == "Бот 1 попал в тюрьму (поле ареста)"
    pl = _game(["Ty", "Ania", "Bartek"], "warsaw", "polish")
    assert (
        recap(pl, E.Paid(1, 2, 30, "rent", 1), "pl")
        == "Ania zapłaciła $30 Bartkowi (czynsz) za pole „Ulica Konopacka”"
    )
    assert recap(pl, E.Bought(2, 1, 60), "pl") == "Bartek kupił pole „Ulica Konopacka” za $60"
    en = _game(["You", "Ann"], "classic-us")
    assert recap(en, E.Jailed(0, "square"), "en").startswith("You went to jail")
    odessa = _game(["Вы", "Аня"], "odessa", "odessa")  # the variant's own words, in the past too
    assert recap(odessa, E.Built(1, 1, 2, 50), "ru") == "Аня организовала 2-ю артель на паю «Кафе „Х.Л.А.М.“»"
    assert recap(odessa, E.Jailed(1, "square"), "ru").startswith("Аня попала на Биржу")
