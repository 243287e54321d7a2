"""The decision kinds of «Бизнесполия» and the data they carry."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import decision as D
from ...engine.state import register_state_type

COURT = "court"  # landed on the court (or drew card 15): Sue or Waive
BUILDING_LOAN = "building_loan"  # card 32: Build one office at a discount, or Waive
REDEEM = "redeem"  # end of a lap, for each mortgaged lot: SettleMortgage(redeem)
DEAL_RESPONSE = "deal_response"  # a party to a proposed deal: Accept or Reject

# the decisions of the active player that belong to steps 3.1 and 3.5 of the turn (000:415-427)
_STEP_KINDS = (D.PRE_ROLL, D.POST_ROLL, D.BUY, COURT)


@register_state_type
@dataclass(slots=True)
class Lawsuit:
    lawyer: bool  # card 15: a tie wins


@register_state_type
@dataclass(slots=True)
class Deal:
    proposer: int
    properties: tuple[tuple[int, int], ...]
    cash: tuple[tuple[int, int, int], ...]
    cards: tuple[tuple[str, int, int], ...]
    pending: list[int] = field(default_factory=list)  # parties yet to accept
    givers: tuple[int, ...] = ()  # the holder of each lot of ``properties`` when the deal was proposed
