"""The editions data layer: the packaged editions and the loader's validation."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from landlords.editions import EditionError, edition_names, load_edition, parse_edition
from landlords.engine.edition import CARD_EFFECTS, Currency, Edition

NAMES = ["classic-us", "london", "london-kids", "moscow", "moscow-digital", "warsaw"]
# the editions whose decks are the standard Chance and Community Chest decks (same ids and effects)
STANDARD_DECKS = ["classic-us", "london", "moscow", "moscow-digital", "warsaw"]
GROUPS = ["brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue", "railroad", "utility"]


def classic_text() -> str:
    return resources.files("landlords.editions").joinpath("classic-us.toml").read_text(encoding="utf-8")


def classic_data() -> dict[str, Any]:
    return tomllib.loads(classic_text())


# ----- the packaged editions -----


def test_edition_names() -> None:
    # the classic 40-square boards tested here; a variant's own boards (odessa, ...) are tested
    # with the variant (tests/rules/odessa/)
    names = edition_names()
    assert names == sorted(names) and set(NAMES) <= set(names)


@pytest.mark.parametrize("name", NAMES)
def test_board(name: str) -> None:
    e = load_edition(name)
    assert e.id == name
    assert e.size == 40
    assert [sq.index for sq in e.squares] == list(range(40))
    assert sum(sq.is_property for sq in e.squares) == 28
    assert sum(sq.kind == "street" for sq in e.squares) == 22
    assert (e.squares[0].kind, e.squares[10].kind, e.squares[30].kind) == ("go", "jail", "go_to_jail")
    assert e.squares[20].kind == "free_parking"
    boardwalk = e.squares[39]
    assert boardwalk.rent == (50, 200, 600, 1400, 1700, 2000)
    assert (boardwalk.price, boardwalk.house_cost, boardwalk.mortgage, boardwalk.group) == (
        400,
        200,
        200,
        "dark_blue",
    )
    assert e.squares[1].rent == (2, 10, 30, 90, 160, 250)
    for i in (5, 15, 25, 35):
        sq = e.squares[i]
        assert (sq.kind, sq.group, sq.price, sq.rent, sq.mortgage) == (
            "railroad",
            "railroad",
            200,
            (25, 50, 100, 200),
            100,
        )
    for i in (12, 28):
        sq = e.squares[i]
        assert (sq.kind, sq.group, sq.price, sq.rent, sq.mortgage) == ("utility", "utility", 150, (4, 10), 75)
    assert (e.squares[4].tax, e.squares[4].tax_kind) == (200, "income")
    assert (e.squares[38].tax, e.squares[38].tax_kind) == (100, "luxury")
    non_properties = [sq for sq in e.squares if not sq.is_property]
    assert all(sq.group is None and sq.price == 0 and sq.rent == () for sq in non_properties)


@pytest.mark.parametrize("name", NAMES)
def test_groups_and_decks_wired(name: str) -> None:
    e = load_edition(name)
    assert list(e.groups) == GROUPS
    assert isinstance(e.groups, MappingProxyType) and isinstance(e.decks, MappingProxyType)
    assert e.groups["brown"].squares == (1, 3)
    assert e.groups["dark_blue"].squares == (37, 39)
    assert e.groups["railroad"].squares == (5, 15, 25, 35)
    assert e.groups["utility"].squares == (12, 28)
    assert e.groups["brown"].color == "#955436"
    for group in e.groups.values():
        assert all(e.squares[i].group == group.id for i in group.squares)
    assert sum(len(g.squares) for g in e.groups.values()) == 28
    assert list(e.decks) == ["chance", "community_chest"]
    assert [sq.index for sq in e.squares if sq.deck == "chance"] == [7, 22, 36]
    assert [sq.index for sq in e.squares if sq.deck == "community_chest"] == [2, 17, 33]
    for deck in e.decks.values():
        assert len(deck.cards) == 16
        for card in deck.cards:
            assert isinstance(card.args, MappingProxyType)
            assert tuple(card.args) == CARD_EFFECTS[card.effect]
            assert card.text.strip()


def _cards(e: Edition) -> dict[str, list[tuple[str, str, dict[str, int | str]]]]:
    return {d: [(c.id, c.effect, dict(c.args)) for c in deck.cards] for d, deck in e.decks.items()}


@pytest.mark.parametrize("name", STANDARD_DECKS[1:])
def test_same_cards_in_every_edition(name: str) -> None:
    assert _cards(load_edition(name)) == _cards(load_edition("classic-us"))


def test_card_effects() -> None:
    chance = {c.id: c for c in load_edition("classic-us").decks["chance"].cards}
    chest = {c.id: c for c in load_edition("classic-us").decks["community_chest"].cards}
    assert dict(chance["advance-to-boardwalk"].args) == {"square": 39}
    assert dict(chance["advance-to-go"].args) == {"square": 0}
    for cid in ("nearest-railroad-1", "nearest-railroad-2"):
        assert (chance[cid].effect, dict(chance[cid].args)) == ("advance_to_nearest", {"kind": "railroad"})
    assert dict(chance["nearest-utility"].args) == {"kind": "utility"}
    assert (chance["go-back-3"].effect, dict(chance["go-back-3"].args)) == ("move_by", {"steps": -3})
    assert dict(chance["general-repairs"].args) == {"per_house": 25, "per_hotel": 100}
    assert (chance["chairman"].effect, dict(chance["chairman"].args)) == ("pay_each", {"amount": 50})
    assert (chance["speeding-fine"].effect, dict(chance["speeding-fine"].args)) == ("pay", {"amount": 15})
    assert (chest["birthday"].effect, dict(chest["birthday"].args)) == ("collect_from_each", {"amount": 10})
    assert dict(chest["street-repairs"].args) == {"per_house": 40, "per_hotel": 115}
    for deck in (chance, chest):
        assert deck["jail-free"].effect == "jail_free" and deck["go-to-jail"].effect == "go_to_jail"


def test_names_and_currencies() -> None:
    us, uk, ru, pl = (load_edition(n) for n in ("classic-us", "london", "moscow", "warsaw"))
    assert [e.squares[39].name for e in (us, uk, ru, pl)] == [
        "Boardwalk",
        "Mayfair",
        "Улица Арбат",
        "Aleje Ujazdowskie",
    ]
    assert [e.language for e in (us, uk, ru, pl)] == ["en", "en", "ru", "pl"]
    assert (ru.squares[38].name, pl.squares[38].name, uk.squares[38].name) == (
        "Сверхналог",
        "Domiar podatkowy",
        "Super Tax",
    )
    assert ru.currency.show(200) == "200 тыс. ₽"
    assert (us.currency.show(200), uk.currency.show(200), pl.currency.show(1500)) == ("$200", "£200", "$1500")
    assert (ru.currency.code, uk.currency.code, pl.currency.code) == ("RUB", "GBP", "USD")
    assert [d.name for d in ru.decks.values()] == ["Шанс", "Общественная казна"]
    assert [d.name for d in pl.decks.values()] == ["Szansa", "Ryzyko"]
    assert ru.groups["brown"].name == "Коричневые"
    uk_chance = {c.id: c.text for c in uk.decks["chance"].cards}
    assert "Kings Cross Station" in uk_chance["advance-to-reading"]
    assert "Mayfair" in uk_chance["advance-to-boardwalk"]
    ru_chance = {c.id: c.text for c in ru.decks["chance"].cards}
    assert ru_chance["advance-to-go"] == "Отправляйтесь на поле «Вперёд». Получите 200 тыс. ₽."
    assert ru_chance["jail-free"].startswith("Бесплатно освободитесь из Тюрьмы")
    assert ru_chance["go-to-jail"].startswith("Отправляйтесь в Тюрьму")
    pl_chance = {c.id: c.text for c in pl.decks["chance"].cards}
    assert pl_chance["go-back-3"].startswith("Cofasz się o trzy pola")  # sentence case, not all capitals
    assert pl_chance["go-to-jail"].startswith("Trafiasz do więzienia")
    assert pl_chance["jail-free"].startswith("Wyjście z więzienia za darmo")


@pytest.mark.parametrize("name", NAMES)
def test_card_squares_are_named_after_their_deck(name: str) -> None:
    e = load_edition(name)
    card_squares = [sq for sq in e.squares if sq.kind == "card"]
    assert len(card_squares) == 6
    for sq in card_squares:
        assert sq.name == e.decks[sq.deck].name, sq


def test_warsaw_card_squares_are_ryzyko() -> None:
    pl = load_edition("warsaw")
    assert [pl.squares[i].name for i in (2, 17, 33)] == ["Ryzyko"] * 3
    assert [pl.squares[i].name for i in (7, 22, 36)] == ["Szansa"] * 3


def _amounts_shown(e: Edition) -> None:
    """Every amount a card pays or collects appears in its text in the edition's display."""
    for deck in e.decks.values():
        for card in deck.cards:
            for arg in ("amount", "per_house", "per_hotel"):
                if arg in card.args:
                    assert e.currency.show(int(card.args[arg])) in card.text, (card.id, card.text)


