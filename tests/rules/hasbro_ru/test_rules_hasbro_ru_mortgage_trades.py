"""hasbro-ru rule scenarios: mortgages and trades between players.

Spec: seed 000:105-111, 000:139, 000:245-267, 000:283-285; RULES_MATRIX.md rows M1-M8, N1-N6
(hasbro-ru column); RECs H-13, H-14, H-15, H-19.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    MEDITERRANEAN,
    PARK_PLACE,
    READING,
    WATER_WORKS,
    assert_consistent,
    assert_illegal,
    build,
    events,
    expect,
    give,
    give_jail_card,
    mark,
    mortgage,
    new_game,
    payments,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    END_TURN,
    REJECT,
    ROLL,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    Unmortgage,
)


# ------------------------------------------------------------------ mortgage
def test_mortgage_pays_the_deed_mortgage_value_at_any_time() -> None:
    """000:107 «В Банке можно взять заем под залог недвижимости»; 000:259 «получите в банке сумму залога,
    указанную на оборотной стороне карточки» (M1); REC H-14: also without any debt."""
    g = new_game(3)
    give(g, 1, BOARDWALK, WATER_WORKS)
    start = mark(g)
    g.apply(1, Mortgage(BOARDWALK))  # during seat 0's turn, with plenty of cash
    g.apply(1, Mortgage(WATER_WORKS))
    assert g.mortgaged[BOARDWALK] and g.mortgaged[WATER_WORKS]
    assert g.owner[BOARDWALK] == 1  # 000:261 it still belongs to the player
    assert [(m.square, m.amount) for m in events(g, E.Mortgaged, start)] == [(BOARDWALK, 200), (WATER_WORKS, 75)]
    assert g.cash[1] == 1775
    assert_consistent(g)


@pytest.mark.parametrize("square, cost", [(BOARDWALK, 220), (WATER_WORKS, 83), (MEDITERRANEAN, 33)])
def test_lifting_a_mortgage_costs_value_plus_ten_percent_rounded_up(square: int, cost: int) -> None:
    """000:109 «Размер возвращаемой суммы должен быть на 10% больше, чем выдал Банк»; 000:259 «эту сумму
    плюс 10% сверху» (M3): 200 -> 220, 75 -> 83 (82.5 rounded up), 30 -> 33."""
    g = new_game(3)
    give(g, 1, square)
    mortgage(g, square)
    g.apply(1, Unmortgage(square))
    assert not g.mortgaged[square]
    assert g.cash[1] == 1500 - cost
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "unmortgage")] == [(1, -1, cost)]
    assert_consistent(g)


def test_lifting_needs_the_cost_in_cash_and_only_the_owner_lifts() -> None:
    """000:261 «Ни один другой игрок не может получить ее, заплатив сумму залога в Банк» (M7); 000:259."""
    g = new_game(3)
    give(g, 1, BOARDWALK)
    mortgage(g, BOARDWALK)
    assert_illegal(g, 2, Unmortgage(BOARDWALK), "unmortgage-own-property")
    set_cash(g, 1, 219)
    assert_illegal(g, 1, Unmortgage(BOARDWALK), "cash")
    assert_consistent(g)


def test_cannot_mortgage_while_the_group_has_buildings() -> None:
    """000:259 «вначале продайте Банку любые здания, находящиеся на этом участке» -> REC H-13: every
    building of the colour group must be sold first, even for the unbuilt lot."""
    g = new_game(3)
    give(g, 0, *DARK_BLUE)
    build(g, PARK_PLACE, 1)
    assert_illegal(g, 0, Mortgage(BOARDWALK), "mortgage-sell-buildings-first")
    assert_illegal(g, 0, Mortgage(PARK_PLACE), "mortgage-sell-buildings-first")
    g.apply(0, SellBuilding(PARK_PLACE))
    g.apply(0, Mortgage(BOARDWALK))
    assert g.mortgaged[BOARDWALK]
    assert_consistent(g)


def test_cannot_mortgage_twice_or_lift_an_unmortgaged_lot() -> None:
    """000:109, 000:259: a mortgaged deed stays face down until lifted; it cannot be mortgaged again."""
    g = new_game(3)
    give(g, 0, BOARDWALK)
    g.apply(0, Mortgage(BOARDWALK))
    assert_illegal(g, 0, Mortgage(BOARDWALK), "already-mortgaged")
    g.apply(0, Unmortgage(BOARDWALK))
    assert_illegal(g, 0, Unmortgage(BOARDWALK), "not-mortgaged")
    assert_illegal(g, 0, Mortgage(PARK_PLACE), "mortgage-own-property")
    assert g.cash[0] == 1500 + 200 - 220
    assert_consistent(g)


# ------------------------------------------------------------------ trades
def test_trade_any_mix_between_any_players() -> None:
    """000:247 «Вы можете продать незастроенные Участки, Железнодорожные Станции и Коммунальные предприятия
    любому игроку … на сумму, согласованную между вами»; 000:210 jail cards too (N2, N3): seats 1 and 2
    trade during seat 0's turn."""
    g = new_game(3)
    give(g, 1, BALTIC, WATER_WORKS)
    give(g, 2, READING)
    give_jail_card(g, 1, "chance")
    start = mark(g)
    g.apply(
        1,
        ProposeTrade(
            partner=2,
            give_properties=(BALTIC, WATER_WORKS),
            give_cash=50,
            give_cards=("chance",),
            take_properties=(READING,),
            take_cash=20,
        ),
    )
    expect(g, "trade_response", 2)
    assert_illegal(g, 1, ACCEPT, "not-your-turn")
    g.apply(2, ACCEPT)
    assert g.owner[BALTIC] == 2 and g.owner[WATER_WORKS] == 2 and g.owner[READING] == 1
    assert g.jail_cards[2] == ["chance"] and g.jail_cards[1] == []
    assert g.cash == [1500, 1470, 1530]
    assert len(events(g, E.PropertyTransferred, start)) == 3
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_rejected_trade_changes_nothing() -> None:
    """000:247 a private deal needs both players' agreement."""
    g = new_game(3)
    give(g, 1, BALTIC)
    g.apply(1, ProposeTrade(partner=0, give_properties=(BALTIC,), take_cash=100))
    g.apply(0, REJECT)
    assert g.owner[BALTIC] == 1 and g.cash == [1500] * 3
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_trade_offers_must_be_held_by_their_sides() -> None:
    """000:247: each side can only give what it owns; one's own seat is not a partner."""
    g = new_game(3)
    give(g, 1, BALTIC)
    assert_illegal(g, 0, ProposeTrade(partner=0, give_cash=1), "trade-partner")
    assert_illegal(g, 0, ProposeTrade(partner=1, give_properties=(BALTIC,)), "trade-property")
    assert_illegal(g, 0, ProposeTrade(partner=1, give_cash=1501), "trade-cash")
    assert_illegal(g, 0, ProposeTrade(partner=1, take_cards=("chance",)), "trade-jail-card")
    assert_illegal(g, 0, ProposeTrade(partner=1), "empty-trade")
    assert_consistent(g)


