"""`landlords play --connect` as a person plays it: the installed program in a pseudo-terminal
(pexpect) at a real server's table (``landlords serve`` in its own process), with a person playing
through landlords.client and a server bot. Join by name, buy, an auction both people bid in, rent
claimed out of turn, a trade offered by the client and accepted in the terminal, the server killed
and restarted (the terminal reconnects and resumes its seat), a trade built in the terminal's editor
and accepted by the client, leaving and resuming the seat from its saved token, and a spectator.

The dice are scripted by the test server and the bot neither buys, bids nor trades (its reserve is
above any cash), so every run is the same game.
"""

from __future__ import annotations

import json
import re
import stat
from concurrent.futures import ThreadPoolExecutor

import pytest
from support.connect_helpers import ClientPerson, ServerProcess, free_port, one_error, run_cli

from landlords.client import Lobby
from landlords.i18n import tr

pexpect = pytest.importorskip("pexpect")

from support.screen_helpers import PROMPT, Screen  # noqa: E402


def pick(screen: Screen, label: str) -> None:
    """Type the number of the menu line showing ``label``. Lines printed while a prompt shows (the
    connection's thread's, and a menu's own when prompt_toolkit's output proxy flushes it a moment
    after the prompt is drawn) are drawn above the prompt, which the terminal erases first: with the
    escape sequences removed, that prompt's text may stay at the start of the line. So the line is
    awaited with or without a prompt before it, then a prompt after it."""
    number = screen.expect(r"(?m)^(?:[^\n]*" + PROMPT + r")? *(\d+)  " + re.escape(label), literal=False).group(1)
    screen.expect(PROMPT)
    screen.send(number)


# Ann rolls 1+2 to Baltic (declines: the auction), Bob 2+4 to Oriental (buys), the bot 4+6 to jail
# (visiting), Ann 1+2 onto Bob's Oriental (rent), Bob 1+3 to jail (visiting)
DICE = [[1, 2], [2, 4], [4, 6], [1, 2], [1, 3]]
QUIET_BOT = "baseline:reserve=1000000:trade_every=1000000"


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path)
    try:
        yield srv
    finally:
        srv.stop()


def terminal(server: ServerProcess, tmp_path, *args: str) -> Screen:
    return Screen(["play", "--connect", server.base, "--lang", "en", *args], tmp_path)


