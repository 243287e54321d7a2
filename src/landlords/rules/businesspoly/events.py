"""The events of «Бизнесполия».

Described in every language by the catalogs i18n/<lang>/businesspoly.toml (key ``event.<kind>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine import events as E


@dataclass(frozen=True, slots=True)
class LapSettled(E.Event):
    """A lap completed: the salary ``amount`` paid, the lap tax ``cost`` for ``groups`` industries due."""

    KIND: ClassVar[str] = "lap_settled"
    seat: int
    amount: int
    cost: int
    groups: int


@dataclass(frozen=True, slots=True)
class LotForfeited(E.Event):
    """A mortgaged lot not redeemed at the end of the lap goes back to the bank."""

    KIND: ClassVar[str] = "lot_forfeited"
    seat: int
    square: int


@dataclass(frozen=True, slots=True)
class LotSold(E.Event):
    KIND: ClassVar[str] = "lot_sold"
    seat: int
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class SuitDecided(E.Event):
    """``seat`` sued ``owner`` for ``square``, paying ``amount``; the dice decided."""

    KIND: ClassVar[str] = "suit_decided"
    seat: int
    owner: int
    square: int
    amount: int
    plaintiff_die: int
    defendant_die: int
    won: bool
    lawyer: bool

    def message_key(self) -> str:
        return "event.suit_won" if self.won else "event.suit_lost"


@dataclass(frozen=True, slots=True)
class JailCell(E.Event):
    KIND: ClassVar[str] = "jail_cell"
    seat: int
    cell: int  # 1-based


@dataclass(frozen=True, slots=True)
class IntroReroll(E.Event):
    KIND: ClassVar[str] = "intro_reroll"
    seat: int
    square: int


@dataclass(frozen=True, slots=True)
class CasinoPlayed(E.Event):
    KIND: ClassVar[str] = "casino_played"
    seat: int
    dice: tuple[int, ...]
    amount: int
    won: bool

    def message_key(self) -> str:
        return "event.casino_won" if self.won else "event.casino_lost"


@dataclass(frozen=True, slots=True)
class InsurancePaid(E.Event):
    KIND: ClassVar[str] = "insurance_paid"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealProposed(E.Event):
    KIND: ClassVar[str] = "deal_proposed"
    seat: int
    parties: tuple[int, ...]
    offer: dict


@dataclass(frozen=True, slots=True)
class DealAnswered(E.Event):
    KIND: ClassVar[str] = "deal_answered"
    seat: int
    accepted: bool
    done: bool  # the last acceptance: the deal is carried out

    def message_key(self) -> str:
        return "event.deal_" + ("done" if self.done else "accepted" if self.accepted else "rejected")


EVENTS = (
    LapSettled,
    LotForfeited,
    LotSold,
    SuitDecided,
    JailCell,
    IntroReroll,
    CasinoPlayed,
    InsurancePaid,
    DealProposed,
    DealAnswered,
)
