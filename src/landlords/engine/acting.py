"""One dispatch path: an act's own check and its do step, run through the game class's action table.

A layer of the game class (engine/game.py). ``Game.apply``, ``Game._problem`` and the listing of
legal acts (engine/listing.py) all run an action type's methods through :meth:`Acting.own_problem`
and :meth:`Acting.carry_out`, given the type's :class:`~.dispatch.Handler`.
"""

from __future__ import annotations

from typing import Any

from .dispatch import (
    DO_BID,
    DO_BUILD,
    DO_BUY,
    DO_DECLINE,
    DO_MORTGAGE,
    DO_PASS,
    DO_ROLL,
    DO_SELL,
    DO_UNMORTGAGE,
    Handler,
    HandlerTable,
)
from .errors import Problem
from .native import mypyc_attr
from .turns import TurnFlow

# The compiled build's one written-out form. A method named in the source is called natively there,
# while one held in the table is a generic Python call, several times slower on the engine's
# commonest acts. So those acts' methods are named below, chosen by the handler's code (DIRECT in
# engine/dispatch.py; 0 when a class binds the act to methods of its own, whose table entry is then
# called). The pure build runs the same code; nothing else in the engine writes the dispatch out.


@mypyc_attr(allow_interpreted_subclasses=True)
class Acting(TurnFlow):
    """Running acts through the action table (a layer of :class:`~.game.Game`)."""

    _table: HandlerTable  # the game class's action table (set by Game.__init__)

    def own_problem(self, handler: Handler, seat: int, action: Any) -> Problem | None:
        """The action type's own check of ``action`` (its fields are known to be of their kinds)."""
        code = handler.code
        if code == DO_ROLL:
            return self._problem_roll(seat, action)
        if code == DO_BUILD:
            return self._problem_build(seat, action)
        if code == DO_BUY:
            return self._problem_buy(seat, action)
        if code == DO_BID:
            return self._problem_bid(seat, action)
        if code == DO_PASS:
            return self._problem_pass(seat, action)
        if code == DO_DECLINE:
            return self._problem_decline(seat, action)
        if code == DO_MORTGAGE:
            return self._problem_mortgage(seat, action)
        if code == DO_SELL:
            return self._problem_sell(seat, action)
        if code == DO_UNMORTGAGE:
            return self._problem_unmortgage(seat, action)
        return handler.check(self, seat, action)

    def carry_out(self, handler: Handler, seat: int, action: Any) -> None:
        """The action type's do step (``action`` has passed the whole check)."""
        code = handler.code
        if code == DO_ROLL:
            self._do_roll(seat, action)
        elif code == DO_BUILD:
            self._do_build(seat, action)
        elif code == DO_BUY:
            self._do_buy(seat, action)
        elif code == DO_BID:
            self._do_bid(seat, action)
        elif code == DO_PASS:
            self._do_pass(seat, action)
        elif code == DO_DECLINE:
            self._do_decline(seat, action)
        elif code == DO_MORTGAGE:
            self._do_mortgage(seat, action)
        elif code == DO_SELL:
            self._do_sell(seat, action)
        elif code == DO_UNMORTGAGE:
            self._do_unmortgage(seat, action)
        else:
            handler.do(self, seat, action)
