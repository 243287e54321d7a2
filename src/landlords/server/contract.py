"""What the HTTP API promises in its OpenAPI schema (``/openapi.json``), and keeps (issue 31): every
status a route can answer with and its body, one error body (:class:`Problem`) for every 4xx and 5xx,
the values a client may name (editions, rulesets, languages: listed from the registries, so a new
edition is in the schema the day it ships) and the two tokens as security schemes.

The tokens travel as ever, ``Authorization: Bearer TOKEN`` (the pages' ``api.js``, ``landlords play
--connect`` and :mod:`landlords.client` send them so): the schemes only say so in the schema. A route
reads its token lazily (:func:`.access.bearer`), so an unknown game is still a 404 before a missing
token is a 401. ``tests/server/test_openapi_contract.py`` runs Schemathesis over the whole schema."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from ..editions import edition_names
from ..i18n import LANGUAGES
from ..rules import ruleset_names


class Issue(BaseModel):
    """One thing wrong with a request, as the validator found it (``loc``: where, ``msg``: what)."""

    model_config = ConfigDict(extra="allow")  # input, ctx, url: as the validator gives them
    loc: list[str | int]
    msg: str
    type: str


class Problem(BaseModel):
    """Every refusal and failure of the API: ``detail`` in words (a request the validator refused:
    its list of issues), and for a lobby refusal its ``code`` and ``params`` (a client may word it
    itself) and, beside a validator's list, ``message`` in the request's language."""

    detail: str | list[Issue]
    code: str | None = Field(None, description="the refusal's catalog code (lobby.<code>), e.g. name_taken")
    params: dict[str, str | int | float] | None = Field(None, description="the refusal's parameters")
    message: str | None = Field(None, description="beside a list of issues: the refusal in words")


RETRY_AFTER = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer", "minimum": 1}}}
WHY = {
    400: "the body is not UTF-8 JSON text, or is nested too deeply",
    401: "no token: `Authorization: Bearer TOKEN` is needed",
    403: "the token does not allow this (not a seat of this game, not its host, advice is off)",
    404: "no game with this code",
    409: "not now: the game's state does not allow it (or its stored log does not replay)",
    413: "the body is larger than 64 KiB",
    422: "a value is not one the API takes",
    429: "too many requests from the address or seat: come back after Retry-After seconds",
    500: "the advice could not be worked out",
    503: "the database is unavailable: nothing was changed, try again shortly",
}


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that may answer ``statuses``, each with a :class:`Problem`."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in statuses:
        out[status] = {"model": Problem, "description": WHY[status]}
        if status == 429:
            out[status]["headers"] = RETRY_AFTER
    return out


BODY = (400, 413, 422)  # a route that reads a JSON body: the body checks (.bodies) and the validator
GAME = (404, 409, 422, 503)  # a route that names a game: none, a stored log that does not replay, its
# parameters (the validator), the database


def one_of(values: list[str], what: str) -> Any:
    """A string the schema lists the values of (the code refuses any other with its own words, 422)."""
    return WithJsonSchema({"type": "string", "enum": list(values), "description": what})


def largest_board() -> int:
    """The most squares of any packaged edition (a square's number is below it on every board)."""
    from ..editions import load_edition

    return max(load_edition(name).size for name in edition_names())


Language = Annotated[str, one_of(list(LANGUAGES), "a language of the catalogs")]
EditionId = Annotated[str, one_of(edition_names(), "a packaged edition's id (never a file)")]
RulesetId = Annotated[str, one_of(ruleset_names(), "a ruleset's id")]

SEAT_SCHEME = HTTPBearer(
    auto_error=False,
    scheme_name="seatToken",
    description="the seat token the lobby returned when the seat was taken (create with a name, or join)",
)
HOST_SCHEME = HTTPBearer(
    auto_error=False,
    scheme_name="hostToken",
    description="the host token the lobby returned to the game's creator",
)
Credentials = HTTPAuthorizationCredentials | None
TEST_SETTINGS = ("seed", "dice", "first_player")  # a new game's settings only a test server takes


def without_test_settings(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a server that is not a test server: a new game's test settings left out (it
    refuses them, 422 test_settings)."""
    properties = schema.get("components", {}).get("schemas", {}).get("CreateGame", {}).get("properties", {})
    for name in TEST_SETTINGS:
        properties.pop(name, None)
    return schema
