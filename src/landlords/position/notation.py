"""A short text notation for the common part of a position, like chess's FEN.

One line, sections separated by ``|``::

    classic-us hasbro-ru free_parking_pot=true | Ann 1200 @24 1,3h2,39H | Bob 80 @10 j1 +chance | turn=1 pot=50

- the game: the edition, the ruleset and its house rules as ``option=JSON``;
- one section per seat, in seat order: the name (a JSON string when it is not one bare word), cash,
  ``@square``, then the lots it owns (square numbers, comma-separated, each with ``h1``-``h4``
  houses or ``H`` a hotel, and ``m`` when mortgaged), and its flags: ``j<turns served>`` in jail,
  ``+<deck>`` a jail card of that deck, ``go`` passed GO once (the speed die joins), ``skip`` misses
  its next turn, ``auto`` claims rent automatically, ``bankrupt``;
- the turn: ``turn=<seat>`` and, when not 0, ``doubles=``, ``round=``, ``pot=``.

:func:`from_notation` gives a JSON position (every other field at its default) and
:func:`to_notation` writes one; ``to_notation(from_notation(text)) == text`` for any text it writes.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..engine.errors import ConfigError
from ..engine.state import FORMAT, VERSION

_BARE_NAME = re.compile(r"^[^\s|\"@=+,]+$")
_LOT = re.compile(r"^(\d+)(?:h([1-4])|(H))?(m)?$")


def _name(name: str) -> str:
    return name if _BARE_NAME.match(name) and not name[0].isdigit() else json.dumps(name, ensure_ascii=False)


def to_notation(position: dict[str, Any]) -> str:
    """The notation of a position (its common part; the rest is left out)."""
    rules = position.get("rules") or {}
    head = [str(position.get("edition")), str(position["ruleset"])]
    head += [f"{k}={json.dumps(v, ensure_ascii=False, separators=(',', ':'))}" for k, v in sorted(rules.items())]
    sections = [" ".join(head)]
    lots_of: dict[int, list[str]] = {}
    for lot in sorted(position.get("lots", []), key=lambda x: x["square"]):
        owner = lot.get("owner", -1)
        if owner < 0:
            continue
        level = lot.get("level", 0)
        text = str(lot["square"]) + ("H" if level == 5 else f"h{level}" if level else "")
        lots_of.setdefault(owner, []).append(text + ("m" if lot.get("mortgaged") else ""))
    for p, pl in enumerate(position["players"]):
        words = [_name(pl.get("name", f"Player {p + 1}")), str(pl.get("cash", 0)), f"@{pl.get('square', 0)}"]
        if p in lots_of:
            words.append(",".join(lots_of[p]))
        if pl.get("in_jail"):
            words.append(f"j{pl.get('jail_turns', 0)}")
        words += [f"+{deck}" for deck in pl.get("jail_cards", [])]
        for flag, key in (
            ("go", "passed_go"),
            ("skip", "skip_next"),
            ("auto", "auto_claim"),
            ("bankrupt", "bankrupt"),
        ):
            if pl.get(key):
                words.append(flag)
        sections.append(" ".join(words))
    turn = position.get("turn", {})
    tail = [f"turn={turn.get('current', 0)}"]
    for key, value in (
        ("doubles", turn.get("doubles", 0)),
        ("round", turn.get("round", 0)),
        ("pot", position.get("bank", {}).get("pot", 0)),
    ):
        if value:
            tail.append(f"{key}={value}")
    sections.append(" ".join(tail))
    return " | ".join(sections)


def _words(text: str, where: str) -> list[str]:
    """Split on blanks, keeping JSON strings (names) whole."""
    out, i = [], 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        if text[i] == '"':
            try:
                value, end = json.JSONDecoder().raw_decode(text, i)
            except json.JSONDecodeError:
                raise ConfigError(f"notation: {where}: an unfinished quoted name") from None
            out.append(json.dumps(value, ensure_ascii=False))
            i = end
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        out.append(text[i:j])
        i = j
    return out


def _split_sections(text: str) -> list[str]:
    parts, depth, start, quoted, i = [], 0, 0, False, 0
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\":
                i += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "|" and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    parts.append(text[start:].strip())
    return parts


def _int(word: str, where: str) -> int:
    if not re.fullmatch(r"-?\d{1,12}", word):
        raise ConfigError(f"notation: {where}: {word!r} is not a whole number")
    return int(word)


def from_notation(text: str) -> dict[str, Any]:
    """A JSON position from its notation (check it with ``from_position``)."""
    if not isinstance(text, str) or "\n" in text.strip():
        raise ConfigError("notation: one line of text")
    sections = _split_sections(text.strip())
    if len(sections) < 4:
        raise ConfigError("notation: 'edition ruleset | player | player ... | turn=N' (at least two players)")
    head = _words(sections[0], "the game")
    if len(head) < 2:
        raise ConfigError("notation: the game section is 'edition ruleset [option=value ...]'")
    rules = _house_rules_from_notation(head[2:])
    lots: list[dict[str, Any]] = []
    players = [_seat_from_notation(p, section, lots) for p, section in enumerate(sections[1:-1])]
    turn, bank = _turn_from_notation(sections[-1])
    return {
        "format": FORMAT,
        "version": VERSION,
        "edition": head[0],
        "ruleset": head[1],
        "rules": rules,
        "players": players,
        "lots": sorted(lots, key=lambda x: x["square"]),
        "bank": bank,
        "turn": turn,
    }


def _house_rules_from_notation(words: list[str]) -> dict[str, Any]:
    rules: dict[str, Any] = {}
    for word in words:
        key, eq, raw = word.partition("=")
        if not eq or not key:
            raise ConfigError(f"notation: house rule {word!r} is not option=value")
        try:
            rules[key] = json.loads(raw)
        except json.JSONDecodeError:
            raise ConfigError(f"notation: house rule {key}: {raw!r} is not a JSON value") from None
    return rules


def _seat_from_notation(p: int, section: str, lots: list[dict[str, Any]]) -> dict[str, Any]:
    """Seat ``p``'s player; its lots are added to ``lots``."""
    where = f"seat {p}"
    words = _words(section, where)
    if len(words) < 3 or not words[2].startswith("@"):
        raise ConfigError(f"notation: {where}: 'name cash @square' comes first")
    name = json.loads(words[0]) if words[0].startswith('"') else words[0]
    pl: dict[str, Any] = {"name": name, "cash": _int(words[1], where), "square": _int(words[2][1:], where)}
    flags = {"go": "passed_go", "skip": "skip_next", "auto": "auto_claim", "bankrupt": "bankrupt"}
    for word in words[3:]:
        if word[0].isdigit():
            for item in word.split(","):
                m = _LOT.match(item)
                if not m:
                    raise ConfigError(f"notation: {where}: lot {item!r} is not like 39, 39h3, 39H or 39m")
                level = 5 if m.group(3) else int(m.group(2) or 0)
                lots.append({"square": int(m.group(1)), "owner": p, "level": level, "mortgaged": bool(m.group(4))})
        elif re.fullmatch(r"j\d{1,3}", word):
            pl["in_jail"], pl["jail_turns"] = True, int(word[1:])
        elif word.startswith("+") and len(word) > 1:
            pl.setdefault("jail_cards", []).append(word[1:])
        elif word in flags:
            pl[flags[word]] = True
        else:
            raise ConfigError(f"notation: {where}: unknown word {word!r}")
    return pl


def _turn_from_notation(section: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The turn section's ``turn`` and ``bank`` (the pot)."""
    turn: dict[str, Any] = {}
    bank: dict[str, Any] = {}
    for word in _words(section, "the turn"):
        key, eq, raw = word.partition("=")
        if key not in ("turn", "doubles", "round", "pot") or not eq:
            raise ConfigError(f"notation: the turn section takes turn=, doubles=, round=, pot=; not {word!r}")
        value = _int(raw, key)
        if key == "pot":
            bank["pot"] = value
        else:
            turn["current" if key == "turn" else key] = value
    if "current" not in turn:
        raise ConfigError("notation: the last section must say whose turn it is (turn=<seat>)")
    return turn, bank
