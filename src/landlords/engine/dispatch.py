"""The action table: which methods of a game class check and do each action type.

Each action type names its check method (returns the Problem or None, changes nothing) and its do
method. A variant (a Game subclass) may override any of them, and add actions of its own by
extending ``handler_names`` in its class body; ``Game.__init_subclass__`` binds the table per
class (:func:`bind_handlers`). The commonest acts' methods are also called directly by name, by
their code here (``DO_*``): natively in the compiled build, where a call through the table is a
generic call.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Final, final

from .actions import (
    Accept,
    Action,
    Bid,
    Build,
    Buy,
    ChooseMove,
    ChooseTax,
    ClaimRent,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    LiftMortgage,
    Mortgage,
    MoveTo,
    Pass,
    PayJailFine,
    ProposeTrade,
    Reject,
    Roll,
    SellBuilding,
    TimeOut,
    Unmortgage,
    UseJailCard,
    WantBuilding,
)
from .errors import Problem
from .fields import AMOUNT, SEAT, SQUARE, field_test

# a field's test in a handler: (the field's name, its FIELD_* code or 0, its engine/fields.py test, its kind)
FieldTest = tuple[str, int, Callable[[Any, Any], bool], Any]


@final
class Handler:
    """How a game class checks and does one action type (see :func:`bind_handlers`)."""

    def __init__(
        self,
        check: Callable[[Any, int, Any], Problem | None],
        do: Callable[[Any, int, Any], None],
        tests: tuple[FieldTest, ...],
        spends: bool,
        code: int,
    ) -> None:
        self.check = check  # the class's check method: the Problem, or None (changes nothing)
        self.do = do  # the class's do method
        self.tests = tests  # the tests of the action's fields, in order
        self.spends = spends  # the act spends money (refused to a seat in debt)
        self.code = code  # DIRECT's code when the class keeps the classic methods, else 0


HANDLER_NAMES: dict[type[Action], tuple[str, str]] = {
    Roll: ("_problem_roll", "_do_roll"),
    EndTurn: ("_problem_end_turn", "_do_end_turn"),
    PayJailFine: ("_problem_pay_fine", "_do_pay_fine"),
    UseJailCard: ("_problem_use_card", "_do_use_card"),
    Buy: ("_problem_buy", "_do_buy"),
    Decline: ("_problem_decline", "_do_decline"),
    Bid: ("_problem_bid", "_do_bid"),
    Pass: ("_problem_pass", "_do_pass"),
    ClaimRent: ("_problem_claim", "_do_claim"),
    ChooseTax: ("_problem_tax", "_do_tax"),
    LiftMortgage: ("_problem_lift", "_do_lift"),
    WantBuilding: ("_problem_want", "_do_want"),
    ChooseMove: ("_problem_choose_move", "_do_choose_move"),
    MoveTo: ("_problem_move_to", "_do_move_to"),
    TimeOut: ("_problem_time_out", "_do_time_out"),
    Build: ("_problem_build", "_do_build"),
    SellBuilding: ("_problem_sell", "_do_sell"),
    Mortgage: ("_problem_mortgage", "_do_mortgage"),
    Unmortgage: ("_problem_unmortgage", "_do_unmortgage"),
    DeclareBankruptcy: ("_problem_bankrupt", "_do_bankrupt"),
    ProposeTrade: ("_problem_trade", "_do_trade"),
    Accept: ("_problem_answer", "_do_answer"),
    Reject: ("_problem_answer", "_do_answer"),
}


# The action types whose check and do the engine calls directly by name (engine/acting.py), by
# code; a class that binds one of them to other methods has it called by its table.
DO_ROLL: Final = 1
DO_BUILD: Final = 2
DO_BUY: Final = 3
DO_BID: Final = 4
DO_PASS: Final = 5
DO_DECLINE: Final = 6
DO_MORTGAGE: Final = 7
DO_SELL: Final = 8
DO_UNMORTGAGE: Final = 9
DIRECT: dict[type[Action], int] = {
    Roll: DO_ROLL,
    Build: DO_BUILD,
    Buy: DO_BUY,
    Bid: DO_BID,
    Pass: DO_PASS,
    Decline: DO_DECLINE,
    Mortgage: DO_MORTGAGE,
    SellBuilding: DO_SELL,
    Unmortgage: DO_UNMORTGAGE,
}
# field kinds Game._problem tests itself (the others by their engine/fields.py test)
FIELD_SEAT: Final = 1
FIELD_SQUARE: Final = 2
FIELD_AMOUNT: Final = 3
FIELD_TESTS: dict[str, int] = {SEAT: FIELD_SEAT, SQUARE: FIELD_SQUARE, AMOUNT: FIELD_AMOUNT}


class HandlerTable:
    """A game class's action table, held by each of its games: the engine reads it on every act, and
    a game's own field is a native read in the compiled build, where a class attribute is a generic
    lookup. A copy or a pickle of a game refers to its class's table (the table holds functions)."""

    def __init__(self, cls: type, by_type: dict[type[Action], Handler]) -> None:
        self.cls = cls
        self.by_type = by_type

    def __copy__(self) -> HandlerTable:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> HandlerTable:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (table_of, (self.cls,))


# game class -> its table (bind_handlers fills it)
TABLES: Final[dict[type, HandlerTable]] = {}


def table_of(cls: type) -> HandlerTable:
    """The action table of game class ``cls``."""
    return TABLES[cls]


def bind_handlers(cls: Any) -> HandlerTable:
    """The table of ``cls`` (registered in :data:`TABLES`): a :class:`Handler` for every action
    type it handles.

    Every field of an action type must have its declared kind (``FIELDS``): a new action cannot
    reach a handler with unchecked values."""
    out: dict[type[Action], Handler] = {}
    for t, (check, do) in cls.handler_names.items():
        declared = [name for name, _ in t.FIELDS]
        if declared != [f.name for f in dataclasses.fields(t)]:
            raise TypeError(f"{t.__name__}.FIELDS must declare the kind of every field, in order")
        tests = tuple(
            (name, FIELD_TESTS.get(kind, 0) if type(kind) is str else 0, field_test(kind, name), kind)
            for name, kind in t.FIELDS
        )
        code = DIRECT.get(t, 0) if HANDLER_NAMES.get(t) == (check, do) else 0
        out[t] = Handler(getattr(cls, check), getattr(cls, do), tests, t.SPENDS, code)
    table = TABLES[cls] = HandlerTable(cls, out)
    return table
