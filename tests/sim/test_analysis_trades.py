"""Issue 19: trade evaluation. The one-line and JSON trades, with one clear error for each mistake;
the trade made and not made; the paired comparison; the exact-odds view; the fair-price search;
and ``landlords analyse`` from the command line."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import landlords
from landlords import Position
from landlords.analysis import chances as C
from landlords.analysis import evaluate_trade
from landlords.analysis import trades as T
from landlords.analysis.continuations import Outcome
from landlords.analysis.trade_terms import after_trade, parse_offer, pending_offer, without_trade
from landlords.engine.actions import ProposeTrade
from landlords.engine.errors import ConfigError


def table() -> landlords.Game:
    return builder().game()


def builder() -> Position:
    """Ann holds two light blues, Bob the third and Boardwalk, Cy Park Place; Ann has a jail card."""
    return (
        Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob", "Cy"])
        .own("Ann", "Oriental", "Vermont", "Baltic")
        .own("Bob", "Connecticut", "Boardwalk")
        .own("Cy", "Park Place", "Illinois")
        .jail_card("Ann", "chance")
        .cash("Ann", 900)
        .cash("Bob", 800)
        .cash("Cy", 700)
    )


# ---------------------------------------------------------------- reading a trade
@pytest.mark.parametrize(
    ("text", "proposer", "action"),
    [
        ("Ann gives Baltic + 200 to Bob for Boardwalk", 0, ProposeTrade(1, (3,), 200, (), (39,), 0, ())),
        ("bob gives connecticut to ann for 150", 1, ProposeTrade(0, (9,), 0, (), (), 150, ())),
        (
            "Ann gives $300 and chance jail card to B for #39, 50",
            0,
            ProposeTrade(1, (), 300, ("chance",), (39,), 50, ()),
        ),
        ("Ann gives jail card to Cy for nothing", 0, ProposeTrade(2, (), 0, ("chance",), (), 0, ())),
        ("Cy gives Park, Illinois Avenue to Ann for 500", 2, ProposeTrade(0, (37, 24), 0, (), (), 500, ())),
        (
            '{"from": "Ann", "to": "Bob", "gives": {"lots": ["Baltic"], "cash": 200}, "gets": {"lots": [39]}}',
            0,
            ProposeTrade(1, (3,), 200, (), (39,), 0, ()),
        ),
        ('{"from": 2, "to": "ann", "gives": {"lots": ["Illinois"]}}', 2, ProposeTrade(0, (24,), 0, (), (), 0, ())),
    ],
)
def test_a_trade_is_read_from_one_line_or_json(text, proposer, action):
    offer = parse_offer(table(), text)
    assert offer.proposer == proposer and offer.action == action


def test_a_trade_reads_back_as_the_line_it_came_from():
    game = table()
    offer = parse_offer(game, "Ann gives Baltic + 200 to Bob for Boardwalk")
    assert offer.describe(game) == "Ann gives Baltic Avenue + $200 to Bob for Boardwalk"
    assert parse_offer(game, offer.describe(game)) == offer


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ann sells Baltic to Bob", "cannot read 'Ann sells Baltic to Bob'; a trade reads 'NAME gives ITEMS"),
        ("", "trade: empty"),
        ("Dan gives 100 to Bob", "no player called 'Dan' (players: Ann, Bob, Cy)"),
        ("Ann gives 100 to Ann", "Ann cannot trade with themselves"),
        ("Ann gives Baltc to Bob", "'Baltc' names no single lot of classic-us (did you mean Baltic Avenue?)"),
        ("Ann gives Boardwalk to Bob", "Ann does not hold Boardwalk (Bob holds it)"),
        ("Ann gives Marvin Gardens to Bob", "Ann does not hold Marvin Gardens (the bank holds it)"),
        ("Ann gives Go to Bob", "Go is not a lot that can be traded"),
        ("Ann gives Baltic, Baltic to Bob", "Baltic Avenue is named twice"),
        ("Bob gives jail card to Ann", "Bob holds no jail card"),
        ("Ann gives community chest jail card to Bob", "Ann holds no jail card from Community Chest"),
        ("Ann gives lottery jail card to Bob", "no deck called 'lottery jail card'"),
        ("Ann gives 5000 to Bob for Boardwalk", "Ann cannot offer this now: Ann cannot give 5000 in cash"),
        ("Ann gives nothing to Bob", "Ann cannot offer this now: the offer is empty"),
        ('{"from": "Ann", "to": "Bob", "give": {}}', "unknown field 'give'"),
        ('{"from": "Ann"}', "'to' is missing"),
        ('{"from": "Ann", "to": "Bob", "gives": {"cash": -5}}', "gives.cash must be a whole number"),
        ('{"from": "Ann", "to": "Bob", "gives": {"lots": "Baltic"}}', "gives.lots must be a list"),
        ('{"from": "Ann", "to": "Bob", "gets": {"houses": 2}}', "gets.houses: unknown"),
        ('{"from": "Ann", "to": ', "not valid JSON"),
    ],
)
def test_each_mistake_in_a_trade_is_one_error_naming_it(text, words):
    game = table()
    before = game.state_hash()
    with pytest.raises(ConfigError) as caught:
        parse_offer(game, text)
    assert words in str(caught.value) and str(caught.value).startswith("trade: ")
    assert game.state_hash() == before


def test_the_rules_for_offers_apply_buildings_in_the_group():
    built = builder().own("Ann", "Oriental", "Vermont", "Connecticut", houses=1).game()
    with pytest.raises(ConfigError, match="sell the group's buildings"):
        parse_offer(built, "Ann gives Oriental to Bob for 100")


# ---------------------------------------------------------------- the trade made, and not
def test_after_and_without_a_trade_leave_the_game_itself_untouched():
    game = table()
    offer = parse_offer(game, "Bob gives Connecticut to Ann for 150")
    before = game.state_hash()
    after, without = after_trade(game, offer), without_trade(game, offer)
    assert game.state_hash() == before == without.state_hash()
    assert after.owner[9] == 0 and after.cash[0] == 750 and after.cash[1] == 950
    assert game.names[after.group_owner[after.t.group_of[9]]] == "Ann"


def test_a_waiting_offer_is_accepted_in_one_position_and_refused_in_the_other():
    game = table()
    game.apply(1, ProposeTrade(0, (9,), 0, (), (), 150, ()))  # Bob offers Connecticut to Ann for 150
    offer = pending_offer(game)
    assert offer is not None and offer == parse_offer(game, "Bob gives Connecticut to Ann for 150")
    after, without = after_trade(game, offer), without_trade(game, offer)
    assert after.owner[9] == 0 and without.owner[9] == 1
    assert without.decision.kind != "trade_response" and game.decision.kind == "trade_response"


def test_the_exact_odds_view_names_the_group_completed_and_the_rent_gained():
    game = table()
    offer = parse_offer(game, "Bob gives Connecticut to Ann for 150")
    ann, bob = T.exact_view(without_trade(game, offer), after_trade(game, offer), (0, 1))
    assert ann["groups_completed"] == ["Light Blue"] and ann["groups_broken"] == []
    # whole and unbuilt, the light blues charge double rent: Ann's expected rent more than doubles
    assert ann["after"]["rent_per_opponent_turn"] > 2 * ann["before"]["rent_per_opponent_turn"] > 0
    assert bob["after"]["rent_per_opponent_turn"] < bob["before"]["rent_per_opponent_turn"]
    assert ann["after"]["cash"] == 750


def test_a_group_broken_by_a_trade_is_named():
    game = builder().own("Ann", "Connecticut").game()
    offer = parse_offer(game, "Ann gives Oriental to Cy for 300")
    (ann,) = T.exact_view(without_trade(game, offer), after_trade(game, offer), (0,))
    assert ann["groups_broken"] == ["Light Blue"]


# ---------------------------------------------------------------- the comparison and the fair price
def test_the_comparison_pairs_continuation_i_with_continuation_i():
    rows = [Outcome(i, w, w, 10, "last_player") for i, w in enumerate([0, 0, 1, 1, 2])]
    other = [Outcome(i, w, w, 10, "last_player") for i, w in enumerate([0, 1, 1, 0, 2])]
    row = T.change(0, other, rows)
    assert row["pairs"] == {"both": 1, "with_only": 1, "without_only": 1, "neither": 2}
    assert row["with"] == row["without"] == 0.4 and row["change"] == 0


def fake_run(pay_sensitivity: float, base_share: float):
    """A stand-in for the continuations: the proposer (seat 0) wins continuation i when i / games is
    below its chance, ``base_share`` without the trade and ``base_share + 0.3 - net / sensitivity`` with
    it (``net``: what it paid), so the neutral price is ``0.3 * sensitivity``."""

    def run_jobs(jobs, games, **_):
        outcomes = []
        for job in jobs:
            cash = json.loads(job.position)["players"][0]["cash"]
            share = base_share + 0.3 - (900 - cash) / pay_sensitivity
            outcomes.append([Outcome(i, 0 if i < share * games else 1, 0, 5, "x") for i in range(games)])
        return C.Run(outcomes, games, 0.0, False, 1, "local")

    return run_jobs


def test_the_fair_price_is_found_by_bisection_on_common_random_numbers(monkeypatch):
    monkeypatch.setattr(T, "run_jobs", fake_run(2000, 0.3))
    game = table()
    offer = parse_offer(game, "Ann gives 100 + Baltic to Bob")
    without = [Outcome(i, 0 if i < 0.3 * 400 else 1, 0, 5, "x") for i in range(400)]
    fair = T.fair_price(game, offer, without, ("advisor",) * 3, 1, 100, steps=8)
    assert fair.outside is None and abs(fair.price - 600) <= 10  # 0.3 * 2000
    assert fair.low <= fair.price <= fair.high
    assert [p["net_cash"] for p in fair.points][:1] == [-800] and fair.points[-1]["net_cash"] == 900
    assert len(fair.points) == 2 + 8 and fair.games_per_step == 400


def test_no_fair_price_when_no_amount_the_players_hold_makes_the_trade_neutral(monkeypatch):
    monkeypatch.setattr(T, "run_jobs", fake_run(100000, 0.3))  # the cash hardly matters: always good
    game = table()
    offer = parse_offer(game, "Ann gives 100 + Baltic to Bob")
    without = [Outcome(i, 0 if i < 0.3 * 200 else 1, 0, 5, "x") for i in range(200)]
    fair = T.fair_price(game, offer, without, ("advisor",) * 3, 1, 100)
    assert fair.outside == "always_good" and fair.price is None and len(fair.points) == 2


def test_evaluate_trade_compares_on_the_same_continuations():
    game = table()
    result = evaluate_trade(
        game, "Bob gives Connecticut to Ann for 150", games=30, bots="baseline", max_turns=20, price=False
    )
    data = result.as_dict()
    assert data["games"] == 30 and data["fair_price"] is None
    assert [c["party"] for c in data["changes"]] == [True, True, False]
    assert data["exact"][0]["name"] == "Bob" and data["exact"][1]["groups_completed"] == ["Light Blue"]
    for c in data["changes"]:
        assert c["ci95"][0] <= c["change"] <= c["ci95"][1]
        assert sum(c["pairs"].values()) == 30


@pytest.mark.slow
def test_completing_a_group_for_little_raises_the_receivers_chance_and_has_a_price():
    game = table()
    result = evaluate_trade(
        game, "Bob gives Connecticut to Ann for 150", games=200, seed=3, price_games=100, price_steps=3
    )
    ann, bob = result.changes()[0], result.changes()[1]
    assert ann["ci95"][0] > 0 and bob["ci95"][1] < 0  # clearly good for Ann, clearly bad for Bob
    fair = result.fair
    assert fair is not None and fair.outside is None and fair.price < -150  # Bob should ask Ann for more
    assert fair.low <= fair.price <= fair.high


# ---------------------------------------------------------------- the command
_beside = Path(sys.executable).parent / "landlords"
EXE = str(_beside) if _beside.exists() else shutil.which("landlords")
LONE = (
    "classic-us hasbro-ru | Ann 1500 @0 1,3,5,6,8,9,11,12,13,14,15,16,18,19,21,23,24,25,26,27,28,29,31,32,34,35,37"
    " | Bob 100 @0 39 | turn=1"
)


def run(args: list[str], tmp: Path):
    env = dict(os.environ, LANGUAGE="", LC_ALL="", LANG="en_US.UTF-8", COLUMNS="100")
    return subprocess.run([EXE, "analyse", *args], capture_output=True, env=env, timeout=300, cwd=tmp)


def test_analyse_prints_json_of_the_win_chances(tmp_path):
    out = run([LONE, "-g", "50", "-w", "1", "--json"], tmp_path)
    assert out.returncode == 0, out.stderr.decode()
    data = json.loads(out.stdout)
    assert data["games"] == 50 and [s["name"] for s in data["seats"]] == ["Ann", "Bob"]
    assert data["seats"][0]["chance"] > 0.9 and "hidden_information" in data


def test_analyse_a_trade_from_a_position_file(tmp_path):
    (tmp_path / "p.json").write_text(json.dumps(table().to_position()))
    out = run(
        [
            "p.json",
            "-g",
            "25",
            "-w",
            "1",
            "--bots",
            "baseline",
            "--max-turns",
            "30",
            "--price-games",
            "25",
            "--price-steps",
            "1",
            "--trade",
            "Bob gives Connecticut to Ann for 150",
        ],
        tmp_path,
    )
    text = out.stdout.decode()
    assert out.returncode == 0, out.stderr.decode()
    assert "trade: Bob gives Connecticut Avenue to Ann for $150" in text
    assert "Light Blue" in text and "fair price" in text and "what it means" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nowhere.json"], "nowhere.json: no such file"),
        ([LONE, "--precision", "abc"], "--precision 'abc': give a fraction"),
        ([LONE, "--precision", "60%"], "below 0.5"),
        ([LONE, "--bots", "advisor,advisor,advisor"], "3 strategies for 2 seats"),
        ([LONE, "--trade", "Ann gives Baltc to Bob"], "did you mean Baltic Avenue?"),
        ([LONE, "--trade", "Ann sells"], "a trade reads"),
        (["classic-us hasbro-ru | Ann -5 @0 | Bob 100 @0 | turn=0"], "negative cash"),
        (["classic-us hasbro-ru | Ann 5 @0"], "notation"),
        (
            ["classic-us hasbro-ru advice=false | Ann 5 @0 | Bob 5 @0 | turn=0"],
            "without advice (rule advice=false)",
        ),
    ],
)
def test_analyse_refuses_bad_input_in_one_line(tmp_path, args, words):
    out = run([*args, "-g", "10"], tmp_path)
    err = out.stderr.decode()
    assert out.returncode == 2 and out.stdout == b"" and "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], err


def test_a_search_that_cannot_tell_prices_apart_gives_the_whole_range(monkeypatch):
    monkeypatch.setattr(T, "run_jobs", fake_run(10**9, 0.3))  # the cash makes no difference at all
    game = table()
    offer = parse_offer(game, "Ann gives 100 + Baltic to Bob")
    without = [Outcome(i, 0 if i < 0.25 * 200 else 1, 0, 5, "x") for i in range(200)]  # the trade: +5 points
    fair = T.fair_price(game, offer, without, ("advisor",) * 3, 1, 100, steps=3)
    assert fair.outside == "always_good" and (fair.low, fair.high) == (-800, 900)


def test_the_price_interval_comes_from_the_noise_over_the_slope():
    points = [
        {"net_cash": x, "change": -x / 1000, "ci95": [-x / 1000 - 0.02, -x / 1000 + 0.02]} for x in (-500, 0, 500)
    ]
    # the slope is -1/1000 a unit of cash; the standard error 0.02/1.96: the margin is 20 units
    assert round(T.price_margin(points, points[0], points[1]), 6) == 20.0
    flat = [{**p, "change": 0.0} for p in points]
    assert T.price_margin(flat, flat[0], flat[1]) == float("inf")


# ---------------------------------------------------------------- the fair price against a brute-force scan
def scan(before, offer, without, specs, max_turns, prices):
    """The change in the proposer's chance at every price, on the continuations' own random numbers."""
    out = {}
    for net in prices:
        priced = offer.with_cash(net)
        if priced.is_empty:
            out[net] = 0.0
            continue
        run = C.run_jobs([C.Job.of(after_trade(before, priced), specs, 1, max_turns)], len(without))
        out[net] = T.change(offer.proposer, run.outcomes[0], without)["change"]
    return out


def crossings(changes: dict[int, float]) -> list[tuple[int, int]]:
    """Neighbouring prices between which the change goes from not negative to negative."""
    xs = sorted(changes)
    return [(a, b) for a, b in itertools.pairwise(xs) if changes[a] >= 0 > changes[b]]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("trade", "bob_cash"),
    [
        ("Ann gives 1 to Bob", 900),  # equal cash: the bisection's first midpoint is the empty offer
        ("Bob gives 200 to Ann", 800),
        ("Bob gives Connecticut to Ann", 800),
        ("Ann gives Baltic to Bob for 30", 800),
    ],
)
def test_the_fair_price_agrees_with_a_brute_force_scan_on_the_same_random_numbers(trade, bob_cash):
    game = builder().cash("Bob", bob_cash).game()
    offer = parse_offer(game, trade)
    specs, max_turns, games = ("baseline",) * 3, 200, 40
    before = without_trade(game, offer)
    without = C.run_jobs([C.Job.of(before, specs, 1, max_turns)], games).outcomes[0]
    fair = T.fair_price(before, offer, without, specs, 1, max_turns, steps=6)
    lo, hi = -before.cash[offer.partner], before.cash[offer.proposer]
    prices = sorted({*range(lo, hi + 1, (hi - lo) // 16), 0, hi})
    changes = scan(before, offer, without, specs, max_turns, prices)
    for point in fair.points:  # the search saw what the scan sees at the same price
        if point["net_cash"] in changes:
            assert point["change"] == pytest.approx(changes[point["net_cash"]])
    cross = crossings(changes)
    if fair.outside == "always_bad":
        assert changes[lo] < 0
    elif fair.outside == "always_good":
        assert changes[hi] > 0
    else:
        step = (hi - lo) // 16
        assert any(fair.low - step <= a and b <= fair.high + step for a, b in cross), (fair, cross)
    if not offer.action.give_properties and not offer.action.take_properties and not offer.action.give_cards:
        # cash alone: neutral at no cash, as the scan says (the issue saw "244; 95% interval 37 to 451")
        assert changes[0] == 0 and fair.low <= 0 <= fair.high
