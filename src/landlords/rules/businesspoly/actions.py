"""The actions of «Бизнесполия» beyond the classic game's (registered for records)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.actions import ACTION_TYPES, Action
from ...engine.fields import DECK, FLAG, POSITIVE, SEAT, SQUARE, deep_tuple, many, record


@dataclass(frozen=True, slots=True)
class Sue(Action):
    """At the court: sue the holder of ``square`` (a lot of a group you share) for it."""

    TYPE: ClassVar[str] = "sue"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    SPENDS: ClassVar[bool] = True
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
    FIELDS: ClassVar[tuple] = (("redeem", FLAG),)
    redeem: bool


@dataclass(frozen=True, slots=True)
class SellLot(Action):
    """Sell a lot to the bank for half its price (nothing for a mortgaged one)."""

    TYPE: ClassVar[str] = "sell_lot"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    square: int


@dataclass(frozen=True, slots=True)
class ProposeDeal(Action):
    """A deal between any number of players, one of them the player whose turn it is (B-19).

    ``properties``: ``(square, receiver)``, the square's owner gives it; ``cash``: ``(payer, payee,
    amount)``; ``cards``: ``(deck, giver, receiver)`` for kept cards (the lawyer card). Every party but
    the proposer must accept.
    """

    TYPE: ClassVar[str] = "propose_deal"
    FIELDS: ClassVar[tuple] = (
        ("properties", many(record(SQUARE, SEAT))),  # no square twice
        ("cash", many(record(SEAT, SEAT, POSITIVE), unique=False)),
        ("cards", many(record(DECK, SEAT, SEAT), unique=False)),
    )
    properties: tuple[tuple[int, int], ...] = ()
    cash: tuple[tuple[int, int, int], ...] = ()
    cards: tuple[tuple[str, int, int], ...] = ()

    def __post_init__(self) -> None:  # a record's JSON gives lists: make every level a tuple
        for name in ("properties", "cash", "cards"):
            object.__setattr__(self, name, deep_tuple(getattr(self, name)))


WAIVE = Waive()
# the two answers at the end of a lap, made once (an action of this interpreted module costs an
# interpreted __init__ call each time the compiled bot or game makes one)
REDEEM_LOT = SettleMortgage(True)
FORFEIT_LOT = SettleMortgage(False)
for _cls in (Sue, Waive, SettleMortgage, SellLot, ProposeDeal):
    ACTION_TYPES[_cls.TYPE] = _cls
