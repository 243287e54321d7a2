"""Players' names as words of a language: the default name of a bot ("Бот 3") in a table's language,
and read in a reader's own ("Bot 3"). Names themselves (their rules, look-alikes) are
:mod:`landlords.names`; this is the catalogs' side, which the refusals' words use too."""

from __future__ import annotations

import re
from functools import lru_cache

from . import DEFAULT, LANGUAGES, template, tr


def table_language(edition: str) -> str:
    """The language of a table: its edition's, where the catalogs have it (else English)."""
    from ..editions import load_edition

    try:
        lang = load_edition(edition).language
    except Exception:  # an edition that does not load is refused elsewhere, with its reason
        return DEFAULT
    return lang if lang in LANGUAGES else DEFAULT


def bot_name(edition: str, n: int) -> str:
    """The name a bot gets at a table of ``edition`` when nobody named it: the catalog's word in the
    table's language, as ``landlords play`` names its bots ("Бот 3" in a Russian game, "Bot 3")."""
    return tr(table_language(edition), "ui.bot_name", n=n)


def shown_name(name: str, lang: str) -> str:
    """``name`` as a reader of ``lang`` reads it: a bot's default name is a word of the table's
    language ("Бот 3"), read as the reader's own ("Bot 3"); every other name as it is."""
    for pattern in _bot_patterns():
        found = pattern.fullmatch(name)
        if found is not None:
            return tr(lang, "ui.bot_name", n=int(found.group(1)))
    return name


@lru_cache(maxsize=1)
def _bot_patterns() -> tuple[re.Pattern[str], ...]:
    """The default bot names of every language, as patterns ("Бот (\\d{1,2})")."""
    out = []
    for lang in LANGUAGES:
        text = template(lang, "ui.bot_name")
        if text is not None and text.count("{n}") == 1:
            out.append(re.compile(re.escape(text).replace(re.escape("{n}"), r"(\d{1,2})")))
    return tuple(out)
