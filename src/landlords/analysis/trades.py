"""Is this trade good for me? The position after a trade against the position without it.

:func:`evaluate_trade` plays the same continuations (:mod:`.continuations`: continuation ``i`` has
the same dice and card piles in both positions, common random numbers) from the position with the
trade made and from the position without it, and reports every seat's win chance in both and the
change, with a 95% interval for paired data (Newcombe's square-and-add, :func:`stats.paired_difference`):
pairing removes most of the luck the two positions share, so the change is measured far more
precisely than two separate analyses would measure it.

Beside it, the exact-odds view: each party's expected rent per opponent turn before and after (the
exact landing odds of :mod:`.returns`' Markov chain times the rent each lot charges now), and the
colour groups the trade completes or breaks.

The fair price: the cash the proposer (the side asking) could pay at which the trade leaves its win
chance unchanged, found by bisection on the same common random numbers; its uncertainty is the range
of prices whose change cannot be told from zero at the evaluated points. A trade of cash alone has
its neutral price at no cash: the empty offer, which the engine refuses to propose, is the position
without the trade, whose change is 0 by definition.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import ConfigError
from ..engine.game import Game
from ..sim import stats
from .chances import (
    DEFAULT_BOTS,
    DEFAULT_MAX_TURNS,
    HIDDEN,
    Chances,
    Progress,
    check_numbers,
    game_of,
    half_width,
    run_jobs,
    seat_bots,
)
from .continuations import Job, Outcome
from .trade_terms import Offer, after_trade, parse_offer, without_trade


# ================================================================ paired changes
def change(seat: int, with_: Sequence[Outcome], without: Sequence[Outcome]) -> dict[str, Any]:
    """How the trade changes ``seat``'s chance to win, continuation by continuation."""
    both = first = second = neither = 0
    for a, b in zip(with_, without, strict=False):
        won_a, won_b = a.winner == seat, b.winner == seat
        if won_a and won_b:
            both += 1
        elif won_a:
            first += 1
        elif won_b:
            second += 1
        else:
            neither += 1
    d, lo, hi = stats.paired_difference(both, first, second, neither)
    n = both + first + second + neither
    return {
        "seat": seat,
        "with": (both + first) / n if n else 0.0,
        "without": (both + second) / n if n else 0.0,
        "change": d,
        "ci95": [lo, hi],
        "pairs": {"both": both, "with_only": first, "without_only": second, "neither": neither},
    }


