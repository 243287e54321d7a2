"""odessa as a whole: the invariants after every action of random games, record and replay, the
baseline bot's play, and the odds of a malina challenge and of an exchange double (measured against
the exact values computed from the dice).

Spec: seed 003; RULES_MATRIX.md section 2.5 item 3 («Challenger wins only if 1 die > sum of 2 dice:
P = 20/216») and O-2 («P(double) = 4/9» under R2, 1/6 under R1).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.games import play_checked, random_action
from support.scenario import give, place, set_cash
from support.scenario_odessa import (
    CAFE_HLAM,
    MALINA_BENYA,
    MALINA_CATACOMBS,
    MALINA_GAMBRINUS,
    MALINA_SLOBODKA,
    MALINAS,
    MOLDAVANKA,
    MYASOEDOVSKAYA,
    odessa,
    to_exchange,
)

import landlords
from landlords import record
from landlords.bots import BaselineBot, RandomBot
from landlords.engine import IllegalAction
from landlords.engine.actions import Build, LiftMortgage, ProposeTrade
from landlords.engine.invariants import violations
from landlords.odds.duels import challenge_win_odds, exchange_double_odds
from landlords.rules.odessa import (
    ChallengeMalina,
    ExchangeTry,
    MalinaChallenged,
    RefuseExchange,
)
from landlords.sim.runner import play, simulate


# ------------------------------------------------------------------ invariants
def odessa_probe(rng: random.Random, game) -> tuple[int, object]:
    """Any action, legal or not, including the variant's own."""
    seat = rng.randrange(game.n)
    partner = rng.randrange(game.n)
    deck = rng.choice(("izvestia", "listok"))
    extra = [
        ChallengeMalina(rng.random() < 0.5),
        RefuseExchange(rng.random() < 0.5),
        LiftMortgage(rng.random() < 0.5),
        Build(game.position[seat]),
        landlords.SellBuilding(rng.choice(game.t.streets)),
        # sell a refusal card or a malina, perhaps while a question about it waits
        ProposeTrade(partner, give_cards=(deck,), take_cash=rng.randrange(0, 50)),
        ProposeTrade(partner, take_cards=(deck,), give_cash=rng.randrange(0, 50)),
        ProposeTrade(partner, give_properties=(rng.choice(MALINAS),), take_cash=rng.randrange(0, 50)),
        ProposeTrade(partner, take_properties=(rng.choice(MALINAS),), give_cash=rng.randrange(0, 50)),
        landlords.ACCEPT,
    ]
    if rng.random() < 0.5:
        return seat, rng.choice(extra)
    return random_action(rng, game)


def play_probed(seed: int, players: int, rules: dict | None = None, max_turns: int = 250) -> landlords.Game:
    """A game of random and baseline bots with illegal and out-of-turn acts thrown in; the invariants
    (the engine's and the variant's own) are checked after every action."""
    rng = random.Random(seed)
    game = landlords.new_game(
        None,
        "odessa",
        players=players,
        seed=seed,
        rules=rules,
        auto_claim=[rng.random() < 0.7 for _ in range(players)],
    )
    bots = [RandomBot(seed + k) if rng.random() < 0.5 else BaselineBot() for k in range(players)]
    while not game.over and game.turn <= max_turns:
        if rng.random() < 0.3:
            seat, action = odessa_probe(rng, game)
            before = game.state_hash()
            try:
                game.apply(seat, action)
            except IllegalAction:
                assert game.state_hash() == before, f"illegal {action!r} changed the state"
                continue
        elif game.claims and rng.random() < 0.5:
            c = game.claims[0]
            game.apply(c.owner, landlords.ClaimRent(c.square))
        else:
            d = game.decision
            game.apply(d.seat, bots[d.seat].act(game, d))
        problems = violations(game)
        assert not problems, f"seed {seed}, turn {game.turn}, after {game.actions[-1]}: {problems}"
    return game


@given(seed=st.integers(0, 2**31), players=st.integers(2, 8))
def test_random_odessa_games_keep_every_invariant(seed: int, players: int) -> None:
    play_checked(seed, None, players, ruleset="odessa")


