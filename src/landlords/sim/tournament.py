"""Tournaments: many games between strategies, with honest statistics, on one core or a cluster.

``run(Config(("advisor", "trader", "baseline", "random"), games=1000), workers=4)`` plays the games
and returns a :class:`TournamentResult`; ``result.summary()`` is plain JSON-ready data.

* **Seats.** There is one seat per strategy. Game ``i`` seats the strategies in a rotation of one of
  their orders, so every block of ``k`` games (``k`` strategies) has each strategy in each seat once,
  and every ``k!`` games each seating order once (who sits after whom matters for trades and rent).
* **Seeds.** Game ``i``'s seed is a hash of the tournament seed and ``i``; each bot's seed a hash of
  the game's seed and its seat. A game depends on nothing else, so the results are the same whatever
  the number of workers or the backend: games are split into batches, played anywhere, and merged in
  game order (every per-property figure is an integer sum, so the order of addition cannot matter).
* **Statistics gathered** from the engine's typed events (games are played with ``record_events``
  unless ``property_stats`` is off): landings per square (``Moved``), rent earned per property at
  each building level (``Paid`` with reason ``rent``), and the turns each property was held at each
  level, for rent per turn and return on investment; per strategy, the colour groups it completed.
* **Backends.** ``local``: a process pool (``fork`` start where available; in-process with
  ``workers=1``);
  ``ray``: Ray tasks, on a cluster given by ``address`` or a local Ray instance.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import StrategySpec, parse_strategy
from ..editions import load_edition
from ..engine import events as E
from ..engine.edition import STREET, Edition
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..i18n.grammar import plural_form
from ..rules import game_class, get_ruleset
from . import backends, stats
from .runner import drive

LEVELS = 6  # streets: 0-4 houses and a hotel; railroads and utilities: 1-4 held (index = count)
BACKENDS = backends.BACKENDS


# ================================================================ configuration
@dataclass(frozen=True)
class Config:
    """What a tournament plays. Plain data, so it can be sent to worker processes and machines."""

    strategies: tuple[str, ...]
    games: int
    ruleset: str = "hasbro-ru"
    edition: str | None = None
    rules: tuple[tuple[str, str], ...] = ()  # house rules, KEY=VALUE strings
    seed: int = 1
    max_turns: int = 2000  # the richest player wins a game still running after this many turns
    property_stats: bool = True  # gather per-property statistics (events on: about 25% slower)

    def __post_init__(self) -> None:
        object.__setattr__(self, "strategies", tuple(self.strategies))
        object.__setattr__(self, "rules", tuple((str(k), str(v)) for k, v in dict(self.rules).items()))
        if len(self.strategies) == 1:  # an unknown name says so first, before the count
            from ..bots import check_spec

            check_spec(self.strategies[0])
        if len(self.strategies) < 2:
            raise ConfigError(
                "a tournament needs at least two strategies (name one twice to play it against itself)"
            )
        if self.games < 1:
            raise ConfigError("a tournament needs at least one game")

    @property
    def labels(self) -> tuple[str, ...]:
        """Unique names of the strategies: a spec named twice becomes ``spec`` and ``spec#2``."""
        seen: dict[str, int] = {}
        out = []
        for s in self.strategies:
            seen[s] = seen.get(s, 0) + 1
            out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
        return tuple(out)

    @property
    def players(self) -> int:
        return len(self.strategies)

    def as_dict(self) -> dict[str, Any]:
        return {
            "strategies": list(self.strategies),
            "labels": list(self.labels),
            "games": self.games,
            "players": self.players,
            "ruleset": self.ruleset,
            "edition": self.edition,
            "rules": dict(self.rules),
            "seed": self.seed,
            "max_turns": self.max_turns,
            "property_stats": self.property_stats,
        }


@dataclass
class _Context:
    """What every game of a tournament shares, built once per process."""

    rules: Ruleset
    edition: Edition
    cls: type[Game]
    specs: list[StrategySpec]
    street_groups: list[int]  # group indexes of the street groups


_CONTEXTS: dict[Config, _Context] = {}


def prepare(config: Config) -> _Context:
    """Check a configuration and build what its games share (cached per process)."""
    ctx = _CONTEXTS.get(config)
    if ctx is not None:
        return ctx
    rules = get_ruleset(config.ruleset, dict(config.rules))
    edition = load_edition(config.edition or rules.edition)
    n = config.players
    if not rules.min_players <= n <= rules.max_players:
        raise ConfigError(
            f"ruleset {rules.id!r} is for {rules.min_players}-{rules.max_players} players; "
            f"the tournament names {n} strategies (one per seat)"
        )
    specs = [parse_strategy(s) for s in config.strategies]
    t = edition.tables()
    streets = [g for g, members in enumerate(t.group_members) if members and t.kind[members[0]] == STREET]
    ctx = _Context(rules, edition, game_class(rules), specs, streets)
    _CONTEXTS[config] = ctx
    return ctx


