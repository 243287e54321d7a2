"""digital rule scenarios: every rule point where the computer version (seed 001) differs from hasbro-ru.

Spec: seed 001 (lines 1-153); RULES_MATRIX.md column `digital`, section 2.3, RECs D-1..D-12 (4.3);
X-3 for the buy-back shared with hasbro-ru-a (seed 000:103, H-1, H-2). The digital ruleset plays on
the `moscow-digital` edition (the classic 40-square board and prices, Russian names).
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BOARDWALK,
    BROWN,
    CONNECTICUT,
    ELECTRIC,
    FREE_PARKING,
    JAIL,
    LIGHT_BLUE,
    LUXURY_TAX,
    ORANGE,
    ORIENTAL,
    READING,
    ST_JAMES,
    VERMONT,
    WATER_WORKS,
    assert_illegal,
    build,
    end_turn,
    events,
    expect,
    give,
    give_jail_card,
    jail_card_index,
    mark,
    mortgage,
    payments,
    place,
    roll,
    set_cash,
)
from support.scenario_variants import leave_houses_in_bank, variant_game

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    PASS,
    Bid,
    Build,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    TimeOut,
    Unmortgage,
)
from landlords.engine.invariants import violations


def digital(players: int = 3, **kw):
    return variant_game("digital", players, **kw)


# ------------------------------------------------------------------ buying and auctions
def test_the_player_who_declined_may_not_bid() -> None:
    """001:31 «Отказавшийся от покупки Недвижимости игрок не принимает участия в торгах» (also 001:41,47):
    the auction runs among the others only."""
    g = digital(dice=[(2, 4)])
    roll(g)
    expect(g, "buy", 0, ORIENTAL)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1, ORIENTAL)
    assert d.describe()["bidders"] == [1, 2]
    assert_illegal(g, 0, Bid(10), "not-your-turn")
    assert not any(isinstance(a, Bid) for a in g.legal_actions(0))
    g.apply(1, Bid(10))
    expect(g, "auction", 2)
    assert_illegal(g, 0, Bid(20), "not-your-turn")
    g.apply(2, PASS)
    assert g.owner[ORIENTAL] == 1
    assert g.cash == [1500, 1490, 1500]
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_a_property_nobody_buys_at_auction_stays_free() -> None:
    """001:33 «Если в результате аукциона ни один из игроков не купил … Недвижимость, то она остается
    свободной»; with two players the decliner's only rival bids alone (001:31)."""
    g = digital(2, dice=[(2, 3)])
    roll(g)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1, READING)
    assert d.describe()["bidders"] == [1]
    g.apply(1, PASS)
    assert g.owner[READING] == -1
    assert g.cash == [1500, 1500]
    assert events(g, E.AuctionEnded)[-1].winner == -1
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ rent
def test_rent_is_paid_automatically() -> None:
    """001:37 «с вас могут потребовать арендную плату» -> REC D-9: automatic in the digital ruleset,
    even for an owner who would not claim (auto_claim=False)."""
    g = digital(dice=[(2, 4)], auto_claim=False)
    give(g, 1, ORIENTAL)
    roll(g)
    assert g.cash[0] == 1500 - 6 and g.cash[1] == 1500 + 6
    assert g.claims == []
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 6)]
    expect(g, "post_roll", 0)
    assert violations(g) == []


@pytest.mark.parametrize(
    "setup, rent",
    [
        ("whole group, no buildings", 12),
        ("group not complete", 6),
        ("house on another lot of the group", 6),
        ("another lot of the group mortgaged", 6),
    ],
)
def test_double_rent_only_while_the_group_has_no_buildings(setup: str, rent: int) -> None:
    """001:37 «арендная плата … удваевается при условии, что на участках группы нет построек. Однако,
    если … хотябы один участок … заложен, он не может взимать с вас двойную арендную плату»."""
    g = digital(dice=[(2, 4)])
    if setup == "group not complete":
        give(g, 1, ORIENTAL, VERMONT)
    else:
        give(g, 1, *LIGHT_BLUE)
    if setup == "house on another lot of the group":
        build(g, VERMONT, 1)
    if setup == "another lot of the group mortgaged":
        mortgage(g, CONNECTICUT)
    roll(g)
    assert g.position[0] == ORIENTAL
    assert [p.amount for p in payments(g, "rent")] == [rent]
    assert violations(g) == []


