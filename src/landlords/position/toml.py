"""Writing a position as TOML (read back with the standard library's ``tomllib``).

TOML has no null: a field whose value is null is left out, which a position reads as its default.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..engine.errors import ConfigError

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        if any(x is None for x in v):
            raise ConfigError("a list holding null cannot be written in TOML")
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        items = [f"{_key(k)} = {_value(x)}" for k, x in v.items() if x is not None]
        return "{" + ", ".join(items) + "}" if items else "{}"
    raise ConfigError(f"cannot write {type(v).__name__} in TOML")


def dumps_toml(data: dict[str, Any]) -> str:
    """A position (any JSON object of tables and lists) as a TOML document."""
    head, tables = [], []
    for k, v in data.items():
        if v is None:
            continue
        if isinstance(v, dict):
            tables.append(f"\n[{_key(k)}]")
            tables.extend(f"{_key(sk)} = {_value(sv)}" for sk, sv in v.items() if sv is not None)
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                tables.append(f"\n[[{_key(k)}]]")
                tables.extend(f"{_key(sk)} = {_value(sv)}" for sk, sv in item.items() if sv is not None)
        else:
            head.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(head + tables) + "\n"
