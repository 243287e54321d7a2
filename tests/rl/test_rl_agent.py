"""A policy file plays as a strategy (``rl:PATH``), and the training example runs (slow, with the
training extra only)."""

from __future__ import annotations

import importlib.util
import itertools
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
from landlords.rl.agent import PolicyBot, save_policy  # noqa: E402
from landlords.rl.gym_env import LandlordsGymEnv  # noqa: E402
from landlords.sim.tournament import Config, run  # noqa: E402


def random_policy(path: Path, seats: int = 2) -> Path:
    env = LandlordsGymEnv(opponents=["random"] * (seats - 1))
    rng = np.random.default_rng(0)
    dims = [env.encoder.dim, 16, env.codec.n]
    layers = [(rng.normal(size=(a, b)) * 0.1, np.zeros(b)) for a, b in itertools.pairwise(dims)]
    meta = {"seats": seats, "size": 40, "obs_dim": env.encoder.dim, "actions": env.codec.n, "max_offers": 1}
    return save_policy(path, layers, meta)


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
    cmd = [sys.executable, str(ROOT / "examples" / "train_ppo.py"), "--minutes", "1", "--steps", "2048"]
    cmd += ["--envs", "2", "--checkpoint-steps", "1024", "--curve-games", "2", "--out", str(out)]
    subprocess.run(cmd, check=True, timeout=600, capture_output=True)
    assert (out / "policy.npz").exists() and (out / "curve.csv").read_text().count("\n") >= 3
    assert isinstance(make_bot(f"rl:{out / 'policy.npz'}"), PolicyBot)


def test_the_committed_policy_matches_the_encoding_and_plays():
    """examples/ppo-hasbro-ru.npz was trained on this observation and action layout: a change to
    either must retrain it (the bot refuses a mismatch)."""
    path = ROOT / "examples" / "ppo-hasbro-ru.npz"
    result = run(Config((f"rl:{path}", "random"), games=2, max_turns=400, property_stats=False), workers=1)
    assert sum(r["games"] for r in result.as_json()["strategies"]) == 4
