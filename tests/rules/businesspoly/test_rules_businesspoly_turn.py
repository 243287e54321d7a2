"""businesspoly: the strict turn, deals, buying and auctions, offices, rent and bankruptcy.

Spec: seed 000:375-403, 000:415-431, 000:455-467, 000:475-487, 000:513-519; RULES_MATRIX.md rows A11, D, E,
G2, L1-L17, N1-N6, O1-O8 (businesspoly column), section 2.2 items 11-22; RECs B-13, B-14, B-15, B-17,
B-19, B-20.
"""

from __future__ import annotations

from support.scenario import (
    HOTEL,
    assert_consistent,
    assert_illegal,
    build,
    build_group,
    events,
    expect,
    give,
    give_jail_card,
    mark,
    mortgage,
    payments,
    place,
    roll,
    set_cash,
)
from support.scenario_businesspoly import (
    BANK_GROUP,
    CAFE,
    CARD2,
    CENTRALBANK,
    DECK,
    ELECTRICITY,
    ELEVATOR,
    FERMA,
    GAS,
    HEATING,
    KOLKHOZ,
    KOMBANK,
    OBSHCHEPIT,
    OBUVNAYA,
    PTITSA,
    RESTAURANT,
    STOLOVAYA,
    TC_NORTH,
    TC_SOUTH,
    TC_WEST,
    WATER,
    bp_game,
)

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    DECLARE_BANKRUPTCY,
    DECLINE,
    END_TURN,
    PASS,
    REJECT,
    Bid,
    Build,
    Mortgage,
    ProposeTrade,
    SellBuilding,
)
from landlords.rules.businesspoly import DealAnswered, DealProposed, ProposeDeal


# ------------------------------------------------------------------ the strict turn (3.1-3.7)
def test_building_only_in_steps_one_and_five_of_ones_own_turn() -> None:
    """000:415 «3.1. Шаг 1. Торги и постройки»; 000:427 «3.5 … На этом же этапе игрок может … принять
    решение об открытии новых офисов»; 000:387 nothing out of one's turn."""
    g = bp_game(dice=[(1, 2)])
    give(g, 0, *OBSHCHEPIT)
    give(g, 1, *KOLKHOZ)
    assert_illegal(g, 1, Build(FERMA), "build-timing")
    g.apply(0, Build(STOLOVAYA))  # 3.1
    place(g, 0, 34)
    roll(g)
    expect(g, "buy", 0, KOMBANK)
    g.apply(0, Build(CAFE))  # 3.5, while buying
    g.apply(0, DECLINE)
    expect(g, "auction")
    assert_illegal(g, 0, Build(RESTAURANT), "build-timing")  # not during the auction
    for _ in range(3):
        g.apply(g.decision.seat, PASS)
    expect(g, "post_roll", 0)  # 3.5 after the move: two offices already opened in this move
    assert_illegal(g, 0, Build(RESTAURANT), "office-limit")
    g.apply(0, SellBuilding(CAFE))
    assert [g.level[sq] for sq in OBSHCHEPIT] == [1, 0, 0]
    assert_consistent(g)


def test_no_deals_or_building_while_a_payment_is_owed() -> None:
    """000:379 «Совершение в этой ситуации сделок с другими игроками запрещены»; 000:423 step 3.4 «В этот
    момент любые сделки с другими игроками запрещены»; 000:513-515 bondage deals: only cash from the bank."""
    g = bp_game(dice=[(1, 2)], cards=["24-speeding"])
    give(g, 0, *OBSHCHEPIT, KOMBANK)
    set_cash(g, 0, 10)
    place(g, 0, CARD2 - 3)
    roll(g)
    expect(g, "debt", 0)
    assert_illegal(g, 0, ProposeTrade(1, give_properties=(KOMBANK,), take_cash=300), "no-trade-in-debt")
    assert_illegal(g, 1, ProposeTrade(0, give_cash=300, take_properties=(KOMBANK,)), "no-trade-in-debt")
    assert_illegal(g, 0, ProposeDeal(properties=((KOMBANK, 1),), cash=((1, 0, 300),)), "no-trade-in-debt")
    assert_illegal(g, 0, Build(STOLOVAYA), "build-timing")
    g.apply(0, Mortgage(KOMBANK))  # cash from the bank is allowed
    assert g.cash[0] == 10 + 175 - 80
    assert_consistent(g)


