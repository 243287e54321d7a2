"""A trained policy as a strategy: ``landlords tournament --strategies rl:PATH,random``.

The policy file is a small ``.npz``: the weights of a multilayer perceptron (``w0, b0, w1, b1, ...``,
tanh between layers, the last layer giving one logit per action slot) and ``meta``, a JSON string
with the board size, seat count and observation size it was trained for and ``env_version``, the
stamp of the environment it was trained on (:mod:`.version`): a file with another stamp is refused
when loaded, since its weights mean nothing on another observation or action layout. It needs numpy
only (no torch at play time); :func:`export_sb3` writes one from a MaskablePPO model. The bot plays the
highest-scoring unmasked slot (``greedy``) or samples from the masked softmax.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.actions import Action
from ..engine.decision import Decision
from ..engine.errors import ConfigError
from ..engine.game import Game
from .actions import ActionCodec
from .observation import ObservationEncoder
from .version import env_version


class Policy:
    """The weights of a policy network, loaded from an ``.npz`` file."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        not_policy = f"{str(path)!r} is not a landlords policy file (an .npz archive written by training)"
        if path.exists() and not path.is_file():  # a FIFO: reading it waited for ever for a writer
            raise ConfigError(f"{str(path)!r}: is not a regular file (a device, a pipe or a socket)")
        try:
            data = np.load(path, allow_pickle=False)
        except OSError as exc:
            raise ConfigError(f"cannot read the policy file {str(path)!r}: {exc}") from None
        except ValueError:  # not an .npy/.npz file (numpy's own message suggests unpickling it: no)
            raise ConfigError(not_policy) from None
        if not isinstance(data, np.lib.npyio.NpzFile):  # a single .npy array
            raise ConfigError(not_policy)
        with data:
            try:
                self.meta: dict[str, Any] = json.loads(str(data["meta"]))
            except KeyError:
                raise ConfigError(f"{str(path)!r} is not a landlords policy file (no 'meta')") from None
            layers = []
            i = 0
            while f"w{i}" in data:
                layers.append((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)))
                i += 1
        if not layers:
            raise ConfigError(f"{str(path)!r} holds no layers")
        check_env_version(path, self.meta)
        self.layers = layers
        self.path = path

    def logits(self, obs: np.ndarray) -> np.ndarray:
        x = obs
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x)
        return x


def check_env_version(path: str | Path, meta: dict[str, Any]) -> None:
    """Refuse a policy trained on another environment version than this code's (see :mod:`.version`)."""
    try:
        ours = env_version(int(meta["seats"]), int(meta["size"]), int(meta.get("max_offers", 1)))
    except (KeyError, TypeError, ValueError):
        raise ConfigError(
            f"{str(path)!r}: its meta does not name the seats and board size it was trained for"
        ) from None
    theirs = meta.get("env_version")
    if theirs != ours:
        what = (
            "has no environment version (written before policies were stamped)"
            if theirs is None
            else f"was trained on environment version {theirs}"
        )
        raise ConfigError(
            f"policy {str(path)!r} {what}; this landlords has environment version {ours} (the observation, "
            f"the actions or their meaning changed since): retrain it on this version (examples/train_ppo.py)"
        )


_POLICIES: dict[str, Policy] = {}


def load_policy(path: str | Path) -> Policy:
    """A policy file, read once per process."""
    key = str(Path(path).resolve())
    policy = _POLICIES.get(key)
    if policy is None:
        policy = _POLICIES[key] = Policy(path)
    return policy


class PolicyBot:
    """Plays a trained policy file (strategy spec ``rl:PATH`` or ``rl:path=PATH[:greedy=false]``)."""

    name = "rl"

    def __init__(self, path: str = "", greedy: bool = True, seed: int | None = None) -> None:
        if not path:
            raise ConfigError("the rl strategy needs a policy file: rl:PATH")
        self.policy = load_policy(path)
        self.greedy = greedy
        self.rng = np.random.default_rng(seed)
        self._codec: ActionCodec | None = None
        self._encoder: ObservationEncoder | None = None
        self._game_id = -1

    def _setup(self, game: Game) -> None:
        meta = self.policy.meta
        if meta.get("size") != game.size or meta.get("seats") != game.n:
            raise ConfigError(
                f"policy {str(self.policy.path)!r} was trained for {meta.get('seats')} seats on a board of "
                f"{meta.get('size')} squares, not {game.n} seats on {game.size}"
            )
        self._codec = ActionCodec(game.size, int(meta.get("max_offers", 1)))
        self._encoder = ObservationEncoder(game.n, game.size, int(meta.get("turn_cap", 1000)))
        if self._encoder.dim != meta.get("obs_dim") or self._codec.n != meta.get("actions"):
            raise ConfigError(
                f"policy {str(self.policy.path)!r} expects {meta.get('obs_dim')} inputs and "
                f"{meta.get('actions')} actions; this version encodes {self._encoder.dim} and {self._codec.n}"
            )
        self._game_id = id(game)
        self._game = game

    def act(self, game: Game, d: Decision) -> Action:
        if id(game) != self._game_id or game is not getattr(self, "_game", None):
            self._setup(game)
        seat = d.seat
        mask = self._codec.mask(game, seat)
        obs = self._encoder.encode(game, seat)
        logits = self.policy.logits(obs).astype(np.float64)
        logits[mask == 0] = -np.inf
        if self.greedy:
            index = int(np.argmax(logits))
        else:
            p = np.exp(logits - logits.max())
            index = int(self.rng.choice(len(p), p=p / p.sum()))
        action = self._codec.decode(game, seat, index)
        self._codec.note_applied(seat, game.turn, d.kind, action)  # the tournament applies it next
        return action


def save_policy(path: str | Path, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any]) -> Path:
    """Write a policy file (float32 weights, compressed); ``meta`` gets this code's ``env_version``
    unless it names one (a test's wrong stamp)."""
    meta = dict(meta)
    if "env_version" not in meta:
        meta["env_version"] = env_version(int(meta["seats"]), int(meta["size"]), int(meta.get("max_offers", 1)))
    arrays: dict[str, np.ndarray] = {"meta": np.array(json.dumps(meta))}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)
    return path


def export_sb3(model: Any, path: str | Path, meta: dict[str, Any]) -> Path:
    """Write the actor of a MaskablePPO ``MlpPolicy`` (tanh activations) as a policy file."""
    import torch  # the training stack: only here

    policy = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(policy.action_net)
    weights = [(m.weight.detach().cpu().numpy().T, m.bias.detach().cpu().numpy()) for m in layers]
    return save_policy(path, weights, meta)


__all__ = ["Policy", "PolicyBot", "check_env_version", "load_policy", "save_policy", "export_sb3"]
