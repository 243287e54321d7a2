"""Statistics for tournaments: confidence intervals and significance tests, standard library only.

* :func:`wilson` - the Wilson score interval for a proportion (good at small counts and near 0
  or 1, where the textbook normal interval fails).
* :func:`binomial_test` - the exact two-sided binomial test (the "minlike" rule, as R's
  ``binom.test`` and SciPy's ``binomtest``).
* :func:`compare_wins` - are two strategies' win rates different? Both play every game of a
  tournament and each game has one winner, so their win counts are not independent samples
  (one's win is the other's loss); a two-proportion z-test would assume they are. Conditioned on
  the games won by one of the two, the first's wins are Binomial(n, 1/2) when the two are equally
  strong, so an exact binomial test of those games answers the question (a McNemar-type test).
"""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n``."""
    if n <= 0:
        return (0.0, 1.0)
    z = Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binomial_test(k: int, n: int, p: float = 0.5) -> float:
    """Exact two-sided p-value of ``k`` successes in ``n`` trials under success probability ``p``:
    the total probability of every outcome no more likely than the one observed."""
    if n <= 0:
        return 1.0
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and n, got k={k}, n={n}")
    observed = _log_pmf(k, n, p)
    slack = 1e-7  # relative tolerance for ties (as R and SciPy)
    total = 0.0
    for i in range(n + 1):
        lp = _log_pmf(i, n, p)
        if lp <= observed + slack:
            total += math.exp(lp)
    return min(1.0, total)


def compare_wins(name_a: str, wins_a: int, name_b: str, wins_b: int, alpha: float = 0.05) -> dict:
    """Exact conditional test of equal win rates for two strategies that played the same games."""
    n = wins_a + wins_b
    p_value = binomial_test(wins_a, n, 0.5) if n else 1.0
    return {
        "a": name_a,
        "b": name_b,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "test": "exact binomial test of A's share of the games won by A or B (H0: 1/2)",
        "why": (
            "both strategies play every game and each game has one winner, so their win counts are "
            "dependent; among the games one of the two won, equal strength means each is equally "
            "likely to be the winner, which an exact binomial test checks without approximation"
        ),
        "p_value": p_value,
        "alpha": alpha,
        "significant": p_value < alpha,
    }


def mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def median(values: list[float] | list[int]) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    mid = len(s) // 2
    return float(s[mid]) if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def mean_ci(values: list[float] | list[int]) -> tuple[float, float, float]:
    """Mean and its 95% normal-approximation interval (for game lengths: large samples)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = mean(values)
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (m, m - half, m + half)


def median_ci(values: list[float] | list[int], confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free interval for the median: the order statistics whose ranks the
    Binomial(n, 1/2) distribution brackets (normal approximation to the ranks, n >= 10)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    s = sorted(values)
    if n < 10:
        return (float(s[0]), float(s[-1]))
    z = Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)
    half = z * math.sqrt(n) / 2
    j = max(1, math.floor(n / 2 - half))  # 1-based ranks
    k = min(n, math.ceil(n / 2 + 1 + half))
    return (float(s[j - 1]), float(s[k - 1]))


def paired_difference(
    both: int, first_only: int, second_only: int, neither: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """The difference of two proportions measured on the same trials, ``p1 - p2``, and its interval
    by Newcombe's square-and-add method for paired data (Newcombe 1998, method 10): the two Wilson
    intervals combined, allowing for the correlation between the pairs (with his continuity
    correction of the correlation). The counts are the pairs where both succeed, only the first,
    only the second, and neither. Good at small counts and near 0 or 1, where the normal interval of
    the mean paired difference is too narrow (it has zero width when no pair differs)."""
    n = both + first_only + second_only + neither
    if n <= 0:
        return (0.0, -1.0, 1.0)
    s1, s2 = both + first_only, both + second_only  # successes of the first and the second
    p1, p2 = s1 / n, s2 / n
    l1, u1 = wilson(s1, n, confidence)
    l2, u2 = wilson(s2, n, confidence)
    phi = 0.0
    if 0 < s1 < n and 0 < s2 < n:
        cross = both * neither - first_only * second_only
        scale = math.sqrt(s1 * (n - s1) * s2 * (n - s2))
        if cross > n / 2:
            phi = (cross - n / 2) / scale
        elif cross < 0:
            phi = cross / scale
    d = p1 - p2
    low = d - math.sqrt(max(0.0, (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)))
    high = d + math.sqrt(max(0.0, (p2 - l2) ** 2 + (u1 - p1) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)))
    return (d, max(-1.0, low), min(1.0, high))


def independent_difference(
    successes_1: int, n_1: int, successes_2: int, n_2: int, confidence: float = 0.95
) -> tuple[float, float, float]:
    """The difference of two proportions from independent samples, ``p1 - p2``, and its interval by
    Newcombe's hybrid score method (1998, method 10 for independent samples): the two Wilson
    intervals squared and added."""
    p1 = successes_1 / n_1 if n_1 else 0.0
    p2 = successes_2 / n_2 if n_2 else 0.0
    l1, u1 = wilson(successes_1, n_1, confidence)
    l2, u2 = wilson(successes_2, n_2, confidence)
    d = p1 - p2
    return (d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))
