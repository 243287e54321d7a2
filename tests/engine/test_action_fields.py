"""Every field of every action is checked by type and range before its rule (issue 11, item 10).

A value of the wrong type is refused with IllegalAction and changes nothing: it is never coerced
(``2.0 == 2``, ``True == 1``) and never reaches the do step, where it used to fail halfway.
"""

from __future__ import annotations

import dataclasses

import pytest
from support.scenario import BALTIC, MEDITERRANEAN, assert_illegal, expect, give, new_game, roll

import landlords
from landlords import END_TURN, ROLL
from landlords.engine.actions import (
    ACTION_TYPES,
    Bid,
    Build,
    ChooseMove,
    ChooseTax,
    ClaimRent,
    LiftMortgage,
    Mortgage,
    MoveTo,
    ProposeTrade,
    action_from_json,
)
from landlords.engine.errors import ConfigError
from landlords.rules.businesspoly import ProposeDeal, SellLot, SettleMortgage, Sue
from landlords.rules.odessa import ChallengeMalina, RefuseExchange

WRONG_INTS = (2.0, True, False, None, "3", 3 + 0j, [3], -1)
WRONG_FLAGS = (1, 0, "no", "yes", None, 1.0)


def test_every_action_type_declares_the_kind_of_every_field():
    for cls in ACTION_TYPES.values():
        assert [name for name, _ in cls.FIELDS] == [f.name for f in dataclasses.fields(cls)], cls.__name__


def test_choose_move_with_a_float_is_refused_before_the_bus_decision_is_touched():
    """The repro choose_move_float.py: ChooseMove(2.0) passed the check (2.0 == 2), then failed inside
    the move with the Bus decision gone and the token on square 2.0."""
    g = landlords.new_game(
        None,
        "hasbro-ru",
        players=2,
        seed=1,
        first_player=0,
        rules={"speed_die": True},
        dice=[(3, 4), (1, 3), (1, 2, 6)],
        deck_orders={"chance": ["advance-to-go"]},
    )
    g.apply(0, ROLL)
    g.apply(0, END_TURN)
    g.apply(1, ROLL)
    g.apply(1, END_TURN)
    g.apply(0, ROLL)
    expect(g, "bus", 0)
    for wrong in (2.0, True, "2", None):
        assert_illegal(g, 0, ChooseMove(wrong), "field-int")
    g.apply(0, ChooseMove(2))
    assert g.position[0] == 2


@pytest.mark.parametrize("seat", [True, False, None, "0", 0.0, -1, 3, 1 + 0j])
def test_a_seat_must_be_a_real_seat_number(seat):
    g = new_game(3)
    assert_illegal(g, seat, ROLL, "no-such-seat")


@pytest.mark.parametrize("value", WRONG_INTS + (40, 10**30))
@pytest.mark.parametrize("cls", [Build, Mortgage, ClaimRent, MoveTo])
def test_a_square_must_be_a_square_of_this_board(cls, value):
    g = new_game(2)
    give(g, 0, MEDITERRANEAN, BALTIC)
    assert_illegal(g, 0, cls(value), "field-square")


@pytest.mark.parametrize("value", WRONG_INTS)
def test_a_bid_must_be_a_whole_amount(value):
    g = new_game(2, dice=[(1, 2)])
    roll(g)
    g.apply(0, landlords.DECLINE)
    expect(g, "auction")
    assert_illegal(g, g.decision.seat, Bid(value), "field-amount")


@pytest.mark.parametrize("value", WRONG_FLAGS)
@pytest.mark.parametrize(
    "ruleset, cls",
    [
        ("hasbro-ru", ChooseTax),
        ("hasbro-ru", LiftMortgage),
        ("businesspoly", SettleMortgage),
        ("odessa", ChallengeMalina),
        ("odessa", RefuseExchange),
    ],
)
def test_a_yes_or_no_field_takes_only_true_or_false(ruleset, cls, value):
    g = landlords.new_game(None, ruleset, players=3, seed=1, first_player=0)
    assert_illegal(g, 0, cls(value), "field-flag")


