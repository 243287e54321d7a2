"""Continuations: a position played on to its end by bots, many times, each with chance resampled.

What a player at the table cannot know is drawn again for every continuation: the dice (a fresh
generator) and, where the ruleset shuffles its decks, the order of every card pile (the cards in
it stay the same; a jail card held by a player stays held). Dice or cards scripted in the position
are dropped. Continuation ``i`` of an analysis with seed ``s`` gets the generator seeded by a hash of
``s`` and ``i``, and the bot in seat ``k`` a seed derived from that: the same ``i`` and ``s`` give the
same dice stream and the same pile order in every position compared (common random numbers), on any
number of workers and any backend.

A :class:`Job` is plain, hashable data (the position as JSON text), so it travels to worker
processes and Ray; each process builds the position once and copies it for every continuation.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from ..bots import parse_strategy
from ..engine.dice import Chance
from ..engine.edition import Edition
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..sim.runner import drive
from ..sim.tournament import bot_seed, hash64

UNFINISHED = -1  # the winner of a continuation stopped at the turn limit


@dataclass(frozen=True)
class Job:
    """What to continue: a position (JSON text), a strategy per seat, the analysis seed, a limit."""

    position: str
    bots: tuple[str, ...]
    seed: int
    max_turns: int  # turns played from the position before a continuation counts as unfinished
    edition: Edition | None = field(default=None, compare=False, hash=False)  # when not built in

    @staticmethod
    def of(game: Game, bots: tuple[str, ...], seed: int, max_turns: int) -> Job:
        builtin = _is_builtin(game.edition)
        position = json.dumps(game.to_position(), sort_keys=True, ensure_ascii=False)
        return Job(position, bots, seed, max_turns, None if builtin else game.edition)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One continuation: who won (:data:`UNFINISHED` at the limit), the richest seat at the end
    (the winner when there is one), the turns it lasted from the position, and why it ended."""

    index: int
    winner: int
    leader: int
    turns: int
    end_reason: str


def continuation_seed(seed: int, index: int) -> int:
    """The chance seed of continuation ``index`` of an analysis with seed ``seed`` (63 bits)."""
    return hash64(f"landlords/continuation/{seed}/{index}")


def _is_builtin(edition: Edition) -> bool:
    from ..editions import edition_names, load_edition

    return edition.id in edition_names() and load_edition(edition.id) is edition  # packaged: cached


_BASES: dict[Job, Game] = {}


def base_game(job: Job) -> Game:
    """The position of ``job`` as a game to copy (built once per process): no events, no history,
    rent claimed for every seat (bots never claim it), no end-of-turn prompt (the rules are the same)."""
    game = _BASES.get(job)
    if game is not None:
        return game
    from ..position import from_position

    game = from_position(json.loads(job.position), edition=job.edition, record_events=False)
    game.actions = []
    game.setup = {}
    game.auto_claim = [True] * game.n
    game.end_turn_prompt = False
    if len(job.bots) != game.n:
        raise ConfigError(f"bots: {len(job.bots)} strategies for a position of {game.n} seats")
    if len(_BASES) >= 8:
        _BASES.clear()
    _BASES[job] = game
    return game


def resampled(base: Game, seed: int) -> Game:
    """A copy of ``base`` whose hidden chance is drawn again from ``seed``: a new generator for the
    dice, every card pile reshuffled (where the ruleset shuffles), scripts dropped."""
    chance = Chance(seed)
    game = base.clone(chance)
    game.seed = seed
    if game.rules.shuffle_decks:
        rng: random.Random = chance.rng
        for pile in game.decks.values():
            cards = sorted(pile)  # from one order, so that the same cards get the same order in every position
            rng.shuffle(cards)
            pile.clear()
            pile.extend(cards)
    return game


def play_continuation(job: Job, index: int) -> Outcome:
    """Continuation ``index`` of ``job``, played to its end (or to the turn limit)."""
    base = base_game(job)
    seed = continuation_seed(job.seed, index)
    game = resampled(base, seed)
    bots = [parse_strategy(spec).make(bot_seed(seed, seat)) for seat, spec in enumerate(job.bots)]
    start = game.turn

    def blame(seat: int, action: Any, exc: Exception) -> str:
        return (
            f"strategy {job.bots[seat]!r} at seat {seat} chose an illegal action {action!r} "
            f"at turn {game.turn} of continuation {index} (seed {seed}): {exc}"
        )

    drive(game, bots, start + job.max_turns, blame=blame)
    capped = game.end_reason == "turn_cap"
    return Outcome(index, UNFINISHED if capped else game.winner, game.winner, game.turn - start, game.end_reason)


def run_batch(task: tuple[int, Job, int, int]) -> tuple[int, int, list[Outcome]]:
    """Continuations ``start`` to ``stop - 1`` of a job: what every backend runs. The task and the
    result carry the job's number, so results can come back in any order."""
    number, job, start, stop = task
    return number, start, [play_continuation(job, i) for i in range(start, stop)]