@pytest.mark.parametrize("owned, rent", [((ELECTRIC,), 4 * 5), ((ELECTRIC, WATER_WORKS), 10 * 5)])
def test_utility_rent_is_always_rolled_anew(owned: tuple[int, ...], rent: int) -> None:
    """001:45 «(вы снова кидаете кубики, чтобы определить сумму арендной платы)»: the tenant who came by
    the dice (3+4) rolls again (2+3) and pays 4x / 10x that new roll."""
    g = digital(dice=[(3, 4), (2, 3)])
    give(g, 1, *owned)
    place(g, 0, READING)
    roll(g)
    assert g.position[0] == ELECTRIC
    rolls = events(g, E.Rolled)
    assert [(r.dice, r.purpose) for r in rolls] == [((3, 4), "move"), ((2, 3), "utility")]
    assert [p.amount for p in payments(g, "rent")] == [rent]
    assert violations(g) == []


def test_a_card_sent_utility_also_rolls_anew_at_the_normal_multiplier() -> None:
    """001:45 (always a new roll) with the 4x multiplier of one utility (001:45; REC H-25, not 10x)."""
    g = digital(dice=[(1, 2), (6, 5)], decks={"chance": ["nearest-utility"]})
    give(g, 1, ELECTRIC)
    place(g, 0, 4)
    roll(g)
    assert g.position[0] == ELECTRIC
    assert [p.amount for p in payments(g, "rent")] == [4 * 11]
    assert violations(g) == []


# ------------------------------------------------------------------ buildings
def test_houses_are_bought_only_in_ones_own_turn_before_rolling() -> None:
    """001:99 «Вы можете покупать дома во время вашего хода перед броском кубика»: not after the roll
    (a buy decision, the end of the turn), not in another player's turn."""
    g = digital(dice=[(2, 3), (4, 6)])
    give(g, 0, *LIGHT_BLUE, *BROWN)
    give(g, 1, *ORANGE)
    assert_illegal(g, 1, Build(ST_JAMES), "build-timing")  # seat 0's turn
    g.apply(0, Build(ORIENTAL))
    assert g.level[ORIENTAL] == 1 and g.cash[0] == 1450
    roll(g)  # to Reading Railroad: a buy decision
    expect(g, "buy", 0, READING)
    assert_illegal(g, 0, Build(1), "build-timing")
    g.apply(0, DECLINE)
    g.apply(1, PASS)
    g.apply(2, PASS)
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, Build(1), "build-timing")
    end_turn(g)
    expect(g, "pre_roll", 1)
    assert_illegal(g, 0, Build(1), "build-timing")
    g.apply(1, Build(ST_JAMES))
    assert g.level[ST_JAMES] == 1
    assert violations(g) == []


def test_at_most_one_building_per_colour_group_per_turn() -> None:
    """001:99 «За один ход вы можете построить не более одного дома на полях принадлежащих одной цветовой
    группе»: a second house in the group waits for the next turn; another group is fine."""
    g = digital(2, dice=[(4, 6), (4, 6)])
    give(g, 0, *LIGHT_BLUE, *BROWN)
    g.apply(0, Build(ORIENTAL))
    assert_illegal(g, 0, Build(VERMONT), "build-limit-per-turn")
    assert_illegal(g, 0, Build(ORIENTAL), "build-limit-per-turn")
    g.apply(0, Build(BROWN[0]))  # a different colour group
    roll(g)
    end_turn(g)
    roll(g)  # seat 1
    end_turn(g)
    expect(g, "pre_roll", 0)
    g.apply(0, Build(VERMONT))
    assert [g.level[sq] for sq in LIGHT_BLUE] == [1, 1, 0]
    assert violations(g) == []


