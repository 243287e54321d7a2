"""odessa: malinas and the challenge, the exchange instead of jail, guilds and the refusal card.

Spec: seed 003:70-86 (malinas), 003:104-129 (the exchange, guilds), 003:92 (the card); RULES_MATRIX.md
column `odessa` rows F, J, B4; section 2.5 items 2-7; RECs O-2, O-3, O-4, O-5, O-14, O-15, O-16, O-17.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    give,
    mark,
    payments,
    pile_ids,
    place,
    roll,
    set_cash,
)
from support.scenario_odessa import (
    ARKADIA_BEACH,
    EXCHANGE,
    FRANTSUZSKY,
    IZVESTIA_33,
    MALINA_BENYA,
    MALINA_CATACOMBS,
    MALINA_GAMBRINUS,
    MALINA_SLOBODKA,
    MALINAS,
    MAYAK,
    MYASOEDOVSKAYA,
    PORT,
    RABINOVICH,
    VINPROM,
    give_refusal_card,
    odessa,
    to_exchange,
)

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLINE,
    PAY_JAIL_FINE,
    ROLL,
    USE_JAIL_CARD,
    ClaimRent,
    Mortgage,
    ProposeTrade,
)
from landlords.rules.odessa import (
    FIRST_GUILD,
    SECOND_GUILD,
    ChallengeMalina,
    ExchangeRefused,
    ExchangeTry,
    GuildTitle,
    MalinaChallenged,
    RefuseExchange,
    exchange_double,
)

PAY, CHALLENGE = ChallengeMalina(False), ChallengeMalina(True)


# ------------------------------------------------------------------ malinas
def test_a_malina_without_smotryashchy_is_bought_at_the_malyava_price() -> None:
    """003:72 «вы можете внести взнос, и стать смотрящим этой малины… уплатите в Казну сумму… указанную на
    маляве»; O-14: refused, it is auctioned like a pai."""
    g = odessa(dice=[(2, 3), (1, 4)])
    roll(g)
    expect(g, "buy", 0, MALINA_BENYA)
    g.apply(0, BUY)
    assert g.owner[MALINA_BENYA] == 0 and g.cash[0] == 1300
    end_turn(g)
    place(g, 1, 10)
    roll(g)  # seat 1: 10 + 5 = 15
    expect(g, "buy", 1, MALINA_GAMBRINUS)
    g.apply(1, DECLINE)
    expect(g, "auction")
    assert_consistent(g)


@pytest.mark.parametrize("held, fee", [(1, 100), (2, 250), (3, 500), (4, 1000)])
def test_the_fee_goes_by_the_number_of_malinas_held(held: int, fee: int) -> None:
    """003:78-84: Гастролёр 100, Карманник 250, Маравихер 500, Вор в законе 1000."""
    g = odessa(dice=[(2, 3)])
    give(g, 1, *MALINAS[:held])
    roll(g)
    expect(g, "malina_visit", 0, MALINA_BENYA)
    assert set(g.legal_actions(0)) >= {PAY, CHALLENGE}
    g.apply(0, PAY)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, fee)]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_the_fee_must_be_claimed_before_the_next_roll() -> None:
    """003:76 «он может потребовать с вас плату за посещение малины» (O-16: like barysh, 003:68,163)."""
    g = odessa(dice=[(2, 3), (1, 2)], auto_claim=False)
    give(g, 2, MALINA_BENYA)
    roll(g)
    g.apply(0, PAY)
    assert payments(g, "rent") == [] and [e.amount for e in events(g, E.RentOwed)] == [100]
    end_turn(g)
    roll(g)  # seat 1 rolls: the claim is gone
    assert [e.amount for e in events(g, E.RentForfeited)] == [100]
    assert_illegal(g, 2, ClaimRent(MALINA_BENYA), "rent-claim-window")
    assert g.cash[0] == 1500
    assert_consistent(g)


def test_a_claimed_fee_is_paid() -> None:
    """003:76: claimed in time, the fee is paid."""
    g = odessa(dice=[(2, 3)], auto_claim=False)
    give(g, 2, MALINA_BENYA)
    roll(g)
    g.apply(0, PAY)
    g.apply(2, ClaimRent(MALINA_BENYA))
    assert (g.cash[0], g.cash[2]) == (1400, 1600)
    assert_consistent(g)


def test_a_lost_challenge_costs_a_double_fee_even_on_a_tie() -> None:
    """003:86 «одессит-смотрящий кидает две игровые кости, затем вы кидаете одну… Если сумма выпавших очков у
    смотрящего больше, либо равна вашей, то смотрящий взимает с вас двойную плату»: 3 + 2 against 5."""
    g = odessa(dice=[(2, 3), (3, 2), (5,)], auto_claim=False)
    give(g, 1, MALINA_BENYA, MALINA_GAMBRINUS)
    roll(g)
    g.apply(0, CHALLENGE)
    (ev,) = events(g, MalinaChallenged)
    assert (ev.seat, ev.owner, ev.dice, ev.die, ev.won, ev.amount) == (0, 1, (3, 2), 5, False, 500)
    # charged at once: the smotryashchy is there, rolling (O-15)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "malina_challenge")] == [(0, 1, 500)]
    assert g.owner[MALINA_BENYA] == 1 and g.claims == []
    assert_consistent(g)


def test_a_won_challenge_makes_the_challenger_the_new_authority() -> None:
    """003:86 «Если вы выкинули больше – то вы новый авторитет на малине!» (O-15: for nothing, no fee this
    visit, nothing to the Treasury; the titles and fees are recomputed)."""
    g = odessa(dice=[(2, 3), (1, 2), (4,)])
    give(g, 1, MALINA_BENYA, MALINA_GAMBRINUS)
    assert g.malina_fee(MALINA_GAMBRINUS) == 250
    roll(g)
    at = mark(g)
    g.apply(0, CHALLENGE)
    assert events(g, MalinaChallenged, at)[0].won
    assert g.owner[MALINA_BENYA] == 0
    assert payments(g, since=at) == [] and g.cash[:2] == [1500, 1500]
    assert g.malina_fee(MALINA_GAMBRINUS) == 100 and g.malina_fee(MALINA_BENYA) == 100
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_only_the_visitor_decides_and_the_smotryashchy_cannot_refuse() -> None:
    """O-15: the challenge is offered to the visitor on landing; the smotryashchy has no say."""
    g = odessa(dice=[(2, 3), (6, 6), (1,)])
    give(g, 1, MALINA_BENYA)
    assert_illegal(g, 0, CHALLENGE, "wrong-decision")
    roll(g)
    assert_illegal(g, 1, CHALLENGE, "not-your-turn")
    assert_illegal(g, 1, PAY, "not-your-turn")
    g.apply(0, CHALLENGE)
    assert g.owner[MALINA_BENYA] == 1
    assert_consistent(g)


def test_no_visit_decision_at_ones_own_malina() -> None:
    """003:76 «Если смотрящим на малине является уже другой одессит»: at one's own, nothing happens."""
    g = odessa(dice=[(2, 3)])
    give(g, 0, MALINA_BENYA)
    roll(g)
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_malinas_cannot_be_mortgaged() -> None:
    """O-16: «not mortgageable (mortgage text speaks only of pai)», 003:145-149; option railroads_mortgageable."""
    g = odessa(dice=[(2, 3)])
    give(g, 0, MALINA_GAMBRINUS, MAYAK)
    give(g, 1, MALINA_BENYA, MALINA_CATACOMBS, MALINA_SLOBODKA)
    set_cash(g, 0, 100)
    roll(g)
    g.apply(0, PAY)  # 500: a debt
    expect(g, "debt", 0)
    assert_illegal(g, 0, Mortgage(MALINA_GAMBRINUS), "railroad-not-mortgageable")
    assert g.liquidation_value(0) == 80  # the pai's mortgage only
    g.apply(0, Mortgage(MAYAK))
    expect(g, "debt", 0)
    assert_consistent(g)
    h = odessa(railroads_mortgageable=True)
    give(h, 0, MALINA_GAMBRINUS)
    assert h.liquidation_value(0) == 100


