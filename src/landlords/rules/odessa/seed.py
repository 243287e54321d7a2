"""The seed's numbers for «Одесская Монополия», its decision kinds, and the reading of its exchange
dice (003). The odds of its dice are :mod:`landlords.odds.duels`.
"""

from __future__ import annotations

from typing import Final

from ...engine.edition import HOTEL

# ---------------------------------------------------------------- the seed's numbers
MALINA_TITLES = ("Гастролёр", "Карманник", "Маравихер", "Вор в законе")  # by malinas held, 003:78-84
ARTELS_MAX = 3  # a cooperative needs three artels on every pai of the group (003:137, O-11)
COOP = HOTEL  # the cooperative's building level
EXCHANGE_TRIES = 3  # turns with three dice; the fourth is the forced exit (003:114-123)
EXCHANGE_WIN_PER_PIP = 100  # a double on the first try: won, x the third die (003:120)
EXCHANGE_LOSS_PER_PIP = (20, 30)  # a double on the second, third try: lost, x the third die (003:121-122)
EXCHANGE_FORCED_PER_PIP = 30  # the fourth turn: one die, paid x30 (003:123)
SECOND_GUILD, FIRST_GUILD = 1, 2  # merchant titles (003:125-127)
GUILD_NAMES = {SECOND_GUILD: "купец Второй Гильдии", FIRST_GUILD: "купец Первой Гильдии"}
GUILD_CAP = {SECOND_GUILD: 100, FIRST_GUILD: 50}  # the most an exchange loss costs them

# ---------------------------------------------------------------- decision kinds
MALINA_VISIT: Final = "malina_visit"  # at another's malina: challenge the smotryashchy, or pay when he claims
EXCHANGE_REFUSAL: Final = "exchange_refusal"  # sent to the exchange holding the refusal card: play it?
MORTGAGE_LAP: Final = "mortgage_lap"  # a mortgaged pai's lap is over: lift it, or pay 20% for another lap


def exchange_double(dice: tuple[int, ...], reading: str) -> tuple[int, int] | None:
    """(pair value, third die) of a three-dice exchange roll, or None without a double.

    ``any_two`` (REC O-2 R2): any two dice match and the odd one is the third (a triple: any);
    ``first_two`` (R1): the first two dice match and the last die is the third."""
    a, b, c = dice
    if a == b:
        return a, c
    if reading == "any_two":
        if a == c:
            return a, b
        if b == c:
            return b, a
    return None


def malina_title(held: int) -> str:
    """The smotryashchy's title by the number of malinas he holds (003:78-84)."""
    return MALINA_TITLES[min(held, len(MALINA_TITLES)) - 1] if held > 0 else ""
