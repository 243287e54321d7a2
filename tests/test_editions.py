"""The editions data layer: the four packaged editions and the loader's validation."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from landlords.editions import EditionError, edition_names, load_edition, parse_edition
from landlords.engine.edition import CARD_EFFECTS, Edition

NAMES = ["classic-us", "london", "moscow", "warsaw"]
GROUPS = ["brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue", "railroad", "utility"]


def classic_text() -> str:
    return resources.files("landlords.editions").joinpath("classic-us.toml").read_text(encoding="utf-8")


def classic_data() -> dict[str, Any]:
    return tomllib.loads(classic_text())


# ----- the packaged editions -----


def test_edition_names() -> None:
    assert edition_names() == NAMES


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


@pytest.mark.parametrize("name", NAMES[1:])
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
    us, uk, ru, pl = (load_edition(n) for n in NAMES)
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
    assert pl_chance["go-back-3"].startswith("COFASZ SIĘ O TRZY POLA")
    assert pl_chance["go-to-jail"].startswith("TRAFIASZ DO WIĘZIENIA")
    assert pl_chance["jail-free"].startswith("WYJŚCIE Z WIĘZIENIA ZA DARMO")


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
