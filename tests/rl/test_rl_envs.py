"""The environments pass PettingZoo's and Gymnasium's own checkers, and are deterministic by seed."""

from __future__ import annotations

import types
import warnings
from functools import partial

import pytest

pytest.importorskip("pettingzoo")
gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402

import landlords.rl as rl  # noqa: E402
from landlords.engine.errors import ConfigError  # noqa: E402
from landlords.rl.gym_env import IDS  # noqa: E402


@pytest.mark.parametrize("ruleset,seats", [("hasbro-ru", 2), ("odessa", 3), ("businesspoly", 4)])
def test_pettingzoo_api_test(ruleset, seats):
    api_test(rl.env(ruleset=ruleset, seats=seats, max_cycles=30), num_cycles=300)


def test_pettingzoo_seed_test():
    seed_test(partial(rl.env, ruleset="hasbro-ru", seats=3, max_cycles=50), num_cycles=300)


def test_pettingzoo_max_cycles_test():
    # the test samples unmasked actions for every agent every cycle: the cycle mode, illegal acts ignored
    mod = types.SimpleNamespace(
        env=partial(rl.env, cycle=True, illegal="ignore"),
        parallel_env=partial(rl.parallel_env, illegal="ignore"),
    )
    max_cycles_test(mod)


def test_parallel_api_test():
    parallel_api_test(rl.parallel_env(seats=3, max_cycles=20, illegal="ignore"), num_cycles=200)


def test_turn_cap_truncates_and_net_worth_cap_ends():
    e = rl.env(seats=2, max_cycles=3)
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.game.turn == 4 and not e.game.over  # truncated at the cap, the game left running

    e = rl.env(seats=2, max_cycles=3, cap_by_net_worth=True)
    e.reset(seed=5)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.game.over and e.game.end_reason == "turn_cap"
    assert sorted(total.values()) == [-1.0, 1.0]


def test_aec_is_deterministic_by_seed():
    def trace(seed):
        e = rl.env(ruleset="odessa", seats=3, max_cycles=40, shaped_reward=1.0)
        e.reset(seed=seed)
        rng = np.random.default_rng(7)
        out = []
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            out.append((agent, float(obs["observation"].sum()), reward))
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return out, e.game.state_hash()

    assert trace(3) == trace(3)
    assert trace(3)[1] != trace(4)[1]


def test_illegal_action_modes():
    e = rl.env(seats=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        e.step(bad)
    e = rl.env(seats=2, illegal="lose")
    e.reset(seed=1)
    loser = e.agent_selection
    e.step(bad)
    assert all(e.terminations.values()) and e._cumulative_rewards[loser] == -1.0
    with pytest.raises(ConfigError):
        rl.env(seats=9)


@pytest.mark.parametrize("name", ["Classic", "Odessa", "BusinesspolyShort"])
def test_gymnasium_check_env(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make(f"landlords/{name}-v0", opponents=["random", "baseline"], max_turns=30)
    check_env(env.unwrapped, skip_render_check=True)


def test_every_id_is_registered():
    for name in IDS:
        assert f"landlords/{name}-v0" in gym.registry


def test_gym_episode_with_masks_and_opponents():
    env = rl.LandlordsGymEnv(ruleset="hasbro-ru", opponents=["baseline"], max_turns=200, cap_by_net_worth=True)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    rng = np.random.default_rng(3)
    done = False
    steps = 0
    while not done:
        mask = env.action_masks()
        assert mask.any() and (info["action_mask"].astype(bool) == mask).all()
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = term or trunc
        steps += 1
    assert term and reward in (-1.0, 1.0) and steps > 10


def test_gym_is_deterministic_by_seed():
    def run(seed):
        env = rl.LandlordsGymEnv(opponents=["advisor", "trader"], max_turns=60)
        obs, _ = env.reset(seed=seed)
        env.action_space.seed(seed)
        sums = [float(obs.sum())]
        for _ in range(150):
            obs, reward, term, trunc, _ = env.step(env.action_space.sample(env.action_masks().astype(np.int8)))
            sums.append(float(obs.sum()) + reward)
            if term or trunc:
                break
        return sums

    assert run(11) == run(11)


def test_vector_env():
    envs = gym.make_vec("landlords/Classic-v0", num_envs=3, vectorization_mode="sync", opponents=["random"])
    obs, _ = envs.reset(seed=1)
    assert obs.shape[0] == 3
    masks = np.stack(envs.call("action_masks"))
    actions = [int(np.flatnonzero(m)[0]) for m in masks]
    obs, rewards, term, trunc, _ = envs.step(np.array(actions))
    assert obs.shape[0] == 3 and rewards.shape == (3,)
    envs.close()
