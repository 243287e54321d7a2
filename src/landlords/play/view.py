"""The screen: the board with colour bands, owners, buildings, mortgages and tokens; a panel per
player; the event log. Everything here returns rich renderables, so the same screen prints in a
terminal, in a test's captured console or as a text screenshot (``Console.export_text``).

The board is drawn as its four sides in the order of play, one row a square; the sides sit side by
side as far as the terminal's width allows (four columns from 160 characters, two from 80, else one).
Under it a legend says what every mark means in the variant's words (a malina, the exchange, the
park), whose token is whose (``●Б1 Бот 1``) and what buildings the bank has left ("bank: 66 artels,
22 cooperatives"). A reader of another language than the edition's reads the board and the panels
in the edition's glosses, the original name beside the gloss where the board has the room
("Kovalevsky's Dacha · Дача Ковалевского"), and money in the gloss of its currency.
"""

from __future__ import annotations

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.columns import Columns
from rich.console import Group as RGroup
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..describe.labels import speaker
from ..engine.edition import CARD, FREE_PARKING, GO, GO_TO_JAIL, HOTEL, JAIL, RAILROAD, STREET, TAX, UTILITY
from ..engine.game import Game
from ..i18n import tr
from ..render.text import bank_stock, describe

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
    """A short token per seat that matches its name: the initial where it is the only one, else the
    initial and what tells the names apart (``Бот 1``, ``Бот 2`` -> ``Б1``, ``Б2``: the next word's
    first letter, or the name's last), else the initial and the seat's number."""
    words = [name.split() or ["?"] for name in game.names]
    initials = [w[0][:1].upper() for w in words]
    marks = [
        i if initials.count(i) == 1 else i + (w[1][:1] if len(w) > 1 else w[0][-1:]).upper()
        for i, w in zip(initials, words, strict=True)
    ]
    return [m if marks.count(m) == 1 else f"{initials[seat]}{seat + 1}" for seat, m in enumerate(marks)]


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


def square_tail(game: Game, sq: int, marks: list[str]) -> Text:
    """What follows a square's name: its owner with the buildings or the mortgage, then the tokens."""
    tail = Text()
    owner = game.owner[sq]
    if owner >= 0:
        tail.append(" ")
        tail.append(marks[owner], style=f"bold #ffffff on {SEAT_COLOURS[owner % len(SEAT_COLOURS)]}")
        tail.append(MORTGAGE_MARK if game.mortgaged[sq] else buildings(game.level[sq]), style="bold")
    for seat in range(game.n):
        if game.position[seat] == sq and not game.bankrupt[seat]:
            style = seat_style(seat) + (" reverse" if game.in_jail[seat] else "")
            tail.append(" ")
            tail.append(TOKEN + marks[seat], style=style)
    return tail


def board_name(game: Game, lang: str, sq: int, beside: bool = False) -> str:
    """A square's name on the board: the reader's gloss, and with ``beside`` the original after it
    ("Kovalevsky's Dacha · Дача Ковалевского") where the board has the room."""
    name = game.edition.squares[sq].name
    shown = game.edition.gloss(lang, name)
    return f"{shown} · {name}" if beside and shown != name else shown


def square_row(
    game: Game, sq: int, marks: list[str], name_width: int, tail_width: int = 0, name: str | None = None
) -> Text:
    """One square: band, number, name (cut only when it does not fit), owner and buildings or
    mortgage, tokens standing there."""
    row = Text()
    row.append_text(band(game, sq))
    row.append(f" {sq:2d} ")
    name = game.edition.squares[sq].name if name is None else name
    if cell_len(name) > name_width:
        name = set_cell_size(name, name_width - 1) + "…"
    row.append(name + " " * (name_width - cell_len(name)), style="dim strike" if game.mortgaged[sq] else "")
    tail = square_tail(game, sq, marks)
    row.append_text(tail)
    row.append(" " * max(0, tail_width - tail.cell_len))
    return row


ROW_HEAD = 6  # the band, a space, the square's number and a space
COLUMN_GAP = 2


def name_widths(longest: list[int], fixed: list[int], room: int) -> list[int]:
    """The name column of each side: its longest name where all fit in ``room``; else the longest
    names are cut, each as little as the others' room allows (never below 8 characters)."""
    if sum(longest) + sum(fixed) <= room:
        return longest
    cap = max(longest, default=8)
    while cap > 8 and sum(min(n, cap) for n in longest) + sum(fixed) > room:
        cap -= 1
    return [max(min(8, n), min(n, cap)) for n in longest]


