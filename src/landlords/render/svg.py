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


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines[:3]


def _heat_colour(value: float, top: float) -> str:
    share = 0.0 if top <= 0 else min(value / top, 1.0)
    red = 255
    other = int(255 - 200 * share)
    return f"#{red:02x}{other:02x}{other:02x}"


def board_svg(
    edition: Edition,
    game: Game | None = None,
    heat: Sequence[float] | None = None,
    title: str | None = None,
) -> str:
    """The board as an SVG document. ``game`` adds owners, buildings, mortgages and tokens;
    ``heat`` (one value per square) shades each square by its value, e.g. landing odds."""
    boxes = _layout(edition.size)
    size = max(x + w for x, _, w, _, _ in boxes)
    top = max(heat) if heat else 0.0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:.0f} {size:.0f}" '
        f'width="{size:.0f}" height="{size:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{size:.0f}" height="{size:.0f}" fill="#cde6d0"/>',
    ]
    money = edition.currency.show
    for sq, (x, y, w, h, side) in zip(edition.squares, boxes, strict=False):
        fill = _heat_colour(heat[sq.index], top) if heat else "#fbfbf5"
        parts.append(
            f'<g class="square" data-index="{sq.index}"><title>{escape(sq.name)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="#333"/>'
        )
        group = edition.groups.get(sq.group) if sq.group else None
        if group is not None and sq.kind == "street":
            band = 16
            bx, by, bw, bh = {
                "bottom": (x, y, w, band),
                "top": (x, y + h - band, w, band),
                "left": (x + w - band, y, band, h),
                "right": (x, y, band, h),
            }.get(side, (x, y, w, band))
            parts.append(
                f'<rect x="{bx:.1f}" y="{by:.1f}" width="{bw:.1f}" height="{bh:.1f}" fill="{group.color}" stroke="#333"/>'
            )
        lines = _wrap(sq.name, 11 if side in ("bottom", "top", "corner") else 14)
        cx = x + w / 2
        cy = y + h / 2 - 6 * (len(lines) - 1)
        for i, line in enumerate(lines):
            parts.append(
                f'<text x="{cx:.1f}" y="{cy + 12 * i:.1f}" font-size="8.5" text-anchor="middle">{escape(line)}</text>'
            )
        if sq.is_property:
            py = y + 12 if side == "top" else y + h - 6  # keep clear of the colour band
            parts.append(
                f'<text x="{cx:.1f}" y="{py:.1f}" font-size="8" text-anchor="middle" fill="#222">'
                f"{escape(money(sq.price))}</text>"
            )
        elif sq.kind in KIND_LABEL and side != "corner":
            parts.append(
                f'<text x="{cx:.1f}" y="{y + h - 8:.1f}" font-size="14" text-anchor="middle">{KIND_LABEL[sq.kind]}</text>'
            )
        if heat:
            parts.append(
                f'<text x="{x + 4:.1f}" y="{y + 10:.1f}" font-size="7" fill="#800">{100 * heat[sq.index]:.2f}%</text>'
            )
        if game is not None:
            parts.append(_state(game, sq.index, x, y, w, h))
        parts.append("</g>")
    if game is not None:
        parts.extend(_tokens(game, boxes))
    caption = title or edition.name
    parts.append(
        f'<text x="{size / 2:.0f}" y="{size / 2:.0f}" font-size="28" text-anchor="middle" fill="#245">{escape(caption)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _state(game: Game, sq: int, x: float, y: float, w: float, h: float) -> str:
    out = []
    owner = game.owner[sq]
    if owner >= 0:
        colour = SEAT_COLOURS[owner % len(SEAT_COLOURS)]
        out.append(
            f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{w - 4:.1f}" height="{h - 4:.1f}" fill="none" '
            f'stroke="{colour}" stroke-width="3"><title>{escape(game.names[owner])}</title></rect>'
        )
    level = game.level[sq]
    if level == HOTEL:
        out.append(
            f'<rect x="{x + w / 2 - 9:.1f}" y="{y + 18:.1f}" width="18" height="10" fill="#c00" stroke="#000"/>'
        )
    for i in range(level if level < HOTEL else 0):
        out.append(
            f'<rect x="{x + 6 + i * 12:.1f}" y="{y + 18:.1f}" width="9" height="9" fill="#080" stroke="#000"/>'
        )
    if game.mortgaged[sq]:
        out.append(
            f'<text x="{x + w - 6:.1f}" y="{y + 30:.1f}" font-size="12" text-anchor="end" fill="#a00">M</text>'
        )
    return "".join(out)


def _tokens(game: Game, boxes: list[tuple[float, float, float, float, str]]) -> list[str]:
    out = []
    counts: dict[int, int] = {}
    for seat in range(game.n):
        if game.bankrupt[seat]:
            continue
        sq = game.position[seat]
        x, y, w, h, _ = boxes[sq]
        i = counts.get(sq, 0)
        counts[sq] = i + 1
        cx, cy = x + 12 + (i % 4) * 14, y + h - 24 - (i // 4) * 14
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        jail = ' stroke-dasharray="2,2"' if game.in_jail[seat] else ""
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="{colour}" stroke="#000"{jail}>'
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
