"""A ruleset's override of an act's check or do step is the one called, on both builds.

Game.apply and Game._problem call the commonest acts' steps directly (a dispatch ladder beside
engine/dispatch.py's action table, for speed); a subclass (every ruleset's game is one) that
overrides one of those steps, by the same name or by naming other methods in ``handler_names``,
must still be reached. The subclasses here are interpreted classes on both builds: on the compiled
one, a native method call on them must go through Python's lookup to find the override."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from landlords.bots import make_bot
from landlords.editions import load_edition
from landlords.engine.actions import Bid, Build, Buy, Decline, Mortgage, Pass, Roll, SellBuilding, Unmortgage
from landlords.engine.game import Game
from landlords.rules import get_ruleset

# the acts Game.apply and Game._problem call directly, by the names of their check and do steps
LADDERED = {
    Roll: "roll",
    Build: "build",
    Buy: "buy",
    Bid: "bid",
    Pass: "pass",
    Decline: "decline",
    Mortgage: "mortgage",
    SellBuilding: "sell",
    Unmortgage: "unmortgage",
}


def _recording(step: str) -> Any:
    def method(self: Any, seat: int, a: Any) -> Any:
        self.calls[step] += 1
        return getattr(super(type(self), self), step)(seat, a)

    return method


class Overriding(Game):
    """Overrides every laddered check and do step by its own name (recording, then the engine's)."""

    calls: Counter

    locals().update(
        {
            f"_{kind}_{name}": _recording(f"_{kind}_{name}")
            for name in LADDERED.values()
            for kind in ("problem", "do")
        }
    )


class Renamed(Game):
    """Binds Roll to other methods through ``handler_names``."""

    handler_names = {**Game.handler_names, Roll: ("_check_my_roll", "_do_my_roll")}
    calls: Counter

    def _check_my_roll(self, seat: int, a: Roll) -> Any:
        self.calls["check"] += 1
        return self._problem_roll(seat, a)

    def _do_my_roll(self, seat: int, a: Roll) -> None:
        self.calls["do"] += 1
        self._do_roll(seat, a)


def _play(cls: type[Game], seed: int) -> Game:
    rules = get_ruleset("hasbro-ru")
    game = cls(
        load_edition(rules.edition), rules, 4, seed, record_events=False, end_turn_prompt=False, auto_claim=True
    )
    game.calls = Counter()
    bots = [make_bot("baseline", seed=seed * 31 + k) for k in range(4)]
    while not game.over and game.turn < 600:
        d = game.stack[-1]
        game.apply(d.seat, bots[d.seat].act(game, d))
    return game


def test_overrides_of_every_laddered_act_are_called():
    applied: Counter = Counter()
    calls: Counter = Counter()
    for seed in range(6):
        game = _play(Overriding, seed)
        calls += game.calls
        applied += Counter(LADDERED[type(a)] for _, a in game.actions if type(a) in LADDERED)
    assert set(applied) == set(LADDERED.values()), "the games should take every laddered act"
    for name, n in applied.items():
        assert calls[f"_do_{name}"] == n, name  # every applied act went through the override's do
        assert calls[f"_problem_{name}"] >= n, name  # and through its check (bots also ask is_legal)


@pytest.mark.parametrize("seed", [1])
def test_renamed_handlers_of_a_laddered_act_are_called(seed):
    game = _play(Renamed, seed)
    rolls = sum(1 for _, a in game.actions if type(a) is Roll)
    assert rolls > 0
    assert game.calls["do"] == rolls
    assert game.calls["check"] >= rolls
