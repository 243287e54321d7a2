"""businesspoly: the two maps, the deck «Извещение» and the rulesets' options.

Spec: seed 000:293-593; RULES_MATRIX.md column `businesspoly`, sections 2.2, 3.1, 4.2 (B-1..B-28) and 5
(`businesspoly`: both maps must be designed). The maps are `editions/businesspoly.toml` and
`editions/businesspoly-short.toml`.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from support import ROOT
from support.scenario_businesspoly import DECK, TCS, UTILITIES

import landlords
from landlords import load_edition
from landlords.engine.errors import ConfigError
from landlords.rules import RULESETS, get_ruleset

SEED = ROOT.parent / "shared" / "seeds" / "000_fde1021f556e7053.txt"
MAPS = ["businesspoly", "businesspoly-short"]


def sides(e) -> list[list]:
    """The four prospects: the squares between the corners (B-27: prospect 1 follows Start)."""
    side = e.size // 4
    return [list(e.squares[k * side + 1 : (k + 1) * side]) for k in range(4)]


# ------------------------------------------------------------------ the maps
@pytest.mark.parametrize("name", MAPS)
def test_map_has_four_prospects_between_the_corners(name: str) -> None:
    """000:317 «Проспект – одна сторона карты от угловой клетки до угловой клетки не включительно …
    4 проспекта»; jail between prospects 1 and 2 (000:491), «арестован» between 3 and 4 (000:489); the
    corner between 2 and 3 is a neutral rest square (REC B-24)."""
    e = load_edition(name)
    side = e.size // 4
    assert e.size % 4 == 0
    corners = [e.squares[k * side] for k in range(4)]
    assert [sq.kind for sq in corners] == ["go", "jail", "free_parking", "go_to_jail"]
    assert [sq.name for sq in corners] == ["Старт", "Тюрьма и суд", "Парк", "Арестован"]
    assert all(sq.kind not in ("go", "jail", "free_parking", "go_to_jail") for s in sides(e) for sq in s)
    assert e.language == "ru" and e.currency.show(450) == "450 β"


@pytest.mark.parametrize("name", MAPS)
def test_no_tax_squares_and_izveshchenie_squares(name: str) -> None:
    """000:345 «Убраны клетки «штраф», т.к. они уже есть в карточках»; 000:443 the «Извещение» squares."""
    e = load_edition(name)
    assert not [sq for sq in e.squares if sq.kind == "tax"]
    cards = [sq for sq in e.squares if sq.kind == "card"]
    assert cards and all(sq.name == "Извещение" and sq.deck == DECK for sq in cards)
    assert list(e.decks) == [DECK]


@pytest.mark.parametrize("name", MAPS)
def test_every_industry_has_three_lots(name: str) -> None:
    """000:319 «Отрасль – 3 клетки одного цвета, либо 4 торговых центра, либо 3-4 коммунальные службы»;
    000:347 the two-lot groups got a third lot; «Банк», «Колхоз» (000:439), «центральный банк» (000:321)."""
    e = load_edition(name)
    for gid, group in e.groups.items():
        kinds = {e.squares[i].kind for i in group.squares}
        if kinds == {"street"}:
            assert len(group.squares) == 3, gid
    names = {g.name for g in e.groups.values()}
    assert {"Банк", "Колхоз"} <= names
    assert "Центральный банк" in {sq.name for sq in e.squares}


@pytest.mark.parametrize("name", MAPS)
def test_four_shopping_centres_are_the_railroads(name: str) -> None:
    """Cards 6-9 (000:533-539) name ТЦ Северный, Восточный, Западный, Южный: the railroad analogue, one
    industry of four (000:319); no offices on them (000:461)."""
    e = load_edition(name)
    tcs = [sq for sq in e.squares if sq.kind == "railroad"]
    assert sorted(sq.name for sq in tcs) == ["ТЦ Восточный", "ТЦ Западный", "ТЦ Северный", "ТЦ Южный"]
    assert {sq.group for sq in tcs} == {"tc"} and all(
        sq.price == 200 and sq.rent == (25, 50, 100, 200) for sq in tcs
    )
    # one in the middle of each prospect: south (bottom, prospect 1), west, north, east
    assert [[sq.name for sq in s if sq.kind == "railroad"] for s in sides(e)] == [
        ["ТЦ Южный"],
        ["ТЦ Западный"],
        ["ТЦ Северный"],
        ["ТЦ Восточный"],
    ]


def test_utilities_four_on_the_full_map_three_on_the_short_one() -> None:
    """000:319 «3-4 коммунальные службы (вода, электричество, газ, отопление)»; 000:393 «Вместо 4 и 10 … 4,
    10, 20 и 30» (REC B-21: four on the full map, three on the short one)."""
    full, short = load_edition("businesspoly"), load_edition("businesspoly-short")
    utilities = [sq for sq in full.squares if sq.kind == "utility"]
    assert [sq.name for sq in utilities] == ["Вода", "Электричество", "Газ", "Отопление"]
    assert [sq.index for sq in utilities] == sorted(UTILITIES)
    assert all(sq.rent == (4, 10, 20, 30) for sq in utilities)
    utilities = [sq for sq in short.squares if sq.kind == "utility"]
    assert [sq.name for sq in utilities] == ["Вода", "Электричество", "Газ"]
    assert all(sq.rent == (4, 10, 20) for sq in utilities)


def test_office_costs_by_prospect_on_the_full_map() -> None:
    """000:465 «на участках первого проспекта – 50 бин, второго 100, третьего 150, четвёртого 200»."""
    e = load_edition("businesspoly")
    for k, side in enumerate(sides(e)):
        lots = [sq for sq in side if sq.kind == "street"]
        assert len(lots) == 6 and {sq.house_cost for sq in lots} == {50 * (k + 1)}, k


def test_office_costs_on_the_short_map() -> None:
    """000:467 «на сокращённой карте … первого проспекта 50 бин, второго 100 бин, третьего 150 бин,
    четвёртого – от 50 до 150 в зависимости от того, какой отрасли … принадлежит участок»."""
    e = load_edition("businesspoly-short")
    s = sides(e)
    for k in range(3):
        assert {sq.house_cost for sq in s[k] if sq.kind == "street"} == {50 * (k + 1)}, k
    fourth = [sq for sq in s[3] if sq.kind == "street"]
    assert {sq.house_cost for sq in fourth} == {50, 150}
    for sq in fourth:  # the industry decides: the same cost as the industry's lots on other prospects
        costs = {e.squares[i].house_cost for i in e.groups[sq.group].squares}
        assert costs == {sq.house_cost}


@pytest.mark.parametrize("name", MAPS)
def test_prices_rents_and_mortgages_follow_the_rules_economy(name: str) -> None:
    """Mortgage = half the price (000:371); rent with 0-4 offices and a business centre (000:325-327)
    rising along the board; the data are designed and say so (RULES_MATRIX section 5)."""
    e = load_edition(name)
    lots = [sq for sq in e.squares if sq.kind == "street"]
    for sq in [*lots, *(sq for sq in e.squares if sq.kind in ("railroad", "utility"))]:
        assert sq.mortgage == sq.price // 2, sq.name
    for sq in lots:
        assert len(sq.rent) == 6 and list(sq.rent) == sorted(sq.rent) and sq.rent[0] > 0, sq.name
    assert "DESIGNED" in e.source and "000:" in e.source


def test_the_short_map_is_shorter() -> None:
    """000:435 «сокращённой карте»: fewer squares and industries (salary 400)."""
    full, short = load_edition("businesspoly"), load_edition("businesspoly-short")
    assert (full.size, short.size) == (40, 32)
    streets = lambda e: len([g for g in e.groups.values() if e.squares[g.squares[0]].kind == "street"])
    assert (streets(full), streets(short)) == (8, 6)
    assert sum(sq.is_property for sq in full.squares) == 32 and sum(sq.is_property for sq in short.squares) == 25


# ------------------------------------------------------------------ the deck
def test_deck_has_34_cards_numbered_1_to_35_without_10() -> None:
    """000:521 «В колоде всего 34 карты»; the list skips number 10 (RULES_MATRIX 3.1)."""
    for name in MAPS:
        cards = load_edition(name).decks[DECK].cards
        numbers = [int(c.id.split("-")[0]) for c in cards]
        assert len(cards) == 34 and numbers == [n for n in range(1, 36) if n != 10]
        assert all(c.origin == "seed" for c in cards)


@pytest.mark.skipif(not SEED.exists(), reason="the seed documents are not beside the repository")
def test_card_texts_are_the_seed_s_words() -> None:
    """000:523-589, every card text verbatim."""
    lines = SEED.read_text(encoding="utf-8").splitlines()
    listed = {}
    for line in lines[522:589]:
        m = re.match(r"^(\d+)\. (.*)$", line)
        if m:
            listed[int(m.group(1))] = m.group(2)
    for name in MAPS:
        cards = load_edition(name).decks[DECK].cards
        assert {int(c.id.split("-")[0]): c.text for c in cards} == listed


def test_card_machine_readings() -> None:
    """RULES_MATRIX 3.1: the effect of each card (the cards' own tests play them)."""
    e = load_edition("businesspoly")
    effects = {c.id: (c.effect, dict(c.args)) for c in e.decks[DECK].cards}
    assert effects["01-begging"] == ("begging", {"below": 200, "amount": 30})
    assert effects["03-inflation-per-thousand"] == ("pay_per_thousand", {"amount": 200})
    assert effects["04-inflation-ten-percent"] == ("pay_percent", {"percent": 10, "above": 1000})
    assert effects["06-tc-north"] == ("advance_to", {"square": TCS[2]})
    assert effects["09-tc-south"] == ("advance_to", {"square": TCS[0]})
    assert effects["11-nearest-company"] == ("nearest_company", {"kind": "utility", "lap_amount": 100, "dice": 3})
    assert effects["14-lawyer-jail"] == ("jail_free", {})
    assert effects["16-office-levy-15"] == ("repairs", {"per_house": 15, "per_hotel": 100})
    assert effects["21-back-5"] == ("collect_and_move", {"amount": 20, "steps": -5})
    assert effects["31-casino"] == ("casino", {"multiplier": 10})
    assert effects["33-back-to-start"] == ("go_to_start", {"amount": 200})
    short = {c.id: dict(c.args) for c in load_edition("businesspoly-short").decks[DECK].cards}
    sq = load_edition("businesspoly-short").squares
    assert [
        sq[short[f"0{k}-tc-{d}"]["square"]].name for k, d in ((6, "north"), (7, "east"), (8, "west"), (9, "south"))
    ] == ["ТЦ Северный", "ТЦ Восточный", "ТЦ Западный", "ТЦ Южный"]


def test_the_classic_game_refuses_the_deck_it_cannot_play() -> None:
    """The «Извещение» effects are carried out by the variant; the classic engine says so at once."""
    with pytest.raises(ConfigError, match="cannot carry out"):
        landlords.new_game("businesspoly", "hasbro-ru", players=2)


def test_businesspoly_can_be_played_on_the_old_map() -> None:
    """000:311 «Играть можно на старой карте»: the variant plays the classic board and decks."""
    from landlords.bots import BaselineBot
    from landlords.sim.runner import play

    g = landlords.new_game("classic-us", "businesspoly", players=3, seed=2)
    play(g, [BaselineBot() for _ in range(3)], max_turns=300)
    assert g.over


# ------------------------------------------------------------------ the rulesets
def test_two_rulesets_one_per_map() -> None:
    """The salary differs by map (000:435 «450 бин (на сокращённой карте 400 бин)»), so each map has its
    ruleset; the start mode is an option of both (B-25)."""
    full, short = RULESETS["businesspoly"], RULESETS["businesspoly-short"]
    assert (full.edition, short.edition) == ("businesspoly", "businesspoly-short")
    assert (full.salary, short.salary) == (450, 400)
    assert full.variant == short.variant == "businesspoly"
    assert dataclasses.replace(
        short, id=full.id, edition=full.edition, salary=450, description="", sources=()
    ) == (dataclasses.replace(full, description="", sources=()))


def test_every_rec_is_an_option_with_the_rec_as_default() -> None:
    """RULES_MATRIX: every REC is a ruleset option whose default is the REC, with its seed line."""
    r = get_ruleset("businesspoly")
    recs = {
        "lap_tax_groups": ("all", "B-1"),
        "lap_net_may_be_negative": (True, "B-4"),
        "start_mode": ("start_auction", "B-25"),
        "court_at_jail": (True, "B-6"),
        "court_scope": ("all", "B-7"),
        "suits_per_landing": (1, "B-8"),
        "jail_cells": (3, "B-9"),
        "card_lap_amount_replaces": (True, "B-10"),
        "mortgage_interest_percent": (0, "B-11"),
        "sell_mortgaged_to_bank": (True, "B-12"),
        "build_limit_per": ("move", "B-13"),
        "hotel_cost_houses": (1, "B-14"),
        "double_rent_full_set": (False, "B-15"),
        "auction_final_call": (True, "B-17"),
        "deals_need_active_player": (True, "B-19"),
        "bankrupt_property_to_bank": ("unowned", "B-20"),
        "shuffle_decks": (True, "B-22"),
        "card_insurance": (True, "B-23"),
        "free_parking": ("rest", "B-24"),
    }
    for option, (value, rec) in recs.items():
        assert getattr(r, option) == value, option
        assert rec in r.source_of(option), option
    for option, line in (
        ("salary", "333"),
        ("lap_tax_per_group", "435"),
        ("starting_cash", "413"),
        ("jail_fine", "367"),
        ("max_builds_per_turn", "375"),
        ("court_fee_percent", "451"),
        ("auction_start_percent", "481"),
        ("bid_above_cash", "483"),
        ("trade_in_debt", "379"),
        ("bankruptcy_to_player", "519"),
        ("sell_to_bank_percent", "473"),
        ("start_auction_lots", "413"),
    ):
        assert line in r.source_of(option) and "000:" in r.source_of(option), option
    # and each has its other reading available as a house rule
    other = get_ruleset(
        "businesspoly",
        lap_tax_groups="streets",
        lap_net_may_be_negative=False,
        start_mode="intro_lap",
        court_scope="streets",
        build_limit_per="turn",
        hotel_cost_houses=5,
        card_lap_amount_replaces=False,
        mortgage_interest_percent=10,
    )
    assert other.start_mode == "intro_lap" and other.hotel_cost_houses == 5


def test_speed_die_is_not_part_of_businesspoly() -> None:
    with pytest.raises(ConfigError, match="speed die"):
        landlords.new_game(None, "businesspoly", players=2, rules={"speed_die": True})
