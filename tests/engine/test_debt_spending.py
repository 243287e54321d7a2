"""A seat that owes a payment may only raise cash until it is paid (issue 11, item 2): sell, mortgage
and trade where the ruleset allows, never build, lift a mortgage, bid or otherwise spend."""

from __future__ import annotations

import pytest
from support.scenario import BALTIC, MEDITERRANEAN, assert_illegal, give, mortgage, new_game, set_cash

import landlords
from landlords.engine.actions import Bid, Build, Mortgage, ProposeTrade, Unmortgage
from landlords.engine.events import BANK
from landlords.rules import get_ruleset, ruleset_names


def test_building_and_lifting_mortgages_are_refused_while_a_rent_debt_is_owed():
    """The issue's case: a rent debt of 950 with 129 in cash; building was accepted (129 -> 29)."""
    g = new_game(2)
    give(g, 0, MEDITERRANEAN, BALTIC, 5, 15)
    mortgage(g, 15)
    set_cash(g, 0, 129)
    g._charge(0, [(1, 950)], "rent", None, 39)
    assert g.in_debt(0)
    assert_illegal(g, 0, Build(MEDITERRANEAN), "no-spending-in-debt")
    assert_illegal(g, 0, Unmortgage(15), "no-spending-in-debt")
    assert_illegal(g, 0, ProposeTrade(1, give_cash=100), "no-spending-in-debt")
    legal = list(g.legal_actions(0))
    assert not any(a.SPENDS for a in legal)
    assert Mortgage(5) in legal
    g.apply(0, Mortgage(5))
    assert g.cash[0] == 129 + g.t.mortgage[5]


def test_a_trade_in_debt_may_raise_cash_but_not_spend_it_where_trading_in_debt_is_allowed():
    g = new_game(3, trade_in_debt=True)
    give(g, 0, MEDITERRANEAN)
    give(g, 1, 5)
    set_cash(g, 0, 100)
    g._charge(0, [(BANK, 500)], "card", None)
    assert_illegal(g, 0, ProposeTrade(1, give_cash=50, take_properties=(5,)), "no-spending-in-debt")
    assert_illegal(g, 1, ProposeTrade(0, take_cash=50, give_properties=(5,)), "no-spending-in-debt")
    g.apply(0, ProposeTrade(1, give_properties=(MEDITERRANEAN,), take_cash=60))  # raising cash is fine
    g.apply(1, landlords.ACCEPT)
    assert g.owner[MEDITERRANEAN] == 1


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_no_ruleset_lists_an_act_that_spends_while_in_debt(ruleset):
    players = max(2, get_ruleset(ruleset).min_players)
    g = landlords.new_game(
        None,
        ruleset,
        players=players,
        seed=3,
        first_player=0,
        rules={"start_mode": "normal"} if ruleset.startswith("businesspoly") else None,
    )
    group = next(m for m in g.t.group_members if m and g.t.is_street[m[0]])
    give(g, 0, *group)
    g.position[0] = group[0]  # (odessa builds where the token stands)
    give(g, 1, next(sq for sq in g.t.properties if g.owner[sq] < 0))
    mortgage(g, group[-1])
    g._charge(0, [(BANK, g.cash[0] + 1)], "card", None)
    for action in (Build(group[0]), Unmortgage(group[-1]), ProposeTrade(1, give_cash=1)):
        assert not g.is_legal(0, action), f"{ruleset}: {action} in debt"
    assert not any(a.SPENDS for a in g.legal_actions(0)), ruleset
    assert not g.is_legal(0, Bid(1))
