"""Learning agents: PettingZoo and Gymnasium environments on the engine (extra ``landlords[rl]``).

``landlords.rl.env(ruleset="hasbro-ru", seats=4)`` is the PettingZoo AEC environment (every seat
an agent); ``gymnasium.make("landlords/Classic-v0", opponents=["baseline"])`` (after importing
``landlords.rl``) the single-seat Gymnasium one, the other seats played by named strategies. The
docs/learning.md has the observation and action tables.

Names are imported on first use, so that ``landlords`` itself works without the extra.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "ActionCodec": "actions",
    "ObservationEncoder": "observation",
    "LandlordsAEC": "aec",
    "env": "aec",
    "raw_env": "aec",
    "parallel_env": "aec",
    "LandlordsGymEnv": "gym_env",
    "register_envs": "gym_env",
    "PolicyBot": "agent",
}

try:  # the gymnasium ids exist as soon as the package is imported
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # pragma: no cover - without the extra
    pass
else:
    from .gym_env import register_envs as _register

    _register()


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'landlords.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = list(_LAZY)
