"""Editions: the TOML files in this package and the loader that turns them into ``Edition`` objects.

An edition file describes the physical game (squares, groups, card decks, currency); see
``classic-us.toml`` for the format. ``load_edition("moscow")`` loads a packaged edition,
``load_edition("path/to/mine.toml")`` any file. Every problem in a file raises ``EditionError``
naming the file and the key, e.g. ``moscow.toml: squares[5].price: expected a positive integer, got "abc"``.

Optional keys beyond ``classic-us.toml``: ``[currency] separator`` (the thousands separator of shown
amounts, default a narrow no-break space), ``[currency] banknotes`` (each player's starting notes as
``[value, count]`` pairs) and a card's ``origin`` (``"seed"``: the card's text and effect
come from the edition's seed document; ``"completed"``: supplied from the standard decks because the seed
lost it; unset: not stated).
"""

from __future__ import annotations

import functools
import json
import os
import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import NoReturn

from landlords.engine.edition import (
    CARD,
    CARD_EFFECTS,
    GO,
    GO_TO_JAIL,
    JAIL,
    PROPERTY_KINDS,
    RAILROAD,
    SQUARE_KINDS,
    STREET,
    TAX,
    UTILITY,
    Card,
    Currency,
    Deck,
    Edition,
    Group,
    Square,
)
from landlords.engine.errors import ConfigError

__all__ = ["EditionError", "edition_document", "edition_names", "is_packaged", "load_edition", "parse_edition"]

LANGUAGES = ("en", "ru", "pl")
TAX_KINDS = ("income", "luxury")
NEAREST_KINDS = (RAILROAD, UTILITY)
STREET_RENT_LENGTH = 6  # 0..4 houses, hotel
CARD_ORIGINS = ("seed", "completed")
MAX_NUMBER = 10**12  # no amount, index or count in an edition comes near it; bigger ones are mistakes
MAX_FILE = 4 * 1024 * 1024  # bytes: an edition file is a few tens of kilobytes

_SECTIONS = ("edition", "currency", "groups", "squares", "decks")
# optional: translations of the edition's own texts for players of another language, and the case
# forms of its names where a sentence needs them (``[grammar.acc]``: name -> accusative)
_OPTIONAL_SECTIONS = ("glosses", "grammar")
_CASES = ("gen", "dat", "acc", "ins", "loc")
_PROPERTY_KEYS = ("group", "price", "house_cost", "rent", "mortgage")
_SQUARE_KEYS: dict[str, tuple[str, ...]] = {
    STREET: _PROPERTY_KEYS,
    RAILROAD: ("group", "price", "rent", "mortgage"),
    UTILITY: ("group", "price", "rent", "mortgage"),
    TAX: ("tax", "tax_kind"),
    CARD: ("deck",),
}
_ALL_SQUARE_KEYS = frozenset(k for keys in _SQUARE_KEYS.values() for k in keys)
_COLOR = re.compile(r"#[0-9A-Fa-f]{6}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


class EditionError(ConfigError):  # ConfigError is a ValueError
    """A broken edition file; the message starts with the file name and the key path."""


def _show(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


@dataclass(frozen=True, slots=True)
class _Table:
    """A TOML table being validated: where it came from and its key path."""

    source: str
    path: str
    data: dict[str, object]

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def fail(self, key: str, message: str) -> NoReturn:
        raise EditionError(f"{self.source}: {self.at(key)}: {message}")

    def only(self, allowed: tuple[str, ...] | frozenset[str], context: str = "") -> None:
        for key in self.data:
            if key not in allowed:
                self.fail(key, f"unknown key{context} (allowed: {', '.join(allowed)})")

    def raw(self, key: str) -> object:
        if key not in self.data:
            self.fail(key, "missing required key")
        return self.data[key]

    def text(self, key: str, default: str | None = None) -> str:
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, f"expected a non-empty string, got {_show(value)}")
        return value

    def choice(self, key: str, options: tuple[str, ...]) -> str:
        value = self.raw(key)
        if value not in options:
            self.fail(key, f"expected one of {', '.join(options)}, got {_show(value)}")
        assert isinstance(value, str)
        return value

    def integer(self, key: str, minimum: int | None = 0, default: int | None = None) -> int:
        if default is not None and key not in self.data:
            return default
        value = self.raw(key)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
            self.fail(key, f"expected a number up to {MAX_NUMBER}, got one with {len(str(abs(value)))} digits")
        if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
            what = {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
                minimum, f"an integer >= {minimum}"
            )
            self.fail(key, f"expected {what}, got {_show(value)}")
        return value

    def integers(self, key: str, length: int | None = None) -> tuple[int, ...]:
        value = self.raw(key)
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_NUMBER for v in value)
        ):
            self.fail(
                key, f"expected a non-empty list of integers from 0 to {MAX_NUMBER}, got {_show(value)[:80]}"
            )
        if length is not None and len(value) != length:
            self.fail(key, f"expected exactly {length} values, got {len(value)}")
        return tuple(value)

    def table(self, key: str, path: str | None = None) -> _Table:
        value = self.raw(key)
        if not isinstance(value, dict):
            self.fail(key, f"expected a table, got {_show(value)}")
        return _Table(self.source, path or self.at(key), value)

    def tables(self, key: str) -> list[_Table]:
        value = self.raw(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, dict) for v in value):
            self.fail(key, "expected a non-empty array of tables")
        return [_Table(self.source, f"{self.at(key)}[{i}]", v) for i, v in enumerate(value)]