def test_currency_separator() -> None:
    assert Currency("USD", "${amount}").separator == "\u202f"
    assert Currency("USD", "${amount}").show(12345) == "$12\u202f345"
    assert Currency("USD", "${amount}", separator=",").show(1234567) == "$1,234,567"
    assert Currency("USD", "${amount}", separator=",").show(9999) == "$9999"  # 4 digits: not grouped
    assert Currency("USD", "{amount} $", scale=1000, separator=",").show(-15) == "-15,000 $"


# ----- moscow-digital: the moscow board in the computer version's dollars (seed 001) -----


def test_moscow_digital() -> None:
    e, moscow = load_edition("moscow-digital"), load_edition("moscow")
    assert (e.id, e.name, e.language) == ("moscow-digital", "Монополия (компьютерная версия)", "ru")
    cur = e.currency
    assert (cur.code, cur.format, cur.scale, cur.separator) == ("USD", "{amount} $", 1000, ",")
    assert cur.show(200) == "200,000 $"  # the salary, seed 001:25
    assert cur.show(50) == "50,000 $"  # the jail fine, seed 001:87
    assert (cur.show(15), cur.show(5), cur.show(1500)) == ("15,000 $", "5000 $", "1,500,000 $")
    assert "seed 001" in e.source and "seed 001" in e.description
    # the moscow board and decks exactly; only the currency and the amounts in the card texts differ
    assert e.squares == moscow.squares
    assert dict(e.groups) == dict(moscow.groups)
    assert _cards(e) == _cards(moscow)
    assert [d.name for d in e.decks.values()] == [d.name for d in moscow.decks.values()]
    for deck_id, deck in e.decks.items():
        for card, ru_card in zip(deck.cards, moscow.decks[deck_id].cards, strict=True):
            assert "тыс." not in card.text and "₽" not in card.text
            if "тыс. ₽" not in ru_card.text:
                assert card.text == ru_card.text
    chance = {c.id: c.text for c in e.decks["chance"].cards}
    chest = {c.id: c.text for c in e.decks["community_chest"].cards}
    assert chance["advance-to-go"] == "Отправляйтесь на поле «Вперёд». Получите 200,000 $."
    assert chest["bank-error"] == "Банковская ошибка в вашу пользу. Получите 200,000 $."
    _amounts_shown(e)


