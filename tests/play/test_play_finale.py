"""Issue 11, item 5: the final standings of the terminal game are the engine's (``game.standings()``):
the bankrupt ranked by the order they went out, the last to go out first, not by seat."""

from __future__ import annotations

import re

import landlords
from landlords.i18n import tr
from landlords.play.app import PlayApp
from landlords.play.terminal import ScriptedTerminal


def test_the_bankrupt_are_ranked_by_when_they_went_out(tmp_path):
    game = landlords.new_game(
        "classic-us", "hasbro-ru", players=["Ann", "Bob", "Cid", "Dan"], seed=1, auto_claim=True
    )
    term = ScriptedTerminal([], width=120)
    PlayApp(game, ["baseline"] * 4, "en", tmp_path / "g.json", pace=0, terminal=term).run()
    assert game.over and game.bankrupt_order == [0, 1, 2]  # Ann went out first, Cid last
    table = term.output().split(tr("en", "ui.standings"))[-1]
    rows = re.findall(r"│ (\d) +│ (\w+) +│ +([^│]+?) +│", table)
    assert [(n, name) for n, name, _ in rows] == [("1", "Dan"), ("2", "Cid"), ("3", "Bob"), ("4", "Ann")]
    assert [w for *_, w in rows][1:] == [tr("en", "ui.bankrupt")] * 3