def test_deals_only_with_the_active_player() -> None:
    """000:475 «Торги могут быть проведены только с тем игроком, которому принадлежит ход. Другие игроки
    между собой не могут совершить сделку, если в ней не участвует игрок, которому принадлежит ход»
    (REC B-19; the other reading is an option)."""
    g = bp_game()
    give(g, 1, FERMA)
    give(g, 2, PTITSA)
    assert_illegal(
        g, 1, ProposeTrade(2, give_properties=(FERMA,), take_properties=(PTITSA,)), "deal-needs-active-player"
    )
    g.apply(1, ProposeTrade(0, give_properties=(FERMA,), take_cash=100))  # offered to the active player
    g.apply(0, ACCEPT)
    assert g.owner[FERMA] == 0
    g = bp_game(deals_need_active_player=False)
    give(g, 1, FERMA)
    give(g, 2, PTITSA)
    g.apply(1, ProposeTrade(2, give_properties=(FERMA,), take_properties=(PTITSA,)))
    g.apply(2, ACCEPT)
    assert g.owner[FERMA] == 2 and g.owner[PTITSA] == 1
    assert_consistent(g)


def test_a_deal_with_any_number_of_parties() -> None:
    """000:487 «В сделке может быть любое количество игроков и любое количество имущества» (REC B-19):
    every party but the proposer accepts, then everything changes hands at once."""
    g = bp_game(4)
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    give(g, 2, TC_SOUTH)
    give_jail_card(g, 3, DECK)
    deal = ProposeDeal(
        properties=((FERMA, 1), (PTITSA, 2), (TC_SOUTH, 0)),
        cash=((2, 0, 100), (0, 3, 40)),
        cards=((DECK, 3, 0),),
    )
    start = mark(g)
    g.apply(0, deal)
    assert [e.parties for e in events(g, DealProposed, start)] == [(0, 1, 2, 3)]
    expect(g, "deal_response", 1)
    g.apply(1, ACCEPT)
    expect(g, "deal_response", 2)
    g.apply(2, ACCEPT)
    assert g.owner[FERMA] == 0  # nothing moves before the last party agrees
    g.apply(3, ACCEPT)
    assert (g.owner[FERMA], g.owner[PTITSA], g.owner[TC_SOUTH]) == (1, 2, 0)
    assert (g.cash[0], g.cash[2], g.cash[3]) == (2560, 2400, 2540) and g.jail_cards[0] == [DECK]
    assert [e.done for e in events(g, DealAnswered, start)] == [False, False, True]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_one_refusal_cancels_the_whole_deal() -> None:
    g = bp_game(3)
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    g.apply(0, ProposeDeal(properties=((FERMA, 1), (PTITSA, 2)), cash=((2, 0, 100),)))
    g.apply(1, ACCEPT)
    g.apply(2, REJECT)
    assert (g.owner[FERMA], g.owner[PTITSA], g.cash[2]) == (0, 1, 2500)
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_a_deal_must_be_possible_when_proposed_and_when_accepted() -> None:
    """The proposer is a party, the active player is a party, each payer has the cash, no lot of an
    industry with offices (000:485); an offer gone stale can only be rejected."""
    g = bp_game(3)
    give(g, 1, FERMA)
    give(g, 2, *BANK_GROUP)
    build_group(g, BANK_GROUP, 1)
    assert_illegal(g, 0, ProposeDeal(properties=((FERMA, 2),)), "deal-proposer-party")
    assert_illegal(g, 1, ProposeDeal(properties=((FERMA, 2),), cash=((2, 1, 50),)), "deal-needs-active-player")
    assert_illegal(g, 0, ProposeDeal(cash=((0, 1, 2501),)), "trade-cash")
    assert_illegal(g, 0, ProposeDeal(properties=((KOMBANK, 0),)), "trade-no-buildings-in-group")
    assert_illegal(g, 0, ProposeDeal(), "empty-trade")
    assert_illegal(g, 0, ProposeDeal(properties=((FERMA, 1),)), "trade-partner")
    g.apply(0, ProposeDeal(properties=((FERMA, 0),), cash=((0, 1, 2000),)))
    set_cash(g, 0, 100)  # (a position edited by hand: the offer no longer matches)
    assert_illegal(g, 1, ACCEPT, "trade-cash")
    assert list(g.legal_actions(1)) == [REJECT]
    g.apply(1, REJECT)
    assert_consistent(g)


