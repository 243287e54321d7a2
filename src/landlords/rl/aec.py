"""The PettingZoo AEC environment: every seat an agent, any edition, ruleset and house rules.

``agent_selection`` is the seat the game waits for (turn-based mode, the default) and each step is
one act of that seat. ``cycle=True`` gives every live seat one step per cycle instead: the seat the
game waits for has its legal acts unmasked, every other seat ``wait`` and the acts it may make out of
turn (claiming rent, say). :func:`parallel_env` is the cycle mode as a PettingZoo ``ParallelEnv``:
one step takes every live seat's action, applied in seat order; an action made illegal by an act
applied before it in the same step (the game moved on) is dropped and reported as ``stale`` in the
seat's info, never treated as the seat's mistake.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from ..editions import load_edition
from ..engine.edition import Edition
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game
from ..rules import game_class, get_ruleset
from .actions import WAIT, ActionCodec
from .observation import ObservationEncoder

ILLEGAL_MODES = ("raise", "lose", "ignore")
RENDER_MODES = (None, "ansi", "human")
OBS_BOUND = 1e4


class Setup:
    """What an environment plays: ruleset, edition, seats and game options, checked once."""

    def __init__(
        self,
        ruleset: str = "hasbro-ru",
        edition: str | Edition | None = None,
        seats: int = 2,
        rules: dict[str, Any] | None = None,
        *,
        auto_claim: bool = True,
        end_turn_prompt: bool = True,
        max_offers: int = 1,
        turn_cap: int = 1000,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, got {illegal!r}")
        if render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be 'ansi', 'human' or None, got {render_mode!r}")
        self.rules = get_ruleset(ruleset, rules)
        self.edition = edition if isinstance(edition, Edition) else load_edition(edition or self.rules.edition)
        self.cls = game_class(self.rules)
        if not self.rules.min_players <= seats <= self.rules.max_players:
            raise ConfigError(
                f"ruleset {self.rules.id!r} is for {self.rules.min_players}-{self.rules.max_players} players, "
                f"got {seats}"
            )
        self.seats = seats
        self.auto_claim = auto_claim
        self.end_turn_prompt = end_turn_prompt
        self.size = len(self.edition.squares)
        self.codec = ActionCodec(self.size, max_offers)
        self.encoder = ObservationEncoder(seats, self.size, turn_cap)

    def new_game(self, seed: int) -> Game:
        self.codec.reset()
        return self.cls(
            self.edition,
            self.rules,
            self.seats,
            seed,
            auto_claim=self.auto_claim,
            record_events=False,
            end_turn_prompt=self.end_turn_prompt,
        )

    def observation_box(self) -> spaces.Box:
        return spaces.Box(-OBS_BOUND, OBS_BOUND, (self.encoder.dim,), np.float32)


class LandlordsAEC(AECEnv):
    """PettingZoo AEC environment (see the module docstring and the tables of docs/learning.md).

    Rewards come at the end: +1 to the winner, -1 to every other seat (a bankrupt seat gets its -1
    when it goes out). ``shaped_reward=c`` adds ``c`` times the change of the seat's share of all
    net worth at every step (off by default). After ``max_cycles`` game turns (cycles in cycle
    mode) every agent is truncated with no reward, unless ``cap_by_net_worth``: then the engine
    ends the game by net worth and the richest wins. ``illegal`` says what an illegal action does:
    ``raise`` a ValueError naming the rule (default), ``lose`` (the game ends, -1 to the offender),
    or ``ignore`` it (nothing happens; ``infos[agent]["illegal"]`` is set).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "landlords_v0",
        "render_modes": [m for m in RENDER_MODES if m],
        "is_parallelizable": True,
    }

    def __init__(
        self,
        ruleset: str = "hasbro-ru",
        edition: str | Edition | None = None,
        seats: int = 2,
        rules: dict[str, Any] | None = None,
        *,
        max_cycles: int = 1000,
        cap_by_net_worth: bool = False,
        shaped_reward: float = 0.0,
        auto_claim: bool = True,
        end_turn_prompt: bool = True,
        max_offers: int = 1,
        max_steps: int | None = None,
        cycle: bool = False,
        illegal: str = "raise",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if max_cycles < 1:
            raise ConfigError("max_cycles must be at least 1")
        self.setup = Setup(
            ruleset,
            edition,
            seats,
            rules,
            auto_claim=auto_claim,
            end_turn_prompt=end_turn_prompt,
            max_offers=max_offers,
            turn_cap=max_cycles,
            illegal=illegal,
            render_mode=render_mode,
        )
        self.max_cycles = max_cycles
        self.cap_by_net_worth = cap_by_net_worth
        self.shaped_reward = float(shaped_reward)
        self.max_steps = max_steps if max_steps is not None else 100 * max_cycles * seats
        self.cycle = cycle
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.codec = self.setup.codec
        self.encoder = self.setup.encoder
        obs_space = spaces.Dict(
            {
                "observation": self.setup.observation_box(),
                "action_mask": spaces.Box(0, 1, (self.codec.n,), np.int8),
            }
        )
        self._obs_space = obs_space
        self._act_space = spaces.Discrete(self.codec.n)
        box = self.setup.observation_box()
        self.state_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (seats * box.shape[0],), np.float32)
        # set by the parallel environment for one step: the number of acts the game had when the
        # step began; an action refused after the game moved on since then is stale, not illegal
        self.stale_after: int | None = None
        self.game: Game | None = None
        self._np_random, _ = seeding.np_random(None)

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # ------------------------------------------------------------ reset
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**62))
        self.game = self.setup.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self.cycles = 0
        self._cycle_pos = 0
        self._worth_share = self._shares() if self.shaped_reward else None
        self._select()

    # ------------------------------------------------------------ observe
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        game = self.game
        obs = self.encoder.encode(game, seat)
        done = self.terminations.get(agent) or self.truncations.get(agent)
        if done or (not self.cycle and agent != self.agent_selection):  # turn-based: only the seat asked
            mask = np.zeros(self.codec.n, dtype=np.int8)
        elif not self.cycle:
            mask = self.codec.mask(game, seat)
        else:
            mask = self.codec.mask(game, seat)
            if game.decision is not None and game.decision.seat != seat:
                mask[WAIT] = 1  # and the acts it may make out of turn
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        return self.observe(agent or self.agent_selection)["action_mask"]

    # ------------------------------------------------------------ step
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for a in self.agents:
            rewards[a] = 0.0
        info = self.infos[agent]
        if "illegal" in info:
            del info["illegal"]
        if action is None:
            raise ValueError(f"{agent} must act: the action None is only for agents that are done")
        if not (self.cycle and game.decision.seat != seat and int(action) == WAIT):
            self._act(agent, seat, int(action))
        self.steps += 1
        self._after_step()

    def _act(self, agent: str, seat: int, index: int) -> None:
        game = self.game
        try:
            act = self.codec.decode(game, seat, index)
        except ValueError as exc:
            self._illegal(agent, str(exc))
            return
        if act is None:
            self._illegal(agent, f"{agent} cannot wait: the game waits for it")
            return
        turn, kind = game.turn, game.decision.kind
        try:
            game.apply(seat, act)
        except IllegalAction as exc:
            self._illegal(agent, f"{act!r} is illegal: {exc}")
            return
        self.codec.note_applied(seat, turn, kind, act)

    def _illegal(self, agent: str, message: str) -> None:
        if self.stale_after is not None and len(self.game.actions) != self.stale_after:
            self.infos[agent]["stale"] = message  # chosen before the acts applied earlier in this step
            return
        if self.illegal == "raise":
            raise ValueError(message)
        self.infos[agent]["illegal"] = message
        if self.illegal == "lose":
            for a in self.agents:
                self.terminations[a] = True
            self.rewards[agent] = -1.0

    def _after_step(self) -> None:
        game = self.game
        rewards = self.rewards
        if self.shaped_reward and not game.over:
            shares = self._shares()
            for a in self.agents:
                s = self._seat_of[a]
                rewards[a] += self.shaped_reward * (shares[s] - self._worth_share[s])
            self._worth_share = shares
        if any(self.terminations.values()):  # lost by an illegal action
            pass
        elif game.over:
            for a in self.agents:
                rewards[a] += 1.0 if self._seat_of[a] == game.winner else -1.0
                self.terminations[a] = True
        else:
            self._outs_and_cap()
        self._select()
        # PettingZoo's _accumulate_rewards and _deads_step_first, without their generic overhead
        cumulative, terminations, truncations = self._cumulative_rewards, self.terminations, self.truncations
        for a, r in rewards.items():
            cumulative[a] += r
        for a in self.agents:
            if terminations[a] or truncations[a]:
                self._skip_agent_selection = self.agent_selection
                self.agent_selection = a
                break

    def _outs_and_cap(self) -> None:
        """A game going on after a step: the seats gone bankrupt in it lose; at the cap (turns or
        cycles, or steps) the game ends by net worth or is truncated."""
        game, rewards = self.game, self.rewards
        for a in self.agents:  # seats gone bankrupt this step
            if game.bankrupt[self._seat_of[a]] and not self.terminations[a]:
                rewards[a] += -1.0
                self.terminations[a] = True
        if self.cycle:
            self._advance_cycle()
        capped = self.cycles >= self.max_cycles if self.cycle else game.turn > self.max_cycles
        if not (capped or self.steps >= self.max_steps):
            return
        if self.cap_by_net_worth:
            game.finish_by_net_worth("turn_cap")
            for a in self.agents:
                if not self.terminations[a]:
                    rewards[a] += 1.0 if self._seat_of[a] == game.winner else -1.0
                    self.terminations[a] = True
        else:
            for a in self.agents:
                self.truncations[a] = True

    def _select(self) -> None:
        if not self.agents:
            return
        game = self.game
        if self.cycle:
            a = self.possible_agents[self._cycle_pos % len(self.possible_agents)]
            self.agent_selection = a if a in self.agents else self.agents[0]
            return
        d = game.decision
        if d is not None and not game.over:
            self.agent_selection = self.possible_agents[d.seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    # cycle mode: every live agent steps once per cycle, in seat order
    def _advance_cycle(self) -> None:
        order = self.possible_agents
        n = len(order)
        pos = self._cycle_pos
        for _ in range(n):
            pos += 1
            if pos % n == 0:
                self.cycles += 1
            a = order[pos % n]
            if a in self.agents and not self.terminations[a] and not self.game.bankrupt[self._seat_of[a]]:
                break
        self._cycle_pos = pos

    def _shares(self) -> list[float]:
        game = self.game
        worth = [max(0, game.net_worth(p)) for p in range(game.n)]
        total = float(sum(worth)) or 1.0
        return [w / total for w in worth]

    # ------------------------------------------------------------ the rest of the API
    def render(self) -> str | None:
        """``ansi``: one line (turn, cash, who is asked what); ``human``: that line printed."""
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        d = game.decision
        cash = ", ".join(f"{game.names[p]} {game.cash[p]}" for p in range(game.n))
        waiting = f"{game.names[d.seat]}: {d.kind}" if d is not None else f"over, winner {game.winner}"
        line = f"turn {game.turn}; {cash}; {waiting}"
        if self.render_mode == "human":
            print(line)
            return None
        return line

    def state(self) -> np.ndarray:
        """The whole table as one vector: every seat's observation, in seat order."""
        return np.concatenate([self.encoder.encode(self.game, s) for s in range(self.game.n)])

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> LandlordsAEC:
    """The AEC environment (``ruleset``, ``edition``, ``seats``, ``rules`` and the options of
    :class:`LandlordsAEC`)."""
    return LandlordsAEC(**kwargs)


raw_env = env


class LandlordsParallel(ParallelEnv):
    """PettingZoo ``ParallelEnv``: one step is one cycle of the AEC environment's cycle mode (see
    the module docstring). Observations carry every seat's real mask: the seat the game waits for
    its legal acts, the others ``wait`` and their out-of-turn acts."""

    def __init__(self, **kwargs: Any) -> None:
        if not kwargs.setdefault("cycle", True):
            raise ConfigError("the parallel environment is the cycle mode")
        self.aec = LandlordsAEC(**kwargs)
        self.metadata = self.aec.metadata
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.state_space = self.aec.state_space
        self.render_mode = self.aec.render_mode
        self._gone: dict[str, tuple[Any, bool, bool, dict]] = {}  # per agent: obs, ends, info of a step

    def observation_space(self, agent: str) -> spaces.Space:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space:
        return self.aec.action_space(agent)

    @property
    def game(self) -> Game | None:
        return self.aec.game

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        aec = self.aec
        aec.reset(seed=seed, options=options)
        self.agents = aec.agents[:]
        return {a: aec.observe(a) for a in self.agents}, {a: dict(aec.infos[a]) for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        aec = self.aec
        rewards = dict.fromkeys(self.agents, 0.0)
        self._gone: dict[str, tuple[Any, bool, bool, dict]] = {}
        aec.stale_after = len(aec.game.actions)
        try:
            for agent in self.agents:
                self._drop_dead()
                if agent not in aec.agents or aec.agent_selection != agent:
                    continue  # gone out earlier in this step
                aec.step(actions[agent])
                for a in aec.agents:
                    rewards[a] = rewards.get(a, 0.0) + aec.rewards[a]
            for a in aec.agents:
                self._gone[a] = (aec.observe(a), aec.terminations[a], aec.truncations[a], dict(aec.infos[a]))
            self._drop_dead()
        finally:
            aec.stale_after = None
        gone = self._gone
        observations = {a: gone[a][0] for a in self.agents}
        terminations = {a: gone[a][1] for a in self.agents}
        truncations = {a: gone[a][2] for a in self.agents}
        infos = {a: gone[a][3] for a in self.agents}
        self.agents = [a for a in aec.agents if not (aec.terminations[a] or aec.truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def _drop_dead(self) -> None:
        """Step the agents that went out (AEC asks a ``None`` step of each), keeping what they saw last."""
        aec = self.aec
        while aec.agents and (aec.terminations[aec.agent_selection] or aec.truncations[aec.agent_selection]):
            a = aec.agent_selection
            self._gone[a] = (aec.observe(a), aec.terminations[a], aec.truncations[a], dict(aec.infos[a]))
            aec.step(None)

    def state(self) -> np.ndarray:
        return self.aec.state()

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def parallel_env(**kwargs: Any) -> LandlordsParallel:
    """The parallel version (:class:`LandlordsParallel`), with the options of :class:`LandlordsAEC`."""
    return LandlordsParallel(**kwargs)


__all__ = ["LandlordsAEC", "LandlordsParallel", "Setup", "env", "raw_env", "parallel_env", "ILLEGAL_MODES"]
