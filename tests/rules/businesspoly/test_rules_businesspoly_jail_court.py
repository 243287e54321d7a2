"""businesspoly: the three-cell jail and the courts.

Spec: seed 000:349, 000:359-369, 000:417, 000:425, 000:429, 000:449-453, 000:489-511; RULES_MATRIX.md rows
J1-J10 and Q1, Q4 (businesspoly column), section 2.2 items 8-9; RECs B-6, B-7, B-8, B-9.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from support.scenario import (
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    give,
    give_jail_card,
    mark,
    mortgage,
    payments,
    place,
    put_in_jail,
    roll,
    set_cash,
)
from support.scenario_businesspoly import (
    AUTOSALON,
    DECK,
    FERMA,
    JAIL,
    KIRPICH,
    KOMBANK,
    OBUVNAYA,
    PARK,
    PTITSA,
    RADIO,
    STOLOVAYA,
    TC_SOUTH,
    TC_WEST,
    bp_game,
    settle,
)

import landlords
from landlords.editions import parse_edition
from landlords.engine import events as E
from landlords.engine.actions import ACCEPT, PAY_JAIL_FINE, USE_JAIL_CARD, ProposeTrade
from landlords.rules.businesspoly import WAIVE, JailCell, Sue, SuitDecided


# ------------------------------------------------------------------ the three-cell jail (B-9)
def test_arrest_square_sends_to_the_first_jail_cell() -> None:
    """000:489 «При попадании на поле «арестован» … игрок отправляется напрямую в тюрьму»; 000:499
    «Сначала пешка становится на первую клетку»; the turn ends, even after a double, and being sent there
    is not a landing on the court."""
    g = bp_game(dice=[(1, 2)])
    place(g, 0, 27)
    roll(g)
    assert g.in_jail[0] and g.position[0] == JAIL and g.jail_turns[0] == 0
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_one_cell_a_turn_and_out_free_from_the_last() -> None:
    """000:499 «в следующий ход перемещается на вторую, в следующий – на третью»; 000:503 out when «пешка
    игрока находится на последней клетке»; 000:363 «Пропускает только два хода»."""
    g = bp_game(2, dice=[(1, 2), (1, 2), (1, 2), (1, 2), (2, 3)])
    give(g, 1, PTITSA, STOLOVAYA)
    put_in_jail(g, 0)
    start = mark(g)
    roll(g)  # seat 0: no double, cell 2
    assert g.in_jail[0] and g.position[0] == JAIL
    settle(g)
    roll(g)  # seat 1
    settle(g)
    roll(g)  # seat 0: cell 3
    settle(g)
    roll(g)  # seat 1
    settle(g)
    assert [e.cell for e in events(g, JailCell, start)] == [2, 3]
    assert not g.in_jail[0]  # the turn starting on the last cell leaves free
    assert [e.how for e in events(g, E.LeftJail, start)] == ["last_cell"]
    assert g.cash[0] == 2500
    roll(g)
    assert g.position[0] == TC_WEST
    assert_consistent(g)


def test_a_double_leaves_jail_and_moves_without_another_roll() -> None:
    """000:505 out «если игрок выбросит дубль на кубиках»; REC B-9: move by that roll, no extra roll."""
    g = bp_game(dice=[(3, 3)])
    give(g, 0, KIRPICH)
    put_in_jail(g, 0, turns=1)
    roll(g)
    assert not g.in_jail[0] and g.position[0] == KIRPICH
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_pay_200_to_leave_before_rolling() -> None:
    """000:367 «Изменена стоимость выхода из тюрьмы – 200»; 000:509 «если игрок выплатит 200 бин в банк»."""
    g = bp_game(dice=[(1, 2)])
    put_in_jail(g, 0)
    set_cash(g, 0, 199)
    assert_illegal(g, 0, PAY_JAIL_FINE, "cash")
    set_cash(g, 0, 500)
    g.apply(0, PAY_JAIL_FINE)
    assert not g.in_jail[0] and g.cash[0] == 300
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "jail_fine")] == [(0, -1, 200)]
    roll(g)
    assert g.position[0] == OBUVNAYA
    assert_consistent(g)


def test_the_lawyer_card_leaves_jail_and_goes_back_to_the_deck() -> None:
    """000:507 «если игрок воспользуется картой «извещение», в которой указано, что она позволяет
    бесплатный выход из тюрьмы» - card 14 (000:547); 000:369 it can be sold to another player."""
    g = bp_game()
    give_jail_card(g, 1, DECK)
    put_in_jail(g, 0)
    g.apply(0, ProposeTrade(1, give_cash=150, take_cards=(DECK,)))
    g.apply(1, ACCEPT)
    assert g.jail_cards[0] == [DECK] and g.cash[1] == 2650
    g.apply(0, USE_JAIL_CARD)
    assert not g.in_jail[0] and g.jail_cards[0] == [] and len(g.decks[DECK]) == 34
    assert_consistent(g)


def test_a_prisoner_trades_and_collects_rent() -> None:
    """000:511 «Нахождение в тюрьме не ограничивает игрока в совершении сделок с другими игроками и
    получении прибыли с посещения другими игроками его участка»."""
    g = bp_game(2, dice=[(1, 2), (1, 2)])
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    put_in_jail(g, 0)
    g.apply(0, ProposeTrade(1, give_cash=100, take_properties=(PTITSA,)))
    g.apply(1, ACCEPT)
    assert g.owner[PTITSA] == 0 and g.in_jail[0]
    roll(g)
    settle(g)
    place(g, 1, 38)
    roll(g)  # seat 1 passes Start onto Ферма: rent to the prisoner
    assert g.position[1] == FERMA and g.cash[0] == 2400 + 2
    assert_consistent(g)


def test_a_third_double_sends_to_jail_without_moving() -> None:
    """000:429 «При выпадении дублей 3 раза подряд, пешка попадает в тюрьму»; 000:495."""
    g = bp_game(dice=[(1, 1), (2, 2), (3, 3)])
    give(g, 0, RADIO, AUTOSALON)
    place(g, 0, 21)
    roll(g)
    roll(g)
    roll(g)
    assert g.in_jail[0] and g.position[0] == JAIL
    assert [j.reason for j in events(g, E.Jailed)] == ["doubles"]
    expect(g, "pre_roll", 1)
    assert_consistent(g)


# ------------------------------------------------------------------ courts (B-6, B-7, B-8)
def court_game(*dice, **rules) -> landlords.Game:
    """Seat 0 (Ферма) lands on the court; seat 1 holds Птицефабрика of the same industry."""
    g = bp_game(dice=[(1, 2), *dice], **rules)
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    place(g, 0, 7)
    roll(g)
    return g


def test_landing_on_the_court_allows_a_lawsuit_won_by_the_higher_die() -> None:
    """000:449-453: «Заплатите в банк сумму, в полуторную стоимость участка … Вы (истец) и второй игрок
    (ответчик) должны кинуть по 1 кубику 1 раз. Участок переходит в ваше владение только в том случае,
    если значение на вашем кубике выше»; REC B-6: the court is the jail corner's visiting part (000:349)."""
    g = court_game((4,), (3,))
    expect(g, "court", 0, JAIL)
    start = mark(g)
    g.apply(0, Sue(PTITSA))
    assert g.owner[PTITSA] == 0 and g.cash[0] == 2500 - 90
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "court_fee", start)] == [(0, -1, 90)]
    (s,) = events(g, SuitDecided, start)
    assert (s.seat, s.owner, s.square, s.plaintiff_die, s.defendant_die, s.won) == (0, 1, PTITSA, 4, 3, True)
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_a_tie_or_a_lower_die_loses_the_suit_and_the_fee() -> None:
    """000:453 «Если значения равны или на вашем кубике оно меньше, то этот суд проходит для вас
    неудачно»; 000:359 «(но не равно)»."""
    for dice in ((3,), (3,)), ((2,), (5,)):
        g = court_game(*dice)
        g.apply(0, Sue(PTITSA))
        assert g.owner[PTITSA] == 1 and g.cash[0] == 2410
        assert not events(g, SuitDecided)[0].won
        assert_consistent(g)


