"""Scenario helpers for «Одесская Монополия» (the ``odessa`` ruleset on the ``odessa`` board).

Reuses :mod:`scenario` (``give``, ``set_cash``, ``build``, ``assert_illegal``, ...). Square numbers
are those of the ``odessa`` edition:

    0 Приморский бульвар (start), 1/3 Молдаванка, 2/17/33 Известия, 4 tax 200, 5/15/25/35 malinas,
    6/8/9 Привоз, 7/22/36 Одесский Листок, 10 the exchange, 11/13/14 Большой Фонтан, 12/28 factories,
    16/18/19 Аркадия, 20 пляж «Ланжерон», 21/23/24 Французский бульвар, 26/27/29 порт, 30 «Рабинович»,
    31/32/34 Пушкинская, 37/39 Дерибасовская, 38 tax 100.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import landlords
from support.scenario_variants import variant_game

START, CAFE_HLAM, IZVESTIA_2, MYASOEDOVSKAYA, CITY_TAX, MALINA_BENYA = 0, 1, 2, 3, 4, 5
RYBNY, LISTOK_7, MOLOCHNY, FRUKTOVY, EXCHANGE = 6, 7, 8, 9, 10
KOVALEVSKY, VINPROM, STANTSIYA, MAYAK, MALINA_GAMBRINUS = 11, 12, 13, 14, 15
ALLEYA, IZVESTIA_17, GAGARIN, ARKADIA_BEACH, LANZHERON = 16, 17, 18, 19, 20
KINOSTUDIYA, LISTOK_22, BOTSAD, MARAZLI, MALINA_CATACOMBS = 21, 22, 23, 24, 25
MORVOKZAL, TAMOZHNYA, SHUSTOV, STAIRS, RABINOVICH = 26, 27, 28, 29, 30
BRISTOL, PUSHKIN_MUSEUM, IZVESTIA_33, PHILHARMONIC, MALINA_SLOBODKA = 31, 32, 33, 34, 35
LISTOK_36, GORSAD, SEA_VIEW_TAX, PASSAZH = 36, 37, 38, 39

MOLDAVANKA = (1, 3)
PRIVOZ = (6, 8, 9)
BOLSHOY_FONTAN = (11, 13, 14)
ARKADIA = (16, 18, 19)
FRANTSUZSKY = (21, 23, 24)
PORT = (26, 27, 29)
PUSHKINSKAYA = (31, 32, 34)
DERIBASOVSKAYA = (37, 39)
MALINAS = (5, 15, 25, 35)
FACTORIES = (12, 28)

COOP = 5  # the building level of a cooperative (over three artels)


def odessa(
    players: int | Sequence[str] = 3,
    *,
    dice: Iterable[Sequence[int]] = (),
    decks: dict[str, Sequence[str]] | None = None,
    first: int | None = 0,
    auto_claim: bool | Sequence[bool] = True,
    seed: int = 0,
    **rules: Any,
) -> landlords.Game:
    """A game of the ``odessa`` ruleset with scripted dice (two dice to move, three at the exchange,
    one on its fourth turn; two then one for a malina challenge) and deck tops by card id."""
    return variant_game(
        "odessa", players, dice=dice, decks=decks, first=first, auto_claim=auto_claim, seed=seed, **rules
    )


def pledge(g: landlords.Game, *squares: int) -> None:
    """Mortgage ``squares`` for their owner as if it had just been done (the lap starts now)."""
    for sq in squares:
        owner = g.owner[sq]
        assert owner >= 0
        g.mortgaged[sq] = True
        if g.rules.mortgage_term != "none":
            g.lap_steps[owner][sq] = 0


def give_refusal_card(g: landlords.Game, seat: int, deck: str = "listok") -> None:
    """Take the deck's «отказаться от посещения Биржи» card out of its pile and hand it to ``seat``."""
    cards = g.edition.decks[deck].cards
    index = next(i for i, c in enumerate(cards) if c.effect == "jail_free")
    g.decks[deck].remove(index)
    g.jail_cards[seat].append(deck)


def to_exchange(g: landlords.Game, seat: int, tries: int = 0) -> None:
    """Put ``seat`` at the exchange, having tried ``tries`` times already."""
    g.position[seat] = g.t.jail
    g.in_jail[seat] = True
    g.jail_turns[seat] = tries