@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    rules=st.sampled_from(
        [
            None,
            {"exchange_double": "first_two"},
            {"jail_card_use": "to_leave"},
            {"mortgage_term": "go"},
            {"mortgage_term": "none", "mortgage_only_in_debt": False},
            {"railroads_mortgageable": True},
            {"lift_base": "mortgage", "lift_interest_of": "mortgage"},
            {"rent_claim": "automatic"},
        ]
    ),
)
def test_odessa_games_with_the_variants_own_acts_thrown_in_keep_every_invariant(seed, players, rules) -> None:
    play_probed(seed, players, rules)


@pytest.mark.slow
def test_many_odessa_games_keep_every_invariant() -> None:
    for seed in range(120):
        play_probed(seed, 2 + seed % 5, max_turns=200)


# ------------------------------------------------------------------ records
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_an_odessa_record_replays_to_the_identical_state(seed: int, players: int) -> None:
    game = landlords.new_game(None, "odessa", players=players, seed=seed)
    bots = [BaselineBot() if k % 2 else RandomBot(seed + k) for k in range(players)]
    play(game, bots, max_turns=300)
    data = json.loads(json.dumps(record.to_record(game)))
    assert data["ruleset"] == "odessa" and data["edition"] == "odessa"
    again = record.replay(data)
    assert again.state_hash() == game.state_hash()
    assert again.snapshot() == game.snapshot()


def test_the_variants_actions_are_in_the_record() -> None:
    g = odessa(2, dice=[(2, 3), (2, 3), (3, 2), (5,)])
    for seat, action in (
        (0, landlords.ROLL),
        (0, landlords.BUY),
        (0, landlords.END_TURN),
        (1, landlords.ROLL),
        (1, ChallengeMalina(True)),
    ):
        g.apply(seat, action)
    assert g.cash == [1300 + 200, 1500 - 200]
    data = json.loads(json.dumps(record.to_record(g)))
    assert data["actions"][-1] == [1, {"type": "challenge_malina", "challenge": True}]
    assert record.replay(data).state_hash() == g.state_hash()


# ------------------------------------------------------------------ the baseline bot
def test_the_bot_challenges_only_when_the_odds_favour_it() -> None:
    """Win with p = 20/216 or pay twice the fee: worth it when p x (what the malina is worth) exceeds
    (1 - 2p) x the fee, e.g. a Гастролёр's malina that would make the bot a Карманник."""
    bot = BaselineBot()
    g = odessa()
    give(g, 1, MALINA_BENYA)
    assert not bot._challenge_pays(g, 0, MALINA_BENYA)  # 100 to pay; the malina alone is not worth it
    give(g, 0, MALINA_GAMBRINUS)
    assert bot._challenge_pays(g, 0, MALINA_BENYA)  # a second malina: 250 a visit on two
    give(g, 1, MALINA_CATACOMBS)
    assert not bot._challenge_pays(g, 0, MALINA_BENYA)  # now a 250 fee, double 500
    give(g, 0, MALINA_SLOBODKA)
    assert bot._challenge_pays(g, 0, MALINA_BENYA)  # it would make the bot a Маравихер
    set_cash(g, 0, 550)
    assert not bot._challenge_pays(g, 0, MALINA_BENYA)  # but never at the risk of its last roubles


def test_the_bot_builds_where_its_token_stands() -> None:
    bot = BaselineBot()
    g = odessa()
    give(g, 0, *MOLDAVANKA)
    place(g, 0, MYASOEDOVSKAYA)
    assert bot.act(g, g.decision) == Build(MYASOEDOVSKAYA)
    place(g, 0, CAFE_HLAM)
    assert bot.act(g, g.decision) == Build(CAFE_HLAM)
    place(g, 0, 5)
    assert bot.act(g, g.decision) == landlords.ROLL


def test_the_bot_plays_the_exchange_and_the_refusal_card() -> None:
    bot = BaselineBot()
    g = odessa()
    to_exchange(g, 0)
    assert bot.act(g, g.decision) == landlords.ROLL
    assert bot._early(g)  # pai still for sale: refuse the trip when sent
    for sq in g.t.properties:
        g.set_owner(sq, 1)
    assert not bot._early(g)


