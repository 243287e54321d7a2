"""A seat's grammar given by hand (issue 13): ``landlords play --grammar "Саша:f"`` for a name whose
gender or cases the guess gets wrong; kept in the record's ``setup.grammar`` and restored with the
game, so a resumed game speaks of the seat the same way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import landlords
from landlords import record as records
from landlords.describe.words import Speaker
from landlords.engine import events as E
from landlords.engine.errors import ConfigError
from landlords.i18n.grammar import parse_grammar
from landlords.render.text import describe

EXE = str(Path(sys.executable).parent / "landlords")
# Борис 6+5 and Саша 1+2 for the turn order; Борис 1+2 buys Нагатинская улица, Саша 1+2 lands on it
ARGS = ["--lang", "ru", "--edition", "moscow", "--players", "Борис,Саша", "--bots", "none", "--seed", "3"]
DICE = ["--dice", "6,5 1,2 1,2 1,2", "--fast"]
OWES = "Саша должна 4 тыс. ₽ аренды Борису за поле «Нагатинская улица»"


def play(args: list[str], tmp: Path, typed: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_STATE_HOME=str(tmp))
    return subprocess.run([EXE, "play", *args], input=typed, capture_output=True, text=True, env=env, timeout=120)


def test_the_spec_reads_gender_you_and_cases():
    assert parse_grammar("Саша:f") == ("Саша", {"gender": "f"})
    assert parse_grammar("Кэрол:f,dat=Кэрол,gen=Кэрол") == (
        "Кэрол",
        {"gender": "f", "dat": "Кэрол", "gen": "Кэрол"},
    )
    assert parse_grammar("Я: you") == ("Я", {"you": True})
    for bad, why in (("Саша", "NAME:SPEC"), ("Саша:x", "'x' is not"), ("Саша:f,abl=Саше", "'abl' is not")):
        with pytest.raises(ValueError, match=why):
            parse_grammar(bad)


def test_a_saved_game_keeps_and_restores_the_grammar(tmp_path):
    save = tmp_path / "g.json"
    guessed = play([*ARGS, *DICE, "--save", str(tmp_path / "guess.json")], tmp_path, "1\n1\n1\n1\nq\n")
    assert "Саша должен 4 тыс. ₽ аренды Борису" in guessed.stdout  # «Саша» is guessed a man's name (Александр)
    done = play([*ARGS, *DICE, "--grammar", "Саша:f", "--save", str(save)], tmp_path, "1\n1\n1\n1\nq\n")
    assert done.returncode == 0, done.stderr
    assert OWES in done.stdout
    data = records.load(save)
    assert data["setup"]["grammar"] == {"1": {"gender": "f"}}
    game = records.restore(data).game
    assert describe(game, E.RentOwed(0, 1, 3, 4), "ru") == OWES  # owner, payer, square, amount
    # resumed: the last moves are shown again the same way, and saving keeps the profile
    again = play(["--load", str(save), "--fast"], tmp_path, "w\nq\n")
    assert again.returncode == 0, again.stderr
    assert OWES in again.stdout and "Саша должен" not in again.stdout
    assert json.loads(save.read_text())["setup"]["grammar"] == {"1": {"gender": "f"}}
    # a profile given when resuming replaces the saved one
    play(["--load", str(save), "--grammar", "Саша:m,dat=Сашеньке", "--fast"], tmp_path, "q\n")
    assert records.load(save)["setup"]["grammar"] == {"1": {"gender": "m", "dat": "Сашеньке"}}


@pytest.mark.parametrize(
    "spec, words",
    [("Саша:x", "--grammar 'Саша:x': 'x' is not m, f, n"), ("Zed:f", "'Zed' is not at the table")],
)
def test_a_bad_grammar_option_is_one_clear_line(tmp_path, spec, words):
    done = play([*ARGS, "--grammar", spec, "--save", str(tmp_path / "g.json")], tmp_path, "")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()] and words in done.stderr
    assert not (tmp_path / "g.json").exists() or records.load(tmp_path / "g.json")["actions"] == []


def test_a_record_with_a_bad_profile_names_the_field():
    game = landlords.new_game("moscow", players=["Аня", "Борис"], seed=1)
    data = records.to_record(game)
    data["setup"]["grammar"] = {"1": {"gender": "x"}}
    with pytest.raises(ConfigError, match=r"setup\.grammar\.1.*gender must be one of m, f, n"):
        records.restore(data)
    data["setup"]["grammar"] = {"2": {"gender": "f"}}
    with pytest.raises(ConfigError, match=r"setup\.grammar.*not a seat from 0 to 1"):
        records.restore(data)
    data["setup"]["grammar"] = {"0": {"gender": "m", "dat": "Ане-сан"}}
    assert Speaker(records.restore(data).game, "ru").name(0).profile.case("dat") == "Ане-сан"
