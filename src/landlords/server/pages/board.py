"""The data the browser's board is drawn from: the static picture of an edition (``render.svg``)
with the geometry of each square, and for each square its name (glossed for another language),
kind, group, colour and price in words. The live position (owners, buildings, tokens) comes over the
WebSocket and is drawn over this by ``static/js/board.js``."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ... import new_game
from ...describe.cards import property_card
from ...describe.mechanics import act_mechanics
from ...describe.rulesets import ruleset_name, summary
from ...describe.words import Speaker, in_one_language, money_format
from ...editions import packaged_id
from ...engine.edition import Edition
from ...engine.game import Game
from ...render.svg import KIND_LABEL, board_svg, square_geometry
from ...rules import get_ruleset


def _round(values: Any) -> Any:
    return None if values is None else [round(v, 1) for v in values]


@lru_cache(maxsize=64)
def board_json(edition: str | None, ruleset: str, lang: str) -> dict[str, Any]:
    """Everything about the board of ``edition`` under ``ruleset`` that does not change in play."""
    rules = get_ruleset(ruleset)
    game = new_game(packaged_id(edition or rules.edition), rules, players=2, seed=1)
    out = board_of(game, lang)
    out["rules"] = {"name": ruleset_name(rules, lang), "summary": summary(rules, lang)}
    return out


def in_words_of(ed: Edition, lang: str) -> Edition:
    """The edition as a reader of ``lang`` reads it, for its picture: the squares', groups' and decks'
    names and the currency in the edition's glosses for ``lang`` (a name with no gloss as printed)."""
    glosses = ed.glosses.get(lang) or {}
    if ed.language == lang or not glosses:
        return ed
    squares = tuple(replace(sq, name=glosses.get(sq.name, sq.name)) for sq in ed.squares)
    currency = replace(ed.currency, format=money_format(ed, lang))
    return replace(ed, name=glosses.get(ed.name, ed.name), squares=squares, currency=currency)


@in_one_language
def board_of(game: Game, lang: str) -> dict[str, Any]:
    ed = game.edition
    w = Speaker(game, lang)
    shown = in_words_of(ed, lang)
    geometry = square_geometry(ed, token_rows=True)
    squares = []
    for sq, g in zip(ed.squares, geometry, strict=False):
        group = ed.groups.get(sq.group) if sq.group else None
        squares.append(
            {
                "index": sq.index,
                "name": shown.squares[sq.index].name,
                "title": str(w.square(sq.index, quoted=False)),
                "kind": sq.kind,
                "group": sq.group,
                "color": group.color if group is not None else None,
                "price": w.money(sq.price) if sq.is_property else None,
                "property": sq.is_property,
                "box": _round(g["box"]),
                "side": g["side"],
                "band": _round(g["band"]),
                "tokens": _round(g["tokens"]),
                # the area for its words, and its kind's mark ("?", "$"...): the picture leaves the mark
                # out where the square is too shallow for it (the side columns); board.js places it there
                "text": _round(g["text"]),
                "mark": KIND_LABEL.get(sq.kind),
            }
        )
    groups = [
        {"id": gid, "name": str(w.named(g.name, quoted=False)), "color": g.color, "squares": list(g.squares)}
        for gid, g in ed.groups.items()
    ]
    return {
        "edition": ed.id,
        "name": shown.name,
        "language": ed.language,
        "size": max(g["box"][0] + g["box"][2] for g in geometry),
        "squares": squares,
        "groups": groups,
        "words": {"house": w.word("house"), "hotel": w.word("hotel")},
        "decks": {d.id: str(w.named(d.name, quoted=False)) for d in ed.decks.values()},
        "mechanics": act_mechanics(game.rules, lang, w.money),  # the variant's own free acts explained
        "currency": {"format": money_format(ed, lang), "scale": ed.currency.scale},
        "svg": board_svg(shown, token_rows=True),
    }


@in_one_language
def card_json(game: Game, sq: int, lang: str) -> dict[str, Any]:
    """A square's card now: a property's prices, rent table (the rent that applies marked), mortgage
    and owner; any other square its name."""
    w = Speaker(game, lang)
    if not game.edition.squares[sq].is_property:
        return {"square": sq, "title": str(w.square(sq, quoted=False)), "kind": game.edition.squares[sq].kind}
    card = property_card(game, sq, lang, w)
    return {
        "square": sq,
        "title": card.title,
        "kind": card.kind,
        "kind_label": card.kind_label,
        "color": card.color,
        "group": card.group,
        "rows": [{"label": r.label, "value": r.value, "current": r.current} for r in card.rows],
        "owner": card.owner,
        "group_owners": list(card.group_owners),
        "notes": list(card.notes),
    }