# ================================================================ seeds and seats
def hash64(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a tournament with seed ``seed`` (63 bits)."""
    return hash64(f"landlords/tournament/{seed}/{index}")


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with seed ``seed``."""
    return hash64(f"landlords/bot/{seed}/{seat}")


def seating(index: int, k: int) -> tuple[int, ...]:
    """Which strategy sits in each seat of game ``index``: seat ``j`` gets strategy ``result[j]``.

    Games come in blocks of ``k``: the ``k`` rotations of one ordering, so that each strategy has
    each seat once per block; consecutive blocks step through the ``(k-1)!`` orderings.
    """
    block, rotation = divmod(index, k)
    rest = list(range(1, k))
    m = block % math.factorial(k - 1)
    base = [0]
    for i in range(k - 1, 0, -1):  # the m-th permutation of 1..k-1 (factorial number system)
        f = math.factorial(i - 1)
        base.append(rest.pop(m // f))
        m %= f
    return tuple(base[(seat + rotation) % k] for seat in range(k))


# ================================================================ one game
@dataclass(slots=True)
class GameOutcome:
    index: int
    seed: int
    seating: tuple[int, ...]  # strategy index per seat
    winner: int  # the winning seat
    end_reason: str
    turns: int
    rolls: int
    completed: tuple[int, ...]  # per seat: bit g set if the seat completed street group g
    first_group: tuple[int, ...]  # per seat: the first street group it completed, -1 if none
    net_worth: tuple[int, ...]  # per seat, at the end

    @property
    def winner_strategy(self) -> int:
        return self.seating[self.winner]

    def as_row(self, labels: Sequence[str], group_ids: Sequence[str]) -> dict[str, Any]:
        return {
            "game": self.index,
            "seed": self.seed,
            "seats": " ".join(labels[s] for s in self.seating),
            "winner_seat": self.winner,
            "winner": labels[self.winner_strategy],
            "end_reason": self.end_reason,
            "turns": self.turns,
            "rolls": self.rolls,
            "first_groups": " ".join(group_ids[g] if g >= 0 else "-" for g in self.first_group),
            "net_worth": " ".join(str(w) for w in self.net_worth),
        }


@dataclass
class Tally:
    """Integer sums over games (so merging batches in any order gives the same totals)."""

    size: int
    strategies: int
    groups: int
    landings: list[int] = field(default_factory=list)
    rent: list[list[int]] = field(default_factory=list)  # [square][level]
    held: list[list[int]] = field(default_factory=list)  # turns held, [square][level]
    rent_by_strategy: list[list[int]] = field(default_factory=list)  # [strategy][group]

    def __post_init__(self) -> None:
        if not self.landings:
            self.landings = [0] * self.size
            self.rent = [[0] * LEVELS for _ in range(self.size)]
            self.held = [[0] * LEVELS for _ in range(self.size)]
            self.rent_by_strategy = [[0] * self.groups for _ in range(self.strategies)]

    def merge(self, other: Tally) -> None:
        for i in range(self.size):
            self.landings[i] += other.landings[i]
            mine, theirs = self.rent[i], other.rent[i]
            held, held_o = self.held[i], other.held[i]
            for lv in range(LEVELS):
                mine[lv] += theirs[lv]
                held[lv] += held_o[lv]
        for s in range(self.strategies):
            row, row_o = self.rent_by_strategy[s], other.rent_by_strategy[s]
            for g in range(self.groups):
                row[g] += row_o[g]


def _level(game: Game, sq: int) -> int:
    """The building level of a street, or how many of its kind the owner holds (railroads, utilities)."""
    t = game.t
    if t.is_street[sq]:
        return game.level[sq]
    owner = game.owner[sq]
    g = t.group_of[sq]
    return min(LEVELS - 1, game.holdings[owner][g]) if owner >= 0 and g >= 0 else 0


def play_game(config: Config, index: int, tally: Tally | None = None, trace: list | None = None) -> GameOutcome:  # noqa: C901 - the game loop, its closures on its locals (hot path)
    """Play game ``index`` of the tournament; add its statistics to ``tally``; append
    ``(turn, [net worth per seat])`` to ``trace`` at the start of every turn if given."""
    ctx = prepare(config)
    k = config.players
    seed = game_seed(config.seed, index)
    order = seating(index, k)
    bots = [ctx.specs[order[seat]].make(bot_seed(seed, seat)) for seat in range(k)]
    stats_on = tally is not None and config.property_stats
    game = ctx.cls(  # bots never play ClaimRent: their rent is claimed the moment it is owed
        ctx.edition,
        ctx.rules,
        k,
        seed,
        record_events=stats_on or trace is not None,
        end_turn_prompt=False,
        auto_claim=True,
    )
    t = game.t
    group_of = t.group_of
    properties = t.properties
    is_street = t.is_street
    street_groups = ctx.street_groups
    completed = [0] * k
    first = [-1] * k
    events = game.events
    seen = 0
    last_turn = -1
    owner, level, mortgaged, holdings = game.owner, game.level, game.mortgaged, game.holdings
    if stats_on:
        landings, rent, held, by_strategy = tally.landings, tally.rent, tally.held, tally.rent_by_strategy

    def new_turn() -> None:  # at the start of every turn: groups completed, properties held, net worth
        for g in street_groups:
            holder = game.group_owner[g]
            if holder >= 0 and not completed[holder] >> g & 1:
                completed[holder] |= 1 << g
                if first[holder] < 0:
                    first[holder] = g
        if stats_on:
            for sq in properties:
                o = owner[sq]
                if o >= 0 and not mortgaged[sq]:
                    held[sq][level[sq] if is_street[sq] else min(LEVELS - 1, holdings[o][group_of[sq]])] += 1
        if trace is not None:
            trace.append((game.turn, [game.net_worth(p) for p in range(k)]))

    def watch(game: Game) -> None:  # after every act: its landings and rent, then a new turn's figures
        nonlocal seen, last_turn
        if stats_on and len(events) > seen:
            for ev in events[seen:]:
                cls = type(ev)
                if cls is E.Moved:
                    landings[ev.end] += 1
                elif cls is E.Paid and ev.reason == "rent" and ev.payee >= 0 and ev.square >= 0:
                    sq = ev.square
                    rent[sq][_level(game, sq)] += ev.amount
                    g = group_of[sq]
                    if g >= 0:
                        by_strategy[order[ev.payee]][g] += ev.amount
            seen = len(events)
        if not game.over and game.turn != last_turn:
            last_turn = game.turn
            new_turn()

    def blame(seat: int, action: Any, exc: Exception) -> str:
        return (
            f"strategy {config.labels[order[seat]]!r} at seat {seat} chose an illegal action "
            f"{action!r} at turn {game.turn} of game {index} (seed {seed}): {exc}"
        )

    if not game.over:  # the first turn's figures
        last_turn = game.turn
        new_turn()
    drive(game, bots, config.max_turns, watch=watch, blame=blame)
    if trace is not None:
        trace.append((game.turn, [game.net_worth(p) for p in range(k)]))
    return GameOutcome(
        index,
        seed,
        order,
        game.winner,
        game.end_reason,
        game.turn,
        game.rolls,
        tuple(completed),
        tuple(first),
        tuple(game.net_worth(p) for p in range(k)),
    )


def run_batch(config: Config, start: int, stop: int) -> tuple[int, list[GameOutcome], Tally]:
    """Play games ``start`` to ``stop - 1``: what every backend runs, in any process or machine."""
    ctx = prepare(config)
    tally = Tally(ctx.edition.size, config.players, len(ctx.edition.tables().group_members))
    outcomes = [play_game(config, i, tally) for i in range(start, stop)]
    return start, outcomes, tally


def _run_batch_args(args: tuple[Config, int, int]) -> tuple[int, list[GameOutcome], Tally]:
    return run_batch(*args)


def batches(games: int, workers: int) -> list[tuple[int, int]]:
    """Split ``games`` into batches: about 25 per worker (for an even load and a live progress
    bar), of 1 to 200 games each (the local pool's split; Ray's is sized from a measured speed)."""
    return backends.local_ranges(games, workers)


# ================================================================ backends
Progress = Callable[[int], None]  # called with the number of games finished so far


def run(
    config: Config,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Progress | None = None,
    start_method: str | None = None,
    status: Callable[[str], None] | None = None,
) -> TournamentResult:
    """Play the tournament; the result does not depend on ``workers`` or ``backend``.

    ``progress(games_done)`` is called after every batch (from this thread), ``status(where)`` when
    where the games run changes (``ray: 3 nodes, 6 CPUs``). ``start_method`` picks
    the local pool's multiprocessing start method (default: ``fork`` where available, else
    ``spawn``; with ``spawn`` or ``forkserver`` a script must guard its entry point with
    ``if __name__ == "__main__":``).
    """
    backends.check(workers, backend, address)
    prepare(config)  # fail here, not in a worker
    results = []
    done = 0
    with backends.Session(backend, workers, address, start_method) as session:
        start = time.perf_counter()  # games/s: from when the workers can take games
        for res in backends.spread(_run_batch_args, config, config.games, session, status):
            results.append(res)
            done += len(res[1])
            if progress:
                progress(done)
    seconds = time.perf_counter() - start
    results.sort(key=lambda r: r[0])
    ctx = prepare(config)
    tally = Tally(ctx.edition.size, config.players, len(ctx.edition.tables().group_members))
    outcomes: list[GameOutcome] = []
    for _, games, part in results:
        outcomes.extend(games)
        tally.merge(part)
    return TournamentResult(config, outcomes, tally, seconds, workers, backend)


def sample_game(config: Config, index: int = 0) -> tuple[GameOutcome, list[tuple[int, list[int]]]]:
    """Replay one game of the tournament with a net-worth trace (the same game, by its seed)."""
    trace: list[tuple[int, list[int]]] = []
    outcome = play_game(config, index, None, trace)
    return outcome, trace


# ================================================================ results
@dataclass
class TournamentResult:
    config: Config
    outcomes: list[GameOutcome]
    tally: Tally
    seconds: float
    workers: int
    backend: str

    @property
    def edition(self) -> Edition:
        return prepare(self.config).edition

    def timing(self) -> dict[str, Any]:
        return {
            "seconds": round(self.seconds, 3),
            "games_per_second": round(len(self.outcomes) / self.seconds, 2) if self.seconds else None,
            "workers": self.workers,
            "backend": self.backend,
        }

    # ------------------------------------------------------------ strategies
    def strategies(self) -> list[dict[str, Any]]:
        cfg = self.config
        k = cfg.players
        games = len(self.outcomes)
        wins = [0] * k
        by_seat = [[0] * k for _ in range(k)]  # [strategy][seat]
        worth = [0] * k
        for o in self.outcomes:
            s = o.winner_strategy
            wins[s] += 1
            by_seat[s][o.winner] += 1
            for seat, strategy in enumerate(o.seating):
                worth[strategy] += o.net_worth[seat]
        out = []
        for s, label in enumerate(cfg.labels):
            lo, hi = stats.wilson(wins[s], games)
            out.append(
                {
                    "strategy": label,
                    "spec": cfg.strategies[s],
                    "games": games,
                    "wins": wins[s],
                    "win_rate": wins[s] / games if games else 0.0,
                    "ci95": [lo, hi],
                    "wins_by_seat": by_seat[s],
                    "mean_final_net_worth": worth[s] / games if games else 0.0,
                }
            )
        return out

    def comparison(self, rows: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The exact test between the two strategies with the most wins."""
        rows = rows or self.strategies()
        top = sorted(range(len(rows)), key=lambda i: (-rows[i]["wins"], i))[:2]
        a, b = rows[top[0]], rows[top[1]]
        return stats.compare_wins(a["strategy"], a["wins"], b["strategy"], b["wins"])

    def seats(self) -> list[dict[str, Any]]:
        k = self.config.players
        games = len(self.outcomes)
        wins = [0] * k
        for o in self.outcomes:
            wins[o.winner] += 1
        return [
            {"seat": s, "wins": wins[s], "win_rate": wins[s] / games, "ci95": list(stats.wilson(wins[s], games))}
            for s in range(k)
        ]

    # ------------------------------------------------------------ games
    def length(self) -> dict[str, Any]:
        turns = [o.turns for o in self.outcomes]
        rolls = [o.rolls for o in self.outcomes]
        m, lo, hi = stats.mean_ci(turns)
        return {
            "turns": {
                "mean": m,
                "mean_ci95": [lo, hi],
                "median": stats.median(turns),
                "median_ci95": list(stats.median_ci(turns)),
                "min": min(turns),
                "max": max(turns),
            },
            "rounds": {"mean": stats.mean(turns) / self.config.players},
            "rolls": {"mean": stats.mean(rolls), "median": stats.median(rolls)},
        }

    def end_reasons(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for o in self.outcomes:
            out[o.end_reason] = out.get(o.end_reason, 0) + 1
        return dict(sorted(out.items()))

    # ------------------------------------------------------------ properties
    def properties(self) -> list[dict[str, Any]]:
        """Per property: landings and rent per game, and by level: turns held, rent earned, cost,
        rent per turn held, return on investment (% of the cost per 100 turns) and payback."""
        ed = self.edition
        t = ed.tables()
        games = len(self.outcomes)
        tl = self.tally
        out = []
        for sq in t.properties:
            square = ed.squares[sq]
            levels = []
            for lv in range(LEVELS):
                turns_held, rent = tl.held[sq][lv], tl.rent[sq][lv]
                if not turns_held and not rent:
                    continue
                if square.kind == STREET:
                    cost = square.price + lv * square.house_cost
                    name = "hotel" if lv == 5 else f"{lv} {plural_form('en', lv, 'house|houses')}"  # "1 house"
                else:
                    cost = square.price
                    name = f"{lv} held"
                per_turn = rent / turns_held if turns_held else 0.0
                levels.append(
                    {
                        "level": lv,
                        "name": name,
                        "turns_held": turns_held,
                        "rent": rent,
                        "cost": cost,
                        "rent_per_turn": per_turn,
                        "roi_percent_per_100_turns": 100 * 100 * per_turn / cost if cost else 0.0,
                        "payback_turns": cost / per_turn if per_turn else None,
                    }
                )
            out.append(
                {
                    "index": sq,
                    "name": square.name,
                    "group": square.group or "",
                    "landings": tl.landings[sq],
                    "landings_per_game": tl.landings[sq] / games if games else 0.0,
                    "rent": sum(tl.rent[sq]),
                    "rent_per_game": sum(tl.rent[sq]) / games if games else 0.0,
                    "by_level": levels,
                }
            )
        return out

    def landings(self) -> list[dict[str, Any]]:
        """Landings on every square (properties or not), per game."""
        ed = self.edition
        games = len(self.outcomes)
        return [
            {
                "index": sq.index,
                "name": sq.name,
                "kind": sq.kind,
                "landings_per_game": self.tally.landings[sq.index] / games,
            }
            for sq in ed.squares
        ]

    def groups(self) -> list[dict[str, Any]]:
        """Rent earned per colour group, per game: in all and by strategy."""
        ed = self.edition
        t = ed.tables()
        games = len(self.outcomes)
        labels = self.config.labels
        out = []
        for g, gid in enumerate(t.group_ids):
            by = {labels[s]: self.tally.rent_by_strategy[s][g] / games for s in range(len(labels))}
            out.append(
                {
                    "group": gid,
                    "name": ed.groups[gid].name,
                    "color": ed.groups[gid].color,
                    "rent_per_game": sum(by.values()),
                    "rent_per_game_by_strategy": by,
                }
            )
        return out

    def monopolies(self) -> list[dict[str, Any]]:
        """Per strategy and street group: in how many games it completed the group (and first),
        and its win rate in those games, with 95% intervals."""
        ctx = prepare(self.config)
        t = ctx.edition.tables()
        labels = self.config.labels
        k = self.config.players
        groups = ctx.street_groups
        counts = {(s, g): [0, 0, 0, 0] for s in range(k) for g in groups}  # done, won, first, first won
        for o in self.outcomes:
            for seat, s in enumerate(o.seating):
                won = o.winner == seat
                mask = o.completed[seat]
                for g in groups:
                    if mask >> g & 1:
                        c = counts[(s, g)]
                        c[0] += 1
                        c[1] += won
                f = o.first_group[seat]
                if f >= 0:
                    c = counts[(s, f)]
                    c[2] += 1
                    c[3] += won
        out = []
        for s in range(k):
            for g in groups:
                done, won, first, first_won = counts[(s, g)]
                out.append(
                    {
                        "strategy": labels[s],
                        "group": t.group_ids[g],
                        "completed_games": done,
                        "win_rate_when_completed": won / done if done else None,
                        "ci95_when_completed": list(stats.wilson(won, done)) if done else None,
                        "first_games": first,
                        "win_rate_when_first": first_won / first if first else None,
                        "ci95_when_first": list(stats.wilson(first_won, first)) if first else None,
                    }
                )
        return out

    def summary(self) -> dict[str, Any]:
        """Everything but the timing: identical for the same configuration on any backend."""
        rows = self.strategies()
        out = {
            "config": self.config.as_dict(),
            "edition": self.edition.id,
            "strategies": rows,
            "comparison": self.comparison(rows),
            "seats": self.seats(),
            "length": self.length(),
            "end_reasons": self.end_reasons(),
            "monopolies": self.monopolies(),
        }
        if self.config.property_stats:
            out["properties"] = self.properties()
            out["groups"] = self.groups()
            out["landings"] = self.landings()
        return out

    def as_json(self) -> dict[str, Any]:
        return {**self.summary(), "timing": self.timing()}
