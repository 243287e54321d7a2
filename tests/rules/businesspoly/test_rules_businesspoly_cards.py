"""businesspoly: the 34 cards of the deck «Извещение», one test each, as RULES_MATRIX.md section 3.1 reads them.

Spec: seed 000:521-589 (the cards), 000:339-341 (the deck's purpose), 000:443-445 (drawing); RECs B-10, B-22,
B-23. Every test draws the card on the «Извещение» square 17, reached from square 14 by a roll of 3.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    HOTEL,
    assert_consistent,
    assert_illegal,
    build,
    build_group,
    events,
    expect,
    give,
    mark,
    payments,
    roll,
    set_cash,
)
from support.scenario_businesspoly import (
    CARD2,
    CEMENT,
    DECK,
    ELECTRICITY,
    FERMA,
    GAS,
    JAIL,
    KIRPICH,
    KOLKHOZ,
    OBSHCHEPIT,
    PTITSA,
    STOLOVAYA,
    TC_EAST,
    TC_NORTH,
    TC_SOUTH,
    TC_WEST,
    TEXTILE,
    WATER,
    bp_game,
)

import landlords
from landlords.engine import events as E
from landlords.engine.actions import Build
from landlords.rules.businesspoly import WAIVE, CasinoPlayed, InsurancePaid, LapSettled, Sue, SuitDecided


def at_card(card: str, *dice, players: int = 3, cash: int | None = None, **rules) -> landlords.Game:
    """Seat 0 will draw ``card`` with its next roll (3, from square 14); ``dice`` follow that roll."""
    g = bp_game(players, dice=[(1, 2), *dice], cards=[card], **rules)
    g.position[0] = CARD2 - 3
    if cash is not None:
        set_cash(g, 0, cash)
    return g


def draw(g: landlords.Game) -> int:
    start = mark(g)
    roll(g)
    assert g.events[start:] and any(isinstance(e, E.DrewCard) for e in g.events[start:])
    return start


# ------------------------------------------------------------------ 1-5: cash on hand
def test_card_1_begging_under_200() -> None:
    """000:523 «У вас меньше 200 β? … Попросите у каждого игрока дать вам ровно 30 β, если у него есть такие
    наличные» - compulsory for those holding 30; with 200 or more nothing happens."""
    g = at_card("01-begging", cash=150)
    set_cash(g, 2, 29)
    draw(g)
    assert (g.cash[0], g.cash[1], g.cash[2]) == (180, 2470, 29)
    g = at_card("01-begging", cash=200)
    draw(g)
    assert g.cash[0] == 200
    assert_consistent(g)


def test_card_2_master_class() -> None:
    """000:525 «К вам пришли только те игроки, у которых есть 50 β на оплату вашего тренинга»."""
    g = at_card("02-master-class")
    set_cash(g, 2, 49)
    draw(g)
    assert (g.cash[0], g.cash[1], g.cash[2]) == (2550, 2450, 49)
    assert_consistent(g)


def test_card_3_inflation_per_whole_thousand() -> None:
    """000:527 «Заплатите ровно по 200 β с каждой имеющейся у вас на руках 1000 β»."""
    g = at_card("03-inflation-per-thousand", cash=2999)
    draw(g)
    assert g.cash[0] == 2599
    g = at_card("03-inflation-per-thousand", cash=999)
    draw(g)
    assert g.cash[0] == 999
    assert_consistent(g)


def test_card_4_ten_percent_above_1000() -> None:
    """000:529 «Если у вас на руках больше 1000 β, заплатите 10% от суммы вашей наличности» - rounded
    down (section 3.1; the nearest whole β is an option)."""
    g = at_card("04-inflation-ten-percent", cash=1000)
    draw(g)
    assert g.cash[0] == 1000
    g = at_card("04-inflation-ten-percent", cash=1999)
    draw(g)
    assert g.cash[0] == 1999 - 199
    g = at_card("04-inflation-ten-percent", cash=1999, card_percent_rounding="nearest")
    draw(g)
    assert g.cash[0] == 1999 - 200
    assert_consistent(g)


def test_card_5_bad_deposit() -> None:
    """000:531 «Неудачный вклад. Вы теряете 10% от всей своей наличности»."""
    g = at_card("05-bad-deposit", cash=555)
    draw(g)
    assert g.cash[0] == 500
    assert_consistent(g)


# ------------------------------------------------------------------ 6-9: the shopping centres
@pytest.mark.parametrize(
    "card, square, lap",
    [
        ("06-tc-north", TC_NORTH, False),
        ("07-tc-east", TC_EAST, False),
        ("08-tc-west", TC_WEST, True),
        ("09-tc-south", TC_SOUTH, True),
    ],
)
def test_cards_6_to_9_go_forward_to_a_shopping_centre(card: str, square: int, lap: bool) -> None:
    """000:533-539 «Перейдите в ТЦ …»: forward (section 3.1), completing a lap on the way if Start is
    passed (000:421), then the centre: buy or auction."""
    g = at_card(card)
    start = draw(g)
    assert g.position[0] == square
    assert bool(events(g, LapSettled, start)) == lap
    expect(g, "buy", 0, square)
    assert_consistent(g)


def test_a_shopping_centre_reached_by_card_charges_the_normal_rent() -> None:
    """Nothing in 000:533 doubles the rent: by the number of centres the owner holds (25/50/100/200)."""
    g = at_card("06-tc-north")
    give(g, 1, TC_NORTH, TC_SOUTH)
    draw(g)
    assert g.cash[1] == 2550
    assert_consistent(g)


# ------------------------------------------------------------------ 11: the nearest company
def test_card_11_nearest_company_rent_on_three_dice() -> None:
    """000:541 «Перейдите вперёд на ближайшую компанию … Если компания принадлежит другому игроку,
    заплатите ренту, бросив кубик три раза вместо двух» - «компания» read as a utility (section 3.1)."""
    g = at_card("11-nearest-company", (2, 3, 4))
    give(g, 1, GAS, WATER)
    start = draw(g)
    assert g.position[0] == GAS
    assert [e.dice for e in events(g, E.Rolled, start) if e.purpose == "utility"] == [(2, 3, 4)]
    assert g.cash[1] == 2500 + 10 * 9
    g = at_card("11-nearest-company")
    draw(g)
    expect(g, "buy", 0, GAS)
    assert_consistent(g)


# ------------------------------------------------------------------ 12-15
def test_card_12_deflation_doubles_cash_under_150() -> None:
    """000:543 «Если у вас меньше 150 β, то возьмите себе из банка столько же, сколько у вас имеется»."""
    g = at_card("12-deflation", cash=149)
    draw(g)
    assert g.cash[0] == 298
    g = at_card("12-deflation", cash=150)
    draw(g)
    assert g.cash[0] == 150
    assert_consistent(g)


@pytest.mark.parametrize("card, amount", [("13-bribe", 20), ("23-caught-kickback", 100)])
def test_cards_13_and_23_pay_then_jail(card: str, amount: int) -> None:
    """000:545 «Получите 20 β и проследуйте прямиком в тюрьму»; 000:565 «Получите 100 β и отправляйтесь в
    тюрьму» - straight to the first cell, no lap, the turn ends."""
    g = at_card(card)
    draw(g)
    assert g.cash[0] == 2500 + amount and g.in_jail[0] and g.position[0] == JAIL and g.jail_turns[0] == 0
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_card_14_the_lawyer_is_kept_for_jail() -> None:
    """000:547 «Возьмите карту себе – можете воспользоваться ей позже, чтобы выйти из тюрьмы»."""
    g = at_card("14-lawyer-jail")
    draw(g)
    assert g.jail_cards[0] == [DECK] and len(g.decks[DECK]) == 33
    assert_consistent(g)


def test_card_15_the_lawyer_wins_a_suit_on_a_tie_now() -> None:
    """000:549 «Если вы сейчас подадите в суд на другого игрока, то победите даже если сумма на кубиках
    будет равна» - sue now, anywhere (section 3.1); the card is not kept."""
    g = at_card("15-lawyer-court", (3,), (3,))
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    draw(g)
    d = expect(g, "court", 0)
    assert d.data.lawyer
    g.apply(0, Sue(PTITSA))
    assert g.owner[PTITSA] == 0 and g.cash[0] == 2410
    assert events(g, SuitDecided)[0].lawyer
    assert len(g.decks[DECK]) == 34
    g = at_card("15-lawyer-court")
    draw(g)  # nothing to sue for: nothing happens
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_card_15_no_deals_while_the_card_is_played() -> None:
    """Drawn in step 3.4: no deals until it is resolved (000:423)."""
    from landlords.engine.actions import ProposeTrade

    g = at_card("15-lawyer-court")
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    draw(g)
    assert_illegal(g, 0, ProposeTrade(1, give_cash=100, take_properties=(PTITSA,)), "trade-timing")
    g.apply(0, WAIVE)
    assert_consistent(g)


# ------------------------------------------------------------------ 16-17: the office levies
@pytest.mark.parametrize("card, office, centre", [("16-office-levy-15", 15, 100), ("17-office-levy-25", 25, 125)])
def test_cards_16_and_17_levy_offices_and_business_centres(card: str, office: int, centre: int) -> None:
    """000:551-553 «Заплатите 15 β с каждого офиса и 100 β с каждого делового центра. Продажа имущества
    на сумму оплаты не повлияет» - a business centre counts as one centre, not also as four offices."""
    g = at_card(card)
    give(g, 0, *KOLKHOZ, *OBSHCHEPIT)
    build_group(g, KOLKHOZ, 2)
    build_group(g, OBSHCHEPIT, HOTEL)
    draw(g)
    assert g.cash[0] == 2500 - 6 * office - 3 * centre
    assert_consistent(g)


def test_card_17_due_is_fixed_when_drawn() -> None:
    """000:553 «Продажа имущества на сумму оплаты не повлияет»: closing offices to pay leaves the sum."""
    from landlords.engine.actions import SellBuilding

    g = at_card("17-office-levy-25", cash=10)
    give(g, 0, *KOLKHOZ)
    build_group(g, KOLKHOZ, 4)
    draw(g)
    d = expect(g, "debt", 0)
    assert d.data.amount == 300
    g.apply(0, SellBuilding(FERMA))
    assert g.decision.data.amount == 300
    assert_consistent(g)


# ------------------------------------------------------------------ 18-24
@pytest.mark.parametrize(
    "card, amount, square",
    [
        ("18-forward-1", 40, CEMENT),
        ("19-back-1", 20, KIRPICH),
        ("20-back-3", 20, TEXTILE),
        ("21-back-5", 20, ELECTRICITY),
    ],
)
def test_cards_18_to_21_collect_and_move(card: str, amount: int, square: int) -> None:
    """000:555-561 «Перейдите на 1 клетку вперёд, получите 40 β», «… назад, получите 20 β»: collect, move,
    resolve the square (buy or auction here)."""
    g = at_card(card)
    draw(g)
    assert g.position[0] == square and g.cash[0] == 2500 + amount
    expect(g, "buy", 0, square)
    assert_consistent(g)


@pytest.mark.parametrize("card, amount", [("22-kickback", 50), ("35-beauty-contest", 4)])
def test_cards_22_and_35_collect(card: str, amount: int) -> None:
    """000:563 «Откат. Получите 50 β»; 000:589 «Вы выиграли на конкурсе красоты 4 β»."""
    g = at_card(card)
    draw(g)
    assert g.cash[0] == 2500 + amount
    assert_consistent(g)


def test_card_24_speeding_fine_is_not_insured() -> None:
    """000:567 «Заплатите штраф за превышение скорости 80 β» - in full, a debt if cash is short (000:399)."""
    g = at_card("24-speeding", cash=50)
    draw(g)
    assert expect(g, "debt", 0).data.amount == 80
    assert_consistent(g)


# ------------------------------------------------------------------ 25-28: the insurance
@pytest.mark.parametrize(
    "card, amount", [("25-materials", 130), ("26-legal-costs", 180), ("27-cleaning", 40), ("28-medical", 115)]
)
def test_cards_25_to_28_the_insurance_pays_the_rest(card: str, amount: int) -> None:
    """000:569-575 «Если наличных денег не хватает, остальное доплатит страховая компания» (REC B-23)."""
    g = at_card(card)
    draw(g)
    assert g.cash[0] == 2500 - amount
    g = at_card(card, cash=30)
    start = draw(g)
    assert g.cash[0] == 0
    assert [(e.seat, e.amount) for e in events(g, InsurancePaid, start)] == [(0, amount - 30)]
    expect(g, "post_roll", 0)
    g = at_card(card, cash=30, card_insurance=False)
    draw(g)
    assert expect(g, "debt", 0).data.amount == amount
    assert_consistent(g)


# ------------------------------------------------------------------ 29-35
@pytest.mark.parametrize("card, below", [("29-aid-below-100", 100), ("30-aid-below-150", 150)])
def test_cards_29_and_30_aid_under_a_threshold(card: str, below: int) -> None:
    """000:577-579 «Если у вас меньше 100 β (150 β), банк вам платит 100 β»."""
    g = at_card(card, cash=below - 1)
    draw(g)
    assert g.cash[0] == below + 99
    g = at_card(card, cash=below)
    draw(g)
    assert g.cash[0] == below
    assert_consistent(g)


def test_card_31_casino_win_on_a_double_pay_otherwise_insured() -> None:
    """000:581 «Бросьте два кубика и получившееся значение умножьте на 10 – эту сумму вы получаете, если на
    кубиках дубль, или платите в банк в противном случае. Если расплатиться не хватает наличных, за вас
    добавит страховая»; the casino's double is not a move's double (section 3.1)."""
    g = at_card("31-casino", (3, 3))
    start = draw(g)
    assert g.cash[0] == 2560 and [e.won for e in events(g, CasinoPlayed, start)] == [True]
    expect(g, "post_roll", 0)
    g = at_card("31-casino", (2, 5))
    draw(g)
    assert g.cash[0] == 2430
    g = at_card("31-casino", (6, 5), cash=50)
    draw(g)
    assert g.cash[0] == 0 and events(g, InsurancePaid)[0].amount == 60
    assert_consistent(g)


def test_card_32_building_loan_one_office_at_half_price() -> None:
    """000:583 «Ссуда на строительство. Откройте сейчас новый офис на своей монополии за полцены, если хватает
    наличности» - optional; it counts towards the two offices of the move (section 3.1)."""
    g = at_card("32-building-loan")
    give(g, 0, *OBSHCHEPIT)
    g.apply(0, Build(STOLOVAYA))
    draw(g)
    expect(g, "building_loan", 0)
    assert_illegal(g, 0, Build(STOLOVAYA), "even-building")
    g.apply(0, Build(8))
    assert g.level[8] == 1 and g.cash[0] == 2500 - 50 - 25
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, Build(9), "office-limit")
    assert_consistent(g)


def test_card_32_needs_a_monopoly_a_free_office_and_the_cash() -> None:
    """No monopoly, the limit reached, not enough cash or only a business centre left: nothing to open."""
    for setup in ("none", "limit", "cash", "centre"):
        g = at_card("32-building-loan", cash=24 if setup == "cash" else None)
        if setup != "none":
            give(g, 0, *OBSHCHEPIT)
        if setup == "limit":
            g.apply(0, Build(6))
            g.apply(0, Build(8))
        if setup == "centre":
            build_group(g, OBSHCHEPIT, 4)
        draw(g)
        expect(g, "post_roll", 0)
    g = at_card("32-building-loan")
    give(g, 0, *OBSHCHEPIT)
    draw(g)
    g.apply(0, WAIVE)
    assert g.cash[0] == 2500
    assert_consistent(g)


def test_card_33_back_to_start_with_200() -> None:
    """000:585 «Вернитесь на «старт», получив 200 β» (REC B-10: instead of the settlement)."""
    g = at_card("33-back-to-start")
    give(g, 0, FERMA)
    draw(g)
    assert g.position[0] == 0 and g.cash[0] == 2700
    assert_consistent(g)


def test_card_34_aid_without_buildings() -> None:
    """000:587 «Помощь бездомным. Если у вас нет ни одного строения, получите 140 β» (lots are not
    buildings)."""
    g = at_card("34-homeless-aid")
    give(g, 0, *KOLKHOZ)
    draw(g)
    assert g.cash[0] == 2640
    g = at_card("34-homeless-aid")
    give(g, 0, *KOLKHOZ)
    build(g, FERMA, 1)
    draw(g)
    assert g.cash[0] == 2500
    assert_consistent(g)


def test_a_card_goes_to_the_bottom_of_the_deck() -> None:
    """REC B-22: draw from the top (000:443), the used card to the bottom."""
    g = at_card("22-kickback")
    draw(g)
    last = g.edition.decks[DECK].cards[g.decks[DECK][-1]]
    assert last.id == "22-kickback" and len(g.decks[DECK]) == 34
    assert_consistent(g)


def test_utility_rent_uses_the_roll_that_moved_a_card_back() -> None:
    """Card 21 lands on Электричество: its rent uses the move's own roll (only card 11 rolls three dice)."""
    g = at_card("21-back-5")
    give(g, 1, ELECTRICITY)
    draw(g)
    assert g.position[0] == ELECTRICITY and g.cash[1] == 2500 + 4 * 3
    assert payments(g, "rent")
    assert_consistent(g)


def test_no_card_beyond_the_deck() -> None:
    assert len(bp_game().decks[DECK]) == 34 and GAS == 28
