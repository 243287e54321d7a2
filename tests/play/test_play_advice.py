"""Issue 19 at the table: ``?`` in ``landlords play`` shows the win chances or, at an offer, what
accepting it changes, worked out in the background without holding up the game; refused where the
table agreed to play without advice (the house rule ``advice=false``, kept in the record)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

import landlords
from landlords import Position
from landlords import record as records
from landlords.analysis.advice import AdviceOff, advise
from landlords.engine.actions import ProposeTrade
from landlords.play.advice import Background, InProcess
from landlords.play.app import PlayApp
from landlords.play.terminal import ScriptedTerminal


def table(**rules) -> landlords.Game:
    return (
        Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob"], rules=rules or None)
        .own("Ann", "Oriental", "Vermont")
        .own("Bob", "Connecticut", "Boardwalk")
        .game()
    )


def app_for(game, lines, tmp: Path, runner=None, lang="en") -> tuple[PlayApp, ScriptedTerminal]:
    term = ScriptedTerminal(lines, width=120)
    app = PlayApp(game, [None, "advisor"], lang, tmp / "game.json", pace=0, terminal=term)
    if runner is not None:
        app.advice.runner = runner
    return app, term


def quick(position):
    return InProcess(position, games=40, precision=None)


class Never:
    """A background job that is never done (the game must not wait for it)."""

    stopped = 0

    def __init__(self, position) -> None:
        self.result = None

    def done(self) -> bool:
        return False

    def stop(self) -> None:
        Never.stopped += 1


def test_question_mark_shows_the_win_chances(tmp_path):
    app, term = app_for(table(), ["?", "q"], tmp_path, quick)
    app.run()
    out = term.output()
    assert "Working out the win chances in the background" in out
    assert "Win chances from turn 1 (40 continuations):" in out
    assert "Ann: " in out and "Bob: " in out and "(95%: " in out
    assert "If everyone played like the program's advisor bots" in out


def test_the_chances_are_in_the_tables_language(tmp_path):
    app, term = app_for(table(), ["?", "q"], tmp_path, quick, lang="ru")
    app.run()
    assert "Шансы на победу с хода 1 (продолжений: 40):" in term.output()


def test_at_an_offer_question_mark_weighs_it(tmp_path):
    game = table()
    game.apply(1, ProposeTrade(0, (9,), 0, (), (), 100, ()))  # Bob offers Connecticut to Ann for 100
    app, term = app_for(game, ["?", "q"], tmp_path, quick)
    app.run()
    out = term.output()
    assert "Weighing the offer in the background" in out
    assert "The offer, on the same 40 continuations with and without it:" in out
    assert "Ann: " in out and " without, " in out and re.search(r" points?; 95%: ", out)
    assert "completes Light Blue" in out and "expected rent per opponent turn" in out
    # the expert's answer to the offer, with the win chance it saw for each (issue 33)
    assert re.search(r"The expert's choice: (Accept|Reject)[^(]*\(\d+% to win in its \d+ sampled futures; "
                     r"(Accept|Reject)[^:]*: \d+%\)", out), out


def test_the_game_goes_on_while_the_advice_is_worked_out(tmp_path):
    Never.stopped = 0
    app, term = app_for(table(), ["?", "?", "1", "q"], tmp_path, Never)
    app.run()
    out = term.output()
    assert "Working out the win chances" in out and "Still working it out" in out
    assert "Ann rolled" in out  # the roll was played while the analysis was still running
    assert Never.stopped == 1  # leaving the game stops it


def test_an_answer_that_comes_late_says_the_game_moved_on(tmp_path):
    class Late(Never):
        calls = 0

        def __init__(self, position) -> None:
            pass  # the answer (the class's) is there from the third look on: after the roll

        def done(self) -> bool:
            Late.calls += 1
            return Late.calls > 2

    Late.result = ("ok", advise(table(), games=30, precision=None))
    app, term = app_for(table(), ["?", "1", "q"], tmp_path, Late)
    app.run()
    out = term.output()
    assert "Win chances from turn 1" in out and "the game has moved on since" in out


def test_a_table_without_advice_refuses_and_keeps_that_in_its_record(tmp_path):
    game = table(advice=False)
    app, term = app_for(game, ["?", "q"], tmp_path, quick)
    app.run()
    out = term.output()
    assert "This table agreed to play without advice (house rule advice=false)." in out
    assert "Win chances" not in out
    saved = records.load(tmp_path / "game.json")
    assert records.restore(saved).game.rules.advice is False
    with pytest.raises(AdviceOff, match="advice=false"):
        advise(game.to_position(), games=10)


def test_h_still_helps_and_lists_question_mark(tmp_path):
    app, term = app_for(table(), ["h", "q"], tmp_path, quick)
    app.run()
    assert "?           win chances now" in term.output()


def test_the_background_job_runs_in_a_process_of_its_own():
    edition = landlords.load_edition("classic-us")
    lots = [sq.index for sq in edition.squares if sq.is_property]
    lone = Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob"]).own("Ann", *lots)
    job = Background(lone.cash("Bob", 50).turn("Bob").game().to_position())
    try:
        for _ in range(1200):  # waits for the answer; the game never does
            if job.done():
                break
            time.sleep(0.1)
        status, data = job.result
        assert status == "ok" and data["kind"] == "chances", data
        assert data["chances"]["seats"][0]["chance"] > 0.95
    finally:
        job.stop()
    assert not job.proc.is_alive()


@pytest.mark.parametrize("rule", [{"advice": False}, {"free_parking_pot": True}])
def test_a_record_with_a_yes_no_house_rule_loads_again(tmp_path, rule):
    """A true/false house rule was refused on loading ("must be text, a number or true/false, got
    true/false"): a bool is an int to Python, and the check of whole numbers' range caught it."""
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1, rules=rule)
    records.save(game, tmp_path / "r.json")
    again = records.restore(records.load(tmp_path / "r.json")).game
    assert again.rules == game.rules and again.to_position()["rules"] == rule


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Ann: 50% without, 49% with it (-1 point; 95%: -3 to +2)"),
        ("ru", "Ann: без сделки 50%, со сделкой 49% (-1 пункт; 95%: от -3 до +2)"),
        ("pl", "Ann: bez oferty 50%, z ofertą 49% (-1 punkt; 95%: od -3 do +2)"),
    ],
)
def test_the_change_of_an_offer_reads_in_the_plural_of_its_number(tmp_path, lang, line):
    app, term = app_for(table(), [], tmp_path, lang=lang)
    change = {"name": "Ann", "seat": 0, "without": 0.5, "with": 0.49, "change": -0.01, "ci95": [-0.03, 0.02]}
    app.advice.show_trade({"games": 40, "changes": [change], "exact": []})
    assert line in term.output()
    assert term.output().count("(") == term.output().count(")")
