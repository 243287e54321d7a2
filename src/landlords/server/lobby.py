"""The lobby: an HTTP JSON API (its OpenAPI schema is at ``/openapi.json``, the docs at ``/docs``)
to create a game, list open ones, join a seat, leave, fill seats with bots, start, ask for a
rematch, read the log in words and export a finished game's record.

A seat token is returned once, when the seat is taken; the server keeps only its hash. Requests that
need one carry it in the ``Authorization: Bearer`` header (never in a URL: URLs end up in logs).
"""

from __future__ import annotations

import secrets
from dataclasses import fields
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from .. import new_game
from .. import record as records
from ..bots import parse_strategy
from ..editions import packaged_id
from ..editions.choice import board_for
from ..engine.errors import ConfigError, LandlordsError
from ..engine.keyed import new_key
from ..engine.ruleset import Ruleset
from ..i18n import LANGUAGES
from ..i18n.bot_names import bot_name
from ..names import MAX_NAME, look_alike_key
from ..names import check_name as check_player_name
from ..rules import get_ruleset
from . import views
from .access import MIN_DECISION_SECONDS, CreateGame, HostToken, SeatToken, bearer, server_of, table_or_404
from .contract import BODY, GAME, Credentials, Language, problems
from .limits import check as per_address
from .refusals import Refusal
from .storage import SeatRow
from .table import Table, token_hash
from .worker import EXPENSIVE, in_worker

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud
# A public game's code is listed anyway; a private game's code is its only protection, so it is long
# enough that guessing is hopeless: 12 letters of 32 are 60 bits (at a thousand guesses a second
# against a thousand private games, one found in about 36,000 years on average)
CODE_LENGTH = 6
PRIVATE_CODE_LENGTH = 12

router = APIRouter(prefix="/api")
# a ruleset's own fields, which house rules from a client never change (``edition`` would name a file)
FIXED_OPTIONS = frozenset(f.name for f in fields(Ruleset)) - {f.name for f in Ruleset.options()}


class Created(BaseModel):
    code: str
    link: str
    host_token: str
    seat: int | None = None
    token: str | None = None


class JoinGame(BaseModel):
    name: str = Field(..., min_length=1, max_length=32)
    seat: int | None = Field(None, description="a particular open seat (default: the first open one)")


class Joined(BaseModel):
    code: str
    seat: int
    token: str


class StartGame(BaseModel):
    fill_bots: str | None = Field(None, description="fill every open seat with this bot strategy first")


class AddBots(BaseModel):
    strategy: str = "advisor"
    seat: int | None = Field(None, description="one seat (default: every open seat)")


class SeatInfo(BaseModel):
    seat: int
    name: str | None
    kind: str
    strategy: str | None
    connected: bool
    bankrupt: bool
    standin: bool = Field(False, description="a stand-in bot plays the absent person's seat now")
    away_at: float | None = Field(None, description="when the absent person left (epoch seconds)")
    standin_at: float | None = Field(None, description="when a stand-in bot will play their seat (epoch seconds)")


class GameInfo(BaseModel):
    code: str
    status: str
    edition: str
    ruleset: str
    rules: dict[str, Any]
    private: bool
    decision_seconds: float | None
    budget_minutes: float | None
    seats: list[SeatInfo]
    version: int
    rematch: str | None
    winner: int | None
    paused: dict[str, float] | None = Field(None, description="paused by the host: until (epoch seconds)")


class Log(BaseModel):
    code: str
    lang: str
    lines: list[str]


def new_token() -> str:
    return secrets.token_urlsafe(24)


