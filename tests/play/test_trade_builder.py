"""The trade builder (issue 13): only what the engine lets change hands now is listed, the offer is
checked as it is built, the last offer is kept for editing and resending, a person may answer an
offer with a changed one, and a bot that refuses says why (its own judgement, translated) or counters."""

from __future__ import annotations

import re

from support.play_helpers import play

import landlords
from landlords import record as records
from landlords.bots import make_bot
from landlords.bots.verdicts import judge, mirrored
from landlords.describe.words import money
from landlords.engine.actions import ProposeTrade, action_from_json
from landlords.engine.decision import Trade
from landlords.i18n import tr
from landlords.play.view import board_name


def builder_items(out: str) -> list[str]:
    """The labels of the last builder screen's items."""
    screen = out.rsplit(tr("en", "ui.trade_summary", partner="Bob"), 1)[-1]
    return re.findall(r"^\s*\d+ \[.\] (.+)$", screen, re.M)


def sent(path) -> list[ProposeTrade]:
    """The offers the saved game made, in order."""
    return [action_from_json(a) for _, a in records.load(path)["actions"] if a["type"] == "propose_trade"]


def test_only_what_may_change_hands_now_is_listed(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    for sq in (1, 3):  # a whole group with a house: none of its lots may be traded
        game.set_owner(sq, 0)
    game.level[1] = 1
    game.set_owner(5, 0)
    game.set_owner(6, 1)
    game.set_owner(8, 1)
    game.mortgaged[8] = True  # hasbro-ru trades mortgaged lots
    game.jail_cards[1].append("chance")
    out, _ = play(game, [None, None], ["t", "0", "q"], tmp=tmp_path)
    listed = builder_items(out)
    # the engine's own answer for every lot and card, each offered alone
    legal = []
    for side, field in ((0, "give"), (1, "take")):
        for sq in game.owned_by(side):
            if game.is_legal(0, ProposeTrade(1, **{f"{field}_properties": (sq,)})):
                legal.append(sq)
    assert [re.sub(r" \(.*\)$", "", label) for label in listed[:-1]] == [
        board_name(game, "en", sq, beside=True) for sq in legal
    ]
    assert legal == [5, 6, 8] and listed[-1].startswith("a get-out-of-jail card")
    assert "(mortgaged)" in listed[2]


def test_the_offer_is_checked_as_it_is_built(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(6, 1)
    game.cash[1] = 50
    # ask Bob for his lot and 300 he does not have: refused at once; Enter does not send; fixed; sent
    lines = ["t", "1 -300", "", "-40", "", "q"]
    out, app = play(game, [None, None], lines, tmp=tmp_path)
    assert "Not allowed: Bob cannot give ₽300k in cash" in out
    assert tr("en", "ui.trade_fix_first") in out
    assert sent(app.save_path) == [ProposeTrade(1, take_properties=(6,), take_cash=40)]


def test_the_last_offer_is_kept_for_editing_and_resending(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(1, 0)
    game.set_owner(6, 1)
    # Ann offers a lot for Bob's; Bob (a person) rejects; Ann opens t again: the same offer, ticked
    lines = ["t", "1 2", "", "2", "t", "", "2", "t", "+10", "", "q"]
    out, app = play(game, [None, None], lines, tmp=tmp_path)
    offers = sent(app.save_path)
    swap = ProposeTrade(1, give_properties=(1,), take_properties=(6,))
    assert offers == [
        swap,
        swap,
        ProposeTrade(1, give_properties=(1,), take_properties=(6,), give_cash=10),
    ]  # resent as it was, then edited and sent
    assert out.count("[x] Zhitnaya Street · Житная улица") >= 3


def test_a_person_answers_an_offer_with_a_changed_one(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(1, 0)
    game.set_owner(6, 1)
    # Bob (out of turn) offers 100 for Ann's street; Ann counters: the same swap the other way, 150
    lines = ["o", "1", "t", "2 +100", "", "3", "-150", "", "1", "q"]  # Bob's list: his lot 1, Ann's 2
    out, app = play(game, [None, None], lines, tmp=tmp_path)
    assert tr("en", "ui.counter_offer") in out
    actions = [(seat, a["type"]) for seat, a in records.load(app.save_path)["actions"]]
    assert actions[-4:] == [(1, "propose_trade"), (0, "reject"), (0, "propose_trade"), (1, "accept")]
    assert sent(app.save_path)[-1] == ProposeTrade(1, give_properties=(1,), take_cash=150)
    assert game.owner[1] == 1 and game.cash[0] == 1650


def test_a_bot_that_refuses_says_why_in_its_own_terms_and_counters(tmp_path):
    for lang in ("en", "ru", "pl"):
        game = landlords.new_game("moscow", "hasbro-ru", players=["Вы", "Аня"], seed=1, first_player=0)
        game.set_owner(1, 0)
        for sq in (3, 6):
            game.set_owner(sq, 1)
        bot = make_bot("baseline", seed=1)
        asked = Trade(0, 1, (), 0, (), (3,), 0, ())
        verdict = bot._good_trade(game, 1, asked)
        assert not verdict and verdict.reason == "worth_less"
        why = tr(lang, "bot_reason.worth_less", short=money(game, lang, verdict.params["short"]))
        # the person asks for Нагатинская улица for nothing: refused, with the reason; the bot counters
        out, app = play(game, [None, "baseline"], ["t", "2", "", "1", "q"], lang=lang, tmp=tmp_path)
        assert why in out, (lang, why)
        assert tr(lang, "ui.bot_counters", player=app.name(1)) in out
        counter = sent(app.save_path)[-1]
        assert counter.partner == 0 and counter.give_properties == (3,)
        extra = counter.take_cash
        assert bot._good_trade(game, 1, mirrored(asked, extra)) or game.owner[3] == 0
        assert game.owner[3] == 0 and game.cash[0] == 1500 - extra  # the person accepted the counter


def test_the_counter_is_the_least_the_bot_accepts():
    game = landlords.new_game("moscow", "hasbro-ru", players=["Вы", "Аня"], seed=1, first_player=0)
    game.set_owner(1, 0)
    game.set_owner(3, 1)
    bot = make_bot("baseline", seed=1)
    asked = Trade(0, 1, (), 0, (), (3,), 0, ())
    answer = judge(bot, game, 1, asked)
    extra = answer.counter.take_cash
    assert not bot._good_trade(game, 1, mirrored(asked, extra - 1))
    assert bot._good_trade(game, 1, mirrored(asked, extra))


def test_a_bot_that_will_not_deal_says_so_and_the_offer_is_kept(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(1, 0)
    game.set_owner(3, 1)  # Bob's lot completes Ann's group: the cautious bot never hands it over
    out, app = play(game, [None, "cautious"], ["t", "2 +900", "", "q"], tmp=tmp_path)
    assert tr("en", "bot_reason.no_group_for_you") in out
    assert tr("en", "ui.trade_kept", partner="Bob") in out
    assert app.last_offers[(0, 1)].give_cash == 900


def test_a_bot_without_a_judgement_just_answers(tmp_path):
    game = landlords.new_game("moscow", "hasbro-ru", players=["Ann", "Bob"], seed=3, first_player=0)
    game.set_owner(3, 1)
    out, _ = play(game, [None, "random"], ["t", "1 +1", "", "q"], tmp=tmp_path)
    assert "Bob: “" not in out


def test_the_shortfall_a_bot_names_is_what_its_counter_offer_asks():
    """The cautious bot's margin comes on top of the baseline's valuation: it once said "I would give
    $70 more than I get" to $50 for Connecticut Avenue and countered at $150, not the $120 that implies.
    The shortfall it names is now the least extra its counter-offer asks: $100, countered at $150."""
    game = landlords.new_game("classic-us", "hasbro-ru", players=["Ann", "Bob"], seed=1, first_player=0)
    game.set_owner(9, 1)
    asked = Trade(0, 1, (), 50, (), (9,), 0, ())  # $50 for Bob's Connecticut Avenue
    for strategy in ("baseline", "cautious"):
        bot = make_bot(strategy, seed=1)
        answer = judge(bot, game, 1, asked)
        assert not answer.verdict and answer.counter is not None
        assert answer.counter.take_cash == asked.give_cash + answer.verdict.params["short"], strategy
    cautious = judge(make_bot("cautious", seed=1), game, 1, asked)
    assert cautious.verdict.reason == "worth_less" and cautious.verdict.params["short"] == 100
    assert cautious.counter == ProposeTrade(0, give_properties=(9,), take_cash=150)