# ----- london-kids: the home-made London game of seed 004 -----

# «Конъюнктура» cards 6-16 as seed 004 writes them (004:3-23, text verbatim) with their machine effects
# (RULES_MATRIX 3.2: card 6 a payment, REC K-1; card 15 back to Old Kent Road without salary, REC K-2).
KIDS_SEED_CARDS: list[tuple[int, str, str, str, dict[str, int]]] = [
    (6, "kids-06-consultation", "Плата за консультации 100F.", "pay", {"amount": 100}),
    (7, "birthday", "В день рождения каждый игрок дарит по 10F.", "collect_from_each", {"amount": 10}),
    (8, "bank-error", "Из-за банковской ошибки получаете 200F.", "collect", {"amount": 200}),
    (9, "sale-of-stock", "Игра на бирже дает 50F.", "collect", {"amount": 50}),
    (10, "inheritance", "Получаете наследство 100F.", "collect", {"amount": 100}),
    (11, "tax-refund", "Изменение в налогах дают 20F.", "collect", {"amount": 20}),
    (12, "kids-12-insurance", "Плата на страхование 50F.", "pay", {"amount": 50}),
    (13, "beauty-contest", "Премия 10F за второе место на конкурсах красоты.", "collect", {"amount": 10}),
    (14, "kids-14-shares", "Прибыль от акций 25F.", "collect", {"amount": 25}),
    (15, "kids-15-old-kent-road", "Идите на OLD KENT RD.", "back_to", {"square": 1}),
    (16, "kids-16-payments", "По платежам получаете 100F.", "collect", {"amount": 100}),
]

