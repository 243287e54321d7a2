"""``landlords play --connect URL --game CODE [--name NAME] [--seat N] [--watch]``."""

from __future__ import annotations

import sys
from typing import NoReturn

from ..engine.errors import ConfigError
from ..i18n import default_language
from .checks import fail

OPTION_NAMES = {
    "edition": "--edition",
    "ruleset": "--ruleset",
    "rules": "--rule",
    "players": "--players",
    "bots": "--bots",
    "seed": "--seed",
    "load_file": "--load",
    "position_file": "--position",
    "save_file": "--save",
    "fast": "--fast",
    "dice": "--dice",
}


def connected_options(game: str | None, name: str | None, seat: int | None, watch: bool) -> None:
    """Without --connect, the options of a server's table are a mistake."""
    given = [o for o, v in (("--game", game), ("--name", name), ("--seat", seat), ("--watch", watch or None)) if v]
    if given:
        fail(f"{', '.join(given)} go with --connect URL (a server's table)")


def play_connected(
    url: str, game: str | None, name: str | None, seat: int | None, watch: bool, lang: str | None, local: list[str]
) -> NoReturn:
    from ..play.connect.app import RemoteApp
    from ..play.connect.link import Refused
    from ..play.connect.session import refused_hello, sit_down, unreachable

    if local:
        shown = ", ".join(OPTION_NAMES.get(o, o) for o in local)
        fail(
            f"{shown}: a server's game is set up in its lobby "
            "(--connect goes with --game, --name, --seat, --watch and --lang)"
        )
    if watch and (name is not None or seat is not None):
        fail("--watch takes no seat: leave out --name and --seat")
    lang = lang or default_language()
    try:
        sitting = sit_down(url, game, name, seat, watch, lang)
        app = RemoteApp(sitting.base_url, sitting.code, sitting.token, lang, sitting.command)
        try:
            code = app.run()
        except Refused as exc:
            raise refused_hello(exc, sitting) from None
        except OSError as exc:
            raise unreachable(sitting.base_url, exc) from None
    except ConfigError as exc:
        fail(str(exc))
    sys.exit(code)
