"""hasbro-ru house-rule options: every override changes exactly its rule and is checked here.

Options are Ruleset fields (src/landlords/engine/ruleset.py), each with its doc string and seed line;
the options that belong to one theme (free_parking, rent_claim, card_utility_rent, income_tax_choice,
free_parking_pot, building_sell_percent, hotels_sold, trade_price_cap, turn_limit) are tested with that
theme's rules in the other test_rules_hasbro_ru_*.py files.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BALTIC,
    BOARDWALK,
    DARK_BLUE,
    GO,
    GREEN,
    MEDITERRANEAN,
    ORANGE,
    PARK_PLACE,
    YELLOW,
    assert_consistent,
    assert_illegal,
    build,
    end_turn,
    events,
    expect,
    give,
    new_game,
    payments,
    place,
    put_in_jail,
    roll,
)

import landlords
from landlords import ConfigError
from landlords.engine import events as E
from landlords.engine.actions import DECLINE, Build, Mortgage, SellBuilding


def test_defaults_are_the_recommended_readings() -> None:
    """RULES_MATRIX.md Appendix B / section 4.1: the hasbro-ru defaults are the REC readings."""
    r = landlords.get_ruleset("hasbro-ru")
    assert (r.min_players, r.max_players, r.starting_cash, r.salary) == (2, 8, 1500, 200)
    assert (r.income_tax, r.luxury_tax, r.jail_fine, r.jail_max_turns) == (100, 75, 50, 3)
    assert (r.houses, r.hotels, r.building_sell_percent, r.mortgage_interest_percent) == (32, 12, 50, 10)
    assert r.free_parking == "skip_turn" and r.rent_claim == "until_next_roll"
    assert r.card_utility_rent == "reroll" and r.hotels_sold == "evenly"
    assert r.mortgage_requires_unbuilt == "group" and r.transfer_fee_percent == 10
    assert r.auctions and r.decliner_may_bid and r.auction_min_bid == 1
    assert r.even_building and r.even_selling and r.shortage_auction
    assert not (r.trade_price_cap or r.free_parking_pot or r.no_rent_owner_in_jail or r.double_salary_on_go)
    assert r.turn_limit is None and not r.jail_doubles_extra_roll
    # L3 / N1 «— (any time)», 000:249 «Здания можно продавать в любое время», 000:279 trade while in debt
    assert (r.build_timing, r.mortgage_timing, r.trade_timing) == ("any", "any", "any")
    assert r.trade_in_debt and r.trade_mortgaged
    # 000:97 four houses on each lot; REC H-2 clearance; REC H-15; 000:117, 000:273; H-18 off by default
    assert r.hotel_requires == "group" and r.hotel_sale_without_houses == "clear"
    assert r.transfer_mode == "lift_or_fee" and r.lift_base == "mortgage"
    assert (r.bankruptcy_to_player, r.bankrupt_property_to_bank) == ("creditor_takes", "auction")
    assert not r.speed_die and r.max_builds_per_group_per_turn == 0


def test_unknown_or_mistyped_house_rule_is_rejected() -> None:
    """A house rule must name a ruleset option and give it a value of the right type."""
    with pytest.raises(ConfigError):
        new_game(3, no_such_rule=True)
    with pytest.raises(ConfigError):
        new_game(3, free_parking="jackpot")
    with pytest.raises(ConfigError):
        new_game(3, starting_cash="lots")


def test_house_rule_no_rent_owner_in_jail() -> None:
    """Option no_rent_owner_in_jail (the opposite of 000:235 «Находясь в Тюрьме, вы можете получать
    арендную плату»): an owner in jail collects nothing."""
    g = new_game(3, dice=[(1, 2)], no_rent_owner_in_jail=True)
    give(g, 1, BALTIC)
    put_in_jail(g, 1)
    roll(g)
    assert payments(g, "rent") == [] and g.cash == [1500] * 3
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_house_rule_no_auctions() -> None:
    """Option auctions=False (against 000:190 «Банкир должен немедленно выставить ее на аукцион»): a
    declined property simply stays with the bank."""
    g = new_game(3, dice=[(1, 2)], auctions=False)
    roll(g)
    g.apply(0, DECLINE)
    assert g.owner[BALTIC] == -1
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_house_rule_decliner_may_not_bid() -> None:
    """Option decliner_may_bid=False (against 000:190 «вы можете принять участие в аукционе»)."""
    g = new_game(3, dice=[(1, 2)], decliner_may_bid=False)
    roll(g)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1)
    assert sorted(d.data.bidders) == [1, 2]
    assert_consistent(g)


def test_house_rule_uneven_building() -> None:
    """Option even_building=False (against 000:87-89): houses may pile up on one lot of the group."""
    g = new_game(3, even_building=False)
    give(g, 0, *DARK_BLUE)
    for _ in range(3):
        g.apply(0, Build(PARK_PLACE))
    assert [g.level[sq] for sq in DARK_BLUE] == [3, 0]
    assert_consistent(g)


def test_house_rule_starting_cash() -> None:
    """Option starting_cash (000:23 lost -> REC H-8: configurable)."""
    g = new_game(3, starting_cash=2000)
    assert g.cash == [2000] * 3
    assert_consistent(g)


def test_house_rule_salary() -> None:
    """Option salary (000:182 «получить зарплату в размере 200»)."""
    g = new_game(3, dice=[(2, 3)], salary=100)
    give(g, 0, MEDITERRANEAN)
    place(g, 0, 36)
    roll(g)
    assert g.cash[0] == 1600
    assert_consistent(g)


@pytest.mark.parametrize("start, dice, salary", [(36, (1, 3), 400), (36, (2, 3), 200)])
def test_house_rule_double_salary_on_go(start: int, dice: tuple[int, int], salary: int) -> None:
    """Option double_salary_on_go (a common house rule, not in the seed; 000:188 pays 200 either way):
    landing exactly on GO pays twice the salary; passing it pays the ordinary salary."""
    g = new_game(3, dice=[dice], double_salary_on_go=True)
    give(g, 0, MEDITERRANEAN)
    place(g, 0, start)
    roll(g)
    assert [p.amount for p in payments(g, "salary")] == [salary]
    assert g.position[0] in (GO, MEDITERRANEAN)
    assert_consistent(g)


def test_house_rule_jail_doubles_extra_roll() -> None:
    """Option jail_doubles_extra_roll (000:231 moves by the double, an extra roll is not stated;
    REC H-10 default: no extra roll after leaving jail by a double)."""
    g = new_game(3, dice=[(2, 2)], jail_doubles_extra_roll=True)
    give(g, 0, 14)
    put_in_jail(g, 0)
    roll(g)
    assert not g.in_jail[0] and g.position[0] == 14
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_house_rule_mortgage_blocks_only_the_built_lot() -> None:
    """Option mortgage_requires_unbuilt="lot": 000:259 read literally «продайте Банку любые здания,
    находящиеся на этом участке» (REC H-13 default: the whole group)."""
    g = new_game(3, mortgage_requires_unbuilt="lot")
    give(g, 0, *DARK_BLUE)
    build(g, PARK_PLACE, 1)
    assert_illegal(g, 0, Mortgage(PARK_PLACE), "mortgage-sell-buildings-first")
    g.apply(0, Mortgage(BOARDWALK))
    assert g.mortgaged[BOARDWALK] and g.cash[0] == 1700
    assert_illegal(g, 0, Build(PARK_PLACE), "build-no-mortgage-in-group")
    assert_consistent(g)


def test_house_rule_three_doubles_never_jail() -> None:
    """Option doubles_to_jail=0 (REC H-10 default 3, 000:223)."""
    g = new_game(
        3, dice=[(1, 1), (2, 2), (3, 3)], doubles_to_jail=0, decks={"community_chest": ["beauty-contest"]}
    )
    give(g, 0, 6, 12)
    for _ in range(3):
        roll(g)  # 2 (chest), 6, 12
    assert g.position[0] == 12 and not g.in_jail[0]
    expect(g, "pre_roll", 0)  # a fourth roll, still no jail
    assert_consistent(g)


def test_house_rule_hotel_sale_forbidden_without_four_bank_houses() -> None:
    """Option hotel_sale_without_houses="forbidden": 000:241 read literally «если вы продаете Отели, вы не
    можете заменить их Домами, если в Банке нет лишних Домов» (REC H-2 default: clear the lot)."""
    g = new_game(3, hotel_sale_without_houses="forbidden")
    give(g, 0, *DARK_BLUE)
    build(g, PARK_PLACE, 5)
    build(g, BOARDWALK, 5)
    give(g, 1, *GREEN, *YELLOW, *ORANGE)
    for sq in GREEN + YELLOW:
        build(g, sq, 4)
    build(g, ORANGE[0], 2)
    build(g, ORANGE[1], 2)
    build(g, ORANGE[2], 1)
    assert g.bank_houses == 3
    assert_illegal(g, 0, SellBuilding(PARK_PLACE), "hotel-sale-needs-houses")
    g.apply(1, SellBuilding(ORANGE[0]))  # a fourth house back in the bank
    g.apply(0, SellBuilding(PARK_PLACE))
    assert g.level[PARK_PLACE] == 4 and g.bank_houses == 0
    assert_consistent(g)


# ------------------------------------------------------------------ the red (speed) die, REC H-18
def speed_game(dice: list, **rules):
    """Two players, speed die on; seat 0 passes GO on its first move (36 -> 1), seat 1 visits jail,
    so seat 0's second roll is the first with the red die."""
    g = new_game(2, dice=[(2, 3), (4, 6), *dice], speed_die=True, **rules)
    give(g, 0, MEDITERRANEAN)
    place(g, 0, 36)
    roll(g)
    end_turn(g)
    roll(g)
    end_turn(g)
    return g


