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
    "hasbro-ru/2": "2bb79f0f4cf1d7a74b039c6216becc80fae72773393950ccebf32420f4a5d75f",
    "hasbro-ru/4/manual-claims": "e4e2987db54a6980be1ac764f3d7b7ed0454ee2dcb59243724c734e74a502eeb",
    "classic-us/3/speed-die/shaped": "45f2e2a57481ea0e3a6c0eb3db99acbf07171624c09ccd9fa40c94801ef45570",
    "polish/3": "59db1d318738c86b9cfc3c92148b608536cad25142f4521525bcd0f884781e53",
    "digital/2/capped": "d4953e2cd5cf13b6b54d9cb6683e25b4f55a3d8ebf4744ced267de8d1eeaa564",
    "kids-london/2": "df2972ba00240d19aa00958748bbe643b44486bd0ae0d8e1b1a4b3a7a59a44b7",
    "odessa/3": "fcd4560a269d20491a4bc68a6a14dc2b090082379738fc396c8aeeb986a63e15",
    "businesspoly/3": "e0da3816ad9a9a55179ea3f42218a1681d938c92338d6974a61e4fb12e3d293a",
    "hasbro-ru/3/cycle": "78eb8ba88146d5b5d0082267e59a000c05e2efe69d5f0e732de725e5c125f2f1",
}

GYM_CASES = {
    "hasbro-ru/baseline": dict(ruleset="hasbro-ru", opponents=["baseline"]),
    "odessa/advisor+random": dict(ruleset="odessa", opponents=["advisor", "random"]),
}

GYM_DIGESTS = {
    "hasbro-ru/baseline": "64a1265a37f368de9c5ee94791ccb1a63025c10d8562f4465e89db42805ad49d",
    "odessa/advisor+random": "ec00cd7e9fbb11c34206019d926e8db2728cbbd43df3dc15fae6e7f04a7966f6",
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
