"""``landlords play``: a game in the terminal, people (hot seat) and bots, saved after every action."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import click

from .. import new_game
from .. import record as records
from ..bots import LEVELS, make_bot
from ..editions.choice import board_for
from ..engine.errors import ConfigError, LandlordsError
from ..i18n import LANGUAGES, default_language, tr
from ..i18n.grammar import parse_grammar
from ..names import check_names
from ..rules import get_ruleset, parse_overrides
from .checks import EDITION, SEED, WholeRange, check_input_file, check_output_file, fail
from .positions import game_from_position_file

DEFAULT_BOTS = "advisor,trader,cautious"
# options that set up a game at this keyboard (a server's game is set up in its lobby)
LOCAL_OPTIONS = ("edition", "ruleset", "rules", "players", "bots", "level", "seed", "load_file", "position_file",
                 "save_file", "grammar", "fast", "dice")  # fmt: skip


def parse_dice(text: str, sides: int = 6) -> list[tuple[int, ...]]:
    """``"3,4 1,1 6,5,2"`` -> ``[(3, 4), (1, 1), (6, 5, 2)]`` (a roll per word, its faces by commas)."""
    rolls = []
    for word in text.replace(";", " ").split():
        try:
            faces = tuple(int(f) for f in word.split(","))
        except ValueError:
            raise ConfigError(f"--dice: {word!r} is not a roll (write faces as 3,4)") from None
        if len(faces) not in (2, 3) or not all(1 <= f <= sides for f in faces):
            raise ConfigError(
                f"--dice: {word!r} needs two (or, with the speed die, three) faces from 1 to {sides}"
            )
        rolls.append(faces)
    return rolls


def apply_grammar(game, specs: Sequence[str]) -> None:
    """``--grammar NAME:SPEC``: a seat's name profile (gender, "you", case forms) for the screens,
    kept in ``game.setup["grammar"]`` and so in the saved record."""
    for text in specs:
        try:
            name, own = parse_grammar(text)
        except ValueError as exc:
            raise ConfigError(f"--grammar {exc}") from None
        seats = [i for i, n in enumerate(game.names) if n.casefold() == name.casefold()]
        if not seats:
            raise ConfigError(f"--grammar: {name!r} is not at the table (the players: {', '.join(game.names)})")
        game.setup.setdefault("grammar", {})[str(seats[0])] = own


def seat_names(people: list[str], bots: list[str], lang: str) -> list[str]:
    names = list(people)
    for i, _ in enumerate(bots, 1):
        name = tr(lang, "ui.bot_name", n=i)
        while name.casefold() in (n.casefold() for n in names):
            name += "'"
        names.append(name)
    return names


@click.command()
@click.option(
    "--edition",
    "-e",
    type=EDITION,
    default=None,
    help="Edition id or a .toml file (default: the board of --lang where the rules fit any, else the ruleset's).",
)
@click.option("--ruleset", "-r", default="hasbro-ru", show_default=True, help="See `landlords rulesets`.")
@click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="KEY=VALUE",
    help="House rule: override a ruleset option (see `landlords rules RULESET`). Repeatable.",
)
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="Language (default: from the locale).")
@click.option(
    "--players",
    "-p",
    default=None,
    metavar="NAMES",
    help='People at the table, comma-separated: --players "Аня,Борис".',
)
@click.option(
    "--bots",
    default=None,
    help=f"Bot strategies, comma-separated, one seat each (default with one person: {DEFAULT_BOTS}; "
    "'none' for no bots). A strategy may carry parameters: advisor:reserve=200.",
)
@click.option(
    "--level",
    type=click.Choice(LEVELS),
    default=None,
    help="Difficulty of every bot seat (easy, normal, hard, expert): three bots with one person, "
    "as many as --bots lists otherwise.",
)
@click.option("--seed", "-s", type=SEED, default=None, help="Seed of the dice and the decks (default: random).")
@click.option("--load", "load_file", type=click.Path(dir_okay=False), help="Resume the game saved in this record.")
@click.option("--position", "position_file", type=click.Path(dir_okay=False), help="Start from this position.")
@click.option(
    "--save",
    "save_file",
    help="Save the game here after every action (default: the loaded file, or a new file in "
    "~/.local/state/landlords/).",
)
@click.option(
    "--grammar",
    "grammar",
    multiple=True,
    metavar="NAME:SPEC",
    help='How a player\'s name declines, when the guess is wrong: gender m/f/n, "you", case forms '
    '(nom gen dat acc ins loc poss): --grammar "Саша:f" --grammar "Кэрол:f,dat=Кэрол". Saved with the game. '
    "Repeatable.",
)
@click.option("--fast", is_flag=True, help="Bots move at once instead of at a readable pace.")
@click.option(
    "--dice",
    default=None,
    metavar='"3,4 1,1 ..."',
    help="Teaching and testing aid: the first rolls, in order (then the seed's dice). "
    "The turn-order rolls come first.",
)
@click.option(
    "--connect",
    "connect_url",
    default=None,
    metavar="URL",
    help="Play at a server's table (landlords serve): its address, or the game's link http://HOST:PORT/g/CODE.",
)
@click.option("--game", "game_code", default=None, metavar="CODE", help="With --connect: the game's code.")
@click.option("--name", default=None, help="With --connect: your name at the table (taking a seat).")
@click.option(
    "--seat",
    type=WholeRange(1, 8),
    default=None,
    help="With --connect: the open seat to take (1 is the first).",
)
@click.option("--watch", is_flag=True, help="With --connect: watch the game without a seat.")
@click.pass_context
def play(
    ctx,
    edition,
    ruleset,
    rules,
    lang,
    players,
    bots,
    level,
    seed,
    load_file,
    position_file,
    save_file,
    grammar,
    fast,
    dice,
    connect_url,
    game_code,
    name,
    seat,
    watch,
) -> None:
    """Play in the terminal: people take turns at one keyboard, bots play their seats; or, with
    --connect, at a server's table with people in other terminals and browsers."""
    from .connect import connected_options, play_connected

    local_only = [
        o for o in LOCAL_OPTIONS if ctx.get_parameter_source(o) is click.core.ParameterSource.COMMANDLINE
    ]
    if connect_url is not None:
        play_connected(connect_url, game_code, name, seat, watch, lang, local_only)
    connected_options(game_code, name, seat, watch)  # any of them without --connect is a mistake
    from ..play.app import DEFAULT_PACE, PlayApp, default_save_path

    try:
        if save_file:
            check_output_file(save_file, "--save")
        if load_file:
            if players or bots or level or dice or seed is not None or rules or edition or position_file:
                raise ConfigError("--load resumes a saved game as it was: leave out the options that set one up")
            check_input_file(load_file, "--load")
            table = records.restore(records.load(load_file), source=str(load_file))
            game, controllers = table.game, table.bots
            lang = lang or table.lang or default_language()  # the table's language, unless --lang says
            save_path = save_file or load_file
            check_output_file(save_path, "--load (the game is saved back there)")
        elif position_file:  # the position names the seats; --bots plays the last ones
            if players or dice or seed is not None or rules or edition:
                raise ConfigError("--position sets the game up: only --bots, --save, --lang and --fast go with it")
            check_input_file(position_file, "--position")
            game, controllers = game_from_position_file(position_file, bots)
            lang = lang or default_language()
            save_path = save_file or default_save_path()
        else:
            lang = lang or default_language()
            people = [p.strip() for p in (players or tr(lang, "ui.default_person")).split(",")]
            if not all(people):
                raise ConfigError(f"--players {players!r}: a name is empty (the names comma-separated: Ann,Bob)")
            check_names(people, "--players")
            if bots is None:
                bots = DEFAULT_BOTS if len(people) == 1 or level else "none"
            strategies = [] if bots.strip().lower() in ("", "none") else [b.strip() for b in bots.split(",")]
            if level:  # every bot seat plays at that level
                strategies = [level] * len(strategies)
            for s in strategies:
                make_bot(s)  # an unknown strategy fails here, before the game starts
            r = get_ruleset(ruleset, parse_overrides(list(rules)))
            if seed is None:  # the record needs the seed to replay the same dice
                seed = random.SystemRandom().randrange(1, 2**31)
            names = seat_names(people, strategies, lang)
            controllers = [None] * len(people) + strategies
            game = new_game(
                edition or board_for(r, lang),  # no board chosen: the language's, unless the rules have one
                r,
                players=names,
                seed=seed,
                dice=parse_dice(dice, r.dice_sides) if dice else (),
                auto_claim=[c is not None for c in controllers],
            )
            save_path = save_file or default_save_path()
        apply_grammar(game, grammar)
        app = PlayApp(game, controllers, lang, save_path, pace=0 if fast else DEFAULT_PACE)
    except LandlordsError as exc:
        fail(str(exc))
    sys.exit(app.run())