def test_no_trade_of_a_lot_whose_group_has_buildings() -> None:
    """000:247 «нельзя продать другому игроку Участок, если на любом ином Участке той же цветовой группы
    стоят какие-либо здания»; 000:249 buildings are never sold to players (N4, L18)."""
    g = new_game(3)
    give(g, 0, *BROWN)
    build(g, MEDITERRANEAN, 1)
    assert_illegal(
        g, 0, ProposeTrade(partner=1, give_properties=(BALTIC,), take_cash=100), "trade-no-buildings-in-group"
    )
    assert_illegal(
        g,
        1,
        ProposeTrade(partner=0, take_properties=(MEDITERRANEAN,), give_cash=100),
        "trade-no-buildings-in-group",
    )
    g.apply(0, SellBuilding(MEDITERRANEAN))
    g.apply(0, ProposeTrade(partner=1, give_properties=(BALTIC,), take_cash=100))
    g.apply(1, ACCEPT)
    assert g.owner[BALTIC] == 1
    assert_consistent(g)


def mortgaged_boardwalk_sold():
    """Seat 1 sells mortgaged Boardwalk (mortgage 200) to seat 2 for 10."""
    g = new_game(3)
    give(g, 1, BOARDWALK)
    mortgage(g, BOARDWALK)
    g.apply(1, ProposeTrade(partner=2, give_properties=(BOARDWALK,), take_cash=10))
    g.apply(2, ACCEPT)
    assert g.owner[BOARDWALK] == 2
    expect(g, "mortgage_transfer", 2, BOARDWALK)
    assert_illegal(g, 0, ROLL, "wrong-decision")
    return g


