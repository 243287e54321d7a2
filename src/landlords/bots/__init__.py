"""Strategies. A bot is any object with ``act(game, decision) -> Action``.

Strategies are named on the command line (``landlords tournament --strategies advisor,trader``,
``landlords simulate --strategy ...``), in a game's seats on the server and in records by a
*strategy spec*::

    NAME[:KEY=VALUE[:KEY=VALUE...]]

``NAME`` is looked up in a registry, and only there: the built-in strategies (``random``,
``baseline``, ``advisor``, ``trader``, ``cautious``, ``rl``), those added in-process with
:func:`register`, and the entry points of group ``landlords.strategies`` of installed packages
(only the entry point of the name asked for is loaded). No spec ever names a module or a callable
to import: an unknown name is a :class:`ConfigError` listing the known ones.

Every strategy declares its parameters (:class:`Param`: name, type, default, range or choices, one
line of help); ``KEY=VALUE`` pairs are checked against them before any game starts
(``advisor:reserve=200:favour=orange+red``). ``NAME:ARG`` gives a strategy whose first parameter is
a file its path: ``rl:models/ppo.npz`` is ``rl:path=models/ppo.npz``. A strategy with a path
parameter (or declared ``local_only``) is for the local command line only: a server asks with
``strangers=True`` and refuses it. A strategy that takes a ``seed`` gets a per-game, per-seat one.
:func:`declarations` lists every strategy with its parameters.

Writing a strategy takes a few lines: subclass :class:`BaselineBot` (which answers every decision
of every ruleset) and override what differs, e.g. ``_wants`` (buy or not), ``_bid``,
``_build_choice``, ``_jail_choice``, ``_good_trade`` or any ``_decide_<kind>``.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.decision import Decision
from ..engine.errors import ConfigError
from ..engine.game import Game
from .advisor import JAIL_POLICIES, AdvisorBot
from .baseline import BaselineBot
from .cautious import CautiousBot
from .expert import ExpertBot
from .random_bot import RandomBot
from .trader import TraderBot

ENTRY_POINT_GROUP = "landlords.strategies"
MAX_SPEC = 200  # characters of a strategy spec (as a record keeps it)


class Bot(Protocol):
    def act(self, game: Game, d: Decision) -> Action: ...


# ---------------------------------------------------------------- declarations
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _number(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


@dataclass(frozen=True)
class Param:
    """One parameter of a strategy: its type (``int``, ``float``, ``bool`` or ``str``), default,
    allowed range (``low``..``high``, inclusive) or ``choices``, and one line of help. ``pattern``
    (a regular expression, ``words`` saying it) limits a text; ``path``: the value names a file
    (local use only)."""

    name: str
    type: type
    default: Any
    help: str = ""
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    pattern: str | None = None
    words: str = ""
    path: bool = False

    def expects(self) -> str:
        """What the parameter takes, in words."""
        if self.words:
            return self.words
        if self.type is bool:
            return "true or false (yes/no, 1/0, on/off)"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.path:
            return "the path of a file"
        if self.type is str:
            return "text" + (f" matching {self.pattern}" if self.pattern else "")
        kind = "a whole number" if self.type is int else "a number"
        if self.low is not None and self.high is not None:
            return f"{kind} from {_number(self.low)} to {_number(self.high)}"
        if self.low is not None:
            return f"{kind} from {_number(self.low)} up"
        if self.high is not None:
            return f"{kind} up to {_number(self.high)}"
        return kind

    def convert(self, raw: str) -> Any:
        """The value of ``raw`` (text from a spec); ValueError if it is not one the parameter takes."""
        value: Any
        if self.type is bool:
            low = raw.lower()
            if low not in _TRUE | _FALSE:
                raise ValueError(raw)
            return low in _TRUE
        if self.type is int:
            if not re.fullmatch(r"[+-]?[0-9]{1,30}", raw):
                raise ValueError(raw)
            value = int(raw)
        elif self.type is float:
            value = float(raw)  # ValueError for text; nan and inf are refused below
            if not math.isfinite(value):
                raise ValueError(raw)
        else:
            if not raw or len(raw) > MAX_SPEC or not raw.isprintable():
                raise ValueError(raw)
            if self.choices and raw not in self.choices:
                raise ValueError(raw)
            if self.pattern and not re.fullmatch(self.pattern, raw):
                raise ValueError(raw)
            return raw
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValueError(raw)
        return value

    def describe(self) -> str:
        """One line of ``landlords tournament --list``: name, type, default, what it takes, help."""
        default = "" if self.default in (None, "") else f", default {self.default}"
        about = f"{self.expects()}; {self.help}" if self.help else self.expects()
        return f"{self.name} ({self.type.__name__}{default}): {about}"


@dataclass(frozen=True)
class Strategy:
    """A registered strategy: its name, the factory that makes a bot, one line about it, and its
    declared parameters. ``local_only`` (or any path parameter): never taken from the network."""

    name: str
    factory: Callable[..., Bot]
    summary: str = ""
    params: tuple[Param, ...] = ()
    local_only: bool = False

    @property
    def for_strangers(self) -> bool:
        """Whether a server may let a network client name this strategy (no file, no local-only)."""
        return not self.local_only and not any(p.path for p in self.params)

    @property
    def takes_seed(self) -> bool:
        return any(p.name == "seed" for p in self.params)

    def param(self, key: str) -> Param | None:
        return next((p for p in self.params if p.name == key), None)


SEED = Param("seed", int, None, "seeds the bot's choices (given per game and seat when left out)", 0, 2**32 - 1)
RESERVE = Param("reserve", int, 100, "cash always kept back", 0, 1_000_000)
TRADE_EVERY = Param("trade_every", int, 3, "rounds between trade offers", 1, 1_000_000)
SHARE = {"low": 0.0, "high": 10.0}


BUILT_IN: tuple[Strategy, ...] = (
    Strategy("random", RandomBot, "Uniform over the legal actions (a stress tool for the engine).", (SEED,)),
    Strategy(
        "baseline",
        BaselineBot,
        "Buys and bids by price, completes groups by trading, builds evenly, keeps a reserve.",
        (RESERVE, TRADE_EVERY),
    ),
    Strategy(
        "advisor",
        AdvisorBot,
        "Seed 000's advice: complete sets, favour orange and red, three houses fast, late-game jail.",
        (
            RESERVE,
            Param("danger", float, 1.0, "how much the reserve grows with the rent at risk", **SHARE),
            Param(
                "favour",
                str,
                "orange+red",
                "favoured colour groups",
                pattern=r"[A-Za-z0-9_-]+([+/][A-Za-z0-9_-]+)*",
                words="colour group ids joined by '+' (orange+red)",
            ),
            Param("bonus", float, 0.5, "a favoured lot is worth this much more (share of its price)", **SHARE),
            Param("build_to", int, 3, "houses per lot built fast, with half the reserve (5: a hotel)", 0, 5),
            Param("mortgage_to_build", bool, True, "mortgage loose lots to reach build_to houses"),
            Param("jail", str, "auto", "auto, short (leave at once) or long (stay)", choices=JAIL_POLICIES),
            Param("jail_danger", float, 25.0, "auto: stay in jail when a roll risks this much rent", 0.0, 1e6),
            TRADE_EVERY,
        ),
    ),
    Strategy(
        "trader",
        TraderBot,
        "Values lots by expected income and set completion; proposes and weighs multi-item trades.",
        (
            RESERVE,
            Param("horizon", float, 15.0, "rounds of opponents' turns a lot's income is counted for", 0.0, 1000.0),
            Param("develop", int, 3, "houses per lot a complete group is valued at (5: a hotel)", 0, 5),
            Param("rivalry", float, 0.5, "weight of the partner's gain", **SHARE),
            TRADE_EVERY,
            Param("max_items", int, 3, "lots given in one offer", 1, 40),
        ),
    ),
    Strategy(
        "cautious",
        CautiousBot,
        "A large cash reserve, cheap bids, slow building, long jail stays, no trade offers.",
        (
            dataclasses.replace(RESERVE, default=200),
            Param("danger", float, 0.5, "the reserve grows by this times the worst rent on the board", **SHARE),
            Param("max_houses", int, 3, "never builds beyond this many houses a lot (5: hotels)", 0, 5),
            Param("bid_share", float, 1.0, "bids at most this share of the printed price", **SHARE),
            Param("trade", bool, False, "propose trades (as the baseline does)"),
            TRADE_EVERY,
        ),
    ),
)

BUILT_IN += (
    Strategy(
        "expert",
        ExpertBot,
        "The advisor's play, improved by search: buys, bids, trades, jail, building weighed over sampled futures.",
        (
            Param(
                "playouts",
                int,
                96,
                "playouts a searched decision, all candidates together (two players in play; more with more)",
                1,
                100_000,
            ),
            Param(
                "horizon",
                int,
                48,
                "turns played before a playout is scored (two players in play; more with more)",
                1,
                10_000,
            ),
            Param("min_each", int, 8, "playouts per candidate at least", 1, 10_000),
            Param(
                "seconds", float, 0.0, "also stop a search after this long (0: never, deterministic)", 0.0, 600.0
            ),
            SEED,
        ),
    ),
)


# Difficulty levels at the table (``landlords play --level``, the lobby, the page): each a strategy
# of its own name, made from the spec it stands for (easy: the baseline; normal: the advisor; hard:
# the expert with a small search; expert: the expert's full budget).
LEVELS = ("easy", "normal", "hard", "expert")
LEVEL_SPECS = {
    "easy": "baseline",
    "normal": "advisor",
    "hard": "expert:playouts=24:horizon=32",
    "expert": "expert",
}


def _easy() -> Bot:
    return make_bot(LEVEL_SPECS["easy"])


def _normal() -> Bot:
    return make_bot(LEVEL_SPECS["normal"])


def _hard(seed: int | None = None) -> Bot:
    return make_bot(LEVEL_SPECS["hard"], seed)


BUILT_IN += (
    Strategy("easy", _easy, "Difficulty level easy: the baseline bot."),
    Strategy("normal", _normal, "Difficulty level normal: the advisor."),
    Strategy(
        "hard", _hard, "Difficulty level hard: the expert with a small search (24 playouts a decision).", (SEED,)
    ),
)

STRATEGIES: dict[str, Strategy] = {s.name: s for s in BUILT_IN}
_PLUGINS: dict[str, Strategy] = {}  # entry points loaded so far, by name
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")


def register(
    name: str,
    factory: Callable[..., Bot] | None = None,
    params: tuple[Param, ...] | None = None,
    summary: str | None = None,
    local_only: bool = False,
) -> Any:
    """Register a strategy under ``name`` in this process (usable as a decorator: ``@register("greedy")``).

    ``params`` declares its parameters; without them they are read from the factory's defaults
    (type only, no range), and such a strategy is ``local_only``. A local process pool started with
    ``fork`` (the default on Linux) sees strategies registered before the tournament starts; on
    other platforms, and on a Ray cluster, prefer an entry point, which every worker loads itself.
    """
    if not _NAME.fullmatch(name):
        raise ConfigError(f"a strategy name is a letter, then letters, digits, '_' or '-' (at most 40): {name!r}")

    def add(f: Callable[..., Bot]) -> Callable[..., Bot]:
        STRATEGIES[name] = _declare(name, f, params, summary, local_only)
        _SPECS.clear()
        return f

    return add(factory) if factory is not None else add


def _check_fields(name: str, cls: type) -> None:
    """Refuse a bot class that declares a field of one of the package's bot classes again.

    In the compiled build those classes' fields are native attributes, and a dataclass field of the
    same name in a Python subclass hides them: the base's own code then finds the attribute unset
    (AttributeError in the middle of a game). The pure build would not notice, so both refuse it."""
    if cls.__module__.startswith(__name__ + "."):
        return  # the package's own classes are compiled together: their fields are all native
    own = inspect.get_annotations(cls)
    for base in cls.__mro__[1:]:
        if not base.__module__.startswith(__name__ + ".") or not dataclasses.is_dataclass(base):
            continue
        for field in dataclasses.fields(base):
            if field.name in own:
                raise ConfigError(
                    f"strategy {name!r}: {cls.__name__} declares {field.name!r} again, a field of "
                    f"{base.__name__}; declare only new fields (give an inherited one its value when the bot "
                    f"is made, through the strategy's parameters, or in __post_init__)"
                )


def _declare(
    name: str,
    obj: Any,
    params: tuple[Param, ...] | None = None,
    summary: str | None = None,
    local_only: bool = False,
) -> Strategy:
    """A declaration for ``obj``: itself if it is a :class:`Strategy`, else one read from the factory."""
    if isinstance(obj, Strategy):
        return obj if obj.name == name else dataclasses.replace(obj, name=name)
    if not callable(obj):
        raise ConfigError(f"strategy {name!r} is neither a Strategy declaration nor a factory")
    if isinstance(obj, type):
        _check_fields(name, obj)
    doc = (inspect.getdoc(obj) or "").strip().splitlines()
    if params is None:
        params, local_only = _inferred(obj), True
    return Strategy(name, obj, summary if summary is not None else (doc[0] if doc else ""), params, local_only)


def _inferred(factory: Callable[..., Bot]) -> tuple[Param, ...]:
    """Parameters of an undeclared factory, typed by their defaults (no range)."""
    if dataclasses.is_dataclass(factory):
        found = [
            (f.name, f.default)
            for f in dataclasses.fields(factory)
            if f.init and f.default is not dataclasses.MISSING
        ]
    else:
        try:
            sig = inspect.signature(factory)
        except (TypeError, ValueError):  # pragma: no cover - builtins
            return ()
        found = [
            (p.name, None if p.default is inspect.Parameter.empty else p.default)
            for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
    out = []
    for key, default in found:
        if key == "name":
            continue
        if key == "seed":
            out.append(SEED)
        elif isinstance(default, (bool, int, float, str)):
            out.append(Param(key, type(default), default))
        else:
            out.append(Param(key, str, default))
    return tuple(out)


def _entry_point(name: str) -> Strategy | None:
    """The installed entry point called ``name``, loaded (only that one), or None."""
    found = _PLUGINS.get(name)
    if found is not None:
        return found
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            try:
                obj = ep.load()
            except Exception as exc:  # a broken plugin says so, in one line
                why = f"{type(exc).__name__}: {exc}"
                raise ConfigError(f"strategy {name!r}: its plugin cannot be loaded: {why}") from None
            found = _PLUGINS[name] = _declare(name, obj)
            return found
    return None


def known_names(strangers: bool = False) -> list[str]:
    """The names a spec may use. ``strangers``: only those a server takes, which loads the installed
    plugins' declarations to see (a broken plugin is left out); else no plugin is loaded."""
    names = list(STRATEGIES)
    names += sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name not in STRATEGIES)
    if strangers:
        names = [n for n in names if _safe_for_strangers(n)]
    return list(dict.fromkeys(names))