def test_houses_need_not_be_built_evenly() -> None:
    """001:99,107 -> REC D-3: no even-building rule: a fourth house on one lot while the others have none."""
    g = digital()
    give(g, 0, *LIGHT_BLUE)
    build(g, ORIENTAL, 3)
    g.apply(0, Build(ORIENTAL))
    assert [g.level[sq] for sq in LIGHT_BLUE] == [4, 0, 0]
    assert violations(g) == []


def test_a_hotel_needs_four_houses_on_that_lot_only_and_costs_a_house() -> None:
    """001:107 «нужно иметь четыре дома на участке, на котором вы собираетесь построить отель. Отели
    покупаются также, как и дома, по той же цене. При воздвижении отеля, четыре дома … возвращаются в банк»."""
    g = digital()
    give(g, 0, *LIGHT_BLUE)
    build(g, ORIENTAL, 4)
    g.apply(0, Build(ORIENTAL))
    assert [g.level[sq] for sq in LIGHT_BLUE] == [5, 0, 0]
    assert g.cash[0] == 1500 - 50  # the house price of the light-blue group
    assert (g.bank_houses, g.bank_hotels) == (32, 11)
    assert violations(g) == []


def test_houses_sell_back_at_full_price_at_any_time_and_unevenly() -> None:
    """001:103 «Стоимость дома в этом случае будет такой же, за какую вы его приобретали»; REC D-12:
    selling back at any time (here in another player's turn); REC D-3: no even-selling rule."""
    g = digital(first=1)
    give(g, 0, *LIGHT_BLUE)
    build(g, ORIENTAL, 1)
    build(g, VERMONT, 3)
    expect(g, "pre_roll", 1)
    g.apply(0, SellBuilding(ORIENTAL))
    assert g.level[ORIENTAL] == 0 and g.cash[0] == 1550
    assert [p.amount for p in payments(g, "building_sale")] == [50]
    assert violations(g) == []


def test_a_hotel_sells_back_for_four_houses_plus_its_full_price() -> None:
    """001:115 «продать отель в банк и получить взамен четыре дома, плюс стоимость самого отеля»."""
    g = digital()
    give(g, 0, *LIGHT_BLUE)
    build(g, ORIENTAL, 5)
    g.apply(0, SellBuilding(ORIENTAL))
    assert g.level[ORIENTAL] == 4
    assert g.cash[0] == 1550
    assert (g.bank_houses, g.bank_hotels) == (28, 12)
    assert violations(g) == []


def test_a_hotel_cannot_be_sold_when_the_bank_lacks_four_houses() -> None:
    """001:115 (four houses in exchange) with the box's 32 houses (001:145) -> REC D-5: the bank must have
    the four houses; with three left the sale is refused."""
    g = digital()
    give(g, 0, *LIGHT_BLUE)
    build(g, ORIENTAL, 5)
    leave_houses_in_bank(g, 1, 3)
    assert_illegal(g, 0, SellBuilding(ORIENTAL), "hotel-sale-needs-houses")
    assert violations(g) == []


@pytest.mark.parametrize("ruleset", ["digital", "hasbro-ru-a"])
def test_full_price_buy_back_of_houses_digital_and_hasbro_ru_a(ruleset: str) -> None:
    """X-3: houses are bought back at full price in digital (001:103) and in hasbro-ru-a (000:103 «Дома
    продают за ту же цену, что и покупали», H-1 part A)."""
    g = variant_game(ruleset)
    give(g, 0, *LIGHT_BLUE)
    for sq in LIGHT_BLUE:
        build(g, sq, 2)
    g.apply(0, SellBuilding(ORIENTAL))
    assert g.level[ORIENTAL] == 1
    assert [p.amount for p in payments(g, "building_sale")] == [50]
    assert violations(g) == []


def test_hasbro_ru_a_sells_houses_back_at_full_price_not_half() -> None:
    """000:103 (part A) «Дома продают за ту же цену, что и покупали» vs 000:249 (part B, hasbro-ru): half."""
    for ruleset, refund in (("hasbro-ru-a", 50), ("hasbro-ru", 25)):
        g = variant_game(ruleset)
        give(g, 0, *LIGHT_BLUE)
        build(g, ORIENTAL, 1)
        g.apply(0, SellBuilding(ORIENTAL))
        assert [p.amount for p in payments(g, "building_sale")] == [refund], ruleset
        assert violations(g) == []


