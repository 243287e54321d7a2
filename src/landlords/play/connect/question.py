"""The question a seat is asked, read from the server's view: the numbered answers and the letter
groups come from ``you.acts`` (the engine's legal acts for that seat, with their labels), never from a
list of our own. Trades are not listed there (an offer is checked when it is sent), so whether ``t``
appears is asked of the mirror game, the same engine on the same public position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...describe.offers import trade_partners
from ...engine.actions import Action, ClaimRent, action_from_json
from ...engine.game import Game
from ..menus import Choices, letters, plan_commands


def act_key(action: Action | dict[str, Any]) -> str:
    data = action.to_json() if isinstance(action, Action) else action
    return json.dumps(data, sort_keys=True)


@dataclass
class Question:
    """What one seat may do in one view: ``answers`` to the pending decision (and rent to claim,
    which lapses if not claimed soon), the other acts by letter, the partners an offer may go to."""

    version: int
    seat: int | None
    mine: bool  # the decision is this seat's
    answers: list[Action] = field(default_factory=list)
    claims: list[Action] = field(default_factory=list)
    menu: Choices = field(default_factory=Choices)
    labels: dict[str, str] = field(default_factory=dict)  # act_key -> the server's label
    key: tuple = ()  # equal keys: the same question (nothing to ask again)

    def is_answer(self, action: Action) -> bool:
        return any(action == a for a in self.answers)


def question(view: dict[str, Any], mirror: Game | None) -> Question:
    """The question of ``view`` for its seat (a watcher's is empty)."""
    you = view.get("you") or {}
    seat = you.get("seat")
    decision = view.get("decision")
    version = view.get("version", -1)
    if seat is None or mirror is None or decision is None:
        return Question(version, seat, False, key=(seat, decision is None, view.get("game", {}).get("status")))
    mine = decision.get("seat") == seat
    answers: list[Action] = []
    claims: list[Action] = []
    by_kind: dict[str, list[Action]] = {}
    labels: dict[str, str] = {}
    for act in you.get("acts", []):
        action = action_from_json(act["action"])
        labels[act_key(act["action"])] = act["label"]
        if act.get("answer"):
            answers.append(action)
        elif isinstance(action, ClaimRent):
            claims.append(action)
        else:
            by_kind.setdefault(action.TYPE, []).append(action)
    kinds = letters(by_kind)
    groups = {k: by_kind[kind] for k, kind in kinds.items()}
    partners = trade_partners(mirror, seat)
    menu = Choices(answers, groups, kinds, partners, [], plan_commands(mirror, seat))
    shown = {k: v for k, v in decision.items() if k != "deadline_at"} if mine else None
    key = (
        seat,
        json.dumps(shown, sort_keys=True),
        tuple(sorted(labels.items())),
        tuple(partners),
    )
    return Question(version, seat, mine, answers, claims, menu, labels, key)


def question_title(view: dict[str, Any]) -> str:
    """The pending decision's line for the seat that decides: the question put to it (``prompt``,
    "Bob, your turn"); an older server sends only ``title``. Other seats read ``title`` ("Bob's turn")."""
    decision = view.get("decision") or {}
    return decision.get("prompt") or decision.get("title", "")
