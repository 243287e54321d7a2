"""Typed events: every change to a game emits one. They are what a UI or a log shows.

Parties in money events are seat numbers, or ``BANK`` (-1) / ``POT`` (-2, the free-parking pot).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, is_dataclass
from typing import Any, ClassVar, Final

from .fields import field_names

BANK: Final = -1
POT: Final = -2


def _plain(value: Any) -> Any:
    """A field's value as JSON data, copied (what :func:`dataclasses.asdict` gives, without its cost
    for the ints and strings most fields are)."""
    if isinstance(value, (int, str, float)) or value is None:
        return value
    if isinstance(value, tuple):
        return tuple([_plain(v) for v in value])
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return value


@dataclass(frozen=True, slots=True)
class Event:
    KIND: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.KIND}
        for name in field_names(type(self)):
            out[name] = _plain(getattr(self, name))
        return out


@dataclass(frozen=True, slots=True)
class TurnOrderRolled(Event):
    KIND: ClassVar[str] = "turn_order_rolled"
    rolls: tuple[tuple[int, int], ...]
    first: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    KIND: ClassVar[str] = "turn_started"
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class TurnSkipped(Event):
    KIND: ClassVar[str] = "turn_skipped"
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    KIND: ClassVar[str] = "rolled"
    seat: int
    dice: tuple[int, ...]
    purpose: str = "move"  # move | jail | utility


@dataclass(frozen=True, slots=True)
class Moved(Event):
    KIND: ClassVar[str] = "moved"
    seat: int
    start: int
    end: int
    passed_go: bool


@dataclass(frozen=True, slots=True)
class SpeedDieMoved(Event):
    KIND: ClassVar[str] = "speed_die_moved"
    seat: int
    face: str  # mr_monopoly | bus | triples
    square: int


@dataclass(frozen=True, slots=True)
class Paid(Event):
    KIND: ClassVar[str] = "paid"
    payer: int
    payee: int
    amount: int
    reason: str
    square: int = -1


@dataclass(frozen=True, slots=True)
class Bought(Event):
    KIND: ClassVar[str] = "bought"
    seat: int
    square: int
    price: int


@dataclass(frozen=True, slots=True)
class AuctionStarted(Event):
    KIND: ClassVar[str] = "auction_started"
    square: int
    item: str  # property | house | hotel
    min_bid: int


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    KIND: ClassVar[str] = "bid_placed"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BidderPassed(Event):
    KIND: ClassVar[str] = "bidder_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class AuctionEnded(Event):
    KIND: ClassVar[str] = "auction_ended"
    square: int
    winner: int  # -1: unsold
    price: int


@dataclass(frozen=True, slots=True)
class Built(Event):
    KIND: ClassVar[str] = "built"
    seat: int
    square: int
    level: int  # 1..4 houses, 5 = hotel
    cost: int


@dataclass(frozen=True, slots=True)
class BuildingSold(Event):
    KIND: ClassVar[str] = "building_sold"
    seat: int
    square: int
    level: int  # level after the sale
    refund: int


@dataclass(frozen=True, slots=True)
class Mortgaged(Event):
    KIND: ClassVar[str] = "mortgaged"
    seat: int
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class Unmortgaged(Event):
    KIND: ClassVar[str] = "unmortgaged"
    seat: int
    square: int
    cost: int


@dataclass(frozen=True, slots=True)
class DrewCard(Event):
    KIND: ClassVar[str] = "drew_card"
    seat: int
    deck: str
    card: str
    text: str


@dataclass(frozen=True, slots=True)
class Jailed(Event):
    KIND: ClassVar[str] = "jailed"
    seat: int
    reason: str  # square | card | doubles


@dataclass(frozen=True, slots=True)
class LeftJail(Event):
    KIND: ClassVar[str] = "left_jail"
    seat: int
    how: str  # fine | card | doubles | forced_fine


@dataclass(frozen=True, slots=True)
class RentOwed(Event):
    KIND: ClassVar[str] = "rent_owed"
    owner: int
    payer: int
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class RentForfeited(Event):
    KIND: ClassVar[str] = "rent_forfeited"
    owner: int
    payer: int
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class DebtIncurred(Event):
    KIND: ClassVar[str] = "debt_incurred"
    seat: int
    amount: int
    creditor: int


@dataclass(frozen=True, slots=True)
class TradeProposed(Event):
    KIND: ClassVar[str] = "trade_proposed"
    seat: int
    partner: int
    offer: dict


@dataclass(frozen=True, slots=True)
class TradeAnswered(Event):
    KIND: ClassVar[str] = "trade_answered"
    seat: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class PropertyTransferred(Event):
    KIND: ClassVar[str] = "property_transferred"
    square: int
    giver: int
    receiver: int


@dataclass(frozen=True, slots=True)
class JailCardTransferred(Event):
    KIND: ClassVar[str] = "jail_card_transferred"
    deck: str
    giver: int
    receiver: int  # -1: back to the bottom of its deck


@dataclass(frozen=True, slots=True)
class WentBankrupt(Event):
    KIND: ClassVar[str] = "went_bankrupt"
    seat: int
    creditor: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    KIND: ClassVar[str] = "game_over"
    winner: int
    reason: str  # last_player | turn_limit | time_limit | turn_cap
