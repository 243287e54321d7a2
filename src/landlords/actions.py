"""Every action of every ruleset, importable from one place.

The classic game's actions (``Roll``, ``Buy``, ``Bid``, ``ProposeTrade``, ...) come from the
engine; the variants add their own: «Бизнесполия» ``Sue``, ``Waive``, ``SettleMortgage``,
``SellLot``, ``ProposeDeal``; «Одесская Монополия» ``ChallengeMalina``, ``RefuseExchange``.
``ACTION_TYPES`` maps each action's JSON ``type`` to its class (records and positions use it).

>>> from landlords.actions import ROLL, Bid, Sue
"""

from __future__ import annotations

from .engine import actions as _engine_actions
from .engine.actions import *  # noqa: F403
from .engine.actions import ACTION_TYPES, Action, action_from_json
from .rules.businesspoly.actions import WAIVE, ProposeDeal, SellLot, SettleMortgage, Sue, Waive
from .rules.odessa.actions import ChallengeMalina, RefuseExchange

__all__ = [
    *_engine_actions.__all__,
    "Action",
    "ACTION_TYPES",
    "action_from_json",
    "Sue",
    "Waive",
    "WAIVE",
    "SettleMortgage",
    "SellLot",
    "ProposeDeal",
    "ChallengeMalina",
    "RefuseExchange",
]
