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
from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

import landlords.rl as rl  # noqa: E402
from landlords.engine.errors import ConfigError  # noqa: E402
from landlords.rl.gym_env import IDS  # noqa: E402


@pytest.mark.parametrize("ruleset,seats", [("hasbro-ru", 2), ("odessa", 3), ("businesspoly", 4)])
def test_pettingzoo_api_test(ruleset, seats):
    api_test(rl.env(ruleset=ruleset, seats=seats, max_cycles=30), num_cycles=300)


def test_pettingzoo_seed_test():
    seed_test(partial(rl.env, ruleset="hasbro-ru", seats=3, max_cycles=50), num_cycles=300)


def test_pettingzoo_max_cycles_test():
    # this test samples from the whole action space, mask or not: illegal acts are ignored (with the
    # default illegal="raise" an unmasked sample raises, as the README says it should)
    mod = types.SimpleNamespace(
        env=partial(rl.env, cycle=True, illegal="ignore"),
        parallel_env=partial(rl.parallel_env, illegal="ignore"),
    )
    max_cycles_test(mod)


@pytest.mark.parametrize("ruleset,seats", [("hasbro-ru", 3), ("businesspoly", 4), ("odessa", 2)])
def test_parallel_api_test_with_the_defaults(ruleset, seats):
    parallel_api_test(rl.parallel_env(ruleset=ruleset, seats=seats, max_cycles=40), num_cycles=300)


def test_parallel_seed_test_and_state_test_and_render_test():
    # parallel_seed_test and state_test sample from the whole action space, mask or not: see above
    parallel_seed_test(partial(rl.parallel_env, seats=3, max_cycles=30, illegal="ignore"), num_cycles=200)
    state_test(rl.env(seats=3, max_cycles=20, illegal="ignore"), rl.parallel_env(seats=3, max_cycles=20), 30)
    render_test(partial(rl.env, seats=2, max_cycles=5))


def _masked_cycles(env, cycles: int, seed: int) -> tuple[int, int]:
    """Play ``cycles`` parallel steps sampling every agent's action from its own mask; return the
    acts the game applied and the stale actions reported."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    stale = 0
    for _ in range(cycles):
        if not env.agents:
            break
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, _, _, _, infos = env.step(actions)
        stale += sum("stale" in i for i in infos.values())
        assert not any("illegal" in i for i in infos.values())
    return len(env.game.actions), stale


def test_every_live_agent_gets_its_real_mask_in_the_parallel_environment():
    """The issue: every agent but agent_selection had an all-zero mask, so masked sampling applied 2
    acts in 300 cycles. Now the seat the game waits for sees its legal acts, the others wait and
    their out-of-turn acts (here, claiming rent: auto_claim off)."""
    env = rl.parallel_env(seats=3, max_cycles=300, rules={}, auto_claim=False)
    obs, _ = env.reset(seed=3)
    game = env.game
    for agent, o in obs.items():
        seat = int(agent.split("_")[1])
        listed = {env.aec.codec.index(a) for a in game.legal_actions(seat)}
        unmasked = set(np.flatnonzero(o["action_mask"]))
        waits = game.decision.seat != seat
        assert unmasked == listed | ({rl.aec.WAIT} if waits else set())
    applied, stale = _masked_cycles(env, 300, 3)
    assert applied > 300
    assert _masked_cycles(rl.parallel_env(seats=3, max_cycles=300, auto_claim=False), 300, 3) == (applied, stale)
    claims = 0
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(400):
        if not env.agents:
            break
        for agent in env.agents:
            seat = int(agent.split("_")[1])
            legal = env.game.legal_actions(seat)
            if env.game.decision.seat != seat and any(a.to_json().get("type") == "claim_rent" for a in legal):
                claims += 1
                first = env.aec.codec.square0["claim_rent"]
                assert obs[agent]["action_mask"][first : first + env.aec.codec.size].any()
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents}
        obs, *_ = env.step(actions)
    assert claims > 0  # an owner out of turn saw its claim unmasked


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