def test_a_terminal_and_a_client_at_one_table(server, tmp_path):
    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann",
        edition="classic-us",
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": QUIET_BOT}],
        bot_pause=0.05,
        seed=424242,
        dice=DICE,
        first_player=0,
    )
    code = g["code"]
    ann = ClientPerson(server.base, code, g["token"])
    bob = terminal(server, tmp_path, "--game", code, "--name", "Bob")
    watcher = None
    try:
        # joining by name starts the game (every seat taken); the terminal says who it plays
        bob.expect("You play Bob (seat 2).")
        ann.wait_for(lambda v: v["game"]["status"] == "playing")
        saved = list((tmp_path / "landlords" / "seats").iterdir())
        assert len(saved) == 1 and stat.S_IMODE(saved[0].stat().st_mode) == 0o600
        token = json.loads(saved[0].read_text())["seats"][0]["token"]
        watcher = terminal(server, tmp_path, "--game", code, "--watch")
        watcher.expect("You are watching")

        # Ann rolls onto Baltic Avenue and declines it: the auction, both people bidding live
        ann.act({"type": "roll"})
        ann.wait_for(ann.decision_is(0, "buy"))
        ann.act({"type": "decline"})
        bob.expect("Bob: auction of Baltic Avenue. No bids yet")
        pick(bob, "Bid another amount")
        bob.expect("Your bid")
        bob.send("30")
        ann.wait_for(ann.decision_is(0, "auction"))  # the bot passed
        assert ann.view["decision"]["high_bid"] == 30
        ann.act({"type": "bid", "amount": 31})
        bob.expect("Highest bid $31 by Ann")
        pick(bob, "Bid $32")
        ann.wait_for(ann.decision_is(0, "auction"))
        ann.act({"type": "pass"})
        ann.wait_for(ann.decision_is(0, "post_roll"))
        assert ann.view["state"]["owner"][3] == 1  # Bob won Baltic Avenue
        bob.expect("Bob gets Baltic Avenue")
        ann.act({"type": "end_turn"})

        # Bob's turn in the terminal: roll onto Oriental Avenue and buy it
        bob.expect("Bob, your turn")
        pick(bob, "Roll the dice")
        bob.expect("buy Oriental Avenue for $100?")
        pick(bob, "Buy Oriental Avenue")
        bob.expect("anything else before you end the turn?")
        pick(bob, "End the turn")
        bob.expect("… Ann's turn (round 2).")  # Ann's question is hers: Bob reads about it

        # the bot visits the jail; Ann lands on Bob's Oriental: Bob claims the rent out of turn
        ann.wait_for(ann.decision_is(0, "pre_roll"))
        ann.act({"type": "roll"})
        ann.wait_for(lambda v: v["state"]["position"][0] == 6)
        bob.expect("Bob: Ann owes you $6 rent for Oriental Avenue.")
        pick(bob, "Claim $6 rent from Ann")
        ann.wait_for(lambda v: v["state"]["cash"][1] == 1500 - 32 - 100 + 6)
        rent = [e for e in ann.view["events"] if e["event"] == "paid" and e["reason"] == "rent"]
        assert rent and rent[0]["payer"] == 0 and rent[0]["payee"] == 1
        watcher.expect("Ann pays $6 to Bob (rent) for Oriental Avenue")

        # Ann offers Bob $100 for Baltic Avenue; Bob accepts in the terminal
        ann.act({"type": "propose_trade", "partner": 1, "give_cash": 100, "take_properties": [3]})
        bob.expect("Ann offers you a trade.")
        pick(bob, "Accept")
        ann.wait_for(lambda v: v["state"]["owner"][3] == 0)
        ann.act({"type": "end_turn"})
        bob.expect("Bob, your turn")
        bob.expect(PROMPT)

        # the server is killed and started again: the terminal reconnects and resumes its seat
        server.restart()
        bob.expect("The connection to the server dropped")
        bob.expect("Connected again: the game goes on.")
        watcher.expect("Connected again")
        ann.connect()
        pick(bob, "Roll the dice")
        bob.expect("Bob moves to In Jail/Just Visiting")
        bob.expect("anything else before you end the turn?")

        # Bob builds an offer in the terminal's trade builder: $20 to Ann; Ann accepts
        bob.type("t")
        bob.expect("Trade with whom?")
        pick(bob, "Ann")
        bob.expect("Your offer to Ann:")
        bob.type("+20")  # Bob's cash
        bob.expect("⇒ Bob gives: $20")
        bob.type("")  # send
        ann.wait_for(ann.decision_is(0, "trade_response"))
        assert ann.view["decision"]["give_cash"] == 20
        ann.act({"type": "accept"})
        bob.expect("anything else before you end the turn?")
        cash = ann.view["state"]["cash"]

        # Bob leaves; the same command resumes his seat from the saved token
        bob.type("q")
        bob.expect("Resume with: landlords play --connect")
        assert bob.finish() == 0
        again = terminal(server, tmp_path, "--game", code)
        again.expect("You play Bob (seat 2).")
        again.expect("anything else before you end the turn?")
        pick(again, "End the turn")
        ann.wait_for(lambda v: v["decision"]["seat"] == 2 or v["decision"]["seat"] == 0)
        assert ann.view["state"]["cash"][:2] == cash[:2]
        again.type("q")
        assert again.finish() == 0
        for screen in (bob, again):
            assert token not in screen.text  # a seat token is never shown
        watcher.expect("Bob pays $20 to Ann (trade)")
        watcher.child.sendline("q")
        assert watcher.finish() == 0
    finally:
        ann.close()
        for s in (bob, watcher):
            if s is not None and s.child.isalive():
                s.child.terminate(force=True)
        lobby.close()