def test_received_mortgaged_property_lifted_at_once_costs_value_plus_ten_percent() -> None:
    """000:265 «Покупатель затем может решить погасить взятый под залог этой недвижимости долг, внеся в
    Банк соответствующую сумму залога плюс 10%» -> REC H-15 (i)."""
    g = mortgaged_boardwalk_sold()
    g.apply(2, LiftMortgage(now=True))
    assert not g.mortgaged[BOARDWALK]
    assert g.cash == [1500, 1510, 1500 - 10 - 220]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_received_mortgaged_property_kept_pays_ten_percent_now_and_again_when_lifted() -> None:
    """000:265 «Он может также заплатить только 10% и оставить Недвижимость в залоге. В таком случае при
    окончательном снятии залогового обременения придется уплатить в Банк еще 10%» -> REC H-15 (ii)."""
    g = mortgaged_boardwalk_sold()
    start = mark(g)
    g.apply(2, LiftMortgage(now=False))
    assert g.mortgaged[BOARDWALK]
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "transfer_fee", start)] == [(2, -1, 20)]
    expect(g, "pre_roll", 0)
    g.apply(2, Unmortgage(BOARDWALK))
    assert g.cash[2] == 1500 - 10 - 20 - 220
    assert_consistent(g)


def test_lifting_a_received_mortgage_at_once_needs_the_cash() -> None:
    """000:265 lifting costs the mortgage value + 10% in cash; without it only the 10% fee is possible."""
    g = mortgaged_boardwalk_sold()
    set_cash(g, 2, 219)
    assert_illegal(g, 2, LiftMortgage(now=True), "cash")
    assert set(g.legal_actions(2)) >= {LiftMortgage(now=False)}
    g.apply(2, LiftMortgage(now=False))
    assert g.mortgaged[BOARDWALK] and g.cash[2] == 199
    assert_consistent(g)


def test_trade_price_cap_option() -> None:
    """Option trade_price_cap: 000:139 «запрещается продавать за сумму, превышающую его двукратную
    стоимость, плюс 100 монет (например, если стоимость объекта 500 долларов, то продавец просит не больше
    1100 монет)» -> REC H-19: Boardwalk (400) sells for at most 900."""
    g = new_game(3, trade_price_cap=True)
    give(g, 1, BOARDWALK)
    assert_illegal(g, 1, ProposeTrade(partner=2, give_properties=(BOARDWALK,), take_cash=901), "trade-price-cap")
    assert_illegal(g, 2, ProposeTrade(partner=1, take_properties=(BOARDWALK,), give_cash=901), "trade-price-cap")
    g.apply(1, ProposeTrade(partner=2, give_properties=(BOARDWALK,), take_cash=900))
    g.apply(2, ACCEPT)
    assert g.owner[BOARDWALK] == 2 and g.cash[1] == 2400
    assert_consistent(g)


def test_no_price_cap_by_default() -> None:
    """REC H-19: the cap is a house rule, off by default («данные правила соблюдают редко» 000:141)."""
    g = new_game(3)
    give(g, 1, BOARDWALK)
    g.apply(1, ProposeTrade(partner=2, give_properties=(BOARDWALK,), take_cash=1200))
    g.apply(2, ACCEPT)
    assert g.owner[BOARDWALK] == 2
    assert_consistent(g)


def test_one_offer_at_a_time_and_stale_offers_cannot_be_accepted() -> None:
    """000:247 a deal is between the players who agree to it on what they hold when they agree."""
    g = new_game(3)
    give(g, 1, BALTIC)
    g.apply(1, ProposeTrade(partner=2, give_properties=(BALTIC,), take_cash=100))
    assert_illegal(g, 0, ProposeTrade(partner=2, give_cash=5), "one-trade-at-a-time")
    set_cash(g, 2, 50)
    assert_illegal(g, 2, ACCEPT, "trade-cash")
    g.apply(2, REJECT)
    assert_illegal(g, 0, END_TURN, "wrong-decision")
    assert_consistent(g)
