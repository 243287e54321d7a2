"""An SVG picture of any edition's board, optionally with a game's state or a heat map of odds.

>>> from landlords import load_edition
>>> svg = board_svg(load_edition("classic-us"))
>>> svg.startswith("<svg")
True

In a notebook, ``Board(edition, game=game)`` shows itself (``_repr_svg_``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..engine.edition import HOTEL, Edition
from ..engine.game import Game

CELL = 64  # width of an ordinary square
DEPTH = 96  # depth of a square (and size of a corner)
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
KIND_LABEL = {"card": "?", "tax": "$", "go_to_jail": "→", "free_parking": "P", "jail": "#", "go": "←"}


def _layout(n: int) -> list[tuple[float, float, float, float, str]]:
    """(x, y, width, height, side) of each square, GO in the bottom-right corner, play clockwise
    (leftwards along the bottom)."""
    per_side = [n // 4 + (1 if i < n % 4 else 0) for i in range(4)]  # squares per side incl. its corner
    k = max(per_side) - 1  # ordinary squares between two corners
    size = 2 * DEPTH + k * CELL
    out: list[tuple[float, float, float, float, str]] = []
    for side, count in enumerate(per_side):
        for j in range(count):
            if j == 0:  # a corner
                x, y = [(size - DEPTH, size - DEPTH), (0, size - DEPTH), (0, 0), (size - DEPTH, 0)][side]
                out.append((x, y, DEPTH, DEPTH, "corner"))
                continue
            step = (size - 2 * DEPTH) / (count - 1)
            offset = DEPTH + (j - 1) * step
            if side == 0:
                out.append((size - offset - step, size - DEPTH, step, DEPTH, "bottom"))
            elif side == 1:
                out.append((0, size - offset - step, DEPTH, step, "left"))
            elif side == 2:
                out.append((offset, 0, step, DEPTH, "top"))
            else:
                out.append((size - DEPTH, offset, DEPTH, step, "right"))
    return out


# ---- text measurement: an approximate glyph-width model of DejaVu Sans / Arial, in ems. Wide
# capitals count 0.78, other capitals and ordinary letters and digits 0.64, narrow letters and
# punctuation 0.34, a space 0.32. Real widths of these fonts are at most these values for Latin and
# Cyrillic, so text laid out by this model fits in the real picture too (tests/web/test_svg.py measures
# every text box with it).
_NARROW = set("iIjlt.,:;'!|()[]/-ftr «»\"")
_WIDE = set("MWШЩЖЮФмшщжюфДЦдцmw@%")


def text_width(text: str, size: float) -> float:
    """Approximate width in pixels of ``text`` at font size ``size`` (see the model above)."""
    em = 0.0
    for ch in text:
        if ch == " ":
            em += 0.32
        elif ch in _WIDE:
            em += 0.78 if ch.isupper() or ch in "@%" else 0.86
        elif ch in _NARROW:
            em += 0.34
        elif ch.isupper():
            em += 0.72
        else:
            em += 0.64
    return em * size


LINE = 1.2  # line height, in font sizes
NAME_SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
MAX_LINES = 3


def _wrap(text: str, width: float, size: float) -> list[str] | None:
    """Words of ``text`` in lines no wider than ``width`` at ``size``; None if a word cannot fit."""
    lines: list[str] = []
    for word in text.split():
        if text_width(word, size) > width:
            return None
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _fit(
    text: str, width: float, height: float, sizes: Sequence[float], max_lines: int
) -> tuple[list[str], float]:
    """The largest size at which ``text`` wraps into the box; else the smallest size, cut with "…"."""
    for size in sizes:
        lines = _wrap(text, width, size)
        if lines is not None and len(lines) <= max_lines and len(lines) * size * LINE <= height:
            return lines, size
    size = sizes[-1]
    fit = max(1, min(max_lines, int(height // (size * LINE))))
    words: list[str] = []
    for word in text.split():  # words cut to the width, then lines cut to the height
        while text_width(word, size) > width and len(word) > 1:
            word = word[:-2] + "…"
        words.append(word)
    lines = _wrap(" ".join(words), width, size) or [words[0]]
    if len(lines) > fit:
        lines = lines[:fit]
        last = lines[-1]
        while text_width(last + "…", size) > width and len(last) > 1:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines, size


def _heat_colour(value: float, top: float) -> str:
    share = 0.0 if top <= 0 else min(value / top, 1.0)
    red = 255
    other = int(255 - 200 * share)
    return f"#{red:02x}{other:02x}{other:02x}"


BAND = 16  # depth of a street's colour band
TOKEN_ROW = 13  # height of the row kept for tokens when a game is drawn
PAD = 3  # space kept free inside a square's edges and below its band


def _content_box(
    x: float, y: float, w: float, h: float, side: str, banded: bool
) -> tuple[float, float, float, float]:
    """The part of a square where text may go: inside its edges, clear of the colour band."""
    band = BAND if banded else 0
    bx, by, bw, bh = {
        "bottom": (x, y + band, w, h - band),
        "top": (x, y, w, h - band),
        "left": (x, y, w - band, h),
        "right": (x + band, y, w - band, h),
    }.get(side, (x, y, w, h))
    return bx + PAD, by + PAD, bw - 2 * PAD, bh - 2 * PAD


def _text(cx: float, baseline: float, size: float, content: str, fill: str = "#000", cls: str = "") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (
        f'<text{klass} x="{cx:.1f}" y="{baseline:.1f}" font-size="{size:g}" text-anchor="middle" fill="{fill}">'
        f"{escape(content)}</text>"
    )


def square_geometry(edition: Edition, token_rows: bool = False) -> list[dict[str, object]]:
    """Where each square is drawn: its ``box`` (x, y, width, height), ``side``, its colour ``band``
    (a street's, else None), the ``text`` area left for its words and, with ``token_rows``, the
    ``tokens`` row kept at its outer edge. The browser's board draws owners, buildings and tokens
    over :func:`board_svg` with these."""
    out: list[dict[str, object]] = []
    for sq, (x, y, w, h, side) in zip(edition.squares, _layout(edition.size), strict=False):
        group = edition.groups.get(sq.group) if sq.group else None
        band = None
        if group is not None and sq.kind == "street" and side != "corner":
            band = {
                "bottom": (x, y, w, BAND),
                "top": (x, y + h - BAND, w, BAND),
                "left": (x + w - BAND, y, BAND, h),
                "right": (x, y, BAND, h),
            }[side]
        text = _content_box(x, y, w, h, side, band is not None)
        row = None
        if token_rows:  # a row kept free for the tokens, at the square's outer edge
            cx, cy, cw, ch = text
            row = (cx, cy + ch - TOKEN_ROW, cw, TOKEN_ROW)
            text = (cx, cy, cw, ch - TOKEN_ROW)
        out.append({"box": (x, y, w, h), "side": side, "band": band, "text": text, "tokens": row})
    return out


def board_svg(
    edition: Edition,
    game: Game | None = None,
    heat: Sequence[float] | None = None,
    title: str | None = None,
    token_rows: bool = False,
) -> str:
    """The board as an SVG document. ``game`` adds owners, buildings, mortgages and tokens;
    ``heat`` (one value per square) shades each square by its value, e.g. landing odds.

    Each square's texts (the heat percentage, the name wrapped to fit, the price or the kind's
    mark, "M" when mortgaged) are stacked in the square's free area, clear of its colour band; a
    name too long for the square at 6 px is cut with "…" (its full name is the square's tooltip)."""
    geometry = square_geometry(edition, token_rows=game is not None or token_rows)
    size = max(g["box"][0] + g["box"][2] for g in geometry)  # type: ignore[index]
    top = max(heat) if heat else 0.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:.0f} {size:.0f}" '
        f'width="{size:.0f}" height="{size:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{size:.0f}" height="{size:.0f}" fill="#cde6d0"/>',
    ]
    money = edition.currency.show
    rows: list[tuple[float, float, float, float]] = []
    for sq, g in zip(edition.squares, geometry, strict=False):
        x, y, w, h = g["box"]  # type: ignore[misc]
        fill = _heat_colour(heat[sq.index], top) if heat else "#fbfbf5"
        parts.append(
            f'<g class="square" data-index="{sq.index}"><title>{escape(sq.name)}</title>'
            f'<rect class="cell" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="#333"/>'
        )
        band = g["band"]
        if band is not None:
            bx, by, bw, bh = band  # type: ignore[misc]
            color = edition.groups[sq.group].color  # type: ignore[index]
            parts.append(
                f'<rect class="band" x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{bh:.1f}" fill="{color}" stroke="#333"/>'
            )
        if g["tokens"] is not None:
            rows.append(g["tokens"])  # type: ignore[arg-type]
        parts.extend(_square_texts(edition, sq, g["text"], heat, game, money))
        if game is not None:
            parts.append(_state(game, sq.index, x, y, w, h, band))  # type: ignore[arg-type]
        parts.append("</g>")
    if game is not None:
        parts.extend(_tokens(game, rows))
    parts.extend(_title(title or edition.name, size))
    parts.append("</svg>")
    return "\n".join(parts)