def test_malinas_are_traded_like_pai() -> None:
    """O-16: «tradeable like pai»."""
    g = odessa()
    give(g, 1, MALINA_BENYA)
    g.apply(0, ProposeTrade(1, give_cash=300, take_properties=(MALINA_BENYA,)))
    g.apply(1, ACCEPT)
    assert g.owner[MALINA_BENYA] == 0
    assert_consistent(g)


def test_the_fee_is_collected_while_the_smotryashchy_is_at_the_exchange() -> None:
    """003:129 «Находясь на Одесской Товарной Бирже, вы можете получать барыши за ваши паи и малины»."""
    g = odessa(dice=[(2, 3)])
    give(g, 1, MALINA_BENYA)
    to_exchange(g, 1)
    roll(g)
    g.apply(0, PAY)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 100)]
    assert_consistent(g)


# ------------------------------------------------------------------ going to the exchange
def test_rabinovich_sends_to_the_exchange_without_salary_and_ends_the_turn() -> None:
    """003:108 «ваша фишка попала на Рабиновича»; O-17: no salary; O-3: the sending turn ends (a double's
    extra roll too)."""
    g = odessa(dice=[(2, 2)])
    place(g, 0, 26)
    give(g, 0, *PORT)
    roll(g)
    assert g.position[0] == EXCHANGE and g.in_jail[0] and g.jail_turns[0] == 0
    assert payments(g) == [] and events(g, E.Jailed)[-1].reason == "square"
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_two_doubles_in_a_row_make_a_merchant_of_the_second_guild() -> None:
    """003:125 «Одессит выкинувший дубль два раза подряд получает звание купца Второй Гильдии» (O-4: within
    one turn, on movement rolls; titles are for life)."""
    g = odessa(dice=[(1, 1), (2, 2), (1, 2)])
    give(g, 0, *FRANTSUZSKY, MALINA_CATACOMBS, 29, 32)
    place(g, 0, 23)
    roll(g)
    assert g.guild[0] == 0
    roll(g)
    assert g.guild[0] == SECOND_GUILD and [(e.seat, e.guild) for e in events(g, GuildTitle)] == [(0, SECOND_GUILD)]
    roll(g)
    assert g.position[0] == 32 and not g.in_jail[0]
    end_turn(g)
    assert g.guild[0] == SECOND_GUILD
    assert_consistent(g)


