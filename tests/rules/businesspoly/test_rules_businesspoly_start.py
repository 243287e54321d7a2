"""businesspoly: the two ways to start - the start auction and the introductory lap.

Spec: seed 000:351-357, 000:411-413, 000:447, 000:477-481, 000:489, 000:495; RULES_MATRIX.md rows A4, Q2, Q3,
section 2.2 items 5-7; RECs B-3, B-5, B-16, B-25, B-26.
"""

from __future__ import annotations

from support.scenario import assert_consistent, assert_illegal, events, expect, place, roll
from support.scenario_businesspoly import CARD1, DECK, ELEVATOR, START, WATER, bp_game, settle

from landlords.engine import events as E
from landlords.engine.actions import DECLARE_BANKRUPTCY, PASS, Bid, Build, ProposeTrade
from landlords.rules.businesspoly import IntroReroll, LapSettled


# ------------------------------------------------------------------ the start auction (2.1)
def test_start_auction_sells_twelve_shuffled_deeds_from_half_price() -> None:
    """000:413 «Все игроки получают по 2500 бин. Перетасовываются все карты участков (документы) и
    продаются с аукциона первые 12 (см. аукцион)»; 000:481 from half the price; REC B-26: any ownable
    square; unsold deeds stay with the bank; all before the first roll."""
    g = bp_game(start_mode="start_auction")
    assert g.cash == [2500, 2500, 2500]
    lots = []
    while g.decision.kind == "auction":
        d = g.decision
        lots.append(d.square)
        assert d.data.min_bid == -(-g.t.price[d.square] // 2)
        for _ in range(3):
            g.apply(g.decision.seat, PASS)
    assert len(lots) == 12 == len(set(lots)) and all(g.t.is_property[sq] for sq in lots)
    assert all(g.owner[sq] == -1 for sq in lots)
    expect(g, "pre_roll", 0)
    other = bp_game(start_mode="start_auction", seed=1)
    assert other.decision.square != lots[0] or other.auction_queue != g.auction_queue  # another shuffle
    assert_consistent(g)


def test_start_auction_is_bid_for_from_the_first_player_and_sells() -> None:
    """000:481 the start auction is an ordinary auction (B-16: the second case of 000:479); bidding opens
    with the player who starts the game. Nothing else happens meanwhile."""
    g = bp_game(start_mode="start_auction")
    d = g.decision
    sq, low = d.square, d.data.min_bid
    assert d.seat == 0 and d.data.bidders == [0, 1, 2]
    assert_illegal(g, 1, ProposeTrade(0, give_cash=10, take_cards=()), "trade-timing")
    g.apply(0, Bid(low))
    g.apply(1, PASS)
    g.apply(2, PASS)
    g.apply(1, PASS)  # the final call
    g.apply(2, PASS)
    assert g.owner[sq] == 0 and g.cash[0] == 2500 - low
    assert len(g.auction_queue) == 10 and g.decision.kind == "auction"
    assert_consistent(g)


def test_a_player_broke_by_the_start_auction_leaves_and_the_auction_goes_on() -> None:
    """000:483 bids beyond one's cash: the first player cannot pay and goes bankrupt; the next one starts."""
    g = bp_game(start_mode="start_auction")
    g.apply(0, Bid(9000))
    for _ in range(4):
        g.apply(g.decision.seat, PASS)
    expect(g, "debt", 0)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0]
    while g.decision.kind == "auction":
        g.apply(g.decision.seat, PASS)
    expect(g, "pre_roll", 1)
    assert len(events(g, E.AuctionStarted)) == 12
    assert_consistent(g)


# ------------------------------------------------------------------ the introductory lap (B-5)
def test_intro_lap_starts_with_2500_and_no_auction() -> None:
    """REC B-3: the only starting sum given is 2500 (000:413); section 2.2 of the seed is lost."""
    g = bp_game(start_mode="intro_lap")
    assert g.cash == [2500, 2500, 2500] and g.bp_intro == [True, True, True]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_intro_lap_doubles_do_nothing() -> None:
    """000:355 «на первом круге не действует правило «дубля» на кубиках»; 000:429 «(если не вводный
    круг)»; 000:495 no jail for doubles «за исключением вводного круга»."""
    g = bp_game(start_mode="intro_lap", dice=[(2, 2)])
    roll(g)
    assert g.position[0] == ELEVATOR and g.doubles == 0
    settle(g)
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_intro_lap_card_square_means_roll_again_without_a_card() -> None:
    """000:447 «На вводном круге … попадая на данную клетку игрок снова должен совершить ход вне очереди.
    Карту не тянет»."""
    g = bp_game(start_mode="intro_lap", dice=[(1, 1), (2, 3)])
    pile = list(g.decks[DECK])
    roll(g)
    assert [(e.seat, e.square) for e in events(g, IntroReroll)] == [(0, CARD1)]
    assert g.position[0] == WATER and list(g.decks[DECK]) == pile and not events(g, E.DrewCard)
    expect(g, "buy", 0, WATER)
    assert_consistent(g)


def test_intro_lap_arrest_means_roll_again_and_the_lap_ends_at_start() -> None:
    """000:489 «В случае, если у игрока вводный круг, то он … не отправляется в тюрьму, а совершает ещё
    один ход вне очереди»; REC B-5: repeated while it lands on such squares; the lap ends at Start, with
    the usual settlement, and the player is then out of the introductory lap."""
    g = bp_game(start_mode="intro_lap", dice=[(1, 2), (1, 2), (3, 4)])
    place(g, 0, 27)
    roll(g)
    assert [e.square for e in events(g, IntroReroll)] == [30, 33]
    assert not g.in_jail[0] and g.position[0] == START
    assert [e.amount for e in events(g, LapSettled)] == [450]
    assert g.bp_intro == [False, True, True]
    assert_consistent(g)


def test_after_the_intro_lap_cards_and_doubles_count() -> None:
    """The introductory lap is per player: once past Start, the rules are the usual ones."""
    g = bp_game(start_mode="intro_lap", dice=[(1, 1), (3, 3)], cards=["22-kickback"])
    g.bp_intro[0] = False
    roll(g)
    assert g.position[0] == CARD1 and g.cash[0] == 2550
    expect(g, "pre_roll", 0)
    assert_illegal(g, 1, Build(1), "build-timing")
    assert_consistent(g)
