"""What a seat may offer now, found by asking the engine: the partners an offer may go to, and the
lots and jail cards that may change hands (each tried as an offer of its own). Every front end's
trade builder lists these, so nothing it offers is refused for the moment it is chosen in.
"""

from __future__ import annotations

from ..engine.actions import ProposeTrade
from ..engine.game import Game


def offers_to_try(game: Game, seat: int, partner: int) -> list[ProposeTrade]:
    """The smallest offers to ``partner``: a coin or one lot, either way."""
    out = []
    if game.cash[seat] > 0:
        out.append(ProposeTrade(partner, give_cash=1))
    if game.cash[partner] > 0:
        out.append(ProposeTrade(partner, take_cash=1))
    out += [ProposeTrade(partner, give_properties=(sq,)) for sq in game.owned_by(seat)]
    out += [ProposeTrade(partner, take_properties=(sq,)) for sq in game.owned_by(partner)]
    return out


def may_offer(game: Game, seat: int, partner: int) -> bool:
    return any(game.is_legal(seat, offer) for offer in offers_to_try(game, seat, partner))


def trade_partners(game: Game, seat: int) -> list[int]:
    """The players ``seat`` may send an offer to now (empty: no trading at this moment)."""
    if game.over or game.decision is None or game.bankrupt[seat]:
        return []
    return [q for q in game.alive() if q != seat and may_offer(game, seat, q)]


def lots_to_offer(game: Game, seat: int, partner: int, side: int) -> list[int]:
    """The lots of ``side`` (the proposer or the partner) that may change hands in an offer."""
    if side == seat:
        return [
            sq for sq in game.owned_by(seat) if game.is_legal(seat, ProposeTrade(partner, give_properties=(sq,)))
        ]
    return [
        sq for sq in game.owned_by(partner) if game.is_legal(seat, ProposeTrade(partner, take_properties=(sq,)))
    ]


def cards_to_offer(game: Game, seat: int, partner: int, side: int) -> list[str]:
    """The jail cards of ``side`` that may change hands in an offer (one entry per card held)."""
    field = "give_cards" if side == seat else "take_cards"
    return [
        deck
        for deck in dict.fromkeys(game.jail_cards[side])
        if game.is_legal(seat, ProposeTrade(partner, **{field: (deck,)}))
    ]
