"""Scenario helpers for «Бизнесполия» (seed 000:293-593): games on its two maps and their squares.

Reuses :mod:`scenario` (``give``, ``set_cash``, ``build``, ``mortgage``, ``place``, ``assert_illegal``,
``assert_consistent``, ...). Scenario games start with ``start_mode="normal"`` (no start auction, no
introductory lap) so that a test sets up exactly the position it needs; the start modes have their
own tests. The full map (``businesspoly``, 40 squares):

    0 Старт, 1/3/4 Колхоз, 2/17/22/33 Извещение, 5 ТЦ Южный, 6/8/9 Общепит, 7 Вода, 10 Тюрьма и суд,
    11/13/14 Лёгкая промышленность, 12 Электричество, 15 ТЦ Западный, 16/18/19 Строительство, 20 Парк,
    21/23/24 СМИ, 25 ТЦ Северный, 26/27/29 Автопром, 28 Газ, 30 Арестован, 31/32/34 Нефть,
    35 ТЦ Восточный, 36 Отопление, 37/38/39 Банк.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import landlords
from landlords.engine.actions import DECLINE, END_TURN, PASS

START, JAIL, PARK, ARREST = 0, 10, 20, 30
FERMA, PTITSA, ELEVATOR = 1, 3, 4
STOLOVAYA, CAFE, RESTAURANT = 6, 8, 9
SHVEYNAYA, OBUVNAYA, TEXTILE = 11, 13, 14
KIRPICH, CEMENT, DSK = 16, 18, 19
GAZETA, RADIO, TV = 21, 23, 24
AUTOSERVICE, AUTOSALON, AUTOZAVOD = 26, 27, 29
VYSHKA, PIPELINE, NPZ = 31, 32, 34
KOMBANK, INVESTBANK, CENTRALBANK = 37, 38, 39
TC_SOUTH, TC_WEST, TC_NORTH, TC_EAST = 5, 15, 25, 35
WATER, ELECTRICITY, GAS, HEATING = 7, 12, 28, 36
CARD1, CARD2, CARD3, CARD4 = 2, 17, 22, 33

KOLKHOZ = (FERMA, PTITSA, ELEVATOR)
OBSHCHEPIT = (STOLOVAYA, CAFE, RESTAURANT)
LEGPROM = (SHVEYNAYA, OBUVNAYA, TEXTILE)
STROY = (KIRPICH, CEMENT, DSK)
SMI = (GAZETA, RADIO, TV)
AVTO = (AUTOSERVICE, AUTOSALON, AUTOZAVOD)
NEFT = (VYSHKA, PIPELINE, NPZ)
BANK_GROUP = (KOMBANK, INVESTBANK, CENTRALBANK)
TCS = (TC_SOUTH, TC_WEST, TC_NORTH, TC_EAST)
UTILITIES = (WATER, ELECTRICITY, GAS, HEATING)

DECK = "izveshchenie"


def bp_game(
    players: int | Sequence[str] = 3,
    *,
    dice: Iterable[Sequence[int]] = (),
    cards: Sequence[str] = (),
    first: int | None = 0,
    seed: int = 0,
    short: bool = False,
    start_mode: str = "normal",
    **rules: Any,
) -> landlords.Game:
    """A businesspoly game (``short``: the shortened map) with scripted dice and the top «Извещение»
    cards (by id); ``rules`` are overrides."""
    names = [chr(ord("A") + i) for i in range(players)] if isinstance(players, int) else list(players)
    return landlords.new_game(
        None,
        "businesspoly-short" if short else "businesspoly",
        players=names,
        seed=seed,
        dice=list(dice),
        deck_orders={DECK: list(cards)} if cards else {},
        first_player=first,
        rules={"start_mode": start_mode, **rules},
    )


def settle(g: landlords.Game) -> None:
    """Answer passively (decline, pass, waive, end the turn) until the game waits for a roll."""
    from landlords.rules.businesspoly import WAIVE

    for _ in range(50):
        d = g.decision
        if d.kind == "buy":
            g.apply(d.seat, DECLINE)
        elif d.kind == "auction":
            g.apply(d.seat, PASS)
        elif d.kind in ("court", "building_loan"):
            g.apply(d.seat, WAIVE)
        elif d.kind == "post_roll":
            g.apply(d.seat, END_TURN)
        elif d.kind == "pre_roll":
            return
        else:  # pragma: no cover - a scenario that needs a real decision
            raise AssertionError(f"unexpected decision {d.kind} for seat {d.seat}")
    raise AssertionError("the turn did not end")  # pragma: no cover
