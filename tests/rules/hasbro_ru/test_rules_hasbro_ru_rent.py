"""hasbro-ru rule scenarios: rent for streets, railroads and utilities, and claiming it in time.

Spec: seed 000:47-57, 000:91, 000:111, 000:133, 000:235, 000:263, 000:281; RULES_MATRIX.md rows
E1-E7, F3-F4, G2-G3 (hasbro-ru column); RECs H-5, H-11, H-12, H-25.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    ELECTRIC,
    JAIL,
    LIGHT_BLUE,
    MEDITERRANEAN,
    ORIENTAL,
    PENNSYLVANIA_RR,
    RAILROADS,
    READING,
    WATER_WORKS,
    assert_consistent,
    assert_illegal,
    build,
    build_group,
    end_turn,
    events,
    expect,
    give,
    mark,
    mortgage,
    new_game,
    payments,
    place,
    roll,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import ClaimRent, Mortgage


def rent_paid(g, start: int = 0) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in payments(g, "rent", start)]


# ------------------------------------------------------------------ streets
def test_street_rent_is_the_printed_base_rent() -> None:
    """000:47 «Владелец сразу получает арендную плату. Ставки указаны на карточках» (E1)."""
    g = new_game(3, dice=[(1, 2)])
    give(g, 1, BALTIC)
    roll(g)
    assert rent_paid(g) == [(0, 1, 4)]
    assert g.cash[:2] == [1496, 1504]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_complete_unbuilt_group_charges_double_rent() -> None:
    """000:57 (implied by «плату нельзя удваивать» for a mortgaged set), E2: a whole colour group,
    unbuilt, doubles the base rent."""
    g = new_game(3, dice=[(1, 2)])
    give(g, 1, *BROWN)
    roll(g)
    assert rent_paid(g) == [(0, 1, 8)]
    assert_consistent(g)


def test_no_double_rent_if_a_lot_of_the_group_is_mortgaged() -> None:
    """000:57 «Если хоть один объект на участке находится в залоге, то плату нельзя удваивать» (E3);
    000:263 the other lots of the group still earn rent."""
    g = new_game(3, dice=[(1, 2)])
    give(g, 1, *BROWN)
    mortgage(g, MEDITERRANEAN)
    roll(g)
    assert rent_paid(g) == [(0, 1, 4)]
    assert_consistent(g)


def test_unbuilt_lot_keeps_double_rent_while_others_of_its_group_are_built() -> None:
    """000:91 «соперники платят повышенную арендную плату, независимо от того, попали они на застроенную
    клетку цветового участка или без Домов и Отелей» -> REC H-12: Oriental (base 6, no house) charges 12
    while Vermont and Connecticut have a house each."""
    g = new_game(3, dice=[(2, 4)])
    give(g, 1, *LIGHT_BLUE)
    build(g, 8, 1)
    build(g, 9, 1)
    roll(g)
    assert g.position[0] == ORIENTAL
    assert rent_paid(g) == [(0, 1, 12)]
    assert_consistent(g)


@pytest.mark.parametrize("level, rent", [(1, 200), (2, 600), (3, 1400), (4, 1700), (5, 2000)])
def test_houses_and_hotel_rents_follow_the_deed(level: int, rent: int) -> None:
    """000:83 «При этом аренда для остальных участников увеличивается»; 000:47 rates on the deed:
    Boardwalk with 1-4 houses or a hotel (E1)."""
    g = new_game(3, dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, level)
    place(g, 0, 35)
    set_cash(g, 0, 5000)
    roll(g)
    assert rent_paid(g) == [(0, 1, rent)]
    assert_consistent(g)


def test_no_rent_on_a_mortgaged_lot() -> None:
    """000:57 «Переходя на клетку заложенного объекта, аренду не платят»; 000:111, 000:263 (E4)."""
    g = new_game(3, dice=[(1, 2)], auto_claim=False)
    give(g, 1, *BROWN)
    mortgage(g, BALTIC)
    roll(g)
    assert rent_paid(g) == []
    assert g.claims == [] and events(g, E.RentOwed) == []
    assert_illegal(g, 1, ClaimRent(BALTIC), "rent-claim-window")
    assert_consistent(g)


def test_rent_goes_to_an_owner_in_jail() -> None:
    """000:235 «Находясь в Тюрьме, вы можете получать арендную плату за вашу Недвижимость, если она не
    заложена» (E7)."""
    g = new_game(3, dice=[(1, 2)])
    give(g, 1, BALTIC)
    g.position[1] = JAIL
    g.in_jail[1] = True
    roll(g)
    assert rent_paid(g) == [(0, 1, 4)]
    assert_consistent(g)


# ------------------------------------------------------------------ railroads
@pytest.mark.parametrize("owned, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_by_number_owned(owned: int, rent: int) -> None:
    """000:53 «Плата … тоже зависит от того, сколько таких объектов смог скупить ее владелец» (table lost,
    F3) -> the classic 25/50/100/200; paid on landing (REC H-11)."""
    g = new_game(3, dice=[(2, 3)])
    give(g, 1, *RAILROADS[:owned])
    roll(g)
    assert g.position[0] == READING
    assert rent_paid(g) == [(0, 1, rent)]
    assert_consistent(g)


def test_passing_a_railroad_pays_nothing() -> None:
    """REC H-11: station rent only on landing (000:198 «Остановка на Станции»), not on passing."""
    g = new_game(3, dice=[(3, 4)], decks={"chance": ["dividend"]})
    give(g, 1, READING)
    roll(g)  # 0 -> 7 (Chance) passing Reading on 5
    assert rent_paid(g) == []
    assert_consistent(g)


def test_card_to_nearest_railroad_pays_double_rent() -> None:
    """000:53 rent by the number of stations owned; the card text is the edition's (the seed gives
    none, F4): «nearest railroad … pay twice the rent»: one railroad owned, 2 x 25."""
    g = new_game(3, dice=[(1, 4)], decks={"chance": ["nearest-railroad-1"]})
    give(g, 1, PENNSYLVANIA_RR)
    place(g, 0, 2)
    roll(g)
    assert g.position[0] == PENNSYLVANIA_RR
    assert rent_paid(g) == [(0, 1, 50)]
    assert_consistent(g)


def test_card_to_a_named_railroad_pays_the_ordinary_rent() -> None:
    """Only the «nearest railroad» card doubles the rent (F4); «Take a trip to Reading Railroad» from
    Chance 36 passes GO (000:212, salary) and pays the ordinary 25."""
    g = new_game(3, dice=[(1, 3)], decks={"chance": ["advance-to-reading"]})
    give(g, 1, READING)
    place(g, 0, 32)
    roll(g)
    assert g.position[0] == READING
    assert rent_paid(g) == [(0, 1, 25)]
    assert g.cash[0] == 1500 + 200 - 25
    assert_consistent(g)


# ------------------------------------------------------------------ utilities
@pytest.mark.parametrize("owned, rent", [((ELECTRIC,), 4 * 3), ((ELECTRIC, WATER_WORKS), 10 * 3)])
def test_utility_rent_is_four_or_ten_times_the_dice(owned: tuple[int, ...], rent: int) -> None:
    """000:49 (multipliers lost, G2) -> the classic 4x the dice with one utility, 10x with both."""
    g = new_game(3, dice=[(1, 2)])
    give(g, 1, *owned)
    place(g, 0, 9)
    roll(g)
    assert g.position[0] == ELECTRIC
    assert rent_paid(g) == [(0, 1, rent)]
    assert_consistent(g)


@pytest.mark.parametrize("owned, multiplier", [((ELECTRIC,), 4), ((ELECTRIC, WATER_WORKS), 10)])
def test_card_to_nearest_utility_rerolls_with_the_normal_multiplier(
    owned: tuple[int, ...], multiplier: int
) -> None:
    """000:51 «Если игрок попал на эту позицию после выполнения задания карточки «Шанс», то он сначала
    бросает кубики, а потом определяет размер аренды по принципу, указанному выше» -> REC H-25:
    roll anew and pay the normal 4x / 10x (the movement roll 1+4 is not used)."""
    g = new_game(3, dice=[(1, 4), (6, 5)], decks={"chance": ["nearest-utility"]})
    give(g, 1, *owned)
    place(g, 0, 2)
    start = mark(g)
    roll(g)
    assert g.position[0] == ELECTRIC
    assert [(r.dice, r.purpose) for r in events(g, E.Rolled, start)] == [((1, 4), "move"), ((6, 5), "utility")]
    assert rent_paid(g) == [(0, 1, multiplier * 11)]
    assert_consistent(g)


def test_card_utility_rent_option_reroll_x10() -> None:
    """Option card_utility_rent="reroll_x10" (000:51 roll first; the multiplier is the US card text;
    REC H-25 keeps it off): ten times the new roll even with one utility owned."""
    g = new_game(3, dice=[(1, 4), (6, 5)], decks={"chance": ["nearest-utility"]}, card_utility_rent="reroll_x10")
    give(g, 1, ELECTRIC)
    place(g, 0, 2)
    roll(g)
    assert rent_paid(g) == [(0, 1, 110)]
    assert_consistent(g)


# ------------------------------------------------------------------ claiming rent (REC H-5)
def test_rent_is_owed_only_when_the_owner_claims_it() -> None:
    """000:281 «обязанность собирать арендную плату лежит на вас»; 000:133; REC H-5."""
    g = new_game(3, dice=[(1, 2)], auto_claim=False)
    give(g, 2, BALTIC)
    roll(g)
    assert rent_paid(g) == []
    assert [(r.owner, r.payer, r.square, r.amount) for r in events(g, E.RentOwed)] == [(2, 0, BALTIC, 4)]
    assert_illegal(g, 1, ClaimRent(BALTIC), "rent-claim-window")  # only the owner claims
    g.apply(2, ClaimRent(BALTIC))
    assert rent_paid(g) == [(0, 2, 4)]
    assert g.claims == []
    assert_illegal(g, 2, ClaimRent(BALTIC), "rent-claim-window")  # not twice
    assert_consistent(g)


def test_rent_can_be_claimed_until_the_next_player_rolls() -> None:
    """000:133 «сделать он это должен до того, как следующий участник бросит кости»: the claim still
    works after the lander ended the turn, while the next player has not rolled."""
    g = new_game(3, dice=[(1, 2)], auto_claim=False)
    give(g, 2, BALTIC)
    roll(g)
    end_turn(g)
    expect(g, "pre_roll", 1)
    g.apply(2, ClaimRent(BALTIC))
    assert rent_paid(g) == [(0, 2, 4)]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_unclaimed_rent_is_forfeited_once_the_next_player_rolls() -> None:
    """000:133 «Если владелец не потребует надлежащей ему суммы до этого момента, то потом платить уже не
    нужно»: after seat 1's roll the claim is gone and claiming raises rule "rent-claim-window"."""
    g = new_game(3, dice=[(1, 2), (4, 6)], auto_claim=False)
    give(g, 2, BALTIC)
    roll(g)
    end_turn(g)
    start = mark(g)
    roll(g)  # seat 1 rolls
    assert [(r.owner, r.payer, r.amount) for r in events(g, E.RentForfeited, start)] == [(2, 0, 4)]
    assert g.claims == []
    assert_illegal(g, 2, ClaimRent(BALTIC), "rent-claim-window")
    assert g.cash == [1500] * 3
    assert_consistent(g)


