"""More scenario helpers, for the rulesets other than hasbro-ru and for the speed die.

Reuses :mod:`scenario` (set-up helpers, ``assert_illegal``, ...). Every named ruleset here is played
on its own edition by default (``digital`` on ``moscow-digital``, ``polish`` on ``warsaw``,
``kids-london`` on ``london-kids``); all of them use the classic 40-square numbering, so the square
constants of :mod:`scenario` apply to every board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import landlords
from landlords.engine.actions import DECLINE, END_TURN, PASS, ROLL, ChooseTax, PayJailFine
from support.scenario import GREEN, LIGHT_BLUE, ORANGE, RED, YELLOW, build, give


def variant_game(
    ruleset: str,
    players: int | Sequence[str] = 3,
    *,
    dice: Iterable[Sequence[int]] = (),
    decks: dict[str, Sequence[str]] | None = None,
    first: int | None = 0,
    auto_claim: bool | Sequence[bool] = True,
    seed: int = 0,
    edition: str | None = None,
    **rules: Any,
) -> landlords.Game:
    """A game under the named ``ruleset`` on its own edition (or ``edition``), with scripted dice
    and deck tops; ``rules`` are house-rule overrides (e.g. ``speed_die=True``)."""
    names = [chr(ord("A") + i) for i in range(players)] if isinstance(players, int) else list(players)
    return landlords.new_game(
        edition,
        ruleset,
        players=names,
        seed=seed,
        dice=list(dice),
        deck_orders=decks or {},
        first_player=first,
        auto_claim=auto_claim,
        rules=rules or None,
    )


def has_passed_go(g: landlords.Game, *seats: int) -> None:
    """Mark seats as having passed GO once (the speed die joins their rolls from now on)."""
    for seat in seats:
        g.passed_go[seat] = True


def leave_houses_in_bank(g: landlords.Game, seat: int, left: int, groups: Sequence[Sequence[int]] = ()) -> None:
    """Give ``seat`` whole colour groups and build on them, evenly, until the bank holds ``left`` houses."""
    groups = list(groups) or [ORANGE, RED, YELLOW, GREEN, LIGHT_BLUE]
    need = g.bank_houses - left
    for group in groups:
        if need <= 0:
            break
        k = min(need, 4 * len(group))
        give(g, seat, *group)
        base, extra = divmod(k, len(group))
        for i, sq in enumerate(group):
            build(g, sq, base + (1 if i < extra else 0))
        need -= k
    assert g.bank_houses == left


def play_out_turn(g: landlords.Game) -> None:
    """Resolve whatever the current move opened with passive answers (decline, pass, the fixed tax)
    until the game waits for a roll or the end of a turn, then end that turn if asked."""
    for _ in range(50):
        d = g.decision
        if d.kind == "buy":
            g.apply(d.seat, DECLINE)
        elif d.kind == "auction":
            g.apply(d.seat, PASS)
        elif d.kind == "income_tax":
            g.apply(d.seat, ChooseTax(False))
        elif d.kind == "post_roll":
            g.apply(d.seat, END_TURN)
            return
        elif d.kind == "pre_roll":
            return
        else:  # pragma: no cover - a scenario that needs a real decision
            raise AssertionError(f"unexpected decision {d.kind} for seat {d.seat}")
    raise AssertionError("the turn did not end")  # pragma: no cover


def roll_from(g: landlords.Game, square: int) -> None:
    """The deciding seat (at its pre_roll) leaves jail by the fine if jailed, stands on ``square``
    and rolls the next scripted dice."""
    d = g.decision
    assert d.kind == "pre_roll", f"expected a roll, the game waits for {d.kind}"
    if g.in_jail[d.seat]:
        g.apply(d.seat, PayJailFine())
    g.position[d.seat] = square
    g.apply(d.seat, ROLL)