def test_the_fee_is_one_and_a_half_prices_and_a_mortgaged_lot_passes_mortgaged() -> None:
    """000:451 «в полуторную стоимость участка (вне зависимости от того, заложен он в банке или нет)»;
    REC B-8: the lot changes hands still mortgaged."""
    g = court_game((6,), (1,))
    mortgage(g, PTITSA)
    g.apply(0, Sue(PTITSA))
    assert g.cash[0] == 2410 and g.owner[PTITSA] == 0 and g.mortgaged[PTITSA]
    assert_consistent(g)


def test_no_lawsuit_in_step_one_of_the_next_turn() -> None:
    """000:417 «(Судиться, если он находится на клетке «суд», нельзя. Это надо было делать в прошлый
    ход)»."""
    g = court_game()
    g.apply(0, WAIVE)
    end_turn(g)
    settle(g)
    roll(g)
    settle(g)
    roll(g)
    settle(g)
    expect(g, "pre_roll", 0)
    assert g.position[0] == JAIL
    assert_illegal(g, 0, Sue(PTITSA), "wrong-decision")
    assert_consistent(g)


def test_one_may_sue_only_within_an_industry_one_shares() -> None:
    """000:449 «Если вы делите одну отрасль с другим игроком»; REC B-7: any industry (the shopping
    centres too), the colour-groups-only reading is an option."""
    g = court_game()
    give(g, 1, KOMBANK, TC_WEST)
    give(g, 0, TC_SOUTH)
    assert_illegal(g, 0, Sue(KOMBANK), "court-shared-group")
    assert_illegal(g, 0, Sue(FERMA), "court-shared-group")
    assert g.is_legal(0, Sue(TC_WEST))
    g = court_game(court_scope="streets")
    give(g, 1, TC_WEST)
    give(g, 0, TC_SOUTH)
    assert_illegal(g, 0, Sue(TC_WEST), "court-shared-group")
    assert g.is_legal(0, Sue(PTITSA))
    assert_consistent(g)


