"""``landlords rules RULESET``: every option as a short block that reads at 80 columns, in the reader's
language (catalog ``option.<name>`` and ``cli.rules.*``).

An option key (what ``--rule`` takes) is never cut, a house rule is marked with the ruleset's own
value beside it, and a seed reference reads as words: ``000:71`` -> "seed 000, line 71"."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from rich.console import Console
from rich.text import Text

from ..describe.rulesets import ruleset_name
from ..engine.ruleset import Ruleset
from ..i18n import has, tr

_REF = re.compile(r"\b(\d{3}):(\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)")
_SEED = re.compile(r"^(\d{3})\b(?!:)")
_REC = re.compile(r"\bREC\b")


def _lines(refs: str, lang: str) -> str:
    parts = refs.split(",")
    many = len(parts) > 1 or "-" in refs
    return tr(lang, "cli.rules.lines" if many else "cli.rules.line", lines=", ".join(parts))


def seed_words(source: str, lang: str = "en") -> str:
    """``"000:109,259 (REC B-1)"`` -> ``"seed 000, lines 109, 259 (recommendation B-1)"``."""
    seed = lambda n: tr(lang, "cli.rules.seed", seed=n)
    text = _REF.sub(lambda m: f"{seed(m.group(1))}, {_lines(m.group(2), lang)}", source)
    text = _SEED.sub(lambda m: seed(m.group(1)), text)
    return _REC.sub(tr(lang, "cli.rules.recommendation"), text)


def show_value(value: Any) -> str:
    """A value as ``--rule`` takes it (the same in every language)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def option_doc(lang: str, name: str, default: str = "") -> str:
    """What an option means, in ``lang`` (the option's own English doc where no catalog has it)."""
    key = f"option.{name}"
    return tr(lang, key) if has(lang, key) else default


def print_rules(console: Console, r: Ruleset, base: Ruleset, lang: str = "en") -> None:
    about_key = f"ruleset.about.{r.id}"  # what the ruleset is, where it comes from, what is left out
    about = tr(lang, about_key) if has(lang, about_key) else ruleset_name(r, lang)
    head = tr(lang, "cli.rules.head", id="\0", about=about, edition=r.edition)
    before, _, after = head.partition("\0")
    console.print(Text(before) + Text(r.id, style="bold") + Text(after))
    console.print(Text(tr(lang, "cli.rules.how"), style="dim"))
    for f in Ruleset.options():
        value, own = getattr(r, f.name), getattr(base, f.name)
        head_line = Text()
        changed = value != own
        head_line.append("* " if changed else "  ", style="bold yellow")
        head_line.append(f.name, style="bold")
        head_line.append(" = ")
        head_line.append(show_value(value), style="bold yellow" if changed else "cyan")
        if changed:
            head_line.append("  " + tr(lang, "cli.rules.own", value=show_value(own)), style="dim")
        console.print(head_line, overflow="fold")
        about = option_doc(lang, f.name, f.metadata.get("doc", ""))
        source = r.source_of(f.name)
        if source and has(lang, f"source.{source}"):  # the note beside the reference, in the reader's words
            source = tr(lang, f"source.{source}")
        if source:
            about += f" [{seed_words(source, lang)}]"
        if about:
            width = max(40, console.width)
            text = textwrap.fill(
                seed_words(about.strip(), lang), width, initial_indent="    ", subsequent_indent="    "
            )
            console.print(Text(text, style="dim"), no_wrap=True, crop=False)
