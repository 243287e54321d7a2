"""Events and positions in words, in the player's language (see :mod:`landlords.i18n`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..describe.words import Speaker
from ..engine import events as E
from ..engine.edition import FREE_PARKING, HOTEL
from ..engine.fields import field_names
from ..engine.game import Game
from ..i18n import template

PARTY_FIELDS = frozenset(
    {"seat", "payer", "payee", "owner", "winner", "creditor", "giver", "receiver", "partner", "first"}
)
SQUARE_FIELDS = frozenset({"square", "start", "end"})
MONEY_FIELDS = frozenset({"amount", "price", "cost", "refund", "min_bid"})
# fields whose code is itself translated, by event kind: (kind, field) -> catalog section
CODE_SECTIONS = {
    ("paid", "reason"): "pay",
    ("jailed", "reason"): "jailed",
    ("left_jail", "how"): "left",
    ("turn_skipped", "reason"): "skip",
    ("game_over", "reason"): "end",
    ("speed_die_moved", "face"): "face",
    ("auction_started", "item"): "item",
}


def party(game: Game, who: int, lang: str = "en") -> str:
    return Speaker(game, lang).party(who)


def _moved(ev: Any, game: Game | None) -> str:
    # passing GO to stop on it is stopping on GO, never "passes GO and moves to GO"
    if ev.passed_go and game is not None and ev.end == game.t.go:
        return "moved_to_go"
    if ev.passed_go:
        return "moved_passed_go"
    if game is not None and game.t.kind[ev.end] == FREE_PARKING and game.rules.free_parking == "skip_turn":
        return "moved_free_parking"
    return "moved"


# the event kinds whose key depends on the event: kind -> the key's last part (made once, not per event)
_SPECIAL_KEYS: dict[str, Callable[[Any, Game | None], str]] = {
    "rolled": lambda ev, game: (
        ("rolled_double" if len(ev.dice) >= 2 and ev.dice[0] == ev.dice[1] else "rolled")
        if ev.purpose == "move"
        else f"rolled_{ev.purpose}"
    ),
    "moved": _moved,
    "paid": lambda ev, game: "paid" if ev.square >= 0 else "paid_no_square",
    "bought": lambda ev, game: "bought" if ev.price else "bought_no_price",
    "auction_started": lambda ev, game: "auction_started" if ev.item == "property" else "auction_started_building",
    "auction_ended": lambda ev, game: "auction_ended" if ev.winner >= 0 else "auction_ended_unsold",
    "built": lambda ev, game: "built_hotel" if ev.level == HOTEL else "built",
    "trade_answered": lambda ev, game: "trade_answered" if ev.accepted else "trade_answered_rejected",
    "jail_card_transferred": lambda ev, game: (
        "jail_card_transferred" if ev.receiver >= 0 else "jail_card_transferred_to_deck"
    ),
}


def message_key(ev: E.Event, game: Game | None = None) -> str:
    """The catalog key of an event: ``event.<kind>``, or a variant of it for special cases."""
    own = getattr(ev, "message_key", None)
    if own is not None:  # a variant's event may choose its own key
        return own()
    kind = ev.KIND
    special = _SPECIAL_KEYS.get(kind)
    return "event." + (special(ev, game) if special else kind)


def event_params(game: Game, ev: E.Event, words: Speaker) -> dict[str, object]:
    """The parameters of an event's message: names with their grammar, squares, money, codes."""
    params: dict[str, object] = {}
    kind = ev.KIND
    for name in field_names(type(ev)):
        value = getattr(ev, name)
        if name in PARTY_FIELDS and isinstance(value, int):
            params[name] = words.party(value) if (value >= 0 or value in (E.BANK, E.POT)) else words.party(E.BANK)
        elif name in SQUARE_FIELDS and isinstance(value, int):
            params[name] = words.square(value) if 0 <= value < game.size else ""
        elif name in MONEY_FIELDS and isinstance(value, int):
            params[name] = words.money(value)
        elif name == "dice":
            params[name] = " + ".join(map(str, value))
            params["total"] = sum(value)
        elif name == "text" and isinstance(value, str):
            params[name] = words.card_text(value)
        elif (kind, name) in CODE_SECTIONS:
            params[name] = words.code(CODE_SECTIONS[kind, name], value)
        elif name == "item" and isinstance(value, str):
            params[name] = words.word(value) if value != "property" else words.code("item", value)
        else:
            params[name] = value
    params["go"] = words.square(game.t.go)
    return params


def describe(game: Game, ev: E.Event, lang: str = "en", words: Speaker | None = None) -> str:
    """One line for an event in ``lang``, with the edition's own square names (glossed for players of
    another language), names in the case each sentence needs, and money in the edition's currency."""
    words = words or Speaker(game, lang)
    key = message_key(ev, game)
    if not words.has(key):
        own = getattr(ev, "describe", None)
        return own(game) if own is not None else repr(ev)
    return words.t(key, **event_params(game, ev, words))


def recap(game: Game, ev: E.Event, lang: str = "en", words: Speaker | None = None) -> str:
    """An event told afterwards, in the past ("since your last turn: Аня заплатила вам …"): the
    catalog's ``recap.<kind>``, unless the variant words the event its own way and has no recap
    of its own (then the event's own line, so an artel never becomes a house)."""
    words = words or Speaker(game, lang)
    key = message_key(ev, game)
    past = "recap." + key.removeprefix("event.")
    variant = words.variant
    own_event = template(lang, key, variant) != template(lang, key)
    own_recap = template(lang, past, variant) != template(lang, past)
    if template(lang, past) is None or (own_event and not own_recap):
        return describe(game, ev, lang, words)
    return words.t(past, **event_params(game, ev, words))


def bank_stock(game: Game, words: Speaker) -> str:
    """What buildings the bank has left, in the variant's words ("bank: 54 artels, 22 cooperatives")."""
    return words.t(
        "legend.bank",
        houses=words.count("house", game.bank_houses),
        hotels=words.count("hotel", game.bank_hotels),
    )


def position(game: Game, lang: str = "en") -> str:
    """A compact text view: each player's cash, square and holdings."""
    words = Speaker(game, lang)
    lines = []
    for seat in range(game.n):
        if game.bankrupt[seat]:
            lines.append(words.t("position.bankrupt", player=words.name(seat)))
            continue
        props = []
        for sq in game.owned_by(seat):
            label = str(words.square(sq))
            lv = game.level[sq]
            if lv:
                label += " " + (words.t("position.hotel") if lv == HOTEL else words.t("position.houses", n=lv))
            if game.mortgaged[sq]:
                label += " " + words.t("position.mortgaged")
            props.append(label)
        where = (
            words.t("position.in_jail")
            if game.in_jail[seat]
            else words.t("position.at", square=words.square(game.position[seat]))
        )
        lines.append(
            words.t(
                "position.player",
                player=words.name(seat),
                cash=words.money(game.cash[seat]),
                worth=words.money(game.net_worth(seat)),
                where=where,
                holdings=", ".join(props) if props else words.t("position.no_property"),
            )
        )
    lines.append(bank_stock(game, words))
    if game.over:
        lines.append(
            words.t("position.winner", player=words.name(game.winner), reason=words.code("end", game.end_reason))
        )
    return "\n".join(lines)
