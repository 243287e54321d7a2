"""The words of one game in one language: names with their grammar, squares quoted and glossed, money,
counts with their plural forms, and the variant's own vocabulary.

Every front end (terminal, browser) asks a :class:`Speaker` instead of formatting by itself, so a
sentence reads the same everywhere: «Бот 1 платит Ане 30 руб.», "You move to Arbat".

A reader of another language than the edition's reads its names glossed in sentences: "Арбат
(Arbat)" (the terminal's board and panels draw the gloss, the original beside it where it fits),
and money in the edition's gloss of its currency ("₽1,500k"). Inside :func:`one_language` (the web
pages, whose board picture is drawn in the reader's words too) a reader reads one language only:
the edition's gloss alone for names and card texts; a name with no gloss (a proper name nobody
translated) stays as printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache, wraps
from typing import Any, ParamSpec, TypeVar

from ..engine import events as E
from ..engine.game import Game
from ..i18n import has, template, tr
from ..i18n.bot_names import shown_name
from ..i18n.grammar import Person, Profile, number, plural_category, profile
from ..kept import Kept

ONE_LANGUAGE: ContextVar[bool] = ContextVar("landlords_one_language", default=False)
P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def one_language() -> Iterator[None]:
    """Words made inside read in the reader's language only (see the module's doc)."""
    token = ONE_LANGUAGE.set(True)
    try:
        yield
    finally:
        ONE_LANGUAGE.reset(token)


def in_one_language(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` run inside :func:`one_language` (the server's views)."""

    @wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        token = ONE_LANGUAGE.set(True)  # one_language() without a generator: a server's every view
        try:
            return fn(*args, **kwargs)
        finally:
            ONE_LANGUAGE.reset(token)

    return run


# how each language quotes a name, and a name quoted inside it
QUOTES = {"ru": ("«", "»", "„", "“"), "pl": ("„", "”", "‚", "’"), "en": ("", "", "“", "”")}


def quote(lang: str, text: str) -> str:
    """A square's or a card's name in the language's quotes; quotes inside it become the inner kind
    (never «…«…»»)."""
    left, right, inner_left, inner_right = QUOTES.get(lang, QUOTES["en"])
    inner = text.replace("«", inner_left).replace("»", inner_right)
    inner = inner.replace("„", inner_left).replace("”", inner_right) if lang != "pl" else inner
    if not left:
        return text
    return f"{left}{inner}{right}"


class Term(Person):
    """A square or a card name: its nominative (quoted), case forms from the edition, a gloss."""


def sentence_case(text: str) -> str:
    """An all-capitals card text as a sentence: "GO TO JAIL. DO NOT PASS GO." -> "Go to jail. Do not pass go."."""
    letters = [c for c in text if c.isalpha()]
    if not letters or sum(c.isupper() for c in letters) < 0.8 * len(letters):
        return text
    out, start = [], True
    for ch in text.lower():
        if ch.isalpha():
            out.append(ch.upper() if start else ch)
            start = False
        else:
            out.append(ch)
            if ch in ".!?":
                start = True
    return "".join(out)


CARDS_KEPT = 4  # property cards kept per speaker: a decision's square is shown for a few acts in a row
NAMES_KEPT = 64  # (edition, language, glossing) sets of names kept: a server's few editions, many times over
FACTS_KEPT = 64  # a speaker's words of squares and of groups' holders: the squares a game lands on, their owners
KNOWN_KEPT = 50_000  # catalog keys asked for, by language and variant (keys made of codes: a bound all the same)
LINES_KEPT = 8  # a speaker's decisions' lines (describe.labels.decision_lines): the seats' ends of turn come back
MONEY_KEPT = 4096  # amounts in words per edition and language: prices, rents, fees and cash come back every act
_NAMES: Kept[tuple[int, str, bool], tuple[Any, dict[tuple[str, bool], Term]]] = Kept(NAMES_KEPT)
_AMOUNTS: Kept[tuple[int, str], tuple[Any, Kept[int, str]]] = Kept(NAMES_KEPT)
# what the catalogs say of a (language, variant, key): whether it has the key (Speaker.has) and the
# message without parameters (Speaker.t); the same for every game, so kept once for all of them
_KNOWN: Kept[tuple[str, str, str], bool] = Kept(KNOWN_KEPT)
_FIXED: Kept[tuple[str, str, str], str] = Kept(KNOWN_KEPT)


def edition_names(edition: Any, lang: str, one_language: bool) -> dict[tuple[str, bool], Term]:
    """The quoted and glossed names of ``edition`` made so far for ``lang`` (:meth:`Speaker.named`),
    one dict for every speaker of that edition, language and way of glossing: a name's words depend
    on nothing else (an edition is immutable). Kept by the edition's identity (an edition loaded
    from a file anew is another one); the oldest set is dropped first when too many are kept."""
    key = (id(edition), lang, one_language)
    entry = _NAMES.get(key)
    if entry is None or entry[0] is not edition:  # an id reused by another edition
        entry = _NAMES.keep(key, (edition, {}))
    return entry[1]


