"""Issue 11, items 4, 6 and 7: every menu of the terminal game is built from what the engine
accepts now (nothing offered is refused), businesspoly's auction pass says what it does and one
answer is enough, and the pending question is asked again after a command or going back."""

from __future__ import annotations

import random
import re

import pytest
from support.play_helpers import Reader, play

import landlords
from landlords.bots import make_bot
from landlords.describe.offers import lots_to_offer, offers_to_try
from landlords.engine import decision as D
from landlords.i18n import tr
from landlords.play.app import PlayApp
from landlords.play.menus import choices
from landlords.play.terminal import ScriptedTerminal
from landlords.rules import RULESETS

RULESET_IDS = sorted(RULESETS)


def positions(ruleset: str, seed: int, seats: int, limit: int):
    """Positions of a real game between bots (random and baseline), every few actions."""
    game = landlords.new_game(None, ruleset, players=seats, seed=seed)
    bots = [make_bot("random" if i % 2 else "baseline", seed=seed + i) for i in range(seats)]
    step = 0
    while not game.over and step < limit:
        d = game.decision
        if step % 3 == 0 or d.kind in (D.DEBT, D.AUCTION, D.TRADE_RESPONSE):
            yield game
        action = bots[d.seat].act(game, d)
        game.apply(d.seat, action)
        step += 1


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_every_menu_entry_is_an_act_the_engine_accepts(ruleset):
    checked = 0
    for seed in (1, 2):
        for game in positions(ruleset, seed, 3 + seed % 2, 450):
            d = game.decision
            no_bots = [None] * game.n
            for seat in game.alive():
                menu = choices(game, seat, no_bots, main=seat == d.seat)
                for a in menu.answers:
                    assert game.is_legal(seat, a), (ruleset, d.kind, a)
                for letter, acts in menu.groups.items():
                    assert acts and all(a.TYPE == menu.kinds[letter] for a in acts)
                    for a in acts:
                        assert game.is_legal(seat, a), (ruleset, d.kind, letter, a)
                for q in menu.partners:  # `t` leads to an offer the engine takes
                    assert any(game.is_legal(seat, o) for o in offers_to_try(game, seat, q)), (ruleset, d.kind)
                    for side in (seat, q):
                        for sq in lots_to_offer(game, seat, q, side):
                            give = side == seat
                            offer = landlords.ProposeTrade(
                                q, give_properties=(sq,) if give else (), take_properties=() if give else (sq,)
                            )
                            assert game.is_legal(seat, offer)
                if d.kind == D.DEBT and seat == d.seat:
                    spending = {"build", "unmortgage"} & set(menu.kinds.values())
                    assert not spending, (ruleset, "spending offered in debt", spending)
                    if not game.rules.trade_in_debt:
                        assert not menu.partners, (ruleset, "trade offered in debt")
                checked += 1
    assert checked > 200


def test_businesspoly_offers_no_trade_to_a_debtor():
    """Seen by the issue's players: `t` offered in debt, then the whole offer refused."""
    for game in positions("businesspoly", 5, 3, 2000):
        d = game.decision
        if d.kind == D.DEBT and any(True for _ in game.legal_actions(d.seat)):
            assert not game.rules.trade_in_debt
            assert choices(game, d.seat, [None] * game.n, main=True).partners == []
            return
    pytest.fail("no debt in the sample game")


class RandomPerson(Reader):
    """A person who types, at random, one of the numbers or letters the menu just showed (never
    a command), and Enter at any other question."""

    def __init__(self, seed: int, limit: int) -> None:
        super().__init__(limit)
        self.rng = random.Random(seed)

    def answer(self, recent: str) -> str:
        options = re.findall(r"^\s+(\d+)  ", recent, re.M)
        options += [k for k in re.findall(r"(?:^| ) ([a-z]) \S", recent, re.M) if k not in "tovlwqh"]
        return self.rng.choice(options) if options else ""


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_person_choosing_at_random_from_the_menus_is_never_refused(ruleset, tmp_path):
    game = landlords.new_game(None, ruleset, players=["Ann", "Bot 1", "Bot 2"], seed=8)
    term = RandomPerson(seed=3, limit=150)
    app = PlayApp(game, [None, "baseline", "random"], "en", tmp_path / "g.json", pace=0, terminal=term)
    app.run()
    out = term.output()
    assert out.count(" › ") > 50  # the game may end sooner; it is the refusals that count
    assert tr("en", "ui.refused", reason="") not in out


def test_after_a_command_or_going_back_the_question_is_asked_again(tmp_path):
    game = landlords.new_game("classic-us", players=["Ann", "Bob"], seed=1, dice=[(1, 2)], first_player=0)
    # l (log), v (board), h (help), then the trade editor and back, then quit
    out, _ = play(game, [None, None], ["l", "v", "h", "t", "0", "q"], tmp=tmp_path)
    title = tr("en", "decision.pre_roll", player="Ann", round=1)
    assert out.count(title) == 5  # first, then after l, v, h and leaving the trade editor
    assert out.count(" 1  " + tr("en", "action.roll")) == 5


def test_businesspoly_pass_says_what_it_does_and_once_is_enough(tmp_path):
    game = landlords.new_game(None, "businesspoly", players=["Ann", "Bob", "Cid"], seed=3)
    # play with bots until an auction with a high bid reaches the person Ann
    bots = [make_bot("baseline", seed=i) for i in range(3)]
    while True:
        d = game.decision
        if d.kind == D.AUCTION and d.seat == 0 and d.data.high_bidder >= 0 and 0 in d.data.bidders:
            break
        game.apply(d.seat, bots[d.seat].act(game, d))
        assert not game.over
    # Ann sees what passing does, and leaves for good with one answer
    app = PlayApp(
        game, [None, "baseline", "baseline"], "en", tmp_path / "g.json", pace=0, terminal=ScriptedTerminal([])
    )
    labels = [e.label for e in app.answer_entries(0, game.decision, game.decision_actions())]
    assert tr("en", "ui.pass_for_now") in labels and tr("en", "ui.pass_for_good") in labels
    term = ScriptedTerminal([str(labels.index(tr("en", "ui.pass_for_good")) + 1)], width=120)
    app = PlayApp(game, [None, "baseline", "baseline"], "en", tmp_path / "g.json", pace=0, terminal=term)
    asked = []
    original = term.ask

    def ask(message, words=()):
        d = game.decision
        asked.append((d.kind, d.seat, d.data.square if d.kind == D.AUCTION else -1))
        if d.kind != D.AUCTION and len(asked) > 1:
            raise EOFError
        return original(message, words)

    term.ask = ask
    square = game.decision.data.square
    app.run()
    out = term.output()
    # one answer: Ann was asked in this auction once, never at its final call, and the lot was sold
    assert sum(1 for kind, seat, sq in asked if kind == D.AUCTION and seat == 0 and sq == square) == 1, asked
    assert "Ann: final call" not in out
    assert game.owner[square] in (1, 2)


def test_words_for_the_screen_leave_the_game_state_as_it_was():
    """The screens' word cache lives beside the game, never in it (a position is every attribute)."""
    from landlords.describe.labels import action_label, decision_title

    game = landlords.new_game(None, "businesspoly", players=["Аня", "Борис"], seed=2)
    before = game.state_hash()
    for lang in ("ru", "pl", "en"):
        decision_title(game, game.decision, lang)
        for a in game.legal_actions():
            action_label(game, game.decision.seat, a, lang)
    assert game.state_hash() == before
    game.apply(game.decision.seat, game.decision_actions()[0])
    game.state_hash()
