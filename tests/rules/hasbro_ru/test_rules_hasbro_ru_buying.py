"""hasbro-ru rule scenarios: buying at the printed price and the auction of a declined property.

Spec: seed 000:39-41, 000:190; RULES_MATRIX.md rows D1-D8 (hasbro-ru column).
"""

from __future__ import annotations

from support.scenario import (
    BALTIC,
    READING,
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    mark,
    new_game,
    payments,
    roll,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import BUY, DECLINE, PASS, ROLL, Bid


def landed_on_baltic(players: int = 3):
    """Seat 0 rolls 1+2 from GO onto unowned Baltic Avenue (price 60)."""
    g = new_game(players, dice=[(1, 2)])
    roll(g)
    expect(g, "buy", 0, BALTIC)
    return g


def test_buy_unowned_property_at_printed_price() -> None:
    """000:190 «заплатите Банку деньги в сумме, указанном на этом игровом поле» (D1); 000:39."""
    g = landed_on_baltic()
    start = mark(g)
    g.apply(0, BUY)
    assert g.owner[BALTIC] == 0
    assert g.cash[0] == 1500 - 60
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "purchase", start)] == [(0, -1, 60)]
    assert [(b.seat, b.square, b.price) for b in events(g, E.Bought, start)] == [(0, BALTIC, 60)]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_only_the_lander_decides_to_buy() -> None:
    """000:190 «у вас будет право первого выбора на ее покупку»: the others cannot buy it first."""
    g = landed_on_baltic()
    assert_illegal(g, 1, BUY, "not-your-turn")
    assert_illegal(g, 0, ROLL, "wrong-decision")
    assert_consistent(g)


def test_buying_needs_the_price_in_cash() -> None:
    """000:41 «Если участник не желает тратиться или у него мало денег, объект продают на аукционе»:
    without the price in cash, buying is illegal and declining opens the auction."""
    g = landed_on_baltic()
    set_cash(g, 0, 59)
    assert_illegal(g, 0, BUY, "cash")
    g.apply(0, DECLINE)
    expect(g, "auction", 1, BALTIC)
    assert_consistent(g)


def test_declined_property_is_auctioned_and_the_decliner_may_bid() -> None:
    """000:190 «Банкир должен немедленно выставить ее на аукцион … Даже хотя вы отказались от покупки
    Недвижимости по первоначальной цене, вы можете принять участие в аукционе»; 000:41 (D2, D5)."""
    g = landed_on_baltic()
    start = mark(g)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1, BALTIC)
    assert sorted(d.data.bidders) == [0, 1, 2]
    assert [a.square for a in events(g, E.AuctionStarted, start)] == [BALTIC]
    g.apply(1, PASS)
    g.apply(2, PASS)
    expect(g, "auction", 0)
    g.apply(0, Bid(10))  # below the printed price: any sum (000:41)
    assert g.owner[BALTIC] == 0
    assert g.cash[0] == 1490
    assert [(a.winner, a.price) for a in events(g, E.AuctionEnded, start)] == [(0, 10)]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_auction_opens_at_any_sum_from_one() -> None:
    """000:41 «Торги начинаются с любой суммы, озвученной кем-либо из игроков»; 000:190 «начиная с
    любой цены»: the lowest opening bid is 1."""
    g = landed_on_baltic()
    g.apply(0, DECLINE)
    assert_illegal(g, 1, Bid(0), "bid-too-low")
    g.apply(1, Bid(1))
    g.apply(2, PASS)
    g.apply(0, PASS)
    assert g.owner[BALTIC] == 1 and g.cash[1] == 1499
    assert_consistent(g)


def test_highest_bid_wins_the_auction() -> None:
    """000:41 «Аукцион заканчивается самым выгодным предложением»; 000:190 «продать тому из игроков,
    кто даст за нее наибольшую цену» (D7)."""
    g = landed_on_baltic()
    g.apply(0, DECLINE)
    g.apply(1, Bid(20))
    assert_illegal(g, 2, Bid(20), "bid-too-low")  # a bid must beat the high bid
    g.apply(2, Bid(30))
    g.apply(0, PASS)
    g.apply(1, Bid(45))
    expect(g, "auction", 2)
    g.apply(2, PASS)
    assert g.owner[BALTIC] == 1
    assert g.cash == [1500, 1455, 1500]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_a_player_who_passed_is_out_of_the_auction() -> None:
    """000:41, 000:190: an auction among those still bidding; a pass leaves it for good."""
    g = landed_on_baltic()
    g.apply(0, DECLINE)
    g.apply(1, PASS)
    g.apply(2, Bid(5))
    expect(g, "auction", 0)
    g.apply(0, Bid(6))
    expect(g, "auction", 2)  # seat 1 is not asked again
    assert_illegal(g, 1, Bid(50), "not-your-turn")
    g.apply(2, PASS)
    assert g.owner[BALTIC] == 0 and g.cash[0] == 1494
    assert_consistent(g)


def test_bid_above_cash_is_illegal() -> None:
    """000:41, 000:190 (D6 silent for hasbro-ru): a player cannot bid more cash than they have."""
    g = landed_on_baltic()
    set_cash(g, 1, 100)
    g.apply(0, DECLINE)
    assert_illegal(g, 1, Bid(101), "bid-above-cash")
    g.apply(1, Bid(100))
    g.apply(2, PASS)
    g.apply(0, PASS)
    assert g.owner[BALTIC] == 1 and g.cash[1] == 0
    assert_consistent(g)


def test_nobody_bids_property_stays_with_the_bank() -> None:
    """D8 (seed silent; REC: bank): when every player passes the property stays unowned, no money moves,
    and it is offered again to the next player who lands on it (000:190)."""
    g = new_game(3, dice=[(1, 2), (1, 2)])
    roll(g)
    g.apply(0, DECLINE)
    start = mark(g)
    for seat in (1, 2, 0):
        g.apply(seat, PASS)
    assert g.owner[BALTIC] == -1
    assert g.cash == [1500] * 3
    assert [(a.winner, a.price) for a in events(g, E.AuctionEnded, start)] == [(-1, 0)]
    expect(g, "post_roll", 0)
    end_turn(g)
    roll(g)
    expect(g, "buy", 1, BALTIC)
    assert_consistent(g)


def test_railroads_and_utilities_are_bought_the_same_way() -> None:
    """000:41 «По тем же правилам приобретаются и другие объекты»: a railroad at its printed 200."""
    g = new_game(3, dice=[(2, 3)])
    roll(g)
    expect(g, "buy", 0, READING)
    g.apply(0, BUY)
    assert g.owner[READING] == 0 and g.cash[0] == 1300
    assert_consistent(g)
