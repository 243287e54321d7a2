"""The environment's version: what a trained policy depends on, stamped into its file.

A policy is a function from the observation vector to one score per action slot; it means nothing on
another layout or another meaning of either. :func:`env_version` is ``ENV_VERSION`` (bumped by hand
whenever what the agent sees or may do changes in a way the layout does not show: a feature's
scaling, the limits on acts, the reward) and a hash of the layouts themselves (the observation's
parts, their sizes and feature names; the action slots' names; the per-turn limits), so that a change
to a feature list or to the action families changes the stamp even if nobody bumps the number.
``export_sb3`` writes it into the policy file and loading a policy refuses another stamp.
"""

from __future__ import annotations

import hashlib
import json

from .actions import BID_FRACTIONS, ActionCodec
from .observation import layout

# Bump on any change of meaning the layouts below do not capture (and retrain the shipped policy).
ENV_VERSION = 2


def layout_digest(seats: int, size: int, max_offers: int = 1) -> str:
    """A short hash of the observation and action layouts for ``seats`` seats on ``size`` squares."""
    codec = ActionCodec(size, max_offers)
    described = {
        "observation": [[name, offset, length, what] for name, offset, length, what in layout(seats, size)],
        "actions": [slot.name for slot in codec.slots],
        "bids": [round(f, 6) for f in BID_FRACTIONS],
        "limits": {"max_offers": codec.max_offers, "max_free_acts": codec.max_free_acts},
    }
    text = json.dumps(described, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def env_version(seats: int, size: int, max_offers: int = 1) -> str:
    """The stamp of this code's environment for that setup: ``"<ENV_VERSION>-<layout digest>"``."""
    return f"{ENV_VERSION}-{layout_digest(seats, size, max_offers)}"


__all__ = ["ENV_VERSION", "env_version", "layout_digest"]
