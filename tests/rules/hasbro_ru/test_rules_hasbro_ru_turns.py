"""hasbro-ru rule scenarios: players and set-up, turn order, doubles, the GO salary.

Spec: seed 000 lines 1-289, RULES_MATRIX.md rows A-C (hasbro-ru column), RECs H-8 and H-10.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BALTIC,
    CC1,
    GO,
    ILLINOIS,
    JAIL,
    KENTUCKY,
    MEDITERRANEAN,
    NEW_YORK,
    ORIENTAL,
    STATES,
    VIRGINIA,
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    give,
    mark,
    new_game,
    payments,
    place,
    roll,
    set_cash,
)

from landlords import ConfigError
from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    END_TURN,
    PASS,
    ROLL,
    USE_JAIL_CARD,
    Bid,
    Build,
    ChooseTax,
    ClaimRent,
    LiftMortgage,
    Mortgage,
    SellBuilding,
    WantBuilding,
)


# ------------------------------------------------------------------ A. players and set-up
@pytest.mark.parametrize("n", range(2, 9))
def test_two_to_eight_players_may_play(n: int) -> None:
    """000:9 «могут принимать участие до 8 человек» (A2); two implied as the minimum (A1)."""
    g = new_game(n)
    assert g.n == n
    expect(g, "pre_roll", 0)
    assert_consistent(g)


@pytest.mark.parametrize("n", [1, 9])
def test_one_or_nine_players_are_rejected(n: int) -> None:
    """000:9: at most 8 players; a game needs at least 2 (A1, A2)."""
    with pytest.raises(ConfigError):
        new_game(n)


def test_each_player_starts_with_1500_at_go() -> None:
    """000:23 (starting cash lost in the seed) -> REC H-8: 1500; 000:166 every token starts on GO."""
    g = new_game(4)
    assert g.cash == [1500] * 4
    assert g.position == [GO] * 4
    assert g.bank_houses == 32 and g.bank_hotels == 12  # 000:81, REC H-23
    assert_consistent(g)


def test_illegal_actions_raise_and_change_nothing() -> None:
    """Design rule (RULES_MATRIX.md preamble, engine contract): an action the rules do not allow now
    raises IllegalAction naming the rule and leaves the game exactly as it was."""
    g = new_game(3)
    give(g, 1, MEDITERRANEAN)
    cases = [
        (1, ROLL, "not-your-turn"),
        (0, END_TURN, "wrong-decision"),
        (0, BUY, "wrong-decision"),
        (0, DECLINE, "wrong-decision"),
        (0, Bid(10), "wrong-decision"),
        (0, PASS, "wrong-decision"),
        (0, ACCEPT, "wrong-decision"),
        (0, ChooseTax(True), "wrong-decision"),
        (0, LiftMortgage(True), "wrong-decision"),
        (0, WantBuilding(True), "wrong-decision"),
        (0, DECLARE_BANKRUPTCY, "wrong-decision"),
        (0, USE_JAIL_CARD, "jail-card-only-in-jail"),
        (0, ClaimRent(MEDITERRANEAN), "rent-claim-window"),
        (0, Mortgage(MEDITERRANEAN), "mortgage-own-property"),
        (0, SellBuilding(MEDITERRANEAN), "sell-own-building"),
        (1, Build(MEDITERRANEAN), "build-needs-full-group"),
        (5, ROLL, "no-such-seat"),
    ]
    for seat, action, rule in cases:
        assert_illegal(g, seat, action, rule)
    expect(g, "pre_roll", 0)
    assert_consistent(g)


# ------------------------------------------------------------------ A8. turn order
def test_highest_roll_starts_then_seat_order() -> None:
    """000:170 «Начинает игру тот, у кого выпало наибольшее количество очков. Следующим будет игрок,
    сидящий слева от него»: seat 1 rolls 11 and starts; then seats 2 and 0 follow."""
    g = new_game(3, first=None, dice=[(1, 2), (6, 5), (2, 2), (4, 6), (4, 6), (4, 6)])
    order = events(g, E.TurnOrderRolled)
    assert len(order) == 1 and order[0].first == 1
    assert list(order[0].rolls) == [(0, 3), (1, 11), (2, 4)]
    expect(g, "pre_roll", 1)
    for seat in (1, 2, 0):
        expect(g, "pre_roll", seat)
        roll(g)
        assert g.position[seat] == JAIL  # just visiting
        end_turn(g)
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_tied_highest_rolls_are_rolled_again() -> None:
    """000:170 highest roll starts; a tie for the highest (the seed is silent, A9) is rolled again by
    the tied players only: seats 0 and 1 tie at 11, re-roll 5 against 12, seat 1 starts."""
    g = new_game(3, first=None, dice=[(6, 5), (5, 6), (1, 1), (2, 3), (6, 6), (4, 6)])
    (order,) = events(g, E.TurnOrderRolled)
    assert order.first == 1
    assert list(order.rolls) == [(0, 11), (1, 11), (2, 2), (0, 5), (1, 12)]
    expect(g, "pre_roll", 1)
    roll(g)  # the sixth scripted roll is the first move: exactly five went to the turn order
    assert g.position[1] == JAIL
    assert_consistent(g)


# ------------------------------------------------------------------ B. doubles
def test_double_gives_another_roll() -> None:
    """000:33-35 (list lost) -> REC H-10: a double gives another roll; a non-double ends the moving."""
    g = new_game(3, dice=[(5, 5), (1, 2)])
    give(g, 0, STATES)
    roll(g)
    assert g.position[0] == JAIL
    expect(g, "pre_roll", 0)  # the extra roll
    roll(g)
    assert g.position[0] == STATES
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, ROLL, "wrong-decision")
    end_turn(g)
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_third_double_goes_to_jail_without_moving() -> None:
    """000:223 «выпало одинаковое число очков на обоих кубиках три раза подряд за один ход» -> jail;
    REC H-10: the third roll does not move the token; 000:225 the turn ends."""
    g = new_game(3, dice=[(3, 3), (4, 4), (5, 5)])
    give(g, 0, ORIENTAL, VIRGINIA)
    start = mark(g)
    roll(g)
    roll(g)
    assert g.position[0] == VIRGINIA
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0] and g.jail_turns[0] == 0
    assert [(m.start, m.end) for m in events(g, E.Moved, start)] == [(0, 6), (6, 14)]
    assert [j.reason for j in events(g, E.Jailed, start)] == ["doubles"]
    assert g.cash[0] == 1500  # no salary although the jail lies "ahead"
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_doubles_are_counted_within_one_turn_only() -> None:
    """000:223 «три раза подряд за один ход»: two doubles in one turn and one in the next is no jail."""
    g = new_game(2, dice=[(3, 3), (4, 4), (2, 3), (4, 6), (1, 1)])
    give(g, 0, ORIENTAL, VIRGINIA, NEW_YORK, KENTUCKY)
    for _ in range(3):
        roll(g)  # 6, 14, 19
    assert g.position[0] == NEW_YORK
    end_turn(g)
    roll(g)  # seat 1: (4, 6) -> 10, just visiting
    end_turn(g)
    roll(g)  # seat 0: (1, 1), the first double of this turn
    assert g.position[0] == KENTUCKY and not g.in_jail[0]
    expect(g, "pre_roll", 0)
    assert events(g, E.Jailed) == []
    assert_consistent(g)


# ------------------------------------------------------------------ C. salary
def test_passing_go_pays_the_salary() -> None:
    """000:182,188 «останавливаетесь или проходите через поле «ВПЕРЕД» … Банк выплачивает вам 200»."""
    g = new_game(3, dice=[(2, 3)])
    place(g, 0, 36)
    give(g, 0, MEDITERRANEAN)
    start = mark(g)
    roll(g)
    assert g.position[0] == MEDITERRANEAN
    assert g.cash[0] == 1700
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "salary", start)] == [(-1, 0, 200)]
    assert events(g, E.Moved, start)[0].passed_go
    assert_consistent(g)


def test_landing_on_go_pays_the_salary_once() -> None:
    """000:188 «Всякий раз, когда вы останавливаетесь или проходите через поле «ВПЕРЕД»»: 200, once."""
    g = new_game(3, dice=[(1, 3)])
    place(g, 0, 36)
    roll(g)
    assert g.position[0] == GO
    assert g.cash[0] == 1700
    assert len(payments(g, "salary")) == 1
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_card_move_past_go_pays_the_salary() -> None:
    """000:212 «Если в процессе движения вы пройдете через поле «ВПЕРЕД», получите 200»: Chance on 36,
    «advance to Illinois» moves forward past GO to 24."""
    g = new_game(3, dice=[(1, 3)], decks={"chance": ["advance-to-illinois"]})
    place(g, 0, 32)
    give(g, 0, ILLINOIS)
    roll(g)
    assert g.position[0] == ILLINOIS
    assert g.cash[0] == 1700
    assert_consistent(g)


def test_salary_twice_in_one_turn_by_chest_after_go_and_advance_to_go() -> None:
    """000:188 «Можно получить эту сумму дважды за один и тот же ход, если … вы оказались на поле …
    Общественной казны, сразу после поля «Вперед» и вытащили карточку … «Переходите на поле «ВПЕРЕД»»»."""
    g = new_game(3, dice=[(1, 3)], decks={"community_chest": ["advance-to-go"]})
    place(g, 0, 38)
    start = mark(g)
    roll(g)
    assert g.position[0] == GO
    assert g.cash[0] == 1900
    assert [p.amount for p in payments(g, "salary", start)] == [200, 200]
    assert [d.card for d in events(g, E.DrewCard, start)] == ["advance-to-go"]
    assert_consistent(g)


def test_go_to_jail_card_from_36_pays_no_salary() -> None:
    """000:63 «Если по карточке «Шанс» игрок переходит в «Тюрьму», и ему при этом нужно пройти через
    старт, премия не выплачивается»; 000:212; 000:225 the turn ends when sent to jail."""
    g = new_game(3, dice=[(1, 3)], decks={"chance": ["go-to-jail"]})
    place(g, 0, 32)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert g.cash[0] == 1500
    assert payments(g, "salary") == []
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_go_to_jail_square_pays_no_salary() -> None:
    """000:212 «Если вас отправляют в Тюрьму, вы не проходите через поле «ВПЕРЕД»»; 000:221."""
    g = new_game(3, dice=[(1, 3)])
    place(g, 0, 26)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert g.cash[0] == 1500
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_buying_after_passing_go_uses_the_salary() -> None:
    """000:188 + 000:190: the salary is paid during the move, before the landing square is resolved."""
    g = new_game(3, dice=[(2, 3)])
    place(g, 0, 38)
    set_cash(g, 0, 0)
    roll(g)
    assert g.position[0] == BALTIC
    expect(g, "buy", 0, BALTIC)
    g.apply(0, BUY)
    assert g.owner[BALTIC] == 0 and g.cash[0] == 140
    assert_consistent(g)


def test_starting_on_go_pays_nothing_and_chest_square_two_is_reached_without_salary() -> None:
    """000:188: salary for reaching or passing GO moving forward; leaving GO pays nothing."""
    g = new_game(3, dice=[(1, 1)], decks={"community_chest": ["beauty-contest"]})
    start = mark(g)
    roll(g)
    assert g.position[0] == CC1
    assert payments(g, "salary", start) == []
    assert g.cash[0] == 1510  # only the card's 10
    assert_consistent(g)
