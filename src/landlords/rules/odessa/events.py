"""The events of «Одесская Монополия».

Described in every language by the catalogs i18n/<lang>/odessa.toml (keys event.<message_key>).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine import events as E
from .seed import EXCHANGE_TRIES, FIRST_GUILD


@dataclass(frozen=True, slots=True)
class MalinaChallenged(E.Event):
    """``seat`` challenged the smotryashchy ``owner`` of ``square``: he rolled ``dice``, the
    challenger ``die``; ``won`` or else ``amount`` (the double fee) is owed."""

    KIND: ClassVar[str] = "malina_challenged"
    seat: int
    owner: int
    square: int
    dice: tuple[int, ...]
    die: int
    won: bool
    amount: int

    def message_key(self) -> str:
        return "event.malina_challenged_" + ("won" if self.won else "lost")


@dataclass(frozen=True, slots=True)
class ExchangeTry(E.Event):
    """One turn at the exchange: ``attempt`` 1-3 with three dice, 4 the forced one-die exit; ``amount``
    won (first try) or lost; ``steps`` moved out of the exchange (0: the token stays)."""

    KIND: ClassVar[str] = "exchange_try"
    seat: int
    attempt: int
    dice: tuple[int, ...]
    double: bool
    amount: int
    steps: int

    def message_key(self) -> str:
        if self.attempt > EXCHANGE_TRIES:
            return "event.exchange_try_forced"
        if not self.double:
            return "event.exchange_try_missed"
        return "event.exchange_try_won" if self.attempt == 1 else "event.exchange_try_lost"


@dataclass(frozen=True, slots=True)
class GuildTitle(E.Event):
    KIND: ClassVar[str] = "guild_title"
    seat: int
    guild: int  # SECOND_GUILD or FIRST_GUILD

    def message_key(self) -> str:
        return "event.guild_title_" + ("first" if self.guild == FIRST_GUILD else "second")


@dataclass(frozen=True, slots=True)
class ExchangeRefused(E.Event):
    KIND: ClassVar[str] = "exchange_refused"
    seat: int
    deck: str
    reason: str  # what sent the token: square | card | doubles


@dataclass(frozen=True, slots=True)
class MortgageLapPaid(E.Event):
    KIND: ClassVar[str] = "mortgage_lap_paid"
    seat: int
    square: int
    amount: int
