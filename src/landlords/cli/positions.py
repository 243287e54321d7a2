"""The command line's use of positions: print one from a record, start a game from a file."""

from __future__ import annotations

import json

from ..bots import make_bot
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..position import load_position, to_notation


def position_text(game: Game, notation: bool) -> str:
    """The position of ``game`` as JSON, or as one line of notation."""
    position = game.to_position()
    return to_notation(position) if notation else json.dumps(position, ensure_ascii=False, indent=1)


def game_from_position_file(path: str, bots: str | None) -> tuple[Game, list[str | None]]:
    """A game from a position file and who plays each seat: people first, then the ``bots``
    (comma-separated strategies, one for each of the last seats; none by default)."""
    game = load_position(path)
    strategies = [] if not bots or bots.strip().lower() == "none" else [b.strip() for b in bots.split(",")]
    if len(strategies) > game.n:
        raise ConfigError(f"--bots: {len(strategies)} bots for a position of {game.n} seats")
    for s in strategies:
        make_bot(s)  # an unknown strategy fails here, before the game starts
    controllers: list[str | None] = [None] * (game.n - len(strategies)) + strategies
    for p, bot in enumerate(controllers):
        if bot is not None:  # bots never play ClaimRent: their rent is claimed when owed
            game.auto_claim[p] = True
    game.setup = {"position": game.to_position()}  # the record starts from the game as played
    return game, controllers