def test_hasbro_ru_a_sells_a_hotel_back_at_half_its_price() -> None:
    """000:103 «а гостиницы — за 50% от первоначальной стоимости и сразу обменивают на 4 дома»: part A's full
    price is for houses only; a hotel goes back to 4 houses plus half the hotel price (H-2 (a))."""
    g = variant_game("hasbro-ru-a")
    give(g, 0, *LIGHT_BLUE)
    for sq in LIGHT_BLUE:
        build(g, sq, 5)
    g.apply(0, SellBuilding(ORIENTAL))
    assert g.level[ORIENTAL] == 4
    assert [p.amount for p in payments(g, "building_sale")] == [25]
    assert violations(g) == []


def test_hasbro_ru_a_a_bankrupts_buildings_are_sold_at_half_for_the_creditor() -> None:
    """000:117 (part A, H-1: «A itself in bankruptcy … 50%») «Дома и Отели продаются за 50% от стоимости, выручка
    отдается кредитору»: three light-blue houses (50 each) bring the creditor 75, not 150."""
    g = variant_game("hasbro-ru-a", dice=[(1, 3)])
    give(g, 1, 37, BOARDWALK)
    build(g, 37, 5)
    build(g, BOARDWALK, 5)
    give(g, 0, *LIGHT_BLUE)
    for sq in LIGHT_BLUE:
        build(g, sq, 1)
    set_cash(g, 0, 10)
    place(g, 0, 35)
    roll(g)
    expect(g, "debt", 0)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.cash[1] == 1500 + 10 + 3 * 25
    assert violations(g) == []


# ------------------------------------------------------------------ mortgage and trading
def test_a_mortgage_is_lifted_at_the_full_price_plus_ten_percent() -> None:
    """001:117 «При залоге, вы получаете из банка сумму, равную половине стоимости … выплатить банку ее полную
    стоимость, плюс 10% сверху» -> REC D-4 (a): 110% of the price (Boardwalk 400: 200 in, 440 out)."""
    g = digital()
    give(g, 0, BOARDWALK)
    g.apply(0, Mortgage(BOARDWALK))
    assert g.cash[0] == 1700
    g.apply(0, Unmortgage(BOARDWALK))
    assert g.cash[0] == 1700 - 440
    assert not g.mortgaged[BOARDWALK]
    assert violations(g) == []


def test_the_other_reading_of_the_lift_price_is_an_option() -> None:
    """REC D-4 (b) as the option lift_base = lift_interest_of = mortgage: 200 + 10% of 200."""
    g = digital(lift_base="mortgage", lift_interest_of="mortgage")
    give(g, 0, BOARDWALK)
    mortgage(g, BOARDWALK)
    g.apply(0, Unmortgage(BOARDWALK))
    assert g.cash[0] == 1500 - 220
    assert violations(g) == []


def test_mortgaged_property_cannot_be_traded() -> None:
    """001:123 «Вы не можете продавать заложенную Недвижимость другим игрокам» (either side of a trade)."""
    g = digital()
    give(g, 0, ORIENTAL, VERMONT)
    give(g, 1, CONNECTICUT)
    mortgage(g, ORIENTAL, CONNECTICUT)
    assert_illegal(g, 0, ProposeTrade(1, give_properties=(ORIENTAL,), take_cash=10), "no-trading-mortgaged")
    assert_illegal(g, 0, ProposeTrade(1, take_properties=(CONNECTICUT,), give_cash=10), "no-trading-mortgaged")
    g.apply(0, ProposeTrade(1, give_properties=(VERMONT,), take_cash=10))  # unmortgaged: fine
    g.apply(1, ACCEPT)
    assert g.owner[VERMONT] == 1
    assert violations(g) == []


