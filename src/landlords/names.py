"""Text that people type and others read: player names (and chat, for the server).

A name is plain text, never markup or terminal control: control and format characters (escape
sequences, bidi overrides, zero-width marks) and undecodable bytes are refused, and it has a length
limit, so a name can neither break a screen nor hide as another one. Two names at one table may not
look alike: "Аnn" with a Cyrillic А is "Ann" to whoever reads it (:func:`look_alike_key`).
"""

from __future__ import annotations

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
