"""What each field of an action may hold, checked in one place for every action type.

Every action class declares ``FIELDS``: ``(name, kind)`` pairs, where a kind is one of the scalar
kinds below, :func:`many` (a tuple of one kind) or :func:`record` (a fixed-size tuple of kinds).
:meth:`Game.check` and :meth:`Game.apply` run :func:`field_problem` against the game (seats of this
table, squares of this board, decks of this edition) before an action's own check, so a handler
never sees a value of the wrong type: ``2.0``, ``True``, ``None``, ``"3"`` or ``3+0j`` for a square
are refused, never coerced. :func:`action_from_json` runs the same walk without a game (types only).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

SEAT = "seat"  # an int (not a bool) naming a seat of this game
SQUARE = "square"  # an int (not a bool) naming a square of this board
AMOUNT = "amount"  # a whole amount of money, 0 or more
POSITIVE = "positive"  # a whole number, 1 or more (a payment in a deal)
INT = "int"  # any whole number (its range is the action's own rule, e.g. the Bus's steps)
FLAG = "flag"  # True or False, nothing else
DECK = "deck"  # the id of a card deck of this edition (a str)

_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order, read once per class (``dataclasses.fields``
    costs a call per act or event: a server labels every act it offers and words every event)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


Kind = Any  # a scalar kind (str) or a ("many", kind, unique) / ("record", kinds) tuple


def many(kind: Kind, unique: bool = True) -> tuple[str, Kind, bool]:
    """A tuple of ``kind`` values (a JSON list); ``unique``: no value twice (for records: no first
    part twice, e.g. a square traded twice)."""
    return "many", kind, unique


def record(*kinds: Kind) -> tuple[str, tuple[Kind, ...]]:
    """A tuple of exactly these parts, e.g. ``(square, receiver)``."""
    return "record", kinds


def _int(value: Any) -> bool:
    return type(value) is int  # bool and float are not ints here


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def field_problem(kind: Kind, value: Any, path: str, game: Any = None) -> tuple[str, str, dict[str, Any]] | None:  # noqa: C901 - one case per field kind, on every act's check (compiled)
    """Why ``value`` does not fit ``kind``: ``(rule, message template, parameters)``, or None.

    Without a game only the types are checked (a record being read); with one, the ranges too."""
    if type(kind) is str:
        if kind == SEAT or kind == SQUARE:
            limit = None if game is None else (game.n if kind == SEAT else game.size)
            if _int(value) and value >= 0 and (limit is None or value < limit):
                return None
            if limit is None:  # a record being read: the type only
                what = "a seat number" if kind == SEAT else "a square number"
                return (
                    "field-" + kind,
                    "{field} must be " + what + " (a whole number from 0), not {value}",
                    {"field": path, "value": _show(value)},
                )
            last = limit - 1
            if kind == SEAT:
                return (
                    "field-seat",
                    "{field} must be a seat number from 0 to {last}, not {value}",
                    {"field": path, "last": last, "value": _show(value)},
                )
            return (
                "field-square",
                "{field} must be a square number from 0 to {last}, not {value}",
                {"field": path, "last": last, "value": _show(value)},
            )
        if kind == AMOUNT or kind == POSITIVE:
            low = 0 if kind == AMOUNT else 1
            if _int(value) and value >= low:
                return None
            return (
                "field-amount",
                "{field} must be a whole number of at least {low}, not {value}",
                {"field": path, "low": low, "value": _show(value)},
            )
        if kind == INT:
            if _int(value):
                return None
            return (
                "field-int",
                "{field} must be a whole number, not {value}",
                {"field": path, "value": _show(value)},
            )
        if kind == FLAG:
            if value is True or value is False:
                return None
            return (
                "field-flag",
                "{field} must be true or false, not {value}",
                {"field": path, "value": _show(value)},
            )
        if kind == DECK:
            if type(value) is str and (game is None or value in game.decks):
                return None
            decks = "" if game is None else ", ".join(sorted(game.decks))
            return (
                "field-deck",
                "{field} must name a card deck ({decks}), not {value}",
                {"field": path, "decks": decks, "value": _show(value)},
            )
        raise AssertionError(f"unknown field kind {kind!r}")  # pragma: no cover - a programming error
    if kind[0] == "many":
        _, inner, unique = kind
        if type(value) is not tuple:
            return ("field-list", "{field} must be a list, not {value}", {"field": path, "value": _show(value)})
        seen: set[Any] = set()
        for i, item in enumerate(value):
            why = field_problem(inner, item, f"{path}[{i}]", game)
            if why is not None:
                return why
            if unique:
                key = item[0] if type(item) is tuple else item
                if key in seen:
                    return ("field-repeated", "{field} names {value} twice", {"field": path, "value": _show(key)})
                seen.add(key)
        return None
    parts = kind[1]
    if type(value) is not tuple or len(value) != len(parts):
        return (
            "field-parts",
            "{field} must be a list of {size} parts, not {value}",
            {"field": path, "size": len(parts), "value": _show(value)},
        )
    for i, (part, item) in enumerate(zip(parts, value, strict=True)):
        why = field_problem(part, item, f"{path}[{i}]", game)
        if why is not None:
            return why
    return None


def _seat_ok(game: Any, v: Any) -> bool:
    return type(v) is int and 0 <= v < game.n


def _square_ok(game: Any, v: Any) -> bool:
    return type(v) is int and 0 <= v < game.size


def _amount_ok(game: Any, v: Any) -> bool:
    return type(v) is int and v >= 0


def _flag_ok(game: Any, v: Any) -> bool:
    return v is True or v is False


def _int_ok(game: Any, v: Any) -> bool:
    return type(v) is int


_FAST = {SEAT: _seat_ok, SQUARE: _square_ok, AMOUNT: _amount_ok, FLAG: _flag_ok, INT: _int_ok}


def field_test(kind: Kind, name: str) -> Any:
    """A fast ``(game, value) -> bool`` for ``kind`` (the hot path); :func:`field_problem` says why not."""
    fast = _FAST.get(kind) if type(kind) is str else None
    if fast is not None:
        return fast
    return lambda game, value: field_problem(kind, value, name, game) is None


def deep_tuple(value: Any) -> Any:
    """Lists (a record's JSON) as tuples, at every level; anything else unchanged."""
    if type(value) is list or type(value) is tuple:
        return tuple(deep_tuple(v) for v in value)
    return value
