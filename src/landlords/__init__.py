"""landlords: an engine for Monopoly-family board games.

>>> import landlords
>>> game = landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=1)
>>> game.decision.kind
'pre_roll'
>>> game.apply(game.decision.seat, landlords.ROLL)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import actions, decisions  # noqa: F401 - every ruleset's actions and decision kinds
from . import engine as _engine
from .editions import edition_names, load_edition
from .engine import *  # noqa: F403
from .engine import Edition, Game, Ruleset
from .engine import state as _state
from .names import check_names
from .rules import game_class, get_ruleset, ruleset_names

_state.named_ruleset = get_ruleset  # positions list only the house rules over the named ruleset

from .position import Position, from_notation, from_position, load_position, to_notation  # noqa: E402

__version__ = "0.1.0"


def new_game(
    edition: str | Edition | None = None,
    ruleset: str | Ruleset = "hasbro-ru",
    players: Sequence[str] | int = 4,
    seed: int | None = None,
    *,
    rules: dict[str, Any] | None = None,
    **options: Any,
) -> Game:
    """Create a game. ``edition`` defaults to the ruleset's own; ``rules`` are house-rule overrides;
    other keyword options go to :class:`Game` (``dice``, ``deck_orders``, ``first_player``,
    ``auto_claim``, ``record_events``). The ruleset's rules hold as they are: ``auto_claim`` is off
    unless asked for (bots, which never play ``ClaimRent``, need it where rent must be claimed)."""
    r = get_ruleset(ruleset, rules)
    ed = edition if isinstance(edition, Edition) else load_edition(edition or r.edition)
    if not isinstance(players, int):  # the one rule for names, as records and positions read them back
        players = check_names(list(players), "players")
    return game_class(r)(ed, r, players, seed, **options)


__all__ = [
    "new_game",
    "Position",
    "from_position",
    "load_position",
    "from_notation",
    "to_notation",
    "load_edition",
    "edition_names",
    "get_ruleset",
    "ruleset_names",
    *_engine.__all__,
]
