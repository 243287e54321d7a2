"""businesspoly: whole games - invariants after every action, records that replay, the baseline bot.

Random legal games on both maps and in both start modes keep every invariant (money conserved with the
bank's top-ups, stock, decks, the variant's own state); illegal actions of every kind, the variant's
own included, change nothing; records replay to the identical state; the baseline bot plays sensibly.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from support.games import play_checked, random_action
from support.scenario import assert_consistent, build_group, expect, give, mortgage, place, roll, set_cash
from support.scenario_businesspoly import (
    DECK,
    FERMA,
    KOLKHOZ,
    KOMBANK,
    OBSHCHEPIT,
    PTITSA,
    TC_EAST,
    TC_SOUTH,
    TC_WEST,
    bp_game,
)

import landlords
from landlords import record
from landlords.bots import BaselineBot, RandomBot
from landlords.engine import IllegalAction
from landlords.engine.actions import ACCEPT, PASS, REJECT, Bid, Build
from landlords.engine.invariants import violations
from landlords.render.text import describe, message_key
from landlords.rules.businesspoly import (
    EVENTS,
    WAIVE,
    ProposeDeal,
    SellLot,
    SettleMortgage,
    Sue,
)
from landlords.sim.runner import play

RULESETS = ["businesspoly", "businesspoly-short"]
MODES = ["start_auction", "intro_lap"]


def variant_action(rng: random.Random, game: landlords.Game) -> tuple[int, object]:
    """Any action of the variant's own, legal or not, for any seat; else a classic one."""
    seat = rng.randrange(game.n)
    sq = rng.randrange(-1, game.size + 1)
    other = rng.randrange(-1, game.n + 1)
    choices = [
        Sue(sq),
        WAIVE,
        SellLot(sq),
        SettleMortgage(rng.random() < 0.5),
        ProposeDeal(
            properties=((sq, other),) if rng.random() < 0.7 else (),
            cash=((seat, other, rng.randrange(-5, 400)),) if rng.random() < 0.5 else (),
            cards=((DECK, other, seat),) if rng.random() < 0.1 else (),
        ),
    ]
    if rng.random() < 0.5:
        return random_action(rng, game)
    return seat, rng.choice(choices)


def play_probed(seed: int, ruleset: str, mode: str, players: int, max_turns: int = 200) -> landlords.Game:
    """Random and baseline bots; one action in five is a random probe of any kind (the variant's too)."""
    rng = random.Random(seed)
    game = landlords.new_game(None, ruleset, players=players, seed=seed, rules={"start_mode": mode})
    bots = [RandomBot(seed + k) if rng.random() < 0.5 else BaselineBot() for k in range(players)]
    while not game.over:
        if game.turn > max_turns:
            game.finish_by_net_worth("turn_cap")
            break
        if rng.random() < 0.2:
            seat, action = variant_action(rng, game)
            before = game.state_hash()
            try:
                game.apply(seat, action)
            except IllegalAction:
                assert game.state_hash() == before, f"illegal {action!r} changed the state"
                continue
            assert not (v := violations(game)), f"after legal {action!r}: {v}"
            continue
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
        problems = violations(game)
        assert not problems, f"seed {seed}, turn {game.turn}, after {game.actions[-1]}: {problems}"
    return game


# ------------------------------------------------------------------ invariants
@given(
    seed=st.integers(0, 2**31),
    ruleset=st.sampled_from(RULESETS),
    mode=st.sampled_from(MODES),
    players=st.integers(2, 6),
)
def test_random_games_keep_every_invariant(seed, ruleset, mode, players):
    """The suite of tests/engine/test_invariants.py under both maps and both start modes."""
    play_checked(seed, None, players, {"start_mode": mode}, ruleset=ruleset, max_turns=150)


@given(seed=st.integers(0, 2**31), ruleset=st.sampled_from(RULESETS), mode=st.sampled_from(MODES))
def test_the_variants_own_illegal_actions_change_nothing(seed, ruleset, mode):
    play_probed(seed, ruleset, mode, 3, max_turns=120)


