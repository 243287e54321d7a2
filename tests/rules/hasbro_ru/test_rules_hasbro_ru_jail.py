"""hasbro-ru rule scenarios: going to jail, getting out, and what a prisoner may still do.

Spec: seed 000:75-79, 000:218-235; RULES_MATRIX.md rows J1-J9 (hasbro-ru column); RECs H-10,
H-16, H-17.
"""

from __future__ import annotations

from support.scenario import (
    BALTIC,
    BROWN,
    JAIL,
    MEDITERRANEAN,
    ORIENTAL,
    READING,
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    give,
    give_jail_card,
    mark,
    new_game,
    payments,
    place,
    pos,
    put_in_jail,
    roll,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    END_TURN,
    PAY_JAIL_FINE,
    ROLL,
    USE_JAIL_CARD,
    Build,
    Mortgage,
    ProposeTrade,
)


# ------------------------------------------------------------------ going in
def test_go_to_jail_square_sends_to_jail_and_ends_the_turn_even_after_a_double() -> None:
    """000:221 «вы остановитесь на поле «Отправляйтесь в Тюрьму»»; 000:225 «Ваш ход оканчивается, когда
    вас отправляют в Тюрьму» - the double's extra roll is lost too."""
    g = new_game(3, dice=[(2, 2)])
    place(g, 0, 26)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0] and g.jail_turns[0] == 0
    assert [j.reason for j in events(g, E.Jailed)] == ["square"]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_landing_on_jail_is_just_visiting() -> None:
    """000:77 «Если игрок переходит на клетку Тюрьма после выброса кубиков, то он не лишается очередного
    хода и не обязан платить штраф»; 000:235 «Просто зашли ненадолго»."""
    g = new_game(2, dice=[(4, 6), (4, 6), (1, 2)])
    give(g, 0, 13)
    roll(g)
    assert g.position[0] == JAIL and not g.in_jail[0]
    assert g.cash[0] == 1500
    end_turn(g)
    roll(g)
    end_turn(g)
    roll(g)  # seat 0 moves on normally
    assert g.position[0] == 13
    assert_consistent(g)


# ------------------------------------------------------------------ getting out
def test_pay_fine_before_rolling_then_move_normally() -> None:
    """000:229 «заплатить штраф в размере 50 тыс. рублей и продолжить игру, когда до вас дойдет очередь»
    -> REC H-17: pay before rolling, then roll and move normally (a double then gives its extra roll)."""
    g = new_game(3, dice=[(3, 3), (1, 2)])
    give(g, 0, 16, 19)
    put_in_jail(g, 0)
    g.apply(0, PAY_JAIL_FINE)
    assert not g.in_jail[0] and g.cash[0] == 1450
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "jail_fine")] == [(0, -1, 50)]
    assert [e.how for e in events(g, E.LeftJail)] == ["fine"]
    expect(g, "pre_roll", 0)
    roll(g)
    assert g.position[0] == 16
    expect(g, "pre_roll", 0)  # an ordinary double: roll again
    roll(g)
    assert g.position[0] == 19
    assert_consistent(g)


def test_jail_fine_needs_50_in_cash_and_only_in_jail() -> None:
    """000:229: the fine is 50; only a prisoner pays it, and only in cash."""
    g = new_game(3)
    assert_illegal(g, 0, PAY_JAIL_FINE, "jail-fine-only-in-jail")
    put_in_jail(g, 0)
    set_cash(g, 0, 49)
    assert_illegal(g, 0, PAY_JAIL_FINE, "cash")
    assert_illegal(g, 1, PAY_JAIL_FINE, "not-your-turn")
    assert_consistent(g)


def test_leave_jail_with_a_card() -> None:
    """000:230 «использовать карточку «Бесплатно освободитесь из Тюрьмы», если она у вас уже есть»."""
    g = new_game(3, dice=[(2, 3)])
    give(g, 0, 15)
    put_in_jail(g, 0)
    assert_illegal(g, 0, USE_JAIL_CARD, "no-jail-card")
    give_jail_card(g, 0, "community_chest")
    g.apply(0, USE_JAIL_CARD)
    assert not g.in_jail[0] and g.cash[0] == 1500 and g.jail_cards[0] == []
    roll(g)
    assert g.position[0] == 15
    assert_consistent(g)


def test_buy_a_jail_card_from_another_player_and_use_it() -> None:
    """000:229 «или купить карточку «Бесплатно освободитесь из Тюрьмы» у другого игрока по взаимно
    согласованной цене и использовать ее для того, чтобы освободиться» (section 2.1 item 11)."""
    g = new_game(3, dice=[(2, 3)])
    give(g, 0, 15)
    put_in_jail(g, 0)
    give_jail_card(g, 2, "chance")
    g.apply(0, ProposeTrade(partner=2, give_cash=25, take_cards=("chance",)))
    g.apply(2, ACCEPT)
    g.apply(0, USE_JAIL_CARD)
    assert not g.in_jail[0] and g.cash[0] == 1475 and g.cash[2] == 1525
    assert_consistent(g)


