"""Game records: the save file, the bug report, the replay input and the server's export, as JSON.

A record holds what a game was made from and every action taken; replaying it reproduces the
identical state, checked by the state hash stored beside it. Version 2 (version 1 records still
load) has these top-level fields, and no others:

=============  ==========================================================================
format         ``"landlords-record"``
version        ``2``
edition        the id of a packaged edition (``"moscow"``); never a path
edition_data   optional: the whole edition (its TOML tables as JSON) when it is not packaged
ruleset        a ruleset id; ``rules`` its house rules (option -> value)
players        the seats' names, in seat order
seats          one per seat: ``{"name": str, "bot": spec or null}``; ``bot`` is a strategy spec
               (``"advisor:reserve=200"``) of a registered strategy, null for a person
lang           the table's language (``"ru"``, ``"pl"``, ``"en"``) or null
seed           the seed of the dice and decks (an integer, or null)
key            optional: the secret key of a keyed generator (64 hexadecimal digits) in place of
               the seed: a server's game, whose record is given out only once it is over
setup          scripted ``dice``, ``deck_orders``, ``first_player``, ``auto_claim``,
               ``end_turn_prompt``; or ``position``: the position the game started from
               (``landlords play --position``), checked as positions are; and ``grammar``:
               seats' name profiles for the screens (``{"0": {"gender": "f", "dat": "Саше"}}``),
               which the rules never read
actions        ``[seat, action]`` pairs, the action as :meth:`Action.to_json` writes it
finished_by    why the game was ended early by net worth (or null); ``state_hash`` the final hash
=============  ==========================================================================

:func:`to_record` makes one (the server exports with it), :func:`save` writes one atomically,
:func:`load` reads and validates one, :func:`restore` rebuilds the game with its seats and
language (:func:`replay` gives the game alone). Every problem is a :class:`ConfigError` naming the
field; a record never makes the program read a file it names.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .editions import edition_document, edition_from_document, edition_names, is_packaged, load_edition
from .engine.actions import action_from_json
from .engine.edition import Edition
from .engine.errors import ConfigError, IllegalAction
from .engine.game import Game
from .engine.keyed import KEY_BYTES
from .i18n import LANGUAGES
from .i18n.grammar import override_problem
from .names import check_names
from .rules import game_class, get_ruleset

FORMAT = "landlords-record"
VERSION = 2
VERSIONS = (1, 2)
MAX_BYTES = 64 * 1024 * 1024  # a record of a very long game is a few megabytes
MAX_INT = 2**63 - 1  # seeds, seats, squares and amounts all fit in a C long
MAX_SPEC = 200  # characters of a bot's strategy spec

FIELDS = {
    "format": "the format name",
    "version": "the format version",
    "edition": "the edition id",
    "edition_data": "the edition itself",
    "ruleset": "the ruleset id",
    "rules": "the house rules",
    "players": "the seats' names",
    "seats": "who plays each seat",
    "lang": "the table's language",
    "seed": "the seed",
    "key": "the generator's key",
    "setup": "the scripted set-up",
    "actions": "the actions",
    "finished_by": "the early end",
    "state_hash": "the final state's hash",
}
SETUP_FIELDS = ("dice", "deck_orders", "first_player", "auto_claim", "end_turn_prompt", "position", "grammar")


@dataclass
class Seat:
    """Who plays a seat: a person (``bot`` None) or a bot given by its strategy spec."""

    name: str
    bot: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass
class Table:
    """A game with the people and bots at its seats and the language it is played in."""

    game: Game
    seats: list[Seat]
    lang: str | None = None

    @property
    def bots(self) -> list[str | None]:
        """The strategy spec of each seat (None: a person)."""
        return [s.bot for s in self.seats]


# ------------------------------------------------------------------ writing
def to_record(
    game: Game,
    seats: Sequence[dict[str, Any] | Seat] | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready dict. ``seats``: one ``{"name", "bot"}`` (or
    :class:`Seat`) per seat, ``bot`` a strategy spec or None (default: every seat a person, named
    as in the game); ``lang``: the table's language."""
    table = _seats(game, seats)
    if lang is not None and lang not in LANGUAGES:
        raise ConfigError(f"lang must be one of {', '.join(LANGUAGES)}, got {lang!r}")
    base = get_ruleset(game.rules.id)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "edition": game.edition.id,
    }
    if not is_packaged(game.edition):
        data["edition_data"] = edition_document(game.edition)
    setup = {k: game.setup[k] for k in SETUP_FIELDS if k in game.setup}
    data.update(
        {
            "ruleset": game.rules.id,
            "rules": game.rules.differences(base),
            "players": list(game.names),
            "seats": [s.as_json() for s in table],
            "lang": lang,
            "seed": game.seed,
            **({"key": game.chance.key.hex()} if game.chance.key is not None else {}),
            "setup": setup,
            "actions": [[seat, action.to_json()] for seat, action in game.actions],
            "finished_by": game.finished_by,
            "state_hash": game.state_hash(),
        }
    )
    return data


