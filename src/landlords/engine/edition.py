"""An edition is the physical game: board squares, prices, rent tables, card decks, currency.

Editions are data (TOML files in ``landlords/editions``); this module holds their typed, frozen
in-memory form plus the integer tables the engine's hot path uses (group membership, the next
railroad or utility from every square, ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

# Square kinds. Properties are the three kinds that can be owned.
GO: Final = "go"
STREET: Final = "street"
RAILROAD: Final = "railroad"
UTILITY: Final = "utility"
TAX: Final = "tax"
CARD: Final = "card"
JAIL: Final = "jail"
FREE_PARKING: Final = "free_parking"
GO_TO_JAIL: Final = "go_to_jail"
COURT: Final = "court"  # businesspoly: a square where one who lands may sue (000:449); none in the classic game

SQUARE_KINDS = (GO, STREET, RAILROAD, UTILITY, TAX, CARD, JAIL, FREE_PARKING, GO_TO_JAIL, COURT)
PROPERTY_KINDS = (STREET, RAILROAD, UTILITY)
HOTEL: Final = 5  # the building level of a hotel (levels 1..4 are houses)

# Card effects and the arguments each one takes (validated by the loader).
CARD_EFFECTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "advance_to": ("square",),  # forward to a square; salary if GO is passed or reached
        "advance_to_nearest": ("kind",),  # forward to the nearest railroad / utility; card rent
        "move_by": ("steps",),  # relative move; backwards moves never pay salary
        "back_to": ("square",),  # backward (against the arrow) to a square; never pays salary
        "go_to_jail": (),
        "collect": ("amount",),  # from the bank
        "pay": ("amount",),  # to the bank (or the free-parking pot)
        "collect_from_each": ("amount",),  # from every other player
        "pay_each": ("amount",),  # to every other player
        "repairs": ("per_house", "per_hotel"),  # to the bank, per building owned
        "jail_free": (),  # kept until used, then back to the bottom of its deck
        # --- the businesspoly deck «Извещение» (seed 000:521-589; carried out by rules/businesspoly/)
        "begging": ("below", "amount"),  # with cash < below: every other player holding amount pays it
        "collect_from_each_able": ("amount",),  # every other player holding amount pays it
        "pay_per_thousand": ("amount",),  # amount per whole thousand of cash
        "pay_percent": ("percent", "above"),  # percent of cash, if cash > above
        "nearest_company": ("kind", "lap_amount", "dice"),  # forward; lap_amount at Start; rent on `dice` dice
        "double_cash_below": ("below",),  # with cash < below: the bank doubles it
        "collect_and_go_to_jail": ("amount",),
        "lawyer": (),  # sue now; a tie wins
        "collect_and_move": ("amount", "steps"),  # collect, then a relative move
        "pay_insured": ("amount",),  # what the cash does not cover the insurance pays
        "collect_if_below": ("amount", "below"),
        "casino": ("multiplier",),  # two dice x multiplier: won on a double, else paid (insured)
        "building_loan": ("percent",),  # open one office now at this percentage of its price
        "go_to_start": ("amount",),  # forward to Start, collecting amount instead of the lap settlement
        "collect_if_no_buildings": ("amount",),
    }
)


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    name: str
    kind: str
    group: str | None = None
    price: int = 0
    house_cost: int = 0
    # street: rent with 0..4 houses and a hotel (6 values); railroad: rent by number owned;
    # utility: dice multiplier by number owned.
    rent: tuple[int, ...] = ()
    mortgage: int = 0
    tax: int = 0
    tax_kind: str | None = None  # "income" or "luxury": the ruleset may set its own amount
    deck: str | None = None  # for card squares

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    text: str
    effect: str
    args: Mapping[str, int | str] = field(default_factory=dict)
    # where the card comes from: "seed" (text and effect from the edition's seed document),
    # "completed" (supplied from the standard decks because the seed lost it), "" (not stated)
    origin: str = ""


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Group:
    id: str
    name: str
    color: str
    squares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Currency:
    """How amounts are shown: ``format`` holds ``{amount}``, e.g. ``"${amount}"``, ``"{amount} тыс. ₽"``.

    ``scale`` multiplies the engine's integer amounts for display (``moscow-digital`` shows
    200 as 200,000). ``separator`` groups the thousands of a shown value with 5 or more digits
    (``10000`` -> ``10\u202f000``; ``moscow-digital`` uses ``","``: ``200,000 $``). ``banknotes``
    lists each player's starting notes as (value, count) pairs where the edition states them.
    """

    code: str
    format: str
    scale: int = 1
    separator: str = "\u202f"
    banknotes: tuple[tuple[int, int], ...] = ()

    def show(self, amount: int) -> str:
        value = amount * self.scale
        text = f"{value:,}".replace(",", self.separator) if abs(value) >= 10000 else str(value)
        return self.format.format(amount=text)


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    name: str
    language: str
    currency: Currency
    squares: tuple[Square, ...]
    groups: Mapping[str, Group]
    decks: Mapping[str, Deck]
    description: str = ""
    source: str = ""
    # texts of the edition translated for players of another language: {lang: {original: gloss}}
    glosses: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # case forms of its names in its own language: {case: {name: form}} (e.g. Polish accusatives)
    forms: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    # ----- derived tables (computed once, used by the engine's hot path) -----
    @property
    def size(self) -> int:
        return len(self.squares)

    def square_index(self, name: str) -> int:
        for sq in self.squares:
            if sq.name == name:
                return sq.index
        raise KeyError(f"edition {self.id!r} has no square named {name!r}")

    def gloss(self, lang: str | None, text: str) -> str:
        """``text`` (one of this edition's names or texts) as a reader of ``lang`` reads it: the
        edition's translation where the edition is in another language and has one, else as printed."""
        if lang is None or lang == self.language:
            return text
        glosses = self.glosses.get(lang)
        return text if glosses is None else glosses.get(text, text)

    def tables(self) -> EditionTables:
        cached = _TABLES.get(id(self))
        if cached is None or cached.edition is not self:
            cached = EditionTables(self)
            _TABLES[id(self)] = cached
        return cached


_TABLES: dict[int, EditionTables] = {}


class EditionTables:
    """Integer-indexed views of an edition for the engine (no string lookups per move)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        squares = edition.squares
        n = len(squares)
        self.size = n
        self.kind = [sq.kind for sq in squares]
        self.price = [sq.price for sq in squares]
        self.house_cost = [sq.house_cost for sq in squares]
        self.rent = [sq.rent for sq in squares]
        self.mortgage = [sq.mortgage for sq in squares]
        self.is_property = [sq.is_property for sq in squares]
        self.is_street = [sq.kind == STREET for sq in squares]
        self.properties = tuple(sq.index for sq in squares if sq.is_property)
        self.streets = tuple(sq.index for sq in squares if sq.kind == STREET)
        group_ids = list(edition.groups)
        self.group_ids = group_ids
        index_of = {g: i for i, g in enumerate(group_ids)}
        self.group_of = [-1 if sq.group is None else index_of.get(sq.group, -1) for sq in squares]
        self.group_members: list[tuple[int, ...]] = [edition.groups[g].squares for g in group_ids]
        # members of the same group, per square (empty for non-properties)
        self.members = [self.group_members[g] if g >= 0 else () for g in self.group_of]
        jail = [sq.index for sq in squares if sq.kind == JAIL]
        self.jail = jail[0] if jail else 0
        go = [sq.index for sq in squares if sq.kind == GO]
        self.go = go[0] if go else 0
        self.deck_of = [sq.deck for sq in squares]
        self.next_of_kind: dict[str, list[int]] = {}
        for kind in (RAILROAD, UTILITY):
            targets = [sq.index for sq in squares if sq.kind == kind]
            table = []
            for i in range(n):
                best = -1
                for step in range(1, n + 1):
                    j = (i + step) % n
                    if j in targets:
                        best = j
                        break
                table.append(best)
            self.next_of_kind[kind] = table
