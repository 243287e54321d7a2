"""The speed die (red die), an option of every classic-board ruleset (``speed_die=True``).

Spec: seed 000:145-147 (the red die: faces 1, 2, 3 add to the white dice; «Мистер Монополия и автобус стоят
0 очков» for rent); RULES_MATRIX.md product decision "Speed die (H-18, D-1)", H-18, D-1, Q11;
reference/cards-and-dice.md "The speed die". A roll of three scripted dice is (white, white, speed) with the
speed die's face 1..6 mapped 1, 2, 3 -> numbers, 4, 5 -> Mr. Monopoly, 6 -> Bus (engine/dice.py SPEED_FACES).
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BOARDWALK,
    DARK_BLUE,
    ELECTRIC,
    GO,
    JAIL,
    KENTUCKY,
    MEDITERRANEAN,
    NEW_YORK,
    PARK_PLACE,
    PENNSYLVANIA_RR,
    READING,
    ST_JAMES,
    STATES,
    TENNESSEE,
    VIRGINIA,
    assert_illegal,
    build_group,
    end_turn,
    events,
    expect,
    give,
    mark,
    mortgage,
    payments,
    place,
    put_in_jail,
    roll,
    set_cash,
)
from support.scenario_variants import has_passed_go, variant_game

from landlords.engine import events as E
from landlords.engine.actions import BUY, DECLARE_BANKRUPTCY, DECLINE, PASS, ROLL, ChooseMove, MoveTo, TimeOut
from landlords.engine.invariants import violations

RULESETS = ["hasbro-ru", "digital", "polish", "kids-london"]


def speed_game(ruleset: str = "hasbro-ru", players: int = 3, **kw):
    """A game with the speed die on; every seat has already passed GO (the die is in use)."""
    g = variant_game(ruleset, players, speed_die=True, **kw)
    has_passed_go(g, *range(g.n))
    return g


def everything_owned_by(g, seat: int) -> None:
    give(g, seat, *g.t.properties)


# ------------------------------------------------------------------ when it is rolled
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_speed_die_joins_once_the_player_has_passed_go(ruleset: str) -> None:
    """reference «rolled with the two white dice only once the player has passed GO for the first time»
    (000:145 «третий красный кубик, который бросают с белыми»): two dice before, three after."""
    g = variant_game(ruleset, 2, dice=[(2, 3), (4, 6), (1, 2, 2)], speed_die=True)
    place(g, 0, 35)
    roll(g)  # two dice: to GO, which counts as passing it
    assert g.position[0] == GO and g.passed_go[0]
    end_turn(g)
    roll(g)  # seat 1 has not passed GO: two dice
    end_turn(g)
    roll(g)  # seat 0: white 1 + 2, speed 2
    assert [len(r.dice) for r in events(g, E.Rolled)] == [2, 2, 3]
    assert g.position[0] == READING  # 0 + 1 + 2 + 2
    expect(g, "buy", 0, READING)
    assert violations(g) == []


def test_the_speed_die_is_not_rolled_to_get_out_of_jail() -> None:
    """reference «It is not rolled … when trying to roll out of jail»: a jailed player who has passed GO rolls
    two dice, leaves on the double and moves by it (no extra roll); the speed die is back on the next turn."""
    g = variant_game("hasbro-ru", 2, dice=[(3, 3), (4, 6), (1, 3, 1)], speed_die=True)
    has_passed_go(g, 0)
    put_in_jail(g, 0)
    roll(g)
    assert events(g, E.Rolled)[-1] == E.Rolled(0, (3, 3), "jail")
    assert g.position[0] == ST_JAMES and not g.in_jail[0]
    g.apply(0, DECLINE)
    for seat in (1, 0):
        g.apply(seat, PASS)
    end_turn(g)  # no extra roll after leaving jail by a double
    roll(g)  # seat 1
    end_turn(g)
    roll(g)  # seat 0: white 1 + 3, speed 1
    assert events(g, E.Rolled)[-1] == E.Rolled(0, (1, 3, 1), "move")
    assert g.position[0] == KENTUCKY
    assert violations(g) == []


def test_the_speed_die_is_not_rolled_for_turn_order() -> None:
    """reference «It is not rolled for turn order» (000:170: both white dice decide who starts)."""
    g = variant_game("hasbro-ru", 3, first=None, dice=[(6, 5), (1, 2), (1, 1)], speed_die=True)
    assert events(g, E.TurnOrderRolled)[0].rolls == ((0, 11), (1, 3), (2, 2))
    expect(g, "pre_roll", 0)
    assert violations(g) == []


def test_a_failed_jail_roll_uses_two_dice_even_after_passing_go() -> None:
    """reference: not rolled when trying to roll out of jail (a failed try stays in jail)."""
    g = speed_game(dice=[(2, 3)])
    put_in_jail(g, 0)
    roll(g)
    assert events(g, E.Rolled)[-1] == E.Rolled(0, (2, 3), "jail")
    assert g.in_jail[0] and g.position[0] == JAIL
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ number faces
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("face", [1, 2, 3])
def test_a_number_face_adds_to_the_move(ruleset: str, face: int) -> None:
    """000:145 «Три его грани содержат 1, 2, 3 очка, которые суммируются с количеством на белых костях»."""
    g = speed_game(ruleset, dice=[(1, 2, face)])
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == JAIL + 3 + face
    assert g.decision.kind in ("buy", "post_roll")
    assert violations(g) == []


# ------------------------------------------------------------------ Mr. Monopoly
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("face", [4, 5])
def test_mr_monopoly_advances_to_the_next_unowned_property(ruleset: str, face: int) -> None:
    """reference «Mr. Monopoly: move by the white dice and resolve that square; then advance to the next unowned
    property and buy or auction it» (both Mr. Monopoly faces, 4 and 5)."""
    g = speed_game(ruleset, dice=[(1, 3, face)])
    give(g, 0, VIRGINIA)
    place(g, 0, JAIL)
    roll(g)
    assert events(g, E.SpeedDieMoved) == [E.SpeedDieMoved(0, "mr_monopoly", PENNSYLVANIA_RR)]
    assert [m.end for m in events(g, E.Moved)] == [VIRGINIA, PENNSYLVANIA_RR]
    expect(g, "buy", 0, PENNSYLVANIA_RR)
    g.apply(0, BUY)
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_mr_monopoly_with_a_white_double_advances_then_rolls_again() -> None:
    """reference (Mr. Monopoly's advance) with «Doubles count the white dice only»: 2+2 with Mr. Monopoly moves
    4 to own Virginia, advances to Pennsylvania RR (bought), and then the double gives another roll."""
    g = speed_game(dice=[(2, 2, 5)])
    give(g, 0, VIRGINIA)
    place(g, 0, JAIL)
    roll(g)
    expect(g, "buy", 0, PENNSYLVANIA_RR)
    g.apply(0, BUY)
    expect(g, "pre_roll", 0)
    assert g.doubles == 1
    assert violations(g) == []


def test_mr_monopoly_first_resolves_the_square_the_white_dice_reach() -> None:
    """reference «move by the white dice and resolve that square; then advance»: the buy decision (declined,
    auctioned, unsold) on States comes first, then the advance to Virginia."""
    g = speed_game(dice=[(1, 2, 4)])
    place(g, 0, JAIL)
    roll(g)
    expect(g, "buy", 0, STATES)
    assert events(g, E.SpeedDieMoved) == []
    g.apply(0, DECLINE)
    for seat in (1, 2, 0):
        g.apply(seat, PASS)
    expect(g, "buy", 0, VIRGINIA)
    g.apply(0, DECLINE)
    for seat in (1, 2, 0):
        g.apply(seat, PASS)
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_mr_monopoly_with_everything_owned_goes_to_the_next_unmortgaged_opponent_property() -> None:
    """reference «if every property is owned, advance to the next property owned by an opponent that is not
    mortgaged and pay rent»: past own Pennsylvania RR and seat 1's mortgaged St. James to Tennessee (rent 14:
    the orange group has a mortgaged lot, so no doubling)."""
    g = speed_game(dice=[(1, 3, 4)])
    everything_owned_by(g, 1)
    give(g, 0, VIRGINIA, PENNSYLVANIA_RR)
    mortgage(g, ST_JAMES)
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == TENNESSEE
    assert [(p.payer, p.payee, p.amount, p.square) for p in payments(g, "rent")] == [(0, 1, 14, TENNESSEE)]
    expect(g, "post_roll", 0)
    assert violations(g) == []


@pytest.mark.parametrize("others", ["none", "all mortgaged"])
def test_mr_monopoly_stays_when_there_is_nowhere_to_go(others: str) -> None:
    """reference «if there is none, stay»: every property is the mover's own (or the opponents' are all
    mortgaged)."""
    g = speed_game(dice=[(1, 3, 5)])
    everything_owned_by(g, 0)
    if others == "all mortgaged":
        give(g, 1, KENTUCKY, BOARDWALK)
        mortgage(g, KENTUCKY, BOARDWALK)
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == VIRGINIA
    assert events(g, E.SpeedDieMoved) == [] and len(events(g, E.Moved)) == 1
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_mr_monopoly_passing_go_collects_the_salary() -> None:
    """reference (advance to the next unowned property) with 000:188 (salary for passing GO): from Park Place
    past own Boardwalk and GO to Mediterranean."""
    g = speed_game(dice=[(1, 2, 4)])
    give(g, 0, PARK_PLACE, BOARDWALK)
    place(g, 0, 34)
    roll(g)
    assert g.position[0] == MEDITERRANEAN
    assert [p.amount for p in payments(g, "salary")] == [200]
    expect(g, "buy", 0, MEDITERRANEAN)
    assert violations(g) == []


def test_mr_monopoly_does_not_advance_after_being_sent_to_jail() -> None:
    """000:225 (the turn ends when sent to jail) with the speed die: the white dice reach Go to Jail, and
    Mr. Monopoly does not advance."""
    g = speed_game(dice=[(1, 3, 4)])
    place(g, 0, 26)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert events(g, E.SpeedDieMoved) == []
    expect(g, "pre_roll", 1)
    assert violations(g) == []


@pytest.mark.parametrize("ruleset", ["hasbro-ru", "digital"])
def test_a_mr_monopoly_advance_ends_with_the_player_who_went_bankrupt(ruleset: str) -> None:
    """reference «Number face: add it to the white dice and move the total»: after seat 0 rolls Mr. Monopoly and
    goes bankrupt on the first square (hasbro-ru: cannot pay Boardwalk's hotel; digital 001:133: its time runs
    out on the buy decision), seat 1's 1+2 with a speed 1 moves it 4 squares to its own Virginia, and no
    further."""
    g = variant_game(ruleset, 3, dice=[(1, 3, 4), (1, 2, 1)], speed_die=True)
    has_passed_go(g, 0, 1, 2)
    give(g, 1, VIRGINIA)
    if ruleset == "hasbro-ru":
        give(g, 2, *DARK_BLUE)
        build_group(g, DARK_BLUE, 5)
        set_cash(g, 0, 10)
        place(g, 0, 35)
        roll(g)
        expect(g, "debt", 0)
        g.apply(0, DECLARE_BANKRUPTCY)
    else:
        place(g, 0, READING)
        roll(g)
        expect(g, "buy", 0, 9)
        g.apply(0, TimeOut())
    assert g.bankrupt[0]
    place(g, 1, JAIL)
    roll(g)
    assert g.position[1] == VIRGINIA
    assert events(g, E.SpeedDieMoved) == []
    expect(g, "post_roll", 1)
    assert violations(g) == []


# ------------------------------------------------------------------ the Bus
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("steps", [1, 3, 4])
def test_the_bus_moves_by_either_white_die_or_their_sum(ruleset: str, steps: int) -> None:
    """reference «Bus: move by either white die alone or by their sum, as the player chooses»: any other number
    of steps is refused, and nothing else is possible until the choice is made."""
    g = speed_game(ruleset, dice=[(1, 3, 6)])
    place(g, 0, JAIL)
    roll(g)
    d = expect(g, "bus", 0)
    assert d.data == (1, 3)
    assert list(g.legal_actions(0))[:3] == [ChooseMove(1), ChooseMove(3), ChooseMove(4)]
    for wrong in (0, 2, 5, 7):
        assert_illegal(g, 0, ChooseMove(wrong), "bus-move")
    assert_illegal(g, 0, ROLL, "wrong-decision")
    assert_illegal(g, 1, ChooseMove(steps), "not-your-turn")
    g.apply(0, ChooseMove(steps))
    assert g.position[0] == JAIL + steps
    assert events(g, E.SpeedDieMoved) == [E.SpeedDieMoved(0, "bus", JAIL + steps)]
    assert violations(g) == []


def test_doubles_are_judged_on_the_white_dice_only() -> None:
    """H-18 «doubles judged on the white dice only» (reference «Doubles count the white dice only»): 3+3 with
    the Bus is a double (the player rolls again); 3+4 with a speed 3 is not."""
    g = speed_game(dice=[(3, 3, 6), (3, 4, 3)])
    give(g, 0, ST_JAMES, KENTUCKY)
    place(g, 0, JAIL)
    roll(g)
    expect(g, "bus", 0)
    g.apply(0, ChooseMove(6))
    assert g.position[0] == ST_JAMES and g.doubles == 1
    expect(g, "pre_roll", 0)  # the double's extra roll
    roll(g)
    assert g.position[0] == 26  # 16 + 3 + 4 + 3
    g.apply(0, DECLINE)
    for seat in (1, 2, 0):
        g.apply(seat, PASS)
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ triples
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_triples_move_anywhere_and_end_the_turn(ruleset: str, n: int) -> None:
    """reference «Triples (1-1-1, 2-2-2, 3-3-3): move to any square of your choice, and the turn then ends without
    a further roll» — although the white dice were a double."""
    g = speed_game(ruleset, dice=[(n, n, n)])
    place(g, 0, JAIL)
    roll(g)
    expect(g, "triples", 0)
    assert len(list(g.legal_actions(0))) >= 40
    assert_illegal(g, 0, MoveTo(40), "field-square")
    assert_illegal(g, 0, MoveTo(-1), "field-square")
    assert_illegal(g, 0, ChooseMove(2 * n), "wrong-decision")
    g.apply(0, MoveTo(BOARDWALK))
    assert g.position[0] == BOARDWALK
    expect(g, "buy", 0, BOARDWALK)
    g.apply(0, BUY)
    expect(g, "post_roll", 0)
    end_turn(g)
    expect(g, "pre_roll", 1)
    assert violations(g) == []


def test_two_doubles_then_triples_do_not_go_to_jail() -> None:
    """reference «two doubles followed by triples does not send you to jail» (the third roll is triples)."""
    g = speed_game(dice=[(2, 2, 1), (3, 3, 2), (2, 2, 2)])
    give(g, 0, PENNSYLVANIA_RR, 23)
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == PENNSYLVANIA_RR
    roll(g)
    assert g.position[0] == 23
    roll(g)
    expect(g, "triples", 0)
    assert not g.in_jail[0]
    g.apply(0, MoveTo(JAIL))  # just visiting, by choice
    assert g.position[0] == JAIL and not g.in_jail[0]
    assert not events(g, E.Jailed)
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_three_doubles_without_triples_still_go_to_jail() -> None:
    """000:223 (three doubles in a row) with the speed die: doubles are the white dice; the third goes to jail."""
    g = speed_game(dice=[(2, 2, 1), (3, 3, 2), (1, 1, 6)])
    give(g, 0, PENNSYLVANIA_RR, 23)
    place(g, 0, JAIL)
    roll(g)
    roll(g)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    expect(g, "pre_roll", 1)
    assert violations(g) == []


@pytest.mark.parametrize("dice, kind", [((4, 4, 4), "buy"), ((4, 4, 5), "buy"), ((5, 5, 6), "bus")])
def test_a_white_double_with_mr_monopoly_or_the_bus_is_not_triples(dice: tuple[int, int, int], kind: str) -> None:
    """reference «Triples (1-1-1, 2-2-2, 3-3-3)» only, «Doubles count the white dice only»: 4-4 with Mr.
    Monopoly is a double that moves 8 to own Tennessee then advances to New York (buy); 5-5 with the Bus is a
    double with the Bus choice."""
    g = speed_game(dice=[dice])
    give(g, 0, TENNESSEE)
    place(g, 0, JAIL)
    roll(g)
    d = expect(g, kind, 0)
    if kind == "buy":
        assert d.square == NEW_YORK
    else:
        assert d.data == (5, 5)
    assert g.doubles == 1
    assert violations(g) == []


# ------------------------------------------------------------------ utility rent
@pytest.mark.parametrize(
    "start, dice, choose, rent",
    [
        (6, (1, 3, 2), None, 4 * 6),  # number face: white 4 + speed 2
        (7, (2, 3, 4), None, 4 * 5),  # Mr. Monopoly counts 0
        (9, (1, 3, 6), 3, 4 * 4),  # the Bus counts 0 (whichever move is chosen)
    ],
)
def test_utility_rent_counts_number_faces_and_zero_for_mr_monopoly_and_the_bus(
    start: int, dice: tuple[int, int, int], choose: int | None, rent: int
) -> None:
    """000:147 «При расчете арендной платы считают, что Мистер Монополия и автобус стоят 0 очков. Остальные
    значения прибавляются к полученным на белых кубиках»."""
    g = speed_game(dice=[dice])
    give(g, 1, ELECTRIC)
    place(g, 0, start)
    roll(g)
    if choose is not None:
        g.apply(0, ChooseMove(choose))
    assert next((p.square, p.amount) for p in payments(g, "rent")) == (ELECTRIC, rent)
    assert violations(g) == []


def test_the_speed_die_is_off_by_default() -> None:
    """Product decision (H-18, D-1): the speed die is an option, off by default — two dice even after GO."""
    for ruleset in RULESETS:
        g = variant_game(ruleset, dice=[(1, 2)])
        has_passed_go(g, 0)
        m = mark(g)
        roll(g)
        assert len(events(g, E.Rolled, m)[0].dice) == 2
        assert not g.rules.speed_die
        assert violations(g) == []