def _square_texts(edition, sq, box, heat, game, money) -> list[str]:
    """The square's lines, top to bottom, centred in ``box``."""
    bx, by, bw, bh = box
    lines: list[tuple[str, float, str, str]] = []  # text, size, fill, class
    if heat:
        lines.append((f"{100 * heat[sq.index]:.2f}%", 7.0, "#800", "heat"))
    bottom: list[tuple[str, float, str, str]] = []
    if sq.is_property:
        price, psize = money(sq.price), 8.0
        while text_width(price, psize) > bw and psize > 5:
            psize -= 0.5
        bottom.append((price, psize, "#222", "price"))
    elif sq.kind in KIND_LABEL and bh > 60:
        bottom.append((KIND_LABEL[sq.kind], 12.0, "#000", "mark"))
    if game is not None and game.mortgaged[sq.index]:
        bottom.append(("M", 9.0, "#a00", "mortgaged"))
    used = sum(s * LINE for _, s, _, _ in lines + bottom)
    names, nsize = _fit(sq.name, bw, bh - used, NAME_SIZES, MAX_LINES)
    lines += [(n, nsize, "#000", "name") for n in names] + bottom
    total = sum(s * LINE for _, s, _, _ in lines)
    y = by + max(0.0, (bh - total) / 2)
    out = []
    for text, size, fill, cls in lines:
        y += size * LINE
        out.append(_text(bx + bw / 2, y - size * (LINE - 1) - size * 0.2, size, text, fill, cls))
    return out


