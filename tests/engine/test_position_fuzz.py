"""A fuzz of the position reader: positions of real bot games with random fields removed or given
values of the wrong type or range. Each one is a clear ConfigError or a game that plays on: never a
bare exception, never a game that breaks a few acts later."""

from __future__ import annotations

import json
import random

import pytest
from support.games import states

import landlords
from landlords import ConfigError, UnscriptedChance, from_position
from landlords.actions import ACCEPT, ProposeDeal
from landlords.rules.businesspoly import DEAL_RESPONSE

VALUES = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    5,
    7,
    39,
    10**30,
    -(10**30),
    2.5,
    "",
    "x",
    "chance",
    [],
    [0],
    [[1, 2]],
    {},
    {"type": "Debt"},
    {"type": "AuctionState"},
    {"a": 1},
    [None],
    "pre_roll",
    "end_turn",
]


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*prefix, i))


def _mutate(data, rng):
    paths = [p for p in _paths(data) if p and p[:2] != ("chance", "state") and p[:1] != ("decks",)]
    path = rng.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    k = path[-1]
    r = rng.random()
    if r < 0.2 and isinstance(parent, dict):
        del parent[k]
    elif r < 0.25 and isinstance(parent, list):
        parent.pop(k)
    else:
        parent[k] = json.loads(json.dumps(rng.choice(VALUES)))


def _fuzz(seed: int, per_ruleset: int, tries: int) -> int:
    rng = random.Random(seed)
    done = 0
    for _, game in states(per_ruleset, range(seed * 100, seed * 100 + 60)):
        base = game.to_position()
        for _ in range(tries):
            data = json.loads(json.dumps(base))
            for _ in range(rng.randint(1, 3)):
                _mutate(data, rng)
            try:
                g = from_position(data)
                g.state_hash()
                for _ in range(5):  # a position that passed the checks plays on
                    if g.over:
                        break
                    d = g.decision
                    acts = g.decision_actions() or list(g.legal_actions())
                    if not acts:
                        break
                    g.apply(d.seat, acts[rng.randrange(len(acts))])
            except (ConfigError, UnscriptedChance):
                pass
            done += 1
    return done


def test_mutated_positions_are_clear_errors_or_playable_games():
    assert _fuzz(1, per_ruleset=8, tries=25) == 8 * 25 * len(landlords.ruleset_names())


@pytest.mark.slow
def test_many_more_mutated_positions():
    assert _fuzz(2, per_ruleset=40, tries=40) == 40 * 40 * len(landlords.ruleset_names())


def test_a_deal_waiting_for_two_parties_keeps_them_on_one_offer():
    """Two parties answer one «Бизнесполия» deal: both decisions hold the same offer, so the position
    says so (data_of) and the rebuilt game completes the deal when the last party accepts."""
    game = landlords.Position.new("businesspoly", players=3).own("A", 1).own("B", 3).own("C", 6).game()
    game.apply(0, ProposeDeal(properties=((1, 1), (3, 2), (6, 0))))
    game.apply(1, ACCEPT)
    position = game.to_position()
    assert [d.get("data_of") for d in position["stack"]] == [None, None]  # one waits now
    game2 = landlords.Position.new("businesspoly", players=3).own("A", 1).own("B", 3).own("C", 6).game()
    game2.apply(0, ProposeDeal(properties=((1, 1), (3, 2), (6, 0))))
    position = game2.to_position()
    kinds = [d["kind"] for d in position["stack"]]
    assert kinds.count(DEAL_RESPONSE) == 2 and position["stack"][-1]["data_of"] == kinds.index(DEAL_RESPONSE)
    again = from_position(json.loads(json.dumps(position)))
    for g in (game2, again):
        g.apply(1, ACCEPT)
        g.apply(2, ACCEPT)
        assert (g.owner[1], g.owner[3], g.owner[6]) == (1, 2, 0)
    assert again.state_hash() == game2.state_hash()