def test_leave_jail_by_rolling_a_double_moves_by_that_roll_without_extra_roll() -> None:
    """000:231 «если … у вас выпадет одинаковое число очков, вы можете выйти из Тюрьмы и пройти такое
    число полей, которое выпадет на кубиках» -> REC H-10: no extra roll after leaving by a double."""
    g = new_game(3, dice=[(2, 2)])
    give(g, 0, 14)
    put_in_jail(g, 0)
    roll(g)
    assert not g.in_jail[0] and g.position[0] == 14
    assert g.cash[0] == 1500
    assert [e.how for e in events(g, E.LeftJail)] == ["doubles"]
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, ROLL, "wrong-decision")
    assert_consistent(g)


def test_failed_double_in_jail_stays_and_ends_the_move() -> None:
    """000:231 «оставайтесь здесь, пропуская три своих очередных хода»: a roll without a double does not
    move the prisoner."""
    g = new_game(3, dice=[(1, 2)])
    put_in_jail(g, 0)
    roll(g)
    assert g.in_jail[0] and g.position[0] == JAIL and g.jail_turns[0] == 1
    expect(g, "post_roll", 0)
    end_turn(g)
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_after_the_third_failed_roll_pay_50_and_move_by_that_roll() -> None:
    """000:233 «После того, как вы пропустили три хода, находясь в Тюрьме, вы должны выйти … и уплатить
    50 тыс. рублей, прежде чем вы сможете передвинуть вашу фишку на такое число полей, которое выпало на
    кубиках» -> REC H-16: right after the third failed roll."""
    g = pos(2).own("B", 13).own("A", 15).in_jail("A", turns=2).dice((2, 3)).strict().game()
    start = mark(g)
    roll(g)  # fail 3: (2, 3)
    assert not g.in_jail[0] and g.position[0] == 15
    assert g.cash[0] == 1450
    assert [e.how for e in events(g, E.LeftJail, start)] == ["forced_fine"]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_third_failed_roll_without_cash_raises_the_fine_then_moves() -> None:
    """000:233 the fine is due before moving; 000:259 a debtor raises cash by mortgaging first."""
    g = new_game(2, dice=[(2, 3)])
    give(g, 0, READING, 15)
    put_in_jail(g, 0, turns=2)
    set_cash(g, 0, 20)
    roll(g)
    d = expect(g, "debt", 0)
    assert d.data.amount == 50
    assert g.position[0] == JAIL
    g.apply(0, Mortgage(READING))
    assert not g.in_jail[0] and g.position[0] == 15
    assert g.cash[0] == 20 + 100 - 50
    expect(g, "post_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ life in jail
def test_jailed_player_collects_rent() -> None:
    """000:235 «Находясь в Тюрьме, вы можете получать арендную плату за вашу Недвижимость, если она не
    заложена» (J9)."""
    g = new_game(3, dice=[(1, 2)])
    put_in_jail(g, 1)
    give(g, 1, BALTIC)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 4)]
    assert_consistent(g)


def test_jailed_player_may_build_mortgage_and_trade() -> None:
    """000:235 + 000:249 «Здания можно продавать в любое время»; the seed limits nothing else for a
    prisoner (J9; as 002:49): seat 1, in jail, builds, mortgages and trades during seat 0's turn."""
    g = new_game(3)
    put_in_jail(g, 1)
    give(g, 1, *BROWN, READING, ORIENTAL)
    g.apply(1, Build(MEDITERRANEAN))
    assert g.level[MEDITERRANEAN] == 1 and g.cash[1] == 1450
    g.apply(1, Mortgage(READING))
    assert g.mortgaged[READING] and g.cash[1] == 1550
    g.apply(1, ProposeTrade(partner=2, give_properties=(ORIENTAL,), take_cash=120))
    g.apply(2, ACCEPT)
    assert g.owner[ORIENTAL] == 2
    assert g.cash[1] == 1670 and g.cash[2] == 1380
    expect(g, "pre_roll", 0)
    assert g.in_jail[1]
    assert_consistent(g)


def test_prisoner_cannot_end_turn_before_rolling_or_paying() -> None:
    """000:227-233: a prisoner's turn is a try for a double (or the fine / a card first)."""
    g = new_game(3)
    put_in_jail(g, 0)
    assert_illegal(g, 0, END_TURN, "wrong-decision")
    assert set(g.legal_actions(0)) >= {ROLL, PAY_JAIL_FINE}
    assert_consistent(g)
