"""Bots do not make an offer again that was refused, unless something in it or on the board changed
(issue 30: the same swap again 14 turns later; 480 for one lot three times)."""

from __future__ import annotations

import pytest

import landlords
from landlords.bots import make_bot
from landlords.engine.actions import REJECT, ROLL, ProposeTrade
from landlords.position import Position


def wanting_game() -> landlords.Game:
    """Seat 1 (a bot) holds square 3 and wants square 1, the rest of its group, which seat 0 holds;
    it also holds square 9, the last of a group of seat 0's (a swap completes both)."""
    data = Position.new("hasbro-ru", players=2).to_json()
    data["lots"] = [{"square": sq, "owner": owner} for sq, owner in ((1, 0), (3, 1), (6, 0), (8, 0), (9, 1))]
    data["turn"] = {"current": 1, "first": 0}
    data["stack"] = [{"kind": "pre_roll", "seat": 1}]
    return landlords.from_position(data)


def offer_of(bot, game) -> ProposeTrade | None:
    action = bot.act(game, game.decision)
    return action if isinstance(action, ProposeTrade) else None


@pytest.mark.parametrize("strategy", ["baseline:trade_every=1", "advisor:trade_every=1", "trader"])
def test_a_refused_offer_is_not_made_again_while_the_board_is_the_same(strategy):
    game = wanting_game()
    bot = make_bot(strategy, seed=1)
    seen: list[ProposeTrade] = []
    for _ in range(40):  # forty rounds later, the board unchanged
        offer = offer_of(bot, game)
        if offer is not None:
            assert offer not in seen, f"{strategy} made {offer} again"
            seen.append(offer)
            game.apply(1, offer)
            game.apply(0, REJECT)
        game.turn += 2
        game.round += 1
    assert seen, f"{strategy} never asked for the lot"
    # once the board changes (seat 0 buys a lot elsewhere), an offer may come again
    game.set_owner(39, 0)
    for _ in range(40):
        if offer_of(bot, game) is not None:
            break
        game.turn += 2
        game.round += 1
    else:
        pytest.fail(f"{strategy} never asked again after the board changed")
    assert game.decision.kind == "pre_roll" and game.is_legal(1, ROLL)
