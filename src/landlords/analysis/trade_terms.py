"""A trade written by a person, as one line or as JSON, turned into the engine's offer.

One line::

    Ann gives Baltic + 200 to Bob for Boardwalk
    Ann gives Reading Railroad, chance jail card to Bob for 150
    Bob gives 300 to Ann for Park Place and Boardwalk

``GIVER gives ITEMS to PARTNER [for ITEMS]``: players by name (any case; a unique beginning is
enough), items separated by ``+``, ``,`` or ``and``: a lot by name (as in positions: case, spaces
and punctuation do not matter, a unique beginning is enough) or by square number written ``#39``,
an amount of cash (``200``, ``$200``), a jail card (``jail card``, ``chance jail card``), or
``nothing``. The words ``gives``, ``to``, ``for`` are English in every language.

JSON::

    {"from": "Ann", "to": "Bob", "gives": {"lots": ["Baltic"], "cash": 200},
     "gets": {"lots": ["Boardwalk"], "jail_cards": []}}

Anything wrong is one :class:`ConfigError` naming it; the whole offer is then checked by the
engine's own rules for offers (who holds what, buildings in a group, mortgages, cash).
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import ACCEPT, ProposeTrade
from ..engine.decision import TRADE_RESPONSE, Trade
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game

_LINE = re.compile(
    r"^\s*(?P<giver>.+?)\s+gives\s+(?P<give>.+?)\s+to\s+(?P<partner>.+?)(?:\s+for\s+(?P<take>.+?))?\s*$", re.I
)
_SPLIT = re.compile(r"\s*(?:\+|,|\band\b)\s*", re.I)
_CASH = re.compile(r"^[^\w\s]?\s*(\d+)\s*[^\w\s]?$")
_CARD = re.compile(r"^(?:(?P<deck>.+?)\s+)?(?:get\s+out\s+of\s+)?jail(?:\s*-?\s*free)?\s+card$", re.I)
_NUMBER = re.compile(r"^#(\d+)$")
SYNTAX = "a trade reads 'NAME gives ITEMS to NAME [for ITEMS]', e.g. 'Ann gives Baltic + 200 to Bob for Boardwalk'"


@dataclass(frozen=True)
class Offer:
    """A two-party offer: ``proposer`` proposes ``action`` (what it gives and what it takes)."""

    proposer: int
    action: ProposeTrade

    @property
    def partner(self) -> int:
        return self.action.partner

    def with_cash(self, net: int) -> Offer:
        """The same lots and cards, with the proposer paying ``net`` in cash (receiving, if negative)."""
        give, take = (net, 0) if net >= 0 else (0, -net)
        return Offer(self.proposer, replace(self.action, give_cash=give, take_cash=take))

    @property
    def is_empty(self) -> bool:
        """Nothing changes hands (the engine refuses such an offer)."""
        a = self.action
        gives = a.give_properties or a.give_cash or a.give_cards
        return not (gives or a.take_properties or a.take_cash or a.take_cards)

    @property
    def net_cash(self) -> int:
        return self.action.give_cash - self.action.take_cash

    def as_trade(self) -> Trade:
        a = self.action
        return Trade(
            self.proposer,
            a.partner,
            a.give_properties,
            a.give_cash,
            a.give_cards,
            a.take_properties,
            a.take_cash,
            a.take_cards,
        )

    def describe(self, game: Game) -> str:
        """The offer in the one-line form (names of the edition, amounts in the edition's currency)."""
        a = self.action

        def items(lots: tuple[int, ...], cash: int, cards: tuple[str, ...]) -> str:
            parts = [game.edition.squares[sq].name for sq in lots]
            parts += [game.edition.currency.show(cash)] if cash else []
            parts += [f"{game.edition.decks[d].name} jail card" for d in cards]
            return " + ".join(parts) or "nothing"

        text = f"{game.names[self.proposer]} gives {items(a.give_properties, a.give_cash, a.give_cards)}"
        text += f" to {game.names[a.partner]}"
        took = items(a.take_properties, a.take_cash, a.take_cards)
        return text + (f" for {took}" if took != "nothing" else "")


# ================================================================ reading
def parse_offer(game: Game, text: str | dict[str, Any]) -> Offer:
    """An offer from one line of text or JSON (a dict, or text starting with ``{``), checked
    against ``game``: the players, the lots, the cards and, as a whole, the engine's rules."""
    if isinstance(text, str) and text.lstrip().startswith("{"):
        try:
            text = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"trade: not valid JSON ({exc})") from None
    offer = _from_json(game, text) if isinstance(text, dict) else _from_line(game, text)
    check_offer(game, offer)
    return offer


