"""businesspoly: the lap economy - salary less the industry tax, the mortgage deadline, lots sold to the bank.

Spec: seed 000:333-341, 000:371-373, 000:421, 000:433-445, 000:469-473; RULES_MATRIX.md rows C1-C3, M1-M6,
N6 (businesspoly column), section 2.2 items 2 and 10; RECs B-1, B-2, B-4, B-10, B-11, B-12.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from support.scenario import (
    assert_consistent,
    assert_illegal,
    build_group,
    events,
    expect,
    give,
    mark,
    mortgage,
    payments,
    place,
    roll,
    set_cash,
)
from support.scenario_businesspoly import (
    AUTOSERVICE,
    CARD1,
    CARD2,
    CARD4,
    ELECTRICITY,
    FERMA,
    GAZETA,
    KIRPICH,
    KOLKHOZ,
    KOMBANK,
    PTITSA,
    SHVEYNAYA,
    START,
    STOLOVAYA,
    TC_EAST,
    TC_SOUTH,
    VYSHKA,
    WATER,
    bp_game,
)

import landlords
from landlords.editions import parse_edition
from landlords.engine import events as E
from landlords.engine.actions import BUY, ROLL, Mortgage, ProposeTrade, Unmortgage
from landlords.rules.businesspoly import LapSettled, LotForfeited, LotSold, SellLot, SettleMortgage

TEN_INDUSTRIES = (FERMA, STOLOVAYA, SHVEYNAYA, KIRPICH, GAZETA, AUTOSERVICE, VYSHKA, KOMBANK, TC_SOUTH, WATER)


def to_start(g: landlords.Game, seat: int = 0) -> None:
    """``seat`` stands on ТЦ Восточный; the next scripted roll must be 5 to reach Start."""
    place(g, seat, TC_EAST)


# ------------------------------------------------------------------ salary and tax (B-1, B-2)
def test_lap_pays_450_less_50_per_industry_held() -> None:
    """000:435 «Игрок получает зарплату 450 бин … За каждую отрасль необходимо заплатить 50 бин»; 000:439
    «участки от трёх отраслей: Банк, Колхоз, Торговый центр … заканчивая круг вы получаете 300 бин»;
    000:421 landing on Start completes the lap too. REC B-1: the shopping centres count as an industry."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, KOMBANK, FERMA, TC_SOUTH)
    to_start(g)
    start = mark(g)
    roll(g)
    assert g.position[0] == START and g.cash[0] == 2500 + 300
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "salary", start)] == [(-1, 0, 450)]
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "lap_tax", start)] == [(0, -1, 150)]
    (lap,) = events(g, LapSettled, start)
    assert (lap.seat, lap.amount, lap.cost, lap.groups) == (0, 450, 150, 3)
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_mortgaged_lots_count_for_the_industry_tax() -> None:
    """000:435 «вне зависимости от того, заложен ли участок банку, или нет»."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, FERMA, KOMBANK)
    mortgage(g, FERMA)
    to_start(g)
    roll(g)
    assert g.cash[0] == 2500 + 450 - 100
    expect(g, "redeem", 0, FERMA)
    assert_consistent(g)


def test_several_lots_of_one_industry_are_taxed_once() -> None:
    """000:435 «Предприятия от скольких отраслей у него есть? За каждую отрасль … 50 бин» (B-1): per
    industry, not per lot; net figure = 450 - 50 n (REC B-2)."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, *KOLKHOZ)
    to_start(g)
    roll(g)
    assert g.cash[0] == 2500 + 450 - 50
    assert_consistent(g)


def test_no_industries_no_tax() -> None:
    """000:441 «450 бин – это «gross»»: with nothing held the whole salary stays."""
    g = bp_game(dice=[(2, 3)])
    to_start(g)
    roll(g)
    assert g.cash[0] == 2950
    assert_consistent(g)


