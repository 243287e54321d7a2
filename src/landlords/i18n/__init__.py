"""Every word a player reads, in Russian, Polish and English.

Catalogs are TOML files ``i18n/<lang>/*.toml`` (one per subject: ``core.toml`` for the classic
game, a variant may add its own file); keys are dotted (``event.paid``), values are templates with
``{name}`` placeholders. A missing key in a language falls back to English, and a test makes sure
no catalog lacks a key the English one has. An edition's own names (squares, cards) are never
translated: they stay in the edition's language.
"""

from __future__ import annotations

import locale
import os
import re
import tomllib
from functools import cache, lru_cache
from importlib import resources
from string import Formatter

from ..kept import Kept
from .grammar import Count

LANGUAGES = ("en", "ru", "pl")
DEFAULT = "en"


def _flatten(prefix: str, table: dict, out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language (merged from its files)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no messages in {lang!r} (available: {', '.join(LANGUAGES)})")
    out: dict[str, str] = {}
    folder = resources.files(__package__) / lang
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            _flatten("", tomllib.loads(entry.read_text(encoding="utf-8")), out)
    return out


def has(lang: str, key: str) -> bool:
    return key in catalog(lang) or key in catalog(DEFAULT)


class Plain(str):
    """A value with no grammar of its own: a case spec gives it unchanged, a form spec its first form."""

    def __format__(self, spec: str) -> str:
        if spec.startswith(("g:", "v:")):
            return spec[2:].split("|")[0]
        if spec.startswith("p:"):  # a count that came as text: its last form (the general plural)
            return f"{self} {spec[2:].split('|')[-1]}"
        if spec in ("nom", "gen", "dat", "acc", "ins", "loc"):
            return str(self)
        if spec == "poss":
            return str(self) + "'s"
        return format(str(self), spec)


TEMPLATES_KEPT = 50_000  # keys made of codes: a bound all the same
_TEMPLATES: Kept[tuple[str, str, str | None], str | None] = Kept(TEMPLATES_KEPT)  # (lang, key, variant)


def template(lang: str, key: str, variant: str | None = None) -> str | None:
    """The template of ``key`` in ``lang``: a variant's own wording (``<variant>.<key>``) first,
    then the language's, then English (found once per language, key and variant: the catalogs
    never change once read)."""
    found = _TEMPLATES.get((lang, key, variant), _TEMPLATES)
    if found is _TEMPLATES:
        found = _TEMPLATES.keep((lang, key, variant), _template(lang, key, variant))
    return found  # type: ignore[return-value]


def _template(lang: str, key: str, variant: str | None) -> str | None:
    own = catalog(lang)
    if variant and f"{variant}.{key}" in own:
        return own[f"{variant}.{key}"]
    if key in own:
        return own[key]
    return catalog(DEFAULT).get(key)


@lru_cache(maxsize=8192)
def _specced(text: str) -> frozenset[str]:
    """The fields of a template written with a format spec (a case, a gender's form, a plural): only
    their plain values need wrapping (in :class:`Plain` or :class:`Count`); a field without one
    formats a plain string or number as it is."""
    return frozenset(field for _, field, spec, _ in Formatter().parse(text) if field and spec)


# (lang, key, variant) -> the template, its fields with a spec (:func:`_specced`), and whether it
# starts with a field (a sentence that starts with a name gets a capital): found once per key
_MESSAGES: Kept[tuple[str, str, str | None], tuple[str, frozenset[str], bool]] = Kept(TEMPLATES_KEPT)


def tr(lang: str, key: str, variant: str | None = None, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in (``variant``: a ruleset's variant
    whose catalogs may word the message their own way, e.g. artels instead of houses)."""
    found = (lang, key, variant)
    message = _MESSAGES.get(found)
    if message is None:  # what :func:`template` finds, and what the template asks of its fields
        text = template(lang, key, variant)
        if text is None:
            raise KeyError(f"no message {key!r}")
        message = _MESSAGES.keep(found, (text, _specced(text), text.startswith("{")))
    text, specced, capital = message
    if specced:
        params = {
            k: (Plain(v) if type(v) is str else Count(v, lang) if type(v) is int else v) if k in specced else v
            for k, v in params.items()
        }
    out = nest_quotes(text.format(**params))
    return out[:1].upper() + out[1:] if capital and out[:1].islower() else out


# an opening mark followed by another before any closing one: the only case nest_quotes changes
_NESTED = re.compile("«[^»]*[«„]|„[^”“]*[«„]")


# quotes inside quotes take the inner kind: «Кафе «Х.Л.А.М.»» -> «Кафе „Х.Л.А.М.“», „a „b” c” -> „a ‚b’ c”
def nest_quotes(text: str) -> str:
    if _NESTED.search(text) is None:  # every sentence with a name in it comes here: most nest nothing
        return text
    out: list[str] = []
    stack: list[tuple[str, str]] = []  # (the opening mark as written, what it was shown as)
    for ch in text:
        top = stack[-1] if stack else None
        if top is not None and ((top[0] == "«" and ch == "»") or (top[0] == "„" and ch in "”“")):
            stack.pop()
            shown = top[1]
            out.append({"«": "»", "‚": "’"}.get(shown, "“" if top[0] == "«" else ch))
        elif ch == "«":
            shown = "„" if stack and stack[-1][0] == "«" else "«"
            stack.append(("«", shown))
            out.append(shown)
        elif ch == "„":
            shown = "‚" if stack and stack[-1][1] == "„" and stack[-1][0] == "„" else "„"
            stack.append(("„", shown))
            out.append(shown)
        else:
            out.append(ch)
    return "".join(out)


def plural(lang: str, n: int, forms: str) -> str:
    """Pick the plural form of ``n`` from ``"one|few|many"`` (ru, pl) or ``"one|other"`` (en), by the
    language's CLDR plural rule (Babel)."""
    from .grammar import plural_form

    return plural_form(lang, n, forms)


def default_language() -> str:
    """The user's language from the environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        code = value.split(":")[0][:2].lower()
        if code in LANGUAGES:
            return code
    try:
        code = (locale.getlocale()[0] or "")[:2].lower()
    except ValueError:  # pragma: no cover - a broken locale setting
        code = ""
    return code if code in LANGUAGES else DEFAULT


MONEY_PARAMS = frozenset({"amount", "cost", "cash", "price", "need", "have", "fine", "fee", "bid", "low"})
PERSON_PARAMS = frozenset({"player", "decider", "partner", "owner", "payer", "payee"})
# parameters that are codes, translated through a catalog section
CODE_PARAMS = {"when": "when", "waiting": "waiting", "expected": "waiting"}


def reason(lang: str, exc: Exception, money=None) -> str:
    """Why an action was refused, in ``lang``: the catalog's ``rule.<rule>`` template filled with
    the exception's parameters (amounts shown with ``money``, e.g. an edition's
    ``currency.show``), else the engine's English reason."""
    rule = getattr(exc, "rule", None)
    params = dict(getattr(exc, "params", {}) or {})
    key = f"rule.{rule}"
    if rule is None or key not in catalog(lang):
        return getattr(exc, "reason", str(exc))
    for name, value in params.items():
        if name in PERSON_PARAMS and isinstance(value, str):  # a name: its grammar guessed from it
            from .bot_names import shown_name
            from .grammar import Person, guess

            params[name] = Person(guess(shown_name(value, lang), lang))  # a bot's name in ``lang`` too
        elif money is not None and name in MONEY_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            params[name] = money(value)
        elif name in CODE_PARAMS and has(lang, f"{CODE_PARAMS[name]}.{value}"):
            params[name] = tr(lang, f"{CODE_PARAMS[name]}.{value}")
    try:
        return tr(lang, key, **params)
    except (KeyError, IndexError):  # the raise site passed other parameters than the catalog uses
        return getattr(exc, "reason", str(exc))
