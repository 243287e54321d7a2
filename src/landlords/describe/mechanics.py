"""A short explanation of each mechanic a player meets, for a front end to show beside the choice:
Odessa's malinas, exchange, artels and cooperatives and mortgage lap; Бизнесполия's court, lap
settlement, offices, building loan, bank sales and deals between several players; and the classic
game's less common moments (auctions, debts, the speed die, a scarce building).

:func:`decision_help` gives a decision's explanation with its stakes and odds (the facts of
:func:`.decisions.decision_info`); :func:`act_mechanics` the explanations of a ruleset's free acts
that work their own way (building artels, selling a lot to the bank). Words: catalog ``explain.``.
"""

from __future__ import annotations

from typing import Any

from ..engine import decision as D
from ..engine.edition import STREET
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..i18n import has, tr
from .decisions import decision_info
from .words import Speaker, money

# the decision kinds explained, each by the key of its words (a kind not here has its title only)
DECISION_KEYS = {
    D.AUCTION: "auction",
    D.DEBT: "debt",
    D.TRADE_RESPONSE: "trade_response",
    D.INCOME_TAX: "income_tax",
    D.MORTGAGE_TRANSFER: "mortgage_transfer",
    D.BUILDING_INTEREST: "building_interest",
    D.PLACE_BUILDING: "place_building",
    D.BUS: "bus",
    D.TRIPLES: "triples",
    "malina_visit": "malina_visit",
    "exchange_refusal": "exchange_refusal",
    "mortgage_lap": "mortgage_lap",
    "court": "court",
    "building_loan": "building_loan",
    "redeem": "redeem",
    "deal_response": "deal_response",
}
# the variants whose buildings need more than the classic game says, explained when a lot is bought
BUY_KEYS = {"odessa": "artels", "businesspoly": "offices"}
# free acts that work their own way in a variant: (variant, act type) -> key
ACT_KEYS = {
    ("odessa", "build"): "artels",
    ("odessa", "mortgage"): "odessa_mortgage",
    ("businesspoly", "build"): "offices",
    ("businesspoly", "sell_lot"): "sell_lot",
    ("businesspoly", "propose_deal"): "deals",
    ("businesspoly", "propose_trade"): "deals",
}


def _params(rules: Ruleset, lang: str, show: Any) -> dict[str, Any]:
    """The rule values the explanations name (the variant's own, where it has them)."""
    return {
        "salary": show(rules.salary),
        "tax": show(getattr(rules, "lap_tax_per_group", 0)),
        "limit": getattr(rules, "max_builds_per_turn", None) or 0,
        "percent": getattr(rules, "court_fee_percent", 0),
        "lap_percent": getattr(rules, "mortgage_term_fee_percent", 0),
        "cells": getattr(rules, "jail_cells", 0),
    }


def mechanic_key(game: Game, d: D.Decision) -> str | None:
    """Which mechanic decision ``d`` is about (a key of catalog ``explain.``), or None."""
    variant = game.rules.variant
    if d.kind == D.BUY and 0 <= d.square < game.size and game.edition.squares[d.square].kind == STREET:
        own = BUY_KEYS.get(variant)  # buying a lot of a group: how building works in the variant
        if own is not None:
            return own
    if d.kind == D.AUCTION and getattr(game.rules, "auction_final_call", False):
        return "auction_final_call"  # a pass is not final: the final call asks again
    if d.kind == D.PRE_ROLL and game.in_jail[d.seat]:
        if variant == "odessa":
            return "exchange"
        if variant == "businesspoly" and getattr(game.rules, "jail_cells", 0):
            return "jail_cells"
    return DECISION_KEYS.get(d.kind)


def explain(game: Game, d: D.Decision, lang: str) -> str | None:
    """The mechanic of decision ``d`` in a sentence or two, or None (a plain turn, buying)."""
    key = mechanic_key(game, d)
    if key is None:
        return None
    params = _params(game.rules, lang, lambda a: money(game, lang, a))
    return tr(lang, f"explain.{key}", game.rules.variant, **params)


def _explained(game: Game, d: D.Decision, lang: str, words: Speaker) -> str | None:
    """:func:`explain`, kept in ``words.facts`` by the mechanic's key: its words are the catalog's
    for that key filled with the rules' values (a speaker's game never changes its rules)."""
    key = ("explain", lang, mechanic_key(game, d))
    text = words.facts.get(key, words.facts)
    if text is words.facts:
        text = words.facts.keep(key, explain(game, d, lang))
    return text  # type: ignore[return-value]


def decision_help(game: Game, d: D.Decision, lang: str, words: Speaker | None = None) -> dict[str, Any]:
    """What a front end shows with a decision: ``text`` (the mechanic, or None), ``facts`` (label,
    value, warning: the stakes and exact odds for the seat deciding), ``notes`` (how the stakes
    play out, to the seat deciding: "you roll one die") and ``watch_notes`` (the same for everyone
    else, in the third person, as the ``watch.*`` titles are: "Bob rolls one die")."""
    info = decision_info(game, d, lang, words, with_card=False)  # the card is not part of the help
    return {
        "text": explain(game, d, lang) if words is None else _explained(game, d, lang, words),
        "facts": [{"label": f.label, "value": f.value, "warning": f.warning} for f in info.facts],
        "notes": list(info.notes),
        "watch_notes": list(info.watch_notes),
    }


def act_mechanics(rules: Ruleset, lang: str, show: Any = str) -> dict[str, str]:
    """The explanations of the ruleset's free acts that work their own way: act type -> words
    (``show``: an amount in the edition's currency)."""
    out = {}
    params = _params(rules, lang, show)
    for (variant, act), key in ACT_KEYS.items():
        if variant == rules.variant and has(lang, f"explain.{key}"):
            out[act] = tr(lang, f"explain.{key}", **params)
    return out
