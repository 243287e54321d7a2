"""Play whole games between bots, fast (no events), and summarise them."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from ..bots import Bot, make_bot
from ..bots.baseline import BaselineBot
from ..editions import load_edition
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..rules import game_class, get_ruleset


@dataclass
class GameResult:
    winner: int
    end_reason: str
    turns: int
    rolls: int
    seed: int
    decisions: int = 0  # acts applied (every decision answered, own-initiative acts too)


def drive(
    game: Game,
    bots: Sequence[Bot] | Mapping[int, Bot],
    limit: int,
    seat: int = -1,
    watch: Callable[[Game], None] | None = None,
    blame: Callable[[int, Any, IllegalAction], str] | None = None,
) -> None:
    """The one loop that lets bots play ``game`` (simulations, tournaments, continuations and the
    Gymnasium wrapper all run it): the bot of the seat the pending decision names acts, the engine
    applies the act, until the game is over. An act that takes the game past turn ``limit`` ends it,
    the richest player winning (``turn_cap``).

    With ``seat`` (a learning agent's), the loop instead returns, leaving the game as it is, when the
    decision is ``seat``'s, ``seat`` is bankrupt, or the turn is past ``limit``.
    ``watch(game)`` is called after every act (a tournament's statistics). An illegal act raises
    RuntimeError, worded by ``blame(seat, action, error)`` (default: the bot's class, seat and turn).
    """
    stack = game.stack
    apply = game.apply
    while not game.over:
        d = stack[-1]
        if seat >= 0 and (d.seat == seat or game.bankrupt[seat] or game.turn > limit):
            return
        bot = bots[d.seat]
        if isinstance(bot, BaselineBot):  # the baseline family: a native call in the compiled build
            action = bot.act(game, d)
        else:
            action = bot.act(game, d)
        try:
            apply(d.seat, action)
        except IllegalAction as exc:
            raise RuntimeError(
                blame(d.seat, action, exc)
                if blame is not None
                else f"bot {type(bot).__name__} at seat {d.seat} chose an illegal "
                f"action {action!r} at turn {game.turn}: {exc}"
            ) from exc
        if seat < 0 and game.turn > limit:
            game.finish_by_net_worth("turn_cap")
        if watch is not None:
            watch(game)


def play(game: Game, bots: Sequence[Bot], max_turns: int = 2000) -> GameResult:
    """Drive ``game`` to its end with one bot per seat; stop at ``max_turns`` (net-worth winner)."""
    drive(game, bots, max_turns)
    return GameResult(game.winner, game.end_reason, game.turn, game.rolls, game.seed or 0, len(game.actions))


@dataclass
class Summary:
    games: int
    seconds: float
    wins: list[int]
    end_reasons: dict[str, int]
    turns: list[int] = field(repr=False)
    rolls: list[int] = field(repr=False)
    decisions: int = 0  # acts applied in all the games

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "wins_by_seat": self.wins,
            "end_reasons": self.end_reasons,
            "bankruptcy_share": round(self.end_reasons.get("last_player", 0) / self.games, 4) if self.games else 0,
            "median_turns": median(self.turns) if self.turns else 0,
            "median_rolls": median(self.rolls) if self.rolls else 0,
        }


def simulate(
    edition: str | None,
    ruleset: str,
    players: int,
    games: int,
    seed: int,
    strategies: Sequence[str] = ("baseline",),
    rules: dict[str, Any] | None = None,
    max_turns: int = 2000,
    record_events: bool = False,
) -> tuple[Summary, list[Game]]:
    """Play ``games`` games; game i uses seed ``seed + i``. Returns the summary and the last game."""
    r = get_ruleset(ruleset, rules)
    ed = load_edition(edition or r.edition)
    cls = game_class(r)
    wins = [0] * players
    reasons: dict[str, int] = {}
    turns, rolls = [], []
    decisions = 0
    last: list[Game] = []
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        bots = [make_bot(strategies[k % len(strategies)], seed=s * 31 + k) for k in range(players)]
        # bots never play ClaimRent: their rent is claimed the moment it is owed
        game = cls(ed, r, players, s, record_events=record_events, end_turn_prompt=False, auto_claim=True)
        res = play(game, bots, max_turns)
        wins[res.winner] += 1
        reasons[res.end_reason] = reasons.get(res.end_reason, 0) + 1
        turns.append(res.turns)
        rolls.append(res.rolls)
        decisions += res.decisions
        last = [game]
    return Summary(games, time.perf_counter() - start, wins, reasons, turns, rolls, decisions), last
