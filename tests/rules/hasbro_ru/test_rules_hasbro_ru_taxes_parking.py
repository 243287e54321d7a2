"""hasbro-ru rule scenarios: taxes and free parking.

Spec: seed 000:67 (taxes), 000:71 (free parking); RULES_MATRIX.md rows H1-H3, I1 and section 2.1
items 2 and 13; RECs H-6, H-7.
"""

from __future__ import annotations

from support.scenario import (
    BALTIC,
    FREE_PARKING,
    INCOME_TAX,
    LUXURY_TAX,
    ORIENTAL,
    ST_CHARLES,
    STATES,
    assert_consistent,
    assert_illegal,
    end_turn,
    events,
    expect,
    give,
    new_game,
    payments,
    place,
    put_in_jail,
    roll,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import DECLINE, END_TURN, PASS, PAY_JAIL_FINE, ROLL, Bid, ChooseTax


def taxes(g, start: int = 0) -> list[tuple[int, int, int]]:
    return [(p.payer, p.payee, p.amount) for p in payments(g, "tax", start)]


# ------------------------------------------------------------------ taxes
def test_income_tax_is_100() -> None:
    """000:67 «Взымается также подоходный налог в размере 100 долл.» (H2): 100 whatever the board prints
    (classic-us prints 200)."""
    g = new_game(3, dice=[(1, 3)])
    roll(g)
    assert g.position[0] == INCOME_TAX
    assert taxes(g) == [(0, -1, 100)]
    assert g.cash[0] == 1400
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_luxury_tax_is_75() -> None:
    """000:67 «Игроки платят налог на роскошь в размере 75 долл.» (H1; classic-us prints 100)."""
    g = new_game(3, dice=[(1, 2)])
    place(g, 0, 35)
    roll(g)
    assert g.position[0] == LUXURY_TAX
    assert taxes(g) == [(0, -1, 75)]
    assert g.cash[0] == 1425
    assert_consistent(g)


def test_income_tax_choice_option_ten_percent_of_cash() -> None:
    """Option income_tax_choice="cash": 000:67 «(ранее 200 долл. или 10% от суммы на руках, по
    предварительной договоренности)» -> REC H-7: the player chooses; 10% of cash on hand (not worth)."""
    g = new_game(3, dice=[(1, 3)], income_tax_choice="cash")
    give(g, 0, ORIENTAL)  # property does not count: cash on hand only
    set_cash(g, 0, 1230)
    roll(g)
    expect(g, "income_tax", 0, INCOME_TAX)
    assert set(g.legal_actions(0)) >= {ChooseTax(True), ChooseTax(False)}
    assert_illegal(g, 0, END_TURN, "wrong-decision")
    assert_illegal(g, 1, ChooseTax(True), "not-your-turn")
    g.apply(0, ChooseTax(True))
    assert taxes(g) == [(0, -1, 123)]
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_income_tax_choice_option_fixed_200() -> None:
    """Option income_tax_choice="cash", 000:67: the fixed alternative is 200."""
    g = new_game(3, dice=[(1, 3)], income_tax_choice="cash")
    roll(g)
    g.apply(0, ChooseTax(False))
    assert taxes(g) == [(0, -1, 200)]
    assert g.cash[0] == 1300
    assert_consistent(g)


# ------------------------------------------------------------------ free parking (REC H-6)
def test_free_parking_skips_the_next_turn() -> None:
    """000:71 «Здесь игрок просто пропускает один ход … Ни штрафы, ни поощрения для этой позиции не
    применяются» -> REC H-6: the player's next turn is skipped; nothing is paid or received."""
    g = new_game(3, dice=[(2, 3), (4, 6), (4, 6), (1, 2), (1, 2)])
    give(g, 1, STATES)
    place(g, 0, 15)
    roll(g)
    assert g.position[0] == FREE_PARKING
    assert g.cash[0] == 1500
    end_turn(g)
    for seat in (1, 2):
        expect(g, "pre_roll", seat)
        roll(g)  # (4, 6) -> 10, just visiting
        end_turn(g)
    expect(g, "pre_roll", 1)  # seat 0's turn was skipped
    assert [(s.seat, s.reason) for s in events(g, E.TurnSkipped)] == [(0, "free_parking")]
    roll(g)  # seat 1: 10 -> 13, own
    end_turn(g)
    expect(g, "pre_roll", 2)
    roll(g)  # seat 2: 10 -> 13
    end_turn(g)
    expect(g, "pre_roll", 0)  # only one turn is skipped
    assert g.cash[0] == 1500
    assert_consistent(g)


def test_free_parking_player_keeps_rent_auctions_and_trades() -> None:
    """000:71 «Но при этом он не теряет права на участие в аукционе, взимание аренды, заключение сделок»:
    while waiting out the skipped turn seat 0 collects rent and wins an auction."""
    g = new_game(3, dice=[(2, 3), (1, 2), (6, 5)])
    give(g, 0, BALTIC)
    place(g, 0, 15)
    roll(g)
    end_turn(g)
    roll(g)  # seat 1: 0 -> 3 Baltic, owned by seat 0
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(1, 0, 4)]
    end_turn(g)
    roll(g)  # seat 2: 0 -> 11 St. Charles, unowned
    g.apply(2, DECLINE)
    expect(g, "auction", 0)  # seat 0 bids though parked
    g.apply(0, Bid(50))
    g.apply(1, PASS)
    g.apply(2, PASS)
    assert g.owner[ST_CHARLES] == 0
    end_turn(g)
    expect(g, "pre_roll", 1)  # then seat 0's turn is skipped
    assert_consistent(g)