def check_name(name: str, table: Table | None = None) -> str:
    """A display name as every front end can show it (plain text, at most 32 characters, no control
    or format characters), and not one taken at the table (ignoring case and look-alike letters)."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal(422, "name_empty")
    if len(name.strip()) > MAX_NAME:
        raise Refusal(422, "name_long", limit=MAX_NAME)
    try:
        name = check_player_name(name, "the name")
    except ConfigError as exc:
        raise Refusal(422, "name_bad", reason=str(exc)) from None
    key = look_alike_key(name)
    taken = [s.name for s in table.seats if s.kind != "open" and s.name] if table is not None else []
    for other in taken:
        if look_alike_key(other) == key:
            if other.casefold() == name.casefold():
                raise Refusal(409, "name_taken", name=name)
            raise Refusal(409, "name_taken_like", name=name, other=other)
    return name


def check_strategy(spec: str) -> str:
    """A registered strategy safe for strangers, with parameters it declares (``advisor``,
    ``trader:reserve=200``), else 422 with the reason. Nothing is imported, built or read here."""
    try:
        parse_strategy(spec, strangers=True)
    except LandlordsError as exc:
        raise Refusal(422, "bad_strategy", reason=str(exc)) from None
    return spec


def check_settings(body: CreateGame, testing: bool) -> None:
    """Everything a game will be built from, checked now (one clear line for each mistake)."""
    if not testing and (body.seed is not None or body.dice is not None or body.first_player is not None):
        raise Refusal(422, "test_settings")
    if body.decision_seconds and body.decision_seconds < MIN_DECISION_SECONDS:
        raise Refusal(422, "decision_seconds", least=f"{MIN_DECISION_SECONDS:g}", got=f"{body.decision_seconds:g}")
    if body.lang is not None and body.lang not in LANGUAGES:
        raise Refusal(422, "lang", asked=body.lang[:10], choices=", ".join(LANGUAGES))
    fixed = sorted(FIXED_OPTIONS & body.rules.keys())
    if fixed:
        raise Refusal(422, "fixed_rules", rules=", ".join(fixed))
    try:
        for s in body.seats:
            if s.kind == "bot":
                parse_strategy(s.strategy or "advisor", strangers=True)
            elif s.strategy:
                raise ConfigError("a person's seat has no strategy")
        rules = get_ruleset(body.ruleset, body.rules)
        new_game(
            chosen_board(body),
            rules,
            players=len(body.seats),
            seed=1,
            dice=[tuple(r) for r in body.dice or ()],
            first_player=body.first_player,
        )
    except (LandlordsError, ValueError, TypeError) as exc:
        raise Refusal(422, "bad_settings", reason=str(exc)) from None


def chosen_board(body: CreateGame) -> str:
    """The game's board: the one asked for; else, as in the terminal (:func:`.editions.choice.board_for`),
    the board of the creator's language where the rules fit any board, else the rules' own. Always a
    packaged edition's id: a client never names a file (:class:`EditionError` otherwise)."""
    if body.edition is not None:  # "" too: not an edition's id
        return packaged_id(body.edition)
    return packaged_id(board_for(get_ruleset(body.ruleset, body.rules), body.lang or ""))


@router.post(
    "/games", response_model=Created, status_code=201, summary="Create a game", responses=problems(*BODY, 429, 503)
)
async def create_game(body: CreateGame, request: Request) -> Created:
    server = server_of(request)
    room_for_one_more(request)
    check_settings(body, server.testing)
    name = check_name(body.name) if body.name is not None else None
    settings = body.model_dump(exclude={"name", "seed", "lang"})
    settings["edition"] = chosen_board(body)
    settings["seats"] = [s.model_dump() for s in body.seats]
    settings["decision_seconds"] = body.decision_seconds or None  # 0: no timer, as the lobby page says
    seed, key = (body.seed, None) if body.seed is not None else (0, new_key())
    host = new_token()
    seat_rows = [
        SeatRow(i, None, "bot", s.strategy or "advisor", None)
        if s.kind == "bot"
        else SeatRow(i, None, "open", None, None)
        for i, s in enumerate(body.seats)
    ]
    for row in seat_rows:
        if row.kind == "bot":
            row.name = bot_name(settings["edition"], row.seat + 1)
    seat, token = None, None
    if name is not None:
        free = [r for r in seat_rows if r.kind == "open"]
        if free:
            token = new_token()
            free[0].kind, free[0].name, free[0].token_hash = "person", name, token_hash(token)
            seat = free[0].seat
    table = await server.create(settings, seed, token_hash(host), seat_rows, key)
    if table.status == "lobby" and body.autostart and all(s.kind != "open" for s in table.seats):
        await table.start()
    link = str(request.base_url) + f"g/{table.code}"
    return Created(code=table.code, link=link, host_token=host, seat=seat, token=token)


