"""Pieces the layers of the baseline family share (bots/strategy.py): plain loops over the game's
lists and one action object per value.

Both are for the compiled build. A loop compares the ints and flags natively, where ``in`` on a
list calls the generic comparison for every element. Actions are immutable values compared by
value, and the action classes are interpreted dataclasses, slow to build: a bot hands out one
instance per square (or amount) instead of making a new one at every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

from ..engine import actions as _actions
from ..engine.actions import Action, Bid
from ..rules import businesspoly as _bp

A = TypeVar("A", bound=Action)


def holds(values: list[int], seat: int) -> bool:
    """``seat in values`` for a list of seats."""
    for v in values:
        if v == seat:
            return True
    return False


def any_set(flags: list[bool]) -> bool:
    """``True in flags``."""
    for f in flags:
        if f:
            return True
    return False


class OneEach(Generic[A]):
    """The action ``make(value)``, made once per value: ``BIDS = OneEach(Bid)``, ``BIDS.of(amount)``
    (the acts on squares: the engine's :func:`~landlords.engine.listing.square_acts`)."""

    def __init__(self, make: Callable[[int], A]) -> None:
        self.make = make
        self.made: dict[int, A] = {}

    def of(self, value: int) -> A:
        action = self.made.get(value)
        if action is None:
            action = self.made[value] = self.make(value)
        return action


# the bids every layer hands out
BIDS: Final = OneEach(Bid)

# The engine's answers as Final names of this compiled module: imported straight from the interpreted
# actions modules, each use in compiled code would be a dictionary lookup; a Final of a compiled
# module is read natively from any module.
ACCEPT: Final = _actions.ACCEPT
REJECT: Final = _actions.REJECT
BUY: Final = _actions.BUY
DECLINE: Final = _actions.DECLINE
PASS: Final = _actions.PASS
ROLL: Final = _actions.ROLL
END_TURN: Final = _actions.END_TURN
USE_JAIL_CARD: Final = _actions.USE_JAIL_CARD
PAY_JAIL_FINE: Final = _actions.PAY_JAIL_FINE
DECLARE_BANKRUPTCY: Final = _actions.DECLARE_BANKRUPTCY
WAIVE: Final = _bp.WAIVE
REDEEM_LOT: Final = _bp.REDEEM_LOT
FORFEIT_LOT: Final = _bp.FORFEIT_LOT
