"""The state «Одесская Монополия» keeps beside the classic game's, under every layer of its game class.

The layers (each a subclass of the one below, see engine/core.py): ``OdessaBase`` <- ``MortgageMixin``
(mortgages and their lap) <- ``ArtelsMixin`` (artels and cooperatives) <- ``MalinasMixin`` (the
malinas and their smotryashchy) <- ``ExchangeMixin`` (the exchange instead of jail, the guilds)
<- :class:`~.game.OdessaGame`.
"""

from __future__ import annotations

from ...engine.game import Game
from ...engine.native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class OdessaBase(Game):
    """The classic game with the variant's state (written by positions under "variant")."""

    guild: list[int]
    lap_steps: list[dict[int, int]]
    lap_paid: list[bool]
    exchange_steps: int

    def _init_variant(self) -> None:
        n, size = self.n, self.size
        self.guild = [0] * n  # 0, SECOND_GUILD or FIRST_GUILD; titles are for life (O-4)
        # mortgaged pai of each seat -> squares its token has advanced since the lap began (O-8)
        self.lap_steps = [{} for _ in range(n)]
        self.lap_paid = [False] * size  # 20% paid for another lap: lifting costs 20% more (003:149)
        self.exchange_steps = 0  # the move out of the exchange waiting for its payment
