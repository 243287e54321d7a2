"""Each ruleset's differences, written for players (catalog ``ruleset.summary.<id>``), for the start
of a game, the in-game help and ``landlords rulesets`` / ``landlords rules``."""

from __future__ import annotations

from dataclasses import fields

from ..engine.ruleset import Ruleset
from ..i18n import has, tr


def ruleset_name(rules: Ruleset, lang: str) -> str:
    key = f"ruleset.name.{rules.id}"
    return tr(lang, key) if has(lang, key) else rules.id


def summary(rules: Ruleset, lang: str, base: Ruleset | None = None) -> list[str]:
    """The summary's lines; a ruleset with house rules (values that differ from ``base``, the named
    ruleset it was made from) gets a line naming them."""
    key = f"ruleset.summary.{rules.id}"
    lines = [line.strip() for line in tr(lang, key).strip().splitlines() if line.strip()] if has(lang, key) else []
    if base is not None:
        changed = [
            f"{f.name}={getattr(rules, f.name)!r}"
            for f in fields(rules)
            if f.name not in ("id", "description", "edition", "sources")
            and getattr(rules, f.name) != getattr(base, f.name)
        ]
        if changed:
            lines.append(tr(lang, "ruleset.house_rules", rules=", ".join(changed)))
    return lines


def title(rules: Ruleset, lang: str) -> str:
    return tr(lang, "ruleset.title", name=ruleset_name(rules, lang))
