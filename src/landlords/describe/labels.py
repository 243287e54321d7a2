"""Words for actions and decisions, in the player's language, for every front end (the terminal, the
server's views, the web pages).

Every action type gets a label from the catalog key ``action.<type>`` (``action.<type>.true`` /
``.false`` first for an action whose only field is a yes/no, e.g. ``ChooseTax(percent)``), filled
with readable parameters: square names, amounts in the edition's currency, player names. An action
type nobody wrote a message for (a variant's new one) is still labelled: its type in words and its
fields, each value made readable the same way. So a variant's decisions are playable at once, and
read well as soon as its module adds ``action.<type>`` to a catalog.
"""

from __future__ import annotations

import re
from dataclasses import fields
from functools import cache
from string import Formatter
from typing import Any

from ..engine import decision as D
from ..engine import events as E
from ..engine.actions import Action
from ..engine.edition import HOTEL
from ..engine.fields import field_names
from ..engine.game import Game
from ..i18n import DEFAULT, catalog, has, reason, template, tr
from ..kept import Kept
from .words import ONE_LANGUAGE, Speaker
from .words import money as words_money

# fields whose integer value names a seat, a square or an amount of money (in actions and decision data)
SEAT_FIELDS = frozenset({"seat", "partner", "payer", "payee", "owner", "proposer", "receiver", "giver", "winner"})
SQUARE_FIELDS = frozenset({"square", "target", "lot"})
MONEY_FIELDS = frozenset({"amount", "cash", "price", "cost", "fee", "bid", "give_cash", "take_cash", "low"})


def words(code: str) -> str:
    """``"challenge_malina"`` -> ``"challenge malina"``: a code shown as words when no message exists."""
    return code.replace("_", " ").replace("-", " ")


def money(game: Game, lang: str, amount: int) -> str:
    """An amount in ``lang``'s words for the edition's currency (describe.words.money)."""
    return words_money(game, lang, amount)


def bot_reason(game: Game, lang: str, answer: Any) -> str:
    """Why a bot refuses an offer, in ``lang`` (a :class:`landlords.bots.verdicts.Answer`): the
    engine's refusal of an acceptance if there is one, else the bot's own reason; "" when it has none
    in words."""
    if answer.refusal is not None:
        return reason(lang, answer.refusal, lambda n: money(game, lang, n))
    code = answer.verdict.reason
    if not code or not has(lang, "bot_reason." + code):
        return ""
    params = {k: money(game, lang, v) for k, v in answer.verdict.params.items()}
    return tr(lang, "bot_reason." + code, **params)


def square_name(game: Game, sq: int, lang: str | None = None) -> str:
    """A square's name; with ``lang``, quoted and glossed the way that language's sentences show it."""
    squares = game.edition.squares
    if not (isinstance(sq, int) and 0 <= sq < len(squares)):
        return str(sq)
    return speaker(game, lang).square(sq, quoted=False) if lang else squares[sq].name


# a server labels every game it holds in play, in each language read at it: past this bound a game's
# words are made anew after every act (a finished game's are dropped at once: forget_words)
SPEAKERS_KEPT = 8192
_SPEAKERS: Kept[tuple[int, str, bool], tuple[Game, Any, Speaker]] = Kept(SPEAKERS_KEPT)


def speaker(game: Game, lang: str) -> Speaker:
    """The game's words in ``lang``, made once per game (the names' grammar is guessed once); kept
    here, not on the game, whose every attribute is part of its position. The oldest are dropped
    first when too many games are kept; :func:`forget_words` drops a game's at once."""
    key = (id(game), lang, ONE_LANGUAGE.get())  # the web's words (one language) apart from the terminal's
    entry = _SPEAKERS.get(key)
    names = game.names  # compared with the copy kept (a list with a list: no copy made for each word)
    if entry is None or entry[0] is not game or entry[1] != names:  # an id reused, or new names
        entry = _SPEAKERS.keep(key, (game, type(names)(names), Speaker(game, lang)))
    return entry[2]


def forget_words(game: Game) -> None:
    """Drop the words kept for ``game`` (every language): a game its user lets go of (a finished
    game a server forgets) leaves memory now, not once thousands of other games have pushed it out (the
    game is kept with its words: a compiled game takes no weak reference)."""
    for key in [k for k, entry in _SPEAKERS.items() if entry[0] is game]:
        del _SPEAKERS[key]