# cards 1-5 are lost (K-4): the standard Community Chest cards not already among 6-16
KIDS_COMPLETED_CARDS: list[tuple[str, str, str, dict[str, int]]] = [
    ("advance-to-go", "Отправляйтесь на поле «Старт».", "advance_to", {"square": 0}),
    ("jail-free", "Освобождение из тюрьмы.", "jail_free", {}),
    ("go-to-jail", "Отправляйтесь в тюрьму.", "go_to_jail", {}),
    ("doctors-fee", "Оплатите лечение у врача 50F.", "pay", {"amount": 50}),
    (
        "street-repairs",
        "Ремонт улиц: 40F за каждый дом, 115F за каждую гостиницу.",
        "repairs",
        {"per_house": 40, "per_hotel": 115},
    ),
]


@pytest.mark.parametrize(
    ("number", "card_id", "text", "effect", "args"), KIDS_SEED_CARDS, ids=[f"card-{c[0]}" for c in KIDS_SEED_CARDS]
)
def test_london_kids_seed_cards(number: int, card_id: str, text: str, effect: str, args: dict[str, int]) -> None:
    card = load_edition("london-kids").decks["community_chest"].cards[number - 1]
    assert (card.id, card.text, card.effect, dict(card.args)) == (card_id, text, effect, args)
    assert card.origin == "seed"


def test_london_kids_completed_cards() -> None:
    e = load_edition("london-kids")
    chest = e.decks["community_chest"].cards
    assert [(c.id, c.text, c.effect, dict(c.args)) for c in chest[:5]] == KIDS_COMPLETED_CARDS
    assert [c.origin for c in chest] == ["completed"] * 5 + ["seed"] * 11
    # the whole «Случай» deck is lost: the standard Chance deck, as in 'london', all marked completed
    chance = e.decks["chance"].cards
    assert _cards(e)["chance"] == _cards(load_edition("london"))["chance"]
    assert all(c.origin == "completed" for c in chance)
    texts = {c.id: c.text for c in chance}
    assert texts["jail-free"] == "Освобождение из тюрьмы."  # the seed's name of the card (004:45)
    assert texts["advance-to-boardwalk"] == "Отправляйтесь на поле «Mayfair»."
    assert "«King's Cross»" in texts["advance-to-reading"] and "200F" in texts["advance-to-reading"]
    assert "«Trafalgar Square»" in texts["advance-to-illinois"]
    assert "«Pall Mall»" in texts["advance-to-st-charles"]
    for card in (*chance, *chest):
        assert "£" not in card.text and "$" not in card.text
    _amounts_shown(e)


