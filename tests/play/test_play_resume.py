"""Item 1 of issue 11: a saved game against bots resumes with the bots playing their own seats and
the table's language, through the installed program; records of version 1 still load."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from landlords import record as records
from landlords.i18n import tr

EXE = Path(sys.executable).parent / "landlords"


def play(args: list[str], lines: str, tmp: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_STATE_HOME=str(tmp), LANGUAGE="", LC_ALL="", LANG="en_US.UTF-8")
    return subprocess.run(
        [str(EXE), "play", *args], input=lines, capture_output=True, text=True, env=env, timeout=120
    )


def test_load_resumes_against_bots_that_play_their_own_seats(tmp_path):
    save = tmp_path / "friday.json"
    spec = "cautious:reserve=300"
    first = play(
        [
            "--lang",
            "ru",
            "--players",
            "Аня",
            "--bots",
            f"advisor,{spec}",
            "--seed",
            "11",
            "--save",
            str(save),
            "--fast",
        ],
        "1\n" * 3 + "q\n",
        tmp_path,
    )
    assert first.returncode == 0, first.stderr
    saved = records.load(save)
    assert saved["version"] == 2 and saved["lang"] == "ru"
    bots = [tr("ru", "ui.bot_name", n=1), tr("ru", "ui.bot_name", n=2)]
    assert saved["seats"] == [
        {"name": "Аня", "bot": None},
        {"name": bots[0], "bot": "advisor"},
        {"name": bots[1], "bot": spec},
    ]
    before = len(saved["actions"])

    # resume with no option but --load: every answer typed is Аня's; the bots must move by themselves
    again = play(["--load", str(save), "--fast"], "1\n" * 25 + "q\n", tmp_path)
    assert again.returncode == 0, again.stderr
    assert tr("ru", "ui.resumed", n=before) in again.stdout  # the table's language was kept
    prompts = [line for line in again.stdout.split("›")[:-1]]
    assert prompts and all(p.rstrip().endswith("Аня") for p in prompts), "only the person is asked"
    after = records.load(save)
    assert after["seats"] == saved["seats"] and after["lang"] == "ru"  # the save still says who is a bot
    new = after["actions"][before:]
    assert {1, 2} <= {seat for seat, _ in new}, "both bots acted after the load"
    table = records.restore(after)
    assert table.bots == [None, "advisor", spec] and table.lang == "ru"
    assert table.game.state_hash() == after["state_hash"]


def test_an_explicit_lang_wins_over_the_saved_one(tmp_path):
    save = tmp_path / "g.json"
    assert (
        play(
            ["--lang", "pl", "--players", "Ola", "--seed", "2", "--save", str(save), "--fast"], "q\n", tmp_path
        ).returncode
        == 0
    )
    out = play(["--load", str(save), "--lang", "en", "--fast"], "q\n", tmp_path)
    assert tr("en", "ui.resumed", n=len(records.load(save)["actions"])) in out.stdout


def test_a_version_1_record_with_seats_in_its_setup_still_loads(tmp_path):
    import landlords

    game = landlords.new_game("classic-us", players=["Ann", "Bot 1"], seed=3)
    game.apply(game.decision.seat, landlords.ROLL)
    data = records.to_record(game)
    old = {k: v for k, v in data.items() if k not in ("seats", "lang")}
    old["version"] = 1
    old["setup"] = dict(old["setup"], seats=[{"person": True}, {"bot": "baseline"}])
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    table = records.restore(records.load(path))
    assert table.bots == [None, "baseline"] and table.lang is None
    assert [s.name for s in table.seats] == ["Ann", "Bot 1"]
    assert table.game.state_hash() == game.state_hash()


def test_to_record_takes_the_seats_and_language_for_an_exporter():
    import landlords

    game = landlords.new_game("moscow", players=["Аня", "Bot"], seed=1)
    data = records.to_record(
        game, seats=[{"name": "Аня", "bot": None}, {"name": "Bot", "bot": "trader"}], lang="ru"
    )
    assert data["seats"][1] == {"name": "Bot", "bot": "trader"} and data["lang"] == "ru"
    records.validate(data)
    assert records.restore(data).bots == [None, "trader"]
