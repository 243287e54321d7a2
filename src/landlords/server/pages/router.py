"""The pages and the JSON they read besides the WebSocket.

``/`` is the lobby, ``/g/CODE`` a table (join, play or watch). The JSON: ``/api/web/meta`` (what a
game can be made of), ``/api/web/words/LANG`` (the page's words, from the catalogs),
``/api/web/board`` (an edition's board), ``/api/games/CODE/card/SQ`` (a square's card now) and
``/api/games/CODE/trade`` (whom the seat may offer a trade and which lots may change hands: the
rules the terminal's menu uses too, :mod:`landlords.describe.offers`). Nothing here changes a game: every act goes
over the socket.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import HTMLResponse

from ...bots import known_names
from ...describe.labels import deck_name
from ...describe.offers import lots_to_offer, trade_partners
from ...describe.rulesets import ruleset_name, summary
from ...editions import edition_names, load_edition, packaged_id
from ...editions.choice import board_for
from ...engine.errors import LandlordsError
from ...i18n import LANGUAGES, catalog, tr
from ...rules import get_ruleset, ruleset_names
from ..access import CreateGame, SeatToken, bearer, table_or_404
from ..contract import GAME, EditionId, Language, RulesetId, largest_board, problems
from . import STATIC, with_versions
from .board import board_json, card_json

router = APIRouter()
# a square's number: below the largest board's size (the game's own board may be smaller: 422 then)
Square = Annotated[int, Path(ge=0, lt=largest_board(), description="the square's number on the board")]
NO_CACHE = {"Cache-Control": "no-cache"}
# the catalog sections the page reads: its own words, and the terminal's where they are the same
WORD_SECTIONS = ("web.", "ui.", "ruleset.name.", "end.", "menu.", "type.", "advice.", "lobby.", "strategy.")
# a variant's own wording, read first by the page's t() (words.js setVariant): odessa.menu.build
VARIANT_SECTIONS = ("menu.", "type.", "web.bank", "ui.in_jail", "ui.jail_card")
HIDDEN_OPTIONS = {"id", "description", "edition", "sources", "variant"}
# the lobby's table options the create form offers (besides seats, timer and privacy), described by
# the lobby's own model (CreateGame): its type, default and bounds; the page's words are web.option.*
LOBBY_OPTIONS = (
    "budget_minutes",
    "absent_bot",
    "absent_seconds",
    "autostart",
    "auto_claim_people",
    "claim_seconds",
)


def lobby_options() -> list[dict[str, Any]]:
    """Each option as a form needs it: ``name``, ``type`` (boolean or number), ``default`` and, for a
    number, its bounds (``above``: greater than it; ``max``: at most), from the lobby's JSON schema."""
    props = CreateGame.model_json_schema()["properties"]
    out = []
    for name in LOBBY_OPTIONS:
        spec = props[name]
        kinds = [spec] + spec.get("anyOf", [])
        typed = next(k for k in kinds if k.get("type") in ("boolean", "number", "integer"))
        item: dict[str, Any] = {"name": name, "type": typed["type"], "default": spec.get("default")}
        for key, ours in (("exclusiveMinimum", "above"), ("minimum", "min"), ("maximum", "max")):
            if key in typed:
                item[ours] = typed[key]
        out.append(item)
    return out


def edition_title(edition: str, lang: str) -> str:
    """An edition's name as a reader of ``lang`` reads it: its gloss, where the edition has one."""
    ed = load_edition(edition)
    return ed.gloss(lang, ed.name)


def page_html(name: str) -> str:
    """The page ``static/NAME.html`` as served: its own head lines (up to its ``<body``) and its body,
    in the frame every page shares (``static/page.html``: doctype, charset, viewport, the common
    stylesheet). Read at each request, as the static files are."""
    frame = (STATIC / "page.html").read_text(encoding="utf-8")
    own = (STATIC / f"{name}.html").read_text(encoding="utf-8")
    head, body_tag, body = own.partition("<body")
    html = frame.replace("<!-- the page's own head -->\n", head).replace(
        "<!-- the page's body -->\n", body_tag + body
    )
    return with_versions(html)  # assets kept a year under their content's hash (pages/__init__.py)


def page(name: str) -> HTMLResponse:
    return HTMLResponse(page_html(name), headers=NO_CACHE)


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise HTTPException(422, f"lang must be one of {', '.join(LANGUAGES)}")
    return lang


