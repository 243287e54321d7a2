"""Strategies. A bot is any object with ``act(game, decision) -> Action``.

Strategies are named on the command line (``landlords tournament --strategies advisor,trader``,
``landlords simulate --strategy ...``) by a *strategy spec*::

    NAME[:KEY=VALUE[:KEY=VALUE...]]

``NAME`` is, in this order of lookup:

1. a registered name: ``random``, ``baseline``, ``advisor``, ``trader``, ``cautious``, or one added
   with :func:`register`;
2. the name of an entry point in the group ``landlords.strategies`` of any installed package
   (``[project.entry-points."landlords.strategies"] greedy = "mypkg.bots:Greedy"``);
3. ``module:Class`` (or ``module:function``): anything importable that returns a bot when called.

``NAME:ARG`` gives a registered strategy its first parameter: ``rl:models/ppo.npz`` is
``rl:path=models/ppo.npz`` (a trained policy, ``landlords[rl]``).

``KEY=VALUE`` pairs are the strategy's parameters (the fields of its dataclass, or the keyword
arguments of its factory), converted to the type of the parameter's default:
``advisor:reserve=200:favour=orange+red``, ``mypkg.bots:Greedy:greed=0.9``. A factory that takes a
``seed`` argument receives a per-game, per-seat seed (derived from the tournament seed), so random
strategies stay reproducible. :func:`describe` lists every strategy with its parameters.

Writing a strategy takes a few lines: subclass :class:`BaselineBot` (which answers every decision
of every ruleset) and override what differs, e.g. ``_wants`` (buy or not), ``_bid``,
``_build_choice``, ``_jail_choice``, ``_good_trade`` or any ``_decide_<kind>``.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.decision import Decision
from ..engine.errors import ConfigError
from ..engine.game import Game
from .advisor import AdvisorBot
from .baseline import BaselineBot
from .cautious import CautiousBot
from .random_bot import RandomBot
from .trader import TraderBot

ENTRY_POINT_GROUP = "landlords.strategies"


class Bot(Protocol):
    def act(self, game: Game, d: Decision) -> Action: ...


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "baseline": BaselineBot,
    "advisor": AdvisorBot,
    "trader": TraderBot,
    "cautious": CautiousBot,
}


def register(name: str, factory: Callable[..., Bot] | None = None):
    """Register a strategy under ``name`` (usable as a decorator: ``@register("greedy")``).

    Note: a local process pool started with ``fork`` (the default on Linux) sees strategies
    registered before the tournament starts; on other platforms, and on a Ray cluster, prefer an
    entry point or ``module:Class``, which every worker can import by itself.
    """
    if ":" in name or "," in name or "=" in name:
        raise ConfigError(f"a strategy name may not contain ':', ',' or '=': {name!r}")

    def add(f: Callable[..., Bot]) -> Callable[..., Bot]:
        BOTS[name] = f
        _RESOLVED.clear()
        _SPECS.clear()
        return f

    return add(factory) if factory is not None else add


# ---------------------------------------------------------------- specs
@dataclass(frozen=True)
class StrategySpec:
    """A parsed strategy spec: what to build and with which parameters."""

    text: str  # as written
    target: str  # registered name, entry point name, or module:Class
    factory: Callable[..., Bot]
    params: tuple[tuple[str, Any], ...]
    takes_seed: bool

    def make(self, seed: int | None = None) -> Bot:
        kwargs = dict(self.params)
        if self.takes_seed and "seed" not in kwargs:
            kwargs["seed"] = seed
        return self.factory(**kwargs)


def split_spec(text: str) -> tuple[str, dict[str, str]]:
    """``"advisor:reserve=200:favour=orange"`` -> ``("advisor", {"reserve": "200", "favour": "orange"})``;
    ``"pkg.mod:Cls:x=1"`` -> ``("pkg.mod:Cls", {"x": "1"})``."""
    target: list[str] = []
    params: dict[str, str] = {}
    for part in text.strip().split(":"):
        key, sep, value = part.partition("=")
        if sep:
            key = key.strip()
            if not key.isidentifier():
                raise ConfigError(f"strategy {text!r}: bad parameter name {key!r}")
            if key in params:
                raise ConfigError(f"strategy {text!r}: parameter {key!r} given twice")
            params[key] = value.strip()
        elif params:
            raise ConfigError(f"strategy {text!r}: parameters (KEY=VALUE) come after the strategy's name")
        else:
            target.append(part.strip())
    name = ":".join(target)
    if not name:
        raise ConfigError(f"strategy {text!r}: no strategy name")
    return name, params


_RESOLVED: dict[str, Callable[..., Bot]] = {}


def resolve(target: str) -> Callable[..., Bot]:
    """The factory for a registered name, an entry point, or ``module:Class``."""
    found = _RESOLVED.get(target)
    if found is not None:
        return found
    factory = BOTS.get(target)
    if factory is None:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name == target:
                factory = ep.load()
                break
    if factory is None and ":" in target:
        module_name, _, attr = target.partition(":")
        try:
            obj: Any = importlib.import_module(module_name)
        except ImportError as exc:
            raise ConfigError(f"strategy {target!r}: cannot import module {module_name!r}: {exc}") from None
        for part in attr.split("."):
            if not hasattr(obj, part):
                raise ConfigError(f"strategy {target!r}: module {module_name!r} has no {attr!r}")
            obj = getattr(obj, part)
        factory = obj
    if factory is None:
        known = sorted(set(BOTS) | {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})
        raise ConfigError(
            f"unknown strategy {target!r} (known: {', '.join(known)}; or write module:Class for your own)"
        )
    if not callable(factory):
        raise ConfigError(f"strategy {target!r} is not callable")
    _RESOLVED[target] = factory
    return factory


def parameters(factory: Callable[..., Bot]) -> dict[str, Any]:
    """A strategy's parameters and their defaults (``seed`` and ``name`` left out)."""
    if dataclasses.is_dataclass(factory):
        out = {
            f.name: f.default
            for f in dataclasses.fields(factory)
            if f.init and f.default is not dataclasses.MISSING
        }
    else:
        try:
            sig = inspect.signature(factory)
        except (TypeError, ValueError):  # pragma: no cover - builtins
            return {}
        out = {
            p.name: (None if p.default is inspect.Parameter.empty else p.default)
            for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        }
    out.pop("seed", None)
    out.pop("name", None)
    return out