def _safe_for_strangers(name: str) -> bool:
    found = STRATEGIES.get(name)
    if found is None:
        try:
            found = _entry_point(name)
        except ConfigError:
            return False
    return found is not None and found.for_strangers


def lookup(name: str, strangers: bool = False, text: str | None = None) -> Strategy:
    """The declaration of the strategy called ``name``: registered, built in, or an installed entry
    point; ``strangers``: only one a network client may name. Else a ConfigError listing the names."""
    found = STRATEGIES.get(name) if _NAME.fullmatch(name) else None
    if found is None and _NAME.fullmatch(name):
        found = _entry_point(name)
    if found is None:
        where = f" in {_show(text)}" if text and text != name else ""
        raise ConfigError(f"unknown strategy {_show(name)}{where} (known: {', '.join(known_names(strangers))})")
    if strangers and not found.for_strangers:
        raise ConfigError(
            f"strategy {name!r} is for the local command line only (it reads a file or is not declared "
            f"for a server); here: {', '.join(known_names(True))}"
        )
    return found


def _show(text: str) -> str:
    """``text`` quoted for a message, cut at 60 characters."""
    return repr(text) if len(text) <= 60 else repr(text[:60]) + "..."


# ---------------------------------------------------------------- specs
@dataclass(frozen=True)
class StrategySpec:
    """A parsed and checked strategy spec: the strategy and the parameters given."""

    text: str  # as written
    target: str  # the strategy's name
    strategy: Strategy
    params: tuple[tuple[str, Any], ...]

    @property
    def factory(self) -> Callable[..., Bot]:
        return self.strategy.factory

    @property
    def takes_seed(self) -> bool:
        return self.strategy.takes_seed

    def make(self, seed: int | None = None) -> Bot:
        kwargs = dict(self.params)
        if self.takes_seed and "seed" not in kwargs:
            kwargs["seed"] = seed
        return self.factory(**kwargs)


