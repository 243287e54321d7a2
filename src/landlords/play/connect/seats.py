"""Seat tokens kept on this machine, so that running the same ``landlords play --connect`` again
resumes the seat: one small JSON file per server and game in the user's state folder
(``~/.local/state/landlords/seats/``), readable by the user alone (0600 in a 0700 folder).

A token is a password to a seat: it is only ever written here and sent in the WebSocket's hello,
never printed.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from ...engine.errors import ConfigError


@dataclass(frozen=True)
class SavedSeat:
    seat: int
    name: str
    token: str


def state_folder() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "landlords" / "seats"


def seat_file(base_url: str, code: str, folder: Path | None = None) -> Path:
    """The file of one game at one server: ``HOST_PORT-CODE.json``."""
    parts = urlsplit(base_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    host = re.sub(r"[^A-Za-z0-9.-]", "_", parts.hostname or "server")
    return (folder or state_folder()) / f"{host}_{port}-{code.upper()}.json"


class SeatStore:
    """The seats this user holds at one game."""

    def __init__(self, base_url: str, code: str, folder: Path | None = None) -> None:
        self.path = seat_file(base_url, code, folder)

    def load(self) -> list[SavedSeat]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return [SavedSeat(int(s["seat"]), str(s["name"]), str(s["token"])) for s in data["seats"]]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, KeyError, TypeError):
            raise ConfigError(f"{self.path}: not a file of saved seats (delete it to join afresh)") from None

    def find(self, name: str | None) -> SavedSeat | None:
        """The saved seat to resume: the one of that name, or the only one when no name is given."""
        seats = self.load()
        if name is not None:
            return next((s for s in seats if s.name.casefold() == name.casefold()), None)
        if len(seats) > 1:
            names = ", ".join(s.name for s in seats)
            raise ConfigError(f"you hold several seats at this game ({names}): choose one with --name")
        return seats[0] if seats else None

    def save(self, seat: SavedSeat) -> None:
        """Add (or replace) a seat, written atomically and readable by the user alone."""
        seats = [s for s in self.load() if s.seat != seat.seat] + [seat]
        self._write(seats)

    def forget(self, seat: int) -> None:
        seats = [s for s in self.load() if s.seat != seat]
        if seats:
            self._write(seats)
        else:
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    def _write(self, seats: list[SavedSeat]) -> None:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            tmp = folder / f".{self.path.name}.{os.getpid()}.tmp"
            fd = os.open(tmp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"seats": [s.__dict__ for s in seats]}, f, ensure_ascii=False)
            os.chmod(tmp, 0o600)  # in case the file was there with other permissions
            os.replace(tmp, self.path)
        except OSError as exc:
            raise ConfigError(f"cannot keep the seat's token in {folder}: {exc.strerror or exc}") from None