def edition_amounts(edition: Any, lang: str) -> Kept[int, str]:
    """Amounts in words (:func:`money`) made so far for ``edition`` in ``lang``, shared by every game
    of that edition like :func:`edition_names` (per game they were 20 KB more a game on a server)."""
    key = (id(edition), lang)
    entry = _AMOUNTS.get(key)
    if entry is None or entry[0] is not edition:  # an id reused by another edition
        entry = _AMOUNTS.keep(key, (edition, Kept(MONEY_KEPT)))
    return entry[1]


class Speaker:
    """Words for ``game`` in ``lang``. ``profiles`` overrides the guessed grammar of seats: ``{seat:
    {"gender": "f", "dat": "…", "you": true}}``; by default they come from ``game.setup["grammar"]``."""

    def __init__(self, game: Game, lang: str, profiles: Mapping[int, Mapping[str, Any]] | None = None) -> None:
        self.game = game
        self.lang = lang
        self.variant = getattr(game.rules, "variant", "classic")
        overrides = profiles if profiles is not None else (game.setup.get("grammar") or {})
        self.profiles: list[Profile] = []
        for seat, name in enumerate(game.names):
            own = overrides.get(seat) or overrides.get(str(seat)) or None
            self.profiles.append(profile(shown_name(name, lang), lang, own))  # "Бот 3" is "Bot 3" in English
        self.one_language = ONE_LANGUAGE.get()  # the gloss alone (the web), or the name and its gloss
        # the edition's names never change: made once per edition, language and way of glossing,
        # shared by every game of that edition (a server's hundreds of games: ~23 KB each otherwise)
        self._named = edition_names(game.edition, lang, self.one_language)
        self.labels: dict[tuple, str] = {}  # describe.labels.action_label's words for square acts
        self.cards: Kept[tuple, Any] = Kept(CARDS_KEPT)  # describe.cards.property_card's latest cards
        # describe.decisions' words of a square and of its group's holders (by the group's owners)
        self.facts: Kept[tuple, Any] = Kept(FACTS_KEPT)
        # each seat as a party in sentences, made once: its profile never changes in a speaker
        self.people: list[Person] = [Person(p) for p in self.profiles]
        # amounts in words (:func:`money`): they depend on the edition and the language alone
        self.amounts = edition_amounts(game.edition, lang)
        self.lines: Kept[tuple, tuple[str, str]] = Kept(LINES_KEPT)  # describe.labels.decision_lines

    # ------------------------------------------------------------ messages
    def t(self, key: str, **params: Any) -> str:
        """A catalog message in this game's variant wording; one without parameters (a fact's
        label, "your cash") is made once: it depends on the key alone in a speaker's language and
        variant, and the catalogs never change once read."""
        if params:
            return tr(self.lang, key, self.variant, **params)
        found = (self.lang, self.variant, key)
        text = _FIXED.get(found)
        if text is None:
            text = _FIXED.keep(found, tr(self.lang, key, self.variant))
        return text

    def has(self, key: str) -> bool:
        found = (self.lang, self.variant, key)
        known = _KNOWN.get(found)
        if known is None:  # the catalogs never change once read
            known = _KNOWN.keep(found, has(self.lang, key) or template(self.lang, key, self.variant) is not None)
        return known

    def code(self, section: str, value: Any) -> str:
        """A code translated through a catalog section (``pay.rent`` -> "rent"), else in words."""
        key = f"{section}.{value}"
        return self.t(key) if self.has(key) else str(value).replace("_", " ")

    # ------------------------------------------------------------ people
    def party(self, who: int) -> Person:
        if who == E.BANK or (who < 0 and who != E.POT):
            return noun(self.lang, "bank")
        if who == E.POT:
            return noun(self.lang, "pot")
        return self.people[who] if 0 <= who < len(self.people) else Person(Profile(str(who)))

    def name(self, seat: int) -> Person:
        return self.party(seat)

    # ------------------------------------------------------------ squares, cards, money
    def gloss(self, text: str) -> str | None:
        """The edition's translation of one of its texts for this language, if it has one."""
        ed = self.game.edition
        if ed.language == self.lang:
            return None
        return (ed.glosses.get(self.lang) or {}).get(text)

    def square(self, sq: int, quoted: bool = True) -> Term:
        """A square's name; ``quoted=False`` for a template that puts the quotes itself."""
        squares = self.game.edition.squares
        if not (isinstance(sq, int) and 0 <= sq < len(squares)):
            return Term(Profile(str(sq)))
        return self.named(squares[sq].name, quoted)

    def named(self, name: str, quoted: bool = True) -> Term:
        """A name of the edition (square, group, deck) quoted, in its case forms, with its gloss."""
        term = self._named.get((name, quoted))
        if term is None:
            term = self._named[name, quoted] = self._make_named(name, quoted)
        return term

    def _make_named(self, name: str, quoted: bool) -> Term:
        ed = self.game.edition
        lang = self.lang if ed.language == self.lang else "en"
        show = (lambda text: quote(lang, text)) if quoted else (lambda text: text)
        forms = {"nom": show(name)}
        if ed.language == self.lang:
            for case, table in ed.forms.items():
                if name in table:
                    forms[case] = show(table[name])
        gloss = self.gloss(name)
        if gloss and self.one_language:  # the reader's language only: the gloss in the reader's quotes
            shown = (lambda text: quote(self.lang, text)) if quoted else (lambda text: text)
            forms = {"nom": shown(gloss)}
        elif gloss:
            forms = {case: f"{form} ({gloss})" for case, form in forms.items()}
        return Term(Profile(forms["nom"], gender="n", forms=forms))

    def card_text(self, text: str) -> str:
        gloss = self.gloss(text)
        shown = sentence_case(text)
        if gloss and self.one_language:
            return sentence_case(gloss)
        return f"{shown} ({sentence_case(gloss)})" if gloss else shown

    def group(self, sq: int) -> Term | None:
        t = self.game.t
        g = t.group_of[sq] if 0 <= sq < t.size else -1
        if g < 0:
            return None
        return self.named(self.game.edition.groups[t.group_ids[g]].name)

    def money(self, amount: int) -> str:
        """:func:`money`, kept by amount (its words depend on nothing else in a speaker's game)."""
        if type(amount) is not int:  # a float or a bool equal to a kept int reads otherwise
            return money(self.game, self.lang, amount)
        shown = self.amounts.get(amount)
        if shown is None:
            shown = self.amounts.keep(amount, money(self.game, self.lang, amount))
        return shown

    def count(self, word: str, n: int) -> str:
        """``n`` and the variant's word in its plural form: "3 houses", «3 артели», "2 biura"."""
        return count(self.lang, word, n, self.variant)

    def word(self, word: str, form: str = "one") -> str:
        """One vocabulary word of this game's variant (``house`` is an artel in Odessa)."""
        return vocabulary(self.lang, word, form, self.variant)


