"""The expert (bots/expert.py): it picks the clearly better act in constructed positions, is
deterministic for a seed and a budget, never reads the real deck order or generator, keeps to its
budget and memory, and is a registered strategy that pickles (for worker processes and Ray)."""

from __future__ import annotations

import pickle
import tracemalloc

import pytest
from support.scenario import (
    BROWN,
    DARK_BLUE,
    LIGHT_BLUE,
    ORANGE,
    give,
    new_game,
    set_cash,
)

from landlords.bots import ExpertBot, make_bot, parse_strategy
from landlords.bots.expert import detached, sampled
from landlords.engine.actions import ACCEPT, BUY, DECLINE, REJECT, ProposeTrade


def _small(**kw: int) -> ExpertBot:
    return ExpertBot(playouts=kw.pop("playouts", 24), horizon=kw.pop("horizon", 24), min_each=4, seed=7, **kw)


def _landing_on_oriental(cash: int = 300):
    """Seat 0 owns Vermont and Connecticut and lands on Oriental Avenue (the third light blue)."""
    g = new_game(2, dice=[(2, 4)])
    give(g, 0, LIGHT_BLUE[1], LIGHT_BLUE[2])
    set_cash(g, 0, cash)
    g.apply(0, g.decision_actions()[0])  # roll
    assert g.decision.kind == "buy" and g.decision.square == LIGHT_BLUE[0]
    return g


def test_the_expert_buys_the_lot_that_completes_its_monopoly():
    g = _landing_on_oriental()
    bot = _small()
    assert bot.act(g, g.decision) == BUY
    assert bot.last is not None and bot.last.kind == "buy"
    by_act = {w.act: w.mean for w in bot.last.candidates}
    assert by_act[BUY] > by_act[DECLINE]


def test_the_expert_refuses_a_ruinous_trade():
    """Seat 1 offers 10 for Boardwalk, which completes its dark blue, and it has the cash to build."""
    g = new_game(2)
    give(g, 0, DARK_BLUE[1], *BROWN)
    give(g, 1, DARK_BLUE[0], *ORANGE[:1])
    set_cash(g, 1, 2500)
    g.apply(1, ProposeTrade(0, give_cash=10, take_properties=(DARK_BLUE[1],)))
    assert g.decision.kind == "trade_response" and g.decision.seat == 0
    bot = _small()
    assert bot.act(g, g.decision) == REJECT
    by_act = {w.act: w.mean for w in bot.last.candidates}
    assert by_act[REJECT] > by_act[ACCEPT]


def test_a_decision_is_the_same_for_a_seed_and_a_budget():
    g = _landing_on_oriental(cash=120)
    first, second = _small(), _small()
    assert first.act(g, g.decision) == second.act(g, g.decision)
    assert first.last == second.last
    other = ExpertBot(playouts=24, horizon=24, min_each=4, seed=8)
    other.act(g, g.decision)
    assert other.last is not None and other.last.candidates != first.last.candidates  # other samples


def test_the_real_deck_order_and_generator_are_never_read():
    """Two games that differ only in the order of their card piles and in their generator's state
    give the same decision, with the same scores."""
    reasons = []
    for seed, flip in ((1, False), (2, True)):
        g = new_game(2, dice=[(2, 4)], seed=seed)
        give(g, 0, LIGHT_BLUE[1], LIGHT_BLUE[2])
        set_cash(g, 0, 150)
        for pile in g.decks.values():
            cards = sorted(pile, reverse=flip)
            pile.clear()
            pile.extend(cards)
        g.apply(0, g.decision_actions()[0])
        bot = _small()
        bot.act(g, g.decision)
        reasons.append(bot.last)
    assert reasons[0] == reasons[1]


def test_a_playout_starts_from_the_position_without_its_history_or_hidden_order():
    g = _landing_on_oriental()
    root = detached(g)
    assert root.actions == [] and root.events is None and g.actions  # the real game keeps its own
    a, b = sampled(root, 1), sampled(root, 1)
    assert {k: list(p) for k, p in a.decks.items()} == {k: list(p) for k, p in b.decks.items()}
    assert a.chance is not g.chance and a.owner == g.owner and a.cash == g.cash


def test_the_budget_counts_playouts_and_the_memory_stays_bounded():
    g = _landing_on_oriental()
    bot = ExpertBot(playouts=40, horizon=16, min_each=4, seed=3)
    tracemalloc.start()
    try:
        bot.act(g, g.decision)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert bot.last is not None and bot.last.playouts == 40  # 2 candidates x 20 samples
    assert all(w.samples == 20 for w in bot.last.candidates)
    assert peak < 16 * 2**20  # one position and one playout at a time


