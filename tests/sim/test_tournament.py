"""Tournaments: seats, seeds and statistics against known cases; the same results for any number of
workers and on Ray; the command line with its files and charts."""

from __future__ import annotations

import csv
import json
import math
import shutil
import subprocess
import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from landlords.engine.errors import ConfigError
from landlords.sim import stats
from landlords.sim.tournament import Config, batches, game_seed, run, sample_game, seating

_beside = Path(sys.executable).parent / "landlords"
EXE = str(_beside) if _beside.exists() else shutil.which("landlords")


def cli(*args: str) -> subprocess.CompletedProcess:
    cmd = [EXE, *args] if EXE else [sys.executable, "-m", "landlords.cli.main", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


# ================================================================ statistics: known values
def test_wilson_interval_known_values():
    assert stats.wilson(0, 10) == (0.0, pytest.approx(0.27753, abs=1e-5))
    assert stats.wilson(5, 10) == (pytest.approx(0.23659, abs=1e-5), pytest.approx(0.76341, abs=1e-5))
    assert stats.wilson(10, 10) == (pytest.approx(0.72247, abs=1e-5), 1.0)
    lo, hi = stats.wilson(250, 1000)
    assert lo == pytest.approx(0.22412, abs=1e-4) and hi == pytest.approx(0.27772, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_exact_binomial_test_known_values():
    # the values R's binom.test and SciPy's binomtest give
    assert stats.binomial_test(2, 10) == pytest.approx(0.109375)
    assert stats.binomial_test(5, 10) == pytest.approx(1.0)
    assert stats.binomial_test(0, 20) == pytest.approx(2 * 0.5**20)
    assert stats.binomial_test(3, 10, 0.2) == pytest.approx(0.4295747, abs=1e-6)
    assert stats.binomial_test(60, 100) == pytest.approx(0.05688793, abs=1e-7)
    with pytest.raises(ValueError):
        stats.binomial_test(11, 10)


def test_compare_wins_conditions_on_the_games_either_strategy_won():
    c = stats.compare_wins("a", 60, "b", 40)
    assert c["p_value"] == pytest.approx(stats.binomial_test(60, 100))
    assert not c["significant"]
    assert stats.compare_wins("a", 80, "b", 40)["significant"]
    assert "dependent" in c["why"]


def test_mean_median_and_interval():
    assert stats.median([3, 1, 2]) == 2 and stats.median([4, 1, 2, 3]) == 2.5
    lo, hi = stats.median_ci(list(range(1, 101)))
    assert (lo, hi) == (40.0, 61.0)  # the 40th and 61st of 100 values (coverage 96.5%, as tabulated)
    assert stats.median_ci([5, 1, 3]) == (1.0, 5.0)
    m, lo, hi = stats.mean_ci([10, 12, 14, 16])
    assert m == 13 and lo < 13 < hi
    assert hi - lo == pytest.approx(2 * stats.Z95 * math.sqrt((20 / 3) / 4))


# ================================================================ seats and seeds
@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_every_block_of_k_games_seats_each_strategy_in_each_seat_once(k):
    for block in range(3 * math.factorial(k - 1)):
        counts = Counter()
        for i in range(block * k, block * k + k):
            order = seating(i, k)
            assert sorted(order) == list(range(k))
            counts.update((seat, s) for seat, s in enumerate(order))
        assert set(counts.values()) == {1} and len(counts) == k * k


def test_every_seating_order_comes_once_in_k_factorial_games():
    k = 4
    orders = {seating(i, k) for i in range(math.factorial(k))}
    assert orders == set(permutations(range(k)))


def test_game_seeds_depend_on_the_tournament_seed_and_the_game_only():
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(s, i) for s in range(5) for i in range(200)}) == 1000
    assert 0 <= game_seed(123, 456) < 2**63
    assert game_seed(1, 0) == 4739146385456445281  # stable across versions: results stay reproducible


def test_batches_cover_every_game_once():
    for games, workers in ((1, 1), (10, 4), (1000, 2), (12345, 7)):
        parts = batches(games, workers)
        assert [i for a, b in parts for i in range(a, b)] == list(range(games))


def test_configuration_is_checked_before_anything_is_played():
    with pytest.raises(ConfigError):
        Config(("baseline",), 10)
    with pytest.raises(ConfigError, match="unknown strategy"):
        run(Config(("baseline", "nosuch"), 2))
    with pytest.raises(ConfigError, match="for 2-4 players"):
        run(Config(("baseline",) * 5, 2, ruleset="polish"))
    with pytest.raises(ConfigError, match="unknown backend"):
        run(Config(("baseline", "random"), 2), backend="cloud")


# ================================================================ results
SMALL = Config(("advisor", "trader", "baseline", "random"), 16, seed=7)


@pytest.fixture(scope="module")
def small():
    return run(SMALL, workers=1)


def test_same_results_for_one_and_two_workers(small):
    two = run(SMALL, workers=2)
    assert two.summary() == small.summary()
    assert (
        [o.seed for o in two.outcomes] == [o.seed for o in small.outcomes] == [game_seed(7, i) for i in range(16)]
    )


