"""Batches of auctions nest (issue 11, item 9): a bankruptcy during the auctions of another bankrupt's
lots opens its own batch on top; each batch runs to its end and then its own continuation, so the
game always has a decision until it is over. The repro nested_bankruptcy_auction.py."""

from __future__ import annotations

from support.scenario import assert_consistent

import landlords
from landlords import BUY, END_TURN, PASS, ROLL
from landlords.engine.actions import Bid, Mortgage, TimeOut, Unmortgage


def _digital_with_three_lots() -> landlords.Game:
    g = landlords.new_game(
        None,
        "digital",
        players=4,
        seed=1,
        first_player=0,
        rules={"bankrupt_property_to_bank": "auction"},
        dice=[(2, 4), (3, 5), (1, 2), (1, 3)],
    )
    for seat in (0, 1, 2):
        g.apply(seat, ROLL)
        g.apply(seat, BUY)
        g.apply(seat, END_TURN)
    g.apply(3, ROLL)
    g.apply(3, END_TURN)
    return g  # seats 0, 1, 2 own 6, 8, 3; seat 0 to move


def test_a_second_bankruptcy_during_a_bankrupts_auctions_keeps_the_first_batchs_continuation():
    g = _digital_with_three_lots()
    g.apply(0, TimeOut())  # seat 0's lot 6 is auctioned, then its turn ends
    assert g.decision.kind == "auction" and g.decision.square == 6 and g.after_auctions == "end_turn"
    g.apply(1, TimeOut())  # a bidder runs out of time too: its lot 8 is auctioned first
    assert [lots for lots, _ in g.auction_batches] == [[], []]
    assert [then for _, then in g.auction_batches] == ["end_turn", None]
    while g.decision.square == 8:
        g.apply(g.decision.seat, PASS)
    g.apply(2, Mortgage(3))
    bid = g.cash[2] - g.unmortgage_cost(3) + g.t.mortgage[3]
    while g.decision.seat != 2:
        g.apply(g.decision.seat, PASS)
    g.apply(2, Bid(bid))
    g.apply(2, Unmortgage(3))  # spends cash while the auction is open: the win becomes a debt
    while g.decision.kind == "auction":
        g.apply(g.decision.seat, PASS)
    assert g.decision.kind == "debt" and g.decision.seat == 2
    g.apply(2, Mortgage(3))  # pays the debt: the outer batch ends, and with it seat 0's turn
    assert not g.over
    assert g.decision.kind == "pre_roll" and g.decision.seat == 2 and g.current == 2
    assert g.auction_batches == []
    assert_consistent(g)


def test_a_debt_paid_at_the_end_of_everything_ends_the_turn():
    """Settling the last open debt leaves nothing to decide: the turn ends there and then."""
    g = _digital_with_three_lots()
    g.apply(0, TimeOut())
    while g.decision.kind == "auction":
        g.apply(g.decision.seat, PASS)
    assert g.decision.kind == "pre_roll" and g.decision.seat == 1
    assert_consistent(g)


def test_the_current_player_going_bankrupt_inside_a_batch_lets_the_batch_finish():
    """A bidder who is also the current player goes out during another's batch: the rest of the batch
    is still auctioned before the turn passes."""
    g = landlords.new_game(
        None,
        "digital",
        players=4,
        seed=1,
        first_player=0,
        rules={"bankrupt_property_to_bank": "auction", "player_time_minutes": 30},
        dice=[(2, 4), (3, 5), (1, 2), (1, 3)],
    )
    for seat in (0, 1, 2):
        g.apply(seat, ROLL)
        g.apply(seat, BUY)
        g.apply(seat, END_TURN)
    g.apply(3, ROLL)
    g.apply(3, END_TURN)
    g.apply(2, TimeOut())  # not the current player: lot 3 is auctioned during seat 0's turn
    assert g.decision.kind == "auction" and g.decision.square == 3
    g.apply(0, TimeOut())  # now the current player goes out: lot 6 too, and then its turn ends
    seen = set()
    while g.decision.kind == "auction":
        seen.add(g.decision.square)
        g.apply(g.decision.seat, PASS)
    assert seen == {3, 6}
    assert g.decision.kind == "pre_roll" and g.decision.seat == 1
    assert g.auction_batches == []
    assert_consistent(g)


def test_a_player_who_goes_out_during_businesspolys_final_call_is_not_asked_again():
    """Found by reading the continuation code: the final call of an auction (000:481) asks players who
    passed; one who ran out of time while asked left the game waiting on a bankrupt seat."""
    g = landlords.new_game(
        None,
        "businesspoly",
        players=4,
        seed=1,
        first_player=0,
        rules={"start_mode": "normal", "timeout_bankrupt": True},
        dice=[(1, 2)],
    )
    g.apply(0, ROLL)
    g.apply(0, landlords.DECLINE)
    g.apply(1, Bid(g.decision.data.min_bid))
    for seat in (2, 3, 0):
        g.apply(seat, PASS)
    assert g.decision.seat == 2 and g.bp_final == [2, 3, 0]  # the final call
    g.apply(2, TimeOut())
    assert g.decision.kind == "auction" and g.decision.seat == 3
    g.apply(3, PASS)
    g.apply(0, TimeOut())  # the last one asked goes out too: the auction closes for seat 1
    assert g.owner[3] == 1 and g.decision.kind != "auction"
    assert_consistent(g)
