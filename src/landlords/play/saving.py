"""Where a game is saved: a fresh file for a game started without --save, after every action,
and the ``w`` / ``w FILE`` command."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rich.text import Text

from .. import record as records
from ..engine.errors import ConfigError
from .base import AppParts


def default_save_path() -> Path:
    """A new file in the user's state folder for a game started without --save. The name is
    reserved by creating the file, so two games started in the same second never share one."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = Path(base) / "landlords"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot save games in {folder}: {exc.strerror or exc} (give --save FILE)") from None
    stamp = time.strftime("game-%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / (f"{stamp}.json" if n == 1 else f"{stamp}-{n}.json")
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            continue
        except OSError as exc:
            raise ConfigError(f"cannot save games in {folder}: {exc.strerror or exc} (give --save FILE)") from None
        return path
    raise ConfigError(f"cannot find a free file name in {folder} (give --save FILE)")


class Saving(AppParts):
    def autosave(self, path: Path | None = None) -> None:
        records.save(self.game, path or self.save_path, self.seats, self.lang)

    def save_command(self, answer: str) -> None:
        """``w``: save now; ``w FILE``: save there and keep saving there, only if that worked."""
        parts = answer.split(maxsplit=1)
        path = Path(parts[1]).expanduser() if len(parts) == 2 else self.save_path
        try:
            if path.is_dir():
                raise IsADirectoryError(21, "a folder, not a file")
            self.autosave(path)
        except (OSError, UnicodeError, ConfigError) as exc:
            error = getattr(exc, "strerror", None) or str(exc)
            self.term.print(Text(self.t("ui.save_failed", path=str(path), error=error), style="bold red"))
            return
        self.save_path = path
        self.term.print(self.t("ui.saved", path=str(self.save_path)))