def _seats(game: Game, seats: Sequence[dict[str, Any] | Seat] | None) -> list[Seat]:
    if seats is None:
        return [Seat(name) for name in game.names]
    if len(seats) != game.n:
        raise ConfigError(f"seats: {len(seats)} given for a game of {game.n}")
    out = []
    for i, s in enumerate(seats):
        seat = s if isinstance(s, Seat) else Seat(s.get("name", game.names[i]), s.get("bot"))
        if seat.name != game.names[i]:
            raise ConfigError(f"seats[{i}]: name {seat.name!r} is not the game's {game.names[i]!r}")
        out.append(seat)
    return out


def save(
    game: Game,
    path: str | os.PathLike,
    seats: Sequence[dict[str, Any] | Seat] | None = None,
    lang: str | None = None,
) -> None:
    """Write the record atomically: a crash mid-write never destroys the previous save. Only a
    regular file (or a new name) is written: a device, a pipe or a socket is never replaced."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise ConfigError(f"{path}: is not a regular file (a device, a pipe or a socket): nothing written there")
    data = json.dumps(to_record(game, seats, lang), ensure_ascii=False, indent=1)
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


# ------------------------------------------------------------------ reading
def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ConfigError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def parse(text: str | bytes, source: str = "record") -> dict[str, Any]:
    """A record from its JSON text, validated."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{source}: not a record: not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise ConfigError(f"{source}: not a record: it holds binary data")
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{source}: not a record: nested too deeply") from None
    except ValueError as exc:  # an integer longer than Python converts
        raise ConfigError(f"{source}: not a record: {exc}") from None
    validate(data, source)
    return data


def load(path: str | os.PathLike) -> dict[str, Any]:
    """Read and validate the record in ``path``."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the record: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(f"{path}: too large for a record (over {MAX_BYTES // 2**20} MB)")
    return parse(raw, str(path))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_INT <= value <= MAX_INT


def _kind(value: Any) -> str:
    return {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "an object",
    }.get(type(value), "null" if value is None else type(value).__name__)


def validate(data: Any, source: str = "record", strangers: bool = False) -> None:  # noqa: C901 - a check per field of the record, in one place
    """Every field of a record checked by type and range; a ConfigError names the first wrong one.
    A bot's strategy must be a registered one with parameters it declares (nothing is imported or
    built); ``strangers`` (a record from the network): only one a server would take."""

    def bad(field: str, message: str) -> ConfigError:
        return ConfigError(f"{source}: {field} {message}")

    if not isinstance(data, dict):
        raise ConfigError(f"{source}: a record is a JSON object")
    if data.get("format") != FORMAT:
        raise bad("'format'", f"must be {FORMAT!r}")
    version = data.get("version")
    if not _is_int(version) or version not in VERSIONS:
        raise ConfigError(
            f"{source}: unsupported 'version' {version!r} (this reads versions 1 and 2, as whole numbers)"
        )
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise bad(repr(unknown[0]), f"is not a field of a record (the fields: {', '.join(FIELDS)})")
    for key, kind in (("edition", str), ("ruleset", str), ("rules", dict), ("players", list), ("actions", list)):
        if not isinstance(data.get(key), kind):
            raise bad(repr(key), f"is missing or not {_kind(kind())}")
    if data["edition"] not in edition_names() and "edition_data" not in data:
        raise bad(
            "'edition'",
            f"must name a packaged edition ({', '.join(edition_names())}) or come with 'edition_data'; "
            f"got {data['edition'][:60]!r}",
        )
    if "edition_data" in data and not isinstance(data["edition_data"], dict):
        raise bad("'edition_data'", "must be an object (the edition's tables)")
    for key, value in data["rules"].items():
        if (
            (not isinstance(value, str | int | bool) and value is not None)
            or (isinstance(value, int) and not isinstance(value, bool) and not _is_int(value))
        ):
            raise bad(f"rules.{key}", f"must be text, a number or true/false, got {_kind(value)}")
    try:
        check_names(data["players"], "players")
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    if "seats" in data:
        _validate_seats(data["seats"], data["players"], bad, strangers)
    lang = data.get("lang")
    if lang is not None and lang not in LANGUAGES:
        raise bad("'lang'", f"must be one of {', '.join(LANGUAGES)} or null, got {lang!r}")
    seed = data.get("seed")
    if seed is not None and not _is_int(seed):
        raise bad("'seed'", f"must be a whole number or null, got {_kind(seed)}")
    if "key" in data:
        text = data["key"]
        if not (isinstance(text, str) and len(text) == 2 * KEY_BYTES and _is_hex(text)):
            got = f"{len(text)} characters" if isinstance(text, str) else _kind(text)
            raise bad("'key'", f"must be {2 * KEY_BYTES} hexadecimal digits, got {got}")
        if seed is not None:
            raise bad("'key'", "a record has a seed or a key, not both")
    for key in ("finished_by", "state_hash"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise bad(repr(key), f"must be text or null, got {_kind(data[key])}")
    _validate_setup(data.get("setup"), len(data["players"]), version, bad)
    legacy = (data.get("setup") or {}).get("seats") if version == 1 else None
    if isinstance(legacy, list):  # version 1 kept the seats in the set-up; seats_of() reads them
        for i, s in enumerate(legacy):
            if isinstance(s, dict) and isinstance(s.get("bot"), str):
                _check_bot(s["bot"], f"setup.seats[{i}].bot", bad, strangers)
    n = len(data["players"])
    for i, item in enumerate(data["actions"]):
        if not (isinstance(item, list) and len(item) == 2 and _is_int(item[0]) and isinstance(item[1], dict)):
            raise bad(f"actions[{i}]", "must be [seat, action]: a seat number and an object")
        if not 0 <= item[0] < n:
            raise bad(f"actions[{i}]", f"names seat {item[0]}; the seats are 0 to {n - 1}")
        if not isinstance(item[1].get("type"), str):
            raise bad(f"actions[{i}]", "has no 'type'")


def _check_bot(bot: str, field: str, bad: Any, strangers: bool) -> None:
    """A seat's strategy: a registered one with parameters it declares (nothing imported or built)."""
    from .bots import check_spec

    try:
        check_spec(bot, strangers)
    except ConfigError as exc:
        raise bad(field, str(exc)) from None


