"""The whole state of a game between two acts, as plain JSON data (the body of a *position*).

One serialization serves three uses: :meth:`Game.position` writes it (with the header that
``landlords.position`` adds), :meth:`Game.snapshot` returns it, and :meth:`Game.state_hash` hashes
it, so the hash covers everything that can change what happens next.

Nothing can be forgotten: :func:`dump_state` writes the attributes named in :data:`CORE_STATE` in a
documented layout, and every *other* attribute of the game object that is not listed in
:data:`DERIVED` (each with the reason it is left out) goes, as it is, under ``"variant"``. A
variant's own state (Odessa's guilds, Бизнесполия's laps) is therefore written without any code;
the tests check that the classic game leaves ``"variant"`` empty, so a new core attribute gets its
documented place.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import deque
from typing import TYPE_CHECKING, Any

from .decision import AuctionState, Debt, Decision, Shortage, Trade

if TYPE_CHECKING:
    from .core import GameCore

# The attributes of Game that the core part of a position writes, and where.
CORE_STATE: dict[str, str] = {
    "names": "players[].name",
    "seed": "chance.seed",
    "chance": "chance",
    "end_turn_prompt": "options.end_turn_prompt",
    "auto_claim": "players[].auto_claim",
    "cash": "players[].cash",
    "position": "players[].square",
    "in_jail": "players[].in_jail",
    "jail_turns": "players[].jail_turns",
    "jail_cards": "players[].jail_cards",
    "bankrupt": "players[].bankrupt",
    "skip_next": "players[].skip_next",
    "passed_go": "players[].passed_go",
    "owner": "lots[].owner",
    "level": "lots[].level",
    "mortgaged": "lots[].mortgaged",
    "bank_houses": "bank.houses",
    "bank_hotels": "bank.hotels",
    "bank_balance": "bank.balance",
    "pot": "bank.pot",
    "decks": "decks",
    "current": "turn.current",
    "first_seat": "turn.first",
    "order": "turn.order",
    "bankrupt_order": "turn.bankrupt_order",
    "turn": "turn.number",
    "round": "turn.round",
    "rolls": "turn.rolls",
    "doubles": "turn.doubles",
    "last_roll": "turn.last_roll",
    "extra_roll": "turn.extra_roll",
    "sent_to_jail": "turn.sent_to_jail",
    "speed_face": "turn.speed_face",
    "move_total": "turn.move_total",
    "mr_monopoly_pending": "turn.mr_monopoly_pending",
    "claims": "turn.claims",
    "builds_this_turn": "turn.builds",
    "auction_batches": "turn.auction_batches (turn.auction_queue, turn.after_auctions: the innermost)",
    "shortage": "turn.shortage",
    "uneven_ok": "turn.uneven_ok",
    "stack": "stack",
    "over": "end.over",
    "winner": "end.winner",
    "end_reason": "end.reason",
    "finished_by": "end.finished_by",
}

# Attributes of Game that are not state of their own, and why.
DERIVED: dict[str, str] = {
    "edition": "the position's header names it",
    "rules": "the position's header names the ruleset and its house rules",
    "n": "the number of players",
    "t": "the edition's tables",
    "size": "the edition's number of squares",
    "group_owner": "computed from the owners of the lots",
    "holdings": "computed from the owners of the lots",
    "events": "the history of the game, not its state",
    "actions": "the history of the game, not its state (the record holds it)",
    "setup": "how the game was started, for its record; nothing reads it back",
    "_table": "the game class's action table (engine/dispatch.py)",
    # copies of rules read on every turn (GameCore._copy_rules)
    "rules_variant": "a copy of the ruleset's variant",
    "_decision_seconds": "a copy of a rule",
    "_dice_sides": "a copy of a rule",
    "_speed_die": "a copy of a rule",
    "_turn_limit": "a copy of a rule",
    "_max_builds": "a copy of a rule",
    "_build_timing": "a copy of a rule",
    "_even_building": "a copy of a rule",
    "_hotel_by_group": "a copy of a rule",
    "_mortgage_timing": "a copy of a rule",
    "_doubles_to_jail": "a copy of a rule",
    "_no_rent_owner_in_jail": "a copy of a rule",
    "_rent_claim_automatic": "a copy of a rule",
    "_doubles_extra_roll": "a copy of a rule",
    "_double_rent_full_set": "a copy of a rule",
    "_mortgage_only_in_debt": "a copy of a rule",
    "_unbuilt_group_to_mortgage": "a copy of a rule",
    "_shortage_auction": "a copy of a rule",
    "_even_selling": "a copy of a rule",
    "_building_sell_percent": "a copy of a rule",
    "_transfer_mode": "a copy of a rule",
    "_lift_cost": "the cost of lifting each square's mortgage, from the rules and the edition",
}

_TYPES: dict[str, type] = {cls.__name__: cls for cls in (AuctionState, Debt, Trade, Shortage)}


def register_state_type(cls: type) -> type:
    """Make a variant's decision data class (a dataclass) readable from a position by its name."""
    _TYPES[cls.__name__] = cls
    return cls


