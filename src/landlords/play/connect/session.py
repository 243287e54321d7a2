"""Sitting down at a server's table: find the game, then resume the seat saved on this machine, take
a seat with a name, or watch. Every way this can fail is one line naming what is wrong."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass

import httpx

from ...client import Lobby, ServerError
from ...engine.errors import ConfigError
from ...i18n import tr
from ...names import check_name
from .address import server_and_game
from .link import Refused
from .seats import SavedSeat, SeatStore


@dataclass
class Sitting:
    base_url: str
    code: str
    token: str | None  # None: watching
    seat: SavedSeat | None
    store: SeatStore
    command: str  # what resumes this seat (or watches again)


def game_info(lobby: Lobby, code: str) -> dict:
    try:
        return lobby.info(code)
    except ServerError as exc:
        if exc.status == 404:
            raise ConfigError(f"there is no game {code} at {lobby.base} (check the code)") from None
        raise ConfigError(f"the server refused: {exc.detail}") from None


def unreachable(base_url: str, exc: Exception) -> ConfigError:
    if isinstance(exc, TimeoutError | httpx.TimeoutException):
        return ConfigError(f"cannot reach the server at {base_url}: no answer in time")
    why = re.sub(r"^\[Errno -?\d+\]\s*", "", str(exc)).lower() or type(exc).__name__
    if isinstance(exc, json.JSONDecodeError):  # an answer that is not the lobby's JSON
        return ConfigError(f"{base_url} does not answer like a landlords server (is it `landlords serve`?)")
    return ConfigError(f"cannot reach the server at {base_url}: {why}")


def sit_down(url: str, code: str | None, name: str | None, seat: int | None, watch: bool, lang: str) -> Sitting:
    """Resolve the options into a seat token (or none, to watch): a ConfigError says what is wrong."""
    base, code = server_and_game(url, code)
    if name is not None:
        name = check_name(name, "--name")
    store = SeatStore(base, code)
    command = f"landlords play --connect {shlex.quote(base)} --game {code}"
    lobby = Lobby(base, timeout=10)
    try:
        try:
            info = game_info(lobby, code)
        except ConfigError:
            raise
        except (httpx.HTTPError, json.JSONDecodeError) as exc:
            raise unreachable(base, exc) from None
        if watch:
            return Sitting(base, code, None, None, store, command + " --watch")
        saved = store.find(name)
        if saved is not None:
            if seat is not None and saved.seat != seat - 1:
                raise ConfigError(
                    f"you hold seat {saved.seat + 1} ({saved.name}) at game {code}: leave --seat out to resume it"
                )
            if len(store.load()) > 1:
                command += f" --name {shlex.quote(saved.name)}"
            return Sitting(base, code, saved.token, saved, store, command)
        if info.get("status") != "lobby":
            raise ConfigError(
                f"game {code} has started and you hold no seat there on this machine: watch it with --watch"
            )
        seats = info.get("seats") or []
        if seat is not None and not 1 <= seat <= len(seats):
            raise ConfigError(f"--seat {seat}: game {code} has seats 1 to {len(seats)}")
        name = name or tr(lang, "ui.default_person")
        try:
            joined = lobby.join(code, name, None if seat is None else seat - 1)
        except ServerError as exc:
            raise join_refused(exc, code, name, seat, seats) from None
        except (httpx.HTTPError, json.JSONDecodeError) as exc:
            raise unreachable(base, exc) from None
        mine = SavedSeat(int(joined["seat"]), name, str(joined["token"]))
        store.save(mine)
        if len(store.load()) > 1:
            command += f" --name {shlex.quote(name)}"
        return Sitting(base, code, mine.token, mine, store, command)
    finally:
        lobby.close()


def join_refused(exc: ServerError, code: str, name: str, seat: int | None, seats: list[dict]) -> ConfigError:
    detail = exc.detail or ""
    if exc.status == 409 and "taken" in detail and "name" in detail:
        return ConfigError(f"the name {name!r} is taken at game {code}: choose another with --name")
    if exc.status == 409 and "no open seat" in detail:
        return ConfigError(f"game {code} is full: watch it with --watch")
    if exc.status == 409 and seat is not None and "not open" in detail:
        free = [str(s["seat"] + 1) for s in seats if s.get("kind") == "open"]
        where = f"open seats: {', '.join(free)}" if free else "no seat is open"
        return ConfigError(f"seat {seat} of game {code} is taken ({where})")
    if exc.status == 409:
        return ConfigError(f"game {code}: {detail} (watch it with --watch)")
    if exc.status == 404:
        return ConfigError(f"there is no game {code} any more")
    return ConfigError(f"the server refused the seat: {detail}")


def refused_hello(exc: Refused, sitting: Sitting) -> ConfigError:
    """The WebSocket's hello was refused: a saved seat that is no longer ours is forgotten."""
    if exc.code == "bad_token" and sitting.seat is not None:
        sitting.store.forget(sitting.seat.seat)
        return ConfigError(
            f"the seat saved for game {sitting.code} is no longer yours (it was given up): "
            "watch with --watch, or join another game"
        )
    if exc.code == "no_game":
        return ConfigError(f"there is no game {sitting.code} any more")
    return ConfigError(f"the server refused: {exc}")