def room_for_one_more(request: Request) -> None:
    """A new game: 429 with Retry-After past the address's games per minute or the lobby's size."""
    server = server_of(request)
    per_address(request, "games", "too many games created from your address: try again later")
    if server.lobby_games() >= server.limits.max_lobby_games:
        raise Refusal(429, "lobby_full", headers={"Retry-After": "60"})


@router.get(
    "/games",
    response_model=list[GameInfo],
    summary="Open public games (waiting for players)",
    responses=problems(422),
)
async def list_games(
    request: Request,
    offset: Annotated[int, Query(ge=0, description="games to skip (newest first)")] = 0,
    limit: Annotated[int | None, Query(ge=1, description="at most this many (and the server's cap)")] = None,
) -> list[dict[str, Any]]:
    server = server_of(request)
    most = min(limit or server.limits.list_games, server.limits.list_games)
    open_games = [
        t
        for t in reversed(server.tables.values())
        if t.status == "lobby" and not t.settings.get("private") and any(s.kind == "open" for s in t.seats)
    ]
    return [t.summary() for t in open_games[offset : offset + most]]


@router.get(
    "/games/{code}",
    response_model=GameInfo,
    summary="One game: its settings, seats and status",
    responses=problems(*GAME),
)
async def game_info(code: str, request: Request) -> dict[str, Any]:
    return (await table_or_404(request, code)).summary()


@router.post(
    "/games/{code}/join",
    response_model=Joined,
    summary="Take a seat with a display name",
    responses=problems(*BODY, *GAME),
)
async def join(code: str, body: JoinGame, request: Request) -> Joined:
    table = await table_or_404(request, code)
    async with table.lock:
        if table.status != "lobby":
            raise Refusal(409, "started")
        name = check_name(body.name, table)
        free = [s for s in table.seats if s.kind == "open" and (body.seat is None or s.seat == body.seat)]
        if not free:
            raise (
                Refusal(409, "no_open_seat")
                if body.seat is None
                else Refusal(409, "seat_not_open", seat=body.seat)
            )
        s = free[0]
        token = new_token()
        s.kind, s.name, s.token_hash = "person", name, token_hash(token)
        await server_of(request).storage.save_seat(table.row.id, s.row())
    await maybe_start(table)
    table.broadcast([])
    return Joined(code=table.code, seat=s.seat, token=token)


async def maybe_start(table: Table) -> None:
    if table.status == "lobby" and table.settings.get("autostart", True):
        async with table.lock:
            if table.status == "lobby" and all(s.kind != "open" for s in table.seats):
                await table.start()
        table.kick()


@router.post(
    "/games/{code}/leave",
    response_model=GameInfo,
    summary="Give up one's seat",
    responses=problems(401, 403, *GAME),
)
async def leave(code: str, request: Request, authorization: SeatToken) -> dict:
    """In the lobby the seat opens again; in a game, a bot plays the seat from now on."""
    table = await table_or_404(request, code)
    seat = table.seat_for(bearer(authorization))
    if seat is None:
        raise Refusal(403, "no_seat")
    async with table.lock:
        s = table.seats[seat]
        if table.status == "lobby":
            s.kind, s.name, s.strategy = "open", None, None
        else:
            s.kind, s.strategy = "bot", "advisor"
        s.token_hash = None
        await server_of(request).storage.save_seat(table.row.id, s.row())
        for conn in list(s.connections):
            conn.seat = None  # the connection stays, as a spectator
        s.connections.clear()
    table.broadcast([])
    table.kick()
    return table.summary()


@router.post(
    "/games/{code}/bots",
    response_model=GameInfo,
    summary="Seat bots (host only)",
    responses=problems(*BODY, 401, 403, *GAME),
)
async def add_bots(code: str, request: Request, authorization: HostToken, body: AddBots | None = None) -> dict:
    table = await table_or_404(request, code)
    host_only(table, authorization)
    body = body or AddBots()
    check_strategy(body.strategy)
    async with table.lock:
        if table.status != "lobby":
            raise Refusal(409, "bots_before_start")
        await fill(table, body.strategy, body.seat, request)
    await maybe_start(table)
    table.broadcast([])
    return table.summary()