def derived_attributes(game: GameCore) -> set[str]:
    """The attributes of ``game`` that a position leaves out (the core's and the variant's)."""
    return set(DERIVED) | set(type(game).derived_state)


def variant_attributes(game: GameCore) -> list[str]:
    """The attributes a position writes under ``"variant"``: everything else the game object holds."""
    skip = derived_attributes(game)
    return sorted(a for a in instance_attributes(game) if a not in CORE_STATE and a not in skip)


def instance_attributes(obj: Any) -> list[str]:
    """The attributes ``obj`` holds: its instance dictionary, or for an instance of a compiled
    (mypyc) class, which has none, the attributes its class declares that are set (and those of an
    interpreted subclass, in its dictionary)."""
    declared = getattr(type(obj), "__mypyc_attrs__", None)
    if declared is None:
        return list(vars(obj))
    out = [a for a in declared if not a.startswith("__") and hasattr(obj, a)]
    return out + [a for a in getattr(obj, "__dict__", {}) if a not in out]


# ================================================================ writing
def to_json(value: Any) -> Any:
    """Plain JSON data: dataclasses as ``{"type": name, ...fields}``, tuples and deques as lists,
    mappings with integer keys (squares) as objects keyed by the decimal number."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple | deque):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name))
        return out
    raise TypeError(f"cannot write {type(value).__name__} into a position")  # pragma: no cover


def dump_state(game: GameCore) -> dict[str, Any]:
    """Everything that defines ``game`` between two acts (the body of a position)."""
    t = game.t
    chance = game.chance
    rng = chance.rng.getstate()
    ids = {deck_id: [c.id for c in deck.cards] for deck_id, deck in game.edition.decks.items()}
    players = []
    for p in range(game.n):
        players.append(
            {
                "name": game.names[p],
                "cash": game.cash[p],
                "square": game.position[p],
                "in_jail": game.in_jail[p],
                "jail_turns": game.jail_turns[p],
                "jail_cards": list(game.jail_cards[p]),
                "bankrupt": game.bankrupt[p],
                "skip_next": game.skip_next[p],
                "passed_go": game.passed_go[p],
                "auto_claim": game.auto_claim[p],
            }
        )
    lots = []
    for sq in range(t.size):
        if game.owner[sq] >= 0 or game.level[sq] or game.mortgaged[sq]:
            lots.append(
                {"square": sq, "owner": game.owner[sq], "level": game.level[sq], "mortgaged": game.mortgaged[sq]}
            )
    shortage = game.shortage
    return {
        "players": players,
        "lots": lots,
        "bank": {
            "houses": game.bank_houses,
            "hotels": game.bank_hotels,
            "balance": game.bank_balance,
            "pot": game.pot,
        },
        "decks": {deck_id: [ids[deck_id][i] for i in pile] for deck_id, pile in game.decks.items()},
        "turn": {
            "current": game.current,
            "first": game.first_seat,
            "order": list(game.order),
            "bankrupt_order": list(game.bankrupt_order),
            "number": game.turn,
            "round": game.round,
            "rolls": game.rolls,
            "doubles": game.doubles,
            "last_roll": list(game.last_roll),
            "extra_roll": game.extra_roll,
            "sent_to_jail": game.sent_to_jail,
            "speed_face": game.speed_face,
            "move_total": game.move_total,
            "mr_monopoly_pending": game.mr_monopoly_pending,
            "claims": [dict(zip(CLAIM_FIELDS, c.as_tuple(), strict=True)) for c in game.claims],
            "builds": [[seat, g, count] for (seat, g), count in game.builds_this_turn.items()],
            "auction_queue": list(game.auction_queue),
            "after_auctions": game.after_auctions,
            "auction_batches": [{"lots": list(lots), "then": then} for lots, then in game.auction_batches],
            "shortage": to_json(shortage) if shortage is not None else None,
            "uneven_ok": game.uneven_ok,
        },
        "stack": _dump_stack(game.stack),
        "end": {
            "over": game.over,
            "winner": game.winner,
            "reason": game.end_reason,
            "finished_by": game.finished_by,
        },
        "variant": {a: to_json(getattr(game, a)) for a in variant_attributes(game)},
        "chance": _dump_generator(game, rng)
        | {
            "script": [list(r) for r in chance.script],
            "scripted_cards": {k: v for k, v in chance.cards.items() if v},
            "strict": chance.strict,
        },
        "options": {"end_turn_prompt": game.end_turn_prompt},
    }


def _dump_generator(game: GameCore, rng: Any) -> dict[str, Any]:
    """The generator's part of ``chance``: the seed and the Twister's words, or a keyed stream's
    secret key and the bytes it has given (a position of a server's game is the server's secret)."""
    key = game.chance.key
    if key is not None:
        return {"seed": game.seed, "key": key.hex(), "used": rng[2]}
    return {"seed": game.seed, "state": list(rng[1])} | ({"gauss": rng[2]} if rng[2] is not None else {})


CLAIM_FIELDS = ("owner", "payer", "square", "amount", "turn")


def _dump_stack(stack: list[Decision]) -> list[dict[str, Any]]:
    """The decisions, bottom first. Decisions that share one data object (the parties' answers to one
    «Бизнесполия» deal) say so with ``data_of``: the index of the first one holding it."""
    first: dict[int, int] = {}
    out = []
    for i, d in enumerate(stack):
        shared = first.get(id(d.data)) if dataclasses.is_dataclass(d.data) else None
        out.append(_dump_decision(d, shared))
        if shared is None and dataclasses.is_dataclass(d.data):
            first[id(d.data)] = i
    return out


def _dump_decision(d: Decision, shared: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": d.kind, "seat": d.seat}
    if d.square >= 0:
        out["square"] = d.square
    if shared is not None:
        out["data_of"] = shared
    elif d.data is not None:
        out["data"] = to_json(d.data)
    if d.then is not None:
        out["then"] = d.then
    if d.deadline is not None:
        out["deadline"] = d.deadline
    return out


def state_hash(state: dict[str, Any]) -> str:
    payload = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()


FORMAT = "landlords-position"
VERSION = 1

# How the header names the game's ruleset: ``landlords.rules`` installs the lookup of a named
# ruleset (the engine knows no names), so that the header lists only the house rules.
named_ruleset: Any = None


def position_header(game: GameCore) -> dict[str, Any]:
    rules = game.rules
    base = named_ruleset(rules.id) if named_ruleset is not None else None
    differences = rules.differences(base) if base is not None else {}
    return {
        "format": FORMAT,
        "version": VERSION,
        "edition": game.edition.id,
        "ruleset": rules.id,
        "rules": differences,
    }