def test_rent_claim_survives_the_landing_players_extra_roll() -> None:
    """000:133: only the NEXT player's roll ends the window; the lander's own double re-roll does not."""
    g = new_game(3, dice=[(1, 1), (3, 4)], auto_claim=False, decks={"community_chest": ["beauty-contest"]})
    give(g, 2, 9)
    place(g, 0, 7)
    roll(g)  # (1, 1): 7 -> 9 Connecticut, owned by seat 2
    expect(g, "pre_roll", 0)
    roll(g)  # the extra roll: 9 -> 16
    g.apply(2, ClaimRent(9))
    assert rent_paid(g) == [(0, 2, 8)]
    assert_consistent(g)


def test_claiming_rent_beyond_the_payers_cash_opens_a_debt() -> None:
    """000:133 + 000:259: a claimed rent the payer cannot meet in cash is a debt to raise by mortgaging."""
    g = new_game(3, dice=[(1, 3)], auto_claim=False)
    give(g, 2, *DARK_BLUE)
    give(g, 0, READING)
    place(g, 0, 35)
    set_cash(g, 0, 30)
    roll(g)  # onto Boardwalk: double rent 100
    end_turn(g)
    g.apply(2, ClaimRent(BOARDWALK))
    d = expect(g, "debt", 0)
    assert d.data.amount == 100
    g.apply(0, Mortgage(READING))
    assert rent_paid(g) == [(0, 2, 100)]
    assert g.cash[0] == 30
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_rent_claim_option_automatic() -> None:
    """Option rent_claim="automatic" (000:47 «Владелец сразу получает арендную плату»): rent is paid on
    landing even by owners who do not claim."""
    g = new_game(3, dice=[(1, 2)], auto_claim=False, rent_claim="automatic")
    give(g, 2, BALTIC)
    roll(g)
    assert rent_paid(g) == [(0, 2, 4)]
    assert g.claims == []
    assert_consistent(g)
