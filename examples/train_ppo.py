"""Train a masked-action PPO agent (sb3-contrib's MaskablePPO) to play landlords, on the CPU.

    pip install torch==2.13.0            # a CPU build first, or pip brings a CUDA build of several GB
    pip install -e '.[train]'
    nice python examples/train_ppo.py --steps 400000 --seed 1 --out models/ppo-hasbro-ru

One learning seat against named strategies (the two-seat game of the `hasbro-ru` ruleset, seats
drawn at random every episode). The budget is ``--steps`` (agent decisions), so a run does not
depend on the machine's speed, and a seed fixes it: python's, numpy's and torch's generators, the
environments' seeds, ``--threads`` torch threads and torch's deterministic algorithms (two runs on one
machine gave bit-identical policies; another CPU or torch build may round differently). ``--minutes``
only stops a run early, as a safety cap, and says so. Every ``--checkpoint-steps`` the actor is exported as a small
numpy-only policy file (``checkpoints/step-N.npz``); at the end ``policy.npz`` (the final actor),
``model.zip`` (the whole MaskablePPO model, to go on training) and, with ``--curve-games``, the
learning curve: each checkpoint's win rate against ``baseline`` (``curve.csv``, ``curve.svg``).
Evaluate the policy with the tournament:

    landlords tournament -S rl:models/ppo-hasbro-ru/policy.npz,baseline -g 2000 -w 1 --no-property-stats

Every policy file carries the environment's version (``landlords.rl.version``); a policy trained on
another version is refused at load: retrain it.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import time
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.utils import set_random_seed
from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

from landlords.rl import LandlordsGymEnv
from landlords.rl.agent import export_sb3
from landlords.rl.version import env_version


def make_env(opponent: str, args: argparse.Namespace):
    def build():
        env = LandlordsGymEnv(
            ruleset=args.ruleset,
            opponents=[opponent],
            max_turns=args.max_turns,
            cap_by_net_worth=True,
            shaped_reward=args.shaped,
        )
        return ActionMasker(env, lambda e: e.action_masks())

    return build


class Checkpoints(BaseCallback):
    """Export the actor every ``every`` steps; stop early only at the optional time cap."""

    def __init__(self, out: Path, every: int, meta: dict, deadline: float | None) -> None:
        super().__init__()
        self.out, self.every, self.meta, self.deadline = out, every, meta, deadline
        self.next = every
        self.saved: list[tuple[int, Path]] = []
        self.capped = False

    def _on_training_start(self) -> None:  # the untrained policy: the curve's first point
        self.saved.append((0, export_sb3(self.model, self.out / "step-0.npz", self.meta)))

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            path = export_sb3(self.model, self.out / f"step-{self.num_timesteps}.npz", self.meta)
            self.saved.append((self.num_timesteps, path))
            elapsed = time.monotonic() - START
            print(
                f"checkpoint {path.name} after {elapsed:.0f}s ({self.num_timesteps / elapsed:.0f} steps/s)",
                flush=True,
            )
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.capped = True
            return False
        return True


def wilson(wins: int, games: int) -> tuple[float, float]:
    if games == 0:
        return 0.0, 0.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def win_rate(policy: Path, opponent: str, games: int, ruleset: str, workers: int) -> tuple[int, int]:
    from landlords.sim.tournament import Config, run

    result = run(
        Config((f"rl:{policy}", opponent), games=games, ruleset=ruleset, seed=7, property_stats=False),
        workers=workers,
    )
    row = next(r for r in result.as_json()["strategies"] if r["spec"].startswith("rl:"))
    return row["wins"], row["games"]


def plot_curve(rows: list[dict], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 3.2), dpi=100)
    steps = [r["steps"] for r in rows]
    rate = [r["win_rate"] for r in rows]
    ax.fill_between(steps, [r["ci95_low"] for r in rows], [r["ci95_high"] for r in rows], alpha=0.25)
    ax.plot(steps, rate, marker="o")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training steps (agent decisions)")
    ax.set_ylabel("win rate against baseline")
    ax.set_ylim(0, 1)
    ax.set_title("MaskablePPO on hasbro-ru, two seats (95% intervals)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None} if path.suffix == ".svg" else None)


def main() -> None:
    global START
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="hasbro-ru")
    ap.add_argument("--opponents", default="random,baseline,baseline,advisor", help="one environment per name")
    ap.add_argument("--envs", type=int, default=16, help="environments (the opponents repeated)")
    ap.add_argument("--steps", type=int, default=400_000, help="the budget: agent decisions (steps)")
    ap.add_argument(
        "--minutes", type=float, default=None, help="safety cap: stop after this long (not reproducible)"
    )
    ap.add_argument("--checkpoint-steps", type=int, default=50_000)
    ap.add_argument("--max-turns", type=int, default=300, help="turn cap of a training game (then net worth)")
    ap.add_argument("--shaped", type=float, default=1.0, help="weight of the net-worth-share reward")
    ap.add_argument("--subproc", action="store_true", help="environments in subprocesses")
    ap.add_argument("--threads", type=int, default=1, help="torch threads (small networks: 1 is fastest)")
    ap.add_argument("--curve-games", type=int, default=200, help="games per checkpoint against baseline (0: none)")
    ap.add_argument("--curve-workers", type=int, default=1, help="processes for the curve's games")
    ap.add_argument("--n-epochs", type=int, default=10, help="PPO epochs over each rollout")
    ap.add_argument("--n-steps", type=int, default=256, help="rollout length per environment")
    ap.add_argument("--batch-size", type=int, default=512)
    ap.add_argument("--lr", type=float, default=3e-4, help="learning rate")
    ap.add_argument("--ent-coef", type=float, default=0.01)
    ap.add_argument("--gamma", type=float, default=0.995)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("models/ppo-hasbro-ru"))
    args = ap.parse_args()

    START = time.monotonic()
    torch.set_num_threads(args.threads)
    set_random_seed(args.seed)  # python's random, numpy and torch
    torch.use_deterministic_algorithms(True)
    names = args.opponents.split(",")
    fns = [make_env(names[i % len(names)], args) for i in range(args.envs)]
    venv = SubprocVecEnv(fns) if args.subproc else DummyVecEnv(fns)
    probe = fns[0]().unwrapped
    meta = {
        "ruleset": args.ruleset,
        "seats": probe.setup.seats,
        "size": probe.setup.size,
        "obs_dim": probe.encoder.dim,
        "actions": probe.codec.n,
        "max_offers": probe.codec.max_offers,
        "turn_cap": args.max_turns,
        "trained_against": names,
        "env_version": env_version(probe.setup.seats, probe.setup.size, probe.codec.max_offers),
        "recipe": {
            k: (str(v) if isinstance(v, Path) else v)
            for k, v in sorted(vars(args).items())
            if k not in ("out", "subproc", "curve_games", "curve_workers", "checkpoint_steps")
        },
    }
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.n_epochs,
        learning_rate=args.lr,
        gamma=args.gamma,
        gae_lambda=0.95,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": {"pi": [128, 64], "vf": [128, 64]}},
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    model.env.seed(args.seed * 1000)  # environment i of seed s starts from s * 1000 + i (not s + i: no overlap)
    out = args.out
    ckpt_dir = out / "checkpoints"
    cap = None if args.minutes is None else START + args.minutes * 60
    callback = Checkpoints(ckpt_dir, args.checkpoint_steps, meta, cap)
    model.learn(total_timesteps=args.steps, callback=callback)
    trained = time.monotonic() - START
    if callback.capped:
        print(
            f"stopped by --minutes {args.minutes} at {model.num_timesteps} steps: not the recipe's budget",
            flush=True,
        )
    meta["steps"] = int(model.num_timesteps)
    meta["training_seconds"] = round(trained)
    policy = export_sb3(model, out / "policy.npz", meta)
    model.save(out / "model.zip")
    print(f"trained {model.num_timesteps} steps in {trained:.0f}s -> {policy}", flush=True)
    if not callback.saved or callback.saved[-1][0] != model.num_timesteps:
        callback.saved.append((model.num_timesteps, policy))

    if args.curve_games:
        rows = []
        for steps, path in callback.saved:
            wins, games = win_rate(path, "baseline", args.curve_games, args.ruleset, workers=args.curve_workers)
            lo, hi = wilson(wins, games)
            rows.append(
                {
                    "steps": steps,
                    "games": games,
                    "wins": wins,
                    "win_rate": wins / games,
                    "ci95_low": lo,
                    "ci95_high": hi,
                }
            )
            print(json.dumps(rows[-1]), flush=True)
        with (out / "curve.csv").open("w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        plot_curve(rows, out / "curve.svg")
    np.set_printoptions(precision=3)


START = time.monotonic()

if __name__ == "__main__":
    main()
