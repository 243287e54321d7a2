"""Plans of several acts: each step legal in the game the steps before it leave (checked on a copy).

A plan is exactly what it will do: :func:`replay` gives each step with the state it is taken in, so
a front end names each step as it will happen (the third house on a lot, not the first three times),
and applying the steps to the game gives the state the plan was made on the copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..engine import decision as D
from ..engine.actions import Action, Build, Mortgage, SellBuilding
from ..engine.edition import HOTEL, STREET
from ..engine.game import Game

MONEY = "money"  # an incomplete plan stops because the seat cannot pay for (or raise) more
RULES = "rules"  # ... because the rules allow nothing more now (the bank's stock, a question first)


@dataclass(frozen=True, slots=True)
class Plan:
    actions: tuple[Action, ...]
    cash_change: (
        int  # what the steps bring in (sales, mortgages) or, negative, spend; a debt they pay is not counted
    )
    complete: bool  # it reaches its goal (every lot at N houses; the debt covered)
    limit: str = ""  # for an incomplete plan, what stops it: MONEY or RULES


def replay(game: Game, seat: int, plan: Plan) -> Iterator[tuple[Game, Action]]:
    """Each step of ``plan`` with the state it is taken in (on a copy of ``game``; the caller must
    not keep the state past the next step)."""
    g = scratch(game)
    for action in plan.actions:
        yield g, action
        g.apply(seat, action)


def owed(game: Game, seat: int) -> int:
    """What ``seat`` owes in the debts the game waits for it to pay."""
    return sum(d.data.amount for d in game.stack if d.kind == D.DEBT and d.seat == seat)


def _brings(g: Game, seat: int, action: Action) -> int:
    """Apply ``action`` for ``seat`` on ``g``; the cash it brings, counting a debt it pays."""
    cash, debt = g.cash[seat], owed(g, seat)
    g.apply(seat, action)
    return g.cash[seat] - cash + debt - owed(g, seat)


def _why_not(g: Game, seat: int, action: Action) -> str:
    """Why ``action`` is refused: MONEY when the seat cannot pay for it, else RULES."""
    problem = g._problem(seat, action)  # noqa: SLF001 - the engine's own reason, read, not changed
    return MONEY if problem is not None and problem[0] == "cash" else RULES


def scratch(game: Game) -> Game:
    """A copy of ``game`` to try acts on (the edition, tables and rules are shared, not copied)."""
    clone = game.clone()
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
    limit = ""
    while True:
        lots = sorted((m for m in members if g.level[m] < target), key=lambda m: (g.level[m], m))
        if not lots:
            break
        step = next((Build(m) for m in lots if g.is_legal(seat, Build(m))), None)
        if step is None or g.decision is None:
            limit = _why_not(g, seat, Build(lots[0])) if g.decision is not None else RULES
            break
        g.apply(seat, step)
        acts.append(step)
        if g.decision.seat != seat or len(acts) > 5 * len(members) * HOTEL:
            limit = RULES  # a shortage question or anything else the rules ask first: stop here
            break
    done = all(g.level[m] >= target for m in members)
    return Plan(tuple(acts), g.cash[seat] - start, done, "" if done else limit or RULES)


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
    done = all(g.level[m] == 0 for m in members)
    return Plan(tuple(acts), g.cash[seat] - start, done, "" if done else RULES)


def cost(g: Game, seat: int, action: Action) -> tuple[int, int]:
    """What a mortgage or a building sale costs ``seat``: (value lost, rent lost per landing). The
    value lost is money gone for good: a building's price less what the bank pays back, or the
    interest that lifting a mortgage will cost. The rent lost is what a landing on the lot earns
    less after the act (a mortgaged lot earns none; a sale drops the lot one level)."""
    t = g.t
    sq = action.square  # type: ignore[attr-defined]
    if isinstance(action, Mortgage):
        if t.kind[sq] == STREET:
            rent = t.rent[sq][0] * (2 if g.has_full_group(seat, sq) and g.rules.double_rent_full_set else 1)
        else:
            rent = t.rent[sq][0] if t.rent[sq] else 0
        return g.unmortgage_cost(sq) - t.mortgage[sq], rent
    level = g.level[sq]
    refund = g.hotel_value(sq) if level == HOTEL else g.building_value(sq)
    return t.house_cost[sq] - refund, t.rent[sq][level] - t.rent[sq][level - 1]


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
    """The cheapest sales and mortgages that bring ``seat``'s cash to ``need`` or, for a seat in
    debt, that pay what it owes: it stops at the step that pays, and never sells more after.

    Cheapest means the least value lost, then the least rent lost (:func:`cost`). Each step is the
    act that loses least per unit of cash it brings, except that a single act that reaches the goal
    is taken as the last step when it loses least of those that would; then every step the goal can
    do without is left out (in the order of what it costs, dearest first)."""
    in_debt = game.in_debt(seat)
    target = (owed(game, seat) if in_debt else need) - game.cash[seat]

    def greedy() -> list[Action]:
        g = scratch(game)
        acts: list[Action] = []
        raised = 0
        while raised < target and (g.in_debt(seat) or not in_debt):
            options = raise_steps(g, seat)
            if not options:
                break
            left = target - raised
            finishing = [a for a in options if _value(g, seat, a) >= left]
            if finishing:
                acts.append(min(finishing, key=lambda a: (cost(g, seat, a), a.square)))  # type: ignore[attr-defined]
                break

            def per_unit(a: Action) -> tuple[float, float, int]:
                value, rent = cost(g, seat, a)
                brings = max(_value(g, seat, a), 1)
                return value / brings, rent / brings, a.square  # type: ignore[attr-defined]

            best = min(options, key=per_unit)
            raised += _brings(g, seat, best)
            acts.append(best)
        return acts

    acts: list[Action | None] = list(greedy())
    # leave out what the goal can do without, the dearest first
    g0 = scratch(game)
    dearest = sorted(range(len(acts)), key=lambda i: cost(g0, seat, acts[i]), reverse=True)  # type: ignore[arg-type]
    for i in dearest:
        trial = [a for j, a in enumerate(acts) if j != i and a is not None]
        if _reaches(game, seat, trial, in_debt, target):
            acts[i] = None
    steps = tuple(a for a in acts if a is not None)
    g = scratch(game)
    raised = sum(_brings(g, seat, a) for a in steps)
    complete = raised >= target
    return Plan(steps, raised, complete, "" if complete else MONEY)


def _value(g: Game, seat: int, action: Action) -> int:
    """The cash ``action`` would bring (tried on a copy)."""
    return _brings(scratch(g), seat, action)


def _reaches(game: Game, seat: int, steps: list[Action], in_debt: bool, target: int) -> bool:
    """Whether ``steps`` are legal one after the other and raise ``target`` (or pay the debt) only
    with the last of them."""
    g = scratch(game)
    raised = 0
    for i, a in enumerate(steps):
        if raised >= target or (in_debt and not g.in_debt(seat)) or not g.is_legal(seat, a):
            return False
        raised += _brings(g, seat, a)
        if i == len(steps) - 1:
            return raised >= target
    return False