def split_spec(text: str) -> tuple[str, str | None, dict[str, str]]:
    """``"advisor:reserve=200:favour=orange"`` -> ``("advisor", None, {"reserve": "200", "favour": "orange"})``;
    ``"rl:models/p.npz:greedy=no"`` -> ``("rl", "models/p.npz", {"greedy": "no"})``."""
    if not isinstance(text, str) or len(text) > MAX_SPEC:
        raise ConfigError(f"a strategy spec is text of at most {MAX_SPEC} characters")
    if not text.isprintable():
        raise ConfigError(f"strategy {_show(text)}: a spec holds no control characters")
    head: list[str] = []
    params: dict[str, str] = {}
    for part in text.strip().split(":"):
        key, sep, value = part.partition("=")
        if sep:
            key = key.strip()
            if not key.isidentifier():
                raise ConfigError(f"strategy {_show(text)}: bad parameter name {_show(key)}")
            if key in params:
                raise ConfigError(f"strategy {_show(text)}: parameter {key!r} given twice")
            params[key] = value.strip()
        elif params:
            raise ConfigError(f"strategy {_show(text)}: parameters (KEY=VALUE) come after the strategy's name")
        else:
            head.append(part.strip())
    name = head[0] if head else ""
    if not name:
        raise ConfigError(f"strategy {_show(text)}: no strategy name")
    arg = ":".join(head[1:]) if len(head) > 1 else None
    return name, arg, params


