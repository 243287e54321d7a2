"""Building a game from a position (JSON or TOML), after checking every field against the rules."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from ..editions import edition_names, load_edition
from ..engine.edition import Edition
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..engine.state import FORMAT, VERSION
from ..engine.state_load import load_state
from ..engine.state_read import Reader
from ..names import MAX_NAME, check_name, check_names
from ..rules import game_class, get_ruleset, ruleset_names


def from_position(
    data: dict[str, Any],
    *,
    edition: Edition | None = None,
    record_events: bool = True,
    source: str = "position",
) -> Game:
    """A game in the state ``data`` describes (see docs/api/positions.md). Every field is
    checked; a wrong one raises one :class:`ConfigError` naming it. ``edition`` supplies an
    edition that is not one of the built-in ones (its id must match the position's)."""
    r = Reader(source)
    r.check(data, "position", dict)
    if data.get("format") != FORMAT:
        raise r.fail("format", f"must be {FORMAT!r}")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise r.fail("version", f"unsupported version {json.dumps(version)} (this is version {VERSION})")
    edition_id = r.get(data, "edition", "", str, None)
    ruleset_id = r.get(data, "ruleset", "", str)
    if ruleset_id not in ruleset_names():
        raise r.fail("ruleset", f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_names())})")
    house = r.get(data, "rules", "", dict, {})
    try:
        rules = get_ruleset(ruleset_id, house or None)
    except ConfigError as exc:
        raise r.fail("rules", str(exc)) from None
    if edition is None:
        edition_id = edition_id or rules.edition
        if edition_id not in edition_names():
            raise r.fail("edition", f"unknown edition {edition_id!r} (known: {', '.join(edition_names())})")
        edition = load_edition(edition_id)
    elif edition_id is not None and edition_id != edition.id:
        raise r.fail("edition", f"the position is for {edition_id!r}, the edition given is {edition.id!r}")
    players = r.get(data, "players", "", list)
    names = []
    for i, raw in enumerate(players):
        r.check(raw, f"players[{i}]", dict)
        name = r.get(raw, "name", f"players[{i}].", str, f"Player {i + 1}")
        try:
            names.append(check_name(name, "a name"))
        except ConfigError as exc:
            raise r.fail(f"players[{i}].name", f"{exc} (a name is 1 to {MAX_NAME} printable characters)") from None
    try:
        check_names(names)
    except ConfigError as exc:
        raise r.fail("players", str(exc).removeprefix("players: ")) from None
    if not rules.min_players <= len(names) <= rules.max_players:
        raise r.fail("players", f"ruleset {rules.id!r} is for {rules.min_players}-{rules.max_players} players")
    # the piles a position does not list follow the new game's shuffle: from the position's seed,
    # so that the same position gives the same game in every process
    chance = data.get("chance")
    seed = chance.get("seed") if isinstance(chance, dict) else None
    seed = seed if type(seed) is int else None
    game = game_class(rules)(edition, rules, names, seed, record_events=record_events, opening=False)
    load_state(game, data, r)
    if game.events:
        game.events.clear()
    game.setup = {"position": game.to_position()}
    return game


def read_position(path: str | os.PathLike) -> dict[str, Any]:
    """A position file: JSON, or TOML when the name ends in ``.toml``."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the position: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    try:
        if p.suffix.lower() == ".toml":
            return tomllib.loads(text)
        data = json.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not valid JSON ({exc})") from None
    except RecursionError:  # as the record reader says it
        raise ConfigError(f"{path}: not a position: nested too deeply") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a position is a JSON object")
    return data


def load_position(path: str | os.PathLike, **options: Any) -> Game:
    """A game from a position file (JSON or TOML)."""
    return from_position(read_position(path), source=str(path), **options)
