"""An offer is checked as a whole when it is proposed and again when it is accepted (issue 11, item 8).

While an offer waits for its answer the position may change (a group built on, a lot mortgaged, a
party bankrupt); accepting runs the very check proposing ran, against the position now, so a stale
offer can only be rejected. The repros stale_trade_*.py and bankrupt_proposer_trade.py."""

from __future__ import annotations

from support.scenario import assert_consistent, assert_illegal, give, set_cash
from support.scenario_businesspoly import CAFE, FERMA, PTITSA, bp_game

import landlords
from landlords import ACCEPT, BUY, DECLARE_BANKRUPTCY, DECLINE, END_TURN, PASS, REJECT, ROLL
from landlords.engine.actions import Build, ClaimRent, Mortgage, ProposeTrade
from landlords.rules.businesspoly import ProposeDeal


def test_a_lot_cannot_be_traded_out_of_a_group_built_on_while_the_offer_waited():
    g = landlords.new_game(None, "hasbro-ru", players=2, seed=1, first_player=0, dice=[(2, 4), (3, 5), (1, 2)])
    for seat in (0, 1):
        g.apply(seat, ROLL)
        g.apply(seat, BUY)
        g.apply(seat, END_TURN)
    g.apply(0, ROLL)
    g.apply(0, BUY)  # seat 0 holds 6 and 9, seat 1 holds 8
    g.apply(0, ProposeTrade(1, take_properties=(8,), give_cash=100))
    g.apply(1, ACCEPT)  # seat 0: the whole group 6, 8, 9
    g.apply(1, ProposeTrade(0, take_properties=(8,), give_cash=1))  # fine while nothing is built
    g.apply(0, Build(6))
    g.apply(0, Build(8))
    assert_illegal(g, 0, ACCEPT, "trade-no-buildings-in-group")
    assert g.decision_actions() == [REJECT]
    g.apply(0, REJECT)
    assert [g.owner[s] for s in (6, 8, 9)] == [0, 0, 0]
    assert_consistent(g)


def test_a_lot_mortgaged_while_the_offer_waited_is_not_traded_where_the_rules_forbid_it():
    """digital: «Нельзя продавать заложенную собственность» (trade_mortgaged=False, 001:123)."""
    g = landlords.new_game(None, "digital", players=2, seed=1, first_player=0, dice=[(2, 4)])
    g.apply(0, ROLL)
    g.apply(0, BUY)
    g.apply(0, END_TURN)
    g.apply(1, ProposeTrade(0, take_properties=(6,), give_cash=50))
    g.apply(0, Mortgage(6))
    assert_illegal(g, 0, ACCEPT, "no-trading-mortgaged")
    g.apply(0, REJECT)
    assert g.owner[6] == 0
    assert_consistent(g)


def test_an_offer_whose_proposer_went_bankrupt_can_only_be_rejected():
    g = landlords.new_game(
        None,
        "hasbro-ru",
        players=3,
        seed=1,
        first_player=0,
        auto_claim=False,
        dice=[(2, 4), (3, 5), (1, 3), (1, 1)],
    )
    g.apply(0, ROLL)
    g.apply(0, DECLINE)
    g.apply(1, PASS)
    g.apply(2, PASS)
    g.apply(0, PASS)
    g.apply(0, END_TURN)
    g.apply(1, ROLL)
    g.apply(1, BUY)
    g.apply(1, END_TURN)
    g.apply(2, ROLL)
    g.apply(2, END_TURN)
    g.apply(0, ProposeTrade(2, give_cash=g.cash[0]))
    g.apply(2, ACCEPT)
    g.apply(0, ROLL)
    g.apply(0, ProposeTrade(1, take_properties=(8,)))
    g.apply(1, ClaimRent(8))
    g.apply(0, DECLARE_BANKRUPTCY)
    g.apply(1, Mortgage(8))
    assert_illegal(g, 1, ACCEPT, "trade-partner")
    assert g.decision_actions() == [REJECT]
    g.apply(1, REJECT)
    assert g.owner[8] == 1 and not g.over
    assert g.decision is not None and not g.bankrupt[g.decision.seat]
    assert_consistent(g)


def test_a_stale_offer_is_refused_for_the_reason_a_new_one_would_be():
    """Cash spent while the offer waited: the refusal names who lacks what, as proposing it would."""
    g = landlords.new_game(None, "hasbro-ru", players=3, seed=1, first_player=0)
    give(g, 1, 1)
    g.apply(1, ProposeTrade(2, give_properties=(1,), take_cash=100))
    set_cash(g, 2, 50)
    stale = assert_illegal(g, 2, ACCEPT, "trade-cash")
    assert stale.params == {"player": g.names[2], "amount": 100}
    g.apply(2, REJECT)
    assert_illegal(g, 1, ProposeTrade(2, give_properties=(1,), take_cash=100), "trade-cash")


def test_a_deal_binds_the_holders_of_its_lots_when_it_was_proposed():
    """A lot that changed hands while the deal waited would make a player who never agreed give it."""
    g = bp_game(3)
    give(g, 1, FERMA)
    g.apply(0, ProposeDeal(properties=((FERMA, 0),), cash=((0, 1, 100),)))
    give(g, 2, FERMA)  # (edited by hand: the lot is now seat 2's)
    assert_illegal(g, 1, ACCEPT, "trade-property")
    g.apply(1, REJECT)
    assert g.owner[FERMA] == 2
    assert_consistent(g)


def test_a_deal_with_a_party_gone_bankrupt_can_only_be_rejected():
    g = bp_game(4)
    give(g, 1, FERMA)
    give(g, 2, PTITSA)
    g.apply(0, ProposeDeal(properties=((FERMA, 0), (PTITSA, 0)), cash=((0, 1, 50), (0, 2, 50))))
    g.apply(1, ACCEPT)
    g._go_bankrupt(1, None)  # (seat 1 runs out of time while seat 2 thinks)
    assert_illegal(g, 2, ACCEPT, "trade-property")
    g.apply(2, REJECT)
    assert g.owner[PTITSA] == 2
    assert_consistent(g)


def test_a_deal_of_a_built_group_is_refused_when_accepted():
    g = bp_game(3)
    give(g, 1, CAFE)
    g.apply(0, ProposeDeal(properties=((CAFE, 0),), cash=((0, 1, 100),)))
    give(g, 1, 6, 9)
    g.level[CAFE] = 1  # (edited by hand: an office in the group)
    g.bank_houses -= 1
    assert_illegal(g, 1, ACCEPT, "trade-no-buildings-in-group")