def _takes_seed(factory: Callable[..., Bot]) -> bool:
    if dataclasses.is_dataclass(factory):
        return any(f.name == "seed" and f.init for f in dataclasses.fields(factory))
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):  # pragma: no cover
        return False
    return "seed" in sig.parameters or any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


# what a parameter expects, by its default's type, for the message of a wrong value
_KIND_WORDS: dict[type, str] = {
    bool: "true or false (yes/no, 1/0, on/off)",
    int: "a whole number",
    float: "a number",
}


def _coerce(spec: str, key: str, value: str, default: Any) -> Any:
    try:
        if isinstance(default, bool):
            low = value.lower()
            if low in _TRUE | _FALSE:
                return low in _TRUE
            raise ValueError(value)
        if isinstance(default, int):
            return int(value)
        if isinstance(default, float):
            return float(value)
        if isinstance(default, str):
            return value
    except ValueError:
        kind = _KIND_WORDS.get(type(default), type(default).__name__)
        raise ConfigError(f"strategy {spec!r}: parameter {key!r} expects {kind}, got {value!r}") from None
    for convert in (int, float):  # no default to go by: a number if it reads as one
        try:
            return convert(value)
        except ValueError:
            pass
    return value


_SPECS: dict[str, StrategySpec] = {}


def parse_strategy(text: str) -> StrategySpec:
    """Parse and check a strategy spec (cached: a tournament parses each spec once per process)."""
    spec = _SPECS.get(text)
    if spec is not None:
        return spec
    target, raw = split_spec(text)
    head, sep, arg = target.partition(":")
    if sep and _is_named(head):  # NAME:ARG gives a named strategy its first parameter (rl:PATH)
        first = next(iter(parameters(resolve(head))), None)
        if first is None or first in raw:
            raise ConfigError(f"strategy {text!r}: {head!r} takes no argument {arg!r}")
        target, raw = head, {first: arg, **raw}
    factory = resolve(target)
    known = parameters(factory)
    takes_seed = _takes_seed(factory)
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "seed" and takes_seed:
            params[key] = int(value)
            continue
        if key not in known and not _has_var_kwargs(factory):
            listed = ", ".join(known) or "none"
            raise ConfigError(f"strategy {target!r} has no parameter {key!r} (parameters: {listed})")
        params[key] = _coerce(text, key, value, known.get(key))
    spec = StrategySpec(text, target, factory, tuple(params.items()), takes_seed)
    try:
        spec.make(0)  # fail now, with the spec named, rather than inside a worker
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"strategy {text!r}: {exc}") from None
    _SPECS[text] = spec
    return spec


def _is_named(name: str) -> bool:
    return name in BOTS or any(ep.name == name for ep in entry_points(group=ENTRY_POINT_GROUP))


def _has_var_kwargs(factory: Callable[..., Bot]) -> bool:
    if dataclasses.is_dataclass(factory):
        return False
    try:
        return any(p.kind == p.VAR_KEYWORD for p in inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover
        return False


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot from a strategy spec (``"baseline"``, ``"advisor:reserve=200"``, ``"pkg.mod:Cls"``)."""
    return parse_strategy(name).make(seed)


SUMMARIES = {
    "random": "Uniform over the legal actions (a stress tool for the engine).",
    "baseline": "Buys and bids by price, completes groups by trading, builds evenly, keeps a reserve.",
}


def describe() -> list[tuple[str, str, dict[str, Any]]]:
    """Every known strategy: (name, one line about it, parameters with defaults)."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    names = dict.fromkeys(BOTS)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        names.setdefault(ep.name)
    for name in names:
        try:
            factory = resolve(name)
        except ConfigError as exc:  # a broken plugin: list it with its error
            out.append((name, str(exc), {}))
            continue
        doc = (inspect.getdoc(factory) or "").strip().splitlines()
        out.append((name, SUMMARIES.get(name) or (doc[0] if doc else ""), parameters(factory)))
    return out


__all__ = [
    "Bot",
    "BaselineBot",
    "RandomBot",
    "AdvisorBot",
    "TraderBot",
    "CautiousBot",
    "BOTS",
    "ENTRY_POINT_GROUP",
    "StrategySpec",
    "register",
    "resolve",
    "parse_strategy",
    "split_spec",
    "parameters",
    "make_bot",
    "describe",
]