def _validate_seats(seats: Any, players: list[str], bad: Any, strangers: bool = False) -> None:
    if not isinstance(seats, list) or len(seats) != len(players):
        raise bad("'seats'", f"must be a list of one object per player ({len(players)})")
    for i, s in enumerate(seats):
        if not isinstance(s, dict) or set(s) - {"name", "bot"}:
            raise bad(f"seats[{i}]", 'must be {"name": ..., "bot": strategy or null}')
        if s.get("name", players[i]) != players[i]:
            raise bad(f"seats[{i}].name", f"must be the player's name {players[i]!r}")
        bot = s.get("bot")
        if bot is not None and not (isinstance(bot, str) and 0 < len(bot) <= MAX_SPEC and bot.isprintable()):
            raise bad(f"seats[{i}].bot", f"must be a strategy spec (text) or null, got {_kind(bot)}")
        if bot is not None:
            _check_bot(bot, f"seats[{i}].bot", bad, strangers)


def _validate_setup(setup: Any, n: int, version: int, bad: Any) -> None:
    if setup is None:
        return
    if not isinstance(setup, dict):
        raise bad("'setup'", f"must be an object, got {_kind(setup)}")
    allowed = SETUP_FIELDS + (("seats",) if version == 1 else ())  # version 1 kept the seats here
    for key in setup:
        if key not in allowed:
            raise bad(f"setup.{key}", f"is not a set-up field (the fields: {', '.join(allowed)})")
    dice = setup.get("dice", [])
    if not isinstance(dice, list) or not all(
        isinstance(r, list) and 1 <= len(r) <= 3 and all(_is_int(f) and 1 <= f <= 1000 for f in r) for r in dice
    ):
        raise bad("setup.dice", "must be a list of rolls, each a list of faces")
    orders = setup.get("deck_orders", {})
    if not isinstance(orders, dict) or not all(
        isinstance(v, list) and all(isinstance(c, str) for c in v) for v in orders.values()
    ):
        raise bad("setup.deck_orders", "must map each deck to a list of card ids")
    first = setup.get("first_player")
    if first is not None and not (_is_int(first) and 0 <= first < n):
        raise bad("setup.first_player", f"must be a seat from 0 to {n - 1} or null, got {first!r}")
    auto = setup.get("auto_claim", True)
    if not isinstance(auto, bool) and not (
        isinstance(auto, list) and len(auto) == n and all(isinstance(a, bool) for a in auto)
    ):
        raise bad("setup.auto_claim", "must be true, false or one true/false per seat")
    if not isinstance(setup.get("end_turn_prompt", True), bool):
        raise bad("setup.end_turn_prompt", "must be true or false")
    if "position" in setup and not isinstance(setup["position"], dict):
        raise bad("setup.position", f"must be a position (an object), got {_kind(setup['position'])}")
    grammar = setup.get("grammar", {})
    if not isinstance(grammar, dict):
        raise bad("setup.grammar", f"must map seats to name profiles, got {_kind(grammar)}")
    for seat, own in grammar.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < n):
            raise bad("setup.grammar", f"{seat!r} is not a seat from 0 to {n - 1}")
        problem = override_problem(own)
        if problem:
            raise bad(f"setup.grammar.{seat}", problem)


