"""Issue 32 item 6: landlords as an OpenSpiel game. OpenSpiel's own consistency test
(``pyspiel.random_sim_test``) on several rulesets, chance nodes for dice and cards, and OpenSpiel's
MCTS playing on it unchanged."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import landlords.spiel  # noqa: E402,F401  (registers the game)
from landlords.spiel.game import SHORT_NAME  # noqa: E402


def load(**params):
    return pyspiel.load_game(SHORT_NAME, params)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("ruleset", "players"),
    [("hasbro-ru", 2), ("odessa", 3), ("businesspoly", 2), ("polish", 4), ("kids-london", 2)],
)
def test_openspiel_random_sim_test_passes(ruleset, players):
    game = load(ruleset=ruleset, players=players, max_turns=20)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_the_game_type_and_sizes():
    game = load(ruleset="hasbro-ru", players=3)
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 3 and game.num_distinct_actions() == 524
    assert game.max_chance_outcomes() == 216  # three dice of six (the speed die) at most


def test_a_roll_and_a_card_are_chance_nodes_and_the_act_is_applied_whole():
    """The roll asks for the dice (36 equal outcomes); 3 + 4 from GO lands on Chance, so the act then
    asks for a card, over the cards not yet seen; only then is the roll applied to the game."""
    game = load(ruleset="hasbro-ru", players=2)
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_chance_node()
    roll = next(a for a in state.legal_actions() if state.action_to_string(a) == "roll")
    state.apply_action(roll)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2 * 6 + 3) == "dice 3+4"
    state.apply_action(2 * 6 + 3)
    engine = state.engine
    assert engine.edition.squares[7].kind == "card"
    assert state.is_chance_node() and state.position.need[0] == "card"
    assert engine.position[0] == 0  # nothing applied yet: the act waits for its card
    deck = state.position.need[1]
    cards = [a for a, _ in state.chance_outcomes()]
    assert sorted(cards) == sorted(engine.decks[deck])  # every card of the pile, none seen yet
    state.apply_action(cards[0])
    assert cards[0] in state.position.seen[deck]
    assert state.engine.last_roll == (3, 4)


def test_the_same_history_gives_the_same_position_and_a_clone_is_independent():
    game = load(ruleset="odessa", players=3, max_turns=15)
    rng = np.random.default_rng(2)
    state = game.new_initial_state()
    for _ in range(120):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state) and again.engine.cash == state.engine.cash
    clone = state.clone()
    if not clone.is_terminal():
        first = clone.chance_outcomes()[0][0] if clone.is_chance_node() else clone.legal_actions()[0]
        clone.apply_action(first)
        assert len(clone.history()) == len(state.history()) + 1 and str(state) == str(again)


def test_openspiel_mcts_plays_on_it_unchanged():
    from open_spiel.python.algorithms import mcts

    game = load(ruleset="hasbro-ru", players=2, max_turns=6)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 1.4, 6, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 12 or state.is_terminal()