def test_free_parking_reached_by_a_double_skips_the_extra_roll() -> None:
    """000:71 «пропускает один ход» -> REC H-6 (ruleset doc): the next move is skipped, here the double's
    extra roll; the following turn is played normally."""
    g = new_game(2, dice=[(4, 4), (4, 6), (1, 2)])
    give(g, 0, 23)
    place(g, 0, 12)
    roll(g)
    assert g.position[0] == FREE_PARKING
    expect(g, "post_roll", 0)
    assert_illegal(g, 0, ROLL, "wrong-decision")
    end_turn(g)
    roll(g)  # seat 1 -> 10
    end_turn(g)
    expect(g, "pre_roll", 0)  # not skipped again
    roll(g)
    assert g.position[0] == 23
    assert events(g, E.TurnSkipped) == []
    assert_consistent(g)


def test_free_parking_rest_option() -> None:
    """Option free_parking="rest" (000:181 «отдохнуть на бесплатной стоянке»): nothing happens; a double
    still gives its extra roll and the next turn is played."""
    g = new_game(2, dice=[(4, 4), (1, 2), (4, 6), (1, 2)], free_parking="rest")
    give(g, 0, 23, 26)
    place(g, 0, 12)
    roll(g)
    assert g.position[0] == FREE_PARKING
    expect(g, "pre_roll", 0)
    roll(g)
    assert g.position[0] == 23
    end_turn(g)
    roll(g)
    end_turn(g)
    expect(g, "pre_roll", 0)
    roll(g)
    assert g.position[0] == 26
    assert events(g, E.TurnSkipped) == []
    assert_consistent(g)


def test_free_parking_pot_house_rule() -> None:
    """House rule free_parking_pot (not in the seed; 000:71 says no rewards by default): taxes and fines
    go to a pot that whoever lands on free parking collects."""
    g = new_game(3, dice=[(1, 3), (4, 6)], free_parking_pot=True)
    put_in_jail(g, 2)
    place(g, 1, 10)
    roll(g)  # seat 0 pays income tax 100 into the pot
    assert g.pot == 100 and g.cash[0] == 1400
    end_turn(g)
    roll(g)  # seat 1: 10 -> 20
    assert g.position[1] == FREE_PARKING
    assert g.pot == 0 and g.cash[1] == 1600
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "pot")] == [(-2, 1, 100)]
    end_turn(g)
    g.apply(2, PAY_JAIL_FINE)
    assert g.pot == 50
    assert_consistent(g)


def test_without_the_pot_rule_taxes_go_to_the_bank_and_parking_pays_nothing() -> None:
    """000:71 «Ни штрафы, ни поощрения для этой позиции не применяются»."""
    g = new_game(3, dice=[(1, 3), (4, 6)])
    place(g, 1, 10)
    roll(g)
    end_turn(g)
    roll(g)
    assert g.position[1] == FREE_PARKING
    assert g.pot == 0 and g.cash[1] == 1500
    assert_consistent(g)
