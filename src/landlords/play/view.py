"""The screen: the board with colour bands, owners, buildings, mortgages and tokens; a panel per
player; the event log. Everything here returns rich renderables, so the same screen prints in a
terminal, in a test's captured console or as a text screenshot (``Console.export_text``).

The board is drawn as its four sides in the order of play, one row a square; the sides sit side by
side as far as the terminal's width allows (four columns from 160 characters, two from 80, else one).
"""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.console import Group as RGroup
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine.edition import CARD, FREE_PARKING, GO, GO_TO_JAIL, HOTEL, JAIL, RAILROAD, STREET, TAX, UTILITY
from ..engine.game import Game
from ..i18n import tr
from ..render.text import describe

# one colour per seat (the SVG board's), and the mark of each kind of square without a colour band
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
KIND_MARK = {
    RAILROAD: "≡≡",
    UTILITY: "~~",
    CARD: "??",
    TAX: "%%",
    GO: "<<",
    JAIL: "##",
    FREE_PARKING: "PP",
    GO_TO_JAIL: "->",
}
HOUSE, HOTEL_MARK, MORTGAGE_MARK, TOKEN = "⌂", "■", "✕", "●"


def seat_style(seat: int) -> str:
    return f"bold {SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"


def tokens(game: Game) -> list[str]:
    """A one-letter token per seat: the name's initial, or the seat's number when initials repeat."""
    initials = [(name.strip()[:1] or "?").upper() for name in game.names]
    return [i if initials.count(i) == 1 else str(seat + 1) for seat, i in enumerate(initials)]


def band(game: Game, sq: int) -> Text:
    square = game.edition.squares[sq]
    group = game.edition.groups.get(square.group or "")
    if square.kind == STREET and group is not None:
        return Text("██", style=group.color)
    return Text(KIND_MARK.get(square.kind, "  "), style="dim")


def buildings(level: int) -> str:
    if level == HOTEL:
        return HOTEL_MARK
    return HOUSE * level


def square_row(game: Game, sq: int, marks: list[str], name_width: int) -> Text:
    """One square: band, number, name, owner and buildings or mortgage, tokens standing there."""
    row = Text()
    row.append_text(band(game, sq))
    row.append(f" {sq:2d} ")
    name = game.edition.squares[sq].name
    if len(name) > name_width:
        name = name[: name_width - 1] + "…"
    owner = game.owner[sq]
    name_style = "dim strike" if game.mortgaged[sq] else ""
    row.append(name.ljust(name_width), style=name_style)
    if owner >= 0:
        row.append(" ")
        row.append(marks[owner], style=f"bold #ffffff on {SEAT_COLOURS[owner % len(SEAT_COLOURS)]}")
        row.append((MORTGAGE_MARK if game.mortgaged[sq] else buildings(game.level[sq])).ljust(4), style="bold")
    else:
        row.append("      ")
    for seat in range(game.n):
        if game.position[seat] == sq and not game.bankrupt[seat]:
            style = seat_style(seat) + (" reverse" if game.in_jail[seat] else "")
            row.append(TOKEN + marks[seat], style=style)
    return row


