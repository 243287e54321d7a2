"""`landlords play` driven as a person drives it: the installed program in a pseudo-terminal
(pexpect), keys typed at its prompts, its screen read back. One whole game per language: start,
buy, decline and bid in an auction, a refused (empty) offer, a trade with a bot, build, claim rent,
go to jail and pay out, mortgage, save, quit, resume and play to the turn limit.

The dice are scripted (``--dice``) and the bot is deterministic, so every run is the same game.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from support.screen_helpers import EXE, PROMPT, Screen  # noqa: E402

import landlords  # noqa: E402
from landlords import record as records  # noqa: E402
from landlords.describe.words import Speaker  # noqa: E402
from landlords.i18n import LANGUAGES, tr  # noqa: E402

# turn order 6+5 against 1+2: the person starts. Then, in order: Ann 2+4 to Варшавское шоссе (buy);
# the bot 4+5 to Первая Парковая улица (it buys); Ann 1+1 to Улица Огарева (buy) and 3+4 to Курская
# железная дорога (decline, then win the auction); the bot 2+4 onto it (rent owed); Ann 5+5 to
# Казанская железная дорога (buy) and 2+3 to Go to Jail; the bot 1+2; Ann pays out and rolls 1+3 to
# Ростовская набережная (buy). The seed's dice play the rest.
DICE = "6,5 1,2 2,4 4,5 1,1 3,4 2,4 5,5 2,3 1,2 1,3"
MONEY = {"en": "₽{}k"}  # the edition's currency as a reader reads it (glossed for English)


def words(lang: str, names: list[str], edition: str = "moscow"):
    """``t(key, **params)``: a message as the game shows it, names and squares given as plain text
    taking their grammar (cases, gender, quotes, glosses) from the game's own words."""
    w = Speaker(landlords.new_game(edition, "hasbro-ru", players=names), lang)
    seats = {name: i for i, name in enumerate(names)}
    squares = {sq.name: sq.index for sq in w.game.edition.squares}

    def t(key: str, **params):
        out = {}
        for k, v in params.items():
            if isinstance(v, str) and v in seats:
                out[k] = w.name(seats[v])
            elif isinstance(v, str) and v in squares:  # events quote squares, labels' templates do it
                out[k] = w.square(squares[v], quoted=key.startswith(("event.", "confirm.")))
            else:
                out[k] = v
        return w.t(key, **out)

    return t


