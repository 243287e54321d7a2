"""hasbro-ru rule scenarios: debts, bankruptcy (to a player, to the bank) and the end of the game.

Spec: seed 000:7, 000:113-121, 000:269-289; RULES_MATRIX.md rows O1-O9, P1-P2 (hasbro-ru column),
section 2.1 items 4 and 8; RECs H-4, H-15, H-20, H-21, H-24.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BALTIC,
    BOARDWALK,
    BROWN,
    DARK_BLUE,
    JAIL,
    LUXURY_TAX,
    MEDITERRANEAN,
    READING,
    assert_consistent,
    assert_illegal,
    build_group,
    end_turn,
    events,
    expect,
    give,
    give_jail_card,
    mark,
    mortgage,
    new_game,
    payments,
    pile_ids,
    place,
    pos,
    roll,
    set_cash,
)

from landlords.engine import IllegalAction
from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    DECLARE_BANKRUPTCY,
    END_TURN,
    PASS,
    REJECT,
    ROLL,
    Bid,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    SellBuilding,
)


# ------------------------------------------------------------------ debts
def test_owing_more_than_cash_opens_a_debt_paid_once_cash_is_raised() -> None:
    """000:259 «Если у вас не осталось денег, но нужно оплатить долги, вы можете получить деньги, заложив
    какую-нибудь Недвижимость»: luxury tax 75 with 50 in cash; the mortgage money pays it at once."""
    g = pos().own("A", MEDITERRANEAN, READING).cash("A", 50).at("A", 35).dice((1, 2)).strict().game()
    roll(g)
    assert g.position[0] == LUXURY_TAX
    d = expect(g, "debt", 0)
    assert d.data.amount == 75 and d.data.creditors == [(-1, 75)]
    assert g.cash[0] == 50
    assert_illegal(g, 0, END_TURN, "wrong-decision")
    assert_illegal(g, 0, ROLL, "wrong-decision")
    g.apply(0, Mortgage(MEDITERRANEAN))  # 80 in cash now: paid automatically
    assert g.cash[0] == 5
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "tax")] == [(0, -1, 75)]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_debtor_sells_houses_to_pay() -> None:
    """000:259 «вначале продайте Банку любые здания»; 000:249 buildings sell to the bank at any time."""
    g = pos().own("A", *DARK_BLUE, houses=1).cash("A", 0).at("A", 35).dice((1, 2)).strict().game()
    roll(g)
    expect(g, "debt", 0)
    g.apply(0, SellBuilding(BOARDWALK))  # +100: pays the 75
    assert g.cash[0] == 25
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_no_bankruptcy_while_able_to_pay() -> None:
    """000:119 «Игрок не может объявить о своем банкротстве, если есть какой-либо способ оплаты долгов,
    включая продажу недвижимости в убыток себе» (O5, section 2.1 item 8)."""
    g = new_game(3, dice=[(1, 2)])
    place(g, 0, 35)
    give(g, 0, MEDITERRANEAN, BALTIC)
    set_cash(g, 0, 20)
    roll(g)  # owes 75: 20 cash + 2 x 30 of mortgages = 80 is enough
    expect(g, "debt", 0)
    assert DECLARE_BANKRUPTCY not in set(g.legal_actions(0))
    assert_illegal(g, 0, DECLARE_BANKRUPTCY, "no-bankruptcy-while-able-to-pay")
    g.apply(0, Mortgage(MEDITERRANEAN))
    expect(g, "debt", 0)
    assert_illegal(g, 0, DECLARE_BANKRUPTCY, "no-bankruptcy-while-able-to-pay")
    g.apply(0, Mortgage(BALTIC))
    assert g.cash[0] == 5
    assert_illegal(g, 0, DECLARE_BANKRUPTCY, "wrong-decision")
    assert_consistent(g)


def test_rent_paid_partly_in_property_with_the_creditors_consent() -> None:
    """000:279 «вы можете заплатить вашему кредитору частично деньгами, а частично – Недвижимостью …
    кредитор может согласиться принять какой-либо объект Недвижимости … по цене, намного превосходящую
    указанную на нем» -> REC H-24: a deal with the creditor (here Baltic valued at 500) settles the debt."""
    g = new_game(3, dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 2)  # Boardwalk with two houses: 600
    give(g, 0, BALTIC)
    place(g, 0, 35)
    set_cash(g, 0, 100)
    roll(g)
    expect(g, "debt", 0)
    offer = ProposeTrade(partner=1, give_properties=(BALTIC,), take_cash=500)
    g.apply(0, offer)
    g.apply(1, REJECT)  # the creditor may refuse
    expect(g, "debt", 0)
    g.apply(0, offer)
    g.apply(1, ACCEPT)
    assert g.owner[BALTIC] == 1
    assert g.cash[:2] == [0, 1500 - 500 + 600]
    expect(g, "post_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ bankruptcy
def test_bankruptcy_to_a_player() -> None:
    """000:117 «Если долги возникли перед соперником, Дома и Отели продаются за 50% от стоимости, выручка
    отдается кредитору. Он также получает документы на имущество, карточки об освобождении от Тюрьмы. За
    заложенные активы кредитор сразу вносит в Банк 10%, а затем решает» -> RECs H-4, H-15; 000:115."""
    g = new_game(3, dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)  # Boardwalk with a hotel: 2000
    give(g, 0, *BROWN, READING)
    build_group(g, BROWN, 1)
    mortgage(g, READING)
    give_jail_card(g, 0, "chance")
    set_cash(g, 0, 10)
    place(g, 0, 35)
    roll(g)
    expect(g, "debt", 0)  # 10 cash + 2 x 25 (houses) + 2 x 30 (brown mortgages) = 120 < 2000
    assert DECLARE_BANKRUPTCY in set(g.legal_actions(0))
    start = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and g.cash[0] == 0 and g.jail_cards[0] == []
    assert [(w.seat, w.creditor) for w in events(g, E.WentBankrupt, start)] == [(0, 1)]
    assert g.cash[1] == 1500 + 10 + 50  # his cash and half the price of his two houses
    assert [g.owner[sq] for sq in (*BROWN, READING)] == [1, 1, 1]
    assert [g.level[sq] for sq in BROWN] == [0, 0] and g.bank_houses == 32
    assert g.jail_cards[1] == ["chance"]
    expect(g, "mortgage_transfer", 1, READING)
    g.apply(1, LiftMortgage(now=False))  # 10% of 100
    assert g.mortgaged[READING] and g.cash[1] == 1550
    expect(g, "pre_roll", 1)  # the bankrupt's turn is over
    assert_consistent(g)


def test_bankruptcy_to_a_player_creditor_may_lift_received_mortgages() -> None:
    """000:117 «а затем решает, нужно ли выкупать объекты» -> REC H-15 (i): lift now for value + 10%."""
    g = new_game(3, dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)
    give(g, 0, READING)
    mortgage(g, READING)
    set_cash(g, 0, 0)
    place(g, 0, 35)
    roll(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    g.apply(1, LiftMortgage(now=True))
    assert not g.mortgaged[READING] and g.cash[1] == 1500 - 110
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_bankruptcy_to_the_bank() -> None:
    """000:273 «Если вы должны Банку, Банк получает все ваши деньги и Документы … Затем Банкир продает с
    аукциона каждый из объектов»; 000:275 «положить карточки … вниз соответствующей стопки» -> RECs H-4,
    H-21: buildings back to the stock, lots auctioned unmortgaged."""
    p = pos().own("A", *BROWN, houses=4).own("A", READING, mortgaged=True).jail_card("A", "chance")  # 8 houses
    g = p.cash("A", 50).at("A", 14).dice((1, 2)).deck("community_chest", "street-repairs").strict().game()
    roll(g)
    d = expect(g, "debt", 0)  # 50 + 8 x 25 + 2 x 30 = 310 < 320
    assert d.data.creditors == [(-1, 320)]
    start = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert [(w.seat, w.creditor) for w in events(g, E.WentBankrupt, start)] == [(0, -1)]
    assert g.bankrupt[0] and g.cash[0] == 0
    assert g.cash[1:] == [1500, 1500]
    assert g.bank_houses == 32 and all(g.level[sq] == 0 for sq in BROWN)
    assert pile_ids(g, "chance")[-1] == "jail-free" and g.jail_cards[0] == []
    assert not g.mortgaged[READING]
    # each property is auctioned in turn
    d = expect(g, "auction", 1, MEDITERRANEAN)
    assert sorted(d.data.bidders) == [1, 2]
    g.apply(1, Bid(10))
    g.apply(2, PASS)
    expect(g, "auction", 1, BALTIC)
    g.apply(1, PASS)
    g.apply(2, PASS)
    expect(g, "auction", 1, READING)
    g.apply(1, PASS)
    g.apply(2, Bid(150))
    assert g.owner[MEDITERRANEAN] == 1 and g.owner[BALTIC] == -1 and g.owner[READING] == 2
    assert not g.mortgaged[READING]
    assert g.cash[1:] == [1490, 1350]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_bankrupt_player_leaves_the_game() -> None:
    """000:115 «Он выбывает из игры»; 000:271: the bankrupt's turns are skipped and they cannot act."""
    g = new_game(3, dice=[(1, 3), (4, 6), (4, 6)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)
    set_cash(g, 0, 0)
    place(g, 0, 35)
    roll(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    give(g, 1, BALTIC)
    assert_illegal(g, 0, ProposeTrade(partner=1, take_properties=(BALTIC,)), "bankrupt")
    assert_illegal(g, 1, ProposeTrade(partner=0, give_cash=5), "trade-partner")
    roll(g)  # seat 1
    end_turn(g)
    roll(g)  # seat 2
    end_turn(g)
    expect(g, "pre_roll", 1)
    assert_consistent(g)


# ------------------------------------------------------------------ end of the game
def test_the_last_player_left_wins() -> None:
    """000:289 «Последний оставшийся в игре участник является победителем» (P1)."""
    g = new_game(2, dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)
    set_cash(g, 0, 100)
    place(g, 0, 35)
    roll(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.over and g.winner == 1 and g.decision is None
    assert [(e.winner, e.reason) for e in events(g, E.GameOver)] == [(1, "last_player")]
    assert g.cash == [0, 1600]
    with pytest.raises(IllegalAction) as info:
        g.apply(1, ROLL)
    assert info.value.rule == "game-over"
    assert_consistent(g)


def test_turn_limit_option_ends_by_net_worth() -> None:
    """Option turn_limit: 000:7 «или у оставшихся окажется значительно меньше денег и активов, чем у
    лидер а» -> REC H-20: after the agreed rounds the richest player (cash + property) wins."""
    g = new_game(2, dice=[(4, 6), (4, 6)], turn_limit=1)
    give(g, 0, BOARDWALK)
    set_cash(g, 0, 1300)  # 1300 + 400 in property
    set_cash(g, 1, 1600)
    roll(g)
    end_turn(g)
    assert not g.over
    roll(g)
    end_turn(g)
    assert g.over and g.winner == 0
    assert [(e.winner, e.reason) for e in events(g, E.GameOver)] == [(0, "turn_limit")]
    assert_consistent(g)


def test_no_turn_limit_by_default() -> None:
    """000:289: by default the game goes on until one player is left (turn_limit=None)."""
    g = new_game(2, dice=[(4, 6), (4, 6), (1, 2)])
    give(g, 0, 13)
    for _ in range(2):
        roll(g)
        end_turn(g)
    assert not g.over
    expect(g, "pre_roll", 0)
    assert g.position[0] == JAIL
    assert_consistent(g)