def test_three_doubles_make_the_first_guild_and_send_to_the_exchange_without_the_move() -> None:
    """003:52 «Если же у вас выпал дубль три раза подряд, вы сразу же отправляетесь на Одесскую Товарную
    Биржу»; 003:127 «…получает звание купца Первой Гильдии, и сразу отправляется на биржу»."""
    g = odessa(dice=[(1, 1), (2, 2), (3, 3)])
    give(g, 0, MALINA_CATACOMBS, 29)
    place(g, 0, 23)
    roll(g)
    roll(g)
    roll(g)
    assert g.guild[0] == FIRST_GUILD
    assert [e.guild for e in events(g, GuildTitle)] == [SECOND_GUILD, FIRST_GUILD]
    assert g.in_jail[0] and g.position[0] == EXCHANGE and len(events(g, E.Moved)) == 2
    assert events(g, E.Jailed)[-1].reason == "doubles"
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_exchange_rolls_earn_no_guild() -> None:
    """O-4: «Exchange rolls do not count»."""
    g = odessa(dice=[(2, 2, 5)])
    give(g, 0, ARKADIA_BEACH)
    to_exchange(g, 0)
    g.doubles = 1
    roll(g)
    assert g.guild[0] == 0 and events(g, GuildTitle) == []
    assert_consistent(g)


def test_landing_on_the_exchange_does_nothing() -> None:
    """003:129 «Если ваша фишка остановилась на «Одесской Товарной Бирже» в ходе игры, то никаких действий это не
    влечет»."""
    g = odessa(dice=[(2, 4)])
    place(g, 0, 4)
    roll(g)
    assert g.position[0] == EXCHANGE and not g.in_jail[0] and g.cash[0] == 1500
    expect(g, "post_roll", 0)


