"""The actions of «Одесская Монополия» beyond the classic game's (registered for records)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...engine.actions import ACTION_TYPES, Action
from ...engine.fields import FLAG


@dataclass(frozen=True, slots=True)
class ChallengeMalina(Action):
    """At a malina with another smotryashchy: ``challenge=True`` questions his authority (he rolls
    two dice, you one: roll more than his sum and the malina is yours, else pay a double fee);
    ``False`` pays the fee when he claims it (003:76-86)."""

    TYPE: ClassVar[str] = "challenge_malina"
    FIELDS: ClassVar[tuple] = (("challenge", FLAG),)
    challenge: bool


@dataclass(frozen=True, slots=True)
class RefuseExchange(Action):
    """Sent to the exchange while holding the refusal card: ``refuse=True`` plays the card (the token
    stays where it is and the turn ends), ``False`` keeps it and goes (003:92)."""

    TYPE: ClassVar[str] = "refuse_exchange"
    FIELDS: ClassVar[tuple] = (("refuse", FLAG),)
    refuse: bool


for _cls in (ChallengeMalina, RefuseExchange):
    ACTION_TYPES[_cls.TYPE] = _cls