async def fill(table: Table, strategy: str, only: int | None, request: Request) -> None:
    for s in table.seats:
        if s.kind == "open" and (only is None or s.seat == only):
            s.kind, s.strategy, s.name = "bot", strategy, bot_name(table.settings["edition"], s.seat + 1)
            await server_of(request).storage.save_seat(table.row.id, s.row())


def host_only(table: Table, authorization: Credentials) -> None:
    if not table.is_host(bearer(authorization)):
        raise Refusal(403, "host_only")


@router.post(
    "/games/{code}/start",
    response_model=GameInfo,
    summary="Start now (host only)",
    responses=problems(*BODY, 401, 403, *GAME),
)
async def start(code: str, request: Request, authorization: HostToken, body: StartGame | None = None) -> dict:
    table = await table_or_404(request, code)
    host_only(table, authorization)
    body = body or StartGame()  # nothing in it is required: no body at all is fine
    if body.fill_bots:
        check_strategy(body.fill_bots)
    async with table.lock:
        if table.status != "lobby":
            raise Refusal(409, "started_already")
        if body.fill_bots:
            await fill(table, body.fill_bots, None, request)
        if any(s.kind == "open" for s in table.seats):
            raise Refusal(409, "seats_open")
        await table.start()
    table.kick()
    return table.summary()


@router.post(
    "/games/{code}/rematch",
    response_model=Created,
    status_code=201,
    summary="A new game, same table",
    responses=problems(401, 403, *GAME),
)
async def rematch(code: str, request: Request, authorization: HostToken) -> Created:
    """Same settings and bots; the people's seats are open for them to join again (the clients at the
    old table see the new code in their next update)."""
    server = server_of(request)
    table = await table_or_404(request, code)
    host_only(table, authorization)
    if table.status != "finished":
        raise Refusal(409, "rematch_after_end")
    if table.row.rematch:
        raise Refusal(409, "rematch_is", code=table.row.rematch)
    settings = dict(table.settings)
    settings.pop("dice", None)
    settings.pop("first_player", None)
    host = new_token()
    seat_rows = [
        SeatRow(s.seat, s.name, "bot", s.strategy, None)
        if s.kind == "bot"
        else SeatRow(s.seat, None, "open", None, None)
        for s in table.seats
    ]
    new = await server.create(settings, 0, token_hash(host), seat_rows, new_key())
    table.row.rematch = new.code
    await server.storage.set_status(table.row.id, rematch=new.code)
    table.broadcast([])
    return Created(code=new.code, link=str(request.base_url) + f"g/{new.code}", host_token=host)


@router.get(
    "/games/{code}/log",
    response_model=Log,
    summary="The game's event log in words",
    responses=problems(422, 429, *GAME),
)
async def event_log(code: str, request: Request, lang: Language = "en", start: int = 0) -> Log:
    per_address(request, "expensive", EXPENSIVE)
    table = await table_or_404(request, code)
    if lang not in LANGUAGES:
        raise Refusal(422, "lang", asked=lang[:10], choices=", ".join(LANGUAGES))
    if table.game is None:
        return Log(code=table.code, lang=lang, lines=[])
    start = max(0, start)
    lines = views.log_lines(table.game, lang, start)
    if lines is None:  # events the game let go of: worded from its record, replayed off the loop
        lines = await in_worker(views.replayed_log_lines, records.to_record(table.game), lang, start)
    return Log(code=table.code, lang=lang, lines=lines)


@router.get(
    "/games/{code}/record",
    summary="A finished game's record (what `landlords replay` reads)",
    responses=problems(429, *GAME),
)
async def export_record(code: str, request: Request) -> dict[str, Any]:
    """Only once the game is over: a record holds the seed, which would tell the dice to come."""
    per_address(request, "expensive", EXPENSIVE)
    table = await table_or_404(request, code)
    if table.status != "finished" or table.game is None:
        raise Refusal(409, "record_at_end")
    return records.to_record(table.game)
