"""The SVG board draws no text over other text, over a colour band or outside its square, on every
edition, with a heat map, a game's state and a long title. Text boxes are measured with the
renderer's documented glyph-width model (``text_width``: widths at least those of DejaVu Sans and
Arial for Latin and Cyrillic); a line's box runs from 0.8 of the font size above its baseline to 0.2
below."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import pytest

import landlords
from landlords.bots import make_bot
from landlords.editions import edition_names, load_edition
from landlords.render.svg import board_svg, text_width

NS = "{http://www.w3.org/2000/svg}"


def text_boxes(svg: str):
    root = ET.fromstring(svg)
    out = []
    for group in [root, *root.iter(NS + "g")]:
        index = group.get("data-index")
        for t in group.findall(NS + "text"):
            x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
            w = text_width(t.text or "", size)
            assert t.get("text-anchor") == "middle"
            out.append((index, t.text, (x - w / 2, y - 0.8 * size, x + w / 2, y + 0.2 * size)))
    return out


def rects(svg: str, cls: str):
    root = ET.fromstring(svg)
    found = []
    for group in root.iter(NS + "g"):
        for r in group.findall(NS + "rect"):
            if r.get("class") == cls:
                x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
                found.append((group.get("data-index"), (x, y, x + w, y + h)))
    return found


def overlap(a, b, slack=0.01) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def inside(a, b) -> bool:
    return a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and a[2] <= b[2] + 0.01 and a[3] <= b[3] + 0.01


def played(edition: str):
    game = landlords.new_game(edition, "hasbro-ru", players=3, seed=2)
    bots = [make_bot("baseline", seed=i) for i in range(3)]
    while not game.over and game.turn < 120:
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
    for sq in game.owned_by(game.decision.seat)[:2] if not game.over else []:
        if (
            game.level[sq] == 0
            and not game.mortgaged[sq]
            and game.is_legal(game.decision.seat, landlords.Mortgage(sq))
        ):
            game.apply(game.decision.seat, landlords.Mortgage(sq))
    return game


@pytest.mark.parametrize("name", edition_names())
def test_no_text_over_text_bands_or_outside_its_square(name):
    ed = load_edition(name)
    long_title = f"{ed.name}: probability of ending a turn on each square (jail long)"
    pictures = [
        board_svg(ed),
        board_svg(ed, heat=[0.0312] * ed.size, title=long_title),
    ]
    if ed.size == 40 and name not in ("odessa", "businesspoly"):
        pictures.append(board_svg(ed, game=played(name), heat=[0.1] * ed.size))
    for svg in pictures:
        texts = text_boxes(svg)
        cells = dict(rects(svg, "cell"))
        bands = rects(svg, "band")
        assert len(texts) > ed.size
        for i, (sq, text, box) in enumerate(texts):
            if sq is not None:
                assert inside(box, cells[sq]), (name, text, box, cells[sq])
            for _, band in bands:
                assert not overlap(box, band), (name, text, box, band)
            for _, text2, box2 in texts[i + 1 :]:
                assert not overlap(box, box2), (name, text, text2)
        assert any(t.endswith("%") for _, t, _ in texts) or svg is pictures[0]


def test_the_title_of_the_32_square_board_stays_in_the_middle():
    ed = load_edition("businesspoly-short")
    svg = board_svg(ed, heat=[0.03] * 32, title=f"{ed.name}: odds per roll")
    size = float(re.search(r'width="(\d+)"', svg).group(1))
    titles = [box for sq, _, box in text_boxes(svg) if sq is None]
    assert titles
    for box in titles:
        assert inside(box, (96, 96, size - 96, size - 96))


def test_a_name_that_cannot_fit_is_cut_and_kept_whole_in_the_tooltip():
    ed = load_edition("classic-us")
    long = "Supercalifragilisticexpialidocious Boulevard of the Very Long Names Indeed"
    squares = list(ed.squares)
    squares[1] = dataclasses.replace(ed.squares[1], name=long)
    svg = board_svg(dataclasses.replace(ed, squares=tuple(squares)))
    names = [t for sq, t, _ in text_boxes(svg) if sq == "1"]
    assert any(t.endswith("…") for t in names) and f"<title>{long}</title>" in svg
