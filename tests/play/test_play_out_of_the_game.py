"""A person who is out of the game while the bots play on chooses, at the start of each round, to
watch it, to run the game to its end at once, or to quit (issue 30: `q` was ignored, only Ctrl-C)."""

from __future__ import annotations

import landlords
from landlords import record as records
from landlords.i18n import tr
from landlords.play.app import PlayApp
from landlords.play.terminal import ScriptedTerminal
from landlords.position import Position


def bankrupt_person_game() -> landlords.Game:
    """Ann (seat 0, the person) is already bankrupt; two bots play on."""
    data = Position.new("hasbro-ru", players=3).to_json()
    data["players"][0].update({"name": "Ann", "cash": 0, "bankrupt": True})
    data["players"][1]["name"], data["players"][2]["name"] = "Bot 1", "Bot 2"
    data["turn"] = {"current": 1, "first": 0, "bankrupt_order": [0]}
    data["stack"] = [{"kind": "pre_roll", "seat": 1}]
    data["bank"] = {"balance": -3000}
    data["players"][1]["auto_claim"] = data["players"][2]["auto_claim"] = True
    return landlords.from_position(data)


def play(tmp_path, lines: list[str]) -> tuple[landlords.Game, str, int]:
    game = bankrupt_person_game()
    term = ScriptedTerminal(lines, width=120)
    code = PlayApp(game, [None, "baseline", "baseline"], "en", tmp_path / "g.json", pace=0, terminal=term).run()
    return game, term.output(), code


def test_the_person_out_of_the_game_quits_and_the_game_is_saved(tmp_path):
    game, out, code = play(tmp_path, ["1", "0"])  # watch one round, then quit
    assert code == 0 and not game.over
    assert out.count(tr("en", "ui.out_title")) == 2
    assert tr("en", "ui.out_quit") in out
    assert game.round >= 2
    saved = records.replay(records.load(tmp_path / "g.json"))  # the save plays back to where Ann left
    assert saved.state_hash() == game.state_hash()


def test_the_person_out_of_the_game_runs_it_to_the_end(tmp_path):
    game, out, code = play(tmp_path, ["2"])
    assert code == 0 and game.over
    assert out.count(tr("en", "ui.out_title")) == 1  # asked once, then no more questions
