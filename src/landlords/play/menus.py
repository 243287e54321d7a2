"""What a person's menu offers, built only from what the engine accepts now.

The numbered answers are ``game.decision_actions()``; each letter opens one kind of the seat's
other legal acts (``game.legal_actions``); ``t`` appears only when the engine would accept some
offer to some partner (a concrete one is tried: a coin or a lot either way), and the trade editor
lists only the lots the engine lets change hands (both found by :mod:`landlords.describe.offers`).
Nothing offered is then refused for the moment it is chosen in (a whole offer may still be refused
for its content, with the rule's reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..analysis.advice import advice_allowed
from ..assist.plans import group_plans, raise_steps
from ..describe.offers import trade_partners
from ..engine.actions import Action
from ..engine.game import Game

# the letter that opens each kind of free act; a kind not listed here gets a free letter
GROUP_KEYS = {"build": "b", "sell_building": "s", "mortgage": "m", "unmortgage": "u", "claim_rent": "c"}
COMMAND_KEYS = ("t", "o", "v", "l", "w", "q", "h", "p", "g", "r")
SPARE_KEYS = "adefijknxyz"  # p, g, r: card, group plans, raise cash (play/extras.py)


@dataclass
class Choices:
    """One seat's menu: the answers to the pending question, the other acts by letter, the
    partners an offer may go to, and the other people who may act now."""

    answers: list[Action] = field(default_factory=list)
    groups: dict[str, list[Action]] = field(default_factory=dict)  # letter -> acts of one kind
    kinds: dict[str, str] = field(default_factory=dict)  # letter -> the kind of act
    partners: list[int] = field(default_factory=list)
    people: list[int] = field(default_factory=list)
    commands: tuple[str, ...] = ()  # the plan and advice letters that can do something now (g, r, ?)


def letters(groups: dict[str, list[Action]]) -> dict[str, str]:
    """A letter for each kind of act: the usual one, else a spare."""
    keys: dict[str, str] = {}
    spare = iter(SPARE_KEYS)
    for kind in groups:
        k = GROUP_KEYS.get(kind) or next(spare, None)
        if k is not None:
            keys[k] = kind
    return keys


def plan_commands(game: Game, seat: int) -> tuple[str, ...]:
    """The letters of the commands that plan several acts, offered only when their plan can do
    something (decided by the engine's legal acts, through :mod:`landlords.assist.plans`): ``g``
    when a whole group may be built on or sold from, ``r`` when something may be mortgaged or sold;
    and ``?`` (advice) unless the table plays without it."""
    if game.over or game.bankrupt[seat]:
        return ()
    out = []
    if group_plans(game, seat):
        out.append("g")
    if raise_steps(game, seat):
        out.append("r")
    if advice_allowed(game):
        out.append("?")
    return tuple(out)


def choices(game: Game, seat: int, bots: Sequence[object | None], *, main: bool) -> Choices:
    """The menu of ``seat``: ``main`` for the seat the game waits for, else an out-of-turn act."""
    d = game.decision
    if d is None or game.over or game.bankrupt[seat]:
        return Choices()
    answers = game.decision_actions() if main and d.seat == seat else []
    by_kind: dict[str, list[Action]] = {}
    for a in game.legal_actions(seat):
        if a not in answers:
            by_kind.setdefault(a.TYPE, []).append(a)
    kinds = letters(by_kind)
    groups = {k: by_kind[kind] for k, kind in kinds.items()}
    people: list[int] = []
    if main:
        people = [
            q
            for q in game.alive()
            if q != seat
            and bots[q] is None
            and (any(True for _ in game.legal_actions(q)) or trade_partners(game, q))
        ]
    commands = plan_commands(game, seat) if main else ()
    return Choices(answers, groups, kinds, trade_partners(game, seat), people, commands)
