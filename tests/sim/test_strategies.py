"""The strategies: every one finishes games under every ruleset with legal actions only, the plugin
interface (names, declared parameters, entry points), and what sets each strategy apart. The
registry's refusals of hostile specs are in test_strategy_registry.py."""

from __future__ import annotations

import dataclasses
from importlib.metadata import EntryPoint

import pytest
from support.scenario import (
    BALTIC,
    JAIL,
    MEDITERRANEAN,
    ORANGE,
    PINK,
    READING,
    RED,
    give,
    give_jail_card,
    mortgage,
    new_game,
    place,
    put_in_jail,
    set_cash,
)

import landlords.bots as bots
from landlords.bots import (
    AdvisorBot,
    BaselineBot,
    CautiousBot,
    RandomBot,
    TraderBot,
    make_bot,
    parse_strategy,
    split_spec,
)
from landlords.bots.valuation import board_odds
from landlords.editions import load_edition
from landlords.engine import IllegalAction
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLINE,
    PAY_JAIL_FINE,
    REJECT,
    ROLL,
    Build,
    Mortgage,
    ProposeTrade,
)
from landlords.engine.decision import Decision
from landlords.engine.errors import ConfigError
from landlords.engine.game import Game
from landlords.engine.invariants import violations
from landlords.rules import RULESETS, game_class

STRATEGIES = ["random", "baseline", "advisor", "trader", "cautious"]


# ================================================================ every strategy, every ruleset
def _play(ruleset: str, specs: list[str], seed: int, max_turns: int = 300) -> Game:
    """A whole game (capped at ``max_turns``), invariants checked after every action."""
    rules = RULESETS[ruleset]
    edition = load_edition(rules.edition)
    game = game_class(rules)(  # bots never play ClaimRent: their rent is claimed when owed
        edition, rules, len(specs), seed, record_events=False, end_turn_prompt=False, auto_claim=True
    )
    players = [make_bot(s, seed=seed * 10 + i) for i, s in enumerate(specs)]
    steps = 0
    while not game.over:
        d = game.decision
        action = players[d.seat].act(game, d)
        try:
            game.apply(d.seat, action)
        except IllegalAction as exc:
            pytest.fail(
                f"{specs[d.seat]} at seat {d.seat} ({ruleset}, seed {seed}) chose {action!r} at {d.kind}: {exc}"
            )
        steps += 1
        if steps % 7 == 0 or game.over:
            assert violations(game) == [], f"{ruleset}, seed {seed}, after {action!r}"
        if game.turn > max_turns:
            game.finish_by_net_worth("turn_cap")
    return game


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_strategy_finishes_games_under_every_ruleset(strategy, ruleset):
    """Every registered ruleset (new ones included automatically): one game with the strategy in
    every seat, one against the others (rotated so it meets each of them)."""
    n = min(4, RULESETS[ruleset].max_players)
    others = [s for s in STRATEGIES if s != strategy]
    tables = ([strategy] * n, [strategy, *others][:n], [*others[::-1], strategy][-n:])
    for seed in range(6):
        game = _play(ruleset, tables[seed % 3], seed + 1)
        assert game.over and 0 <= game.winner < n


# ================================================================ the plugin interface
def test_specs_split_into_a_target_and_parameters():
    assert split_spec("advisor") == ("advisor", None, {})
    assert split_spec("advisor:reserve=200:favour=orange+red") == (
        "advisor",
        None,
        {"reserve": "200", "favour": "orange+red"},
    )
    assert split_spec("rl:models/p.npz:greedy=no") == ("rl", "models/p.npz", {"greedy": "no"})
    for bad in ("", ":x=1", "advisor:x=1:extra", "advisor:1x=2", "advisor:x=1:x=2"):
        with pytest.raises(ConfigError):
            split_spec(bad)


def test_parameters_are_converted_to_the_type_of_their_default():
    bot = make_bot("advisor:reserve=250:danger=0.5:favour=red:mortgage_to_build=no:jail=long")
    assert isinstance(bot, AdvisorBot)
    assert (bot.reserve, bot.danger, bot.favour, bot.mortgage_to_build, bot.jail) == (
        250,
        0.5,
        "red",
        False,
        "long",
    )
    assert make_bot("trader:horizon=20").horizon == 20.0
    assert make_bot("cautious:trade=true").trade is True


