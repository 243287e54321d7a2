"""The environments' behaviour, pinned: digests of what they show and do over seeded random games.

Each digest covers, at every step of seeded games with random unmasked actions: the acting agent,
its observation vector and action mask (bytes), every agent's reward, termination and truncation,
the illegal-action note; for the Gymnasium environment also the mask of ``action_masks()``, the
reward, the end flags and the info. They were computed on the environments before their speed-up
(issue 16), so they prove the faster encoding and masks show the same. A deliberate change of an
encoding changes a digest: rerun with ``LANDLORDS_PRINT_DIGESTS=1 pytest tests/rl/test_rl_golden.py -s``
and paste the new values, saying why in the commit.
"""

from __future__ import annotations

import hashlib
import os
import random

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import landlords.rl as rl  # noqa: E402
from landlords.rl.gym_env import LandlordsGymEnv  # noqa: E402

STEPS = 700

AEC_CASES = {
    "hasbro-ru/2": dict(ruleset="hasbro-ru", seats=2),
    "hasbro-ru/4/manual-claims": dict(ruleset="hasbro-ru", seats=4, auto_claim=False),
    "classic-us/3/speed-die/shaped": dict(
        ruleset="hasbro-ru", edition="classic-us", rules={"speed_die": True}, seats=3, shaped_reward=0.5
    ),
    "polish/3": dict(ruleset="polish", seats=3),
    "digital/2/capped": dict(ruleset="digital", seats=2, max_cycles=15, cap_by_net_worth=True),
    "kids-london/2": dict(ruleset="kids-london", seats=2),
    "odessa/3": dict(ruleset="odessa", seats=3),
    "businesspoly/3": dict(ruleset="businesspoly", seats=3),
    "hasbro-ru/3/cycle": dict(ruleset="hasbro-ru", seats=3, cycle=True, illegal="ignore"),
}

AEC_DIGESTS = {
    "hasbro-ru/2": "73a9e0fea791f188010561520ab578d232b89f1ac5da1823409b1223917c6fea",
    "hasbro-ru/4/manual-claims": "f291b0f322071f587dc3100701eb0a521bb50af3ed1306198ae0b0a45430e7a3",
    "classic-us/3/speed-die/shaped": "4a37ecf92ceb715ed23fa58d76d6ce7dbbecfab0d71b83ff3304ceabb2102290",
    "polish/3": "43e981ad8b0ab228a14f9aae31844ed7373b2eb062b2e66ea2bae956ba99e0f4",
    "digital/2/capped": "d69df21caf2fa3de58368e313a46c46eca86428f8e3c09eca526f0798a7d582e",
    "kids-london/2": "e97b8169bf59993b3f354aa71f815b8dde2f0df1317519cf96be08ce6b51d182",
    "odessa/3": "e8a0668b4b490b87b734b64be60709bd43f8b3232f5ab2110e8299b11c1d2a07",
    "businesspoly/3": "681cd5e08e262162d1b950a370059245c3213c64252b442eb625c2db16ec7c4c",
    "hasbro-ru/3/cycle": "0489053abc3a9a9d043a9507fa34eca0513995fe67128eacfdc114293b08d806",
}

GYM_CASES = {
    "hasbro-ru/baseline": dict(ruleset="hasbro-ru", opponents=["baseline"]),
    "odessa/advisor+random": dict(ruleset="odessa", opponents=["advisor", "random"]),
}

GYM_DIGESTS = {
    "hasbro-ru/baseline": "133e1f5e4a6cd27e2f0a53453548500eb6988a3670594f1a498fc77bcbe4db5c",
    "odessa/advisor+random": "d4d948f803460f7f666b7b06758445f783f436c24ffda397a096201dca431a81",
}


def _aec_digest(kwargs: dict) -> str:
    h = hashlib.sha256()
    e = rl.env(**kwargs)
    rng = random.Random(7)
    e.reset(seed=11)
    for _ in range(STEPS):
        if not e.agents:
            h.update(b"reset")
            e.reset()
        agent = e.agent_selection
        obs, reward, term, trunc, info = e.last()
        h.update(agent.encode())
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(repr((reward, term, trunc, info.get("illegal"))).encode())
        h.update(repr(sorted(e.rewards.items())).encode())
        if term or trunc:
            e.step(None)
            continue
        unmasked = np.flatnonzero(obs["action_mask"]).tolist()
        if kwargs.get("illegal") == "ignore" and rng.random() < 0.05:
            e.step(rng.randrange(e.codec.n))  # an illegal action now and then
        else:
            e.step(rng.choice(unmasked))
    return h.hexdigest()


def _gym_digest(kwargs: dict) -> str:
    h = hashlib.sha256()
    e = LandlordsGymEnv(**kwargs)
    rng = random.Random(3)
    obs, info = e.reset(seed=5)
    for _ in range(STEPS):
        mask = e.action_masks()
        h.update(obs.tobytes())
        h.update(mask.tobytes())
        h.update(repr(sorted((k, v.tobytes() if hasattr(v, "tobytes") else v) for k, v in info.items())).encode())
        obs, reward, terminated, truncated, info = e.step(rng.choice(np.flatnonzero(mask).tolist()))
        h.update(repr((reward, terminated, truncated)).encode())
        if terminated or truncated:
            obs, info = e.reset()
    return h.hexdigest()


def _check(name: str, digest: str, table: dict[str, str]) -> None:
    if os.environ.get("LANDLORDS_PRINT_DIGESTS"):
        print(f'    "{name}": "{digest}",')
        return
    assert digest == table[name], f"{name}: the environment shows or does something else than before"


@pytest.mark.parametrize("name", AEC_CASES)
def test_aec_digest(name):
    _check(name, _aec_digest(AEC_CASES[name]), AEC_DIGESTS)


@pytest.mark.parametrize("name", GYM_CASES)
def test_gym_digest(name):
    _check(name, _gym_digest(GYM_CASES[name]), GYM_DIGESTS)