def test_london_kids_decks_and_card_15() -> None:
    e = load_edition("london-kids")
    assert [(d.id, d.name, len(d.cards)) for d in e.decks.values()] == [
        ("chance", "Случай", 16),
        ("community_chest", "Конъюнктура", 16),
    ]
    card15 = e.decks["community_chest"].cards[14]
    assert (card15.text, card15.effect) == ("Идите на OLD KENT RD.", "back_to")
    assert card15.args["square"] == e.square_index("Old Kent Road") == 1
    # both decks hold an «Освобождение из тюрьмы» card (seed 004:45 names it; K-7)
    for deck in e.decks.values():
        assert [c.effect for c in deck.cards].count("jail_free") == 1


def test_london_kids_board() -> None:
    e, london = load_edition("london-kids"), load_edition("london")
    assert (e.id, e.language) == ("london-kids", "ru")
    assert (e.currency.code, e.currency.format, e.currency.scale) == ("GBP", "{amount}F", 1)
    assert (e.currency.show(200), e.currency.show(1500)) == ("200F", "1500F")
    # squares, prices and rents exactly as london; only names differ
    assert [replace(sq, name="") for sq in e.squares] == [replace(sq, name="") for sq in london.squares]
    assert [e.squares[i].name for i in (5, 15, 25, 35)] == [
        "King's Cross",
        "Marylebone",
        "Fenchurch St.",
        "Liverpool St.",
    ]
    assert [e.squares[i].name for i in (12, 28)] == ["Electric Company", "Water Works"]
    stations_and_utilities = (5, 12, 15, 25, 28, 35)
    for sq, uk in zip(e.squares, london.squares, strict=True):
        if sq.is_property and sq.index not in stations_and_utilities:
            assert sq.name == uk.name  # the UK street names
    assert e.squares[1].name == "Old Kent Road"
    assert [e.squares[i].name for i in (0, 10, 20)] == ["Старт", "Тюрьма", "Свободная парковка"]
    assert "seed 004" in e.source and "ompleted" in e.source


@pytest.mark.parametrize("name", STANDARD_DECKS)
def test_origin_is_unset_in_the_other_editions(name: str) -> None:
    for deck in load_edition(name).decks.values():
        assert all(card.origin == "" for card in deck.cards)


def test_origin_back_to_and_separator_parse() -> None:
    data = copy.deepcopy(classic_data())
    _chance(data, 0).update(effect="back_to", origin="completed")
    _chance(data, 1).update(origin="seed")
    data["currency"]["separator"] = " "
    e = parse_edition(data, "mine.toml")
    first, second, third = e.decks["chance"].cards[:3]
    assert (first.effect, dict(first.args), first.origin) == ("back_to", {"square": 39}, "completed")
    assert (second.origin, third.origin) == ("seed", "")
    assert e.currency.show(12345) == "$12 345"


def test_packaged_editions_are_cached_and_read_only() -> None:
    e = load_edition("moscow")
    assert load_edition("moscow") is e
    with pytest.raises(TypeError):
        e.groups["x"] = e.groups["brown"]  # type: ignore[index]
    with pytest.raises(TypeError):
        e.decks["chance"].cards[0].args["square"] = 1  # type: ignore[index]


def test_engine_tables_build() -> None:
    t = load_edition("london").tables()
    assert t.next_of_kind["railroad"][36] == 5
    assert t.next_of_kind["utility"][22] == 28
    assert t.jail == 10


def test_edition_error_is_a_value_error() -> None:
    assert issubclass(EditionError, ValueError)


def test_unknown_packaged_name() -> None:
    with pytest.raises(EditionError, match="unknown edition 'atlantis'"):
        load_edition("atlantis")


# ----- loading from a path -----


def test_load_from_path(tmp_path: Path) -> None:
    path = tmp_path / "seaside.toml"
    path.write_text(classic_text().replace('id = "classic-us"', 'id = "seaside"'), encoding="utf-8")
    for arg in (path, str(path)):
        e = load_edition(arg)
        assert e.id == "seaside"
        assert e.squares[39].rent == load_edition("classic-us").squares[39].rent


