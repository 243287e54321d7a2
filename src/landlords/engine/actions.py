"""Actions: everything a seat can do, as small immutable values with a JSON form.

A game record is a list of ``(seat, action)``; ``action.to_json()`` / ``action_from_json`` make
that list plain JSON. Parameterless actions are compared by type, so the module-level singletons
(``ROLL``, ``END_TURN``, ...) are what bots return.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import ConfigError
from .fields import AMOUNT, DECK, FLAG, INT, SEAT, SQUARE, deep_tuple, field_names, field_problem, many


@dataclass(frozen=True, slots=True)
class Action:
    TYPE: ClassVar[str] = ""
    # (field name, kind) for every field (engine/fields.py), checked before the action's own check
    FIELDS: ClassVar[tuple[tuple[str, Any], ...]] = ()
    # an act that spends money: refused while the seat owes a debt (it may only raise cash then)
    SPENDS: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for name in field_names(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the dice (also: try for a double while in jail)."""

    TYPE: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TYPE: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    TYPE: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline to buy the property just landed on (it goes to auction)."""

    TYPE: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    TYPE: ClassVar[str] = "bid"
    FIELDS: ClassVar[tuple] = (("amount", AMOUNT),)
    SPENDS: ClassVar[bool] = True
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the auction (for good)."""

    TYPE: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class PayJailFine(Action):
    TYPE: ClassVar[str] = "pay_jail_fine"
    SPENDS: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class UseJailCard(Action):
    TYPE: ClassVar[str] = "use_jail_card"


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Buy one house (or the hotel, after four houses) on a street."""

    TYPE: ClassVar[str] = "build"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    SPENDS: ClassVar[bool] = True
    square: int


@dataclass(frozen=True, slots=True)
class SellBuilding(Action):
    """Sell one house (or the hotel) on a street back to the bank."""

    TYPE: ClassVar[str] = "sell_building"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    square: int


@dataclass(frozen=True, slots=True)
class Mortgage(Action):
    TYPE: ClassVar[str] = "mortgage"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    square: int


@dataclass(frozen=True, slots=True)
class Unmortgage(Action):
    TYPE: ClassVar[str] = "unmortgage"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    SPENDS: ClassVar[bool] = True
    square: int


@dataclass(frozen=True, slots=True)
class ProposeTrade(Action):
    """Offer ``partner`` a deal: the proposer gives ``give_*`` and receives ``take_*``.

    Properties are square indexes; jail cards are named by the deck they came from.
    """

    TYPE: ClassVar[str] = "propose_trade"
    FIELDS: ClassVar[tuple] = (
        ("partner", SEAT),
        ("give_properties", many(SQUARE)),
        ("give_cash", AMOUNT),
        ("give_cards", many(DECK, unique=False)),
        ("take_properties", many(SQUARE)),
        ("take_cash", AMOUNT),
        ("take_cards", many(DECK, unique=False)),
    )
    partner: int
    give_properties: tuple[int, ...] = ()
    give_cash: int = 0
    give_cards: tuple[str, ...] = ()
    take_properties: tuple[int, ...] = ()
    take_cash: int = 0
    take_cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:  # lists (a record's JSON, a caller's convenience) become tuples
        for name in ("give_properties", "give_cards", "take_properties", "take_cards"):
            value = getattr(self, name)
            if type(value) is list:
                object.__setattr__(self, name, deep_tuple(value))


@dataclass(frozen=True, slots=True)
class Accept(Action):
    TYPE: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class Reject(Action):
    TYPE: ClassVar[str] = "reject"


@dataclass(frozen=True, slots=True)
class ClaimRent(Action):
    """Claim the rent owed for a landing on ``square`` (before the next player's roll)."""

    TYPE: ClassVar[str] = "claim_rent"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    square: int


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy(Action):
    TYPE: ClassVar[str] = "declare_bankruptcy"


@dataclass(frozen=True, slots=True)
class ChooseTax(Action):
    """Income tax with a choice: ``percent=True`` pays the percentage, else the fixed amount."""

    TYPE: ClassVar[str] = "choose_tax"
    FIELDS: ClassVar[tuple] = (("percent", FLAG),)
    percent: bool


@dataclass(frozen=True, slots=True)
class LiftMortgage(Action):
    """On receiving a mortgaged property: ``now=True`` lifts it at once (value + interest);
    ``now=False`` pays only the transfer fee and keeps it mortgaged."""

    TYPE: ClassVar[str] = "lift_mortgage"
    FIELDS: ClassVar[tuple] = (("now", FLAG),)
    now: bool


@dataclass(frozen=True, slots=True)
class WantBuilding(Action):
    """Answer to a building shortage: do you want one of the scarce buildings too?"""

    TYPE: ClassVar[str] = "want_building"
    FIELDS: ClassVar[tuple] = (("want", FLAG),)
    want: bool


@dataclass(frozen=True, slots=True)
class TimeOut(Action):
    """Applied by a clock (an interactive front end), never chosen by a player: the seat let its
    time run out, which the timed rulesets treat as bankruptcy to the bank."""

    TYPE: ClassVar[str] = "time_out"


@dataclass(frozen=True, slots=True)
class ChooseMove(Action):
    """The speed die's Bus: move by one white die or by their sum."""

    TYPE: ClassVar[str] = "choose_move"
    FIELDS: ClassVar[tuple] = (("steps", INT),)
    steps: int


@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Speed-die triples: move to any square."""

    TYPE: ClassVar[str] = "move_to"
    FIELDS: ClassVar[tuple] = (("square", SQUARE),)
    square: int


ROLL = Roll()
END_TURN = EndTurn()
BUY = Buy()
DECLINE = Decline()
PASS = Pass()
PAY_JAIL_FINE = PayJailFine()
USE_JAIL_CARD = UseJailCard()
ACCEPT = Accept()
REJECT = Reject()
DECLARE_BANKRUPTCY = DeclareBankruptcy()

ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (
        Roll,
        EndTurn,
        Buy,
        Decline,
        Bid,
        Pass,
        PayJailFine,
        UseJailCard,
        Build,
        SellBuilding,
        Mortgage,
        Unmortgage,
        ProposeTrade,
        Accept,
        Reject,
        ClaimRent,
        DeclareBankruptcy,
        ChooseTax,
        LiftMortgage,
        WantBuilding,
        TimeOut,
        ChooseMove,
        MoveTo,
    )
}


def action_from_json(data: Any) -> Action:
    """Parse one action; a malformed one raises ConfigError naming what is wrong (a missing or
    unknown field, a value of the wrong type: a square given as a string, a bool for a number...)."""
    if not isinstance(data, dict) or "type" not in data:
        raise ConfigError(f"an action must be an object with a 'type', got {data!r}")
    kind = data["type"]
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ConfigError(f"unknown action type {kind!r}")
    kwargs: dict[str, Any] = {}
    names = field_names(cls)
    kinds = dict(cls.FIELDS)
    for key, value in data.items():
        if key == "type":
            continue
        if key not in names:
            raise ConfigError(f"action {cls.TYPE!r} has no field {key!r}")
        value = deep_tuple(value)
        why = field_problem(kinds[key], value, key)
        if why is not None:
            raise ConfigError(f"action {cls.TYPE!r}: " + why[1].format(**why[2]))
        kwargs[key] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ConfigError(f"action {cls.TYPE!r}: {exc}") from None


__all__ = [
    "Action",
    "action_from_json",
    "ACTION_TYPES",
    *[cls.__name__ for cls in ACTION_TYPES.values()],
    "ROLL",
    "END_TURN",
    "BUY",
    "DECLINE",
    "PASS",
    "PAY_JAIL_FINE",
    "USE_JAIL_CARD",
    "ACCEPT",
    "REJECT",
    "DECLARE_BANKRUPTCY",
]
