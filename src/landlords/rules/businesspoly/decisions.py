"""The decision kinds of «Бизнесполия» and the data they carry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import decision as D
from ...engine.state import register_state_type

COURT: Final = "court"  # landed on the court (or drew card 15): Sue or Waive
BUILDING_LOAN: Final = "building_loan"  # card 32: Build one office at a discount, or Waive
REDEEM: Final = "redeem"  # end of a lap, for each mortgaged lot: SettleMortgage(redeem)
DEAL_RESPONSE: Final = "deal_response"  # a party to a proposed deal: Accept or Reject

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

    def problem(self, game: Any) -> str | None:
        """What is wrong with a deal read from a position, or None."""
        seats = [self.proposer, *self.pending, *self.givers]
        seats += [to for _, to in self.properties] + [s for _, a, b in self.cash for s in (a, b)]
        seats += [s for _, a, b in self.cards for s in (a, b)]
        if not all(0 <= s < game.n for s in seats) or not self.pending:
            return "a deal names seats of the game and the parties yet to accept"
        if not all(0 <= sq < game.size for sq, _ in self.properties) or any(a < 0 for *_, a in self.cash):
            return "a deal's squares are on the board and its sums are not negative"
        return None
