"""The load test's figures: what the client processes measured, merged per level, and shown as a
table or JSON."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any


def percentile(sorted_values: list[float], p: float) -> float | None:
    """The nearest-rank percentile ``p`` (0-100) of an ascending list; None for no values."""
    if not sorted_values:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass
class ClientFigures:
    """What one client process measured inside the measuring window."""

    latencies: list[float] = field(default_factory=list)  # seconds, send act -> ack
    refused: int = 0  # acts answered by `refused` (a stale version: should stay 0, one seat acts at a time)
    errors: int = 0  # acts answered by `error`, or with no answer in time
    games_started: int = 0
    games_finished: int = 0
    tables_moving: int = 0  # tables (a game and the games replacing it) with an acknowledged act in the window
    cpu_seconds: float = 0.0  # the process's CPU time in the window


@dataclass
class Level:
    """One level of the load test: ``games`` concurrent games for ``seconds`` of measured play."""

    games: int
    clients: int
    seconds: float
    think: float
    db: str
    acts: int
    acts_per_second: float
    p50_ms: float | None
    p95_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    refused: int
    errors: int
    games_finished: int
    games_moving: int  # games with at least one acknowledged act in the window
    server_rss_mb: float | None
    server_mb_per_game: float | None
    server_cpu: float | None  # share of one core the server used in the window
    server_ms_per_act: float | None  # the server's CPU time per acknowledged act (whatever the load)
    # the share of the time the server was ready to run but waited for a CPU that other processes had:
    # high on a busy machine, where latency says more about the machine than about the server
    server_cpu_wait: float | None
    client_cpu: float  # the busiest client process's share of one core
    load: str  # the machine's load averages at the end (`uptime`): the machine is shared

    @classmethod
    def merge(
        cls,
        games: int,
        seconds: float,
        think: float,
        db: str,
        parts: list[ClientFigures],
        rss: tuple[int, int] | None,
        server_cpu: float | None,
        server_wait: float | None,
        load: str,
    ) -> Level:
        latencies = sorted(x for p in parts for x in p.latencies)

        def ms(p: float) -> float | None:
            v = percentile(latencies, p)
            return None if v is None else round(v * 1000, 2)

        base, end = rss if rss is not None else (None, None)
        return cls(
            games=games,
            clients=len(parts),
            seconds=round(seconds, 2),
            think=think,
            db=db,
            acts=len(latencies),
            acts_per_second=round(len(latencies) / seconds, 1) if seconds > 0 else 0.0,
            p50_ms=ms(50),
            p95_ms=ms(95),
            p99_ms=ms(99),
            max_ms=ms(100),
            refused=sum(p.refused for p in parts),
            errors=sum(p.errors for p in parts),
            games_finished=sum(p.games_finished for p in parts),
            games_moving=sum(p.tables_moving for p in parts),
            server_rss_mb=None if end is None else round(end / 2**20, 1),
            server_mb_per_game=None if end is None or base is None else round((end - base) / 2**20 / games, 3),
            server_cpu=None if server_cpu is None else round(server_cpu, 2),
            server_ms_per_act=None
            if server_cpu is None or not latencies
            else round(server_cpu * seconds / len(latencies) * 1000, 2),
            server_cpu_wait=None if server_wait is None else round(server_wait, 2),
            client_cpu=round(max((p.cpu_seconds for p in parts), default=0.0) / seconds, 2) if seconds else 0.0,
            load=load,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


COLUMNS = (  # (header, field): short, so that the table fits 80 columns; LEGEND says what they are
    ("games", "games"),
    ("acts/s", "acts_per_second"),
    ("p50", "p50_ms"),
    ("p95", "p95_ms"),
    ("p99", "p99_ms"),
    ("max", "max_ms"),
    ("refused", "refused"),
    ("errors", "errors"),
    ("MB/game", "server_mb_per_game"),
    ("CPU", "server_cpu"),
    ("ms/act", "server_ms_per_act"),
    ("wait", "server_cpu_wait"),
    ("clients", "client_cpu"),
)
LEGEND = (
    "p50..max: act -> ack round trip in ms; MB/game: the server's resident memory per game; "
    "CPU: the server's share of one core; ms/act: its CPU time per act; wait: the share of the time "
    "it was ready to run but had no CPU (a busy machine); clients: the busiest client process's share of a core; "
    "with several server processes, MB/game, CPU, ms/act and wait are their sums"
)


def passed_at(levels: list[Level], target_ms: float) -> int | None:
    """The first number of games whose p99 is over the target (None: never)."""
    for level in levels:
        if level.p99_ms is None or level.p99_ms > target_ms or level.errors:
            return level.games
    return None


def summary(levels: list[Level], target_ms: float, ramp: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"target_p99_ms": target_ms, "levels": [lv.to_json() for lv in levels]}
    if ramp:
        out["p99_passes_target_at"] = passed_at(levels, target_ms)
        ok = [lv.games for lv in levels if lv.p99_ms is not None and lv.p99_ms <= target_ms and not lv.errors]
        out["most_games_within_target"] = max(ok) if ok else None
    return out


def table(levels: list[Level]) -> list[str]:
    """The levels as lines of a plain text table, right-aligned (it fits 80 columns)."""
    rows = [[header for header, _ in COLUMNS]]
    rows += [[show(getattr(level, key)) for _, key in COLUMNS] for level in levels]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = [" ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "-" * len(lines[0]))
    return lines


def show(value: Any) -> str:
    """A figure for the table: at most about five characters."""
    if value is None:
        return "-"
    if isinstance(value, float):
        size = abs(value)
        return f"{value:.0f}" if size >= 100 else f"{value:.1f}" if size >= 10 else f"{value:.2f}"
    return str(value)
