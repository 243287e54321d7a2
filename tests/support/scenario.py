"""Helpers for scripted rule scenarios: build a game, set up a position, act, check.

Every set-up helper keeps the engine's invariants true (money conserved through the bank's
balance, building stock consistent, jail cards neither lost nor duplicated), so a scenario can end
with :func:`assert_consistent`. Square numbers are those of the ``classic-us`` edition:

    0 GO, 1/3 brown, 2/17/33 Community Chest, 4 income tax, 5/15/25/35 railroads,
    6/8/9 light blue, 7/22/36 Chance, 10 jail, 11/13/14 pink, 12/28 utilities, 16/18/19 orange,
    20 free parking, 21/23/24 red, 26/27/29 yellow, 30 go to jail, 31/32/34 green,
    37/39 dark blue, 38 luxury tax.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import landlords
from landlords.engine import IllegalAction
from landlords.engine import events as E
from landlords.engine.actions import END_TURN, ROLL, Action
from landlords.engine.invariants import violations

HOTEL = 5

# classic-us squares
GO, MEDITERRANEAN, CC1, BALTIC, INCOME_TAX, READING = 0, 1, 2, 3, 4, 5
ORIENTAL, CHANCE1, VERMONT, CONNECTICUT, JAIL = 6, 7, 8, 9, 10
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENNSYLVANIA_RR = 11, 12, 13, 14, 15
ST_JAMES, CC2, TENNESSEE, NEW_YORK, FREE_PARKING = 16, 17, 18, 19, 20
KENTUCKY, CHANCE2, INDIANA, ILLINOIS, BO_RR = 21, 22, 23, 24, 25
ATLANTIC, VENTNOR, WATER_WORKS, MARVIN, GO_TO_JAIL = 26, 27, 28, 29, 30
PACIFIC, NORTH_CAROLINA, CC3, PENNSYLVANIA, SHORT_LINE = 31, 32, 33, 34, 35
CHANCE3, PARK_PLACE, LUXURY_TAX, BOARDWALK = 36, 37, 38, 39

BROWN = (1, 3)
LIGHT_BLUE = (6, 8, 9)
PINK = (11, 13, 14)
ORANGE = (16, 18, 19)
RED = (21, 23, 24)
YELLOW = (26, 27, 29)
GREEN = (31, 32, 34)
DARK_BLUE = (37, 39)
RAILROADS = (5, 15, 25, 35)
UTILITIES = (12, 28)


# ------------------------------------------------------------------ creating games
def new_game(
    players: int | Sequence[str] = 3,
    *,
    dice: Iterable[Sequence[int]] = (),
    decks: dict[str, Sequence[str]] | None = None,
    first: int | None = 0,
    auto_claim: bool | Sequence[bool] = True,
    seed: int = 0,
    **rules: Any,
) -> landlords.Game:
    """A classic-us game under hasbro-ru with scripted dice and deck tops; ``rules`` are house rules."""
    names = [chr(ord("A") + i) for i in range(players)] if isinstance(players, int) else list(players)
    return landlords.new_game(
        "classic-us",
        "hasbro-ru",
        players=names,
        seed=seed,
        dice=list(dice),
        deck_orders=decks or {},
        first_player=first,
        auto_claim=auto_claim,
        rules=rules or None,
    )


def pos(players: int = 3, **rules: Any) -> landlords.Position:
    """A position builder for classic-us under hasbro-ru (seats A, B, C...; seat A to roll; every
    seat claims rent automatically, as with :func:`new_game`); ``rules`` are house rules. The game it
    builds is checked against the rules, and ``.strict()`` makes any unscripted roll or card fail."""
    names = [chr(ord("A") + i) for i in range(players)]
    return landlords.Position.new("hasbro-ru", edition="classic-us", players=names, rules=rules).auto_claim()


# ------------------------------------------------------------------ set-up (invariant-preserving)
def give(g: landlords.Game, seat: int, *squares: int) -> None:
    """Hand ``squares`` to ``seat`` (or back to the bank with seat -1), unbuilt."""
    for sq in squares:
        assert g.t.is_property[sq], f"square {sq} is not a property"
        g.set_owner(sq, seat)


def set_cash(g: landlords.Game, seat: int, amount: int) -> None:
    """Set a seat's cash; the bank's balance absorbs the difference (money stays conserved)."""
    g.bank_balance -= amount - g.cash[seat]
    g.cash[seat] = amount


def build(g: landlords.Game, sq: int, level: int) -> None:
    """Put ``level`` buildings on ``sq`` (0-4 houses, 5 = a hotel), taking them from the bank's stock."""
    old = g.level[sq]
    if old == HOTEL:
        g.bank_hotels += 1
    else:
        g.bank_houses += old
    if level == HOTEL:
        g.bank_hotels -= 1
    else:
        g.bank_houses -= level
    g.level[sq] = level


