"""landlords as an OpenSpiel game: ``pyspiel.load_game("python_landlords", {...})``.

Every ruleset and edition, 2 or more players, as a sequential perfect-information game with
explicit chance nodes, so that OpenSpiel's algorithms (MCTS, the CFR family, its RL agents) run on
the engine unchanged:

* **Player nodes**: the seat the engine waits for; its legal actions are the slots the RL action
  space unmasks (:class:`~landlords.rl.actions.ActionCodec`: one discrete space, the same mask).
* **Chance nodes**: every roll of the dice (``sides ** dice`` equally likely outcomes, the speed
  die included) and every card drawn from a shuffled pile. The order of a pile is never read: a
  draw is a chance node over the cards not yet seen since the start, each equally likely (drawn
  cards go to the bottom, so once all were seen the next card is known, and no chance node is
  needed). Rulesets that do not shuffle their piles draw in printed order.
* **Returns**: +1 to the winner and -1/(n-1) to every other seat (zero-sum); at ``max_turns`` the
  engine ends the game by net worth.

How chance is found: an action is applied to a copy of the game with strict chance on; the roll or
card it needs and no script gives stops it (:class:`~landlords.engine.errors.UnscriptedChance`
says which), that becomes a chance node, and its outcome is scripted into the next copy. The game
itself only ever takes a whole act, so it never holds a half-applied one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..editions import load_edition
from ..engine.actions import Action
from ..engine.errors import UnscriptedChance
from ..engine.game import Game
from ..rl.actions import ActionCodec, action_names
from ..rl.observation import ObservationEncoder
from ..rules import RULESETS, game_class, get_ruleset

SHORT_NAME = "python_landlords"
DEFAULTS: dict[str, Any] = {"ruleset": "hasbro-ru", "edition": "", "players": 2, "max_turns": 300, "seed": 1}
MAX_PLAYERS = max(get_ruleset(r).max_players for r in RULESETS)
ACTS_PER_TURN = 400  # a bound on the acts of one turn (the codec's limits keep turns finite)


def _game_type() -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="landlords (Monopoly-family board games)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class LandlordsSpielGame(pyspiel.Game):
    """The OpenSpiel game of one ruleset, edition and number of players."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        self.rules = get_ruleset(str(p["ruleset"]))
        self.edition = load_edition(str(p["edition"]) or self.rules.edition)
        self.players = int(p["players"])
        self.max_turns = int(p["max_turns"])
        self.seed = int(p["seed"])
        if not self.rules.min_players <= self.players <= self.rules.max_players:
            raise pyspiel.SpielError(
                f"ruleset {self.rules.id!r} is for {self.rules.min_players}-{self.rules.max_players} players"
            )
        self.codec = ActionCodec(len(self.edition.squares))
        self.names = action_names(self.codec)
        self.encoder = ObservationEncoder(self.players, len(self.edition.squares), self.max_turns)
        sides = self.rules.dice_sides
        cards = max((len(d.cards) for d in self.edition.decks.values()), default=0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.n,
            max_chance_outcomes=max(sides**3, cards),
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_turns * ACTS_PER_TURN,
        )
        super().__init__(_game_type(), info, p)

    def new_initial_state(self) -> LandlordsSpielState:
        engine = game_class(self.rules)(
            self.edition, self.rules, self.players, self.seed, record_events=False, first_player=0
        )
        return LandlordsSpielState(self, engine)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return TableObserver(self)
        from open_spiel.python.observation import IIGObserverForPublicInfoGame

        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class Position:
    """What a state holds: the engine's game, the codec's per-turn counts, the act waiting for its
    chance outcomes and the cards seen. OpenSpiel clones a state by deep-copying its attributes;
    this one copies the game sharing what never changes, and shares the spiel game."""

    def __init__(self, spiel: LandlordsSpielGame, engine: Game) -> None:
        self.spiel = spiel
        self.engine = engine
        self.codec = spiel.codec.copy()
        self.pending: tuple[int, Action] | None = None  # (seat, act) waiting for its chance outcomes
        self.script: list[tuple[Any, ...]] = []  # the outcomes chosen for it so far
        self.need: tuple[Any, ...] | None = None  # what the next chance node decides
        self.seen: dict[str, set[int]] = {deck: set() for deck in engine.decks}
        self.moves = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        other = Position.__new__(Position)
        other.spiel = self.spiel
        other.engine = self.engine.clone()
        other.codec = self.codec.copy()
        other.pending, other.script, other.need = self.pending, list(self.script), self.need
        other.seen = {deck: set(cards) for deck, cards in self.seen.items()}
        other.moves = self.moves
        return other

    # ------------------------------------------------------------ chance
    def unseen(self, deck: str) -> list[int]:
        seen = self.seen[deck]
        return [i for i in self.engine.decks[deck] if i not in seen]

    def chance_outcome(self, action: int) -> None:
        need = self.need
        assert need is not None
        if need[0] == "roll":
            dice, sides = need[1], need[2]
            faces = tuple(action // sides**k % sides + 1 for k in reversed(range(dice)))
            self.script.append(("roll", faces))
        else:
            self.script.append(("card", need[1], int(action)))
            self.seen[need[1]].add(int(action))
        self.need = None
        self.try_pending()

    def act(self, seat: int, action: int) -> None:
        decoded = self.codec.decode(self.engine, seat, action)
        if decoded is None:
            raise pyspiel.SpielError(f"action {action} (wait) is not an act here")
        self.pending, self.script = (seat, decoded), []
        self.try_pending()

    def try_pending(self) -> None:
        """Apply the waiting act on a copy with the outcomes chosen so far; on success keep the copy,
        otherwise open the chance node it stopped at."""
        assert self.pending is not None
        seat, act = self.pending
        while True:
            trial = self.engine.clone()
            trial.strict_chance = True
            self._script_into(trial)
            decision = trial.decision
            turn, kind = trial.turn, decision.kind if decision is not None else ""
            try:
                trial.apply(seat, act)
            except UnscriptedChance as stop:
                need = stop.need
                if need[0] == "card" and (not trial.rules.shuffle_decks or not self.unseen(need[1])):
                    self.script.append(("card", need[1], self.engine.decks[need[1]][0]))  # known
                    continue
                if need[0] != "roll" and need[0] != "card":
                    raise pyspiel.SpielError(f"chance the game does not model: {stop}") from stop
                self.need = need
                return
            break
        trial.strict_chance = False
        self.engine = trial
        self.codec.note_applied(seat, turn, kind, act)
        self.pending, self.script = None, []
        self.end_if_capped()

    def _script_into(self, trial: Game) -> None:
        cards: dict[str, list[str]] = {}
        for item in self.script:
            if item[0] == "roll":
                trial.script_dice(item[1])
            else:
                deck, index = item[1], item[2]
                cards.setdefault(deck, []).append(trial.edition.decks[deck].cards[index].id)
        for deck, ids in cards.items():
            trial.stack_deck(deck, *ids)

    def end_if_capped(self) -> None:
        engine, cap = self.engine, self.spiel.max_turns
        if not engine.over and (engine.turn > cap or self.moves >= cap * ACTS_PER_TURN - 20):
            engine.finish_by_net_worth("turn_cap")


class LandlordsSpielState(pyspiel.State):
    """A position of the game (see the module docstring)."""

    def __init__(self, game: LandlordsSpielGame, engine: Game) -> None:
        super().__init__(game)
        self.position = Position(game, engine)
        self.position.end_if_capped()

    @property
    def engine(self) -> Game:
        return self.position.engine

    def current_player(self) -> int:
        p = self.position
        if p.engine.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if p.need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        decision = p.engine.decision
        assert decision is not None
        return int(decision.seat)

    def _legal_actions(self, player: int) -> list[int]:
        p = self.position
        return [int(i) for i in np.flatnonzero(p.codec.mask(p.engine, player))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = self.position
        need = p.need
        assert need is not None
        if need[0] == "roll":
            n = need[2] ** need[1]
            return [(i, 1.0 / n) for i in range(n)]
        unseen = p.unseen(need[1])
        return [(i, 1.0 / len(unseen)) for i in sorted(unseen)]

    def _apply_action(self, action: int) -> None:
        p = self.position
        p.moves += 1
        if p.need is not None:
            p.chance_outcome(action)
        else:
            p.act(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        p = self.position
        if player == pyspiel.PlayerId.CHANCE and p.need is not None:
            if p.need[0] == "roll":
                sides = p.need[2]
                faces = [action // sides**k % sides + 1 for k in reversed(range(p.need[1]))]
                return "dice " + "+".join(map(str, faces))
            card = p.engine.edition.decks[p.need[1]].cards[action]
            return f"{p.need[1]} card {card.id}"
        return p.spiel.names[action]

    def is_terminal(self) -> bool:
        return bool(self.position.engine.over)

    def returns(self) -> list[float]:
        engine, n = self.position.engine, self.position.spiel.players
        if not engine.over or engine.winner is None or engine.winner < 0:
            return [0.0] * n
        return [1.0 if seat == engine.winner else -1.0 / (n - 1) for seat in range(n)]

    def __str__(self) -> str:
        engine = self.position.engine
        cash = ", ".join(f"{engine.names[s]} {engine.cash[s]} @{engine.position[s]}" for s in range(engine.n))
        d = engine.decision
        waiting = f"{engine.names[d.seat]}: {d.kind}" if d is not None and not engine.over else "over"
        return f"turn {engine.turn}; {cash}; {waiting}"


class TableObserver:
    """What a seat sees (the whole table: nothing is hidden but the order of the piles, which no
    state holds): the RL observation vector and a one-line summary."""

    def __init__(self, game: LandlordsSpielGame) -> None:
        self._encoder = game.encoder
        self.tensor = np.zeros(game.encoder.dim, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LandlordsSpielState, player: int) -> None:
        self.tensor[:] = self._encoder.encode(state.engine, player)

    def string_from(self, state: LandlordsSpielState, player: int) -> str:
        return f"seat {player}: {state}"


def register() -> None:
    """Register the game with OpenSpiel (once; importing :mod:`landlords.spiel` does it)."""
    if SHORT_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(), LandlordsSpielGame)


__all__ = ["LandlordsSpielGame", "LandlordsSpielState", "SHORT_NAME", "register"]
