"""What every layer of the baseline family of strategies may ask of the strategy, declared once.

A bot of this family is one class built in layers, each a subclass of the one below (so that it
compiles as a single native class, see docs/performance.md): ``Strategy`` (this module)
<- ``OdessaPlay`` (bots/odessa_play.py) <- ``BusinesspolyPlay`` (bots/businesspoly_play.py)
<- ``BaselineBot`` <- ``Guarded`` (bots/valuation.py) <- ``CautiousBot``, ``TraderBot``, ``AdvisorBot``.
The variants' layers call the strategy's building blocks, which ``BaselineBot`` defines (and its
subclasses refine): they are declared here.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class Strategy:
    """The strategy's parameters and building blocks, as the variants' layers see them."""

    reserve: int  # cash kept back
    _rejected: dict[tuple[int, int], int]  # (lot, owner) -> the turn an offer for it was last made
    _offers_made: dict[tuple[Any, ...], tuple[Any, ...]]  # (game, offer) -> the board when it was made

    def _reserve(self, game: Game, seat: int) -> int:
        """Cash to keep now."""
        raise NotImplementedError

    def _group_state(self, game: Game, seat: int, sq: int) -> tuple[int, int, int]:
        """(lots I own, lots owned by others, lots in the group) for ``sq``'s group."""
        raise NotImplementedError

    def _trade_time(self, game: Game, seat: int) -> bool:
        """Whether ``seat`` looks for a trade this round."""
        raise NotImplementedError

    def _jail_choice(self, game: Game, seat: int) -> Action | None:
        raise NotImplementedError

    def _build_choice(self, game: Game, seat: int) -> Action | None:
        raise NotImplementedError

    def _lift_choice(self, game: Game, seat: int, reserve: int) -> Action | None:
        raise NotImplementedError

    def _trade_offer(self, game: Game, seat: int) -> Action | None:
        raise NotImplementedError

    def _fresh(self, game: Game, offer: Action | None) -> Action | None:
        """``offer``, unless this bot made the very same offer before and nothing on the board has
        changed since (owners, mortgages, buildings): an offer refused is not made again as it was."""
        if offer is None:
            return None
        board = (tuple(game.owner), tuple(game.mortgaged), tuple(game.level))
        key = (id(game), offer)
        if self._offers_made.get(key) == board:
            return None
        if len(self._offers_made) > 1024:  # a long-lived bot (a server's) forgets the oldest games' offers
            self._offers_made.clear()
        self._offers_made[key] = board
        return offer