def build_group(g: landlords.Game, squares: Iterable[int], level: int) -> None:
    for sq in squares:
        build(g, sq, level)


def mortgage(g: landlords.Game, *squares: int) -> None:
    for sq in squares:
        assert g.owner[sq] >= 0
        g.mortgaged[sq] = True


def place(g: landlords.Game, seat: int, square: int) -> None:
    g.position[seat] = square


def put_in_jail(g: landlords.Game, seat: int, turns: int = 0) -> None:
    g.position[seat] = g.t.jail
    g.in_jail[seat] = True
    g.jail_turns[seat] = turns


def jail_card_index(g: landlords.Game, deck: str) -> int:
    cards = g.edition.decks[deck].cards
    return next(i for i, c in enumerate(cards) if c.effect == "jail_free")


def give_jail_card(g: landlords.Game, seat: int, deck: str = "chance") -> None:
    """Take the deck's Get Out of Jail Free card out of its pile and hand it to ``seat``."""
    index = jail_card_index(g, deck)
    g.decks[deck].remove(index)
    g.jail_cards[seat].append(deck)


def card_id(g: landlords.Game, deck: str, index: int) -> str:
    return g.edition.decks[deck].cards[index].id


def pile_ids(g: landlords.Game, deck: str) -> list[str]:
    return [card_id(g, deck, i) for i in g.decks[deck]]


# ------------------------------------------------------------------ acting
def act(g: landlords.Game, seat: int, *actions: Action) -> None:
    for a in actions:
        g.apply(seat, a)


def roll(g: landlords.Game, seat: int | None = None) -> None:
    """The deciding seat (or ``seat``) rolls; the game must be waiting for a roll."""
    d = g.decision
    assert d.kind == "pre_roll", f"expected a roll, the game waits for {d.kind} of seat {d.seat}"
    g.apply(d.seat if seat is None else seat, ROLL)


def end_turn(g: landlords.Game) -> None:
    d = g.decision
    assert d.kind == "post_roll", f"expected the end of a turn, the game waits for {d.kind} of seat {d.seat}"
    g.apply(d.seat, END_TURN)


def expect(g: landlords.Game, kind: str, seat: int | None = None, square: int | None = None):
    d = g.decision
    assert d is not None, "the game is over"
    assert d.kind == kind, f"expected {kind}, the game waits for {d.kind} of seat {d.seat}"
    if seat is not None:
        assert d.seat == seat, f"expected seat {seat} to decide {kind}, got seat {d.seat}"
    if square is not None:
        assert d.square == square
    return d


# ------------------------------------------------------------------ checking
def assert_consistent(g: landlords.Game) -> None:
    """The game's invariants hold (money conserved, stock consistent, decks whole, ...)."""
    assert violations(g) == []


def assert_illegal(g: landlords.Game, seat: int, action: Action, rule: str | None = None) -> IllegalAction:
    """``action`` raises IllegalAction (naming ``rule``) and leaves the whole state untouched."""
    before = g.state_hash()
    n_events = len(g.events)
    n_actions = len(g.actions)
    with pytest.raises(IllegalAction) as info:
        g.apply(seat, action)
    if rule is not None:
        assert info.value.rule == rule, f"expected rule {rule!r}, got {info.value.rule!r}: {info.value}"
    assert g.state_hash() == before, "an illegal action changed the state"
    assert len(g.events) == n_events, "an illegal action emitted events"
    assert len(g.actions) == n_actions, "an illegal action was recorded"
    assert not g.is_legal(seat, action)
    return info.value


def events(g: landlords.Game, cls: type, since: int = 0) -> list:
    return [e for e in g.events[since:] if isinstance(e, cls)]


def payments(g: landlords.Game, reason: str | None = None, since: int = 0) -> list[E.Paid]:
    return [e for e in g.events[since:] if isinstance(e, E.Paid) and (reason is None or e.reason == reason)]


def mark(g: landlords.Game) -> int:
    """An index into ``g.events`` to look at what happens from now on."""
    return len(g.events)
