"""Issue 19: win chances from a position. Interval maths, resampled chance, common random numbers,
early stop, unfinished continuations; and the honesty checks (marked slow): positions with a known
answer and the same position analysed with two seeds."""

from __future__ import annotations

import pytest

import landlords
from landlords import Position
from landlords.analysis import chances as C
from landlords.analysis import win_chances
from landlords.analysis.continuations import UNFINISHED, Job, base_game, continuation_seed, resampled
from landlords.engine.errors import ConfigError
from landlords.sim import stats


def lone_player(ann_cash: int = 1500, **rules) -> landlords.Game:
    """Ann holds every lot of the board and Bob has 100 to his name: Ann must win."""
    edition = landlords.load_edition("classic-us")
    lots = [sq.index for sq in edition.squares if sq.is_property]
    pos = Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob"], rules=rules or None)
    return pos.own("Ann", *lots).cash("Ann", ann_cash).cash("Bob", 100).turn("Bob").game()


def equal_start(first: str) -> landlords.Game:
    """Two players on GO with the same cash, nothing owned; ``first`` rolls first."""
    return Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob"]).turn(first).game()


# ---------------------------------------------------------------- interval maths
def test_paired_difference_is_newcombes_square_and_add_interval():
    # Fagerland, Lydersen & Laake, "Statistical Analysis of Contingency Tables" (2017), the paired table of
    # Cavo et al. 2012 (59, 6 / 16, 80): estimate -0.0621, 95% interval -0.1186 to -0.0046
    d, lo, hi = stats.paired_difference(59, 6, 16, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (-0.0621, -0.1186, -0.0046)


def test_independent_difference_is_newcombes_hybrid_score_interval():
    # Newcombe (1998), independent samples 56/70 against 48/80: 0.2000, 95% interval 0.0524 to 0.3339
    d, lo, hi = stats.independent_difference(56, 70, 48, 80)
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)


def test_a_paired_interval_is_never_zero_wide_when_no_pair_differs():
    d, lo, hi = stats.paired_difference(40, 0, 0, 60)
    assert d == 0 and lo < -0.02 and hi > 0.02
    d, lo, hi = stats.paired_difference(100, 0, 0, 0)  # both always succeed
    assert d == 0 and lo < 0 < hi
    assert stats.paired_difference(0, 0, 0, 0) == (0.0, -1.0, 1.0)


# ---------------------------------------------------------------- chance resampled, common random numbers
def test_every_continuation_redraws_the_dice_and_the_pile_order_but_keeps_the_cards():
    game = lone_player()
    base = base_game(Job.of(game, ("advisor",) * 2, 1, 100))
    one, two = resampled(base, continuation_seed(1, 0)), resampled(base, continuation_seed(1, 1))
    for deck, pile in base.decks.items():
        assert sorted(one.decks[deck]) == sorted(pile) == sorted(two.decks[deck])
    assert any(list(one.decks[d]) != list(two.decks[d]) for d in base.decks)
    assert [one.chance.roll() for _ in range(10)] != [two.chance.roll() for _ in range(10)]
    assert list(base.decks["chance"]) == list(game.decks["chance"])  # the position itself is untouched


def test_a_ruleset_that_never_shuffles_keeps_the_pile_order():
    game = lone_player(shuffle_decks=False)
    base = base_game(Job.of(game, ("advisor",) * 2, 1, 100))
    copy = resampled(base, continuation_seed(1, 3))
    assert {d: list(p) for d, p in copy.decks.items()} == {d: list(p) for d, p in game.decks.items()}


def test_scripted_dice_in_the_position_are_dropped():
    game = Position.new("hasbro-ru", edition="classic-us", players=["Ann", "Bob"]).dice((1, 1), (1, 1)).game()
    copy = resampled(base_game(Job.of(game, ("advisor",) * 2, 1, 100)), 5)
    assert copy.scripted_rolls_left == 0 and game.scripted_rolls_left == 2


def test_continuation_i_has_the_same_dice_and_piles_in_every_position_compared():
    a = lone_player()
    b = lone_player(ann_cash=10)  # another position, same decks
    base_a, base_b = (base_game(Job.of(g, ("advisor",) * 2, 7, 100)) for g in (a, b))
    for i in range(3):
        s = continuation_seed(7, i)
        x, y = resampled(base_a, s), resampled(base_b, s)
        assert {d: list(p) for d, p in x.decks.items()} == {d: list(p) for d, p in y.decks.items()}
        assert [x.chance.roll() for _ in range(30)] == [y.chance.roll() for _ in range(30)]


def test_the_same_position_twice_pairs_continuation_by_continuation():
    job = Job.of(equal_start("Ann"), ("baseline",) * 2, 3, 40)
    run = C.run_jobs([job, job], 50)
    assert run.outcomes[0] == run.outcomes[1] and len(run.outcomes[0]) == 50
    assert [o.index for o in run.outcomes[0]] == list(range(50))


