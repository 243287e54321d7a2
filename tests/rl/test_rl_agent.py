"""A policy file plays as a strategy (``rl:PATH``), and the training example runs (slow, with the
training extra only)."""

from __future__ import annotations

import importlib.util
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from click.testing import CliRunner  # noqa: E402

from landlords.bots import make_bot, parse_strategy  # noqa: E402
from landlords.cli.main import main  # noqa: E402
from landlords.engine.errors import ConfigError  # noqa: E402
from landlords.rl.agent import Policy, PolicyBot, save_policy  # noqa: E402
from landlords.rl.gym_env import LandlordsGymEnv  # noqa: E402
from landlords.rl.version import ENV_VERSION, env_version  # noqa: E402
from landlords.sim.tournament import Config, run  # noqa: E402


def random_policy(path: Path, seats: int = 2, **meta_extra: object) -> Path:
    env = LandlordsGymEnv(opponents=["random"] * (seats - 1))
    rng = np.random.default_rng(0)
    dims = [env.encoder.dim, 16, env.codec.n]
    layers = [(rng.normal(size=(a, b)) * 0.1, np.zeros(b)) for a, b in itertools.pairwise(dims)]
    meta = {"seats": seats, "size": 40, "obs_dim": env.encoder.dim, "actions": env.codec.n, "max_offers": 1}
    return save_policy(path, layers, meta | meta_extra)


def test_policy_strategy_plays_a_tournament(tmp_path):
    path = random_policy(tmp_path / "p.npz")
    assert parse_strategy(f"rl:{path}").params == (("path", str(path)),)
    assert isinstance(make_bot(f"rl:path={path}:greedy=false", 3), PolicyBot)
    result = run(Config((f"rl:{path}", "random"), games=4, max_turns=150, property_stats=False), workers=1)
    assert sum(r["games"] for r in result.as_json()["strategies"]) == 8


def test_policy_strategy_errors_are_one_line(tmp_path):
    with pytest.raises(ConfigError, match="cannot read the policy file"):
        make_bot(f"rl:{tmp_path / 'missing.npz'}")
    text = tmp_path / "README.md"
    text.write_text("# not a policy\n")
    array = tmp_path / "weights.npy"
    np.save(array, np.zeros(3))
    for wrong in (text, array):
        with pytest.raises(ConfigError, match="is not a landlords policy file") as caught:
            make_bot(f"rl:{wrong}")
        assert "pickle" not in str(caught.value)
    path = random_policy(tmp_path / "p3.npz", seats=3)
    bot = make_bot(f"rl:{path}")
    import landlords

    game = landlords.new_game(None, "hasbro-ru", 2, seed=1, auto_claim=True)
    with pytest.raises(ConfigError, match="trained for 3 seats"):
        bot.act(game, game.decision)


def test_rl_bench_command():
    out = CliRunner().invoke(main, ["rl", "bench", "--seconds", "0.2", "--runs", "1", "--json"])
    assert out.exit_code == 0, out.output
    assert '"median_steps_per_cpu_second"' in out.output
    bad = CliRunner().invoke(main, ["rl", "bench", "--seconds", "0.1", "--runs", "1", "-r", "nope"])
    assert bad.exit_code == 2 and "unknown ruleset" in bad.output


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="needs landlords[train]")
def test_training_smoke(tmp_path):
    out = tmp_path / "model"
    cmd = [sys.executable, str(ROOT / "examples" / "train_ppo.py"), "--steps", "2048"]
    cmd += ["--envs", "2", "--checkpoint-steps", "1024", "--curve-games", "2", "--out", str(out)]
    subprocess.run(cmd, check=True, timeout=600, capture_output=True)
    assert (out / "policy.npz").exists() and (out / "curve.csv").read_text().count(
        "\n"
    ) >= 4  # steps 0, 1024, 2048
    assert isinstance(make_bot(f"rl:{out / 'policy.npz'}"), PolicyBot)
    assert Policy(out / "policy.npz").meta["env_version"] == env_version(2, 40)


def test_the_committed_policy_matches_the_environment_version_and_plays():
    """examples/ppo-hasbro-ru.npz was trained on this environment version: a change to the observation,
    the actions or their meaning changes the version, and the file is refused until it is retrained
    (examples/train_ppo.py, README's "A trained agent")."""
    path = ROOT / "examples" / "ppo-hasbro-ru.npz"
    policy = Policy(path)  # checks the stamp
    assert policy.meta["env_version"] == env_version(2, 40) and policy.meta["env_version"].startswith(
        f"{ENV_VERSION}-"
    )
    result = run(Config((f"rl:{path}", "random"), games=2, max_turns=400, property_stats=False), workers=1)
    assert sum(r["games"] for r in result.as_json()["strategies"]) == 4


def test_a_policy_of_another_environment_version_is_refused(tmp_path):
    ours = env_version(2, 40)
    assert env_version(2, 40) == ours != env_version(3, 40) != env_version(2, 40, max_offers=2)
    for stamp, said in (
        ("1-0123456789ab", "was trained on environment version 1-0123456789ab"),
        (None, "has no environment version"),
    ):
        path = tmp_path / f"old-{stamp}.npz"
        random_policy(path, env_version=stamp)
        if stamp is None:  # a file from before the stamps: no key at all
            data = dict(np.load(path))
            meta = json.loads(str(data["meta"]))
            del meta["env_version"]
            data["meta"] = np.array(json.dumps(meta))
            np.savez_compressed(path, **data)
        with pytest.raises(ConfigError) as caught:
            make_bot(f"rl:{path}")
        message = str(caught.value)
        assert said in message and f"this landlords has environment version {ours}" in message
        assert "retrain" in message and "\n" not in message