@pytest.mark.parametrize(
    "spec, message",
    [
        ("nosuch", "unknown strategy 'nosuch'"),
        ("advisor:nosuch=1", "has no parameter 'nosuch'"),
        ("advisor:reserve=lots", "'reserve' expects a whole number from 0 to 1,000,000, got 'lots'"),
        ("advisor:mortgage_to_build=maybe", r"expects true or false \(yes/no, 1/0, on/off\), got 'maybe'"),
        ("advisor:jail=sometimes", "'jail' expects one of auto, short, long, got 'sometimes'"),
        ("no_such_module_xyz:Bot", "unknown strategy 'no_such_module_xyz'"),
        ("landlords.bots:NoSuchBot", "unknown strategy 'landlords.bots'"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(ConfigError, match=message):
        parse_strategy(spec)


def test_module_colon_class_is_no_longer_a_strategy():
    with pytest.raises(ConfigError, match="unknown strategy 'landlords.bots.cautious' in"):
        make_bot("landlords.bots.cautious:CautiousBot:reserve=50")


@dataclasses.dataclass
class GreedyBot(BaselineBot):
    """Buys everything it can afford (a plugin in a few lines; ``name`` is the baseline's field,
    given its value, not declared again)."""

    def __post_init__(self):
        super().__post_init__()
        self.name = "greedy"

    def _wants(self, game, seat, sq, price):
        return game.cash[seat] >= price


def test_a_registered_strategy_is_named_like_the_built_in_ones(monkeypatch):
    monkeypatch.setattr(bots, "STRATEGIES", dict(bots.STRATEGIES))
    try:
        bots.register("greedy", GreedyBot, params=(bots.Param("reserve", int, 100, "cash kept", 0, 500),))
        assert isinstance(make_bot("greedy:reserve=10"), GreedyBot)
        with pytest.raises(ConfigError, match="'reserve' expects a whole number from 0 to 500, got '600'"):
            make_bot("greedy:reserve=600")
        assert any(name == "greedy" for name, _, _ in bots.describe())
        game = _play("hasbro-ru", ["greedy", "baseline"], 3)
        assert game.over
    finally:
        bots._SPECS.clear()


def test_an_undeclared_registered_strategy_takes_typed_parameters_locally_only(monkeypatch):
    monkeypatch.setattr(bots, "STRATEGIES", dict(bots.STRATEGIES))
    try:
        bots.register("greedy")(GreedyBot)
        assert make_bot("greedy:reserve=10").reserve == 10
        with pytest.raises(ConfigError, match="'reserve' expects a whole number, got 'x'"):
            make_bot("greedy:reserve=x")
        with pytest.raises(ConfigError, match="for the local command line only"):
            parse_strategy("greedy", strangers=True)
    finally:
        bots._SPECS.clear()


def test_register_refuses_names_that_cannot_be_written_in_a_spec():
    with pytest.raises(ConfigError):
        bots.register("a:b", GreedyBot)


def test_entry_points_in_the_landlords_strategies_group_are_found(monkeypatch):
    ep = EntryPoint("careful", "landlords.bots.cautious:CautiousBot", bots.ENTRY_POINT_GROUP)
    monkeypatch.setattr(bots, "entry_points", lambda group: [ep] if group == bots.ENTRY_POINT_GROUP else [])
    monkeypatch.setattr(bots, "_PLUGINS", {})
    try:
        bot = make_bot("careful:max_houses=2")
        assert isinstance(bot, CautiousBot) and bot.max_houses == 2
        assert "careful" in [name for name, _, _ in bots.describe()]
    finally:
        bots._SPECS.clear()


def test_factories_taking_a_seed_get_one_and_stay_reproducible():
    game = new_game(2)
    a, b = make_bot("random", seed=5), make_bot("random", seed=5)
    assert isinstance(a, RandomBot)
    draws = [(a.rng.random(), b.rng.random()) for _ in range(5)]
    assert all(x == y for x, y in draws)
    assert make_bot("random:seed=9").rng.random() == RandomBot(9).rng.random()
    assert game.decision.kind == "pre_roll"


def test_describe_lists_every_strategy_with_its_parameters():
    listed = {name: params for name, _, params in bots.describe()}
    assert set(STRATEGIES) <= set(listed)
    assert listed["advisor"]["favour"] == "orange+red"
    assert "horizon" in listed["trader"] and "max_houses" in listed["cautious"]


# ================================================================ expected income
def test_expected_income_comes_from_the_exact_odds_and_is_cached():
    g = new_game(2)
    odds = board_odds(g)
    assert odds.exact
    assert board_odds(new_game(3)) is odds  # same edition and ruleset: computed once
    # orange is landed on more often than brown; rent grows with the houses
    assert odds.rate[ORANGE[0]] > odds.rate[MEDITERRANEAN]
    assert odds.income[ORANGE[0]][3] > odds.income[ORANGE[0]][1] > odds.income[ORANGE[0]][0] > 0


# ================================================================ the advisor
def _buy_decision(g, seat, sq):
    place(g, seat, sq)
    return Decision("buy", seat, sq)


def test_advisor_buys_orange_where_the_baseline_keeps_its_reserve():
    g = new_game(3)
    set_cash(g, 0, 200)  # St. James Place costs 180
    d = _buy_decision(g, 0, ORANGE[0])
    assert BaselineBot().act(g, d) == DECLINE
    assert AdvisorBot().act(g, d) == BUY
    assert AdvisorBot(favour="green").act(g, d) == DECLINE  # without the favour, the reserve decides


def test_advisor_builds_to_three_houses_with_half_its_reserve():
    g = new_game(3)
    give(g, 0, *ORANGE)
    set_cash(g, 0, 170)  # a house costs 100; the baseline keeps 100 back, the advisor 50 on the way to three
    assert g.decision.kind == "pre_roll" and g.decision.seat == 0
    assert BaselineBot().act(g, g.decision) == ROLL
    action = AdvisorBot().act(g, g.decision)
    assert isinstance(action, Build) and action.square in ORANGE


def test_advisor_mortgages_loose_lots_to_reach_three_houses():
    g = new_game(3)
    give(g, 0, *ORANGE)
    give(g, 0, READING, MEDITERRANEAN)
    set_cash(g, 0, 60)
    bot = AdvisorBot()
    first = bot.act(g, g.decision)
    assert isinstance(first, Mortgage) and first.square in (READING, MEDITERRANEAN)
    g.apply(0, first)
    while True:  # mortgages then houses, never a lift in the same turn, and then the roll
        a = bot.act(g, g.decision)
        if a == ROLL:
            break
        assert isinstance(a, (Mortgage, Build)), a
        g.apply(0, a)
    assert sum(g.level[sq] for sq in ORANGE) >= 1


def test_advisor_leaves_jail_early_and_sits_in_it_late():
    g = new_game(3)
    put_in_jail(g, 0)
    set_cash(g, 0, 1000)
    assert AdvisorBot().act(g, g.decision) == PAY_JAIL_FINE  # early: the board is still for sale
    give(g, 1, *ORANGE, *PINK)  # late: hotels just beyond the jail
    for sq in ORANGE + PINK:
        g.level[sq] = 5
    g.bank_hotels -= 6
    assert AdvisorBot().act(g, g.decision) == ROLL
    assert AdvisorBot(jail="short").act(g, g.decision) == PAY_JAIL_FINE
    assert g.position[0] == JAIL


def test_advisor_reserve_grows_with_the_danger_ahead():
    g = new_game(3)
    quiet = AdvisorBot()._reserve(g, 0)
    g2 = new_game(3)
    give(g2, 1, *ORANGE)
    for sq in ORANGE:
        g2.level[sq] = 3
    g2.bank_houses -= 9
    place(g2, 0, 10)  # six to nine squares from orange
    assert AdvisorBot()._reserve(g2, 0) > quiet + 200


# ================================================================ the trader
def _offer(setup, proposer, partner, **kw) -> tuple[Game, Decision]:
    """A fresh four-player position from ``setup``, in which ``proposer`` makes the offer: (game,
    the answer due)."""
    g = new_game(4)
    setup(g)
    g.apply(proposer, ProposeTrade(partner, **kw))
    assert g.decision.kind == "trade_response" and g.decision.seat == partner
    return g, g.decision


def _answer(bot, setup, proposer, partner, **kw):
    g, d = _offer(setup, proposer, partner, **kw)
    return bot.act(g, d)


def test_trader_refuses_to_hand_over_a_monopoly_cheaply():
    def setup(g):
        give(g, 1, ORANGE[0], ORANGE[1])
        give(g, 0, ORANGE[2])
        set_cash(g, 1, 3000)

    # the baseline sells the last orange lot for three times its price; the trader wants more
    assert _answer(BaselineBot(), setup, 1, 0, give_cash=600, take_properties=(ORANGE[2],)) == ACCEPT
    assert _answer(TraderBot(), setup, 1, 0, give_cash=600, take_properties=(ORANGE[2],)) == REJECT
    assert _answer(TraderBot(), setup, 1, 0, give_cash=2000, take_properties=(ORANGE[2],)) == ACCEPT


def test_trader_accepts_a_swap_of_monopolies_and_weighs_mortgaged_lots():
    def setup(g):
        give(g, 0, ORANGE[0], ORANGE[1], RED[2])
        give(g, 1, ORANGE[2], RED[0], RED[1])

    assert _answer(TraderBot(), setup, 1, 0, give_properties=(ORANGE[2],), take_properties=(RED[2],)) == ACCEPT
    g = new_game(3)
    trader = TraderBot()
    give(g, 0, BALTIC)
    value = trader._worth(g, 0, g.t.group_of[BALTIC], {}, g.cash[0])
    mortgage(g, BALTIC)
    assert trader._worth(g, 0, g.t.group_of[BALTIC], {}, g.cash[0]) < value


def test_trader_proposes_multi_item_trades_with_jail_cards_and_mortgaged_lots():
    g = new_game(3)
    give(g, 0, ORANGE[0], ORANGE[1], READING, 15)
    mortgage(g, 15)
    give_jail_card(g, 0)
    give(g, 1, ORANGE[2])
    set_cash(g, 0, 1500)
    bot = TraderBot()
    offer = bot._trade_offer(g, 0)
    assert isinstance(offer, ProposeTrade)
    assert offer.partner == 1 and offer.take_properties == (ORANGE[2],)
    assert offer.give_cards == ("chance",)
    assert len(offer.give_properties) + (offer.give_cash > 0) + len(offer.give_cards) >= 2
    assert g.is_legal(0, offer)
    # refused: the next offer for the same lot comes later and is larger
    g.apply(0, offer)
    g.apply(1, REJECT)
    bot._learn(g, 0)
    step, wait = bot._asks[(id(g), g.t.group_of[ORANGE[2]], 1)]
    assert step == 1 and wait > g.turn


def test_trader_values_a_lot_that_completes_its_group_highly():
    g = new_game(3)
    give(g, 0, ORANGE[0], ORANGE[1])
    trader = TraderBot()
    assert trader._value(g, 0, ORANGE[2]) > 2 * g.t.price[ORANGE[2]]
    assert trader._value(g, 1, ORANGE[2]) > g.t.price[ORANGE[2]]  # keeping seat 0 from its monopoly


# ================================================================ the cautious player
def test_cautious_keeps_a_cushion_proposes_nothing_and_sits_in_jail_once_anyone_built():
    g = new_game(3)
    set_cash(g, 0, 300)
    d = _buy_decision(g, 0, ORANGE[0])
    assert CautiousBot().act(g, d) == DECLINE
    assert BaselineBot().act(g, d) == BUY
    give(g, 0, RED[0], RED[1])
    give(g, 1, RED[2])
    assert CautiousBot()._trade_offer(g, 0) is None
    put_in_jail(g, 0)
    set_cash(g, 0, 2000)
    assert CautiousBot().act(g, g.decision) == PAY_JAIL_FINE
    give(g, 2, *PINK)
    g.level[PINK[0]] = 1
    g.bank_houses -= 1
    assert CautiousBot().act(g, g.decision) == ROLL
