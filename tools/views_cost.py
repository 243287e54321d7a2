"""What the server's views cost an act, without a server: the words and JSON a broadcast builds.

Random 4-player games (each act a random answer to the decision, seeded) are played by the engine;
after every act it builds what a table's broadcast builds for one language: the new events in
words, the public state, the decision's view, their JSON, and the acts of each of the four seats
(with the acts' JSON kept per game and language as a table keeps it). It prints the time of that work per act, so
a change to the describe layer or to ``server/views.py`` can be measured alone, far more steadily
than by ``landlords loadtest``:

    python tools/views_cost.py                    # 30 games of at most 400 acts, Russian
    python tools/views_cost.py --games 10 --lang pl --profile
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import landlords
from landlords.describe.labels import forget_words
from landlords.server import views
from landlords.server.protocol import dumps


def play(seed: int, lang: str, acts: int) -> tuple[float, int]:
    """One game: the seconds spent on its views, and its acts."""
    game = landlords.new_game(None, "hasbro-ru", 4, seed, auto_claim=True)
    rng = random.Random(seed)
    kept: dict[tuple, str] = {}
    spent, n = 0.0, 0
    while not game.over and n < acts:
        d = game.decision
        assert d is not None
        before = len(game.events or [])
        game.apply(d.seat, rng.choice(game.decision_actions()))
        start = time.perf_counter()
        shared = {
            "version": n,
            "events": [views.event_json(game, ev, lang) for ev in (game.events or [])[before:]],
            "state": views.public_state(game),
            "decision": views.decision_view(game, lang, None),
        }
        dumps(shared)
        for seat in range(game.n):
            views.seat_acts_json(game, seat, lang, kept)
        spent += time.perf_counter() - start
        n += 1
    forget_words(game)
    return spent, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--acts", type=int, default=400, help="at most this many acts a game")
    parser.add_argument("--lang", default="ru", choices=("en", "ru", "pl"))
    parser.add_argument("--profile", action="store_true", help="print cProfile's 40 costliest calls")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    if profile is not None:
        profile.enable()
    total, acts = 0.0, 0
    for seed in range(args.games):
        spent, n = play(seed, args.lang, args.acts)
        total, acts = total + spent, acts + n
    if profile is not None:
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    print(f"{acts} acts, {total / acts * 1e6:.1f} µs an act on the views")


if __name__ == "__main__":
    main()