# ---------------------------------------------------------------- the analysis
def test_the_result_depends_on_the_seed_not_on_the_workers():
    game = equal_start("Ann")
    one = win_chances(game, games=60, bots="baseline", seed=4, max_turns=30)
    two = win_chances(game, games=60, bots="baseline", seed=4, max_turns=30, workers=2)
    other = win_chances(game, games=60, bots="baseline", seed=5, max_turns=30)
    assert one.outcomes == two.outcomes
    assert one.outcomes != other.outcomes


def test_early_stop_at_the_first_batch_where_every_interval_is_tight_enough():
    result = win_chances(lone_player(), games=1000, precision=0.02, seed=1)
    assert result.stopped_early and result.games == C.MIN_GAMES and result.asked == 1000
    assert result.widest() <= 0.02
    data = result.as_dict()
    assert data["stopped_early"] and data["games"] == C.MIN_GAMES
    again = win_chances(lone_player(), games=1000, precision=0.02, seed=1, workers=2)
    assert again.outcomes == result.outcomes


def test_without_early_stop_every_continuation_is_played():
    result = win_chances(lone_player(), games=230, seed=1)
    assert result.games == 230 and not result.stopped_early


def test_continuations_stopped_at_the_turn_limit_are_nobodys_wins_and_are_reported():
    result = win_chances(equal_start("Ann"), games=30, bots="baseline", seed=1, max_turns=4)
    data = result.as_dict()
    assert all(o.winner == UNFINISHED for o in result.outcomes)
    assert [s["wins"] for s in data["seats"]] == [0, 0]
    assert data["unfinished"]["games"] == 30 and data["unfinished"]["share"] == 1.0
    assert sum(s["leading_when_unfinished"] for s in data["seats"]) == 30
    assert data["turns_left"]["lower_bound"] is True
    assert all(o.turns <= 5 for o in result.outcomes)


def test_a_position_can_be_given_as_data():
    data = lone_player().to_position()
    result = win_chances(data, games=25, seed=2)
    assert result.names == ["Ann", "Bob"] and result.games == 25


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"bots": "advisor,trader,baseline"}, "3 strategies for 2 seats"),
        ({"bots": "nosuchbot"}, "nosuchbot"),
        ({"bots": "advisor,"}, "name a strategy"),
        ({"games": 0}, "games must be"),
        ({"precision": 0.7}, "precision"),
        ({"max_turns": 0}, "max_turns"),
        ({"workers": 0}, "workers"),
        ({"backend": "slurm"}, "unknown backend"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(kwargs, words):
    with pytest.raises(ConfigError, match=words):
        win_chances(lone_player(), **({"games": 10} | kwargs))


def test_only_a_game_or_a_position_is_analysed():
    with pytest.raises(ConfigError, match="a game or a position"):
        win_chances("classic-us | Ann 1500", games=10)


# ---------------------------------------------------------------- honesty (statistical)
@pytest.mark.slow
def test_a_lone_player_holding_every_lot_wins_about_always():
    result = win_chances(lone_player(), games=400, seed=11)
    ann, bob = result.seats()
    assert ann["chance"] >= 0.99 and ann["ci95"][1] == 1.0
    assert bob["chance"] <= 0.01 and result.unfinished() == 0


@pytest.mark.slow
def test_two_equal_players_in_mirrored_positions_win_half_each():
    """Ann rolls first in one position and Bob in its mirror, otherwise equal: over the two, each wins
    half of the continuations within the 95% interval (the first roll's edge cancels out, and no seat
    number gives an edge of its own)."""
    first, second = (win_chances(equal_start(who), games=600, bots="advisor", seed=21) for who in ("Ann", "Bob"))
    wins = first.wins()[0] + second.wins()[0]
    n = first.games + second.games - first.unfinished() - second.unfinished()
    lo, hi = stats.wilson(wins, n)
    assert lo <= 0.5 <= hi, (wins, n, lo, hi)


@pytest.mark.slow
def test_the_same_position_with_two_seeds_agrees_within_the_intervals():
    game = equal_start("Ann")
    for _ in range(30):  # a few rounds in: lots bought, nothing decided yet
        d = game.decision
        game.apply(d.seat, landlords.bots.make_bot("advisor", seed=1).act(game, d))
    a = win_chances(game, games=500, seed=1)
    b = win_chances(game, games=500, seed=2)
    for sa, sb in zip(a.seats(), b.seats(), strict=True):
        d, lo, hi = stats.independent_difference(sa["wins"], a.games, sb["wins"], b.games)
        assert lo <= 0 <= hi, (sa, sb)
        assert sa["ci95"][0] <= sb["ci95"][1] and sb["ci95"][0] <= sa["ci95"][1]


@pytest.mark.slow
@pytest.mark.ray  # Ray in local mode: its processes on this machine
def test_the_ray_backend_gives_the_local_result_and_stops_early_too():
    pytest.importorskip("ray")
    local = win_chances(equal_start("Ann"), games=300, bots="baseline", seed=8, max_turns=60, precision=0.045)
    on_ray = win_chances(
        equal_start("Ann"),
        games=300,
        bots="baseline",
        seed=8,
        max_turns=60,
        precision=0.045,
        workers=2,
        backend="ray",
    )
    assert on_ray.outcomes == local.outcomes and on_ray.backend == "ray"
    assert local.stopped_early == on_ray.stopped_early