def test_trades_are_proposed_only_before_ones_own_roll() -> None:
    """001:113 «Заключение сделок с другими игроками возможна только в первую стадию вашего хода, т.е. перед
    тем как вы бросите кубики»."""
    g = digital(dice=[(4, 6)])
    give(g, 0, ORIENTAL)
    give(g, 1, VERMONT)
    offer = ProposeTrade(0, give_properties=(VERMONT,), take_cash=100)
    assert_illegal(g, 1, offer, "trade-timing")  # not seat 1's turn
    g.apply(0, ProposeTrade(1, give_properties=(ORIENTAL,), take_cash=80))
    assert expect(g, "trade_response", 1).deadline == 60
    g.apply(1, ACCEPT)
    assert g.owner[ORIENTAL] == 1 and g.cash[0] == 1580
    roll(g)
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, ProposeTrade(1, give_cash=10), "trade-timing")
    assert violations(g) == []


# ------------------------------------------------------------------ bankruptcy
def test_bankrupt_to_a_player_everything_goes_to_the_bank_which_pays_the_creditor() -> None:
    """001:131 «все ваше имущество отправляется в банк. Вернувшаяся в банк недвижимость поступает в свободную
    продажу. А вашему должнику Банк выплачивает сумму долга» (REC D-6); jail cards back (001:129)."""
    g = digital(dice=[(1, 3)])
    give(g, 1, *[37, BOARDWALK])
    build(g, BOARDWALK, 5)  # rent 2000
    give(g, 0, *BROWN, ORIENTAL)
    build(g, BROWN[0], 1)
    build(g, BROWN[1], 1)
    mortgage(g, ORIENTAL)
    give_jail_card(g, 0, "chance")
    set_cash(g, 0, 100)
    place(g, 0, 35)
    roll(g)
    d = expect(g, "debt", 0)
    assert d.data.amount == 2000 and d.deadline == 60
    m = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and g.cash[0] == 0
    assert g.cash[1] == 1500 + 2000  # the bank pays the whole debt
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "bankruptcy", m)] == [(0, -1, 100), (-1, 1, 2000)]
    for sq in (*BROWN, ORIENTAL):
        assert g.owner[sq] == -1 and not g.mortgaged[sq] and g.level[sq] == 0
    assert g.bank_houses == 32
    assert g.jail_cards[0] == [] and jail_card_index(g, "chance") in g.decks["chance"]
    assert not events(g, E.AuctionStarted, m)  # free sale, no auction
    expect(g, "pre_roll", 1)
    assert violations(g) == []


def test_bankrupt_to_several_players_the_bank_pays_each_creditor() -> None:
    """001:131 «вашему должнику Банк выплачивает сумму долга»: owing 50 to each of two players (the
    chairman card), both are paid by the bank."""
    g = digital(dice=[(1, 2)], decks={"chance": ["chairman"]})
    set_cash(g, 0, 60)
    place(g, 0, 33)
    roll(g)
    expect(g, "debt", 0)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.cash[1] == 1550 and g.cash[2] == 1550
    assert violations(g) == []


def test_bankrupt_to_the_bank_property_goes_back_unowned_without_auction() -> None:
    """001:129 «банк получает все ваши деньги и всю вашу Недвижимость. Вернувшаяся в банк недвижимость
    поступает в свободную продажу»: unowned and unmortgaged, no auction; the luxury tax is the board's 100."""
    g = digital(dice=[(1, 2)])
    give(g, 0, ORIENTAL)
    mortgage(g, ORIENTAL)
    set_cash(g, 0, 30)
    place(g, 0, 35)
    roll(g)
    assert g.position[0] == LUXURY_TAX
    assert expect(g, "debt", 0).data.amount == 100
    m = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.owner[ORIENTAL] == -1 and not g.mortgaged[ORIENTAL]
    assert not events(g, E.AuctionStarted, m)
    expect(g, "pre_roll", 1)
    assert violations(g) == []


