"""Grammar from data: a profile per person (cases and gender of a name, the person addressed),
plural forms and numbers by the language's CLDR rules (Babel).

Catalog templates ask a name for what the sentence needs through the placeholder's format spec:

* ``{payee:dat}`` - a case: ``nom gen dat acc ins loc`` (Russian, Polish), ``poss`` (English
  possessive: "Anna's", "your");
* ``{seat:g:попал|попала|попали}`` - a form by gender: masculine | feminine | the person addressed
  (the third defaults to the first); a fourth form is the person addressed when she is a woman
  (``{seat:g:zapłacił|zapłaciła|zapłaciłeś|zapłaciłaś}``; the third is used when it is missing);
* ``{seat:v:бросает|бросаете}`` - a verb by person: a third person | the person addressed;
* ``{houses:p:дом|дома|домов}`` - a count and its noun in the plural form CLDR gives the number in
  the language: one|few|many (Russian, Polish), one|other (English): "1 house", «3 дома», «5 домов».

A square's name is never put in an oblique case in Russian and Polish: it follows a generic noun in
the case the sentence needs («купить поле «Улица Арбат»», „na polu „Ulica Grochowska””), so the name
itself stays in the nominative; a state of a square is an invariant phrase («(в залоге)»), not a
participle that would have to agree with the name's gender.

A name's profile is guessed from the name (``guess``) and can be overridden (``profile``), e.g. for
«Саша» (either gender) or a foreign name. The person playing at the default seat name («Вы», "You",
"Ty") is addressed in the second person.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

CASES = ("nom", "gen", "dat", "acc", "ins", "loc", "poss")
GENDERS = ("m", "f", "n")
# the name a seat gets when nobody named it; such a seat is addressed as "you" in every language
YOU = {"en": "You", "ru": "Вы", "pl": "Ty"}
_YOU_FORMS = {
    # English "you" is lower-case inside a sentence; a sentence that starts with it is capitalised
    "en": {"nom": "you", "gen": "you", "dat": "you", "acc": "you", "ins": "you", "loc": "you", "poss": "your"},
    "ru": {"nom": "Вы", "gen": "вас", "dat": "вам", "acc": "вас", "ins": "вами", "loc": "вас"},
    "pl": {"nom": "Ty", "gen": "ciebie", "dat": "tobie", "acc": "ciebie", "ins": "tobą", "loc": "tobie"},
}
_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")


@dataclass(frozen=True, slots=True)
class Profile:
    """How a name behaves in sentences: its case forms, its gender, whether it is addressed as "you"."""

    name: str
    gender: str = "m"
    you: bool = False
    forms: Mapping[str, str] = field(default_factory=dict)

    def case(self, case: str) -> str:
        return self.forms.get(case, self.name)


class Person(str):
    """A name in a sentence: formats as the nominative, or as ``spec`` asks (see the module doc)."""

    profile: Profile

    def __new__(cls, profile: Profile) -> Person:
        obj = super().__new__(cls, profile.case("nom"))
        obj.profile = profile
        return obj

    def __format__(self, spec: str) -> str:
        p = self.profile
        if not spec:
            return str(self)
        if spec.startswith("g:"):
            forms = spec[2:].split("|")
            if p.you and len(forms) > 2:  # a woman addressed: the fourth form where it differs
                return forms[3] if p.gender == "f" and len(forms) > 3 else forms[2]
            return forms[1] if p.gender == "f" and len(forms) > 1 else forms[0]
        if spec.startswith("v:"):
            forms = spec[2:].split("|")
            return forms[1] if p.you and len(forms) > 1 else forms[0]
        if spec in CASES:
            return p.case(spec)
        return format(str(self), spec)


# ------------------------------------------------------------------ guessing a profile
_RU_MALE_A = frozenset(
    "саша миша никита илья дима ваня петя вася коля толя лёша леша паша гоша серёжа сережа федя костя лёва лева "
    "боря вова гена сеня слава жора кузьма фома лука савва даня витя стёпа степа тёма тема юра рома шура".split()
)
_RU_FEMALE_SOFT = frozenset("любовь нинель адель рахиль юдифь".split())
_PL_MALE_A = frozenset("kuba barnaba bonawentura kosma jarema zawisza".split())


def _ru_forms(name: str, gender: str) -> dict[str, str]:
    """Russian first-declension (-а/-я) and masculine (consonant, -й, -ь) endings; others stay as they are."""
    low = name.lower()
    stem, last = name[:-1], low[-1:]
    prev = low[-2:-1]
    if last in "ая":
        hush = prev in "гкхжшчщ"
        if low.endswith("ия"):
            return {"gen": stem + "и", "dat": stem + "и", "acc": stem + "ю", "ins": stem + "ей", "loc": stem + "и"}
        if last == "а":
            soft_ins = prev in "жшчщц"
            return {
                "gen": stem + ("и" if hush else "ы"),
                "dat": stem + "е",
                "acc": stem + "у",
                "ins": stem + ("ей" if soft_ins else "ой"),
                "loc": stem + "е",
            }
        return {"gen": stem + "и", "dat": stem + "е", "acc": stem + "ю", "ins": stem + "ей", "loc": stem + "е"}
    if gender == "f":
        if last == "ь":
            return {"gen": stem + "и", "dat": stem + "и", "acc": name, "ins": stem + "ью", "loc": stem + "и"}
        return {}
    if last == "й":
        return {"gen": stem + "я", "dat": stem + "ю", "acc": stem + "я", "ins": stem + "ем", "loc": stem + "е"}
    if last == "ь":
        return {"gen": stem + "я", "dat": stem + "ю", "acc": stem + "я", "ins": stem + "ем", "loc": stem + "е"}
    if _CYRILLIC.match(last) and last not in "аеёиоуыэюя":
        ins = "ем" if last in "жшчщц" else "ом"
        return {"gen": name + "а", "dat": name + "у", "acc": name + "а", "ins": name + ins, "loc": name + "е"}
    return {}


_PL_DAT_A = (  # feminine -a: the stem's last consonant softens before -e in the dative and locative
    ("ka", "ce"),
    ("ga", "dze"),
    ("cha", "sze"),
    ("ra", "rze"),
    ("ta", "cie"),
    ("da", "dzie"),
    ("sa", "sie"),
    ("za", "zie"),
    ("na", "nie"),
    ("ła", "le"),
    ("wa", "wie"),
    ("ma", "mie"),
    ("ba", "bie"),
    ("pa", "pie"),
    ("fa", "fie"),
)


def _pl_forms(name: str, gender: str) -> dict[str, str]:
    low = name.lower()
    if (
        low.endswith(("ia", "ja"))
        or low[-2:] in ("la", "ca")
        or low[-3:] in ("cza", "sza", "rza", "ża")
    ):
        stem = name[:-1]
        soft = low.endswith(("ia", "ja", "la"))
        if low[-3:] in ("sia", "cia", "nia", "zia"):  # Kasia, Zosia, Ania: the i is the softening
            gen = stem
        else:  # Maria -> Marii, Alicja -> Alicji, Ola -> Oli, Róża -> Róży
            gen = stem + ("i" if soft else "y")
        return {"gen": gen, "dat": gen, "acc": stem + "ę", "ins": stem + "ą", "loc": gen}
    if low.endswith("a"):
        stem = name[:-1]
        dat = next((name[: -len(end)] + rep for end, rep in _PL_DAT_A if low.endswith(end)), stem + "ie")
        gen = stem + ("i" if low[-2:] in ("ka", "ga") else "y")
        return {"gen": gen, "dat": dat, "acc": stem + "ę", "ins": stem + "ą", "loc": dat}
    if gender == "f" or not low[-1:].isalpha() or low[-1] in "eiouyąęó":
        return {}
    stem = name
    if low.endswith("ek") and len(low) > 3:  # Bartek -> Bartka, Tomek -> Tomka
        stem = name[:-2] + name[-1]
    soft = {"ś": "si", "ć": "ci", "ń": "ni", "ź": "zi"}.get(low[-1])
    if soft:
        stem = name[:-1] + soft
    ins = "iem" if stem.lower()[-1] in "kg" else "em"
    loc_end = {"k": "u", "g": "u", "ch": "u", "j": "u", "l": "u", "ł": "le", "r": "rze", "t": "cie", "d": "dzie"}
    last = stem.lower()[-1]
    if stem.lower().endswith("ch") or last in "kgjl" or soft:
        loc = stem + "u"
    elif last in loc_end:
        loc = stem[:-1] + loc_end[last]
    else:
        loc = stem + "ie"
    return {"gen": stem + "a", "dat": stem + "owi", "acc": stem + "a", "ins": stem + ins, "loc": loc}


def _english_forms(name: str) -> dict[str, str]:
    return {"poss": name + ("'" if name.endswith("s") else "'s")}


@cache
def guess(name: str, lang: str) -> Profile:
    """A name's profile guessed from its spelling: gender from the ending, the cases of its first
    word by the declension its script and ``lang`` suggest; «Вы» / "You" / "Ty" is the person addressed."""
    text = name.strip()
    for code, you in YOU.items():
        if text == you:
            forms = _YOU_FORMS[code]
            return Profile(text, gender="m", you=True, forms=MappingProxyType(dict(forms)))
    word, _, rest = text.partition(" ")
    tail = " " + rest if rest else ""
    low = word.lower()
    cyrillic = bool(_CYRILLIC.search(word))
    if cyrillic:
        if low in _RU_MALE_A:
            gender = "m"
        elif low in _RU_FEMALE_SOFT or low.endswith(("а", "я")):
            gender = "f"
        else:
            gender = "m"
        # Russian case endings only in a Russian sentence: "it is for Анна to decide", never "Анну"
        forms = _ru_forms(word, gender) if lang == "ru" else {}
    else:
        gender = "f" if low.endswith("a") and low not in _PL_MALE_A else "m"
        forms = _pl_forms(word, gender) if lang == "pl" and word.isalpha() else {}
    full = {case: form + tail for case, form in forms.items()}
    full.update(_english_forms(text))
    full["nom"] = text
    return Profile(text, gender=gender, forms=MappingProxyType(full))


def profile(name: str, lang: str, override: Mapping[str, object] | None = None) -> Profile:
    """The guessed profile of ``name``, with ``override`` (``gender``, ``you``, case forms) applied."""
    base = guess(name, lang)
    if not override:
        return base
    gender = str(override.get("gender", base.gender))
    if gender not in GENDERS:
        raise ValueError(f"gender must be one of {', '.join(GENDERS)}, got {gender!r}")
    you = bool(override.get("you", base.you))
    forms = dict(base.forms)
    if gender != base.gender and not base.you:  # re-guess the declension for the other gender
        again = (
            _ru_forms(name, gender)
            if _CYRILLIC.search(name)
            else (_pl_forms(name, gender) if lang == "pl" else {})
        )
        forms = {**{c: f for c, f in forms.items() if c in ("nom", "poss")}, **again}
    for case in CASES:
        if isinstance(override.get(case), str):
            forms[case] = str(override[case])
    return Profile(name, gender=gender, you=you, forms=MappingProxyType(forms))


def parse_name(text: str) -> tuple[str, dict[str, str]]:
    """``"Саша:f"`` -> ``("Саша", {"gender": "f"})``: a name as typed, with an optional gender mark."""
    name, sep, mark = text.rpartition(":")
    if sep and mark.strip().lower() in GENDERS:
        return name.strip(), {"gender": mark.strip().lower()}
    return text.strip(), {}


OVERRIDE_KEYS = ("gender", "you") + CASES
MAX_FORM = 60  # characters of one case form


def override_problem(value: object) -> str | None:
    """What is wrong with a profile override (``{"gender": "f", "dat": "Саше", "you": false}``), or
    None when it is good: the one check shared by the command line and the game record."""
    if not isinstance(value, dict):
        return "must be an object of gender, you and case forms"
    for key, form in value.items():
        if key not in OVERRIDE_KEYS:
            return f"{key!r} is not gender, you or a case ({', '.join(CASES)})"
        if key == "gender" and form not in GENDERS:
            return f"gender must be one of {', '.join(GENDERS)}, got {form!r}"
        if key == "you" and not isinstance(form, bool):
            return f"you must be true or false, got {form!r}"
        if key in CASES and not (isinstance(form, str) and 0 < len(form) <= MAX_FORM and form.isprintable()):
            return f"the {key} form must be a word of 1 to {MAX_FORM} characters, got {form!r}"
    return None


def parse_grammar(text: str) -> tuple[str, dict[str, object]]:
    """``"Саша:f,dat=Саше,gen=Саши"`` -> ``("Саша", {"gender": "f", "dat": "Саше", "gen": "Саши"})``:
    a seat's name, then after a colon its gender (m, f, n), ``you`` (addressed as "you") and case
    forms ``case=form``, comma-separated. Raises ValueError naming what is wrong."""
    name, sep, spec = text.rpartition(":")
    name = name.strip()
    if not sep or not name or not spec.strip():
        raise ValueError(f"{text!r}: write NAME:SPEC, e.g. Саша:f or Кэрол:f,dat=Кэрол")
    out: dict[str, object] = {}
    for part in spec.split(","):
        part = part.strip()
        key, eq, form = part.partition("=")
        if eq:
            out[key.strip().lower()] = form.strip()
        elif part.lower() in GENDERS:
            out["gender"] = part.lower()
        elif part.lower() == "you":
            out["you"] = True
        else:
            raise ValueError(f"{text!r}: {part!r} is not m, f, n, you or case=form ({', '.join(CASES)})")
    problem = override_problem(out)
    if problem:
        raise ValueError(f"{text!r}: {problem}")
    return name, out


# ------------------------------------------------------------------ numbers and plurals (CLDR, via Babel)
LOCALES = {"en": "en", "ru": "ru", "pl": "pl"}


def plural_form(lang: str, n: int, forms: str) -> str:
    """The form of ``forms`` ("one|few|many", or "one|other") that ``n`` takes in ``lang``."""
    options = forms.split("|")
    category = plural_category(lang, n)
    if len(options) < 3:
        return options[0] if category == "one" else options[-1]
    return options[{"one": 0, "few": 1}.get(category, 2)]


class Count(int):
    """A number in a sentence of ``lang``: ``{n:p:house|houses}`` gives it with its noun in the plural
    form the language's CLDR rule gives it ("1 house", "2 houses"; «1 дом», «2 дома», «5 домов»);
    without that spec it formats as the plain number."""

    lang: str

    def __new__(cls, value: int, lang: str) -> Count:
        obj = super().__new__(cls, value)
        obj.lang = lang
        return obj

    def __format__(self, spec: str) -> str:
        if spec.startswith("p:"):
            return f"{int(self)} {plural_form(self.lang, int(self), spec[2:])}"
        return format(int(self), spec)


@cache
def locale(lang: str) -> Locale:
    """Babel's locale of ``lang``, parsed once (parsing it per number was a tenth of a server's work)."""
    from babel import Locale

    return Locale.parse(LOCALES.get(lang, "en"))


@lru_cache(maxsize=4096)
def plural_category(lang: str, n: int) -> str:
    """CLDR plural category of ``n`` in ``lang``: one, few, many or other."""
    return locale(lang).plural_form(n)


@lru_cache(maxsize=16384)  # the same prices, rents and balances come back on every view
def number(lang: str, n: int) -> str:
    """``n`` with the language's digit grouping (``1,500`` / ``1 500`` / ``1500``)."""
    from babel.numbers import format_decimal

    return format_decimal(n, locale=locale(lang))


def percent(lang: str, value: float, digits: int = 1) -> str:
    """A probability as a percentage in the language's way (``9.3%`` / ``9,3 %``)."""
    from babel.numbers import format_percent

    pattern = "#,##0." + "0" * digits + "%" if digits else "#,##0%"
    return format_percent(value, format=pattern, locale=locale(lang))