def party_name(game: Game, who: int, lang: str) -> str:
    if who == E.BANK or who == E.POT or 0 <= who < game.n:
        return speaker(game, lang).party(who)
    return str(who)


def readable(game: Game, name: str, value: Any, lang: str) -> str:
    """One field's value in words."""
    if isinstance(value, bool):
        return tr(lang, "ui.yes" if value else "ui.no")
    if isinstance(value, int):
        if name in SQUARE_FIELDS or name.endswith("square"):
            return square_name(game, value, lang)
        if name in SEAT_FIELDS:
            return party_name(game, value, lang)
        if name in MONEY_FIELDS or name.endswith(("cash", "amount")):
            return money(game, lang, value)
        return str(value)
    if isinstance(value, tuple | list):
        parts = [readable(game, name, v, lang) for v in value]
        return ", ".join(parts) if parts else tr(lang, "ui.nothing")
    if isinstance(value, str):
        return words(value)
    return str(value)


def field_name(lang: str, name: str) -> str:
    key = f"field.{name}"
    return tr(lang, key) if has(lang, key) else words(name)


def type_name(lang: str, code: str) -> str:
    """An action type in words: ``type.<code>`` if a catalog has it, else the code itself."""
    key = f"type.{code}"
    return tr(lang, key) if has(lang, key) else words(code)


def _known_params(game: Game, seat: int, action: Action, lang: str) -> dict[str, Any]:
    """Extra parameters the core actions' messages use (prices, costs, refunds)."""
    kind = action.TYPE
    sq = getattr(action, "square", -1)
    p: dict[str, Any] = {}
    if kind in ("buy", "decline", "lift_mortgage"):
        return _decision_square_params(game, action, lang)
    if kind in SQUARE_ACTS and isinstance(sq, int) and 0 <= sq < game.size:
        return _square_params(game, kind, sq, lang)
    if kind == "pay_jail_fine":
        p["amount"] = money(game, lang, game.rules.jail_fine)
    elif kind == "claim_rent":
        for c in game.claims:
            if c.owner == seat and c.square == sq:
                p["amount"] = money(game, lang, c.amount)
                p["payer"] = party_name(game, c.payer, lang)
                break
        p.setdefault("amount", "?")
        p.setdefault("payer", "?")
    elif kind == "choose_tax":
        if action.percent:  # type: ignore[attr-defined]
            p["percent"] = game.rules.income_tax_percent
            p["amount"] = money(game, lang, game.income_tax_percentage(seat))
        else:
            p["amount"] = money(game, lang, game.rules.income_tax_alternative)
    elif kind == "sell_lot" and isinstance(sq, int) and 0 <= sq < game.size:  # Бизнесполия's bank sale
        p["amount"] = money(game, lang, game.lot_sale_value(sq))  # type: ignore[attr-defined]
    elif kind == "choose_move":
        steps = action.steps  # type: ignore[attr-defined]
        p["square"] = square_name(game, (game.position[seat] + steps) % game.size, lang)
    return p


# the acts on one of the seat's squares whose message names what they cost or bring
SQUARE_ACTS = frozenset({"build", "sell_building", "mortgage", "unmortgage"})


def square_amount(game: Game, kind: str, sq: int) -> int:
    """What one of :data:`SQUARE_ACTS`'s acts on ``sq`` costs or brings now."""
    if kind == "build":
        return game.t.house_cost[sq]
    if kind == "sell_building":
        return game.hotel_value(sq) if game.level[sq] == HOTEL else game.building_value(sq)
    if kind == "mortgage":
        return game.t.mortgage[sq]
    return game.unmortgage_cost(sq)  # unmortgage


def _square_params(game: Game, kind: str, sq: int, lang: str) -> dict[str, Any]:
    amount = money(game, lang, square_amount(game, kind, sq))
    if kind == "build":
        return {"cost": amount, "level": game.level[sq] + 1}
    if kind == "sell_building":
        return {"refund": amount}
    if kind == "mortgage":
        return {"amount": amount}
    return {"cost": amount}  # unmortgage


