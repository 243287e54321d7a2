"""Text that people type and others read: player names (and chat, for the server).

A name is plain text, never markup or terminal control: control and format characters (escape
sequences, bidi overrides, zero-width marks) and undecodable bytes are refused, and it has a length
limit, so a name can neither break a screen nor hide as another one. Two names at one table may not
look alike: "Аnn" with a Cyrillic А is "Ann" to whoever reads it (:func:`look_alike_key`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .engine.errors import ConfigError

MAX_NAME = 32  # characters of a player's name
MAX_CHAT = 500  # characters of a chat message


def check_text(text: object, what: str, limit: int, *, allow_newlines: bool = False) -> str:
    """``text`` stripped if it is acceptable as ``what``; else a ConfigError naming the problem."""
    if not isinstance(text, str):
        raise ConfigError(f"{what} must be text, got {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ConfigError(f"{what} is not valid UTF-8 text") from None
    text = text.strip()
    if not text:
        raise ConfigError(f"{what} is empty")
    if len(text) > limit:
        raise ConfigError(f"{what} is longer than {limit} characters")
    for ch in text:
        if allow_newlines and ch == "\n":
            continue
        if unicodedata.category(ch)[0] == "C":  # Cc control, Cf format, Cs surrogate, Co/Cn
            raise ConfigError(f"{what} contains a control character (U+{ord(ch):04X})")
    return text


def check_name(name: object, what: str = "a player's name") -> str:
    return check_text(name, what, MAX_NAME)


def check_names(names: list[object], what: str = "players") -> list[str]:
    """Each name checked, and no two alike (ignoring case and look-alike letters)."""
    out = [
        check_name(n, f"{what}[{i}] ({n!r})" if isinstance(n, str) else f"{what}[{i}]")
        for i, n in enumerate(names)
    ]
    folded = [look_alike_key(n) for n in out]
    if len(set(folded)) != len(folded):
        raise ConfigError(f"{what}: every player needs a name of their own")
    return out


def table_language(edition: str) -> str:
    """The language of a table: its edition's, where the catalogs have it (else English)."""
    from .editions import load_edition
    from .i18n import DEFAULT, LANGUAGES

    try:
        lang = load_edition(edition).language
    except Exception:  # an edition that does not load is refused elsewhere, with its reason
        return DEFAULT
    return lang if lang in LANGUAGES else DEFAULT


def bot_name(edition: str, n: int) -> str:
    """The name a bot gets at a table of ``edition`` when nobody named it: the catalog's word in the
    table's language, as ``landlords play`` names its bots ("Бот 3" in a Russian game, "Bot 3")."""
    from .i18n import tr

    return tr(table_language(edition), "ui.bot_name", n=n)


def shown_name(name: str, lang: str) -> str:
    """``name`` as a reader of ``lang`` reads it: a bot's default name is a word of the table's
    language ("Бот 3"), read as the reader's own ("Bot 3"); every other name as it is."""
    from .i18n import tr

    for pattern in _bot_patterns():
        found = pattern.fullmatch(name)
        if found is not None:
            return tr(lang, "ui.bot_name", n=int(found.group(1)))
    return name


@lru_cache(maxsize=1)
def _bot_patterns() -> tuple[re.Pattern[str], ...]:
    """The default bot names of every language, as patterns ("Бот (\\d{1,2})")."""
    from .i18n import LANGUAGES, template

    out = []
    for lang in LANGUAGES:
        text = template(lang, "ui.bot_name")
        if text is not None and text.count("{n}") == 1:
            out.append(re.compile(re.escape(text).replace(re.escape("{n}"), r"(\d{1,2})")))
    return tuple(out)


def look_alike_key(name: str) -> str:
    """What ``name`` looks like: equal for names a reader cannot tell apart. Compatibility forms are
    folded (NFKC: a full-width or mathematical A is an A), a letter of another script drawn like a
    Latin one is read as that letter (Unicode's confusables, from the confusable-homoglyphs package),
    and case is ignored: "Аnn" (Cyrillic А), "ΑΝΝ" (Greek) and "ann" have one key."""
    return "".join(_looks_like(ch) for ch in unicodedata.normalize("NFKC", name)).casefold()


@lru_cache(maxsize=4096)
def _looks_like(ch: str) -> str:
    """The ASCII letter ``ch`` is drawn like, or ``ch``."""
    if ch.isascii():
        return ch
    from confusable_homoglyphs.confusables import confusables_data

    ascii_letters = [h["c"] for h in confusables_data.get(ch, ()) if len(h["c"]) == 1 and h["c"].isascii()]
    return min(ascii_letters) if ascii_letters else ch