def _from_line(game: Game, text: Any) -> Offer:
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(f"trade: empty; {SYNTAX}")
    m = _LINE.match(text)
    if not m:
        raise ConfigError(f"trade: cannot read {text.strip()!r}; {SYNTAX}")
    giver = player(game, m["giver"])
    partner = player(game, m["partner"])
    if giver == partner:
        raise ConfigError(f"trade: {game.names[giver]} cannot trade with themselves")
    give = _items(game, m["give"], giver)
    take = _items(game, m["take"] or "nothing", partner)
    return _offer(giver, partner, give, take)


def _from_json(game: Game, data: dict[str, Any]) -> Offer:
    known = {"from", "to", "gives", "gets"}
    extra = sorted(set(data) - known)
    if extra:
        raise ConfigError(f"trade: unknown field {extra[0]!r} (the fields are from, to, gives, gets)")
    for key in ("from", "to"):
        if key not in data:
            raise ConfigError(f"trade: {key!r} is missing (the player's name)")
        if not isinstance(data[key], str | int) or isinstance(data[key], bool):
            raise ConfigError(f"trade: {key!r} is a player's name or seat number")
    giver, partner = player(game, data["from"]), player(game, data["to"])
    if giver == partner:
        raise ConfigError(f"trade: {game.names[giver]} cannot trade with themselves")
    sides = []
    for key, holder in (("gives", giver), ("gets", partner)):
        side = data.get(key, {})
        if not isinstance(side, dict):
            raise ConfigError(f"trade: {key!r} is an object with lots, cash, jail_cards")
        wrong = sorted(set(side) - {"lots", "cash", "jail_cards"})
        if wrong:
            raise ConfigError(f"trade: {key}.{wrong[0]}: unknown (the fields are lots, cash, jail_cards)")
        cash = side.get("cash", 0)
        if type(cash) is not int or cash < 0:
            raise ConfigError(f"trade: {key}.cash must be a whole number of at least 0, got {cash!r}")
        lots_raw, cards_raw = side.get("lots", []), side.get("jail_cards", [])
        for name, value in (("lots", lots_raw), ("jail_cards", cards_raw)):
            if not isinstance(value, list):
                raise ConfigError(f"trade: {key}.{name} must be a list")
        lots: list[int] = []
        for i, raw in enumerate(lots_raw):
            if isinstance(raw, bool) or not isinstance(raw, str | int):
                raise ConfigError(f"trade: {key}.lots[{i}] is a lot's name or square number")
            _add_lot(game, lots, lot(game, raw), holder)
        cards = [jail_card(game, str(c) if isinstance(c, str) else "", holder, key) for c in cards_raw]
        sides.append((tuple(lots), cash, tuple(cards)))
    return _offer(giver, partner, sides[0], sides[1])


Side = tuple[tuple[int, ...], int, tuple[str, ...]]


def _offer(giver: int, partner: int, give: Side, take: Side) -> Offer:
    action = ProposeTrade(partner, give[0], give[1], give[2], take[0], take[1], take[2])
    return Offer(giver, action)


def _items(game: Game, text: str, holder: int) -> Side:
    lots: list[int] = []
    cash = 0
    cards: list[str] = []
    parts = [p for p in _SPLIT.split(text.strip()) if p]
    if not parts:
        raise ConfigError(f"trade: no items in {text!r}")
    for part in parts:
        if part.casefold() == "nothing":
            continue
        m = None if _NUMBER.match(part) else _CASH.match(part)
        if m:
            cash += int(m[1])
            continue
        if _CARD.match(part):
            cards.append(jail_card(game, part, holder, "trade"))
            continue
        _add_lot(game, lots, lot(game, part), holder)
    return tuple(lots), cash, tuple(cards)


def _add_lot(game: Game, lots: list[int], sq: int, holder: int) -> None:
    name = game.edition.squares[sq].name
    if sq in lots:
        raise ConfigError(f"trade: {name} is named twice")
    owner = game.owner[sq]
    if owner != holder:
        held = f"{game.names[owner]} holds it" if owner >= 0 else "the bank holds it"
        raise ConfigError(f"trade: {game.names[holder]} does not hold {name} ({held})")
    lots.append(sq)