def _decision_square_params(game: Game, action: Action, lang: str) -> dict[str, Any]:
    """The answers about the decision's square: buy it (its price), decline it, lift its mortgage."""
    d = game.decision
    if d is None or d.square < 0:
        return {}
    p: dict[str, Any] = {"square": square_name(game, d.square, lang)}
    if action.TYPE == "buy":
        p["price"] = money(game, lang, game.t.price[d.square])
    elif action.TYPE == "lift_mortgage":
        try:
            p["cost"] = money(game, lang, game.transfer_cost(d.square, action.now))
        except Exception:  # a variant computes it differently
            p["cost"] = "?"
    return p


def action_label(game: Game, seat: int, action: Action, lang: str) -> str:
    """A one-line label for ``action`` taken by ``seat``.

    The acts on one's own squares (build, sell, mortgage, lift: most of the acts a seat may take at
    any moment) are labelled once per game and language for each square, level and amount: their
    words depend on nothing else, and a server labels every seat's acts after every act."""
    key = square_act_key(game, action)
    if key is None:
        return _label(game, seat, action, lang)
    words = speaker(game, lang)
    label = words.labels.get(key)
    if label is None:
        label = words.labels[key] = _label(game, seat, action, lang)
    return label


def square_act_key(game: Game, action: Action) -> tuple | None:
    """What the words of an act on one's own square (build, sell, mortgage, lift) depend on: the
    act, the square's level and the amount; None for any other act, or for one a variant means
    other things by (no amount)."""
    kind = action.TYPE
    if kind not in SQUARE_ACTS:
        return None
    sq = getattr(action, "square", -1)
    if not (isinstance(sq, int) and 0 <= sq < game.size):
        return None
    try:
        return (action, game.level[sq], square_amount(game, kind, sq))
    except Exception:
        return None


def _label(game: Game, seat: int, action: Action, lang: str) -> str:
    kind = action.TYPE
    params: dict[str, Any] = {}
    values = {name: getattr(action, name) for name in field_names(type(action))}
    for name, value in values.items():
        params[name] = readable(game, name, value, lang)
    try:
        params.update(_known_params(game, seat, action, lang))
    except Exception:  # labels never break the game: a variant may mean other things by a field
        pass
    keys = []
    if len(values) == 1:
        (only,) = values.values()
        if isinstance(only, bool):
            keys.append(f"action.{kind}.{'true' if only else 'false'}")
    if kind == "roll" and game.in_jail[seat]:
        keys.append("action.roll_jail")
    if kind == "build" and game.level[getattr(action, "square", 0)] == HOTEL - 1:
        keys.append("action.build_hotel")
    if kind == "decline" and not game.rules.auctions:
        keys.append("action.decline_no_auction")
    keys.append(f"action.{kind}")
    for key in keys:
        if has(lang, key):
            try:
                return tr(lang, key, game.rules.variant, **params)  # a variant's own wording first
            except (KeyError, IndexError):
                break
    # nobody wrote a message for this action: its type and fields in words
    label = type_name(lang, kind)
    label = label[:1].upper() + label[1:]
    if values:
        label += ": " + "; ".join(f"{field_name(lang, k)} {params[k]}" for k in values)
    return label


def _named(game: Game, w: Speaker, who: int) -> str:
    """:func:`party_name` in the words ``w`` already found."""
    if who == E.BANK or who == E.POT or 0 <= who < game.n:
        return w.party(who)
    return str(who)