# ------------------------------------------------------------------ playing the exchange
def test_the_exchange_has_no_fine_only_the_game() -> None:
    """003:114-123 and matrix J4 «No voluntary fine»: at the exchange the only way out is to roll."""
    g = odessa()
    to_exchange(g, 0)
    give_refusal_card(g, 0)
    assert list(g._decision_actions(g.decision)) == [ROLL]
    assert_illegal(g, 0, PAY_JAIL_FINE, "no-exchange-fine")
    assert_illegal(g, 0, USE_JAIL_CARD, "refusal-card-when-sent")


def test_a_double_on_the_first_try_wins_100_times_the_third_die_and_moves_by_all_three() -> None:
    """003:118-120 «Одессит кидает три игральные кости. Если дубль … выпал с первого раза, то одессит
    выигрывает … очкам на третьей игральной кости умноженную на 100, и выходит с Биржи на количество полей,
    которое выпало на трех игральных костях»; O-2 (R2): any two of the three, the odd one is the third."""
    g = odessa(dice=[(2, 5, 2)])
    give(g, 0, ARKADIA_BEACH)
    to_exchange(g, 0)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "exchange")] == [(-1, 0, 500)]
    assert not g.in_jail[0] and g.position[0] == ARKADIA_BEACH  # 10 + 9
    (t,) = events(g, ExchangeTry)
    assert (t.attempt, t.dice, t.double, t.amount, t.steps) == (1, (2, 5, 2), True, 500, 9)
    expect(g, "post_roll", 0)  # O-3: no extra roll after leaving
    assert_consistent(g)


def test_a_double_on_the_second_try_loses_20_times_the_third_die_and_moves_by_the_double() -> None:
    """003:121 «…со второго раза, то одессит проигрывает … умноженную на 20, и выходит с Биржи на количество
    полей, которое выпало в дубле»."""
    g = odessa(dice=[(3, 4, 3)])
    give(g, 0, 16)
    to_exchange(g, 0, tries=1)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "exchange")] == [(0, -1, 80)]
    assert g.position[0] == 16 and not g.in_jail[0]
    assert_consistent(g)


def test_a_double_on_the_third_try_loses_30_times_the_third_die() -> None:
    """003:122 «…с третьего раза, то одессит проигрывает … умноженную на 30, и выходит … в дубле»."""
    g = odessa(dice=[(6, 1, 1)])
    give(g, 0, VINPROM)
    to_exchange(g, 0, tries=2)
    roll(g)
    assert [p.amount for p in payments(g, "exchange")] == [180]
    assert g.position[0] == VINPROM
    assert_consistent(g)


def test_without_a_double_the_token_stays_and_the_fourth_turn_pays_30_times_one_die() -> None:
    """003:123 «Если дубль выкинуть не удалось … На своем четвертом ходу … кидает одну игральную кость,
    выплачивает в Казну сумму равную выпавшим очкам и умноженную на 30, и выходит с Биржи на выпавшее количество
    полей»; 003:114 «максимум в течении четырех ходов»."""
    g = odessa(2, dice=[(1, 2, 3), (1, 2), (1, 3, 5), (1, 2), (2, 4, 6), (1, 2), (4,)])
    give(g, 0, MAYAK)
    give(g, 1, 3, 6, 9)
    to_exchange(g, 0)
    for attempt in (1, 2, 3):
        roll(g)
        assert g.in_jail[0] and g.jail_turns[0] == attempt and g.position[0] == EXCHANGE
        end_turn(g)
        roll(g)
        end_turn(g)
        place(g, 1, 1)
    roll(g)
    assert not g.in_jail[0] and g.position[0] == MAYAK
    assert [p.amount for p in payments(g, "exchange")] == [120]
    tries = [(t.attempt, t.double) for t in events(g, ExchangeTry)]
    assert tries == [(1, False), (2, False), (3, False), (4, False)]
    assert_consistent(g)


