"""Typed reading of a position's fields: each wrong one is one ConfigError naming its path
(``players[1].cash: must be an integer, not "100"``); decision data classes and a variant's own
attributes are read by their declared types and by the shape of a new game's values."""

from __future__ import annotations

import dataclasses
import json
import sys
import typing
from collections import deque
from typing import TYPE_CHECKING, Any

from .errors import ConfigError
from .fieldtypes import field_types
from .state import _TYPES

if TYPE_CHECKING:
    from .core import GameCore


class Reader:
    """Typed access to a position's fields: a wrong one is a ConfigError naming its path."""

    def __init__(self, source: str = "position") -> None:
        self.source = source

    def fail(self, path: str, message: str) -> ConfigError:
        return ConfigError(f"{self.source}: {path}: {message}")

    def get(
        self, data: dict[str, Any], key: str, path: str, kind: Any, default: Any = ..., allow_none: bool = False
    ) -> Any:
        if key not in data or (data[key] is None and not allow_none):
            if default is ...:
                raise self.fail(f"{path}{key}", "is missing")
            return default
        return self.check(data[key], f"{path}{key}", kind, allow_none)

    def check(self, value: Any, path: str, kind: Any, allow_none: bool = False) -> Any:
        if value is None and allow_none:
            return None
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(path, f"must be an integer, not {_shown(value)}")
            if abs(value) > 10**12:
                raise self.fail(path, f"{value} is out of range")
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self.fail(path, f"must be a number, not {_shown(value)}")
        elif kind in _KIND_WORDS and not isinstance(value, kind):
            raise self.fail(path, f"must be {_KIND_WORDS[kind]}, not {_shown(value)}")
        return value

    def seat(self, value: Any, path: str, n: int, allow_none: bool = False) -> int:
        v: int = self.check(value, path, int)
        if not 0 <= v < n and not (allow_none and v == -1):
            raise self.fail(path, f"there is no seat {v} (seats are 0 to {n - 1})")
        return v

    def square(self, value: Any, path: str, size: int) -> int:
        v: int = self.check(value, path, int)
        if not 0 <= v < size:
            raise self.fail(path, f"there is no square {v} (squares are 0 to {size - 1})")
        return v

    def keys(self, data: dict[str, Any], allowed: typing.Iterable[str], path: str) -> None:
        unknown = sorted(set(data) - set(allowed))
        if unknown:
            raise self.fail(f"{path}{unknown[0]}", "is not a field of a position")


# what a value of each plain kind is called in a refusal
_KIND_WORDS: dict[Any, str] = {bool: "true or false", str: "text", list: "a list", dict: "a table (an object)"}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _hint_to_value(r: Reader, hint: str, value: Any, path: str, ns: dict[str, Any]) -> Any:
    """Read ``value`` as the type named by the annotation text ``hint`` (dataclass fields)."""
    hint = hint.strip()
    if "|" in hint and not hint.startswith(("list[", "tuple[")):
        options = [h.strip() for h in hint.split("|")]
        if value is None and "None" in options:
            return None
        hint = next(h for h in options if h != "None")
    if hint in ("int", "bool", "str", "float"):
        return r.check(value, path, {"int": int, "bool": bool, "str": str, "float": float}[hint])
    if hint == "Any":
        return value
    for outer in ("list[", "tuple["):
        if hint.startswith(outer):
            inner = hint[len(outer) : -1]
            r.check(value, path, list)
            parts = _split_args(inner)
            if outer == "tuple[" and not (len(parts) == 2 and parts[1] == "..."):
                if len(value) != len(parts):
                    raise r.fail(path, f"must hold {len(parts)} values")
                return tuple(
                    _hint_to_value(r, h, v, f"{path}[{i}]", ns)
                    for i, (h, v) in enumerate(zip(parts, value, strict=True))
                )
            items = [_hint_to_value(r, parts[0], v, f"{path}[{i}]", ns) for i, v in enumerate(value)]
            return tuple(items) if outer == "tuple[" else items
    cls = _TYPES.get(hint) or ns.get(hint)
    if cls is not None and dataclasses.is_dataclass(cls):
        return read_dataclass(r, value, path, cls)
    raise r.fail(path, f"cannot read a {hint}")  # pragma: no cover - a data class the reader does not know


def _split_args(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return parts


def read_dataclass(r: Reader, value: Any, path: str, cls: type | None = None) -> Any:
    r.check(value, path, dict)
    name = value.get("type")
    if cls is None:
        cls = _TYPES.get(name) if isinstance(name, str) else None
        if cls is None:
            raise r.fail(f"{path}.type", f"unknown data type {_shown(name)}")
    ns = vars(sys.modules[cls.__module__])
    fields = dataclasses.fields(cls)
    r.keys(value, ["type", *(f.name for f in fields)], f"{path}.")
    kwargs = {}
    types = field_types(cls)
    for f in fields:
        if f.name not in value:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise r.fail(f"{path}.{f.name}", "is missing")
            continue
        kwargs[f.name] = _hint_to_value(r, types[f.name], value[f.name], f"{path}.{f.name}", ns)
    return cls(**kwargs)


def read_decision_data(r: Reader, value: Any, path: str) -> Any:
    if value is None or isinstance(value, bool):
        if isinstance(value, bool):
            raise r.fail(path, "must be a number, a text, a list or a table")
        return None
    if isinstance(value, int | str):
        return value
    if isinstance(value, list):
        return tuple(r.check(v, f"{path}[{i}]", int) for i, v in enumerate(value))
    return read_dataclass(r, value, path)


def like_template(r: Reader, template: Any, value: Any, path: str, game: GameCore) -> Any:
    """Read a variant's attribute: the same JSON shape as the value a new game holds."""
    if isinstance(template, bool):
        return r.check(value, path, bool)
    if isinstance(template, int):
        return r.check(value, path, int)
    if isinstance(template, str):
        return r.check(value, path, str)
    if template is None:
        if (value is not None and not isinstance(value, str | int)) or isinstance(value, bool):
            raise r.fail(path, f"must be a number, a text or null, not {_shown(value)}")
        return value
    if isinstance(template, list | tuple | deque):
        r.check(value, path, list)
        if len(template) in (game.n, game.size) and len(value) != len(template):
            raise r.fail(path, f"must hold {len(template)} values, not {len(value)}")
        if template:
            items = [like_template(r, template[0], v, f"{path}[{i}]", game) for i, v in enumerate(value)]
        else:
            items = [like_template(r, 0, v, f"{path}[{i}]", game) for i, v in enumerate(value)]
        return type(template)(items) if not isinstance(template, list) else items
    if isinstance(template, dict):
        r.check(value, path, dict)
        out = {}
        for k, v in value.items():
            key: Any = k
            if k.lstrip("-").isdigit():
                key = int(k)
            elif not template or not all(isinstance(x, str) for x in template):
                raise r.fail(f"{path}.{k}", "keys are square numbers")
            out[key] = like_template(r, 0, v, f"{path}.{k}", game)
        return out
    if dataclasses.is_dataclass(template):
        return read_dataclass(r, value, path, type(template))
    raise r.fail(path, f"cannot read a {type(template).__name__}")  # pragma: no cover