def _edition(data: dict[str, Any]) -> Edition:
    if "edition_data" in data:
        edition = edition_from_document(data["edition_data"], "the record's edition_data")
        if edition.id != data["edition"]:
            raise ConfigError(f"the record's edition_data is edition {edition.id!r}, not {data['edition']!r}")
        return edition
    return load_edition(data["edition"])  # validate() made sure it is a packaged edition's id


def seats_of(data: dict[str, Any]) -> list[Seat]:
    """Who plays each seat: the record's ``seats`` (version 1: ``setup.seats``; else all people)."""
    names = data["players"]
    seats = data.get("seats")
    if seats is None:
        legacy = (data.get("setup") or {}).get("seats")
        if isinstance(legacy, list) and len(legacy) == len(names):
            return [
                Seat(name, s.get("bot") if isinstance(s, dict) and isinstance(s.get("bot"), str) else None)
                for name, s in zip(names, legacy, strict=True)
            ]
        return [Seat(name) for name in names]
    return [Seat(name, s.get("bot")) for name, s in zip(names, seats, strict=True)]


def new_from_record(data: dict[str, Any], record_events: bool = True) -> Game:
    game = _new_game(data, record_events)
    grammar = (data.get("setup") or {}).get("grammar")
    if grammar:  # the screens' words for the seats' names; the rules never read them
        game.setup["grammar"] = {seat: dict(own) for seat, own in grammar.items()}
    return game


def _new_game(data: dict[str, Any], record_events: bool) -> Game:
    setup = dict(data.get("setup") or {})
    if "position" in setup:  # a game started from a position (landlords play --position)
        from .position import from_position

        return from_position(setup["position"], record_events=record_events, source="record setup.position")
    rules = get_ruleset(data["ruleset"], data["rules"])
    return game_class(rules)(
        _edition(data),
        rules,
        data["players"],
        data.get("seed"),
        key=bytes.fromhex(data["key"]) if "key" in data else None,
        dice=setup.get("dice") or (),
        deck_orders=setup.get("deck_orders") or None,
        first_player=setup.get("first_player"),
        auto_claim=setup.get("auto_claim", True),
        end_turn_prompt=setup.get("end_turn_prompt", True),
        record_events=record_events,
    )


def restore(
    data: dict[str, Any],
    upto: int | None = None,
    check_hash: bool = True,
    source: str | None = None,
    strangers: bool = False,
) -> Table:
    """Rebuild a game from its record, with its seats and language; ``upto`` stops after that
    many actions. ``source`` (the file it was read from) begins every error's message;
    ``strangers``: the record came from the network (see :func:`validate`)."""
    where = f"{source}: " if source else ""
    validate(data, source or "record", strangers)
    if upto is not None and not (_is_int(upto) and upto >= 0):
        raise ConfigError(f"upto must be a whole number from 0, got {upto!r}")
    try:
        game = new_from_record(data)
    except ConfigError as exc:
        if source and not str(exc).startswith(source):
            raise ConfigError(f"{where}{exc}") from None
        raise
    except Exception as exc:  # e.g. a scripted card id the deck does not have
        raise ConfigError(f"{where}the record's set-up cannot start a game: {type(exc).__name__}: {exc}") from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    for i, (seat, raw) in enumerate(actions):
        try:
            action = action_from_json(raw)
        except ConfigError as exc:
            raise ConfigError(f"{where}record action {i} ({_short(raw)}) is not an action: {exc}") from None
        except Exception as exc:  # a field of the wrong type where the action is built
            raise ConfigError(
                f"{where}record action {i} ({_short(raw)}) is not an action: {type(exc).__name__}"
            ) from None
        try:
            game.apply(seat, action)
        except (IllegalAction, ConfigError) as exc:
            raise ConfigError(f"{where}record action {i} ({_short(raw)}) cannot be replayed: {exc}") from None
        except Exception as exc:  # the engine's check must refuse it; never let it pass silently
            raise ConfigError(
                f"{where}record action {i} ({_short(raw)}) cannot be replayed: {type(exc).__name__}: {exc}"
            ) from None
    if upto is None and data.get("finished_by"):
        game.finish_by_net_worth(str(data["finished_by"]))
    expected = data.get("state_hash")
    if check_hash and upto is None and expected and game.state_hash() != expected:
        raise ConfigError(f"{where}replayed state differs from the recorded one (state_hash mismatch)")
    return Table(game, seats_of(data), data.get("lang"))


def replay(data: dict[str, Any], upto: int | None = None, check_hash: bool = True) -> Game:
    """The game alone (:func:`restore` also gives who plays each seat and the language)."""
    return restore(data, upto, check_hash).game


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


def _short(raw: Any) -> str:
    text = json.dumps(raw, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."