# ------------------------------------------------------------------ buying and auctions (1.4)
def test_buy_or_auction_is_mandatory() -> None:
    """000:381 «Если игрок встал на свободный участок, он обязан либо купить его, либо провести аукцион»."""
    g = bp_game(dice=[(1, 2)])
    place(g, 0, 34)
    roll(g)
    expect(g, "buy", 0, KOMBANK)
    assert_illegal(g, 0, END_TURN, "wrong-decision")
    g.apply(0, DECLINE)
    expect(g, "auction", 1)
    assert_consistent(g)


def test_auctions_open_at_half_the_price_and_the_decliner_may_bid() -> None:
    """000:383 «не 1 и не 10 бин, а ровно половина стоимости участка»; 000:481 «Аукцион всегда
    начинается с половины стоимости участка»; REC B-17: everybody takes part."""
    g = bp_game(dice=[(1, 2)])
    place(g, 0, 34)
    roll(g)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1)
    assert d.data.min_bid == 175 and d.data.bidders == [1, 2, 0]
    assert_illegal(g, 1, Bid(174), "bid-too-low")
    g.apply(1, Bid(175))
    g.apply(2, PASS)
    g.apply(0, Bid(180))
    g.apply(1, PASS)
    g.apply(2, PASS)  # the final call: seat 2, then seat 1
    g.apply(1, PASS)
    assert g.owner[KOMBANK] == 0 and g.cash[0] == 2320
    assert_consistent(g)


def test_nobody_bids_and_the_lot_stays_with_the_bank() -> None:
    """REC B-17: unsold at half price, the lot stays with the bank."""
    g = bp_game(dice=[(1, 2)])
    place(g, 0, 34)
    roll(g)
    g.apply(0, DECLINE)
    for _ in range(3):
        g.apply(g.decision.seat, PASS)
    assert g.owner[KOMBANK] == -1
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_the_last_bidder_asks_the_others_once_more() -> None:
    """000:481 «Этот оставшийся участник обязан переспросить у соперников, не возражают ли они против его
    покупки за обозначенную сумму или хотят установить свою» - REC B-17: those who passed may bid again."""
    g = bp_game(dice=[(1, 2)])
    place(g, 0, 34)
    roll(g)
    g.apply(0, DECLINE)
    g.apply(1, Bid(175))
    g.apply(2, PASS)
    g.apply(0, PASS)
    expect(g, "auction", 2)  # the final call: seat 2 first
    g.apply(2, Bid(200))
    expect(g, "auction", 1)  # the leader answers
    g.apply(1, PASS)
    expect(g, "auction", 0)  # a new final call
    g.apply(0, PASS)
    g.apply(1, PASS)
    assert g.owner[KOMBANK] == 2 and g.cash[2] == 2300
    g = bp_game(dice=[(1, 2)], auction_final_call=False)
    place(g, 0, 34)
    roll(g)
    g.apply(0, DECLINE)
    g.apply(1, Bid(175))
    g.apply(2, PASS)
    g.apply(0, PASS)
    assert g.owner[KOMBANK] == 1
    assert_consistent(g)


