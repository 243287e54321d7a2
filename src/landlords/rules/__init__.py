"""The named rulesets. Each is a :class:`Ruleset` whose values are its seed document's readings.

``get_ruleset("hasbro-ru", free_parking="rest")`` gives a ruleset with house rules applied.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import ConfigError
from ..engine.ruleset import Ruleset

HASBRO_RU = Ruleset(
    id="hasbro-ru",
    description=(
        "The classic game by the Russian Hasbro rules of seed 000 (part B, with part A's house rules as options)"
    ),
    edition="moscow",
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (HASBRO_RU,)}


def ruleset_names() -> list[str]:
    return list(RULESETS)


def get_ruleset(name: str | Ruleset, overrides: dict[str, Any] | None = None, /, **more: Any) -> Ruleset:
    """A named ruleset, with optional house-rule overrides (``KEY=VALUE`` strings are accepted)."""
    if isinstance(name, Ruleset):
        base = name
    else:
        base = RULESETS.get(name)
        if base is None:
            raise ConfigError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)})")
    changes = dict(overrides or {}, **more)
    return base.override(**changes) if changes else base


def parse_overrides(items: list[str]) -> dict[str, str]:
    """``["free_parking=rest", "starting_cash=2000"]`` -> a dict (values are coerced later)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"a house rule is written KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out
