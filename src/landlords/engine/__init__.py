"""The pure rules engine: no I/O, standard library only."""

from . import actions as _actions
from .actions import *  # noqa: F403
from .decision import Decision
from .edition import HOTEL, Edition
from .errors import ConfigError, IllegalAction, LandlordsError, UnscriptedChance
from .events import BANK, POT, Event
from .game import Game
from .ruleset import Ruleset

__all__ = [
    *_actions.__all__,
    "Decision",
    "Edition",
    "ConfigError",
    "IllegalAction",
    "LandlordsError",
    "UnscriptedChance",
    "BANK",
    "POT",
    "Event",
    "HOTEL",
    "Game",
    "Ruleset",
]
