"""Legality and play, pinned: for every ruleset, digests of what the engine lists, refuses and plays.

Each digest covers, over seeded random games (2 and 4 seats, rent claimed by hand and automatically,
a rich start for buildings, acts out of turn too):

* ``legal_actions(seat)`` for every seat still in, at every step;
* every few steps, the answer of ``check`` for a wide set of probe acts of every action type (every
  square for the one-square acts, generated values for the rest): "ok", or the refusal's rule and
  its reason in words; ``is_legal`` must agree with ``check``;
* the acts chosen, the state hash after every step, and the game's record.

plus one full game of 4 baseline bots per ruleset as the simulations play it (events off, rent
claimed automatically): its record and state hash.

The digests were computed on the engine before its legality checks stopped raising internally
(issue 16/17), so they prove that the listing, the refusals and the games did not change. The same
test runs on the compiled build (``.ci/compiled.sh``), which proves both builds play alike.
A deliberate change of the rules changes a digest: rerun with ``LANDLORDS_PRINT_DIGESTS=1 pytest
tests/engine/test_legality_golden.py -s`` and paste the new values, saying why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

import landlords
from landlords.actions import ACTION_TYPES
from landlords.bots import make_bot
from landlords.engine.errors import IllegalAction
from landlords.engine.fields import AMOUNT, DECK, FLAG, INT, POSITIVE, SEAT, SQUARE
from landlords.record import to_record
from landlords.rules import ruleset_names
from landlords.sim.runner import play

STEPS = 500  # per random game
PROBE_EVERY = 23  # steps between two rounds of probes


def _values(kind, game, rng: random.Random, size: int):
    """A few values of a field kind (legal and illegal ones), drawn with ``rng``."""
    if type(kind) is str:
        if kind == SEAT:
            return rng.randrange(game.n + 1)  # one past the last seat too
        if kind == SQUARE:
            return rng.randrange(game.size)
        if kind in (AMOUNT, POSITIVE):
            return rng.choice([0, 1, 5, 20, 60, 150, 400, 1000, 5000])
        if kind == INT:
            return rng.choice([-1, 0, 1, 3, 7, 12])
        if kind == FLAG:
            return rng.random() < 0.5
        if kind == DECK:
            return rng.choice(sorted(game.decks))
        raise AssertionError(kind)
    if kind[0] == "many":
        return tuple(_values(kind[1], game, rng, size) for _ in range(rng.choice([0, 1, 1, 2])))
    return tuple(_values(k, game, rng, size) for k in kind[1])


def _probes(game, rng: random.Random) -> list:
    """Every one-square act on every square, and a few generated acts of every other type."""
    out = []
    for cls in ACTION_TYPES.values():
        fields = cls.FIELDS
        if len(fields) == 1 and fields[0][1] == SQUARE:
            out += [cls(sq) for sq in range(game.size)]
            continue
        tries = 1 if not fields else 6
        for _ in range(tries):
            try:
                out.append(cls(*(_values(kind, game, rng, game.size) for _, kind in fields)))
            except (TypeError, ValueError):
                pass
    return out


def _answer(game, seat, action) -> str:
    try:
        game.check(seat, action)
    except IllegalAction as exc:
        answer = f"{exc.rule}|{exc.reason}"
    else:
        answer = "ok"
    assert game.is_legal(seat, action) == (answer == "ok"), (seat, action, answer)
    return answer


def _trace(game, choose, rng: random.Random, h) -> None:
    """Play ``game`` with ``choose(game, lists, rng) -> (seat, action)``, digesting as it goes."""
    for step in range(STEPS):
        if game.over:
            break
        alive = game.alive()
        lists = {p: list(game.legal_actions(p)) for p in alive}
        for p in alive:
            h.update(f"{p}:{[a.to_json() for a in lists[p]]}\n".encode())
        if step % PROBE_EVERY == 0:
            probes = _probes(game, rng)
            for p in alive:
                h.update(f"{p}?{[_answer(game, p, a) for a in probes]}\n".encode())
        seat, action = choose(game, lists, rng)
        game.apply(seat, action)
        h.update(f"{seat}>{action.to_json()} {game.state_hash()}\n".encode())
    h.update(json.dumps(to_record(game), sort_keys=True).encode())


def _random_choice(game, lists, rng: random.Random):
    seat = game.decision.seat
    if rng.random() < 0.15:  # now and then an act out of turn by anyone who may act
        seat = rng.choice([p for p in lists if lists[p]] or [seat])
    actions = lists[seat]
    if game.decision.kind == "debt" and seat == game.decision.seat and len(actions) > 1:
        actions = [a for a in actions if a.TYPE != "declare_bankruptcy"] or actions
    return seat, rng.choice(actions)


def _random_game(ruleset: str, seats: int, seed: int, auto_claim: bool, h, rules=None) -> None:
    game = landlords.new_game(None, ruleset, players=seats, seed=seed, auto_claim=auto_claim, rules=rules)
    _trace(game, _random_choice, random.Random(seed), h)


def _bot_game(ruleset: str, seed: int, h, probed: bool) -> None:
    """4 baseline bots as the simulations play (events off, rent claimed at once, no end-turn
    prompt): probed and listed all along (they build a lot), or played through like ``simulate``."""
    r = landlords.get_ruleset(ruleset)
    cls = landlords.game_class(r)
    edition = landlords.load_edition(r.edition)
    game = cls(edition, r, 4, seed, record_events=False, end_turn_prompt=False, auto_claim=True)
    bots = [make_bot("baseline", seed=seed * 31 + k) for k in range(4)]
    if probed:
        _trace(
            game,
            lambda g, lists, rng: (g.decision.seat, bots[g.decision.seat].act(g, g.decision)),
            random.Random(seed),
            h,
        )
    else:
        play(game, bots)
        h.update(json.dumps(to_record(game), sort_keys=True).encode())


def digest(ruleset: str) -> str:
    h = hashlib.sha256()
    _random_game(ruleset, 2, 11, False, h)
    _random_game(ruleset, 4, 12, True, h)
    _random_game(ruleset, 3, 14, True, h, {"starting_cash": 6000})  # rich: more buildings
    _bot_game(ruleset, 15, h, probed=True)
    _bot_game(ruleset, 13, h, probed=False)
    return h.hexdigest()[:24]


GOLDEN = {
    "hasbro-ru": "5c15451fadca9eadfc33f49d",
    "hasbro-ru-a": "bdf0fb1dd7e315815cc0e8dd",
    "digital": "bab852c162b56d79fd8a0bb8",
    "polish": "840e8be8abd36ba7f6968d02",
    "kids-london": "cdab5124fbdc370f8f762518",
    "businesspoly": "48ee6ec22635bfe7c3acd0c3",
    "businesspoly-short": "6abea372ae4ae5281eabb3c5",
    "odessa": "dc1d3d9bbdc97dac1e4c3140",
}


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_legal_lists_refusals_and_games_are_unchanged(ruleset):
    value = digest(ruleset)
    if os.environ.get("LANDLORDS_PRINT_DIGESTS"):
        print(f"    {ruleset!r}: {value!r},")
    assert value == GOLDEN[ruleset]