def parse_edition(data: dict[str, object], source_name: str) -> Edition:
    """Validate a parsed TOML document and build the ``Edition`` it describes."""
    root = _Table(source_name, "", data)
    root.only(_SECTIONS + _OPTIONAL_SECTIONS)
    for section in _SECTIONS:
        root.raw(section)

    meta = root.table("edition")
    meta.only(("id", "name", "language", "description", "source"))
    edition_id = meta.text("id")
    if not _NAME.fullmatch(edition_id):
        meta.fail("id", f"expected letters, digits, '-' or '_', got {_show(edition_id)}")

    group_tables = root.table("groups")
    group_info: dict[str, tuple[str, str]] = {}
    for group_id in group_tables.data:
        group = group_tables.table(group_id)
        group.only(("name", "color"))
        color = group.text("color")
        if not _COLOR.fullmatch(color):
            group.fail("color", f'expected "#rrggbb", got {_show(color)}')
        group_info[group_id] = (group.text("name"), color)

    decks_table = root.table("decks")
    deck_tables = {deck_id: decks_table.table(deck_id) for deck_id in decks_table.data}
    squares = tuple(_square(i, table, group_info, deck_tables) for i, table in enumerate(root.tables("squares")))
    _check_board(root, squares)

    groups: dict[str, Group] = {}
    for group_id, (name, color) in group_info.items():
        members = tuple(sq.index for sq in squares if sq.group == group_id)
        if not members:
            group_tables.fail(group_id, "no square belongs to this group")
        groups[group_id] = Group(group_id, name, color, members)

    decks: dict[str, Deck] = {}
    for deck_id, deck in deck_tables.items():
        deck.only(("name", "cards"))
        decks[deck_id] = Deck(deck_id, deck.text("name"), _cards(deck, len(squares)))

    return Edition(
        id=edition_id,
        name=meta.text("name"),
        language=meta.choice("language", LANGUAGES),
        currency=_currency(root.table("currency")),
        squares=squares,
        groups=MappingProxyType(groups),
        decks=MappingProxyType(decks),
        description=meta.text("description", default=""),
        source=meta.text("source", default=""),
        glosses=_text_maps(root, "glosses", LANGUAGES),
        forms=_text_maps(root, "grammar", _CASES),
    )


def _text_maps(root: _Table, section: str, keys: tuple[str, ...]) -> MappingProxyType:
    """An optional ``[section.KEY]`` of text -> text tables (glosses by language, forms by case)."""
    if section not in root.data:
        return MappingProxyType({})
    table = root.table(section)
    table.only(keys)
    out = {}
    for key in table.data:
        inner = table.table(key)
        for original, value in inner.data.items():
            if not isinstance(value, str) or not value.strip():
                inner.fail(original, f"expected a non-empty text, got {_show(value)}")
        out[key] = MappingProxyType(dict(inner.data))
    return MappingProxyType(out)


