"""Game records: the save file, the bug report and the replay input, as plain JSON.

A record holds what a game was made from (edition, ruleset and house rules, seats, seed, scripted
dice and decks) and every action taken; replaying it reproduces the identical state, checked by
the state hash stored beside it.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .editions import load_edition
from .engine.actions import action_from_json
from .engine.errors import ConfigError, IllegalAction
from .engine.game import Game
from .rules import game_class, get_ruleset

FORMAT = "landlords-record"
VERSION = 1


def to_record(game: Game) -> dict[str, Any]:
    base = get_ruleset(game.rules.id)
    return {
        "format": FORMAT,
        "version": VERSION,
        "edition": game.edition.id,
        "ruleset": game.rules.id,
        "rules": game.rules.differences(base),
        "players": list(game.names),
        "seed": game.seed,
        "setup": game.setup,
        "actions": [[seat, action.to_json()] for seat, action in game.actions],
        "finished_by": game.finished_by,
        "state_hash": game.state_hash(),
    }


def save(game: Game, path: str | os.PathLike) -> None:
    """Write the record atomically: a crash mid-write never destroys the previous save."""
    path = Path(path)
    data = json.dumps(to_record(game), ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def load(path: str | os.PathLike) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the record: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    validate(data, str(path))
    return data


def validate(data: Any, source: str = "record") -> None:
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: a record is a JSON object")
    if data.get("format") != FORMAT:
        raise ConfigError(f"{source}: 'format' must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise ConfigError(f"{source}: unsupported 'version' {data.get('version')!r} (this is version {VERSION})")
    for key, kind in (("edition", str), ("ruleset", str), ("rules", dict), ("players", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise ConfigError(f"{source}: {key!r} is missing or not a {kind.__name__}")
    for i, item in enumerate(data["actions"]):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
            raise ConfigError(f"{source}: actions[{i}] must be [seat, action]")


def new_from_record(data: dict[str, Any], record_events: bool = True) -> Game:
    setup = dict(data.get("setup") or {})
    if "position" in setup:  # a game started from a position (landlords play --position)
        from .position import from_position

        return from_position(setup["position"], record_events=record_events, source="record setup.position")
    rules = get_ruleset(data["ruleset"], data["rules"])
    return game_class(rules)(
        load_edition(data["edition"]),
        rules,
        data["players"],
        data.get("seed"),
        dice=setup.get("dice") or (),
        deck_orders=setup.get("deck_orders") or None,
        first_player=setup.get("first_player"),
        auto_claim=setup.get("auto_claim", True),
        end_turn_prompt=setup.get("end_turn_prompt", True),
        record_events=record_events,
    )


def replay(data: dict[str, Any], upto: int | None = None, check_hash: bool = True) -> Game:
    """Rebuild a game from its record; ``upto`` stops after that many actions."""
    validate(data)
    game = new_from_record(data)
    actions = data["actions"] if upto is None else data["actions"][:upto]
    for i, (seat, raw) in enumerate(actions):
        try:
            game.apply(seat, action_from_json(raw))
        except (IllegalAction, ConfigError) as exc:
            raise ConfigError(f"record action {i} ({raw}) cannot be replayed: {exc}") from None
    if upto is None and data.get("finished_by"):
        game.finish_by_net_worth(str(data["finished_by"]))
    expected = data.get("state_hash")
    if check_hash and upto is None and expected and game.state_hash() != expected:
        raise ConfigError("replayed state differs from the recorded one (state_hash mismatch)")
    return game