def decision_params(game: Game, d: D.Decision, lang: str) -> dict[str, Any]:
    w = speaker(game, lang)  # found once: names, squares and money all come from the game's words
    seat, sq = d.seat, d.square
    p: dict[str, Any] = {
        "player": _named(game, w, seat),
        "cash": w.money(game.cash[seat]),
        "round": game.round + 1,
        "square": "",
    }
    if sq >= 0:  # square_name's words
        p["square"] = w.square(sq, quoted=False) if sq < len(game.edition.squares) else str(sq)
    data = d.data
    if d.kind == D.BUY and sq >= 0:
        p["price"] = w.money(game.t.price[sq])
    elif isinstance(data, D.AuctionState):
        low = max(data.min_bid, data.high_bid + 1)
        item = data.item
        p["what"] = (
            w.square(data.square)  # in the language's quotes, as names of lots are
            if item == "property"
            else (tr(lang, f"item.{item}") if has(lang, f"item.{item}") else words(item))
        )
        p["low"] = w.money(low)
        p["high"] = w.money(data.high_bid)
        p["bidder"] = _named(game, w, data.high_bidder) if data.high_bidder >= 0 else ""
        p["bidders"] = ", ".join(_named(game, w, b) for b in data.bidders)
    elif isinstance(data, D.Debt):
        p["amount"] = w.money(data.amount)
        reason = data.reason
        p["reason"] = tr(lang, f"pay.{reason}") if has(lang, f"pay.{reason}") else words(reason)
        p["creditors"] = ", ".join(_named(game, w, c) for c, _ in data.creditors)
    elif isinstance(data, D.Trade) or isinstance(getattr(data, "proposer", None), int):  # a variant's deal too
        p["proposer"] = _named(game, w, data.proposer)  # type: ignore[union-attr]
    elif isinstance(data, D.Shortage):
        p["requester"] = _named(game, w, data.requester)
        p["item"] = tr(lang, f"item.{data.item}") if has(lang, f"item.{data.item}") else words(data.item)
    elif d.kind == D.BUILDING_INTEREST and isinstance(data, str):  # the shortage names who asked first
        shortage = getattr(game, "shortage", None)
        p["requester"] = _named(game, w, shortage.requester) if shortage is not None else ""
        p["item"] = tr(lang, f"item.{data}") if has(lang, f"item.{data}") else words(data)
    elif d.kind == D.PLACE_BUILDING and isinstance(data, str):
        p["item"] = tr(lang, f"item.{data}") if has(lang, f"item.{data}") else words(data)
    elif d.kind == D.BUS and isinstance(data, tuple):
        p["dice"] = " + ".join(map(str, data))
    if d.kind == D.PRE_ROLL and game.in_jail[seat]:
        p["tries"] = game.jail_turns[seat]
    return p


def _decision_keys(game: Game, d: D.Decision, section: str) -> list[str]:
    keys = []
    if d.kind == D.PRE_ROLL and game.in_jail[d.seat]:
        keys.append(f"{section}.pre_roll_jail")
    if d.kind == D.AUCTION and isinstance(d.data, D.AuctionState) and d.data.high_bidder < 0:
        keys.append(f"{section}.auction_no_bids")
    keys.append(f"{section}.{d.kind}")
    return keys


def decision_watch(game: Game, d: D.Decision, lang: str, params: dict[str, Any] | None = None) -> str:
    """What everyone but the deciding seat reads about the decision (other seats, spectators): a line
    in the third person, "Bob's turn (round 8)", never the decider's "your turn". ``params``: the
    decision's :func:`decision_params`, when the caller has them already."""
    params = params or decision_params(game, d, lang)
    for key in _decision_keys(game, d, "watch"):
        if has(lang, key):
            try:
                return tr(lang, key, game.rules.variant, **params)
            except (KeyError, IndexError):
                break
    # a decision kind with no third-person line (a variant's): who decides, and what the game waits for
    code = f"waiting.{d.kind}"
    what = tr(lang, code, game.rules.variant) if has(lang, code) else words(d.kind)
    return tr(lang, "watch.other", player=params["player"], what=what)


def decision_title(game: Game, d: D.Decision, lang: str, params: dict[str, Any] | None = None) -> str:
    """What the game asks of the deciding seat, in one line, addressed to it ("Ann, your turn"):
    for that seat's screen only (others read :func:`decision_watch`)."""
    params = params or decision_params(game, d, lang)
    for key in _decision_keys(game, d, "decision"):
        if has(lang, key):
            try:
                text = tr(lang, key, game.rules.variant, **params)
            except (KeyError, IndexError):
                break
            if "{player}" not in catalog_text(lang, key):  # a variant's message may not name the player
                text = f"{params['player']}: {text}"
            return text
    # a decision kind this screen does not know (a variant's): its name and what it carries
    text = tr(lang, "decision.other", player=params["player"], kind=words(d.kind))
    if d.square >= 0:
        text += f" — {params['square']}"
    if d.data is not None and not isinstance(d.data, D.AuctionState | D.Debt | D.Trade | D.Shortage):
        data = d.data
        try:
            items = {f.name: getattr(data, f.name) for f in fields(data)}
        except TypeError:
            items = {}
        if items:
            text += (
                " ("
                + "; ".join(
                    f"{field_name(lang, k)} {readable(game, k, v, lang)}"
                    for k, v in items.items()
                    if isinstance(v, int | str | bool | tuple)
                )
                + ")"
            )
    return text