def test_the_first_two_dice_reading_of_the_double() -> None:
    """O-2 R1 (option exchange_double='first_two'): only the first two dice make the double."""
    assert exchange_double((2, 5, 2), "any_two") == (2, 5)
    assert exchange_double((5, 2, 2), "any_two") == (2, 5)
    assert exchange_double((4, 4, 4), "any_two") == (4, 4)
    assert exchange_double((2, 5, 2), "first_two") is None
    assert exchange_double((5, 5, 2), "first_two") == (5, 2)
    g = odessa(dice=[(2, 5, 2)], exchange_double="first_two")
    to_exchange(g, 0)
    roll(g)
    assert g.in_jail[0] and g.jail_turns[0] == 1
    assert_consistent(g)


def test_a_triple_is_a_double() -> None:
    """O-2 R2: «(triple: any)» - a triple wins with its third die."""
    g = odessa(dice=[(2, 2, 2)])
    give(g, 0, 16)
    to_exchange(g, 0)
    roll(g)
    assert [p.amount for p in payments(g, "exchange")] == [200]
    assert g.position[0] == 16
    assert_consistent(g)


@pytest.mark.parametrize(
    "guild, dice, tries, paid",
    [
        (SECOND_GUILD, (6, 1, 1), 2, 100),  # 180 -> at most 100 (003:125)
        (FIRST_GUILD, (6, 1, 1), 2, 50),  # 180 -> at most 50 (003:127)
        (FIRST_GUILD, (3, 1, 1), 1, 50),  # 60 -> 50
        (SECOND_GUILD, (2, 1, 1), 1, 40),  # under the cap
        (FIRST_GUILD, (4,), 3, 50),  # the fourth turn counts as an exchange loss (O-3)
    ],
)
def test_guild_merchants_lose_at_most_their_cap(guild: int, dice: tuple, tries: int, paid: int) -> None:
    """003:125 «платит за проигрыш на Одесской Товарной Бирже не более 100 рублей»; 003:127 «не более 50»."""
    g = odessa(dice=[dice])
    for sq in (12, 14, 13, 11):
        give(g, 0, sq)
    to_exchange(g, 0, tries=tries)
    g.guild[0] = guild
    roll(g)
    assert [p.amount for p in payments(g, "exchange")] == [paid]
    assert_consistent(g)


def test_the_cap_on_the_fourth_turn_is_an_option() -> None:
    """O-3 REC «The 4th-turn payment counts as an Exchange loss for guild caps»; option off: it does not."""
    g = odessa(dice=[(4,)], exchange_guild_cap_forced_exit=False)
    give(g, 0, MAYAK)
    to_exchange(g, 0, tries=3)
    g.guild[0] = FIRST_GUILD
    roll(g)
    assert [p.amount for p in payments(g, "exchange")] == [120]


def test_an_exchange_loss_beyond_the_cash_is_a_debt_and_the_move_waits_for_it() -> None:
    """O-3: «payments use normal debt rules»."""
    g = odessa(dice=[(6, 1, 1)])
    give(g, 0, MYASOEDOVSKAYA, 1)
    set_cash(g, 0, 100)
    to_exchange(g, 0, tries=2)
    roll(g)
    expect(g, "debt", 0)
    assert g.in_jail[0] and g.position[0] == EXCHANGE
    g.apply(0, Mortgage(MYASOEDOVSKAYA))  # +30: 130, still short of 180
    g.apply(0, Mortgage(1))  # +30: 160
    expect(g, "debt", 0)
    assert g.decision.describe()["amount"] == 180
    assert_consistent(g)


def test_an_exchange_loss_paid_after_raising_cash_then_moves() -> None:
    """O-3: once the debt is paid, the token leaves by the double."""
    g = odessa(dice=[(3, 4, 3)])
    give(g, 0, 16, *MALINAS[:1])
    give(g, 0, 37, 39)
    set_cash(g, 0, 50)
    to_exchange(g, 0, tries=1)
    roll(g)  # loses 80
    expect(g, "debt", 0)
    g.apply(0, Mortgage(37))
    assert g.position[0] == 16 and not g.in_jail[0] and g.cash[0] == 50 + 175 - 80
    assert_consistent(g)


