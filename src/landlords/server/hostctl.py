"""The host's controls in play (issue 29), each with the host token (``Authorization: Bearer
HOST_TOKEN``): a stand-in bot for a seat until its person returns, a person removed (their seat a
bot's for good), the game paused and resumed. A seat token, a wrong token or none is refused (403,
401); a seat that is not a person's, or a game not in play, 409."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request

from ..engine.errors import IllegalAction
from .access import HostToken, table_or_404
from .contract import GAME, Credentials, problems
from .lobby import GameInfo, host_only
from .table import Table

router = APIRouter(prefix="/api", responses=problems(401, 403, 422, *GAME))
SeatNumber = Annotated[int, Path(ge=0, le=7, description="the seat (0-7)")]


async def hosted(request: Request, code: str, authorization: Credentials) -> Table:
    table = await table_or_404(request, code)
    host_only(table, authorization)
    return table


def conflict(exc: IllegalAction) -> HTTPException:
    return HTTPException(409, exc.reason)


@router.post("/games/{code}/seats/{seat}/standin", response_model=GameInfo, summary="A stand-in bot (host only)")
async def standin(code: str, seat: SeatNumber, request: Request, authorization: HostToken) -> dict[str, Any]:
    """A stand-in bot plays the person's seat now, until they come back with their token."""
    table = await hosted(request, code, authorization)
    try:
        await table.host_standin(seat)
    except IllegalAction as exc:
        raise conflict(exc) from None
    return table.summary()


@router.post("/games/{code}/seats/{seat}/remove", response_model=GameInfo, summary="Remove a person (host only)")
async def remove(code: str, seat: SeatNumber, request: Request, authorization: HostToken) -> dict[str, Any]:
    """The person's seat is a bot's for good; their token holds no seat any more (their page watches)."""
    table = await hosted(request, code, authorization)
    try:
        await table.host_remove(seat)
    except IllegalAction as exc:
        raise conflict(exc) from None
    return table.summary()


@router.post("/games/{code}/pause", response_model=GameInfo, summary="Pause the game (host only)")
async def pause(code: str, request: Request, authorization: HostToken) -> dict:
    """Nobody acts, no bot moves and no clock runs until the host resumes (at most 15 minutes)."""
    table = await hosted(request, code, authorization)
    try:
        await table.host_pause(True)
    except IllegalAction as exc:
        raise conflict(exc) from None
    return table.summary()


@router.post("/games/{code}/resume", response_model=GameInfo, summary="Resume a paused game (host only)")
async def resume(code: str, request: Request, authorization: HostToken) -> dict:
    table = await hosted(request, code, authorization)
    try:
        await table.host_pause(False)
    except IllegalAction as exc:
        raise conflict(exc) from None
    return table.summary()