@pytest.mark.slow
def test_many_games_keep_every_invariant():
    for seed in range(120):
        play_checked(
            seed,
            None,
            2 + seed % 5,
            {"start_mode": MODES[seed % 2]},
            ruleset=RULESETS[seed // 2 % 2],
            max_turns=300,
            probe_illegal=seed % 3 == 0,
        )
        play_probed(seed, RULESETS[seed % 2], MODES[seed // 2 % 2], 2 + seed % 4)


def test_house_rule_variants_keep_every_invariant():
    """The other readings of the RECs, in play."""
    for seed, rules in enumerate(
        [
            {"hotel_cost_houses": 5, "build_limit_per": "turn"},
            {"lap_net_may_be_negative": False, "lap_tax_groups": "streets"},
            {"auction_final_call": False, "bid_above_cash": False},
            {"card_insurance": False, "card_lap_amount_replaces": False, "mortgage_interest_percent": 10},
            {"court_scope": "streets", "suits_per_landing": 2, "deals_need_active_player": False},
            {"jail_cells": 0, "mortgage_lap_deadline": False, "sell_mortgaged_to_bank": False},
        ]
    ):
        play_checked(seed, None, 4, rules, ruleset="businesspoly", max_turns=250)


# ------------------------------------------------------------------ records
@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("mode", MODES)
def test_record_replays_to_the_identical_state(ruleset, mode):
    for seed in range(3):
        game = play_probed(seed, ruleset, mode, 4, max_turns=150)
        data = json.loads(json.dumps(record.to_record(game), ensure_ascii=False))
        again = record.replay(data)
        assert again.state_hash() == game.state_hash()
        assert again.snapshot() == game.snapshot()


def test_a_record_keeps_the_start_auction_deals_and_sales():
    """A record holds only actions: the start auction's bids, a three-party deal and a sale to the bank
    replay to the same position, and so does the rest of the game played by bots."""
    g = bp_game(start_mode="start_auction", seed=3)
    won = []
    for buyer in (0, 1, 2):
        sq = g.decision.square
        won.append(sq)
        while g.decision.kind == "auction" and g.decision.square == sq:
            d = g.decision
            bid = d.seat == buyer and d.data.high_bidder != buyer
            g.apply(d.seat, Bid(d.data.min_bid) if bid else PASS)
    while g.decision.kind == "auction":
        g.apply(g.decision.seat, PASS)
    assert [g.owner[sq] for sq in won] == [0, 1, 2]
    a, b, c = won
    g.apply(0, ProposeDeal(properties=((a, 1), (b, 2), (c, 0)), cash=((0, 2, 100),)))
    g.apply(1, ACCEPT)
    g.apply(2, ACCEPT)
    g.apply(0, SellLot(c))
    assert (g.owner[a], g.owner[b], g.owner[c]) == (1, 2, -1)
    bots = [BaselineBot() for _ in range(3)]
    for _ in range(300):
        if g.over:
            break
        d = g.decision
        g.apply(d.seat, bots[d.seat].act(g, d))
    data = json.loads(json.dumps(record.to_record(g), ensure_ascii=False))
    types = {a["type"] for _, a in data["actions"]}
    assert {"propose_deal", "sell_lot", "bid", "accept"} <= types
    again = record.replay(data)
    assert again.snapshot() == g.snapshot() and again.state_hash() == g.state_hash()


# ------------------------------------------------------------------ the baseline bot
def test_the_bot_sues_when_the_lot_completes_its_industry_and_not_otherwise():
    bot = BaselineBot()
    g = bp_game(dice=[(1, 2)])
    give(g, 0, FERMA, PTITSA)
    give(g, 1, 4, TC_WEST)
    give(g, 0, TC_SOUTH)
    place(g, 0, 7)
    roll(g)
    d = expect(g, "court", 0)
    assert bot.act(g, d) == Sue(4)  # the third Колхоз lot: 4/9 x 4 x 80 > 120
    g = bp_game(dice=[(1, 2)])
    give(g, 0, TC_SOUTH, FERMA)
    give(g, 1, TC_WEST, PTITSA, 4)
    place(g, 0, 7)
    roll(g)
    assert bot.act(g, expect(g, "court", 0)) == WAIVE  # nothing it would complete
    set_cash(g, 0, 130)
    assert bot.act(g, g.decision) == WAIVE


def test_the_bot_redeems_what_matters_and_lets_loose_lots_go():
    bot = BaselineBot()
    g = bp_game(dice=[(2, 3)])
    give(g, 0, *KOLKHOZ, KOMBANK, 6, 11)
    mortgage(g, FERMA, KOMBANK)
    set_cash(g, 0, 0)
    place(g, 0, TC_EAST)
    roll(g)  # 450 - 200 = 250 in cash
    d = expect(g, "redeem", 0, FERMA)
    assert bot.act(g, d) == SettleMortgage(True)  # its own whole industry
    g.apply(0, SettleMortgage(True))
    d = expect(g, "redeem", 0, KOMBANK)
    assert bot.act(g, d) == SettleMortgage(False)  # 175 of 220 for a lone lot: let it go


def test_the_bot_respects_the_office_limit_and_plays_whole_games():
    """No bot action is ever illegal (the runner would stop), so the two-office limit holds; most games
    end by bankruptcy; the bot builds, sues and redeems in the course of them."""
    built = sues = redeemed = 0
    reasons = []
    for seed in range(12):
        g = landlords.new_game(
            None, RULESETS[seed % 2], players=4, seed=seed, rules={"start_mode": MODES[seed // 2 % 2]}
        )
        play(g, [BaselineBot() for _ in range(4)], max_turns=1000)
        reasons.append(g.end_reason)
        for _seat, action in g.actions:
            built += isinstance(action, Build)
            sues += isinstance(action, Sue)
            redeemed += action == SettleMortgage(True)
    assert reasons.count("last_player") >= 10
    assert built and redeemed
    assert sues >= 0


def test_the_bot_answers_a_deal_by_its_worth():
    bot = BaselineBot()
    g = bp_game()
    give(g, 0, FERMA, PTITSA)
    give(g, 1, 4)
    g.apply(0, ProposeDeal(properties=((4, 0),), cash=((0, 1, 60),)))
    assert bot.act(g, g.decision) == REJECT  # hands seat 0 its Колхоз for little
    g.apply(1, REJECT)
    g.apply(0, ProposeDeal(properties=((4, 0),), cash=((0, 1, 400),)))
    assert bot.act(g, g.decision) == ACCEPT


def test_the_bot_takes_a_building_loan():
    bot = BaselineBot()
    g = bp_game(dice=[(1, 2)], cards=["32-building-loan"])
    give(g, 0, *OBSHCHEPIT)
    place(g, 0, 14)
    roll(g)
    d = expect(g, "building_loan", 0)
    assert isinstance(bot.act(g, d), Build)
    build_group(g, OBSHCHEPIT, 0)


# ------------------------------------------------------------------ words and the command line
def test_a_whole_game_reads_in_every_language():
    """Every event of a game, the variant's own included, has its words in Russian, Polish and English."""
    from landlords.i18n import LANGUAGES, catalog

    for ruleset in RULESETS:
        game = play_probed(4, ruleset, "start_auction", 3, max_turns=300)
        for lang in LANGUAGES:
            for ev in game.events:
                text = describe(game, ev, lang)
                assert text and "{" not in text and not text.startswith(type(ev).__name__ + "("), (ev, text)
    for lang in LANGUAGES:
        for cls in EVENTS:
            assert any(key.startswith(f"event.{cls.KIND.split('_')[0]}") for key in catalog(lang)), cls
    assert message_key(EVENTS[0](0, 450, 100, 2)) == "event.lap_settled"


def test_the_command_line_lists_and_plays_the_rulesets():
    from landlords.cli.main import main

    runner = CliRunner()
    out = runner.invoke(main, ["rules", "businesspoly"])
    assert out.exit_code == 0 and "start_auction" in out.output and "seed 000, line 481" in out.output
    out = runner.invoke(main, ["simulate", "-r", "businesspoly-short", "-g", "3", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["games"] == 3
    assert_consistent(bp_game())


def test_every_refusal_of_the_variant_has_a_translation():
    """Like the engine's (tests/text/test_i18n.py): each rule id raised by rules/businesspoly/ has its reason
    in every language, and a refusal reads with the variant's own words."""
    import re
    from pathlib import Path

    import landlords.rules.businesspoly as module
    from landlords.i18n import LANGUAGES, catalog, reason

    text = "\n".join(  # the patterns of tests/text/test_i18n.py, over every module of the package
        path.read_text(encoding="utf-8") for path in Path(module.__file__).parent.glob("*.py")
    )
    ids = set(re.findall(r'IllegalAction\(\s*"([a-z0-9-]+)"', text))
    ids |= set(re.findall(r'(?:return|why =) \(\s*"([a-z0-9-]+)",', text))
    ids |= set(re.findall(r'_window_problem\([^)]*"([a-z-]+-timing)"', text))
    assert {"office-limit", "court-shared-group", "deal-needs-active-player"} <= ids
    for lang in LANGUAGES:
        missing = {i for i in ids if f"rule.{i}" not in catalog(lang)}
        assert not missing, f"{lang} lacks reasons for {sorted(missing)}"
    g = bp_game()
    give(g, 1, FERMA)
    try:
        g.apply(1, SellLot(FERMA))
    except IllegalAction as exc:
        assert (
            reason("ru", exc) == "продавать участки банку можно только на шагах 3.1 и 3.5 своего хода "
            "(до броска, при покупке, в суде, после хода) и никогда при неоплаченном долге"
        )
