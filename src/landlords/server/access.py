"""What the lobby's routes, the advice route and the pages share: the body that creates a game, the
bearer token of a request, and the table a request names (404 when there is none).

The pages (:mod:`.pages`) import this module and nothing of the lobby's or the app's, so the app can
include their router without an import circle.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Depends, Request
from pydantic import BaseModel, Field, Strict, WithJsonSchema

from ..rules import RULESETS
from .contract import HOST_SCHEME, SEAT_SCHEME, Credentials, EditionId, Language, RulesetId
from .refusals import Refusal
from .table import Table

# the seats a game may have under some ruleset (the schema says so; each ruleset's own range is checked)
FEWEST_SEATS = min(r.min_players for r in RULESETS.values())
MOST_SEATS = max(r.max_players for r in RULESETS.values())
MIN_DECISION_SECONDS = 5.0  # a timer shorter than this would leave a person no time to act


# A new game's numbers and switches are what their schema says and nothing looser: no `false` for a number,
# no `"yes"` for a switch (pydantic's lax mode took them: Schemathesis found such bodies accepted). An
# integer stays lax: JSON Schema counts 10.0 as an integer.
Number = Annotated[float, Strict()]
Switch = Annotated[bool, Strict()]
# a decision's timer as the schema says it: none, 0 (no timer) or 5 s to an hour
TIMER = {
    "anyOf": [
        {"type": "number", "minimum": MIN_DECISION_SECONDS, "maximum": 3600},
        {"type": "number", "enum": [0]},
        {"type": "null"},
    ]
}


class SeatSpec(BaseModel):
    kind: Literal["person", "bot"] = "person"
    strategy: str | None = Field(None, description="bot strategy spec, e.g. advisor or trader:reserve=200")


class CreateGame(BaseModel):
    edition: EditionId | None = Field(
        None,
        description="edition id (default: the board of lang where the rules fit any board, else the rules' own)",
    )
    lang: Language | None = Field(None, description="the creator's language (en, ru, pl): picks the default board")
    ruleset: RulesetId = "hasbro-ru"
    rules: dict[str, str | int | float | bool] = Field(default_factory=dict, description="house rules")
    seats: list[SeatSpec] = Field(
        default_factory=lambda: [SeatSpec(), SeatSpec()], min_length=FEWEST_SEATS, max_length=MOST_SEATS
    )
    name: str | None = Field(None, description="the creator's display name: takes the first person seat")
    private: Switch = Field(False, description="left out of the list of open games (join by code or link)")
    decision_seconds: Annotated[Number | None, WithJsonSchema(TIMER)] = Field(
        None,
        ge=0,
        le=3600,
        description=f"seconds per decision, after which a bot moves (0 or none: no timer; else at least "
        f"{MIN_DECISION_SECONDS:g})",
    )
    budget_minutes: Number | None = Field(None, gt=0, le=600, description="each person's time budget")
    bot_pause: Number = Field(0.7, ge=0, le=10, description="seconds a bot waits before it acts")
    absent_bot: Switch = Field(
        True, description="a stand-in bot plays an absent person's seat after absent_seconds, till they return"
    )
    absent_seconds: Number = Field(
        60, ge=10, le=600, description="seconds a disconnected person has to come back before a stand-in bot plays"
    )
    autostart: Switch = Field(True, description="start as soon as every seat is taken")
    auto_claim_people: Switch = Field(
        False,
        description="people's rent is claimed for them (off: where the rules say rent is claimed before the next "
        "roll, people claim it themselves, and a bot's roll waits claim_seconds for them)",
    )
    claim_seconds: Number = Field(
        6, ge=0, le=30, description="seconds a bot's roll waits for a person's open rent claim (0: no wait)"
    )
    # test settings, accepted only by a server started with testing=True
    seed: int | None = Field(None, description="test servers only")
    dice: list[list[int]] | None = Field(None, description="test servers only: the first rolls")
    first_player: int | None = Field(None, description="test servers only")


# A route's token, read from ``Authorization: Bearer TOKEN`` and declared in the schema as the seat's or
# the host's security scheme; None without one (the route says 401 where it needs it: :func:`bearer`)
SeatToken = Annotated[Credentials, Depends(SEAT_SCHEME)]
HostToken = Annotated[Credentials, Depends(HOST_SCHEME)]


def bearer(credentials: Credentials) -> str:
    if credentials is None or not credentials.credentials.strip():
        raise Refusal(401, "token_needed", headers={"WWW-Authenticate": "Bearer"})
    return credentials.credentials.strip()


def server_of(request: Request) -> Any:
    return request.app.state.server


async def table_or_404(request: Request, code: str) -> Table:
    table = await server_of(request).table(code.upper())
    if table is None:
        raise Refusal(404, "no_game", code=code[:20])
    return table
