"""A fluent builder of positions for tests, puzzles and teaching games::

    game = (
        Position.new("hasbro-ru", edition="classic-us", players=["A", "B", "C"])
        .own("A", "Boardwalk", houses=3).own("A", "park place", houses=3)
        .cash("A", 200).at("B", 35).in_jail("C", turns=1)
        .dice((3, 4))
        .game()
    )

Seats are numbers or names; squares are numbers or names in the edition's language (case, spaces
and punctuation do not matter). Every method returns the builder; :meth:`Position.game` checks the
whole position against the rules and builds the game.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

from ..editions import load_edition
from ..engine.edition import HOTEL, Edition
from ..engine.errors import ConfigError
from ..engine.game import Game
from ..engine.state import FORMAT, VERSION
from ..rules import get_ruleset
from .load import from_position
from .notation import to_notation


def _norm(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


class Position:
    """A position being written; :attr:`data` is its JSON form."""

    def __init__(self, data: dict[str, Any], edition: Edition | None = None) -> None:
        self.data = data
        self._edition = edition

    @classmethod
    def new(
        cls,
        ruleset: str = "hasbro-ru",
        *,
        edition: str | Edition | None = None,
        players: Sequence[str] | int = 3,
        rules: dict[str, Any] | None = None,
        seed: int | None = 0,
    ) -> Position:
        """The position of a new game: everyone on GO with the starting cash, nothing owned,
        seat 0 to roll. ``seed`` starts the generator (rolls no script gives)."""
        r = get_ruleset(ruleset, rules)
        ed = edition if isinstance(edition, Edition) else load_edition(edition or r.edition)
        names = [chr(ord("A") + i) for i in range(players)] if isinstance(players, int) else list(players)
        go = next((sq.index for sq in ed.squares if sq.kind == "go"), 0)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "edition": ed.id,
            "ruleset": r.id,
            "rules": dict(rules or {}),
            "players": [{"name": name, "cash": r.starting_cash, "square": go} for name in names],
            "lots": [],
            "turn": {"current": 0},
            "chance": {"seed": seed},
        }
        return cls(data, ed if isinstance(edition, Edition) else None)

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position of a game, to change and build again."""
        return cls(game.to_position(), game.edition)

    # ---------------------------------------------------------------- lookups
    @property
    def edition(self) -> Edition:
        if self._edition is None:
            self._edition = load_edition(self.data["edition"])
        return self._edition

    def seat(self, who: int | str) -> int:
        names = [p["name"] for p in self.data["players"]]
        if isinstance(who, bool) or not isinstance(who, int | str):
            raise ConfigError(f"a seat is a number or a name, not {who!r}")
        if isinstance(who, int):
            if not 0 <= who < len(names):
                raise ConfigError(f"there is no seat {who}")
            return who
        if who in names:
            return names.index(who)
        raise ConfigError(f"there is no player {who!r} (players: {', '.join(names)})")

    def square(self, where: int | str) -> int:
        squares = self.edition.squares
        if isinstance(where, int) and not isinstance(where, bool):
            if not 0 <= where < len(squares):
                raise ConfigError(f"there is no square {where} on {self.edition.id}")
            return where
        if isinstance(where, str):
            key = _norm(where)
            found = [sq.index for sq in squares if _norm(sq.name) == key]
            if len(found) == 1:
                return found[0]
            if not found:
                found = [sq.index for sq in squares if _norm(sq.name).startswith(key)] if key else []
                if len(found) == 1:
                    return found[0]
        raise ConfigError(f"{self.edition.id} has no single square called {where!r}")

    def _player(self, who: int | str) -> dict[str, Any]:
        return self.data["players"][self.seat(who)]

    def _lot(self, sq: int) -> dict[str, Any]:
        for lot in self.data["lots"]:
            if lot["square"] == sq:
                return lot
        lot = {"square": sq, "owner": -1, "level": 0, "mortgaged": False}
        self.data["lots"].append(lot)
        self.data["lots"].sort(key=lambda x: x["square"])
        return lot

    # ---------------------------------------------------------------- players
    def cash(self, who: int | str, amount: int) -> Position:
        self._player(who)["cash"] = amount
        return self

    def at(self, who: int | str, where: int | str) -> Position:
        self._player(who)["square"] = self.square(where)
        return self

    def in_jail(self, who: int | str, turns: int = 0) -> Position:
        """In jail (on the jail square) with ``turns`` turns already served."""
        pl = self._player(who)
        pl.update(in_jail=True, jail_turns=turns)
        pl["square"] = next((sq.index for sq in self.edition.squares if sq.kind == "jail"), pl.get("square", 0))
        return self

    def jail_card(self, who: int | str, deck: str) -> Position:
        self._player(who).setdefault("jail_cards", []).append(deck)
        return self

    def passed_go(self, who: int | str, passed: bool = True) -> Position:
        self._player(who)["passed_go"] = passed
        return self

    def skip_next(self, who: int | str) -> Position:
        self._player(who)["skip_next"] = True
        return self

    def bankrupt(self, who: int | str) -> Position:
        self._player(who).update(bankrupt=True, cash=0)
        return self

    def auto_claim(self, who: int | str | None = None, on: bool = True) -> Position:
        """Claim rent automatically (every seat when ``who`` is None)."""
        seats = range(len(self.data["players"])) if who is None else [self.seat(who)]
        for p in seats:
            self.data["players"][p]["auto_claim"] = on
        return self

    # ---------------------------------------------------------------- property
    def own(
        self, who: int | str, *squares: int | str, houses: int = 0, hotel: bool = False, mortgaged: bool = False
    ) -> Position:
        """``who`` owns these lots, each with ``houses`` houses or a hotel, or mortgaged."""
        owner = -1 if who == -1 else self.seat(who)
        for where in squares:
            lot = self._lot(self.square(where))
            lot.update(owner=owner, level=HOTEL if hotel else houses, mortgaged=mortgaged)
        return self

    def own_group(self, who: int | str, where: int | str, houses: int = 0, hotel: bool = False) -> Position:
        """Every lot of the colour group of ``where``."""
        t = self.edition.tables()
        return self.own(who, *t.members[self.square(where)], houses=houses, hotel=hotel)

    def pot(self, amount: int) -> Position:
        self.data.setdefault("bank", {})["pot"] = amount
        return self

    def bank(self, houses: int | None = None, hotels: int | None = None) -> Position:
        """The bank's stock (by default what the board leaves of the ruleset's)."""
        bank = self.data.setdefault("bank", {})
        for key, value in (("houses", houses), ("hotels", hotels)):
            if value is not None:
                bank[key] = value
        return self

    # ---------------------------------------------------------------- turn and chance
    def turn(self, who: int | str, **fields: Any) -> Position:
        """Whose turn it is (and any other field of ``turn``: doubles, extra_roll, round...)."""
        self.data["turn"] = {**self.data.get("turn", {}), "current": self.seat(who), **fields}
        return self

    def deck(self, deck_id: str, *card_ids: str) -> Position:
        """These cards on top of the deck, in order (they count as scripted)."""
        self.data.setdefault("decks", {})[deck_id] = list(card_ids)
        self.data.setdefault("chance", {}).setdefault("scripted_cards", {})[deck_id] = len(card_ids)
        return self

    def dice(self, *rolls: Sequence[int]) -> Position:
        self.data.setdefault("chance", {}).setdefault("script", []).extend(list(r) for r in rolls)
        return self

    def strict(self, on: bool = True) -> Position:
        """Raise when the game needs a roll or a card that the script does not give."""
        self.data.setdefault("chance", {})["strict"] = on
        return self

    def decide(self, *decisions: dict[str, Any]) -> Position:
        """The decision stack, bottom first (see docs/api/positions.md for each kind's data)."""
        self.data["stack"] = [dict(d) for d in decisions]
        return self

    def set(self, **fields: Any) -> Position:
        """Any other top-level part of the position (``variant={...}``, ``options={...}``)."""
        self.data.update(copy.deepcopy(fields))
        return self

    # ---------------------------------------------------------------- out
    def game(self, **options: Any) -> Game:
        return from_position(copy.deepcopy(self.data), edition=self._edition, **options)

    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def notation(self) -> str:
        return to_notation(self.data)
