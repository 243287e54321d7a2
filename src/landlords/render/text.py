"""Events and positions in words, in the player's language (see :mod:`landlords.i18n`)."""

from __future__ import annotations

from dataclasses import fields

from ..engine import events as E
from ..engine.edition import HOTEL
from ..engine.game import Game
from ..i18n import has, tr

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
    if who == E.BANK:
        return tr(lang, "party.bank")
    if who == E.POT:
        return tr(lang, "party.pot")
    return game.names[who]


def message_key(ev: E.Event) -> str:
    """The catalog key of an event: ``event.<kind>``, or a variant of it for special cases."""
    own = getattr(ev, "message_key", None)
    if own is not None:  # a variant's event may choose its own key
        return own()
    kind = ev.KIND
    special = {
        "rolled": lambda: "rolled" if ev.purpose == "move" else f"rolled_{ev.purpose}",
        "moved": lambda: "moved_passed_go" if ev.passed_go else "moved",
        "paid": lambda: "paid" if ev.square >= 0 else "paid_no_square",
        "bought": lambda: "bought" if ev.price else "bought_no_price",
        "auction_started": lambda: "auction_started" if ev.item == "property" else "auction_started_building",
        "auction_ended": lambda: "auction_ended" if ev.winner >= 0 else "auction_ended_unsold",
        "built": lambda: "built_hotel" if ev.level == HOTEL else "built",
        "trade_answered": lambda: "trade_answered" if ev.accepted else "trade_answered_rejected",
        "jail_card_transferred": lambda: (
            "jail_card_transferred" if ev.receiver >= 0 else "jail_card_transferred_to_deck"
        ),
    }.get(kind)
    return "event." + (special() if special else kind)


def describe(game: Game, ev: E.Event, lang: str = "en") -> str:
    """One line for an event in ``lang``, with the edition's own square names and currency."""
    squares = game.edition.squares
    money = game.edition.currency.show
    params: dict[str, object] = {}
    for f in fields(ev):
        value = getattr(ev, f.name)
        if f.name in PARTY_FIELDS and isinstance(value, int):
            params[f.name] = (
                party(game, value, lang) if (value >= 0 or value in (E.BANK, E.POT)) else tr(lang, "party.bank")
            )
        elif f.name in SQUARE_FIELDS and isinstance(value, int):
            params[f.name] = squares[value].name if 0 <= value < len(squares) else ""
        elif f.name in MONEY_FIELDS and isinstance(value, int):
            params[f.name] = money(value)
        elif f.name == "dice":
            params[f.name] = " + ".join(map(str, value))
        elif (ev.KIND, f.name) in CODE_SECTIONS:
            key = f"{CODE_SECTIONS[ev.KIND, f.name]}.{value}"
            params[f.name] = tr(lang, key) if has(lang, key) else str(value).replace("_", " ")
        else:
            params[f.name] = value
    key = message_key(ev)
    if not has(lang, key):
        own = getattr(ev, "describe", None)
        return own(game) if own is not None else repr(ev)
    return tr(lang, key, **params)


def position(game: Game, lang: str = "en") -> str:
    """A compact text view: each player's cash, square and holdings."""
    money = game.edition.currency.show
    lines = []
    for seat in range(game.n):
        if game.bankrupt[seat]:
            lines.append(tr(lang, "position.bankrupt", player=game.names[seat]))
            continue
        props = []
        for sq in game.owned_by(seat):
            label = game.edition.squares[sq].name
            lv = game.level[sq]
            if lv:
                label += " " + (tr(lang, "position.hotel") if lv == HOTEL else tr(lang, "position.houses", n=lv))
            if game.mortgaged[sq]:
                label += " " + tr(lang, "position.mortgaged")
            props.append(label)
        where = (
            tr(lang, "position.in_jail") if game.in_jail[seat] else game.edition.squares[game.position[seat]].name
        )
        lines.append(
            tr(
                lang,
                "position.player",
                player=game.names[seat],
                cash=money(game.cash[seat]),
                worth=money(game.net_worth(seat)),
                where=where,
                holdings=", ".join(props) if props else tr(lang, "position.no_property"),
            )
        )
    lines.append(tr(lang, "position.bank", houses=game.bank_houses, hotels=game.bank_hotels))
    if game.over:
        lines.append(
            tr(
                lang,
                "position.winner",
                player=game.names[game.winner],
                reason=tr(lang, "end." + game.end_reason)
                if has(lang, "end." + game.end_reason)
                else game.end_reason,
            )
        )
    return "\n".join(lines)