# ================================================================ the exact-odds view
def rent_view(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat``'s lots earn: expected rent per opponent turn (exact landing odds times the rent
    each lot charges now; utilities at the mean dice total) and the colour groups held whole."""
    from ..bots.valuation import board_odds

    rate = board_odds(game).rate
    dice = game.rules.dice_sides + 1
    rent = sum(rate[sq] * game.rent_for(sq, dice) for sq in game.t.properties if game.owner[sq] == seat)
    t = game.t
    groups = [game.edition.groups[t.group_ids[g]].name for g in game.whole_groups(seat)]
    return {"rent_per_opponent_turn": rent, "whole_groups": groups, "cash": game.cash[seat]}


def exact_view(before: Game, after: Game, seats: Sequence[int]) -> list[dict[str, Any]]:
    out = []
    for seat in seats:
        b, a = rent_view(before, seat), rent_view(after, seat)
        out.append(
            {
                "seat": seat,
                "name": before.names[seat],
                "before": b,
                "after": a,
                "groups_completed": [g for g in a["whole_groups"] if g not in b["whole_groups"]],
                "groups_broken": [g for g in b["whole_groups"] if g not in a["whole_groups"]],
            }
        )
    return out


# ================================================================ the fair price
@dataclass
class FairPrice:
    """The net cash the proposer pays (negative: receives) at which its win chance is unchanged."""

    seat: int
    price: int | None  # None: no amount within what the players hold is neutral (see ``outside``)
    low: int  # the price's 95% interval (clipped to the search's limits), from the local slope:
    high: int  # price ± 1.96 x (standard error of the change) / |change per unit of cash|
    outside: str | None  # "always_good" / "always_bad": the change keeps its sign over the whole range
    games_per_step: int
    points: list[dict[str, Any]] = field(default_factory=list)  # every price evaluated, with its change

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def fair_price(
    base: Game,
    offer: Offer,
    without: Sequence[Outcome],
    specs: tuple[str, ...],
    seed: int,
    max_turns: int,
    *,
    steps: int = 6,
    progress: Progress | None = None,
    **run_options: Any,
) -> FairPrice:
    """Bisect the offer's cash for the proposer's neutral price. ``base`` is the position without the
    trade, ``without`` its continuations (their number is the number played at every price)."""
    seat, partner = offer.proposer, offer.partner
    games = len(without)
    lo, hi = -base.cash[partner], base.cash[seat]
    points: dict[int, dict[str, Any]] = {}
    total = (2 + steps) * games
    done = [0]

    def evaluate(net: int) -> dict[str, Any]:
        priced = offer.with_cash(net)
        if priced.is_empty:  # a cash-only trade at no cash is no trade: the change is 0 by definition
            points[net] = point = {"net_cash": net, "change": 0.0, "ci95": [0.0, 0.0]}
            return point
        try:
            g = after_trade(base, priced)
        except ConfigError:
            return {}
        tick = None
        if progress:
            start = done[0]

            def tick(n: int, _: int) -> None:
                progress(start + n, total)

        run = run_jobs([Job.of(g, specs, seed, max_turns)], games, progress=tick, **run_options)
        done[0] += games
        row = change(seat, run.outcomes[0], without)
        point = {"net_cash": net, "change": row["change"], "ci95": row["ci95"]}
        points[net] = point
        return point

    at_lo, at_hi = evaluate(lo), evaluate(hi)
    if not at_lo or not at_hi:
        raise ConfigError("trade: the engine refuses the offer at the ends of the cash range; no fair price")
    price: int | None = None
    outside = None
    if at_lo["change"] < 0:
        outside = "always_bad"
    elif at_hi["change"] > 0:
        outside = "always_good"
    else:
        for _ in range(steps):
            mid = (lo + hi) // 2
            if mid in (lo, hi):
                break
            at_mid = evaluate(mid)
            if not at_mid:
                break
            if at_mid["change"] >= 0:
                lo, at_lo = mid, at_mid
            else:
                hi, at_hi = mid, at_mid
        span = at_lo["change"] - at_hi["change"]
        price = round(lo + (hi - lo) * (at_lo["change"] / span if span else 0.5))
    ordered = sorted(points.values(), key=lambda p: p["net_cash"])
    low, high = ordered[0]["net_cash"], ordered[-1]["net_cash"]  # the search's limits
    if price is not None:
        margin = price_margin(ordered, at_lo, at_hi)
        if math.isfinite(margin):
            low, high = max(low, math.floor(price - margin)), min(high, math.ceil(price + margin))
    return FairPrice(seat, price, low, high, outside, games, ordered)


def price_margin(points: list[dict[str, Any]], a: dict[str, Any], b: dict[str, Any]) -> float:
    """Half the 95% interval of the neutral price: the change's standard error where the search ended
    (``a`` and ``b``, the last bracket) over the slope of the change against the cash, fitted by
    least squares through every price tried (across the whole range the slope is usually flatter than
    near the price, so the interval errs on the wide side). Infinite when the slope is not negative:
    the prices tried do not tell cash apart."""
    xs = [p["net_cash"] for p in points]
    ys = [p["change"] for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    se = (half_width(a["ci95"]) + half_width(b["ci95"])) / 2 / stats.Z95
    return stats.Z95 * se / -slope if slope < 0 else math.inf


# ================================================================ the evaluation
@dataclass
class TradeEvaluation:
    """The result of :func:`evaluate_trade`."""

    offer: Offer
    text: str  # the offer in words
    names: list[str]
    without: Chances
    with_: Chances
    exact: list[dict[str, Any]]
    fair: FairPrice | None
    bots: tuple[str, ...]
    seed: int
    asked: int
    precision: float | None
    stopped_early: bool
    max_turns: int
    seconds: float
    workers: int
    backend: str

    @property
    def games(self) -> int:
        return self.without.games

    def changes(self) -> list[dict[str, Any]]:
        out = []
        for seat, name in enumerate(self.names):
            row = change(seat, self.with_.outcomes, self.without.outcomes)
            out.append({"name": name, "party": seat in (self.offer.proposer, self.offer.partner), **row})
        return out

    def widest(self) -> float:
        rows = self.changes()
        return max(half_width(r["ci95"]) for r in rows if r["party"])

    def as_dict(self) -> dict[str, Any]:
        return {
            "trade": self.text,
            "proposer": self.offer.proposer,
            "partner": self.offer.partner,
            "offer": {"proposer": self.offer.proposer, **self.offer.action.to_json()},
            "games": self.games,
            "changes": self.changes(),
            "without": self.without.summary(),
            "with": self.with_.summary(),
            "exact": self.exact,
            "fair_price": self.fair.as_dict() if self.fair else None,
            "asked": self.asked,
            "precision": self.precision,
            "stopped_early": self.stopped_early,
            "bots": list(self.bots),
            "seed": self.seed,
            "max_turns": self.max_turns,
            "hidden_information": HIDDEN,
            "common_random_numbers": "continuation i has the same dice and card piles with and without the trade",
            "timing": {"seconds": round(self.seconds, 3), "workers": self.workers, "backend": self.backend},
        }


def evaluate_trade(
    game_or_position: Game | dict[str, Any],
    trade: str | dict[str, Any] | Offer,
    games: int = 2000,
    bots: str | Sequence[str] = DEFAULT_BOTS,
    workers: int = 1,
    backend: str = "local",
    precision: float | None = None,
    seed: int = 1,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    price: bool = True,
    price_games: int = 300,
    price_steps: int = 6,
    address: str | None = None,
    progress: Progress | None = None,
    price_progress: Progress | None = None,
) -> TradeEvaluation:
    """Every seat's win chance with and without ``trade`` (one line, JSON, or an :class:`Offer`),
    on common random numbers; the exact-odds view; and (``price``) the fair price, searched with
    ``price_games`` continuations (at most those of the comparison) at each of up to
    ``2 + price_steps`` prices."""
    check_numbers(games, precision, max_turns)
    if type(price_games) is not int or price_games < 1 or type(price_steps) is not int or price_steps < 0:
        raise ConfigError("price_games must be at least 1 and price_steps at least 0")
    game = game_of(game_or_position)
    offer = trade if isinstance(trade, Offer) else parse_offer(game, trade)
    specs = seat_bots(bots, game.n)
    before = without_trade(game, offer)
    after = after_trade(game, offer)
    jobs = [Job.of(before, specs, seed, max_turns), Job.of(after, specs, seed, max_turns)]
    parties = (offer.proposer, offer.partner)

    def enough(outcomes: list[list[Outcome]]) -> bool:
        widths = [half_width(change(s, outcomes[1], outcomes[0])["ci95"]) for s in parties]
        return max(widths) <= precision  # type: ignore[operator]

    start = time.perf_counter()
    options = {"workers": workers, "backend": backend, "address": address}
    run = run_jobs(jobs, games, precision_met=enough if precision else None, progress=progress, **options)
    without, with_ = run.outcomes
    fair = None
    if price:
        sample = without[: min(price_games, len(without))]
        fair = fair_price(
            before, offer, sample, specs, seed, max_turns, steps=price_steps, progress=price_progress, **options
        )
    names = list(game.names)
    return TradeEvaluation(
        offer,
        offer.describe(game),
        names,
        Chances(names, without),
        Chances(names, with_),
        exact_view(before, after, parties),
        fair,
        specs,
        seed,
        games,
        precision,
        run.stopped_early,
        max_turns,
        time.perf_counter() - start,
        workers,
        backend,
    )