# decisions whose lines (without data) read only the seat, its cash and jail, the round and the
# square (its name and price): decision_params' first lines, nothing of its branches on ``data``
_PLAIN_DECISIONS = frozenset({D.PRE_ROLL, D.POST_ROLL, D.BUY})
# the parameters those lines may name, each read from the state by :func:`decision_lines`' key
_PLAIN_FIELDS = frozenset({"player", "cash", "round", "square", "price", "tries", "what", "kind"})


@cache  # the same for every game of a variant: read once, not kept by each game's words
def _fields_named(lang: str, variant: str, kind: str, jail: bool) -> frozenset[str] | None:
    """Every parameter any line of decision ``kind`` may name (its templates in both sections, the
    variant's and the language's, and the lines for a kind without one), or None if one of them
    names another than :data:`_PLAIN_FIELDS` (then its lines are not kept)."""
    keys = [f"{section}.{kind}" for section in ("watch", "decision")]
    if kind == D.PRE_ROLL and jail:
        keys += ["watch.pre_roll_jail", "decision.pre_roll_jail"]
    texts = [template(lang, k, variant) for k in keys] + [template(lang, k) for k in keys]
    texts += [template(lang, "watch.other"), template(lang, "decision.other")]
    names = {
        re.split(r"[.\[]", field)[0]
        for text in texts
        if text
        for _, field, _, _ in Formatter().parse(text)
        if field is not None
    }
    return frozenset(names) if names <= _PLAIN_FIELDS else None


def decision_lines(game: Game, d: D.Decision, lang: str) -> tuple[str, str]:
    """:func:`decision_watch` and :func:`decision_title` of ``d``. Those of a plain decision (a roll,
    the end of a turn, a buy: most of a game's) are kept in the game's words by what their templates
    can name: the seat, the square and its jail always (its name, price and tries), the cash and
    the round when a template names them (most lines do not: the same lines again)."""
    if d.kind not in _PLAIN_DECISIONS or d.data is not None:
        params = decision_params(game, d, lang)
        return decision_watch(game, d, lang, params), decision_title(game, d, lang, params)
    w = speaker(game, lang)
    seat = d.seat
    jail = bool(game.in_jail[seat])
    named = _fields_named(lang, game.rules.variant, d.kind, jail)
    if named is None:
        params = decision_params(game, d, lang)
        return decision_watch(game, d, lang, params), decision_title(game, d, lang, params)
    key = (
        d.kind,
        seat,
        d.square,
        jail,
        game.jail_turns[seat] if jail and d.kind == D.PRE_ROLL else None,
        game.round if "round" in named else None,
        game.cash[seat] if "cash" in named else None,
    )
    lines = w.lines.get(key)
    if lines is None:
        params = decision_params(game, d, lang)
        lines = w.lines.keep(key, (decision_watch(game, d, lang, params), decision_title(game, d, lang, params)))
    return lines


def offer_lines(
    game: Game,
    lang: str,
    proposer: int,
    partner: int,
    give: tuple[tuple[int, ...], int, tuple[str, ...]],
    take: tuple[tuple[int, ...], int, tuple[str, ...]],
) -> list[str]:
    """Two lines: what each side of a two-party offer gives."""
    out = []
    for who, (props, cash, cards) in ((proposer, give), (partner, take)):
        items = [
            square_name(game, sq, lang) + (f" ({tr(lang, 'ui.mortgaged')})" if game.mortgaged[sq] else "")
            for sq in props
        ]
        if cash:
            items.append(money(game, lang, cash))
        for deck in cards:
            items.append(tr(lang, "ui.jail_card", game.rules.variant, deck=deck_name(game, deck, lang)))
        out.append(
            tr(
                lang,
                "ui.offer_gives",
                who=party_name(game, who, lang),
                items=", ".join(items) if items else tr(lang, "ui.nothing"),
            )
        )
    return out


def deck_name(game: Game, deck: str, lang: str | None = None) -> str:
    """A deck's name; with ``lang``, in the reader's words where the edition glosses it."""
    d = game.edition.decks.get(deck)
    if d is None:
        return words(deck)
    return game.edition.gloss(lang, d.name)


def catalog_text(lang: str, key: str) -> str:
    return catalog(lang).get(key) or catalog(DEFAULT).get(key, "")
