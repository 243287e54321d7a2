"""The pending decision: who must act, what kind of decision, and its context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

# Decision kinds
PRE_ROLL: Final = "pre_roll"  # your turn: roll (or leave jail first), build, trade, ...
POST_ROLL: Final = "post_roll"  # after your move: end the turn (or build, trade, ...)
BUY: Final = "buy"  # buy the property you landed on, or decline (auction)
AUCTION: Final = "auction"  # bid or pass
DEBT: Final = "debt"  # raise cash (sell, mortgage, trade) or, when nothing is left, go bankrupt
TRADE_RESPONSE: Final = "trade_response"  # accept or reject an offer
INCOME_TAX: Final = "income_tax"  # the fixed amount or the percentage
MORTGAGE_TRANSFER: Final = "mortgage_transfer"  # received a mortgaged property: lift now or pay the fee
BUILDING_INTEREST: Final = "building_interest"  # buildings are scarce: do you want one too?
PLACE_BUILDING: Final = "place_building"  # you won a scarce building at auction: choose its lot
BUS: Final = "bus"  # the speed die's Bus: move by one white die or by their sum
TRIPLES: Final = "triples"  # speed-die triples: move to any square

DECISION_KINDS = (
    PRE_ROLL,
    POST_ROLL,
    BUY,
    AUCTION,
    DEBT,
    TRADE_RESPONSE,
    INCOME_TAX,
    MORTGAGE_TRANSFER,
    BUILDING_INTEREST,
    PLACE_BUILDING,
    BUS,
    TRIPLES,
)


# The decision data made during play (auctions, debts, trades) write their ``__init__`` out
# (``init=False``): the compiled build runs it natively, where the one dataclasses generates is
# interpreted Python (about 3,000 instructions per object). The fields, their defaults, equality and
# the positions' reading (by field name) stay the dataclass's; copies and pickles go through
# ``__reduce__``, as a Decision's do.


@dataclass(slots=True, init=False)
class AuctionState:
    square: int
    item: str  # "property", "house" or "hotel"
    bidders: list[int]
    min_bid: int
    high_bid: int = 0
    high_bidder: int = -1
    turn: int = 0  # index into bidders
    bids: list[tuple[int, int]] = field(default_factory=list)  # (seat, amount) in order

    def __init__(
        self,
        square: int,
        item: str,
        bidders: list[int],
        min_bid: int,
        high_bid: int = 0,
        high_bidder: int = -1,
        turn: int = 0,
        bids: list[tuple[int, int]] | None = None,
    ) -> None:
        self.square = square
        self.item = item
        self.bidders = bidders
        self.min_bid = min_bid
        self.high_bid = high_bid
        self.high_bidder = high_bidder
        self.turn = turn
        self.bids = [] if bids is None else bids

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through ``__init__`` (see :meth:`Decision.__reduce__`)."""
        fields = (self.square, self.item, self.bidders, self.min_bid, self.high_bid, self.high_bidder, self.turn)
        return (AuctionState, (*fields, self.bids))


@dataclass(slots=True, init=False)
class Debt:
    creditors: list[tuple[int, int]]  # (party, amount); party is a seat, BANK or POT
    reason: str
    square: int = -1

    def __init__(self, creditors: list[tuple[int, int]], reason: str, square: int = -1) -> None:
        self.creditors = creditors
        self.reason = reason
        self.square = square

    def __reduce__(self) -> tuple[Any, ...]:
        return (Debt, (self.creditors, self.reason, self.square))

    @property
    def amount(self) -> int:
        return sum(a for _, a in self.creditors)


@dataclass(slots=True, init=False)
class Trade:
    proposer: int
    partner: int
    give_properties: tuple[int, ...]
    give_cash: int
    give_cards: tuple[str, ...]
    take_properties: tuple[int, ...]
    take_cash: int
    take_cards: tuple[str, ...]

    def __init__(
        self,
        proposer: int,
        partner: int,
        give_properties: tuple[int, ...],
        give_cash: int,
        give_cards: tuple[str, ...],
        take_properties: tuple[int, ...],
        take_cash: int,
        take_cards: tuple[str, ...],
    ) -> None:
        self.proposer = proposer
        self.partner = partner
        self.give_properties = give_properties
        self.give_cash = give_cash
        self.give_cards = give_cards
        self.take_properties = take_properties
        self.take_cash = take_cash
        self.take_cards = take_cards

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            Trade,
            (
                self.proposer,
                self.partner,
                self.give_properties,
                self.give_cash,
                self.give_cards,
                self.take_properties,
                self.take_cash,
                self.take_cards,
            ),
        )


@dataclass(slots=True)
class Shortage:
    requester: int
    square: int
    item: str  # house | hotel
    interested: list[int] = field(default_factory=list)


class RentClaim:
    """Rent owed for a landing, to be claimed by ``owner`` before the next player rolls."""

    __slots__ = ("owner", "payer", "square", "amount", "turn")

    def __init__(self, owner: int, payer: int, square: int, amount: int, turn: int) -> None:
        self.owner, self.payer, self.square, self.amount, self.turn = owner, payer, square, amount, turn

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.owner, self.payer, self.square, self.amount, self.turn)

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through ``__init__`` (a compiled class has no bare ``__new__``)."""
        return (RentClaim, self.as_tuple())


@dataclass(slots=True)
class Decision:
    """One decision the game waits for. ``then`` names what the turn does once it is resolved."""

    kind: str
    seat: int
    square: int = -1
    data: Any = None  # AuctionState | Debt | Trade | Shortage | price paid (PLACE_BUILDING)
    then: str | None = None
    deadline: int | None = None  # seconds allowed, for rulesets with timed actions (the ruleset's whole seconds)

    # Written out (the dataclass keeps it), so that the compiled build makes a decision natively: one
    # is made at every turn, and the generated __init__ would run interpreted.
    def __init__(
        self,
        kind: str,
        seat: int,
        square: int = -1,
        data: Any = None,
        then: str | None = None,
        deadline: int | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.square = square
        self.data = data
        self.then = then
        self.deadline = deadline

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled through ``__init__`` (a compiled class with its own ``__init__`` has no
        bare ``__new__``)."""
        return (Decision, (self.kind, self.seat, self.square, self.data, self.then, self.deadline))

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.square >= 0:
            out["square"] = self.square
        data = self.data
        if isinstance(data, AuctionState):
            out.update(
                item=data.item,
                high_bid=data.high_bid,
                high_bidder=data.high_bidder,
                min_bid=max(data.min_bid, data.high_bid + 1),
                bidders=list(data.bidders),
            )
        elif isinstance(data, Debt):
            out.update(amount=data.amount, creditors=[list(c) for c in data.creditors], reason=data.reason)
        elif isinstance(data, Trade):
            out.update(
                proposer=data.proposer,
                give_properties=list(data.give_properties),
                give_cash=data.give_cash,
                give_cards=list(data.give_cards),
                take_properties=list(data.take_properties),
                take_cash=data.take_cash,
                take_cards=list(data.take_cards),
            )
        elif isinstance(data, Shortage):
            out.update(item=data.item, requester=data.requester)
        return out
