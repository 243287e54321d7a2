"""The actions of «Бизнесполия» beyond the classic game's (registered for records)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...engine.actions import ACTION_TYPES, Action


@dataclass(frozen=True, slots=True)
class Sue(Action):
    """At the court: sue the holder of ``square`` (a lot of a group you share) for it."""

    TYPE: ClassVar[str] = "sue"
    square: int


@dataclass(frozen=True, slots=True)
class Waive(Action):
    """Let an offer go: no lawsuit at the court, no office on the building-loan card."""

    TYPE: ClassVar[str] = "waive"


@dataclass(frozen=True, slots=True)
class SettleMortgage(Action):
    """At the end of a lap, for a mortgaged lot: ``redeem=True`` pays the mortgage back, ``False`` lets
    the bank take the lot."""

    TYPE: ClassVar[str] = "settle_mortgage"
    redeem: bool


@dataclass(frozen=True, slots=True)
class SellLot(Action):
    """Sell a lot to the bank for half its price (nothing for a mortgaged one)."""

    TYPE: ClassVar[str] = "sell_lot"
    square: int


def _tuples(value: Any) -> tuple:
    return tuple(tuple(v) if isinstance(v, list | tuple) else v for v in value)


@dataclass(frozen=True, slots=True)
class ProposeDeal(Action):
    """A deal between any number of players, one of them the player whose turn it is (B-19).

    ``properties``: ``(square, receiver)``, the square's owner gives it; ``cash``: ``(payer, payee,
    amount)``; ``cards``: ``(deck, giver, receiver)`` for kept cards (the lawyer card). Every party but
    the proposer must accept.
    """

    TYPE: ClassVar[str] = "propose_deal"
    properties: tuple[tuple[int, int], ...] = ()
    cash: tuple[tuple[int, int, int], ...] = ()
    cards: tuple[tuple[str, int, int], ...] = ()

    def __post_init__(self) -> None:  # a record's JSON gives lists: make every level a tuple
        for name in ("properties", "cash", "cards"):
            object.__setattr__(self, name, _tuples(getattr(self, name)))


WAIVE = Waive()
for _cls in (Sue, Waive, SettleMortgage, SellLot, ProposeDeal):
    ACTION_TYPES[_cls.TYPE] = _cls