def test_the_bot_gathers_a_group_split_three_ways() -> None:
    """Artels need the whole group (003:64): with cash to spare the bot buys a pai of a group split
    one-one-one at twice its price, then the last one as the baseline does."""
    bot = BaselineBot()
    g = odessa(4)
    give(g, 0, 6)
    give(g, 1, 8)
    give(g, 2, 9)
    offer = bot._consolidate(g, 0)
    assert offer == ProposeTrade(1, give_cash=200, take_properties=(8,))
    g.apply(0, offer)
    assert bot.act(g, g.decision) == landlords.ACCEPT  # no monopoly changes hands: a fair price


@pytest.mark.parametrize("players, games", [(4, 40), (3, 20), (6, 20)])
def test_bots_end_at_least_nine_games_in_ten_by_bankruptcy(players: int, games: int) -> None:
    """The baseline bot plays odessa sensibly: games end with one odessit left (003:159)."""
    summary, _ = simulate("odessa", "odessa", players, games, 1)
    assert summary.end_reasons.get("last_player", 0) >= 0.9 * games, summary.end_reasons


# ------------------------------------------------------------------ the odds
def test_the_exact_odds_from_the_dice() -> None:
    """20/216 for a challenge (one die beats two only as 3 > 1+1, 4 > 1+1 or 1+2 or 2+1, ...: 1 + 3 + 6 + 10
    of the 216 rolls); 4/9 for an exchange double under R2 (all three different: 6 x 5 x 4 = 120 of 216,
    so 96/216), 1/6 under R1."""
    assert challenge_win_odds() == Fraction(20, 216)
    assert exchange_double_odds("any_two") == Fraction(96, 216) == Fraction(4, 9)
    assert exchange_double_odds("first_two") == Fraction(1, 6)


def measured_odds(games: int, seed: int = 1) -> dict[str, int]:
    """Count malina challenges and exchange tries (the three-dice ones) over bot games."""
    counts = {"challenges": 0, "won": 0, "tries": 0, "doubles": 0}
    for i in range(games):
        game = landlords.new_game(None, "odessa", players=4, seed=seed + i, end_turn_prompt=False)
        play(game, [BaselineBot() for _ in range(4)])
        for ev in game.events:
            if isinstance(ev, MalinaChallenged):
                counts["challenges"] += 1
                counts["won"] += ev.won
            elif isinstance(ev, ExchangeTry) and ev.attempt <= 3:
                counts["tries"] += 1
                counts["doubles"] += ev.double
    return counts


def test_measured_odds_match_the_dice() -> None:
    """Over bot games the shares are the dice's: a wide bound, the figures themselves are reported."""
    c = measured_odds(60)
    assert c["challenges"] > 100 and c["tries"] > 500
    assert abs(c["won"] / c["challenges"] - 20 / 216) < 0.06
    assert abs(c["doubles"] / c["tries"] - 4 / 9) < 0.06


# ------------------------------------------------------------------ in every language
@pytest.mark.parametrize("lang", ["en", "ru", "pl"])
def test_a_whole_odessa_game_reads_in_every_language(lang: str) -> None:
    from landlords.render.text import describe, message_key

    seen = set()
    for seed in (3, 4):
        game = landlords.new_game(None, "odessa", players=4, seed=seed)
        play(game, [BaselineBot() for _ in range(4)], max_turns=600)
        for ev in game.events:
            text = describe(game, ev, lang)
            assert text and "{" not in text and not text.startswith(type(ev).__name__ + "("), text
            seen.add(message_key(ev))
    assert {"event.exchange_try_missed", "event.exchange_try_won", "event.guild_title_second"} <= seen


def test_the_variants_refusals_read_in_russian() -> None:
    from landlords.i18n import reason

    g = odessa()
    give(g, 0, *MOLDAVANKA)
    place(g, 0, MYASOEDOVSKAYA)
    with pytest.raises(IllegalAction) as info:
        g.check(0, Build(CAFE_HLAM))
    assert reason("ru", info.value) == (
        "чтобы организовать артель на паю «Кафе „Х.Л.А.М.“», ваша фишка должна стоять на этом паю"
    )
    to_exchange(g, 1)
    with pytest.raises(IllegalAction) as info:
        g.check(0, landlords.PAY_JAIL_FINE)
    assert reason("pl", info.value) == "na giełdzie nie ma grzywny: tam się gra"
