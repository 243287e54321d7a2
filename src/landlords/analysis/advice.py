"""Advice at the table: what a player may ask during a game, the same for the terminal and the server.

:func:`advise` answers for a position: with an offer waiting for an answer, what accepting it
changes for everyone (:func:`.trades.evaluate_trade`, without the fair-price search, which takes
several times longer: ``landlords analyse --trade`` has it); otherwise every seat's win chance
(:func:`.chances.win_chances`). A table may agree to play without advice: the house rule
``advice=false`` (kept in the game's rules, so in its record and its position), and then
:func:`advise` refuses.

It reads no hidden information: the dice and the card piles are drawn again for every continuation,
so nothing a player could not know goes into the numbers.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import ConfigError
from ..engine.game import Game

TABLE_GAMES = 1000  # continuations at most, per position compared
TABLE_PRECISION = 0.03  # stop once every interval is within ±3 points
TABLE_BOTS = "advisor"
TABLE_SEED = 1


class AdviceOff(ConfigError):
    """The table agreed to play without advice."""


def advice_allowed(game: Game) -> bool:
    return bool(getattr(game.rules, "advice", True))


def check_allowed(game: Game) -> None:
    if not advice_allowed(game):
        raise AdviceOff(
            "advice is off at this table: the players agreed to play without advice (rule advice=false)"
        )


def advise(
    game_or_position: Game | dict[str, Any],
    *,
    games: int = TABLE_GAMES,
    precision: float | None = TABLE_PRECISION,
    bots: str = TABLE_BOTS,
    seed: int = TABLE_SEED,
) -> dict[str, Any]:
    """``{"kind": "chances", "turn", "chances": {...}, "expert"}`` or, with an offer waiting,
    ``{"kind": "trade", "turn", "trade": {...}, "expert"}`` (the JSON of the analyses); ``expert``:
    what the expert bot would choose at the decision pending and why (the win chances it saw for
    each act, :func:`landlords.bots.expert.explain`), or None where it does not search."""
    from ..bots.expert import explain
    from .chances import game_of, win_chances
    from .trade_terms import pending_offer
    from .trades import evaluate_trade

    game = game_of(game_or_position)
    check_allowed(game)
    reason = explain(game, seed)
    why = None if reason is None else reason.as_dict()
    offer = pending_offer(game)
    if offer is not None:
        result = evaluate_trade(game, offer, games, bots, precision=precision, seed=seed, price=False)
        return {"kind": "trade", "turn": game.turn, "trade": result.as_dict(), "expert": why}
    chances = win_chances(game, games, bots, precision=precision, seed=seed)
    return {"kind": "chances", "turn": game.turn, "chances": chances.as_dict(), "expert": why}