def player(game: Game, who: str | int) -> int:
    """A seat by number or by name (any case; a unique beginning is enough)."""
    if isinstance(who, int) and not isinstance(who, bool):
        if not 0 <= who < game.n:
            raise ConfigError(f"trade: there is no seat {who} (seats 0-{game.n - 1})")
        return who
    key = str(who).strip().casefold()
    names = [n.casefold() for n in game.names]
    found = [i for i, n in enumerate(names) if n == key] or [i for i, n in enumerate(names) if n.startswith(key)]
    if len(found) != 1 or not key:
        why = "more than one player" if len(found) > 1 else "no player"
        raise ConfigError(f"trade: {why} called {str(who).strip()!r} (players: {', '.join(game.names)})")
    return found[0]


def lot(game: Game, name: str | int) -> int:
    """A lot (a property square) by name or number (``39`` in JSON, ``#39`` in a line)."""
    from ..position import Position

    edition = game.edition
    if isinstance(name, str) and _NUMBER.match(name.strip()):
        name = int(name.strip()[1:])
    try:
        sq = Position({}, edition).square(name)
    except ConfigError:
        names = [s.name for s in edition.squares if s.is_property]
        close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ConfigError(f"trade: {str(name)!r} names no single lot of {edition.id}{hint}") from None
    if not edition.squares[sq].is_property:
        raise ConfigError(f"trade: {edition.squares[sq].name} is not a lot that can be traded")
    return sq


def jail_card(game: Game, text: str, holder: int, where: str) -> str:
    """The deck of a jail card ``holder`` holds: ``chance jail card``, ``chance``, or ``jail card``
    (the first one held)."""
    held = game.jail_cards[holder]
    m = _CARD.match(text.strip())
    wanted = ((m["deck"] or "") if m else text).strip().casefold()
    if not wanted:
        if not held:
            raise ConfigError(f"{where}: {game.names[holder]} holds no jail card")
        return held[0]
    for deck_id, deck in game.edition.decks.items():
        if wanted in (deck_id.casefold(), deck.name.casefold(), deck_id.replace("_", " ").casefold()):
            if deck_id not in held:
                raise ConfigError(f"{where}: {game.names[holder]} holds no jail card from {deck.name}")
            return deck_id
    decks = ", ".join(d.name for d in game.edition.decks.values())
    raise ConfigError(f"{where}: no deck called {text.strip()!r} (decks: {decks})")


# ================================================================ the engine's check, and the trade made
def pending_offer(game: Game) -> Offer | None:
    """The offer waiting for an answer now, if the game waits for one."""
    d = game.decision
    if d is None or d.kind != TRADE_RESPONSE or not isinstance(d.data, Trade):
        return None
    t: Trade = d.data
    action = ProposeTrade(
        t.partner, t.give_properties, t.give_cash, t.give_cards, t.take_properties, t.take_cash, t.take_cards
    )
    return Offer(t.proposer, action)


def check_offer(game: Game, offer: Offer) -> None:
    """The engine's rules for this offer now: as a waiting offer, or as one to propose."""
    if pending_offer(game) == offer:
        try:
            game.check(offer.partner, ACCEPT)
        except IllegalAction as exc:
            raise ConfigError(f"trade: the offer cannot be accepted now: {exc.reason}") from None
        return
    try:
        game.check(offer.proposer, offer.action)
    except IllegalAction as exc:
        raise ConfigError(f"trade: {game.names[offer.proposer]} cannot offer this now: {exc.reason}") from None


def after_trade(game: Game, offer: Offer) -> Game:
    """A copy of ``game`` in which ``offer`` was made and accepted (a waiting offer: accepted)."""
    from ..assist.plans import scratch

    check_offer(game, offer)
    g = scratch(game)
    if pending_offer(g) != offer:
        g.apply(offer.proposer, offer.action)
    g.apply(offer.partner, ACCEPT)
    return g


def without_trade(game: Game, offer: Offer) -> Game:
    """A copy of ``game`` without the trade: a waiting offer is refused, else the game as it is."""
    from ..assist.plans import scratch
    from ..engine.actions import REJECT

    g = scratch(game)
    if pending_offer(g) == offer:
        g.apply(offer.partner, REJECT)
    return g