_SPECS: dict[str, StrategySpec] = {}


def parse_strategy(text: str, strangers: bool = False) -> StrategySpec:
    """Parse and check a strategy spec against the registry and the strategy's declared parameters
    (cached: a tournament parses each spec once per process). ``strangers``: the spec comes from
    the network, so only strategies safe for strangers are taken, and nothing is built."""
    spec = _SPECS.get(text) if isinstance(text, str) else None
    if spec is None:
        spec = _parse(text, strangers)
    if strangers:
        lookup(spec.target, strangers=True)
    elif text not in _SPECS:
        try:
            spec.make(0)  # fail now, with the spec named, rather than inside a worker
        except ConfigError:
            raise
        except Exception as exc:  # a plugin's own check: one line, not a traceback
            raise ConfigError(f"strategy {_show(text)}: {type(exc).__name__}: {exc}") from None
        _SPECS[text] = spec
    return spec


def _parse(text: str, strangers: bool = False) -> StrategySpec:
    name, arg, raw = split_spec(text)
    strategy = lookup(name, strangers, text)
    if arg is not None:  # NAME:ARG: the path of a strategy whose first parameter is a file (rl:PATH)
        first = strategy.params[0] if strategy.params else None
        if first is None or not first.path:
            listed = ", ".join(f"{p.name}=..." for p in strategy.params) or "none"
            raise ConfigError(
                f"strategy {_show(text)}: {name!r} takes its parameters as KEY=VALUE ({listed}), not {_show(arg)}"
            )
        if first.name in raw:
            raise ConfigError(f"strategy {_show(text)}: {first.name!r} given twice")
        raw = {first.name: arg, **raw}
    params: dict[str, Any] = {}
    for key, value in raw.items():
        param = strategy.param(key)
        if param is None:
            listed = ", ".join(p.name for p in strategy.params) or "none"
            raise ConfigError(f"strategy {name!r} has no parameter {_show(key)} (parameters: {listed})")
        try:
            params[key] = param.convert(value)
        except ValueError:
            raise ConfigError(
                f"strategy {name!r}: parameter {key!r} expects {param.expects()}, got {_show(value)}"
            ) from None
    return StrategySpec(text, name, strategy, tuple(params.items()))


