"""hasbro-ru rule scenarios: houses and hotels - building, stock, shortage auctions, selling back.

Spec: seed 000:43, 000:81-103, 000:237-253, 000:267; RULES_MATRIX.md rows L1-L18 (hasbro-ru
column), section 2.1 items 5-7 and 15; RECs H-1, H-2, H-3, H-22, H-23.
"""

from __future__ import annotations

from support.scenario import (
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    GREEN,
    LIGHT_BLUE,
    MEDITERRANEAN,
    ORANGE,
    PARK_PLACE,
    PINK,
    RAILROADS,
    READING,
    RED,
    YELLOW,
    assert_consistent,
    assert_illegal,
    build,
    build_group,
    events,
    expect,
    give,
    mark,
    new_game,
    payments,
    pos,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import PASS, Bid, Build, SellBuilding, Unmortgage, WantBuilding


def dark_blue_game(players: int = 3, **rules):
    """Seat 0 owns the dark blue group (Park Place 37, Boardwalk 39; houses cost 200)."""
    g = new_game(players, **rules)
    give(g, 0, *DARK_BLUE)
    return g


# ------------------------------------------------------------------ building
def test_building_needs_the_whole_colour_group() -> None:
    """000:43 «Нужно стремиться приобрести все объекты в секторах одного цвета … Тогда игроку разрешают
    «строить»»; 000:81 «Когда приобретены все участки в рамках одного цветового сегмента» (L2)."""
    g = pos().own("A", PARK_PLACE, *RAILROADS).own("B", BOARDWALK).game()
    assert_illegal(g, 0, Build(PARK_PLACE), "build-needs-full-group")
    assert_illegal(g, 1, Build(PARK_PLACE), "build-own-property")
    assert_illegal(g, 0, Build(READING), "build-on-street")
    assert_consistent(g)


def test_no_building_while_a_lot_of_the_group_is_mortgaged() -> None:
    """000:267 «Когда ни один из Участков одной цветовой группы больше не заложен, владелец из может
    начать вновь покупать Дома» (L17)."""
    g = pos().own("A", PARK_PLACE).own("A", BOARDWALK, mortgaged=True).game()
    assert_illegal(g, 0, Build(PARK_PLACE), "build-no-mortgage-in-group")
    g.apply(0, Unmortgage(BOARDWALK))
    g.apply(0, Build(PARK_PLACE))
    assert g.level[PARK_PLACE] == 1
    assert_consistent(g)


def test_a_house_costs_the_deed_price() -> None:
    """000:85 «За строительство Дома тоже вносится плата, ее размер указывается в Документе»."""
    g = dark_blue_game()
    start = mark(g)
    g.apply(0, Build(PARK_PLACE))
    assert g.level[PARK_PLACE] == 1 and g.bank_houses == 31
    assert g.cash[0] == 1300
    assert [(b.square, b.level, b.cost) for b in events(g, E.Built, start)] == [(PARK_PLACE, 1, 200)]
    set_cash(g, 0, 199)
    assert_illegal(g, 0, Build(BOARDWALK), "cash")
    assert_consistent(g)


def test_houses_must_be_built_evenly() -> None:
    """000:87-89 (the list is lost; «Продажа домов тоже должна быть равномерной» implies it), 000:247
    «(см. выше пункт «Дома»)» (L6): the refusal names both lots."""
    g = dark_blue_game()
    g.apply(0, Build(PARK_PLACE))
    err = assert_illegal(g, 0, Build(PARK_PLACE), "even-building")
    assert "Park Place" in str(err) and "Boardwalk" in str(err)
    g.apply(0, Build(BOARDWALK))
    g.apply(0, Build(PARK_PLACE))
    assert [g.level[sq] for sq in DARK_BLUE] == [2, 1]
    assert_consistent(g)


def test_hotel_after_four_houses_on_every_lot() -> None:
    """000:97 «Отели разрешается покупать только после строительства четырех Домов на каждой ячейке в
    рамках цветового сегмента. В одной ячейке может быть только один Отель» (L7, L8, L10, L11)."""
    g = dark_blue_game()
    build(g, PARK_PLACE, 4)
    build(g, BOARDWALK, 3)
    assert_illegal(g, 0, Build(PARK_PLACE), "hotel-after-four-houses")
    g.apply(0, Build(BOARDWALK))
    houses = g.bank_houses
    g.apply(0, Build(PARK_PLACE))
    assert g.level[PARK_PLACE] == 5
    assert g.bank_hotels == 11 and g.bank_houses == houses + 4  # the four houses go back to the bank
    assert g.cash[0] == 1500 - 400
    assert_illegal(g, 0, Build(PARK_PLACE), "one-hotel-per-lot")
    assert_consistent(g)


def test_bank_has_32_houses_and_none_can_be_built_when_it_is_empty() -> None:
    """000:81 «(в комплекте 32 фишки)»; 000:93 «Если в Банке закончились Дома, нужно подождать, пока в
    Банк вернут фишки»; 000:241 (L15): seat 1 holds all 32; seat 0 may build once a hotel frees four."""
    g = pos().own("B", *DARK_BLUE, *GREEN, *YELLOW, houses=4).own("A", *BROWN).game()
    assert g.bank_houses == 0
    assert_illegal(g, 0, Build(MEDITERRANEAN), "house-stock")
    g.apply(1, Build(PARK_PLACE))  # a hotel returns four houses
    assert g.bank_houses == 4
    g.apply(0, Build(MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 1 and g.bank_houses == 3
    assert_consistent(g)


def test_bank_has_12_hotels_and_none_can_be_built_when_it_is_empty() -> None:
    """000:97 «Если фишки в Банке закончились, ждут»; hotel stock not in the seed -> REC H-23: 12."""
    g = (
        pos()
        .own("B", *DARK_BLUE, *GREEN, *YELLOW, *RED, PINK[0], hotel=True)
        .own("B", *PINK[1:], houses=4)
        .own("A", *BROWN, houses=4)
        .game()
    )
    assert g.bank_hotels == 0
    assert_illegal(g, 0, Build(MEDITERRANEAN), "hotel-stock")
    assert_consistent(g)


# ------------------------------------------------------------------ shortage auctions
def shortage_game():
    """One house left in the bank: seat 0 holds 20 houses on dark blue and green (every lot at four),
    seat 2 holds light blue at 4/4/3 and could build one more house; seat 1 owns brown, unbuilt."""
    g = (
        pos()
        .own("A", *DARK_BLUE, *GREEN, houses=4)
        .own("C", 6, 8, houses=4)
        .own("C", 9, houses=3)
        .own("B", *BROWN)
    )
    return g.game()


def test_shortage_auction_when_several_players_want_the_last_house() -> None:
    """000:93 «Если фишек Домов меньше, чем намереваются купить разные игроки, Банкир проводит аукцион.
    Стартуют с цены, указанной в Документе на право собственности. Побеждает тот, кто заплатит больше
    других»; 000:243 (L16, REC H-22): the winner places the house."""
    g = shortage_game()
    g.apply(1, Build(MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 0
    expect(g, "building_interest", 2)
    assert_illegal(g, 0, Build(PARK_PLACE), "shortage-auction")
    start = mark(g)
    g.apply(2, WantBuilding(True))
    d = expect(g, "auction", 1)
    assert sorted(d.data.bidders) == [1, 2]
    assert [(a.item, a.min_bid) for a in events(g, E.AuctionStarted, start)] == [("house", 50)]
    assert_illegal(g, 1, Bid(49), "bid-too-low")  # it starts at the deed's house price
    g.apply(1, Bid(50))
    g.apply(2, Bid(60))
    g.apply(1, PASS)
    expect(g, "place_building", 2)
    assert_illegal(g, 2, Build(6))  # already at four houses: the won house cannot go there
    g.apply(2, Build(9))
    assert g.level[9] == 4 and g.bank_houses == 0
    assert g.cash == [1500, 1500, 1440]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_no_building_while_the_scarce_house_is_auctioned() -> None:
    """000:93 «Если фишек Домов меньше, чем намереваются купить разные игроки, Банкир проводит аукцион»;
    000:243: while the scarce house is being auctioned nobody may take it by building it directly (the
    engine's own rule "shortage-auction"); the auction winner must get a house to place."""
    g = shortage_game()
    g.apply(1, Build(MEDITERRANEAN))
    g.apply(2, WantBuilding(True))
    expect(g, "auction", 1)
    assert_illegal(g, 2, Build(9), "shortage-auction")
    g.apply(1, Bid(50))
    g.apply(2, PASS)
    expect(g, "place_building", 1)
    g.apply(1, Build(MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 1 and g.bank_houses == 0
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_shortage_without_rival_interest_builds_at_the_deed_price() -> None:
    """000:93, 000:243: the auction is only for buildings wanted by more players than the bank can serve;
    when the rival does not want one, the requester builds as usual."""
    g = shortage_game()
    g.apply(1, Build(MEDITERRANEAN))
    g.apply(2, WantBuilding(False))
    assert g.level[MEDITERRANEAN] == 1 and g.bank_houses == 0
    assert g.cash[1] == 1450
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_shortage_auction_for_the_last_hotel() -> None:
    """000:243 «Если в Банке осталось ограниченное число Домов или Отелей, и два или более игроков хотят
    купить больше зданий, чем есть у Банка, Банкир выставляет здания на аукцион» -> REC H-22: hotels too."""
    g = new_game(3)
    give(g, 0, *DARK_BLUE, *GREEN, *YELLOW, *RED)
    build_group(g, DARK_BLUE + GREEN + YELLOW + RED, 5)  # 11 hotels
    give(g, 1, *BROWN)
    build_group(g, BROWN, 4)
    give(g, 2, *LIGHT_BLUE)
    build_group(g, LIGHT_BLUE, 4)
    assert g.bank_hotels == 1
    g.apply(1, Build(MEDITERRANEAN))
    expect(g, "building_interest", 2)
    start = mark(g)
    g.apply(2, WantBuilding(True))
    assert [(a.item, a.min_bid) for a in events(g, E.AuctionStarted, start)] == [("hotel", 50)]
    expect(g, "auction", 1)
    g.apply(1, Bid(80))
    g.apply(2, PASS)
    expect(g, "place_building", 1)
    g.apply(1, Build(MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 5 and g.bank_hotels == 0
    assert g.cash[1] == 1420
    assert_consistent(g)


# ------------------------------------------------------------------ selling back
def test_houses_sell_back_to_the_bank_at_half_price_at_any_time() -> None:
    """000:249 «Их следует продавать Банку по цене, в два раза меньшей … Здания можно продавать в любое
    время» -> REC H-1: 50% (seat 0 sells during seat 1's turn)."""
    g = new_game(3)
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 1)
    expect(g, "pre_roll", 0)  # seat 0's turn: seat 1 sells all the same
    start = mark(g)
    g.apply(1, SellBuilding(BOARDWALK))
    assert g.level[BOARDWALK] == 0 and g.bank_houses == 31
    assert [(p.payee, p.amount) for p in payments(g, "building_sale", start)] == [(1, 100)]
    g.apply(1, SellBuilding(PARK_PLACE))
    assert g.cash[1] == 1700 and g.bank_houses == 32
    assert_illegal(g, 1, SellBuilding(PARK_PLACE), "sell-own-building")
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_building_sell_percent_option_full_price() -> None:
    """Option building_sell_percent=100: 000:103 (part A) «Дома продают за ту же цену, что и покупали»."""
    g = dark_blue_game(building_sell_percent=100)
    build_group(g, DARK_BLUE, 1)
    g.apply(0, SellBuilding(BOARDWALK))
    assert g.cash[0] == 1700
    assert_consistent(g)


def test_houses_must_be_sold_evenly() -> None:
    """000:89 «Продажа домов тоже должна быть равномерной»; 000:247 «Дома должны продаваться равномерно»."""
    g = dark_blue_game()
    build(g, PARK_PLACE, 2)
    build(g, BOARDWALK, 1)
    assert_illegal(g, 0, SellBuilding(BOARDWALK), "even-selling")
    assert_illegal(g, 1, SellBuilding(PARK_PLACE), "sell-own-building")
    g.apply(0, SellBuilding(PARK_PLACE))
    assert [g.level[sq] for sq in DARK_BLUE] == [1, 1]
    assert_consistent(g)


def test_selling_a_hotel_gives_back_four_houses_and_half_the_hotel_price() -> None:
    """000:253 «продать Отель Банку и получить взамен четыре Дома плюс половину стоимости самого Отеля»;
    000:103 -> REC H-2 (a); REC H-3: the group then sells evenly (no lot below four while a hotel stands)."""
    g = dark_blue_game()
    build_group(g, DARK_BLUE, 5)
    start = mark(g)
    g.apply(0, SellBuilding(PARK_PLACE))
    assert g.level[PARK_PLACE] == 4 and g.level[BOARDWALK] == 5
    assert g.bank_hotels == 11 and g.bank_houses == 28
    assert [(p.payee, p.amount) for p in payments(g, "building_sale", start)] == [(0, 100)]
    assert_illegal(g, 0, SellBuilding(PARK_PLACE), "even-selling")
    g.apply(0, SellBuilding(BOARDWALK))
    assert [g.level[sq] for sq in DARK_BLUE] == [4, 4] and g.bank_houses == 24
    assert g.cash[0] == 1700
    assert_consistent(g)


def test_hotel_cleared_outright_when_the_bank_lacks_four_houses() -> None:
    """000:241 «если вы продаете Отели, вы не можете заменить их Домами, если в Банке нет лишних Домов»
    -> REC H-2: the lot is cleared outright for half the hotel plus half of four houses (100 + 400)."""
    g = dark_blue_game()
    build_group(g, DARK_BLUE, 5)
    give(g, 1, *GREEN, *YELLOW, *ORANGE)
    build_group(g, GREEN + YELLOW, 4)
    build_group(g, ORANGE, 2)
    build(g, ORANGE[2], 1)
    assert g.bank_houses == 3
    g.apply(0, SellBuilding(PARK_PLACE))
    assert g.level[PARK_PLACE] == 0 and g.bank_houses == 3 and g.bank_hotels == 11
    assert g.cash[0] == 2000
    assert_consistent(g)


def test_hotels_sold_together_option() -> None:
    """Option hotels_sold="together": 000:251 «Все Отели одной цветовой группы должны продаваться
    одновременно» read literally (REC H-3 keeps it off)."""
    g = dark_blue_game(hotels_sold="together")
    build_group(g, DARK_BLUE, 5)
    g.apply(0, SellBuilding(BOARDWALK))
    assert [g.level[sq] for sq in DARK_BLUE] == [4, 4]
    assert g.bank_hotels == 12 and g.bank_houses == 24
    assert g.cash[0] == 1700
    assert_consistent(g)