def test_mistakes_get_one_clear_line(server, tmp_path):
    lobby = Lobby(server.base)
    full = lobby.create(name="Ann", seats=[{"kind": "person"}, {"kind": "bot", "strategy": QUIET_BOT}])
    waiting = lobby.create(name="Ann", seats=[{"kind": "person"}, {"kind": "person"}])
    seated = lobby.create(name="Ann", seats=[{"kind": "person"}, {"kind": "bot"}], autostart=False)  # not started
    lobby.close()
    closed = f"http://127.0.0.1:{free_port()}"
    cases = [
        (["--connect", "ftp://x", "--game", "ABCDEF"], "not a server address"),
        (["--connect", "http://127.0.0.1:99999", "--game", "ABCDEF"], "port"),
        (["--connect", server.base], "needs the game"),
        (["--connect", server.base, "--game", "no!"], "not a game code"),
        (["--connect", server.base, "--game", "ZZZZZZ"], "there is no game ZZZZZZ"),
        (["--connect", closed, "--game", "ABCDEF"], "cannot reach the server"),
        (["--connect", server.base, "--game", full["code"], "--name", "Bob"], "has started"),
        (["--connect", server.base, "--game", seated["code"], "--name", "Bob"], "is full: watch it with --watch"),
        (["--connect", server.base, "--game", waiting["code"], "--name", "Ann"], "the name 'Ann' is taken"),
        (["--connect", server.base, "--game", waiting["code"], "--seat", "1"], "seat 1 of game"),
        (["--connect", server.base, "--game", waiting["code"], "--seat", "5"], "has seats 1 to 2"),
        (["--connect", server.base, "--game", waiting["code"], "--players", "X"], "--players"),
        (["--connect", server.base, "--game", waiting["code"], "--watch", "--name", "X"], "--watch takes no"),
        (["--game", "ABCDEF"], "go with --connect"),
    ]
    with ThreadPoolExecutor(4) as pool:  # each is a process of its own: run them side by side
        results = list(pool.map(lambda case: run_cli(tmp_path, *case[0]), cases))
    for (args, words), result in zip(cases, results, strict=True):
        assert words in one_error(result), args
    assert not (tmp_path / "landlords" / "seats").exists()  # nothing was joined


def test_a_dropped_network_is_retried_and_what_happened_meanwhile_is_shown(server, tmp_path):
    from support.connect_helpers import CuttableProxy

    proxy = CuttableProxy(server.port)
    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann",
        edition="classic-us",
        rules={"advice": False},  # the table agreed to play without advice: `?` says so
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": QUIET_BOT}],
        bot_pause=0.05,
        seed=424242,
        dice=DICE,
        first_player=0,
    )
    ann = ClientPerson(server.base, g["code"], g["token"])
    bob = Screen(["play", "--connect", proxy.base, "--lang", "en", "--game", g["code"], "--name", "Bob"], tmp_path)
    try:
        bob.expect("You play Bob (seat 2).")
        bob.expect(PROMPT)
        proxy.cut()  # the network fails; the server and Ann play on
        bob.expect("The connection to the server dropped")
        ann.act({"type": "roll"})
        ann.wait_for(ann.decision_is(0, "buy"))
        ann.act({"type": "buy"})
        proxy.mend()
        bob.expect("Connected again: the game goes on.")
        bob.expect("While the connection was down:")
        bob.expect("Ann rolled 1 + 2 = 3")
        bob.expect("Ann buys Baltic Avenue for $60")
        ann.act({"type": "end_turn"})
        bob.expect("Bob, your turn")
        pick(bob, "Roll the dice")  # the seat is Bob's again
        bob.expect("buy Oriental Avenue for $100?")
        bob.type("?")
        bob.expect(tr("en", "advice.off"))
        # chat: a line starting with a quote is said to the table, and what others say is shown as text
        bob.type("'good luck [bold]all[/bold]")
        said = ann.wait_chat()
        assert said["name"] == "Bob" and said["text"] == "good luck [bold]all[/bold]"
        ann.chat("thanks <b>Bob</b>")
        bob.expect("Ann: thanks <b>Bob</b>")
        bob.type("q")
        assert bob.finish() == 0
    finally:
        ann.close()
        if bob.child.isalive():
            bob.child.terminate(force=True)
        proxy.close()
        lobby.close()