# ------------------------------------------------------------------ time
def test_every_decision_carries_a_deadline_of_60_seconds() -> None:
    """001:133 (timed actions, durations not given) -> REC D-8: every decision prompt is timed."""
    g = digital(dice=[(2, 4)])
    assert g.decision.deadline == 60
    roll(g)
    assert expect(g, "buy", 0).deadline == 60
    g.apply(0, DECLINE)
    assert expect(g, "auction", 1).deadline == 60
    g.apply(1, PASS)
    assert expect(g, "auction", 2).deadline == 60
    g.apply(2, PASS)
    assert expect(g, "post_roll", 0).deadline == 60
    h = variant_game("hasbro-ru")
    assert h.decision.deadline is None
    assert violations(g) == []


def test_a_seat_that_lets_its_decision_time_out_is_bankrupt_to_the_bank() -> None:
    """001:133 «вы можете стать банкротом, если не успеете выполнить какое-либо игровое действие в отведенное
    на него время»: the clock applies TimeOut for the deciding seat; only that seat can time out."""
    g = digital()
    give(g, 0, ORIENTAL, VERMONT)
    mortgage(g, VERMONT)
    assert_illegal(g, 2, TimeOut(), "not-your-turn")
    g.apply(0, TimeOut())
    assert g.bankrupt[0] and g.cash[0] == 0
    assert g.owner[ORIENTAL] == g.owner[VERMONT] == -1 and not g.mortgaged[VERMONT]
    assert not events(g, E.AuctionStarted)
    assert events(g, E.WentBankrupt)[-1].creditor == -1
    expect(g, "pre_roll", 1)
    assert violations(g) == []


def test_a_bidder_who_times_out_leaves_and_the_auction_goes_on() -> None:
    """001:133 for a decision that is not the turn's own: a bidder's time runs out in the auction."""
    g = digital(dice=[(2, 4)])
    roll(g)
    g.apply(0, DECLINE)
    expect(g, "auction", 1)
    g.apply(1, TimeOut())
    assert g.bankrupt[1]
    expect(g, "auction", 2)
    g.apply(2, Bid(10))
    assert g.owner[ORIENTAL] == 2
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_time_out_is_illegal_in_an_untimed_ruleset() -> None:
    """hasbro-ru has no time limit (its decisions carry no deadline): TimeOut is refused."""
    g = variant_game("hasbro-ru")
    assert_illegal(g, 0, TimeOut(), "no-time-limit")
    assert violations(g) == []


# ------------------------------------------------------------------ squares and money
def test_free_parking_is_only_a_rest() -> None:
    """001:73 «просто отдохните до следующего вашего хода … не подвергаетесь никаким штрафам»: the next turn
    is not skipped (hasbro-ru skips it, H-6)."""
    g = digital(2, dice=[(4, 6), (4, 6)])
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == FREE_PARKING
    end_turn(g)
    roll(g)  # seat 1
    end_turn(g)
    expect(g, "pre_roll", 0)
    assert not any(g.skip_next)
    assert violations(g) == []


@pytest.mark.parametrize("start, dice, tax", [(0, (1, 3), 200), (35, (1, 2), 100)])
def test_taxes_are_the_boards_amounts(start: int, dice: tuple[int, int], tax: int) -> None:
    """001:71 «вам просто нужно уплатить соответствующую сумму в банк» (amounts not given) -> REC D-10:
    the board's: income tax 200, luxury tax 100 (hasbro-ru: 100 and 75)."""
    g = digital(dice=[dice])
    place(g, 0, start)
    roll(g)
    assert [p.amount for p in payments(g, "tax")] == [tax]
    assert violations(g) == []


def test_amounts_are_shown_as_thousands_of_dollars() -> None:
    """001:25 «получить зарплату в размере 200,000 $»; 001:87 «штраф в размере 50,000 $»."""
    g = digital()
    show = g.edition.currency.show
    assert show(200) == "200,000 $"
    assert show(50) == "50,000 $"
    assert show(1500) == "1,500,000 $"
    assert g.edition.id == "moscow-digital"
    assert violations(g) == []


def test_buying_is_at_the_printed_price() -> None:
    """001:29 «заплатите Банку деньги в сумме, указанной на игровом поле»."""
    g = digital(dice=[(2, 4)])
    roll(g)
    g.apply(0, BUY)
    assert g.owner[ORIENTAL] == 0 and g.cash[0] == 1400
    assert violations(g) == []