def _title(caption: str, size: float) -> list[str]:
    """The caption in the middle, wrapped and sized to the inner area."""
    inner = size - 2 * DEPTH - 2 * 24
    lines, fsize = _fit(caption, inner, inner, (28, 24, 20, 18, 16, 14, 12), 3)
    total = len(lines) * fsize * LINE
    y = size / 2 - total / 2
    out = []
    for line in lines:
        y += fsize * LINE
        out.append(_text(size / 2, y - fsize * (LINE - 1) - fsize * 0.2, fsize, line, "#245", "title"))
    return out


def _state(game: Game, sq: int, x: float, y: float, w: float, h: float, band: tuple | None) -> str:
    """The owner's frame, and the buildings drawn inside the colour band (as on the real board)."""
    out = []
    owner = game.owner[sq]
    if owner >= 0:
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        out.append(
            f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{w - 4:.1f}" height="{h - 4:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="3"><title>{escape(game.names[owner])}</title></rect>'
        )
    level = game.level[sq]
    if band is None or not level:
        return "".join(out)
    bx, by, bw, bh = band
    across = bw >= bh  # the band runs along x (top and bottom sides) or along y
    count = 1 if level == HOTEL else level
    for i in range(count):
        if level == HOTEL:
            rx, ry, rw, rh = (bx + bw / 2 - 9, by + 3, 18, 10) if across else (bx + 3, by + bh / 2 - 9, 10, 18)
            out.append(f'<rect x="{rx:.1f}" y="{ry:.1f}" width="{rw}" height="{rh}" fill="#c00" stroke="#000"/>')
        else:
            rx, ry = (bx + 4 + i * 14, by + 3.5) if across else (bx + 3.5, by + 4 + i * 14)
            out.append(f'<rect x="{rx:.1f}" y="{ry:.1f}" width="9" height="9" fill="#080" stroke="#000"/>')
    return "".join(out)


def _tokens(game: Game, rows: list[tuple[float, float, float, float]]) -> list[str]:
    """Each seat's token in its square's token row (a second row, upwards, past four a row)."""
    out = []
    counts: dict[int, int] = {}
    for seat in range(game.n):
        if game.bankrupt[seat]:
            continue
        sq = game.position[seat]
        x, y, w, h = rows[sq]
        i = counts.get(sq, 0)
        counts[sq] = i + 1
        per_row = max(1, int(w // 13))
        cx, cy = x + 6.5 + (i % per_row) * 13, y + h / 2 - (i // per_row) * 13
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        jail = ' stroke-dasharray="2,2"' if game.in_jail[seat] else ""
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="{colour}" fill-opacity="0.8" stroke="#000"{jail}>'
            f"<title>{escape(game.names[seat])}</title></circle>"
        )
    return out


class Board:
    """A board picture that notebooks render inline."""

    def __init__(self, edition: Edition, game: Game | None = None, heat: Sequence[float] | None = None) -> None:
        self.edition, self.game, self.heat = edition, game, heat

    def _repr_svg_(self) -> str:
        return board_svg(self.edition, self.game, self.heat)

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(self._repr_svg_())
