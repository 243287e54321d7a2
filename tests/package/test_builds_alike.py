"""The compiled build plays exactly as the pure-Python one: same seeds, same records, same state hashes.

On the compiled build (``.ci/compiled.sh`` installs the mypyc wheel and runs the suite on it) this
test plays, for every ruleset and a few seeds, full games of the five strategies of the baseline
family (events recorded, rent claimed by hand where the ruleset says so) and random legal games
(acts out of turn too), then plays the same games on the pure-Python sources of this repository in
a child process, and compares the state hash after every act, every event and the final record.
On the pure build it is skipped: the golden digests (tests/engine/test_legality_golden.py) pin the pure
build's games, and run on both builds.

Run by hand as a script it prints the traces' digests of the build it imports.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

SEEDS = (3, 41)
STRATEGIES = ("baseline", "cautious", "trader", "advisor")
RANDOM_STEPS = 400
SRC = Path(__file__).resolve().parents[2] / "src"


def _bot_game(ruleset: str, seed: int) -> str:
    """A full game of four different bots, with events: one line per act (seat, act, state hash)."""
    import landlords
    from landlords.bots import make_bot
    from landlords.record import to_record

    game = landlords.new_game(None, ruleset, players=4, seed=seed, auto_claim=True)
    bots = [make_bot(STRATEGIES[(seed + k) % len(STRATEGIES)], seed=seed * 31 + k) for k in range(4)]
    h = hashlib.sha256()
    while not game.over and game.turn <= 600:
        d = game.decision
        action = bots[d.seat].act(game, d)
        game.apply(d.seat, action)
        h.update(f"{d.seat}>{action.to_json()} {game.state_hash()}\n".encode())
    h.update(json.dumps([e.to_json() for e in game.events], sort_keys=True, default=repr).encode())
    h.update(json.dumps(to_record(game), sort_keys=True).encode())
    return f"turn {game.turn} {h.hexdigest()}"


def _random_game(ruleset: str, seed: int) -> str:
    """Random legal acts by anyone who may act, rent claimed by hand: acts, hashes and the record."""
    import landlords
    from landlords.record import to_record

    game = landlords.new_game(None, ruleset, players=3, seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    for _ in range(RANDOM_STEPS):
        if game.over:
            break
        lists = {p: list(game.legal_actions(p)) for p in game.alive()}
        seat = game.decision.seat
        if rng.random() < 0.2:  # now and then an act out of turn, by anyone who may act
            seat = rng.choice([p for p in lists if lists[p]] or [seat])
        action = rng.choice(lists[seat])
        game.apply(seat, action)
        h.update(f"{seat}>{action.to_json()} {game.state_hash()}\n".encode())
    h.update(json.dumps(to_record(game), sort_keys=True).encode())
    return h.hexdigest()


def traces() -> dict[str, str]:
    """``"<ruleset> <kind> <seed>" -> digest`` for the build imported."""
    from landlords.rules import ruleset_names

    out = {}
    for ruleset in ruleset_names():
        for seed in SEEDS:
            out[f"{ruleset} bots {seed}"] = _bot_game(ruleset, seed)
            out[f"{ruleset} random {seed}"] = _random_game(ruleset, seed)
    return out


def test_compiled_and_pure_builds_play_the_same_games():
    from landlords.engine.native import is_compiled

    if not is_compiled():
        pytest.skip("needs the compiled build (.ci/compiled.sh); the golden digests pin the pure one")
    script = (
        f"import sys; sys.path[:0] = [{str(SRC)!r}, {str(Path(__file__).parent)!r}]\n"
        "import json, test_builds_alike as t\n"
        "from landlords.engine.native import is_compiled\n"
        "assert not is_compiled()\n"
        "print(json.dumps(t.traces()))\n"
    )
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    pure = json.loads(child.stdout)
    compiled = traces()
    assert compiled.keys() == pure.keys()
    differ = [key for key in compiled if compiled[key] != pure[key]]
    assert not differ, f"the builds play differently: {differ}"


if __name__ == "__main__":
    sys.path.insert(0, str(SRC))
    print(json.dumps(traces(), indent=1))