def test_barysh_is_collected_while_at_the_exchange() -> None:
    """003:129: barysh for pai, too."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, MYASOEDOVSKAYA)
    to_exchange(g, 1, tries=2)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 4)]


# ------------------------------------------------------------------ the refusal card
def test_the_refusal_card_cancels_one_trip_to_the_exchange() -> None:
    """003:92 «единоразово отказаться от посещения Биржи»; O-5: used when sent, the token stays where it is (on
    «Рабинович»), the turn ends, the card goes to the bottom of its deck."""
    g = odessa(dice=[(2, 2)])
    give(g, 0, *PORT)
    give_refusal_card(g, 0)
    place(g, 0, 26)
    roll(g)
    d = expect(g, "exchange_refusal", 0)
    assert d.data == "square" and set(g.legal_actions(0)) >= {RefuseExchange(True), RefuseExchange(False)}
    g.apply(0, RefuseExchange(True))
    assert g.position[0] == RABINOVICH and not g.in_jail[0] and g.jail_cards[0] == []
    assert pile_ids(g, "listok")[-1] == "refuse-exchange"
    assert [(e.seat, e.reason) for e in events(g, ExchangeRefused)] == [(0, "square")]
    expect(g, "pre_roll", 1)  # the turn ends, the double's extra roll with it
    assert_consistent(g)


def test_the_card_may_be_kept_for_later() -> None:
    """003:92 «вы можете оставить ее себе до тех пор, пока она вам не понадобится»."""
    g = odessa(dice=[(2, 3)])
    give_refusal_card(g, 0, "izvestia")
    place(g, 0, 25)
    roll(g)
    g.apply(0, RefuseExchange(False))
    assert g.in_jail[0] and g.position[0] == EXCHANGE and g.jail_cards[0] == ["izvestia"]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_refusing_after_three_doubles_leaves_the_token_where_it_stood() -> None:
    """O-5: «…or where it stood before the third double»; the title is earned all the same (003:127)."""
    g = odessa(dice=[(1, 1), (2, 2), (3, 3)])
    give(g, 0, MALINA_CATACOMBS, 29)
    give_refusal_card(g, 0)
    place(g, 0, 23)
    roll(g)
    roll(g)
    roll(g)
    expect(g, "exchange_refusal", 0)
    g.apply(0, RefuseExchange(True))
    assert g.position[0] == 29 and not g.in_jail[0] and g.guild[0] == FIRST_GUILD
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_refusing_the_card_that_sends_to_the_exchange() -> None:
    """003:110 with 003:92: the token stays on the card's square."""
    g = odessa(dice=[(1, 2)], decks={"izvestia": ["to-exchange"]})
    give_refusal_card(g, 0)
    place(g, 0, 30)
    roll(g)
    g.apply(0, RefuseExchange(True))
    assert g.position[0] == IZVESTIA_33 and not g.in_jail[0]
    assert_consistent(g)


def test_the_card_is_sold_between_players() -> None:
    """003:92 «или же вы можете продать ее другому одесситу по взаимно согласованной цене»."""
    g = odessa()
    give_refusal_card(g, 1)
    g.apply(0, ProposeTrade(1, give_cash=60, take_cards=("listok",)))
    g.apply(1, ACCEPT)
    assert g.jail_cards == [["listok"], [], []] and g.cash[:2] == [1440, 1560]
    assert_consistent(g)


def test_the_other_reading_uses_the_card_to_leave_the_exchange() -> None:
    """O-5 alternative (jail_card_use='to_leave'): sent without a question, the card leaves the exchange."""
    g = odessa(2, dice=[(2, 3), (1, 2), (1, 2)], jail_card_use="to_leave")
    give(g, 1, MYASOEDOVSKAYA)
    give(g, 0, 13)
    give_refusal_card(g, 0)
    place(g, 0, 25)
    roll(g)
    assert g.in_jail[0]
    expect(g, "pre_roll", 1)
    roll(g)
    end_turn(g)
    assert USE_JAIL_CARD in set(g.legal_actions(0))
    g.apply(0, USE_JAIL_CARD)
    assert not g.in_jail[0] and g.jail_cards[0] == []
    roll(g)
    assert g.position[0] == 13
    assert_consistent(g)