def test_summary_is_consistent(small):
    s = small.summary()
    rows = s["strategies"]
    assert sum(r["wins"] for r in rows) == 16
    for r in rows:
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
        assert sum(r["wins_by_seat"]) == r["wins"]
    assert sum(s["end_reasons"].values()) == 16
    assert s["length"]["turns"]["min"] <= s["length"]["turns"]["median"] <= s["length"]["turns"]["max"]
    # every rent payment is counted once per property and once per colour group
    rent_props = sum(p["rent_per_game"] for p in s["properties"])
    rent_groups = sum(g["rent_per_game"] for g in s["groups"])
    assert rent_props == pytest.approx(rent_groups) and rent_props > 0
    for p in s["properties"]:
        assert sum(lv["rent"] for lv in p["by_level"]) == pytest.approx(p["rent_per_game"] * 16)
    assert sum(sq["landings_per_game"] for sq in s["landings"]) > 50  # moves per game
    # a monopoly's games are among the strategy's games
    for m in s["monopolies"]:
        assert m["first_games"] <= m["completed_games"] <= 16
    c = s["comparison"]
    top = sorted(rows, key=lambda r: -r["wins"])
    assert {c["a"], c["b"]} == {top[0]["strategy"], top[1]["strategy"]}


def test_a_levels_name_counts_its_houses_in_english_plural(small):
    """Issue 30: "1 house", never "1 houses" (the report's best level per property reads these)."""
    names = {0: "0 houses", 1: "1 house", 2: "2 houses", 3: "3 houses", 4: "4 houses", 5: "hotel"}
    streets = [
        lv for p in small.summary()["properties"] for lv in p["by_level"] if not lv["name"].endswith("held")
    ]
    assert any(lv["level"] == 1 for lv in streets)
    assert all(lv["name"] == names[lv["level"]] for lv in streets), {lv["name"] for lv in streets}


def test_the_sample_game_is_the_tournaments_first_game(small):
    outcome, trace = sample_game(SMALL, 0)
    assert outcome == small.outcomes[0]
    assert trace[-1][1] == list(outcome.net_worth) and len(trace) >= outcome.turns


def test_without_property_statistics_the_games_are_the_same(small):
    bare = run(Config(SMALL.strategies, SMALL.games, seed=SMALL.seed, property_stats=False))
    assert [o.winner for o in bare.outcomes] == [o.winner for o in small.outcomes]
    assert "properties" not in bare.summary()


def test_two_identical_strategies_have_indistinguishable_win_rates():
    # identical strategies differ by chance alone: at the 1% level the test says so in 99 cases
    # in 100 whatever the engine's future changes (the seed fixes one of them)
    result = run(Config(("baseline", "baseline"), 1000, seed=11, property_stats=False), workers=2)
    a, b = result.strategies()
    assert (a["strategy"], b["strategy"]) == ("baseline", "baseline#2")
    assert result.comparison()["p_value"] > 0.01
    assert a["ci95"][0] < b["ci95"][1] and b["ci95"][0] < a["ci95"][1]  # the intervals overlap
    seats = result.seats()
    assert seats[0]["wins"] + seats[1]["wins"] == 1000


def test_trader_beats_random_significantly():
    result = run(Config(("trader", "random"), 60, seed=3, property_stats=False), workers=2)
    c = result.comparison()
    assert c["a"] == "trader" and c["p_value"] < 0.01 and c["significant"]


# ================================================================ Ray
@pytest.mark.slow
@pytest.mark.ray  # Ray in local mode: its processes on this machine
def test_the_ray_backend_gives_the_local_results():
    pytest.importorskip("ray")
    config = Config(("advisor", "baseline", "random"), 9, seed=5)
    local = run(config, workers=1)
    on_ray = run(config, workers=2, backend="ray")
    assert on_ray.summary() == local.summary()
    assert on_ray.timing()["backend"] == "ray"


# ================================================================ the command line
def test_tournament_command_writes_results_csv_and_charts(tmp_path):
    out = tmp_path / "t"
    r = cli(
        "tournament",
        "--strategies",
        "advisor:reserve=150,baseline,random",
        "--games",
        "6",
        "--seed",
        "2",
        "--workers",
        "2",
        "--ruleset",
        "hasbro-ru",
        "--rule",
        "starting_cash=1200",
        "--out",
        str(out),
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["config"]["rules"] == {"starting_cash": "1200"}
    assert [s["strategy"] for s in data["strategies"]] == ["advisor:reserve=150", "baseline", "random"]
    assert data["timing"]["workers"] == 2
    assert json.loads((out / "results.json").read_text())["strategies"] == data["strategies"]
    with (out / "games.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 6
    for name in ("strategies", "properties", "groups", "monopolies"):
        assert (out / f"{name}.csv").stat().st_size > 0
    for chart in ("win_rates", "game_length", "net_worth", "rent_by_group", "monopolies"):
        assert (out / f"{chart}.png").read_bytes()[:4] == b"\x89PNG"
        assert "<svg" in (out / f"{chart}.svg").read_text()


def test_tournament_command_prints_a_report_and_lists_strategies():
    r = cli("tournament", "-S", "trader,random", "-g", "4", "-w", "1", "--no-property-stats")
    assert r.returncode == 0, r.stderr
    assert "win rate" in r.stdout and "top two" in r.stdout and "games/s" in r.stdout
    listing = cli("tournament", "--list")
    assert listing.returncode == 0
    for name in ("advisor", "trader", "cautious", "baseline", "random"):
        assert name in listing.stdout


def test_tournament_command_reports_bad_input():
    r = cli("tournament", "-S", "advisor,nosuch", "-g", "2")
    assert r.returncode == 2 and "unknown strategy" in r.stderr and not r.stdout
    r = cli("tournament", "-S", "advisor:nosuch=1,baseline", "-g", "2")
    assert r.returncode == 2 and "no parameter" in r.stderr and not r.stdout
