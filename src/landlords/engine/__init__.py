"""The pure rules engine: no I/O, standard library only."""

from .actions import *  # noqa: F401,F403
from .actions import Action, action_from_json
from .decision import Decision
from .edition import Edition
from .errors import ConfigError, IllegalAction, LandlordsError
from .events import BANK, POT, Event
from .game import HOTEL, Game
from .ruleset import Ruleset

__all__ = [
    "Action", "action_from_json", "Decision", "Edition", "ConfigError", "IllegalAction",
    "LandlordsError", "BANK", "POT", "Event", "HOTEL", "Game", "Ruleset",
]