def board(game: Game, lang: str, width: int = 80) -> RenderableType:
    """The board's sides in columns. A name is cut only when the width left after every side's
    number, owner, buildings and the tokens standing there now is used up (all of it)."""
    size = game.size
    marks = tokens(game)
    columns = 4 if width >= 160 else 2 if width >= 80 else 1
    per = -(-size // columns)
    sides = [range(c * per, min(size, (c + 1) * per)) for c in range(columns)]
    tails = [max((square_tail(game, sq, marks).cell_len for sq in side), default=0) for side in sides]
    room = width - 4 - COLUMN_GAP * (columns - 1)  # inside the panel's border
    fixed = [ROW_HEAD + t for t in tails]
    names = {sq: board_name(game, lang, sq, beside=True) for sq in range(size)}
    longest = [max((cell_len(names[sq]) for sq in side), default=0) for side in sides]
    if sum(longest) + sum(fixed) > room:  # no room for the original beside the gloss
        names = {sq: board_name(game, lang, sq) for sq in range(size)}
        longest = [max((cell_len(names[sq]) for sq in side), default=0) for side in sides]
    widths = name_widths(longest, fixed, room)
    texts = [
        Text("\n").join(square_row(game, sq, marks, w, t, names[sq]) for sq in side)
        for side, w, t in zip(sides, widths, tails, strict=True)
    ]
    table = Table.grid(padding=(0, COLUMN_GAP))
    for _ in texts:
        table.add_column(no_wrap=True)
    table.add_row(*texts)
    edition = game.edition.gloss(lang, game.edition.name)
    title = speaker(game, lang).t("ui.board_title", edition=edition, round=game.round + 1)
    return Panel(RGroup(table, *legend(game, lang, marks)), title=Text(title), box=box.ROUNDED, expand=False)


def legend(game: Game, lang: str, marks: list[str]) -> list[Text]:
    """What every mark on the board means: the kinds of squares this board has, in the variant's
    words (a malina, an office), the buildings and the mortgage; then whose token is whose."""
    w = speaker(game, lang)
    kinds = {s.kind for s in game.edition.squares}
    line = Text(style="dim")

    def item(mark: str, meaning: str, style: str = "") -> None:
        if line.plain:
            line.append(" · ")
        line.append(mark, style=style)
        line.append(" " + meaning)

    for kind in (STREET, RAILROAD, UTILITY, CARD, TAX, GO, JAIL, FREE_PARKING, GO_TO_JAIL):
        if kind not in kinds:
            continue
        if kind == STREET:
            item("██", w.t("legend.street", street=w.word("street")))
        elif kind in (RAILROAD, UTILITY, JAIL):
            item(KIND_MARK[kind], w.word(kind))
        else:
            item(KIND_MARK[kind], w.t(f"legend.{kind}"))
    item(HOUSE, w.word("house"), "bold")
    item(HOTEL_MARK, w.word("hotel"), "bold")
    item(MORTGAGE_MARK, w.t("ui.mortgaged"), "bold")
    people = Text(w.t("legend.tokens") + " ", style="dim")
    for seat, name in enumerate(game.names):
        if seat:
            people.append(" · ")
        people.append(TOKEN + marks[seat], style=seat_style(seat))
        people.append(" " + name)
    bank = bank_stock(game, w)
    if game.pot:
        bank += " · " + w.t("ui.pot", amount=w.money(game.pot))
    people.append("   " + bank)
    return [line, people]


def player_panel(game: Game, seat: int, lang: str, who: str, width: int = 38) -> RenderableType:
    """Cash, net worth, where the token is, jail cards, and the properties by colour group."""
    w = speaker(game, lang)
    marks = tokens(game)
    title = Text(f"{TOKEN}{marks[seat]} {game.names[seat]}", style=seat_style(seat))
    if game.bankrupt[seat]:
        return Panel(
            Text(w.t("ui.bankrupt"), style="dim"),
            title=title,
            subtitle=Text(who),
            box=box.ROUNDED,
            width=width,
        )
    lines = Text()
    lines.append(w.t("ui.cash", amount=w.money(game.cash[seat])), style="bold")
    lines.append("\n" + w.t("ui.worth", amount=w.money(game.net_worth(seat))))
    where = (
        w.t("ui.in_jail")
        if game.in_jail[seat]
        else w.t("ui.at", square=board_name(game, lang, game.position[seat]))
    )
    lines.append("\n" + where)
    if game.jail_cards[seat]:
        lines.append("  " + w.t("ui.jail_cards", n=len(game.jail_cards[seat])))
    by_group: dict[str, list[int]] = {}
    for sq in game.owned_by(seat):
        by_group.setdefault(game.edition.squares[sq].group or "", []).append(sq)
    if not by_group:
        lines.append("\n" + w.t("ui.no_property"), style="dim")
    for g, squares in by_group.items():
        lines.append("\n")
        lines.append_text(band(game, squares[0]))
        group = game.edition.groups.get(g)
        total = len(group.squares) if group else len(squares)
        lines.append(f" {len(squares)}/{total} ")
        for i, sq in enumerate(squares):
            if i:
                lines.append(", ")
            lines.append(board_name(game, lang, sq), style="dim strike" if game.mortgaged[sq] else "")
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
