"""The Gymnasium environment: one learning seat, the other seats played by named strategies.

``gymnasium.make("landlords/Classic-v0", opponents=["baseline"])``; ``action_masks()`` gives the
mask for sb3-contrib's MaskablePPO (also in ``info["action_mask"]``). A step applies the agent's
act, then lets the strategies play until the game waits for the agent again (or ends).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..engine.edition import Edition
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game
from ..sim.runner import drive
from .actions import WAIT
from .aec import RENDER_MODES, Setup

# registered ids: name -> (ruleset, edition or None for the ruleset's own, house rules)
IDS: dict[str, tuple[str, str | None, dict[str, Any]]] = {
    "Classic": ("hasbro-ru", "classic-us", {}),
    "ClassicSpeedDie": ("hasbro-ru", "classic-us", {"speed_die": True}),
    "HasbroRu": ("hasbro-ru", None, {}),
    "HasbroRuA": ("hasbro-ru-a", None, {}),
    "Digital": ("digital", None, {}),
    "Polish": ("polish", None, {}),
    "KidsLondon": ("kids-london", None, {}),
    "Businesspoly": ("businesspoly", None, {}),
    "BusinesspolyShort": ("businesspoly-short", None, {}),
    "Odessa": ("odessa", None, {}),
}


class LandlordsGymEnv(gym.Env):
    """One seat learns; ``opponents`` (strategy specs, see :func:`landlords.bots.make_bot`) play the
    others. ``seat=None`` seats the agent anywhere at random each episode.

    Rewards as in :class:`~landlords.rl.aec.LandlordsAEC` (+1 win, -1 loss, optional shaped reward).
    After ``max_turns`` turns the episode is truncated, or with ``cap_by_net_worth`` ended by net
    worth (the richest wins). ``illegal``: ``lose`` (default: the episode ends with -1, so that an
    unmasked sample is safe), ``raise`` or ``ignore``. ``end_turn_prompt=False`` (default) ends a
    turn when its last move is resolved, as in tournaments.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": [m for m in RENDER_MODES if m]}

    def __init__(
        self,
        ruleset: str = "hasbro-ru",
        edition: str | Edition | None = None,
        opponents: Sequence[str] = ("random",),
        rules: dict[str, Any] | None = None,
        *,
        seat: int | None = None,
        max_turns: int = 1000,
        cap_by_net_worth: bool = False,
        shaped_reward: float = 0.0,
        auto_claim: bool = True,
        end_turn_prompt: bool = False,
        max_offers: int = 1,
        max_steps: int = 20000,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        if isinstance(opponents, str):
            opponents = [opponents]
        if not opponents:
            raise ConfigError("name at least one opponent strategy")
        self.opponents = list(opponents)
        for spec in self.opponents:
            make_bot(spec, 0)  # a bad spec fails now, with its name
        seats = 1 + len(self.opponents)
        if seat is not None and not 0 <= seat < seats:
            raise ConfigError(f"seat must be from 0 to {seats - 1}")
        self.setup = Setup(
            ruleset,
            edition,
            seats,
            rules,
            auto_claim=auto_claim,
            end_turn_prompt=end_turn_prompt,
            max_offers=max_offers,
            turn_cap=max_turns,
            illegal=illegal,
            render_mode=render_mode,
        )
        self.codec = self.setup.codec
        self.encoder = self.setup.encoder
        self.fixed_seat = seat
        self.max_turns = max_turns
        self.cap_by_net_worth = cap_by_net_worth
        self.shaped_reward = float(shaped_reward)
        self.max_steps = max_steps
        self.illegal = illegal
        self.render_mode = render_mode
        self.observation_space = self.setup.observation_box()
        self.action_space = spaces.Discrete(self.codec.n)
        self.game: Game | None = None
        self.seat = 0
        self._mask: np.ndarray | None = None

    # ------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        rng = self.np_random
        n = self.setup.seats
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        self.game = self.setup.new_game(int(rng.integers(0, 2**62)))
        others = [s for s in range(n) if s != self.seat]
        pairs = zip(others, self.opponents, strict=True)
        self.bots = {s: make_bot(spec, int(rng.integers(0, 2**62))) for s, spec in pairs}
        self.steps = 0
        self._share = self._my_share() if self.shaped_reward else 0.0
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: Any):
        game, seat = self.game, self.seat
        if game is None:
            raise RuntimeError("call reset() before step()")
        self.steps += 1
        index = int(action)
        act = None
        problem = None
        turn, kind = game.turn, game.decision.kind if game.decision else ""
        try:
            act = self.codec.decode(game, seat, index)
            if act is None or index == WAIT:
                problem = f"{self.codec.slots[index].name} is not an act in this environment"
            else:
                game.apply(seat, act)
        except (ValueError, IllegalAction) as exc:
            problem = f"{act!r} is illegal: {exc}" if act is not None else str(exc)
        if problem is not None:
            if self.illegal == "raise":
                raise ValueError(problem)
            if self.illegal == "lose":
                return self._observe(), -1.0, True, False, self._info(illegal=problem)
            return self._observe(), 0.0, False, False, self._info(illegal=problem)
        self.codec.note_applied(seat, turn, kind, act)
        self._play_others()
        reward = 0.0
        if self.shaped_reward and not game.over:
            share = self._my_share()
            reward += self.shaped_reward * (share - self._share)
            self._share = share
        terminated = truncated = False
        if game.over:
            terminated = True
            reward += 1.0 if game.winner == seat else -1.0
        elif game.bankrupt[seat]:
            terminated = True
            reward -= 1.0
        elif game.turn > self.max_turns or self.steps >= self.max_steps:
            if self.cap_by_net_worth:
                game.finish_by_net_worth("turn_cap")
                terminated = True
                reward += 1.0 if game.winner == seat else -1.0
            else:
                truncated = True
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal slots for the agent now, as booleans (for MaskablePPO)."""
        if self._mask is None:
            self._mask = self._compute_mask()
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        cash = ", ".join(f"{game.names[p]} {game.cash[p]}" for p in range(game.n))
        return f"turn {game.turn}; agent at seat {self.seat}; {cash}"

    # ------------------------------------------------------------ internals
    def _play_others(self) -> None:
        """The strategies play until it is the agent's decision, the agent is bankrupt, the game is
        over or past ``max_turns`` (the step decides what that means)."""
        drive(self.game, self.bots, self.max_turns, seat=self.seat, blame=self._blame)

    def _blame(self, seat: int, action: Any, exc: Exception) -> str:
        spec = self.opponents[list(self.bots).index(seat)]
        return f"strategy {spec!r} chose an illegal action {action!r}: {exc}"

    def _compute_mask(self) -> np.ndarray:
        game = self.game
        d = game.decision
        if game.over or d is None or d.seat != self.seat or game.bankrupt[self.seat]:
            mask = np.zeros(self.codec.n, dtype=np.int8)
            mask[WAIT] = 1  # nothing to do (the episode is over): keep the mask non-empty
            return mask
        return self.codec.mask(game, self.seat)

    def _observe(self) -> np.ndarray:
        self._mask = self._compute_mask()
        return self.encoder.encode(self.game, self.seat)

    def _info(self, **extra: Any) -> dict[str, Any]:
        game = self.game
        info = {"action_mask": self._mask, "seat": self.seat, "turn": game.turn, "winner": game.winner}
        info.update(extra)
        return info

    def _my_share(self) -> float:
        game = self.game
        worth = [max(0, game.net_worth(p)) for p in range(game.n)]
        return worth[self.seat] / (float(sum(worth)) or 1.0)


def register_envs() -> None:
    """Register the ``landlords/<Name>-v0`` ids (a gymnasium plugin entry point calls this)."""
    for name, (ruleset, edition, rules) in IDS.items():
        env_id = f"landlords/{name}-v0"
        if env_id in gym.registry:
            continue
        gym.register(
            id=env_id,
            entry_point="landlords.rl.gym_env:LandlordsGymEnv",
            kwargs={"ruleset": ruleset, "edition": edition, "rules": dict(rules)},
        )


__all__ = ["LandlordsGymEnv", "IDS", "register_envs"]
