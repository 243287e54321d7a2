"""kids-london rule scenarios: every rule point where the children's-party London game (seed 004)
differs from hasbro-ru, and its surviving «Конъюнктура» cards 6-16.

Spec: seed 004 (lines 1-47); RULES_MATRIX.md column `kids-london`, sections 2.6 and 3.2, RECs K-1..K-8
(4.6). The ruleset plays on the `london-kids` edition (classic 40-square board, London names, F).
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BOARDWALK,
    CONNECTICUT,
    FREE_PARKING,
    GO,
    JAIL,
    LIGHT_BLUE,
    MEDITERRANEAN,
    ORIENTAL,
    VERMONT,
    assert_illegal,
    build,
    build_group,
    end_turn,
    events,
    expect,
    give,
    mark,
    mortgage,
    payments,
    pile_ids,
    place,
    roll,
)
from support.scenario_variants import variant_game

from landlords.engine import events as E
from landlords.engine.actions import ClaimRent, Mortgage, SellBuilding
from landlords.engine.invariants import violations

COMMUNITY_CHEST_17 = 17


def kids(players: int = 3, **kw):
    return variant_game("kids-london", players, **kw)


# ------------------------------------------------------------------ doubles and salary
def test_the_third_double_goes_to_jail_without_its_move() -> None:
    """004:35 «если при третьем броске кубиков опять выпадает дубль, то третий ход не дается, а фишка сразу же
    ставится на поле «тюрьма»»: 5+5 to jail (visiting), 5+5 to free parking, then 3+3 goes straight to jail."""
    g = kids(dice=[(5, 5), (5, 5), (3, 3)])
    roll(g)
    assert g.position[0] == JAIL and not g.in_jail[0]
    roll(g)
    assert g.position[0] == FREE_PARKING
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert len(events(g, E.Moved)) == 2  # the third roll moves nothing
    assert events(g, E.Jailed)[-1].reason == "doubles"
    expect(g, "pre_roll", 1)
    assert violations(g) == []


@pytest.mark.parametrize("start, dice", [(35, (2, 3)), (36, (2, 3)), (38, (1, 2))])
def test_salary_for_reaching_or_passing_start_along_the_arrow(start: int, dice: tuple[int, int]) -> None:
    """004:37 «Каждый раз при прохождении фишки через поле «старт» или при остановке на нем банкир выплачивает
    игроку 200F, но только при движении фишки по стрелке»."""
    g = kids(dice=[dice])
    place(g, 0, start)
    roll(g)
    assert [p.amount for p in payments(g, "salary")] == [200]
    assert violations(g) == []


@pytest.mark.parametrize("start", [14, 30])
def test_the_old_kent_road_card_moves_back_without_salary_and_resolves_the_square(start: int) -> None:
    """004:21 «Идите на OLD KENT RD.» with 004:37 «только при движении фишки по стрелке» -> REC K-2: back
    against the arrow (from 17, or from 33 past the start), no salary; Old Kent Road is then resolved (buy)."""
    g = kids(dice=[(1, 2)], decks={"community_chest": ["kids-15-old-kent-road"]})
    place(g, 0, start)
    roll(g)
    assert g.position[0] == MEDITERRANEAN
    moved = events(g, E.Moved)[-1]
    assert (moved.start, moved.end, moved.passed_go) == (start + 3, MEDITERRANEAN, False)
    assert payments(g, "salary") == [] and g.cash[0] == 1500
    expect(g, "buy", 0, MEDITERRANEAN)
    assert violations(g) == []


def test_the_old_kent_road_card_charges_rent_when_it_is_owned() -> None:
    """004:21 with 004:41: the square reached by the card is resolved like any other: rent to its owner."""
    g = kids(dice=[(1, 2)], decks={"community_chest": ["kids-15-old-kent-road"]})
    give(g, 1, MEDITERRANEAN)
    place(g, 0, 14)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 2)]
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ rent
def test_rent_not_claimed_before_the_next_roll_is_forfeited() -> None:
    """004:41 «Владелец поля, забывший потребовать плату до очередного броска кубиков, не получает ее»."""
    g = kids(dice=[(2, 4), (4, 6)], auto_claim=False)
    give(g, 1, ORIENTAL)
    roll(g)
    assert [c.as_tuple()[:4] for c in g.claims] == [(1, 0, ORIENTAL, 6)]
    end_turn(g)
    m = mark(g)
    roll(g)  # seat 1 rolls without having claimed
    assert events(g, E.RentForfeited, m) == [E.RentForfeited(1, 0, ORIENTAL, 6)]
    assert_illegal(g, 1, ClaimRent(ORIENTAL), "rent-claim-window")
    assert g.cash[0] == 1500 and payments(g, "rent") == []
    assert violations(g) == []


@pytest.mark.parametrize("when", ["at once", "just before the next roll"])
def test_rent_claimed_before_the_next_roll_is_paid(when: str) -> None:
    """004:41 (the owner who does claim before the next roll is paid)."""
    g = kids(dice=[(2, 4)], auto_claim=False)
    give(g, 1, ORIENTAL)
    roll(g)
    if when != "at once":
        end_turn(g)
        expect(g, "pre_roll", 1)
    g.apply(1, ClaimRent(ORIENTAL))
    assert g.cash[0] == 1494 and g.cash[1] == 1506
    assert violations(g) == []


@pytest.mark.parametrize(
    "setup, rent",
    [
        ("whole group, no buildings", 12),
        ("group not complete", 6),
        ("another lot of the group mortgaged", 6),
        ("houses on the other lots", 12),
    ],
)
def test_double_rent_on_unbuilt_lots_of_a_whole_group_unless_one_is_mortgaged(setup: str, rent: int) -> None:
    """004:43 «Выгодно владеть всеми полями незастроенных участков одного цвета – в этом случае собираемая плата
    увеличивается вдвое» (REC K-8: the unbuilt lots double, built ones charge house rent); 004:41 «Двойная плата
    … не берется, если из всей группы … хотя бы один заложен»."""
    g = kids(dice=[(2, 4)])
    give(g, 1, *(LIGHT_BLUE if setup != "group not complete" else (ORIENTAL, VERMONT)))
    if setup == "another lot of the group mortgaged":
        mortgage(g, CONNECTICUT)
    if setup == "houses on the other lots":
        build(g, VERMONT, 1)
        build(g, CONNECTICUT, 1)
    roll(g)
    assert g.position[0] == ORIENTAL
    assert [p.amount for p in payments(g, "rent")] == [rent]
    assert violations(g) == []


# ------------------------------------------------------------------ the «Конъюнктура» cards
CARDS = [  # (seed line, card number, card id, cash change of the drawer, of each other player)
    (3, 6, "kids-06-consultation", -100, 0),  # REC K-1: a payment
    (5, 7, "birthday", +20, -10),
    (7, 8, "bank-error", +200, 0),
    (9, 9, "sale-of-stock", +50, 0),
    (11, 10, "inheritance", +100, 0),
    (13, 11, "tax-refund", +20, 0),
    (15, 12, "kids-12-insurance", -50, 0),
    (17, 13, "beauty-contest", +10, 0),
    (19, 14, "kids-14-shares", +25, 0),
    (23, 16, "kids-16-payments", +100, 0),
]


@pytest.mark.parametrize("line, number, card, mine, others", CARDS, ids=[c[2] for c in CARDS])
def test_the_konjunktura_cards_6_to_16(line: int, number: int, card: str, mine: int, others: int) -> None:
    """004:3-23, the «Конъюнктура» cards 6-16 (REC K-4; card 15 is tested above): each one drawn on the
    square 17 changes cash as its text says (004:3 «Плата за консультации 100F» is a payment, REC K-1;
    004:5 «В день рождения каждый игрок дарит по 10F»), and goes to the bottom of the deck (004:45)."""
    g = kids(dice=[(1, 2)], decks={"community_chest": [card]})
    place(g, 0, 14)
    roll(g)
    assert g.position[0] == COMMUNITY_CHEST_17
    drew = events(g, E.DrewCard)
    assert [d.card for d in drew] == [card]
    assert f"{abs(mine if others == 0 else others)}F" in drew[0].text
    assert g.cash == [1500 + mine, 1500 + others, 1500 + others]
    assert pile_ids(g, "community_chest")[-1] == card
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ squares, buildings, mortgage
def test_free_parking_is_only_a_rest() -> None:
    """004:45 «Поле «свободная парковка» не предполагает совершения игроком каких-либо действий»: no skipped
    turn (hasbro-ru skips it, H-6)."""
    g = kids(2, dice=[(4, 6), (4, 6)])
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == FREE_PARKING
    end_turn(g)
    roll(g)
    end_turn(g)
    expect(g, "pre_roll", 0)
    assert violations(g) == []


@pytest.mark.parametrize("level, refund", [(1, 25), (5, 25)])
def test_buildings_sell_back_at_half_price(level: int, refund: int) -> None:
    """004:47 «Дома и гостиницы покупаются «банком» также за половину цены»: a house (50) for 25; a hotel
    (priced as a house, REC K-6 fallback) for 25 and four houses back on the lot."""
    g = kids()
    give(g, 0, *LIGHT_BLUE)
    build_group(g, LIGHT_BLUE, level)
    g.apply(0, SellBuilding(ORIENTAL))
    assert g.level[ORIENTAL] == level - 1
    assert [p.amount for p in payments(g, "building_sale")] == [refund]
    assert violations(g) == []


def test_a_mortgage_pays_half_the_price() -> None:
    """004:47 «При закладывании полей в «банк» выплачивается половина их цены»: Mayfair (400) pays 200."""
    g = kids()
    give(g, 0, BOARDWALK)
    g.apply(0, Mortgage(BOARDWALK))
    assert g.cash[0] == 1700 and g.mortgaged[BOARDWALK]
    assert g.edition.squares[BOARDWALK].name == "Mayfair"
    assert violations(g) == []


def test_amounts_are_shown_in_pounds_written_f() -> None:
    """004:27 «1500 «фунтов стерлингов» (для краткости F)»; every player starts with 1500F at the start."""
    g = kids(4)
    assert g.edition.currency.show(1500) == "1500F"
    assert g.cash == [1500] * 4 and g.position == [GO] * 4
    assert violations(g) == []
