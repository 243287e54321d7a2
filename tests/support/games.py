"""Games played for the tests: random legal and illegal acts with the invariants checked after each
(tests/engine/test_invariants.py, the variants' suites), and states of bot games of every ruleset
(tests/engine/test_positions.py, tests/engine/test_position_fuzz.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import landlords
from landlords.bots import BaselineBot, RandomBot
from landlords.engine import ClaimRent, IllegalAction
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    END_TURN,
    PASS,
    PAY_JAIL_FINE,
    REJECT,
    ROLL,
    USE_JAIL_CARD,
    Bid,
    Build,
    ChooseTax,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    Unmortgage,
    WantBuilding,
)
from landlords.engine.invariants import violations
from landlords.rules import RULESETS

RULESET_IDS = sorted(RULESETS)


def random_action(rng: random.Random, game) -> tuple[int, object]:
    """Any action at all, legal or not, for any seat."""
    seat = rng.randrange(game.n)
    sq = rng.randrange(-1, game.size + 1)
    props = tuple(rng.sample(range(game.size), rng.randrange(0, 3)))
    choices = [
        ROLL,
        END_TURN,
        BUY,
        DECLINE,
        PASS,
        PAY_JAIL_FINE,
        USE_JAIL_CARD,
        ACCEPT,
        REJECT,
        DECLARE_BANKRUPTCY,
        Bid(rng.randrange(-5, 3000)),
        Build(sq),
        SellBuilding(sq),
        Mortgage(sq),
        Unmortgage(sq),
        ClaimRent(sq),
        ChooseTax(rng.random() < 0.5),
        LiftMortgage(rng.random() < 0.5),
        WantBuilding(rng.random() < 0.5),
        ProposeTrade(
            rng.randrange(-1, game.n + 1),
            give_properties=props,
            give_cash=rng.randrange(-10, 500),
            take_properties=tuple(rng.sample(range(game.size), rng.randrange(0, 2))),
            take_cards=("chance",) if rng.random() < 0.1 else (),
        ),
    ]
    return seat, rng.choice(choices)


def play_checked(
    seed: int,
    edition: str,
    players: int,
    rules: dict | None = None,
    max_turns: int = 250,
    probe_illegal: bool = True,
    ruleset: str = "hasbro-ru",
) -> landlords.Game:
    rng = random.Random(seed)
    game = landlords.new_game(
        edition,
        ruleset,
        players=players,
        seed=seed,
        rules=rules,
        auto_claim=[rng.random() < 0.7 for _ in range(players)],
    )
    bots = [RandomBot(seed + k) if rng.random() < 0.5 else BaselineBot() for k in range(players)]
    while not game.over:
        if game.turn > max_turns:
            game.finish_by_net_worth("turn_cap")
            break
        if probe_illegal and rng.random() < 0.2:
            seat, action = random_action(rng, game)
            before = game.state_hash()
            try:
                game.apply(seat, action)
            except IllegalAction:
                assert game.state_hash() == before, f"illegal {action!r} changed the state"
            else:
                assert not (v := violations(game)), f"after legal {action!r}: {v}"
                continue
        # an owner with an open claim sometimes claims it out of turn
        if game.claims and rng.random() < 0.5:
            claim = game.claims[0]
            game.apply(claim.owner, ClaimRent(claim.square))
        else:
            d = game.decision
            game.apply(d.seat, bots[d.seat].act(game, d))
        problems = violations(game)
        assert not problems, f"seed {seed}, turn {game.turn}, after {game.actions[-1]}: {problems}"
    assert not violations(game)
    return game


def bot_game_states(ruleset: str, seed: int, players: int, acts: int, every: int) -> Iterator[landlords.Game]:
    """A game between random and baseline bots (some seats claim rent by hand, some not at all),
    yielded every ``every`` acts."""
    rng = random.Random(seed)
    rules = {"speed_die": rng.random() < 0.5} if RULESETS[ruleset].variant == "classic" else None
    game = landlords.new_game(
        None,
        ruleset,
        players=players,
        seed=seed,
        rules=rules,
        auto_claim=[rng.random() < 0.7 for _ in range(players)],
        record_events=False,
    )
    bots = [RandomBot(seed + k) if rng.random() < 0.5 else BaselineBot() for k in range(players)]
    for i in range(acts):
        if game.over:
            return
        if i % every == 0:
            yield game
        if game.claims and rng.random() < 0.5:  # an owner claims the rent owed (the others forget)
            claim = rng.choice(game.claims)
            if game.is_legal(claim.owner, ClaimRent(claim.square)):
                game.apply(claim.owner, ClaimRent(claim.square))
                continue
        d = game.decision
        game.apply(d.seat, bots[d.seat].act(game, d))
    yield game


def states(count_per_ruleset: int, seeds: range) -> Iterator[tuple[str, landlords.Game]]:
    for ruleset in RULESET_IDS:
        seen = 0
        for seed in seeds:
            players = min(2 + seed % 4, RULESETS[ruleset].max_players)
            for game in bot_game_states(ruleset, seed, players, acts=3000, every=7):
                yield ruleset, game
                seen += 1
                if seen >= count_per_ruleset:
                    break
            if seen >= count_per_ruleset:
                break
