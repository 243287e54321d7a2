"""The terminal game's screens and menus, in-process: a scripted player types into the same
``PlayApp`` that ``landlords play`` runs (the whole program in a pseudo-terminal is
tests/play/test_play_terminal.py). Every decision of the rules is reachable; a variant's unknown
decisions and actions are offered with readable labels; refusals show the engine's reason."""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import ClassVar

import pytest
from support.play_helpers import Auto, play

import landlords
from landlords import record as records
from landlords.describe.labels import action_label, decision_title
from landlords.engine import decision as D
from landlords.engine.actions import ACTION_TYPES, Action, Bid, Build, ProposeTrade
from landlords.i18n import LANGUAGES, catalog, tr
from landlords.play.app import PlayApp
from landlords.play.view import board, panels


# ---------------------------------------------------------------- words
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_core_action_has_words_in_every_language(lang):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    samples = {"bid": Bid(10), "build": Build(1), "propose_trade": ProposeTrade(1, give_cash=5)}
    core = (
        "roll end_turn buy decline bid pass pay_jail_fine use_jail_card build sell_building mortgage "
        "unmortgage propose_trade accept reject claim_rent declare_bankruptcy choose_tax lift_mortgage "
        "want_building time_out choose_move move_to"
    ).split()
    for kind in core:
        cls = ACTION_TYPES[kind]
        if kind in samples:
            action = samples[kind]
        else:
            try:
                action = cls()
            except TypeError:  # one parameter: a square, a yes/no or a number of steps
                (name,) = [f.name for f in fields(cls)]
                action = cls(**{name: True if name in ("percent", "now", "want") else 1})
        label = action_label(game, 0, action, lang)
        assert label and "{" not in label, (kind, label)
        assert any(key.startswith(f"action.{kind}") for key in catalog(lang)), kind


@dataclass(frozen=True, slots=True)
class Juggle(Action):
    TYPE: ClassVar[str] = "juggle_deeds"
    square: int
    blindfolded: bool


def test_an_unknown_action_and_decision_read_from_their_fields():
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    assert (
        action_label(game, 0, Juggle(1, True), "en")
        == "Juggle deeds: square Житная улица (Zhitnaya Street); blindfolded yes"
    )
    assert action_label(game, 0, Juggle(3, False), "ru") == "Juggle deeds: поле Нагатинская улица; blindfolded нет"
    d = D.Decision("fortune_wheel", 1, 3)
    assert decision_title(game, d, "en") == "Bob: fortune wheel — Нагатинская улица (Nagatinskaya Street)"


def test_every_message_the_screens_use_is_in_the_catalogs():
    source = "\n".join(p.read_text() for p in Path(landlords.__file__).parent.joinpath("play").glob("*.py"))
    source += Path(landlords.__file__).parent.joinpath("cli", "play.py").read_text()
    source += Path(landlords.__file__).parent.joinpath("describe", "labels.py").read_text()  # once play's
    used = set(re.findall(r"""["']((?:ui|decision|action|menu)\.[a-z_]+)["']""", source))
    assert len(used) > 40
    for lang in LANGUAGES:
        missing = sorted(k for k in used if k not in catalog(lang))
        assert not missing, (lang, missing)


# ---------------------------------------------------------------- the screen
def test_the_board_shows_owners_buildings_mortgages_and_tokens():
    from rich.console import Console

    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    for sq in (1, 3):
        game.set_owner(sq, 0)
    game.level[1] = 2
    game.level[3] = 5
    game.set_owner(5, 1)
    game.mortgaged[5] = True
    game.position[1] = 5
    console = Console(width=120, record=True, color_system=None)
    console.print(board(game, "en", 120))
    console.print(panels(game, "en", [None, "advisor"], 120))
    text = console.export_text()
    assert re.search(r"██  1 Zhitnaya Street · Житная улица\s+A⌂⌂", text)  # the gloss, the original beside
    assert re.search(r"██  3 Nagatinskaya Street · Нагатинская улица\s+A■", text)
    assert re.search(r"≡≡  5 Riga Railway · Рижская железная дорога\s+B✕\s+●B", text)
    assert "bot: advisor" in text and "2/2 Zhitnaya Street ⌂⌂, Nagatinskaya Street ■" in text
    narrow = Console(width=60, record=True, color_system=None)
    narrow.print(board(game, "ru", 60))
    assert max(len(line) for line in narrow.export_text().splitlines()) <= 60


# ---------------------------------------------------------------- decisions of the classic game
def test_the_speed_die_bus_is_a_choice(tmp_path):
    game = landlords.new_game(
        "moscow",
        "hasbro-ru",
        players=["Ann", "Bob"],
        seed=1,
        first_player=0,
        rules={"speed_die": True},
        dice=[(1, 3, 6)],
    )
    game.passed_go[0] = True
    out, _ = play(game, [None, "advisor"], ["1", "3", "q"], tmp=tmp_path)
    assert "Ann: the Bus (1 + 3). How far do you move?" in out
    assert " 3  Move 4 (to Подоходный налог (Income Tax))" in out
    assert "Ann moves to Подоходный налог (Income Tax) (the Bus)" in out


def test_income_tax_is_a_choice_and_a_bad_choice_is_refused(tmp_path):
    game = landlords.new_game("warsaw", "polish", players=["Ann", "Bob"], seed=1, first_player=0, dice=[(1, 3)])
    out, _ = play(game, [None, "advisor"], ["1", "7", "2", "q"], lang="pl", tmp=tmp_path)
    assert "Ann: podatek dochodowy na polu „Podatek dochodowy”. Co płacisz?" in out
    assert " 1  Zapłać $200" in out and " 2  Zapłać 10% ($150)" in out
    assert tr("pl", "ui.not_understood") in out
    assert "$150 bankowi (podatek)" in out and game.cash[0] == 1350


