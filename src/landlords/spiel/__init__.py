"""landlords as an OpenSpiel game (needs ``open_spiel``: ``pip install 'landlords[spiel]'``, or
``pip install -e '.[spiel]'`` in a checkout). Importing this package registers the game::

    import pyspiel
    import landlords.spiel

    game = pyspiel.load_game("python_landlords", {"ruleset": "odessa", "players": 3})
"""

from __future__ import annotations

from .game import SHORT_NAME, LandlordsSpielGame, LandlordsSpielState, register

register()

__all__ = ["SHORT_NAME", "LandlordsSpielGame", "LandlordsSpielState", "register"]
