"""The ``rl`` strategy: a trained policy file as a bot (``rl:models/ppo.npz``), declared for the
strategy registry through the package's entry point (``landlords.strategies``), so that the bots
never import the learning layer. Its path parameter makes it a strategy of the local command line
only: a server never lets a client name a file."""

from __future__ import annotations

from ..bots import SEED, Bot, Param, Strategy
from ..engine.errors import ConfigError
from ..extras import install_hint


def policy_bot(path: str = "", greedy: bool = True, seed: int | None = None) -> Bot:
    """A :class:`~.agent.PolicyBot` (numpy, extra ``landlords[rl]``) on the policy file ``path``."""
    try:
        from .agent import PolicyBot
    except ImportError as exc:
        raise ConfigError(f"the rl strategy needs numpy: {install_hint('rl')} ({exc})") from None
    return PolicyBot(path, greedy, seed)


POLICY = Strategy(
    "rl",
    policy_bot,
    "Plays a trained policy file (rl:PATH; landlords[rl]).",
    (
        Param("path", str, "", "the policy file (.npz) written by training", path=True),
        Param("greedy", bool, True, "play the best-scoring action (false: sample from the policy)"),
        SEED,
    ),
)
