"""Letter keys typed on another keyboard layout: the key where ``b`` is types «и» on the Russian
layout, and Polish letters with AltGr (``ą``) sit on their base letter's key."""

from __future__ import annotations

# Russian ЙЦУКЕН: the letter each Latin key types
_RU = dict(zip("йцукенгшщзхъфывапролджэячсмитьбю", "qwertyuiop[]asdfghjkl;'zxcvbnm,.", strict=True))
_PL = dict(zip("ąćęłńóśźż", "acelnoszx", strict=True))  # AltGr + the key; ż is AltGr+z, ź AltGr+x
_PL["ż"] = "z"
_PL["ź"] = "x"


MAX_DIGITS = 15  # far beyond any amount or number of the game, far below Python's limit on int()


def number(text: str) -> int | None:
    """``text`` as a whole number of ASCII digits, or None: other digits (``²``, ``٣``) and numbers of
    more than :data:`MAX_DIGITS` digits are not numbers of the game (int() would refuse the first and
    choke on thousands of the second)."""
    if not text or len(text) > MAX_DIGITS or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def latin_key(text: str) -> str:
    """A one-letter command as the Latin key that typed it (``и`` -> ``b``); other input unchanged."""
    if len(text) != 1:
        return text
    low = text.lower()
    return _RU.get(low) or _PL.get(low) or text
