"""Plans of several acts: each step legal in the game the steps before it leave (checked on a copy)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..engine.actions import Action, Build, Mortgage, SellBuilding
from ..engine.edition import HOTEL, STREET
from ..engine.game import Game


@dataclass(frozen=True, slots=True)
class Plan:
    actions: tuple[Action, ...]
    cash_change: int  # what the plan adds to (or, negative, takes from) the seat's cash
    complete: bool  # it reaches its goal (every lot at N houses; the debt covered)


def scratch(game: Game) -> Game:
    """A copy of ``game`` to try acts on (the edition, tables and rules are shared, not copied)."""
    memo = {id(game.edition): game.edition, id(game.t): game.t, id(game.rules): game.rules}
    clone = copy.deepcopy(game, memo)
    clone.events = None
    return clone


def _try(g: Game, seat: int, action: Action) -> bool:
    if not g.is_legal(seat, action):
        return False
    g.apply(seat, action)
    return True


def groups_of(game: Game, seat: int) -> list[tuple[int, ...]]:
    """The colour groups in which ``seat`` could build (it holds every street)."""
    t = game.t
    out = []
    for members in t.group_members:
        if members and t.kind[members[0]] == STREET and all(game.owner[m] == seat for m in members):
            out.append(members)
    return out


def group_plans(game: Game, seat: int) -> list[tuple[int, ...]]:
    """The whole groups where a group plan can do something now: the engine would let ``seat`` build
    on, or sell a building from, one of their lots (``g`` is offered only when there is one)."""
    return [
        members
        for members in groups_of(game, seat)
        if any(game.is_legal(seat, Build(m)) or game.is_legal(seat, SellBuilding(m)) for m in members)
    ]


def build_evenly(game: Game, seat: int, members: tuple[int, ...], target: int) -> Plan:
    """Houses on ``members`` up to ``target`` each (HOTEL for hotels), one at a time on the lowest lot."""
    g = scratch(game)
    acts: list[Action] = []
    start = g.cash[seat]
    while True:
        lots = sorted((m for m in members if g.level[m] < target), key=lambda m: (g.level[m], m))
        step = next((Build(m) for m in lots if g.is_legal(seat, Build(m))), None)
        if step is None or g.decision is None:
            break
        g.apply(seat, step)
        acts.append(step)
        if g.decision.seat != seat or len(acts) > 5 * len(members) * HOTEL:
            break  # a shortage question or anything else the rules ask first: stop here
    done = all(g.level[m] >= target for m in members)
    return Plan(tuple(acts), g.cash[seat] - start, done)


def sell_group(game: Game, seat: int, members: tuple[int, ...]) -> Plan:
    """Every building of a group sold back, evenly (the highest lot first)."""
    g = scratch(game)
    acts: list[Action] = []
    start = g.cash[seat]
    while True:
        lots = sorted((m for m in members if g.level[m] > 0), key=lambda m: (-g.level[m], m))
        step = next((SellBuilding(m) for m in lots if g.is_legal(seat, SellBuilding(m))), None)
        if step is None:
            break
        g.apply(seat, step)
        acts.append(step)
    return Plan(tuple(acts), g.cash[seat] - start, all(g.level[m] == 0 for m in members))


def _loss(g: Game, seat: int, action: Action) -> float:
    """What an act costs the seat in the long run per unit of cash it brings (lower is better)."""
    t = g.t
    sq = action.square  # type: ignore[attr-defined]
    if isinstance(action, Mortgage):
        full = g.has_full_group(seat, sq) if t.kind[sq] == STREET else False
        rent = t.rent[sq][0] * (2 if full else 1) if t.kind[sq] == STREET else (t.rent[sq][0] if t.rent[sq] else 0)
        brings = t.mortgage[sq] or 1
        lift_cost = g.unmortgage_cost(sq) - t.mortgage[sq]
        return (lift_cost + 4 * rent) / brings
    refund = g.hotel_value(sq) if g.level[sq] == HOTEL else g.building_value(sq)
    return (t.house_cost[sq] - refund + 2 * (t.rent[sq][g.level[sq]] - t.rent[sq][g.level[sq] - 1])) / max(
        refund, 1
    )


def raise_steps(game: Game, seat: int) -> list[Action]:
    """The acts :func:`raise_cash` chooses from: each mortgage and building sale the engine allows
    ``seat`` now (none: there is no cash to raise, and ``r`` is not offered)."""
    out: list[Action] = []
    for sq in game.t.properties:
        if game.owner[sq] != seat:
            continue
        for a in (Mortgage(sq), SellBuilding(sq)):
            if game.is_legal(seat, a):
                out.append(a)
    return out


def raise_cash(game: Game, seat: int, need: int) -> Plan:
    """The cheapest sales and mortgages that bring ``seat``'s cash to ``need``: each step the legal
    mortgage or building sale that loses least (lifting interest and lost rent, per unit raised)."""
    g = scratch(game)
    acts: list[Action] = []
    start = g.cash[seat]
    while g.cash[seat] < need:
        options = raise_steps(g, seat)
        if not options:
            break
        best = min(options, key=lambda a: (_loss(g, seat, a), a.square))  # type: ignore[attr-defined]
        if not _try(g, seat, best):
            break
        acts.append(best)
    return Plan(tuple(acts), g.cash[seat] - start, g.cash[seat] >= need)