@pytest.mark.parametrize(
    "offer, rule",
    [
        (ProposeTrade(True, take_cash=1), "field-seat"),
        (ProposeTrade(1.0, take_cash=1), "field-seat"),
        (ProposeTrade(None, take_cash=1), "field-seat"),
        (ProposeTrade(1, give_properties=(1.0,)), "field-square"),
        (ProposeTrade(1, give_properties=(1, 1)), "field-repeated"),
        (ProposeTrade(1, give_properties=1), "field-list"),
        (ProposeTrade(1, give_properties="13"), "field-list"),
        (ProposeTrade(1, give_properties=(99,)), "field-square"),
        (ProposeTrade(1, give_cash=True), "field-amount"),
        (ProposeTrade(1, give_cash=-5), "field-amount"),
        (ProposeTrade(1, take_cash=2.5), "field-amount"),
        (ProposeTrade(1, give_cards=("nope",)), "field-deck"),
        (ProposeTrade(1, give_cards=(1,)), "field-deck"),
        (ProposeTrade(1, take_cards="chance"), "field-list"),
    ],
)
def test_a_malformed_trade_is_refused_by_its_fields(offer, rule):
    g = new_game(2)
    give(g, 0, MEDITERRANEAN)
    before = g.state_hash()
    assert_illegal(g, 0, offer, rule)
    assert g.state_hash() == before


def test_a_list_in_a_trade_is_read_as_a_tuple():
    g = new_game(2)
    give(g, 0, MEDITERRANEAN)
    g.apply(0, ProposeTrade(1, give_properties=[MEDITERRANEAN], take_cash=10))
    assert g.decision.data.give_properties == (MEDITERRANEAN,)


@pytest.mark.parametrize(
    "deal, rule",
    [
        (ProposeDeal(properties=((1, True),)), "field-seat"),
        (ProposeDeal(properties=((1.0, 1),)), "field-square"),
        (ProposeDeal(properties=((1, 1, 1),)), "field-parts"),
        (ProposeDeal(properties=((1, 1), (1, 2))), "field-repeated"),
        (ProposeDeal(properties=(1,)), "field-parts"),
        (ProposeDeal(cash=((0, 1, 0),)), "field-amount"),
        (ProposeDeal(cash=((0, 1, False),)), "field-amount"),
        (ProposeDeal(cash=((0, None, 5),)), "field-seat"),
        (ProposeDeal(cards=(("x", 0, 1),)), "field-deck"),
        (ProposeDeal(cash=5), "field-list"),
    ],
)
def test_a_malformed_businesspoly_deal_is_refused_by_its_fields(deal, rule):
    g = landlords.new_game(
        None, "businesspoly", players=3, seed=1, first_player=0, rules={"start_mode": "intro_lap"}
    )
    assert_illegal(g, 0, deal, rule)


@pytest.mark.parametrize("cls", [Sue, SellLot])
def test_businesspoly_squares_are_checked_too(cls):
    g = landlords.new_game(
        None, "businesspoly", players=3, seed=1, first_player=0, rules={"start_mode": "intro_lap"}
    )
    for wrong in WRONG_INTS + (g.size,):
        assert_illegal(g, 0, cls(wrong), "field-square")


def test_a_finished_game_refuses_everything_whatever_the_fields():
    g = new_game(2)
    g.finish_by_net_worth("test")
    for action in (ROLL, Build(2.5), ProposeTrade(None)):
        assert_illegal(g, 0, action, "game-over")


@pytest.mark.parametrize(
    "data, words",
    [
        ({"type": "build", "square": "3"}, "square"),
        ({"type": "build", "square": 3.5}, "square"),
        ({"type": "build", "square": True}, "square"),
        ({"type": "bid", "amount": True}, "amount"),
        ({"type": "bid", "amount": -1}, "amount"),
        ({"type": "choose_tax", "percent": "no"}, "percent"),
        ({"type": "choose_move", "steps": 2.0}, "steps"),
        ({"type": "propose_trade", "partner": "1"}, "partner"),
        ({"type": "propose_trade", "partner": 1, "give_properties": [1, "3"]}, "give_properties[1]"),
        ({"type": "propose_trade", "partner": 1, "give_properties": {"a": 1}}, "give_properties"),
        ({"type": "propose_trade", "partner": 1, "give_cards": [7]}, "give_cards[0]"),
        ({"type": "propose_deal", "cash": [[0, 1, "5"]]}, "cash[0][2]"),
        ({"type": "propose_deal", "properties": [[1]]}, "properties[0]"),
        ({"type": "sue", "square": None}, "square"),
        ({"type": ["build"]}, "unknown action type"),
    ],
)
def test_a_record_with_a_wrong_typed_field_is_a_clear_config_error(data, words):
    with pytest.raises(ConfigError) as info:
        action_from_json(data)
    assert words in str(info.value)


def test_every_action_survives_its_json_round_trip():
    samples = [
        ProposeTrade(1, give_properties=(1, 3), give_cash=5, take_cards=("chance",)),
        ProposeDeal(properties=((1, 2),), cash=((0, 1, 5),), cards=(("chance", 1, 0),)),
        Build(3),
        Bid(10),
        ChooseTax(True),
        ChooseMove(4),
    ]
    for action in samples:
        assert action_from_json(action.to_json()) == action
