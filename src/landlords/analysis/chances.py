"""Win chances from any position: many continuations played by bots, with honest intervals.

``win_chances(game_or_position, games=2000, bots="advisor")`` plays the position on to its end
``games`` times (see :mod:`.continuations` for what is resampled) and reports, for every seat, the
share of continuations it won with a 95% Wilson interval; the continuations stopped at the turn
limit are counted apart (nobody won them) and reported; and the expected number of turns left.
The numbers answer "how often would each seat win if everyone played like these bots from here".

Early stop (``precision``): the continuations run in batches of :data:`BATCH`; from
:data:`MIN_GAMES` on, after every batch the widest interval is compared with the precision asked
for, and the analysis stops at the first batch where it is narrow enough. Only a prefix of the
continuations (0 to m-1) is ever counted, and the rule looks only at that prefix, so the result is
the same on any number of workers and on any backend. Looking after every batch makes the nominal
95% a little optimistic (a sequential rule); the minimum of 200 continuations keeps that small.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import parse_strategy
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..sim import backends, stats
from .continuations import UNFINISHED, Job, Outcome, base_game, run_batch

BATCH = 25  # continuations per task, and the step of the early-stop checks
MIN_GAMES = 200  # no early stop before this many continuations
DEFAULT_BOTS = "advisor"
DEFAULT_MAX_TURNS = 1000
HIDDEN = (
    "dice and the order of every card pile are drawn again for every continuation "
    "(nobody at the table knows them); dice or cards scripted in the position are dropped"
)

Progress = Callable[[int, int], None]  # (continuations done, continuations asked for), all positions


# ================================================================ the inputs
def game_of(game_or_position: Game | dict[str, Any]) -> Game:
    """A game from a game (as it is) or a position (checked, as ``landlords.from_position``)."""
    if isinstance(game_or_position, Game):
        return game_or_position
    if isinstance(game_or_position, dict):
        from ..position import from_position

        return from_position(game_or_position, record_events=False)
    raise ConfigError(f"a game or a position (a dict) is needed, not {type(game_or_position).__name__}")


def seat_bots(bots: str | Sequence[str], seats: int) -> tuple[str, ...]:
    """One strategy spec per seat: one spec (or one comma-separated string) for every seat, or one
    per seat. Each is checked now, before any work."""
    specs = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else [str(b).strip() for b in bots]
    if not specs or any(not s for s in specs):
        raise ConfigError("bots: name a strategy for every seat, or one for all (e.g. advisor)")
    if len(specs) == 1:
        specs *= seats
    if len(specs) != seats:
        raise ConfigError(f"bots: {len(specs)} strategies for {seats} seats (name one for all, or one per seat)")
    for s in specs:
        parse_strategy(s)
    return tuple(specs)


def check_numbers(games: int, precision: float | None, max_turns: int) -> None:
    if type(games) is not int or games < 1:
        raise ConfigError(f"games must be a whole number of at least 1, got {games!r}")
    if precision is not None and not 0 < precision < 0.5:
        raise ConfigError(
            "precision is the half-width of the intervals, between 0 and 0.5 "
            f"(0.02 for ±2 points), got {precision!r}"
        )
    if type(max_turns) is not int or max_turns < 1:
        raise ConfigError(f"max_turns must be a whole number of at least 1, got {max_turns!r}")


# ================================================================ running
@dataclass
class Run:
    """Continuations of several positions, index by index on the same random numbers."""

    outcomes: list[list[Outcome]]  # per job, continuations 0..m-1
    asked: int
    seconds: float
    stopped_early: bool
    workers: int
    backend: str


def run_jobs(
    jobs: Sequence[Job],
    games: int,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    precision_met: Callable[[list[list[Outcome]]], bool] | None = None,
    progress: Progress | None = None,
) -> Run:
    """Play continuations 0..games-1 of every job, batch by batch; stop at the first batch boundary
    (from :data:`MIN_GAMES` on) where ``precision_met`` says the prefix so far is enough."""
    backends.check(workers, backend, address)
    for job in jobs:
        base_game(job)  # a broken position or strategy fails here, not in a worker
    parts = [(a, min(games, a + BATCH)) for a in range(0, games, BATCH)]
    tasks = [(k, job, a, b) for a, b in parts for k, job in enumerate(jobs)]
    got: dict[tuple[int, int], list[Outcome]] = {}
    total = games * len(jobs)
    done = prefix = 0
    stopped = False
    start = time.perf_counter()
    results = backends.imap(run_batch, tasks, workers, backend, address)
    try:
        for k, first, outcomes in results:
            got[(k, first)] = outcomes
            done += len(outcomes)
            if progress:
                progress(done, total)
            while prefix < games and all((j, prefix) in got for j in range(len(jobs))):
                prefix = min(games, prefix + BATCH)
                if precision_met and MIN_GAMES <= prefix < games and precision_met(_collect(got, jobs, prefix)):
                    stopped = True
                    break
            if stopped or prefix >= games:
                break
    finally:
        close = getattr(results, "close", None)
        if close:
            close()  # stops the pool or cancels the Ray tasks still pending
    seconds = time.perf_counter() - start
    return Run(_collect(got, jobs, prefix), games, seconds, stopped, workers, backend)


def _collect(got: dict[tuple[int, int], list[Outcome]], jobs: Sequence[Job], prefix: int) -> list[list[Outcome]]:
    out = []
    for k in range(len(jobs)):
        rows: list[Outcome] = []
        for a in range(0, prefix, BATCH):
            rows.extend(got[(k, a)])
        out.append(rows)
    return out


# ================================================================ the result
def half_width(interval: Sequence[float]) -> float:
    return (interval[1] - interval[0]) / 2


@dataclass
class Chances:
    """What the continuations of one position say."""

    names: list[str]
    outcomes: list[Outcome] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def wins(self) -> list[int]:
        counts = [0] * len(self.names)
        for o in self.outcomes:
            if o.winner != UNFINISHED:
                counts[o.winner] += 1
        return counts

    def unfinished(self) -> int:
        return sum(1 for o in self.outcomes if o.winner == UNFINISHED)

    def seats(self) -> list[dict[str, Any]]:
        """Per seat: wins, the win chance and its 95% Wilson interval; and the continuations it led
        when they were stopped at the turn limit (not counted as wins)."""
        n = self.games
        leading = [0] * len(self.names)
        for o in self.outcomes:
            if o.winner == UNFINISHED:
                leading[o.leader] += 1
        return [
            {
                "seat": seat,
                "name": name,
                "wins": w,
                "chance": w / n if n else 0.0,
                "ci95": list(stats.wilson(w, n)),
                "leading_when_unfinished": leading[seat],
            }
            for seat, (name, w) in enumerate(zip(self.names, self.wins(), strict=True))
        ]

    def widest(self) -> float:
        """The widest half-interval among the seats and the unfinished share."""
        n = self.games
        widths = [half_width(stats.wilson(w, n)) for w in self.wins()]
        return max([*widths, half_width(stats.wilson(self.unfinished(), n))])

    def length(self) -> dict[str, Any]:
        """Turns left from the position: mean (95% interval), median. Continuations stopped at the limit
        count with the turns they were played, so with any of them the mean is a lower bound."""
        turns = [o.turns for o in self.outcomes]
        m, lo, hi = stats.mean_ci(turns)
        median = stats.median(turns)
        return {"mean": m, "mean_ci95": [lo, hi], "median": median, "lower_bound": bool(self.unfinished())}

    def summary(self) -> dict[str, Any]:
        n = self.games
        u = self.unfinished()
        return {
            "games": n,
            "seats": self.seats(),
            "unfinished": {"games": u, "share": u / n if n else 0.0, "ci95": list(stats.wilson(u, n))},
            "turns_left": self.length(),
        }


@dataclass
class WinChances(Chances):
    """The result of :func:`win_chances`."""

    bots: tuple[str, ...] = ()
    seed: int = 1
    asked: int = 0
    precision: float | None = None
    stopped_early: bool = False
    max_turns: int = DEFAULT_MAX_TURNS
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"

    def as_dict(self) -> dict[str, Any]:
        """Everything, as JSON-ready data (``timing`` is the only part that depends on the machine)."""
        return {
            **self.summary(),
            "asked": self.asked,
            "precision": self.precision,
            "stopped_early": self.stopped_early,
            "bots": list(self.bots),
            "seed": self.seed,
            "max_turns": self.max_turns,
            "hidden_information": HIDDEN,
            "meaning": "the share of continuations each seat wins if every seat plays like these bots",
            "timing": {
                "seconds": round(self.seconds, 3),
                "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
                "workers": self.workers,
                "backend": self.backend,
            },
        }


def win_chances(
    game_or_position: Game | dict[str, Any],
    games: int = 2000,
    bots: str | Sequence[str] = DEFAULT_BOTS,
    workers: int = 1,
    backend: str = "local",
    precision: float | None = None,
    seed: int = 1,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    address: str | None = None,
    progress: Progress | None = None,
) -> WinChances:
    """Each seat's chance to win from this position if every seat plays like ``bots``.

    Plays ``games`` continuations (fewer when ``precision``, the half-width of the widest 95%
    interval, is reached first); ``workers`` processes of the ``local`` pool, or CPUs of Ray. The
    result depends only on the position, ``bots``, ``games``, ``precision``, ``seed`` and
    ``max_turns``, never on ``workers`` or ``backend``.
    """
    check_numbers(games, precision, max_turns)
    game = game_of(game_or_position)
    specs = seat_bots(bots, game.n)
    job = Job.of(game, specs, seed, max_turns)

    def enough(outcomes: list[list[Outcome]]) -> bool:
        return Chances(game.names, outcomes[0]).widest() <= precision  # type: ignore[operator]

    run = run_jobs(
        [job],
        games,
        workers=workers,
        backend=backend,
        address=address,
        precision_met=enough if precision else None,
        progress=progress,
    )
    return WinChances(
        list(game.names),
        run.outcomes[0],
        specs,
        seed,
        games,
        precision,
        run.stopped_early,
        max_turns,
        run.seconds,
        workers,
        backend,
    )