def test_short_map_salary_is_400_settled_before_buying() -> None:
    """000:435 «(на сокращённой карте 400 бин)»; step 3.3 before 3.5: the salary is there when the lot
    reached is offered."""
    g = bp_game(dice=[(1, 2)], short=True)
    place(g, 0, 30)
    roll(g)
    assert g.position[0] == 1
    expect(g, "buy", 0, 1)
    assert g.cash[0] == 2900
    assert_consistent(g)


def test_colour_groups_only_is_an_option() -> None:
    """000:333 «по 50 за каждую цветовую группу» - the other reading of B-1: colour groups only."""
    g = bp_game(dice=[(2, 3)], lap_tax_groups="streets")
    give(g, 0, KOMBANK, FERMA, TC_SOUTH, WATER)
    to_start(g)
    roll(g)
    assert g.cash[0] == 2500 + 450 - 100
    assert_consistent(g)


# ------------------------------------------------------------------ a negative net (B-4)
def test_ten_industries_pay_more_than_the_salary() -> None:
    """REC B-4: with ten industries 450 - 500 < 0 and the player pays the difference; a short player
    raises it from the bank (000:379) - a lot mortgaged to pay is not due at this lap."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, *TEN_INDUSTRIES)
    set_cash(g, 0, 20)
    to_start(g)
    roll(g)
    d = expect(g, "debt", 0)
    assert d.data.amount == 500 and d.data.reason == "lap_tax" and g.cash[0] == 470
    assert_illegal(g, 0, ProposeTrade(1, give_properties=(FERMA,), take_cash=100), "no-trade-in-debt")
    g.apply(0, Mortgage(KOMBANK))
    assert g.cash[0] == 470 + 175 - 500
    expect(g, "post_roll", 0)  # no redeem decision for the lot mortgaged to pay
    assert not events(g, LotForfeited)
    assert_consistent(g)


def test_a_net_floor_of_zero_is_an_option() -> None:
    """B-4's other reading: the tax never exceeds the salary."""
    g = bp_game(dice=[(2, 3)], lap_net_may_be_negative=False)
    give(g, 0, *TEN_INDUSTRIES)
    set_cash(g, 0, 20)
    to_start(g)
    roll(g)
    assert g.cash[0] == 20
    expect(g, "post_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ order: step 3.3 before 3.4
def test_the_lap_is_settled_before_the_card_is_drawn() -> None:
    """000:445 «Если игрок попал на данное поле пройдя через старт, то он должен сначала рассчитаться с
    банком … и только затем тянуть карту»: card 12 (deflation under 150) no longer applies."""
    g = bp_game(dice=[(1, 3)], cards=["12-deflation"])
    set_cash(g, 0, 100)
    place(g, 0, 38)
    start = mark(g)
    roll(g)
    assert g.position[0] == CARD1 and g.cash[0] == 550
    kinds = [type(e).__name__ for e in g.events[start:] if isinstance(e, (LapSettled, E.DrewCard))]
    assert kinds == ["LapSettled", "DrewCard"]
    assert_consistent(g)


def test_the_lap_is_settled_before_the_rent() -> None:
    """000:421-423: step 3.3 (settlement) before 3.4 (rent): the salary pays the rent."""
    g = bp_game(dice=[(1, 2)])
    give(g, 1, FERMA)
    set_cash(g, 0, 0)
    place(g, 0, 38)
    roll(g)
    assert g.position[0] == FERMA
    assert g.cash[0] == 450 - 2 and g.cash[1] == 2502
    expect(g, "post_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ Start reached by a card (B-10)
def test_card_33_pays_200_instead_of_the_settlement_and_counts_as_a_lap() -> None:
    """000:585 «Вернитесь на «старт», получив 200 β» - REC B-10: 200 replaces the settlement (no tax);
    the lap still counts for the mortgage deadline."""
    g = bp_game(dice=[(1, 3)], cards=["33-back-to-start"])
    give(g, 0, KOMBANK, FERMA)
    mortgage(g, FERMA)
    place(g, 0, 29)
    roll(g)
    assert g.position[0] == START and g.cash[0] == 2700
    assert not events(g, LapSettled)
    expect(g, "redeem", 0, FERMA)
    assert_consistent(g)


def test_card_sum_in_addition_is_an_option() -> None:
    """B-10's other reading: the card's 200 and the settlement."""
    g = bp_game(dice=[(1, 3)], cards=["33-back-to-start"], card_lap_amount_replaces=False)
    give(g, 0, KOMBANK)
    place(g, 0, 29)
    roll(g)
    assert g.cash[0] == 2500 + 200 + 450 - 50
    assert_consistent(g)


def _edition_with_card_at(square: int) -> landlords.Edition:
    data = tomllib.loads(resources.files("landlords.editions").joinpath("businesspoly.toml").read_text("utf-8"))
    data["edition"]["id"] = "businesspoly-test"
    data["squares"][square] = {"name": "Извещение", "kind": "card", "deck": "izveshchenie"}
    data["groups"]["bank"]  # the bank group keeps its other lots
    return parse_edition(data, "businesspoly-test.toml")


def test_card_11_crossing_start_pays_100_instead() -> None:
    """000:541 «Перейдите вперёд на ближайшую компанию. Если пересекли «старт», то получите 100 β» (B-10);
    the full map has no «Извещение» beyond the last utility, so the test moves one there."""
    ed = _edition_with_card_at(38)
    g = landlords.new_game(
        ed,
        "businesspoly",
        players=["A", "B"],
        dice=[(1, 2)],
        first_player=0,
        deck_orders={"izveshchenie": ["11-nearest-company"]},
        rules={"start_mode": "normal"},
    )
    give(g, 0, KOMBANK)
    place(g, 0, 35)
    roll(g)
    assert g.position[0] == WATER and g.cash[0] == 2600
    expect(g, "buy", 0, WATER)
    assert_consistent(g)


def test_card_moves_forward_past_start_settle_normally() -> None:
    """Cards 6-9 (000:533-539) move forward; step 3.3 settles every crossing (000:421, B-10)."""
    g = bp_game(dice=[(1, 3)], cards=["09-tc-south"])
    give(g, 0, KOMBANK)
    place(g, 0, 29)
    roll(g)
    assert g.position[0] == TC_SOUTH and g.cash[0] == 2500 + 400
    expect(g, "buy", 0, TC_SOUTH)
    assert_consistent(g)


def test_backward_card_moves_never_complete_a_lap() -> None:
    """Cards 19-21 (000:557-561) move back: passing Start backwards is no lap (RULES_MATRIX 3.1)."""
    g = bp_game(dice=[(1, 1)], cards=["21-back-5"])
    place(g, 0, START)
    roll(g)
    assert g.position[0] == KOMBANK and g.cash[0] == 2520
    assert not events(g, LapSettled)
    expect(g, "buy", 0, KOMBANK)
    assert_consistent(g)


# ------------------------------------------------------------------ the mortgage deadline (B-11)
def test_a_mortgaged_lot_is_redeemed_at_the_lap_for_the_sum_received() -> None:
    """000:371 «как только он завершит круг (пересекая «старт») он должен решить – выкупает он этот
    участок, или банк забирает его себе»; REC B-11: redeemed for the half price received, no interest."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, FERMA)
    mortgage(g, FERMA)
    to_start(g)
    roll(g)
    expect(g, "redeem", 0, FERMA)
    cash = g.cash[0]
    g.apply(0, SettleMortgage(True))
    assert g.cash[0] == cash - 30 and not g.mortgaged[FERMA] and g.owner[FERMA] == 0
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_redemption_interest_is_an_option() -> None:
    """B-11's other reading: 10% interest on redemption."""
    g = bp_game(dice=[(2, 3)], mortgage_interest_percent=10)
    give(g, 0, KOMBANK)
    mortgage(g, KOMBANK)
    to_start(g)
    roll(g)
    cash = g.cash[0]
    g.apply(0, SettleMortgage(True))
    assert g.cash[0] == cash - 175 - 18
    assert_consistent(g)


def test_a_lot_not_redeemed_goes_back_to_the_bank_for_sale() -> None:
    """000:371 «или банк забирает его себе» (B-11): the lot is the bank's again, unmortgaged and buyable."""
    g = bp_game(dice=[(2, 3), (1, 2)])
    give(g, 0, FERMA, PTITSA)
    mortgage(g, FERMA, PTITSA)
    to_start(g)
    roll(g)
    g.apply(0, SettleMortgage(False))
    expect(g, "redeem", 0, PTITSA)
    g.apply(0, SettleMortgage(True))
    assert g.owner[FERMA] == -1 and not g.mortgaged[FERMA] and g.owner[PTITSA] == 0
    assert [(e.seat, e.square) for e in events(g, LotForfeited)] == [(0, FERMA)]
    g.apply(0, landlords.END_TURN)
    place(g, 1, 38)
    roll(g)  # seat 1: 38 + 3 = Ферма, for sale again
    expect(g, "buy", 1, FERMA)
    assert_consistent(g)


def test_redeeming_needs_the_cash_raised_from_the_bank_only() -> None:
    """At the deadline a short owner may mortgage or sell to the bank (000:379) but not trade (000:387)."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, KOMBANK, GAZETA, FERMA, STOLOVAYA, SHVEYNAYA, KIRPICH, AUTOSERVICE)
    mortgage(g, KOMBANK)
    set_cash(g, 0, 0)
    to_start(g)
    roll(g)
    expect(g, "redeem", 0, KOMBANK)
    assert g.cash[0] == 450 - 350
    assert_illegal(g, 0, SettleMortgage(True), "cash")
    assert_illegal(g, 0, ProposeTrade(1, give_properties=(GAZETA,), take_cash=200), "trade-timing")
    g.apply(0, Mortgage(GAZETA))
    g.apply(0, SettleMortgage(True))
    assert g.cash[0] == 100 + 110 - 175 and g.mortgaged[GAZETA] and not g.mortgaged[KOMBANK]
    expect(g, "post_roll", 0)  # Газета was mortgaged after the lap: due at the next one
    assert_consistent(g)


def test_mortgaged_in_step_one_of_the_same_turn_is_due_at_this_lap() -> None:
    """REC B-11: the first lap completed after mortgaging, even in the same turn."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, KOMBANK)
    to_start(g)
    g.apply(0, Mortgage(KOMBANK))
    roll(g)
    expect(g, "redeem", 0, KOMBANK)
    assert_consistent(g)


def test_early_redemption_in_steps_one_and_five() -> None:
    """000:417 «Имеет возможность выкупить, заложить или продать банку своё имущество» in step 3.1 (and
    3.5), for the sum received; not in another player's turn."""
    g = bp_game(dice=[(1, 2)])
    give(g, 0, KOMBANK)
    give(g, 1, FERMA)
    mortgage(g, KOMBANK, FERMA)
    assert_illegal(g, 1, Unmortgage(FERMA), "mortgage-timing")
    g.apply(0, Unmortgage(KOMBANK))
    assert g.cash[0] == 2500 - 175
    assert_consistent(g)


def test_a_mortgaged_lot_received_stays_mortgaged_and_falls_due_at_the_receivers_lap() -> None:
    """000:487 any property may change hands; no fee for a mortgaged lot (no interest in the rules) and
    the receiver decides at the end of their next lap (B-8, B-11)."""
    g = bp_game(dice=[(2, 3)])
    give(g, 1, FERMA)
    mortgage(g, FERMA)
    g.apply(0, ProposeTrade(1, give_cash=100, take_properties=(FERMA,)))
    g.apply(1, landlords.ACCEPT)
    assert g.owner[FERMA] == 0 and g.mortgaged[FERMA]
    expect(g, "pre_roll", 0)  # no lift-or-fee decision
    to_start(g)
    roll(g)
    expect(g, "redeem", 0, FERMA)
    assert_consistent(g)


# ------------------------------------------------------------------ selling lots to the bank (B-12)
def test_a_lot_sells_to_the_bank_for_half_its_price() -> None:
    """000:373 «Продажа участка банку. Сумма сделки та же – в 2 раза ниже стоимости участка. Банк платит
    её игроку и забирает у него участок»."""
    g = bp_game()
    give(g, 0, KOMBANK)
    start = mark(g)
    g.apply(0, SellLot(KOMBANK))
    assert g.cash[0] == 2675 and g.owner[KOMBANK] == -1
    assert [(e.seat, e.square, e.amount) for e in events(g, LotSold, start)] == [(0, KOMBANK, 175)]
    assert_consistent(g)


def test_a_lot_sold_is_not_taxed_at_the_lap() -> None:
    """000:371 «Преимущество в том, что за него не придётся платить при пересечении старта» (B-12)."""
    g = bp_game(dice=[(2, 3)])
    give(g, 0, KOMBANK, FERMA)
    g.apply(0, SellLot(FERMA))
    to_start(g)
    roll(g)
    assert g.cash[0] == 2500 + 30 + 450 - 50
    assert_consistent(g)


def test_a_mortgaged_lot_sells_to_the_bank_for_nothing() -> None:
    """REC B-12: allowed, the bank pays nothing (as letting it lapse); the other reading forbids it."""
    g = bp_game()
    give(g, 0, KOMBANK)
    mortgage(g, KOMBANK)
    g.apply(0, SellLot(KOMBANK))
    assert g.cash[0] == 2500 and g.owner[KOMBANK] == -1 and not g.mortgaged[KOMBANK]
    g = bp_game(sell_mortgaged_to_bank=False)
    give(g, 0, KOMBANK)
    mortgage(g, KOMBANK)
    assert_illegal(g, 0, SellLot(KOMBANK), "sell-mortgaged-lot")
    assert_consistent(g)


def test_no_sale_of_a_lot_of_an_industry_with_offices() -> None:
    """000:485 «хотя бы на одном из этих участков построен офис, то закладывать, продавать … нельзя»."""
    g = bp_game()
    give(g, 0, *KOLKHOZ)
    build_group(g, KOLKHOZ, 1)
    assert_illegal(g, 0, SellLot(FERMA), "industry-has-offices")
    assert_illegal(g, 0, Mortgage(FERMA), "mortgage-sell-buildings-first")
    assert_consistent(g)


def test_selling_to_the_bank_only_in_ones_own_steps_or_to_pay() -> None:
    """000:415-427: only the active player, in steps 3.1/3.5 - or anyone raising cash for a payment."""
    g = bp_game(dice=[(1, 1)], cards=["24-speeding"])
    give(g, 1, ELECTRICITY)
    give(g, 0, KOMBANK)
    assert_illegal(g, 1, SellLot(ELECTRICITY), "lot-sale-timing")
    assert_illegal(g, 0, SellLot(FERMA), "sell-own-lot")
    set_cash(g, 0, 10)
    place(g, 0, CARD2 - 2)
    roll(g)
    expect(g, "debt", 0)
    g.apply(0, SellLot(KOMBANK))
    assert g.cash[0] == 10 + 175 - 80
    assert_consistent(g)


def test_no_bank_sales_without_the_rule() -> None:
    """The classic game has no sale of lots to the bank (N6): ``sell_to_bank_percent=0`` switches it off."""
    g = bp_game(sell_to_bank_percent=0)
    give(g, 0, KOMBANK)
    assert_illegal(g, 0, SellLot(KOMBANK), "no-sale-to-bank")
    assert ROLL in list(g.legal_actions(0)) and SellLot(KOMBANK) not in list(g.legal_actions(0))
    g = bp_game()
    give(g, 0, KOMBANK)
    assert SellLot(KOMBANK) in list(g.legal_actions(0))
    assert BUY not in list(g.legal_actions(0))
    assert_consistent(g)


def test_card_square_four_is_after_the_oil_industry() -> None:
    """Layout check used by the card tests: the fourth «Извещение» square is square 33."""
    assert bp_game().edition.squares[CARD4].kind == "card"