def start(tmp: Path, lang: str, save: Path) -> Screen:
    args = [
        "play",
        "--edition",
        "moscow",
        "--lang",
        lang,
        "--players",
        "Ann",
        "--bots",
        "advisor",
        "--seed",
        "7",
        "--dice",
        DICE,
        "--rule",
        "turn_limit=6",
        "--save",
        str(save),
        "--fast",
    ]
    return Screen(args, tmp)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_as_a_person_plays_it(tmp_path, lang):
    bot = tr(lang, "ui.bot_name", n=1)
    money = MONEY.get(lang, "{} тыс. ₽").format
    t = words(lang, ["Ann", bot])
    save = tmp_path / "game.json"
    s = start(tmp_path, lang, save)
    s.expect(t("ui.seats", seats=""))
    # round 1: buy
    s.expect(t("decision.pre_roll", player="Ann", round=1))
    s.choose(t("action.roll"))
    s.expect(t("decision.buy", player="Ann", square="Варшавское шоссе", price=money(100)))
    s.choose(t("action.buy", square="Варшавское шоссе", price=money(100)))
    s.expect(t("event.bought", seat="Ann", square="Варшавское шоссе", price=money(100)))
    s.choose(t("action.end_turn"))
    s.expect(t("event.bought", seat=bot, square="Первая Парковая улица", price=money(120)))
    # round 2: buy after a double, then decline and win the auction with a bid of our own
    s.choose(t("action.roll"))
    s.choose(t("action.buy", square="Улица Огарева", price=money(100)))
    s.choose(t("action.roll"))
    s.choose(t("action.decline"))
    s.expect(t("confirm.decline", square="Курская железная дорога"))  # it goes to auction: asked once more
    s.choose(t("ui.yes"))
    s.expect(t("event.auction_started", square="Курская железная дорога", min_bid=money(1)))
    s.choose(t("ui.bid_other"))
    s.expect(t("ui.ask_bid", low="", high="")[:12])
    s.type("250")
    s.expect(t("event.auction_ended", winner="Ann", price=money(250)))
    # the trade builder opens at once (one partner); an empty offer cannot be sent
    s.type("t")
    s.expect(t("ui.trade_summary", partner=bot))
    s.type("")
    s.expect(t("ui.trade_fix_first"))
    # a trade with the bot: 400 for its light-blue street, which completes our group
    lot = "First Park Street · Первая Парковая улица" if lang == "en" else "Первая Парковая улица"  # glossed
    s.type(f"{s.item(lot)} +400")
    s.expect(f"[x] {lot}")
    s.type("")
    s.expect(t("event.trade_answered", seat=bot))
    # build a house
    s.type("b")
    s.choose(t("action.build", level=1, square="Варшавское шоссе", cost=money(50)))
    s.expect(t("event.built", seat="Ann", level=1, square="Варшавское шоссе"))
    s.choose(t("action.end_turn"))
    # the bot lands on our railroad: the rent must be claimed, and we claim it
    s.expect(
        t("event.rent_owed", payer=bot, owner="Ann", amount=money(25), square="Курская железная дорога")
    )
    s.type("c")
    s.choose(t("action.claim_rent", amount=money(25), payer=bot, square="Курская железная дорога"))
    s.expect(
        t(
            "event.paid",
            payer=bot,
            payee="Ann",
            amount=money(25),
            reason=t("pay.rent"),
            square="Курская железная дорога",
        )
    )
    # round 3: buy a railroad after a double, then straight to jail
    s.choose(t("action.roll"))
    s.choose(t("action.buy", square="Казанская железная дорога", price=money(200)))
    s.choose(t("action.roll"))
    s.expect(t("event.jailed", seat="Ann", reason=t("jailed.square")))
    # round 4: pay the fine, leave, buy; mortgage a railroad; save; quit
    s.expect(t("decision.pre_roll_jail", player="Ann", tries=0))
    s.choose(t("action.pay_jail_fine", amount=money(50)))
    s.expect(t("event.left_jail", seat="Ann", how=t("left.fine")))
    s.choose(t("action.roll"))
    s.choose(t("action.buy", square="Ростовская набережная", price=money(160)))
    s.type("m")
    s.choose(t("action.mortgage", square="Казанская железная дорога", amount=money(100)))
    s.expect(t("event.mortgaged", seat="Ann", square="Казанская железная дорога", amount=money(100)))
    s.type("w")
    s.expect(t("ui.saved", path=str(save)))
    s.type("q")
    s.expect(t("ui.bye", command=f"landlords play --load {save}"))
    assert s.finish() == 0
    saved = records.load(save)
    assert saved["seats"] == [{"name": "Ann", "bot": None}, {"name": bot, "bot": "advisor"}]
    assert saved["lang"] == lang
    kinds = [a["type"] for _, a in saved["actions"]]
    for kind in (
        "buy",
        "decline",
        "bid",
        "propose_trade",
        "accept",
        "build",
        "claim_rent",
        "pay_jail_fine",
        "mortgage",
    ):
        assert kind in kinds, kind

    # resume where we left, and play on (the first choice each time) to the turn limit
    s = Screen(["play", "--load", str(save), "--lang", lang, "--fast"], tmp_path)
    s.expect(t("ui.resumed", n=len(saved["actions"])))
    s.expect(t("decision.post_roll", player="Ann"))
    while True:
        m = s.expect(rf"{re.escape(PROMPT)}|{re.escape(t('ui.standings'))}", literal=False)
        if m.group(0) != PROMPT:
            break
        s.send("1")
    s.expect(t("ui.winner", player="", reason="")[:4])
    assert s.finish() == 0
    game = records.replay(records.load(save))
    assert game.over and game.end_reason == "turn_limit"
    assert len(game.actions) > len(saved["actions"])


def test_the_language_comes_from_the_locale(tmp_path):
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "pl_PL.UTF-8"}
    s = Screen(
        ["play", "--players", "Ola,Jan", "--seed", "3", "--save", str(tmp_path / "g.json"), "--fast"],
        tmp_path,
        env,
    )
    s.expect(tr("pl", "ui.seats", seats="Ola (" + tr("pl", "ui.person")))
    s.type("q")
    s.expect(tr("pl", "ui.bye", command=""))
    assert s.finish() == 0


def test_bad_options_are_clear_errors(tmp_path):
    s = Screen(["play", "--bots", "nosuchbot", "--save", str(tmp_path / "g.json")], tmp_path)
    s.expect("unknown strategy 'nosuchbot'")
    assert s.finish() == 2


def test_without_a_terminal_it_reads_plain_lines(tmp_path):
    import subprocess

    env = dict(os.environ, XDG_STATE_HOME=str(tmp_path))
    done = subprocess.run(
        [str(EXE), "play", "--lang", "en", "--players", "Ann,Bob", "--seed", "5", "--fast"],
        input="1\nq\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    (saved,) = (tmp_path / "landlords").glob("game-*.json")  # the default place of the save
    assert f"landlords play --load {saved}" in done.stdout.replace("\n", "")
    assert records.load(saved)["actions"][0][1] == {"type": "roll"}