def make_bot(name: str, seed: int | None = None, strangers: bool = False) -> Bot:
    """A bot from a strategy spec (``"baseline"``, ``"advisor:reserve=200"``, ``"rl:models/p.npz"``)."""
    return parse_strategy(name, strangers).make(seed)


def check_spec(text: str, strangers: bool = False) -> str:
    """``text`` if it is a spec of a known strategy with parameters it declares, else ConfigError
    (nothing is imported but a registered plugin, nothing is built, no file is read)."""
    spec = _SPECS.get(text) if isinstance(text, str) else None
    lookup((spec or _parse(text, strangers)).target, strangers)
    return text


def declarations() -> list[Strategy]:
    """Every strategy: built in, registered, and installed entry points (loaded to list them; a
    broken one is listed with its error as its summary)."""
    out = list(STRATEGIES.values())
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in STRATEGIES or any(s.name == ep.name for s in out):
            continue
        try:
            found = _entry_point(ep.name)
        except ConfigError as exc:
            out.append(Strategy(ep.name, _broken, str(exc), local_only=True))
            continue
        if found is not None:
            out.append(found)
    return out


def _broken(**kwargs: Any) -> Bot:  # pragma: no cover - listed only, never made
    raise ConfigError("this strategy's plugin cannot be loaded")


def describe() -> list[tuple[str, str, dict[str, Any]]]:
    """Every strategy: (name, one line about it, parameters with defaults; ``seed`` left out)."""
    return [(s.name, s.summary, {p.name: p.default for p in s.params if p.name != "seed"}) for s in declarations()]


__all__ = [
    "Bot",
    "BaselineBot",
    "RandomBot",
    "AdvisorBot",
    "TraderBot",
    "CautiousBot",
    "ExpertBot",
    "LEVELS",
    "LEVEL_SPECS",
    "Param",
    "SEED",
    "Strategy",
    "STRATEGIES",
    "ENTRY_POINT_GROUP",
    "StrategySpec",
    "register",
    "lookup",
    "known_names",
    "parse_strategy",
    "check_spec",
    "split_spec",
    "make_bot",
    "declarations",
    "describe",
]
