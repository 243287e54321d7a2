"""The terminal board (issue 13): a legend for every mark it shows, tokens labelled as the seats are
named, and square names cut only when the terminal's width is used up (at 80 columns and wider)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import landlords
from landlords.play.view import HOTEL_MARK, HOUSE, MORTGAGE_MARK, TOKEN, board, board_name, panels, tokens


def screen(renderable, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def spread(game):
    """Tokens on different squares, a few lots owned, built and mortgaged."""
    for seat in range(game.n):
        game.position[seat] = 7 * seat + 3
    game.set_owner(1, 0)
    game.level[1] = 2
    game.set_owner(5, 1)
    game.mortgaged[5] = True
    return game


BOARDS = [
    ("moscow", "hasbro-ru", "ru"),
    ("warsaw", "polish", "pl"),
    (None, "odessa", "en"),
    (None, "businesspoly", "ru"),
]


@pytest.mark.parametrize("edition, ruleset, lang", BOARDS)
@pytest.mark.parametrize("width", [80, 100, 160])
def test_names_are_whole_while_the_width_allows(edition, ruleset, lang, width):
    game = spread(landlords.new_game(edition, ruleset, players=["Аня", "Бот 1", "Бот 2"], seed=1))
    text = screen(board(game, lang, width), width)
    assert max(len(line) for line in text.splitlines()) <= width
    if game.edition.language != lang and width != 100:
        return  # the English glosses are longer than the Russian names: whole at 100 (two sides)
    cut = [s.name for s in game.edition.squares if board_name(game, lang, s.index) not in text]
    assert not cut, cut  # (an English reader of a Russian board reads its glosses)
    assert "…" not in text


def test_a_name_is_cut_only_when_the_width_is_used_up():
    game = landlords.new_game("moscow", "hasbro-ru", players=["Вы", "Бот 1", "Бот 2", "Бот 3"], seed=1)
    text = screen(board(game, "ru", 80), 80)  # everyone on Go: the first side needs room for 4 tokens
    rows = [line for line in text.splitlines() if re.search(r"\d \S", line)]
    assert any("…" in row for row in rows)
    assert max(len(line) for line in text.splitlines()) == 80  # every column in use
    wide = screen(board(game, "ru", 100), 100)
    assert all(s.name in wide for s in game.edition.squares)
    narrow = screen(board(game, "ru", 60), 60)
    assert max(len(line) for line in narrow.splitlines()) <= 60


@pytest.mark.parametrize("edition, ruleset, lang", BOARDS)
def test_every_mark_on_the_board_is_in_the_legend(edition, ruleset, lang):
    game = spread(landlords.new_game(edition, ruleset, players=["Ann", "Bob"], seed=1))
    text = screen(board(game, lang, 120), 120)
    start = re.search(r"\n│ ██ [^\d\s]", text).start()  # the legend: after the squares' rows
    body, legend = text[:start], text[start:].replace("│", " ")
    marks = {m for m in re.findall(r"│ (\S\S) +\d+ ", body)}
    marks |= {m for m in re.findall(r" {2}(\S\S) +\d+ ", body)}
    assert {"██", "≡≡", "??"} <= marks
    for mark in marks | {HOUSE, HOTEL_MARK, MORTGAGE_MARK}:
        assert re.search(re.escape(mark) + r" \w", " ".join(legend.split())), (mark, legend)


def test_tokens_match_the_seats_names():
    game = landlords.new_game("moscow", "hasbro-ru", players=["Вы", "Бот 1", "Бот 2", "Борис"], seed=1)
    assert tokens(game) == ["В", "Б1", "Б2", "БС"]
    game = landlords.new_game("classic-us", players=["Ann", "Bob", "Bot 1", "Bot 2"], seed=1)
    assert tokens(game) == ["A", "BB", "B1", "B2"]
    spread(game)
    text = screen(board(game, "en", 120), 120)
    legend = " ".join(text.split("Tokens and owners:")[1].replace("│", " ").split())
    for seat, name in enumerate(game.names):
        assert f"{TOKEN}{tokens(game)[seat]} {name}" in legend
    titles = screen(panels(game, "en", [None] * 4, 120), 120)
    for seat, name in enumerate(game.names):
        assert f"{TOKEN}{tokens(game)[seat]} {name}" in titles
