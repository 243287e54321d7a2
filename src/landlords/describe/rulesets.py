"""Each ruleset's differences, written for players (catalog ``ruleset.summary.<id>``), for the start
of a game, the in-game help and ``landlords rulesets`` / ``landlords rules``.

A summary names the options in force, never the ruleset's defaults: ``{free_parking}`` in its text is
the phrase of the value in force (``ruleset.phrase.free_parking.rest``, in the variant's words where
it has them), ``{jail_fine}`` the number, ``{houses}`` the bank's houses counted in the variant's word;
so a house rule (``--rule free_parking=rest``) changes the sentence, not only a line at the end."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from ..engine.ruleset import Ruleset
from ..i18n import has, template, tr
from .words import count

# a phrase may open a sentence: its first letter after a full stop is a capital
_SENTENCE = re.compile(r"(?<=[.!?] )[a-zа-яёąćęłńóśźż]")
# the fields that are the ruleset's name and papers, not a rule
NOT_RULES = ("id", "description", "edition", "sources")


def ruleset_name(rules: Ruleset, lang: str) -> str:
    key = f"ruleset.name.{rules.id}"
    return tr(lang, key) if has(lang, key) else rules.id


def option_words(rules: Ruleset, lang: str) -> dict[str, Any]:
    """Every option's value as a summary names it: a phrase where the catalogs have one for the value,
    a count of buildings in the variant's words, else the value itself."""
    variant = rules.variant
    out: dict[str, Any] = {}
    for f in fields(rules):
        value = getattr(rules, f.name)
        key = f"ruleset.phrase.{f.name}.{value}"
        out[f.name] = tr(lang, key, variant) if template(lang, key, variant) is not None else value
    out["claim"] = out["rent_claim"]  # (a template names it so: "rent" is not a word of every language)
    out["houses"] = count(lang, "house", rules.houses, variant)
    out["hotels"] = count(lang, "hotel", rules.hotels, variant)
    return out


def summary(rules: Ruleset, lang: str, base: Ruleset | None = None) -> list[str]:
    """The summary's lines, worded from the options in force; a ruleset with house rules (values
    that differ from ``base``, the named ruleset it was made from) gets a line naming them."""
    key = f"ruleset.summary.{rules.id}"
    text = tr(lang, key, **option_words(rules, lang)) if has(lang, key) else ""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    lines = [_SENTENCE.sub(lambda m: m.group(0).upper(), line[:1].upper() + line[1:]) for line in lines]
    if base is not None:
        changed = [
            f"{f.name}={getattr(rules, f.name)}"
            for f in fields(rules)
            if f.name not in NOT_RULES and getattr(rules, f.name) != getattr(base, f.name)
        ]
        if changed:
            lines.append(tr(lang, "ruleset.house_rules", rules=", ".join(changed)))
    return lines


def title(rules: Ruleset, lang: str) -> str:
    return tr(lang, "ruleset.title", name=ruleset_name(rules, lang))