def test_the_fee_must_be_in_cash_and_the_suit_may_be_waived() -> None:
    """A lawsuit is the plaintiff's choice: the fee is paid in cash (nothing to raise a debt for)."""
    g = court_game()
    set_cash(g, 0, 89)
    assert_illegal(g, 0, Sue(PTITSA), "cash")
    assert Sue(PTITSA) not in list(g.legal_actions(0))
    g.apply(0, WAIVE)
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_a_pre_trial_deal_is_possible_at_the_court() -> None:
    """000:359 «Можно попробовать договориться с игроком в «досудебном» порядке»: step 3.5 allows deals."""
    g = court_game()
    g.apply(0, ProposeTrade(1, give_cash=120, take_properties=(PTITSA,)))
    g.apply(1, ACCEPT)
    assert g.owner[PTITSA] == 0
    expect(g, "court", 0)  # nothing left to sue for, but the decision stays until answered
    g.apply(0, WAIVE)
    assert_consistent(g)


def test_one_suit_per_landing() -> None:
    """REC B-8: one lawsuit per landing; ``suits_per_landing`` allows more."""
    g = bp_game(dice=[(1, 2), (1,), (2,)])
    give(g, 0, FERMA)
    give(g, 1, PTITSA, 4)
    place(g, 0, 7)
    roll(g)
    g.apply(0, Sue(PTITSA))
    expect(g, "post_roll", 0)
    g = bp_game(dice=[(1, 2), (1,), (2,)], suits_per_landing=2)
    give(g, 0, FERMA)
    give(g, 1, PTITSA, 4)
    place(g, 0, 7)
    roll(g)
    g.apply(0, Sue(PTITSA))
    expect(g, "court", 0)
    assert_consistent(g)


def test_no_court_decision_without_a_shared_industry() -> None:
    g = bp_game(dice=[(1, 2)])
    give(g, 0, FERMA)
    give(g, 1, KOMBANK)
    place(g, 0, 7)
    roll(g)
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_the_court_at_the_jail_corner_is_an_option_and_a_court_square_works() -> None:
    """REC B-6 keeps a court square possible in the board data (000:449 «Клетка «Суд»»)."""
    g = court_game(court_at_jail=False)
    expect(g, "post_roll", 0)
    data = tomllib.loads(resources.files("landlords.editions").joinpath("businesspoly.toml").read_text("utf-8"))
    data["edition"]["id"] = "businesspoly-court"
    data["squares"][PARK] = {"name": "Суд", "kind": "court"}
    ed = parse_edition(data, "businesspoly-court.toml")
    g = landlords.new_game(
        ed,
        "businesspoly",
        players=["A", "B"],
        dice=[(1, 2)],
        first_player=0,
        rules={"start_mode": "normal", "court_at_jail": False},
    )
    give(g, 0, FERMA)
    give(g, 1, PTITSA)
    place(g, 0, 17)
    roll(g)
    expect(g, "court", 0, PARK)
    assert_consistent(g)