def _currency(table: _Table) -> Currency:
    table.only(("code", "format", "scale", "separator", "banknotes"))
    fmt = table.text("format")
    try:
        ok = "{amount}" in fmt and fmt.format(amount="1") is not None
    except (KeyError, IndexError, ValueError):
        ok = False
    if not ok:
        table.fail("format", f"expected a format with a single {{amount}} field, got {_show(fmt)}")
    separator = table.data.get("separator", "\u202f")
    if not isinstance(separator, str) or not separator or any(ch.isdigit() for ch in separator):
        table.fail("separator", f"expected a non-empty string without digits, got {_show(separator)}")
    notes = table.data.get("banknotes", [])
    positive = lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_NUMBER
    if not isinstance(notes, list) or not all(
        isinstance(n, list) and len(n) == 2 and all(positive(v) for v in n) for n in notes
    ):
        table.fail(
            "banknotes", f"expected a list of [value, count] pairs of positive numbers, got {_show(notes)[:80]}"
        )
    return Currency(
        code=table.text("code"),
        format=fmt,
        scale=table.integer("scale", minimum=1, default=1),
        separator=separator,
        banknotes=tuple((n[0], n[1]) for n in notes),
    )


def _square(index: int, table: _Table, groups: dict[str, tuple[str, str]], decks: dict[str, _Table]) -> Square:
    kind = table.choice("kind", SQUARE_KINDS)
    allowed = _SQUARE_KEYS.get(kind, ())
    for key in table.data:
        if key in _ALL_SQUARE_KEYS and key not in allowed:
            table.fail(key, f"not allowed on a {kind!r} square")
    table.only(("name", "kind", *allowed))
    name = table.text("name")
    if kind in PROPERTY_KINDS:
        group = table.text("group")
        if group not in groups:
            table.fail("group", f"unknown group {group!r} (known: {', '.join(groups)})")
        return Square(
            index=index,
            name=name,
            kind=kind,
            group=group,
            price=table.integer("price", minimum=1),
            house_cost=table.integer("house_cost", minimum=1) if kind == STREET else 0,
            rent=table.integers("rent", STREET_RENT_LENGTH if kind == STREET else None),
            mortgage=table.integer("mortgage"),
        )
    if kind == TAX:
        tax_kind = table.choice("tax_kind", TAX_KINDS) if "tax_kind" in table.data else None
        return Square(index, name, kind, tax=table.integer("tax"), tax_kind=tax_kind)
    if kind == CARD:
        deck = table.text("deck")
        if deck not in decks:
            table.fail("deck", f"unknown deck {deck!r} (known: {', '.join(decks)})")
        return Square(index, name, kind, deck=deck)
    return Square(index, name, kind)


def _check_board(root: _Table, squares: tuple[Square, ...]) -> None:
    if squares[0].kind != GO:
        root.fail("squares[0].kind", f"the first square must be {GO!r}, got {squares[0].kind!r}")
    for kind in (GO, JAIL, GO_TO_JAIL):
        found = [sq.index for sq in squares if sq.kind == kind]
        if len(found) != 1:
            root.fail("squares", f"expected exactly one {kind!r} square, found {len(found)} {found}")


def _cards(deck: _Table, size: int) -> tuple[Card, ...]:
    cards: list[Card] = []
    seen: set[str] = set()
    for card in deck.tables("cards"):
        card_id = card.text("id")
        if card_id in seen:
            card.fail("id", f"duplicate card id {card_id!r} in this deck")
        seen.add(card_id)
        effect = card.text("effect")
        if effect not in CARD_EFFECTS:
            card.fail("effect", f"unknown effect {effect!r} (known: {', '.join(CARD_EFFECTS)})")
        arg_names = CARD_EFFECTS[effect]
        card.only(("id", "text", "effect", "origin", *arg_names), f" for effect {effect!r}")
        origin = card.choice("origin", CARD_ORIGINS) if "origin" in card.data else ""
        args: dict[str, int | str] = {}
        for arg in arg_names:
            if arg == "kind":
                args[arg] = card.choice(arg, NEAREST_KINDS)
            elif arg == "square":
                value = card.integer(arg)
                if value >= size:
                    card.fail(arg, f"expected a square index 0..{size - 1}, got {value}")
                args[arg] = value
            else:
                args[arg] = card.integer(arg, minimum=None if arg == "steps" else 0)
        cards.append(Card(card_id, card.text("text"), effect, MappingProxyType(args), origin))
    return tuple(cards)


# ----- loading -----