def test_the_budget_and_horizon_grow_with_the_players_in_play():
    """``playouts`` and ``horizon`` are set for two players: with four in play a search plays twice
    the playouts, each twice as many turns (as many rounds ahead); a bankrupt seat no longer counts;
    more than four count as four."""
    bot = ExpertBot(playouts=96, horizon=48)
    assert bot.budget(new_game(2)) == (96, 48)
    assert bot.budget(new_game(3)) == (144, 72)
    g = new_game(4)
    assert bot.budget(g) == (192, 96)
    g.bankrupt[3] = True  # out of the game: three players in play
    assert bot.budget(g) == (144, 72)
    assert bot.budget(new_game(6)) == (192, 96)  # counted up to four: a search's time stays bounded


def test_a_four_player_search_plays_twice_the_playouts_to_twice_the_turns():
    seen: list[int] = []

    class Watched(ExpertBot):
        def _playout(self, root, sample, seat, act, limit, d, horizon):  # type: ignore[override]
            seen.append(horizon)
            return super()._playout(root, sample, seat, act, limit, d, horizon)

    g = new_game(4, dice=[(2, 4)])
    give(g, 0, LIGHT_BLUE[1], LIGHT_BLUE[2])
    set_cash(g, 0, 120)
    g.apply(0, g.decision_actions()[0])  # roll: onto Oriental Avenue
    bot = Watched(playouts=16, horizon=6, min_each=4, seed=7)
    bot.act(g, g.decision)
    assert bot.last is not None and bot.last.kind == "buy"
    assert bot.last.playouts == 32  # 16 for two players: 2 candidates x 16 samples with four
    assert len(seen) == 32 and set(seen) == {12}  # 6 turns of two players: 3 rounds, 12 turns of four


def test_routine_decisions_are_the_advisors():
    g = new_game(2)
    bot = _small()
    d = g.decision
    assert d.kind == "pre_roll"
    assert bot.act(g, d) == bot.base.act(g, d)
    assert bot.last is None  # nothing searched: rolling is all there is


def test_the_expert_is_a_registered_strategy_that_pickles():
    spec = parse_strategy("expert:playouts=8:horizon=10")
    bot = spec.make(5)
    assert isinstance(bot, ExpertBot) and bot.playouts == 8 and bot.horizon == 10 and bot.seed == 5
    copy = pickle.loads(pickle.dumps(bot))
    assert isinstance(copy, ExpertBot) and copy.playouts == 8
    assert isinstance(make_bot("expert"), ExpertBot)


@pytest.mark.slow
@pytest.mark.parametrize(
    "ruleset", ["hasbro-ru", "hasbro-ru-a", "digital", "polish", "kids-london", "businesspoly", "odessa"]
)
def test_the_expert_finishes_a_game_under_every_ruleset(ruleset):
    from landlords.sim.runner import simulate

    summary, _ = simulate(
        None, ruleset, 2, 1, 11, strategies=("expert:playouts=8:horizon=12", "advisor"), max_turns=300
    )
    assert summary.games == 1


def test_the_advice_says_why_the_expert_would_choose_in_every_language():
    from landlords.analysis.advice import advise
    from landlords.server.advice import labelled

    g = _landing_on_oriental()
    answer = advise(g.to_position(), games=8, precision=None)
    why = answer["expert"]
    assert why["seat"] == 0 and why["kind"] == "buy" and why["chosen"] == BUY.to_json()
    assert why["candidates"][0]["act"] == BUY.to_json()
    shown = labelled(g, answer)["expert"]
    assert set(shown["chosen_label"]) == {"en", "ru", "pl"} and all(shown["chosen_label"].values())
    assert all(set(c["label"]) == {"en", "ru", "pl"} for c in shown["candidates"])


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_the_levels_are_strategies_a_table_may_seat_named_in_every_language(level):
    from landlords.bots import LEVELS
    from landlords.i18n import LANGUAGES, tr

    assert level in LEVELS
    parse_strategy(level, strangers=True)  # a lobby and the page may name it
    bot = make_bot(level, seed=1)
    assert getattr(bot, "searches", False) == (level in ("hard", "expert"))
    names = {tr(lang, f"strategy.{level}") for lang in LANGUAGES}
    assert len(names) == 3 and f"strategy.{level}" not in names


def test_play_takes_a_level_for_every_bot_seat():
    from click.testing import CliRunner

    from landlords.cli.main import main

    result = CliRunner().invoke(main, ["play", "--level", "impossible"])
    assert result.exit_code != 0 and "easy" in result.output and "expert" in result.output