def test_error_in_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my.toml"
    path.write_text(classic_text().replace("price = 60\n", "", 1), encoding="utf-8")
    with pytest.raises(EditionError) as info:
        load_edition(path)
    assert str(info.value) == "my.toml: squares[1].price: missing required key"


def test_toml_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[edition\nid = "broken"\n', encoding="utf-8")
    with pytest.raises(EditionError) as info:
        load_edition(path)
    assert str(info.value).startswith("broken.toml: invalid TOML: ")


# ----- malformed input (dicts fed to parse_edition) -----

Mutation = Callable[[dict[str, Any]], None]


def _chance(d: dict[str, Any], i: int) -> dict[str, Any]:
    card: dict[str, Any] = d["decks"]["chance"]["cards"][i]
    return card


MALFORMED: list[tuple[str, Mutation, str]] = [
    ("unknown top key", lambda d: d.update(extra=1), "extra: unknown key"),
    ("unknown square key", lambda d: d["squares"][1].update(colour="x"), "squares[1].colour: unknown key"),
    ("unknown edition key", lambda d: d["edition"].update(year=2008), "edition.year: unknown key"),
    ("bad kind", lambda d: d["squares"][5].update(kind="castle"), "squares[5].kind: expected one of go, street"),
    ("missing price", lambda d: d["squares"][1].pop("price"), "squares[1].price: missing required key"),
    (
        "bad price",
        lambda d: d["squares"][5].update(price="abc"),
        'squares[5].price: expected a positive integer, got "abc"',
    ),
    ("bool price", lambda d: d["squares"][5].update(price=True), "squares[5].price: expected a positive integer"),
    (
        "zero price",
        lambda d: d["squares"][6].update(price=0),
        "squares[6].price: expected a positive integer, got 0",
    ),
    (
        "negative mortgage",
        lambda d: d["squares"][6].update(mortgage=-1),
        "squares[6].mortgage: expected a non-negative",
    ),
    ("no house cost", lambda d: d["squares"][1].pop("house_cost"), "squares[1].house_cost: missing required key"),
    (
        "rent length",
        lambda d: d["squares"][39].update(rent=[1, 2, 3]),
        "squares[39].rent: expected exactly 6 values, got 3",
    ),
    (
        "empty railroad rent",
        lambda d: d["squares"][5].update(rent=[]),
        "squares[5].rent: expected a non-empty list",
    ),
    (
        "unknown group",
        lambda d: d["squares"][1].update(group="purple"),
        "squares[1].group: unknown group 'purple'",
    ),
    (
        "unknown deck",
        lambda d: d["squares"][2].update(deck="surprise"),
        "squares[2].deck: unknown deck 'surprise'",
    ),
    (
        "property key on tax",
        lambda d: d["squares"][4].update(price=5),
        "squares[4].price: not allowed on a 'tax' square",
    ),
    (
        "bad tax kind",
        lambda d: d["squares"][4].update(tax_kind="sin"),
        "squares[4].tax_kind: expected one of income, luxury",
    ),
    (
        "empty group",
        lambda d: d["groups"].update(purple={"name": "Purple", "color": "#800080"}),
        "groups.purple: no square",
    ),
    ("bad colour", lambda d: d["groups"]["brown"].update(color="brown"), 'groups.brown.color: expected "#rrggbb"'),
    (
        "first square",
        lambda d: d["squares"][0].update(kind="free_parking"),
        "squares[0].kind: the first square must be 'go'",
    ),
    (
        "two jails",
        lambda d: d["squares"][20].update(kind="jail"),
        "squares: expected exactly one 'jail' square, found 2",
    ),
    (
        "no go to jail",
        lambda d: d["squares"][30].update(kind="free_parking"),
        "squares: expected exactly one 'go_to_jail'",
    ),
    ("language", lambda d: d["edition"].update(language="de"), "edition.language: expected one of en, ru, pl"),
    ("missing section", lambda d: d.pop("currency"), "currency: missing required key"),
    (
        "currency format",
        lambda d: d["currency"].update(format="$"),
        "currency.format: expected a format with a single",
    ),
    (
        "currency scale",
        lambda d: d["currency"].update(scale=0),
        "currency.scale: expected a positive integer, got 0",
    ),
    (
        "unknown effect",
        lambda d: _chance(d, 3).update(effect="teleport"),
        "decks.chance.cards[3].effect: unknown effect 'teleport' (known: advance_to, advance_to_nearest, ",
    ),
    (
        "square arg out of range",
        lambda d: _chance(d, 0).update(square=40),
        "decks.chance.cards[0].square: expected a square index 0..39, got 40",
    ),
    (
        "square arg not int",
        lambda d: _chance(d, 0).update(square="Boardwalk"),
        "decks.chance.cards[0].square: expected",
    ),
    ("missing arg", lambda d: _chance(d, 0).pop("square"), "decks.chance.cards[0].square: missing required key"),
    (
        "extra arg",
        lambda d: _chance(d, 7).update(square=3),
        "decks.chance.cards[7].square: unknown key for effect 'collect'",
    ),
    (
        "nearest kind",
        lambda d: _chance(d, 4).update(kind="airport"),
        'decks.chance.cards[4].kind: expected one of railroad, utility, got "airport"',
    ),
    (
        "negative amount",
        lambda d: _chance(d, 7).update(amount=-5),
        "decks.chance.cards[7].amount: expected a non-negative",
    ),
    (
        "empty text",
        lambda d: _chance(d, 1).update(text=" "),
        "decks.chance.cards[1].text: expected a non-empty string",
    ),
    (
        "duplicate card id",
        lambda d: _chance(d, 1).update(id=_chance(d, 0)["id"]),
        "decks.chance.cards[1].id: duplicate card id 'advance-to-boardwalk'",
    ),
    ("unknown deck key", lambda d: d["decks"]["chance"].update(shuffle=True), "decks.chance.shuffle: unknown key"),
    (
        "empty deck",
        lambda d: d["decks"]["chance"].update(cards=[]),
        "decks.chance.cards: expected a non-empty array",
    ),
    (
        "bad card origin",
        lambda d: _chance(d, 2).update(origin="invented"),
        'decks.chance.cards[2].origin: expected one of seed, completed, got "invented"',
    ),
    (
        "empty card origin",
        lambda d: _chance(d, 2).update(origin=""),
        "decks.chance.cards[2].origin: expected one of",
    ),
    (
        "back_to needs square",
        lambda d: _chance(d, 10).update(effect="back_to"),
        "decks.chance.cards[10].square: missing required key",
    ),
    (
        "back_to square range",
        lambda d: _chance(d, 0).update(effect="back_to", square=40),
        "decks.chance.cards[0].square: expected a square index 0..39, got 40",
    ),
    (
        "back_to takes no steps",
        lambda d: _chance(d, 9).update(effect="back_to"),
        "decks.chance.cards[9].steps: unknown key for effect 'back_to'",
    ),
    (
        "empty separator",
        lambda d: d["currency"].update(separator=""),
        'currency.separator: expected a non-empty string without digits, got ""',
    ),
    ("digit separator", lambda d: d["currency"].update(separator="0"), "currency.separator: expected a non-empty"),
    (
        "separator not a string",
        lambda d: d["currency"].update(separator=1),
        "currency.separator: expected a non-empty",
    ),
]


@pytest.mark.parametrize(("mutate", "expected"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed(mutate: Mutation, expected: str) -> None:
    data = copy.deepcopy(classic_data())
    mutate(data)
    with pytest.raises(EditionError) as info:
        parse_edition(data, "bad.toml")
    assert str(info.value).startswith(f"bad.toml: {expected}"), str(info.value)


def test_valid_dict_parses() -> None:
    e = parse_edition(classic_data(), "classic-us.toml")
    assert e.squares == load_edition("classic-us").squares