@router.get("/", include_in_schema=False)
async def lobby_page() -> HTMLResponse:
    return page("lobby")


@router.get("/g/{code}", include_in_schema=False)
async def table_page(code: str) -> HTMLResponse:
    return page("table")


@router.get(
    "/api/web/meta",
    summary="What a game can be made of: editions, rulesets, bots, options",
    responses=problems(422),
)
async def meta(request: Request, lang: Language = "en") -> dict[str, Any]:
    check_lang(lang)
    rulesets = []
    for rid in ruleset_names():
        rules = get_ruleset(rid)
        options = {f.name: getattr(rules, f.name) for f in fields(rules) if f.name not in HIDDEN_OPTIONS}
        rulesets.append(
            {
                "id": rid,
                "name": ruleset_name(rules, lang),
                "edition": rules.edition,
                "board": board_for(rules, lang),  # the default board in this language, as in the terminal
                "summary": summary(rules, lang),
                "options": options,
            }
        )
    editions = [{"id": e, "name": edition_title(e, lang)} for e in edition_names()]
    return {
        "languages": list(LANGUAGES),
        "editions": editions,
        "rulesets": rulesets,
        "strategies": [s for s in known_names(strangers=True) if s != "random"] + ["random"],
        "lobby_options": lobby_options(),
        "testing": bool(request.app.state.server.testing),
    }


@router.get(
    "/api/web/words/{lang}",
    summary="The page's words in one language (from the catalogs)",
    responses=problems(422),
)
async def words(lang: Language) -> dict[str, str]:
    check_lang(lang)
    english, own = catalog("en"), catalog(lang)
    return {
        k: own.get(k, v)
        for k, v in english.items()
        if k.startswith(WORD_SECTIONS) or k.partition(".")[2].startswith(VARIANT_SECTIONS)
    }


@router.get(
    "/api/web/board",
    summary="An edition's board: picture, squares' geometry, names, prices",
    responses=problems(422),
)
async def board(
    ruleset: RulesetId = "hasbro-ru", edition: EditionId | None = None, lang: Language = "en"
) -> dict[str, Any]:
    check_lang(lang)
    try:
        if edition is not None:  # "" too: not an edition's id (the schema lists them)
            packaged_id(edition)
        return board_json(edition, ruleset, lang)
    except LandlordsError as exc:
        raise HTTPException(422, str(exc)) from None


@router.get(
    "/api/games/{code}/card/{square}",
    summary="A square's card now: prices, rents, mortgage, owner",
    responses=problems(422, *GAME),
)
async def card(code: str, square: Square, request: Request, lang: Language = "en") -> dict[str, Any]:
    check_lang(lang)
    table = await table_or_404(request, code)
    game = table.game
    if game is None:
        raise HTTPException(409, "the game has not started yet")
    if not 0 <= square < game.size:
        raise HTTPException(422, f"square must be from 0 to {game.size - 1}")
    return card_json(game, square, lang)


@router.get(
    "/api/games/{code}/trade",
    summary="The trade composer's options for the seat of the token",
    responses=problems(401, 403, 422, *GAME),
)
async def trade(code: str, request: Request, authorization: SeatToken, lang: Language = "en") -> dict[str, Any]:
    """Whom the seat may send an offer to now, and for each partner the lots either side may give
    and the jail cards each holds (empty ``partners``: no offers at this moment)."""
    check_lang(lang)
    table = await table_or_404(request, code)
    seat = table.seat_for(bearer(authorization))
    if seat is None:
        raise HTTPException(403, "this token holds no seat at this game")
    game = table.game
    if game is None:
        return {"seat": seat, "partners": []}
    partners = []
    for q in trade_partners(game, seat):
        partners.append(
            {
                "seat": q,
                "give": lots_to_offer(game, seat, q, seat),
                "take": lots_to_offer(game, seat, q, q),
            }
        )
    cards = {str(p): [{"deck": d, "name": deck_name(game, d)} for d in game.jail_cards[p]] for p in range(game.n)}
    return {
        "seat": seat,
        "partners": partners,
        "cards": cards,
        "cash": list(game.cash),
        "jail_card": tr(lang, "ui.jail_card", deck="{deck}"),
    }
