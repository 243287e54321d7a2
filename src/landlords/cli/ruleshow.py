"""``landlords rules RULESET``: every option as a short block that reads at 80 columns.

An option key (what ``--rule`` takes) is never cut, a house rule is marked with the ruleset's own
value beside it, and a seed reference reads as words: ``000:71`` -> "seed 000, line 71"."""

from __future__ import annotations

import re
import textwrap
from typing import Any

from rich.console import Console
from rich.text import Text

from ..engine.ruleset import Ruleset

_REF = re.compile(r"\b(\d{3}):(\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)")
_SEED = re.compile(r"^(\d{3})\b(?!:)")
_REC = re.compile(r"\bREC\b")


def _lines(refs: str) -> str:
    parts = refs.split(",")
    many = len(parts) > 1 or "-" in refs
    return ("lines " if many else "line ") + ", ".join(parts)


def seed_words(source: str) -> str:
    """``"000:109,259 (REC B-1)"`` -> ``"seed 000, lines 109, 259 (recommendation B-1)"``."""
    text = _REF.sub(lambda m: f"seed {m.group(1)}, {_lines(m.group(2))}", source)
    text = _SEED.sub(lambda m: f"seed {m.group(1)}", text)
    return _REC.sub("recommendation", text)


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def print_rules(console: Console, r: Ruleset, base: Ruleset) -> None:
    console.print(Text(r.id, style="bold") + Text(f": {r.description} (edition {r.edition})"))
    console.print(
        Text("Set an option with --rule KEY=VALUE; ", style="dim")
        + Text("* marks a house rule, with the ruleset's own value after it.", style="dim")
    )
    for f in Ruleset.options():
        value, own = getattr(r, f.name), getattr(base, f.name)
        head = Text()
        changed = value != own
        head.append("* " if changed else "  ", style="bold yellow")
        head.append(f.name, style="bold")
        head.append(" = ")
        head.append(show_value(value), style="bold yellow" if changed else "cyan")
        if changed:
            head.append(f"  (ruleset: {show_value(own)})", style="dim")
        console.print(head, overflow="fold")
        about = f.metadata.get("doc", "")
        source = r.source_of(f.name)
        if source:
            about += f" [{seed_words(source)}]"
        if about:
            width = max(40, console.width)
            text = textwrap.fill(seed_words(about.strip()), width, initial_indent="    ", subsequent_indent="    ")
            console.print(Text(text, style="dim"), no_wrap=True, crop=False)