def test_hot_seat_out_of_turn_trade_and_its_answer(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(1, 0)
    # Ann's turn: Bob acts out of turn and offers Ann 100 for Житная улица; Ann accepts
    lines = ["o", "1", "t", "1 +100", "", "1", "q"]  # Bob: the lot numbered 1 and 100 for it; send; Ann accepts
    out, app = play(game, [None, None], lines, tmp=tmp_path)
    assert "Bob acts now:" in out
    assert "Ann: Bob offers you a trade." in out
    assert "  Bob gives: ₽100k" in out and "  Ann gives: Житная улица" in out
    assert game.owner[1] == 1 and game.cash[0] == 1600
    saved = records.load(app.save_path)
    assert saved["actions"][-1] == [0, {"type": "accept"}]


def test_rent_is_claimed_by_the_person_before_the_next_roll(tmp_path):
    game = landlords.new_game(
        "moscow",
        "hasbro-ru",
        players=["Ann", "Bob", "Cid"],
        seed=1,
        first_player=1,
        dice=[(1, 2), (2, 2)],
        auto_claim=False,
    )
    game.set_owner(3, 0)
    # Bob lands on Ann's street and ends his turn; before Cid rolls, Ann is asked and claims
    out, _ = play(game, [None, None, None], ["1", "1", "1", "1", "q"], tmp=tmp_path)
    assert "Bob owes ₽4k rent to Ann for Нагатинская улица" in out  # the event, as it happens
    assert "Ann: Bob owes you ₽4k rent for Нагатинская улица" in out  # the question, before Cid rolls
    assert "Bob pays ₽4k to Ann (rent) for Нагатинская улица" in out
    assert out.index("(rent)") < out.index("Cid rolled")


def test_debt_then_bankruptcy_ends_the_game(tmp_path):
    game = landlords.new_game(
        "moscow",
        "hasbro-ru",
        players=["Ann", "Bob"],
        seed=1,
        first_player=0,
        dice=[(1, 3)],
        rules={"starting_cash": 50},
    )
    out, _ = play(game, [None, "advisor"], ["1", "1", "1"], tmp=tmp_path)
    assert "Ann: you owe ₽100k (tax) to the bank." in out
    assert " 1  Declare bankruptcy" in out
    assert "Declare bankruptcy? You leave the game; this cannot be undone." in out  # asked once more
    assert game.over and game.winner == 1
    assert "Final standings" in out and "Bob wins (everyone else went bankrupt)." in out


def test_a_late_answer_times_out_under_a_timed_ruleset(tmp_path):
    now = [0.0]

    def clock():
        now[0] += 40.0  # every look at the clock: 40 s later
        return now[0]

    game = landlords.new_game("moscow-digital", "digital", players=["Ann", "Bob"], seed=1, first_player=0)
    out, _ = play(game, [None, "advisor"], ["1"], tmp=tmp_path, clock=clock)
    assert "s left for this decision." in out
    assert "Ann let the time run out." in out
    assert game.over and game.bankrupt[0]


def test_amounts_are_typed_as_the_edition_shows_them(tmp_path):
    game = landlords.new_game(
        "moscow-digital",
        "digital",
        players=["Ann", "Bob"],
        seed=1,
        first_player=0,
        rules={"decision_seconds": None},
    )
    # moscow-digital shows 100 as 100,000 $: the person types what they see
    out, _ = play(game, [None, "advisor"], ["t", "+1234", "+100000", "", "q"], tmp=tmp_path)
    assert tr("en", "ui.trade_not_understood", example=200000) in out  # not a whole number of 1,000 $
    assert "⇒ Ann gives: 100,000 $" in out
    assert game.cash[0] == 1400


# ---------------------------------------------------------------- variants, untouched by this code
@pytest.mark.parametrize("ruleset, lang", [("odessa", "ru"), ("businesspoly-short", "pl")])
def test_a_variant_plays_to_its_end(tmp_path, ruleset, lang):
    game = landlords.new_game(
        None, ruleset, players=["Ann", "Bot 1"], seed=2, auto_claim=[False, True], rules={"turn_limit": 6}
    )
    term = Auto()
    app = PlayApp(game, [None, "advisor"], lang, tmp_path / "v.json", pace=0, terminal=term)
    app.run()
    assert game.over
    assert records.replay(records.load(tmp_path / "v.json")).state_hash() == game.state_hash()


def test_the_summary_since_the_last_turn_tells_the_others_moves_not_ones_own(tmp_path):
    """At 80x24 a turn opens with a summary: the others' notable acts and the money between this
    player and another, not its own purchases (seen as they happened), nothing on a first turn."""
    game = landlords.new_game(
        "moscow",
        "hasbro-ru",
        players=["Ann", "Bob"],
        seed=1,
        first_player=0,
        dice=[(1, 2), (1, 2), (2, 3)],
        auto_claim=True,
    )
    # Ann buys, Bob lands on her lot and pays (claimed at once), Ann's next turn opens with the summary
    out, _ = play(game, [None, "advisor"], ["1", "1", "1", "q"], tmp=tmp_path, width=80, height=24)
    first, _, second = out.partition("— turn 3: Ann")
    assert tr("en", "ui.since_turn", cash="", change="")[:10] not in first  # Ann's first turn: nothing yet
    summary = second.split("Ann, your turn")[0]
    assert "· Bob paid ₽4k to Ann (rent) for Нагатинская улица" in summary
    assert "purchase" not in summary and "Ann bought" not in summary