def test_cash_raised_for_a_debt_with_the_plan_of_the_local_game(server, tmp_path):
    """Ann trades Bob a lot for nearly all his cash; Bob rolls onto Income Tax and owes more than he
    has: `r` shows the plan (mortgage Baltic Avenue), and its acts go to the server one by one."""
    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann",
        edition="classic-us",
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": QUIET_BOT}],
        bot_pause=0.05,
        seed=424242,
        dice=[[1, 2], [1, 3]],
        first_player=0,
    )
    ann = ClientPerson(server.base, g["code"], g["token"])
    bob = terminal(server, tmp_path, "--game", g["code"], "--name", "Bob")
    try:
        bob.expect("You play Bob (seat 2).")
        ann.wait_for(lambda v: v["game"]["status"] == "playing")
        ann.act({"type": "roll"})
        ann.wait_for(ann.decision_is(0, "buy"))
        ann.act({"type": "buy"})
        ann.act({"type": "propose_trade", "partner": 1, "give_properties": [3], "take_cash": 1420})
        bob.expect("Ann offers you a trade.")
        pick(bob, "Accept")
        ann.wait_for(lambda v: v["state"]["cash"][1] == 80)
        ann.act({"type": "end_turn"})
        bob.expect("Bob, your turn")
        pick(bob, "Roll the dice")
        bob.expect("Bob: you owe $100 (tax)")
        bob.type("r")
        bob.expect("To pay the debt of $100:")
        bob.expect("Mortgage Baltic Avenue")
        pick(bob, "Yes, do all of it")
        bob.expect("anything else before you end the turn?")
        view = ann.wait_for(lambda v: v["decision"]["kind"] == "post_roll")
        assert view["state"]["mortgaged"][3] and view["state"]["cash"][1] == 80 + 30 - 100
        bob.type("q")
        assert bob.finish() == 0
    finally:
        ann.close()
        if bob.child.isalive():
            bob.child.terminate(force=True)
        lobby.close()


def test_the_end_of_the_game_and_its_record(server, tmp_path):
    """Bob, with nothing left, owes the tax and declares bankruptcy: Ann wins; the terminal shows the
    standings and saves the game's record, which `landlords replay` reads."""
    import re as regex
    import subprocess

    from support.connect_helpers import EXE

    lobby = Lobby(server.base)
    g = lobby.create(
        name="Ann", edition="classic-us", seats=[{"kind": "person"}, {"kind": "person"}], seed=7,
        dice=[[1, 2], [1, 3]], first_player=0,
    )  # fmt: skip
    ann = ClientPerson(server.base, g["code"], g["token"])
    bob = terminal(server, tmp_path, "--game", g["code"], "--name", "Bob")
    try:
        bob.expect("You play Bob (seat 2).")
        ann.wait_for(lambda v: v["game"]["status"] == "playing")
        ann.act({"type": "roll"})
        ann.wait_for(ann.decision_is(0, "buy"))
        ann.act({"type": "decline"})
        bob.expect("Bob: auction of Baltic Avenue")
        pick(bob, "Pass")
        ann.wait_for(ann.decision_is(0, "auction"))
        ann.act({"type": "pass"})  # nobody bids: the bank keeps it
        ann.wait_for(ann.decision_is(0, "post_roll"))
        ann.act({"type": "propose_trade", "partner": 1, "take_cash": 1500})
        bob.expect("Ann offers you a trade.")
        pick(bob, "Accept")
        ann.wait_for(lambda v: v["state"]["cash"][1] == 0)
        ann.act({"type": "end_turn"})
        pick(bob, "Roll the dice")
        bob.expect("Bob: you owe $100 (tax)")
        pick(bob, "Declare bankruptcy")
        bob.expect("Declare bankruptcy? You leave the game")
        pick(bob, "yes")
        bob.expect("Final standings")
        bob.expect("Ann wins")
        path = bob.expect(r"The record of the game: (\S+)", literal=False).group(1)
        assert bob.finish() == 0
        replay = subprocess.run([str(EXE), "replay", path], capture_output=True, text=True, timeout=60)
        assert replay.returncode == 0 and regex.search("bankrupt", replay.stdout, regex.I), replay.stderr
    finally:
        ann.close()
        if bob.child.isalive():
            bob.child.terminate(force=True)
        lobby.close()