def money(game: Game, lang: str, amount: int) -> str:
    """An amount in the edition's currency with the language's digit grouping, worded in ``lang``
    by the edition's gloss of its currency format wherever it has one (the terminal as the web:
    "1500 тыс. ₽" is "₽1,500k" and "200 руб." "200 roubles" to an English reader)."""
    cur = game.edition.currency
    value = amount * cur.scale
    shown = number(lang, value) if abs(value) >= 10000 else str(value)
    return money_format(game.edition, lang).format(amount=shown)


def money_format(edition: Any, lang: str) -> str:
    """The edition's currency format for a reader of ``lang``: its gloss where the edition has one."""
    if edition.language == lang:
        return str(edition.currency.format)
    return str(edition.gloss(lang, edition.currency.format))


@cache
def noun(lang: str, key: str) -> Person:
    """A party that is not a seat (the bank, the pot) with its case forms from ``noun.<key>.<case>``."""
    forms = {}
    for case in ("nom", "gen", "dat", "acc", "ins", "loc", "poss"):
        k = f"noun.{key}.{case}"
        if has(lang, k):
            forms[case] = tr(lang, k)
    gender = tr(lang, f"noun.{key}.gender") if has(lang, f"noun.{key}.gender") else "m"
    nom = forms.get("nom") or tr(lang, f"party.{key}")
    forms["nom"] = nom
    return Person(Profile(nom, gender=gender, forms=forms))


def vocabulary(lang: str, word: str, form: str = "one", variant: str | None = None) -> str:
    """``vocab.<word>.<form>`` in the variant's wording (``odessa.vocab.house.one`` = «артель»)."""
    for key in (f"vocab.{word}.{form}", f"vocab.{word}.other", f"vocab.{word}.one"):
        text = template(lang, key, variant)
        if text is not None:
            return text
    return word.replace("_", " ")


@lru_cache(maxsize=8192)  # a property card's rows ask for the same few counts on every view
def count(lang: str, word: str, n: int, variant: str | None = None) -> str:
    """``n`` with ``word`` in the plural form CLDR gives ``n`` in ``lang``."""
    return f"{number(lang, n)} {vocabulary(lang, word, plural_category(lang, n), variant)}"