def _parse_bytes(raw: bytes, source_name: str) -> Edition:
    if len(raw) > MAX_FILE:
        raise EditionError(f"{source_name}: too large for an edition file ({len(raw)} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EditionError(f"{source_name}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EditionError(f"{source_name}: invalid TOML: {exc}") from None
    except RecursionError:
        raise EditionError(f"{source_name}: invalid TOML: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise EditionError(f"{source_name}: invalid TOML: {exc}") from None
    return parse_edition(data, source_name)


def edition_from_document(data: object, source_name: str) -> Edition:
    """An edition from its document (what :func:`edition_document` gives, e.g. carried in a record)."""
    if not isinstance(data, dict):
        raise EditionError(f"{source_name}: an edition is a table (a JSON object)")
    try:
        return parse_edition(data, source_name)
    except RecursionError:
        raise EditionError(f"{source_name}: nested too deeply") from None
    except (TypeError, AttributeError) as exc:  # a value of a type TOML cannot give (JSON null, ...)
        raise EditionError(f"{source_name}: a value of the wrong type ({exc})") from None


def edition_document(edition: Edition) -> dict[str, object]:
    """The edition as the document it was read from (the TOML file's tables), so a record can carry
    an edition that is not packaged. ``parse_edition(edition_document(e), ...) == e``."""
    cur = edition.currency
    currency: dict[str, object] = {"code": cur.code, "format": cur.format, "scale": cur.scale}
    currency["separator"] = cur.separator
    if cur.banknotes:
        currency["banknotes"] = [list(n) for n in cur.banknotes]
    meta: dict[str, object] = {"id": edition.id, "name": edition.name, "language": edition.language}
    if edition.description:
        meta["description"] = edition.description
    if edition.source:
        meta["source"] = edition.source
    squares = []
    for sq in edition.squares:
        row: dict[str, object] = {"name": sq.name, "kind": sq.kind}
        for key in _SQUARE_KEYS.get(sq.kind, ()):
            value = getattr(sq, key)
            if key == "tax_kind" and value is None:
                continue
            row[key] = list(value) if isinstance(value, tuple) else value
        squares.append(row)
    decks = {}
    for deck in edition.decks.values():
        cards = []
        for card in deck.cards:
            c: dict[str, object] = {"id": card.id, "text": card.text, "effect": card.effect, **card.args}
            if card.origin:
                c["origin"] = card.origin
            cards.append(c)
        decks[deck.id] = {"name": deck.name, "cards": cards}
    return {
        "edition": meta,
        "currency": currency,
        "groups": {g.id: {"name": g.name, "color": g.color} for g in edition.groups.values()},
        "squares": squares,
        "decks": decks,
    }


def is_packaged(edition: Edition) -> bool:
    """Is ``edition`` exactly the packaged edition of its id (so its id alone names it)?"""
    return edition.id in edition_names() and _load_packaged(edition.id) == edition


def packaged_id(name: str) -> str:
    """``name`` if it is the id of an edition shipped in this package, else an :class:`EditionError`
    listing them. What a client of the server names is looked up here: never a path, never a file."""
    if name not in edition_names():
        raise EditionError(f"no edition {name[:60]!r} here (the editions are: {', '.join(edition_names())})")
    return name


def edition_names() -> list[str]:
    """The ids of the editions shipped in this package, sorted."""
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in resources.files(__name__).iterdir()
        if entry.name.endswith(".toml") and entry.is_file()
    )


@functools.cache
def _load_packaged(name: str) -> Edition:
    names = edition_names()
    if name not in names:
        raise EditionError(f"unknown edition {name!r} (known: {', '.join(names)})")
    file_name = f"{name}.toml"
    edition = _parse_bytes(resources.files(__name__).joinpath(file_name).read_bytes(), file_name)
    if edition.id != name:
        raise EditionError(f"{file_name}: edition.id: expected {name!r} (the file name), got {edition.id!r}")
    return edition


def load_edition(name_or_path: str | os.PathLike[str]) -> Edition:
    """Load a packaged edition by id ("classic-us") or any edition file by path ("mine.toml").

    Packaged editions are cached: loading one twice returns the same object.
    """
    if isinstance(name_or_path, str) and _NAME.fullmatch(name_or_path) and not name_or_path.endswith(".toml"):
        return _load_packaged(name_or_path)
    path = Path(name_or_path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        hint = (
            ""
            if str(path).endswith(".toml")
            else f" (and no packaged edition is called that: {', '.join(edition_names())})"
        )
        raise EditionError(f"{path}: no such edition file{hint}") from None
    except OSError as exc:
        raise EditionError(f"{path}: cannot read the edition file: {exc.strerror or exc}") from None
    return _parse_bytes(raw, path.name)