def board(game: Game, lang: str, width: int = 80) -> RenderableType:
    size = game.size
    marks = tokens(game)
    columns = 4 if width >= 160 else 2 if width >= 80 else 1
    per = -(-size // columns)
    per_column = (width - 4) // columns - 2  # inside the panel's border, between the columns' padding
    name_width = max(12, min(30, per_column - 12 - 2 * game.n))
    sides = []
    for c in range(columns):
        rows = [square_row(game, sq, marks, name_width) for sq in range(c * per, min(size, (c + 1) * per))]
        sides.append(Text("\n").join(rows))
    table = Table.grid(padding=(0, 2))
    for _ in sides:
        table.add_column(no_wrap=True)
    table.add_row(*sides)
    legend = Text(
        tr(lang, "ui.legend", house=HOUSE, hotel=HOTEL_MARK, mortgaged=MORTGAGE_MARK, token=TOKEN), style="dim"
    )
    bank = tr(lang, "position.bank", houses=game.bank_houses, hotels=game.bank_hotels)
    if game.pot:
        bank += " · " + tr(lang, "ui.pot", amount=game.edition.currency.show(game.pot))
    legend.append("   " + bank, style="dim")
    title = tr(lang, "ui.board_title", edition=game.edition.name, round=game.round + 1)
    return Panel(RGroup(table, legend), title=Text(title), box=box.ROUNDED, expand=False)


def player_panel(game: Game, seat: int, lang: str, who: str, width: int = 38) -> RenderableType:
    """Cash, net worth, where the token is, jail cards, and the properties by colour group."""
    money = game.edition.currency.show
    marks = tokens(game)
    title = Text(f"{TOKEN}{marks[seat]} {game.names[seat]}", style=seat_style(seat))
    if game.bankrupt[seat]:
        return Panel(
            Text(tr(lang, "ui.bankrupt"), style="dim"),
            title=title,
            subtitle=Text(who),
            box=box.ROUNDED,
            width=width,
        )
    lines = Text()
    lines.append(tr(lang, "ui.cash", amount=money(game.cash[seat])), style="bold")
    lines.append("\n" + tr(lang, "ui.worth", amount=money(game.net_worth(seat))))
    where = (
        tr(lang, "ui.in_jail")
        if game.in_jail[seat]
        else tr(lang, "ui.at", square=game.edition.squares[game.position[seat]].name)
    )
    lines.append("\n" + where)
    if game.jail_cards[seat]:
        lines.append("  " + tr(lang, "ui.jail_cards", n=len(game.jail_cards[seat])))
    by_group: dict[str, list[int]] = {}
    for sq in game.owned_by(seat):
        by_group.setdefault(game.edition.squares[sq].group or "", []).append(sq)
    if not by_group:
        lines.append("\n" + tr(lang, "ui.no_property"), style="dim")
    for g, squares in by_group.items():
        lines.append("\n")
        lines.append_text(band(game, squares[0]))
        group = game.edition.groups.get(g)
        total = len(group.squares) if group else len(squares)
        lines.append(f" {len(squares)}/{total} ")
        for i, sq in enumerate(squares):
            if i:
                lines.append(", ")
            lines.append(game.edition.squares[sq].name, style="dim strike" if game.mortgaged[sq] else "")
            mark = MORTGAGE_MARK if game.mortgaged[sq] else buildings(game.level[sq])
            if mark:
                lines.append(" " + mark, style="bold")
    return Panel(lines, title=title, subtitle=Text(who), box=box.ROUNDED, width=width)


def panels(game: Game, lang: str, controllers: list[str | None], width: int = 80) -> RenderableType:
    """The players side by side: as many to a row as fit, each at least 38 characters wide."""
    per_row = max(1, min(game.n, width // 39))
    panel_width = max(38, min(64, width // per_row - 1))
    items = []
    for seat in range(game.n):
        strategy = controllers[seat]
        who = tr(lang, "ui.bot", strategy=strategy) if strategy else tr(lang, "ui.person")
        items.append(player_panel(game, seat, lang, who, panel_width))
    return Columns(items, equal=False, expand=False)


def event_line(game: Game, ev, lang: str) -> Text:
    """An event in words, coloured by the player it is about."""
    seat = getattr(ev, "seat", getattr(ev, "payer", -1))
    return styled_event(ev.KIND, seat, describe(game, ev, lang), game.n)


def styled_event(kind: str, seat: object, text: str, n: int) -> Text:
    """An event's words (``kind``: its event type) coloured by the seat it is about, of ``n``."""
    if kind == "turn_started":
        return Text(text, style="bold")
    if kind == "game_over":
        return Text(text, style="bold reverse")
    if isinstance(seat, int) and 0 <= seat < n:
        line = Text("  ")
        line.append(TOKEN, style=seat_style(seat))
        line.append(" " + text)
        return line
    return Text("    " + text)