def test_bids_beyond_ones_cash_then_raise_it_or_go_bankrupt() -> None:
    """000:483 «Участник аукциона имеет право называть суммы, которые он не может выплатить. Но если …
    не хватает наличных …, он обязан заложить или продать имущество в банк. Если нужная сумма не
    набирается, то игрок должен объявить о своём банкротстве»."""
    g = bp_game(dice=[(1, 2)])
    set_cash(g, 1, 100)
    place(g, 0, 34)
    roll(g)
    g.apply(0, DECLINE)
    g.apply(1, Bid(300))
    for _ in range(2):
        g.apply(g.decision.seat, PASS)
    for _ in range(2):  # the final call
        g.apply(g.decision.seat, PASS)
    d = expect(g, "debt", 1)
    assert d.data.amount == 300 and g.owner[KOMBANK] == 1
    g.apply(1, Mortgage(KOMBANK))
    g.apply(1, DECLARE_BANKRUPTCY)
    assert g.bankrupt[1] and g.owner[KOMBANK] == -1 and not g.mortgaged[KOMBANK]
    expect(g, "post_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ offices (8)
def test_at_most_two_offices_a_move_and_a_double_starts_a_new_move() -> None:
    """000:375 «не более 2 в один ход»; 000:457 «За 1 ход игрок может открыть не более двух офисов»;
    000:429 a double is «ещё один ход (пункт 3.1)» - REC B-13: the limit counts per move."""
    g = bp_game(dice=[(1, 1)])
    give(g, 0, *OBSHCHEPIT, OBUVNAYA)
    g.apply(0, Build(STOLOVAYA))
    g.apply(0, Build(CAFE))
    assert_illegal(g, 0, Build(RESTAURANT), "office-limit")
    place(g, 0, 11)
    roll(g)
    expect(g, "pre_roll", 0)
    g.apply(0, Build(RESTAURANT))
    g.apply(0, Build(STOLOVAYA))
    assert_illegal(g, 0, Build(CAFE), "office-limit")
    g = bp_game(dice=[(1, 1)], build_limit_per="turn")
    give(g, 0, *OBSHCHEPIT, OBUVNAYA)
    g.apply(0, Build(STOLOVAYA))
    g.apply(0, Build(CAFE))
    place(g, 0, 11)
    roll(g)
    assert_illegal(g, 0, Build(RESTAURANT), "office-limit")
    assert_consistent(g)


def test_offices_are_opened_and_closed_evenly_at_the_prospects_price() -> None:
    """000:457 «офисы необходимо открывать или продавать равномерно»; 000:465 costs by prospect, closing
    at half: 25, 50, 75, 100."""
    g = bp_game()
    give(g, 0, *BANK_GROUP)
    g.apply(0, Build(KOMBANK))
    assert g.cash[0] == 2300
    assert_illegal(g, 0, Build(KOMBANK), "even-building")
    build_group(g, BANK_GROUP, 2)
    build(g, KOMBANK, 3)
    assert_illegal(g, 0, SellBuilding(CENTRALBANK), "even-selling")
    g.apply(0, SellBuilding(KOMBANK))
    assert g.cash[0] == 2400 and g.level[KOMBANK] == 2
    assert_consistent(g)


def test_a_business_centre_after_four_offices_costs_one_more_office() -> None:
    """000:327 «Деловой центр – строение, которое можно построить вместо четырёх офисов. По стоимости
    эквивалентен 5 офисам»; 000:457 «Построив 4 офиса, он может открыть … деловой центр» - REC B-14: the
    upgrade costs one office, every lot of the industry having four; closing returns four offices and
    half an office's price."""
    g = bp_game()
    give(g, 0, *OBSHCHEPIT)
    build_group(g, OBSHCHEPIT, 4)
    build(g, RESTAURANT, 3)
    assert_illegal(g, 0, Build(CAFE), "hotel-after-four-houses")
    build(g, RESTAURANT, 4)
    g.apply(0, Build(CAFE))
    assert g.level[CAFE] == HOTEL and g.cash[0] == 2450
    g.apply(0, SellBuilding(CAFE))
    assert g.level[CAFE] == 4 and g.cash[0] == 2475
    g = bp_game(hotel_cost_houses=5)  # the other reading: five offices' price
    give(g, 0, *OBSHCHEPIT)
    build_group(g, OBSHCHEPIT, 4)
    g.apply(0, Build(CAFE))
    assert g.cash[0] == 2250
    g.apply(0, SellBuilding(CAFE))
    assert g.cash[0] == 2375
    assert_consistent(g)


def test_no_offices_on_shopping_centres_or_utilities_nor_with_a_mortgage() -> None:
    """000:461 «Офисы не могут быть открыты у коммунальных служб и у торговых центров»; 000:459 «Нельзя
    совершать постройку, если один из участков заложен»; 000:455 only on a whole industry."""
    g = bp_game()
    give(g, 0, TC_SOUTH, TC_WEST, TC_NORTH, 35, *KOLKHOZ, WATER, ELECTRICITY, GAS, HEATING, STOLOVAYA)
    assert_illegal(g, 0, Build(TC_SOUTH), "build-on-street")
    assert_illegal(g, 0, Build(WATER), "build-on-street")
    assert_illegal(g, 0, Build(STOLOVAYA), "build-needs-full-group")
    mortgage(g, PTITSA)
    assert_illegal(g, 0, Build(FERMA), "build-no-mortgage-in-group")
    assert_consistent(g)


# ------------------------------------------------------------------ rent
def test_utilities_charge_4_10_20_30_times_the_dice() -> None:
    """000:393 «Вместо 4 и 10 в монополии установлены 4, 10, 20 и 30»."""
    for held, times in (
        ((GAS,), 4),
        ((WATER, GAS), 10),
        ((WATER, ELECTRICITY, GAS), 20),
        ((WATER, ELECTRICITY, GAS, HEATING), 30),
    ):
        g = bp_game(dice=[(3, 4)])
        give(g, 1, *held)
        place(g, 0, 21)
        roll(g)
        assert g.cash[1] == 2500 + times * 7, held
        assert_consistent(g)


def test_no_double_rent_for_a_whole_industry() -> None:
    """000:517 «должен заплатить сумму, указанную в карточке … Сумма зависит от конкретного участка и
    числа открытых офисов» - REC B-15: no doubling."""
    g = bp_game(dice=[(1, 2)])
    give(g, 1, *OBSHCHEPIT)
    place(g, 0, 5)
    roll(g)
    assert g.position[0] == CAFE and g.cash[1] == 2506
    assert_consistent(g)


def test_a_tenant_who_cannot_pay_goes_bankrupt_and_the_bank_pays_the_owner_the_rest() -> None:
    """000:519 «Если игрок не может расплатиться с хозяином участка даже после продажи всего своего
    имущества, то он объявляет себя банкротом … А хозяин получает всю недостающую сумму из банка»;
    000:399 «выплатить её полностью до последней монеты»."""
    g = bp_game(dice=[(1, 2)])
    give(g, 1, *OBSHCHEPIT)
    build_group(g, OBSHCHEPIT, 4)
    set_cash(g, 0, 100)
    place(g, 0, 5)
    roll(g)
    d = expect(g, "debt", 0)
    assert d.data.amount == 400
    start = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and g.cash[1] == 2900
    assert [(p.payer, p.payee, p.amount) for p in payments(g, since=start)] == [(0, 1, 100), (-1, 1, 300)]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_a_debt_to_the_bank_loses_the_rest_and_the_lawyer_card_goes_back() -> None:
    """REC B-20: only a tenant's landlord is made whole; card 14 of a bankrupt returns to the deck."""
    g = bp_game(dice=[(1, 2)], cards=["24-speeding"])
    give_jail_card(g, 0, DECK)
    set_cash(g, 0, 10)
    place(g, 0, CARD2 - 3)
    roll(g)
    start = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and len(g.decks[DECK]) == 34
    assert [(p.payer, p.payee, p.amount) for p in payments(g, since=start)] == [(0, -1, 10)]
    assert_consistent(g)


def test_doubles_give_another_move_from_step_one() -> None:
    """000:429 «Если выпал дубль (если не вводный круг), то игрок совершает ещё один ход (пункт 3.1)»."""
    g = bp_game(dice=[(2, 2), (1, 2)])
    give(g, 0, ELEVATOR, WATER)
    roll(g)
    expect(g, "pre_roll", 0)  # step 3.1 of the next move, in the same turn
    roll(g)
    assert g.position[0] == WATER
    expect(g, "post_roll", 0)
    assert len(events(g, E.TurnStarted)) == 1
    assert_consistent(g)