def test_speed_die_is_off_by_default() -> None:
    """000:143-145 «может быть третий красный кубик» - optional; REC H-18 and the product decision: off by
    default, so every roll is two dice."""
    g = new_game(2, dice=[(2, 3), (4, 6), (1, 2)])
    give(g, 0, MEDITERRANEAN)
    place(g, 0, 36)
    for _ in range(3):
        roll(g)
        end_turn(g)
    assert all(len(r.dice) == 2 for r in events(g, E.Rolled))
    assert g.position[0] == 4
    assert_consistent(g)


def test_speed_die_number_adds_to_the_move() -> None:
    """000:145 «Три его грани содержат 1, 2, 3 очка, которые суммируются с количеством на белых костях»."""
    g = speed_game([(2, 4, 3)])
    roll(g)  # 2 + 4 + 3 from Mediterranean (1) to 10, just visiting
    assert g.position[0] == 10 and not g.in_jail[0]
    assert [len(r.dice) for r in events(g, E.Rolled)] == [2, 2, 3]
    assert_consistent(g)


@pytest.mark.parametrize("red, rent", [(3, 4 * (2 + 1 + 3)), (4, 4 * (2 + 1))])
def test_speed_die_utility_rent_counts_numbers_and_mr_monopoly_as_zero(red: int, rent: int) -> None:
    """000:147 «При расчете арендной платы считают, что Мистер Монополия и автобус стоят 0 очков. Остальные
    значения прибавляются к полученным на белых кубиках»: Water Works owned by seat 1, one utility (4x)."""
    g = speed_game([(2, 1, red)])
    give(g, 1, 28)
    place(g, 0, 28 - (2 + 1 + (red if red <= 3 else 0)))
    roll(g)
    assert len(events(g, E.Rolled)[-1].dice) == 3
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, rent)]
    assert_consistent(g)
