"""The expert: the advisor's play, improved by search over sampled futures where a choice matters.

At a decision that matters (buy or not, how far to bid, answer a trade, leave jail or stay, build,
mortgage or lift, propose a trade or not, and every variant's own decision with a few answers),
the expert lists its candidate acts from the engine's legal acts (the answers to the pending
decision; the advisor's own proposal; once a round a trader's offer; for an auction, bid limits
checked against the engine), plays each candidate on in the same sampled futures, and takes the
advisor's act unless another beats it by more than the noise (the paired differences' standard
error, and at least :data:`MARGIN`). Every other decision (raising cash for a debt, income tax,
routine moves) is the advisor's.

A sampled future (a *playout*): the position copied without its history, with what a player cannot
know drawn again from the search's own generator: new dice, and every card pile reshuffled from its
cards in a fixed order (the real order is never read, nor the game's generator). Candidate ``k`` of
sample ``i`` sees the same dice and piles as every other candidate of sample ``i`` (common random
numbers). Every seat is then played by the advisor (the fast playout policy) for at most
``horizon`` turns of two players, that is ``horizon / 2`` rounds whatever the number of players (see
:meth:`ExpertBot.budget`); a playout scores 1 for a win, 0 for a loss, and when it stops at the
horizon the seat's share of the players' wealth (net worth plus :data:`ROUNDS_AHEAD` rounds of the
rent its holdings earn at the exact landing odds).

Budget: ``playouts`` in all per decision with two players in play, proportionally more with more
(split among the candidates, at least ``min_each`` each), so a decision is deterministic for a seed
and a budget; ``seconds`` (0: none) also stops a search between samples, which a table with a clock
asks for. Memory: the search keeps the position without
its history and one playout at a time.

The expert says why it chose (:attr:`ExpertBot.last`): each candidate's mean score over the same
samples, and the chosen act's margin over the advisor's own choice.
"""

from __future__ import annotations

import copy
import hashlib
import math
import time
from dataclasses import dataclass, field
from typing import Any

from ..engine import decision as D
from ..engine.actions import (
    END_TURN,
    PASS,
    ROLL,
    Action,
    Bid,
    Build,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    Unmortgage,
)
from ..engine.dice import Chance
from ..engine.game import Game
from .advisor import AdvisorBot
from .trader import TraderBot
from .valuation import board_odds

# the decisions answered by the advisor's rules, never searched
ROUTINE = frozenset({D.DEBT, D.INCOME_TAX})
# own-turn acts the advisor may propose that the search weighs against just playing on
WEIGHED = (Build, Mortgage, Unmortgage, ProposeTrade, SellBuilding)
MAX_CANDIDATES = 6
BID_SHARES = (0.5, 0.8, 1.0, 1.3, 1.7)  # auction limits tried, as shares of the lot's printed price
MAX_REMEMBERED = 256  # auction limits remembered (a long-lived bot forgets the oldest)
FOLLOW = -1  # an auction's remembered limit: bid as the advisor does
MARGIN = 0.01  # a score's gain over the advisor's act that is never taken for noise
ROUNDS_AHEAD = 8  # rounds of rent a holding is worth beyond a playout's horizon (its score)
PAIR = 2  # players the budget and horizon are set for; more in play scale both up (ExpertBot.budget)
MOST = 4  # ... up to this many (a search's cost grows with the square: at most 4 times two players')


def mix(*parts: int) -> int:
    """A 63-bit seed from integers (stable across processes and runs)."""
    text = "/".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def detached(game: Game) -> Game:
    """A copy of ``game`` to search from: no history, no events, no generator of the real game's
    (a placeholder one), rent claimed for every seat, no end-of-turn prompt."""
    memo: dict[int, Any] = {
        id(game.edition): game.edition,
        id(game.t): game.t,
        id(game.rules): game.rules,
        id(game.chance): Chance(0),
        id(game.actions): [],
    }
    if game.events is not None:
        memo[id(game.events)] = None
    root: Game = copy.deepcopy(game, memo)
    root.setup = {}
    root.auto_claim = [True] * root.n
    root.end_turn_prompt = False
    return root


def sampled(root: Game, seed: int) -> Game:
    """A playout's start: ``root`` copied with new dice from ``seed`` and every card pile
    reshuffled from its cards in sorted order (the real order is never read)."""
    chance = Chance(seed)
    game = root.clone(chance)
    game.seed = seed
    rng = chance.rng
    for pile in game.decks.values():
        cards = sorted(pile)
        rng.shuffle(cards)
        pile.clear()
        pile.extend(cards)
    return game


def score(game: Game, seat: int) -> float:
    """1 for a win, 0 for a loss; at the horizon, ``seat``'s share of the players' wealth: net
    worth plus the rent its unmortgaged holdings earn in :data:`ROUNDS_AHEAD` rounds of the others'
    turns at the exact landing odds (so a built monopoly counts for what it will earn)."""
    if game.over:
        return 1.0 if game.winner == seat else 0.0
    if game.bankrupt[seat]:
        return 0.0
    rate = board_odds(game).rate
    others = ROUNDS_AHEAD * (len(game.alive()) - 1)
    wealth = [0.0] * game.n
    for p in range(game.n):
        if not game.bankrupt[p]:
            wealth[p] = max(0, game.net_worth(p))
    owner, mortgaged = game.owner, game.mortgaged
    for sq in game.t.properties:
        p = owner[sq]
        if p >= 0 and not mortgaged[sq] and not game.bankrupt[p]:
            wealth[p] += others * rate[sq] * game.rent_for(sq, 7)
    total = sum(wealth)
    return wealth[seat] / total if total > 0 else 0.0


@dataclass(frozen=True)
class Weighed:
    """One candidate of a search: the act, its mean score over the samples, and how many."""

    act: Action
    mean: float
    samples: int


@dataclass(frozen=True)
class Reason:
    """Why the expert chose: the decision, the candidates weighed (best first), the act the advisor
    would have taken and the chosen act's margin over it (a share of the score: win chances)."""

    kind: str
    seat: int
    turn: int
    chosen: Action
    advisor: Action
    candidates: tuple[Weighed, ...]
    playouts: int

    @property
    def margin(self) -> float:
        """The chosen act's mean score minus the advisor's act's (0 when they are the same)."""
        by_act = {w.act: w.mean for w in self.candidates}
        return by_act.get(self.chosen, 0.0) - by_act.get(self.advisor, by_act.get(self.chosen, 0.0))

    def as_dict(self) -> dict[str, Any]:
        """The reason as JSON: the acts in the engine's JSON form, the scores rounded."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "turn": self.turn,
            "chosen": self.chosen.to_json(),
            "advisor": self.advisor.to_json(),
            "margin": round(self.margin, 4),
            "playouts": self.playouts,
            "candidates": [
                {"act": w.act.to_json(), "win": round(w.mean, 4), "samples": w.samples} for w in self.candidates
            ],
        }


class _AuctionLimit:
    """A playout's policy for the searching seat: the advisor's, except in the auction searched,
    where it bids the lowest legal amount up to ``limit`` (0: passes)."""

    def __init__(self, base: AdvisorBot, turn: int, square: int, limit: int) -> None:
        self.base, self.turn, self.square, self.limit = base, turn, square, limit

    def act(self, game: Game, d: D.Decision) -> Action:
        if d.kind == D.AUCTION and game.turn == self.turn and d.data.square == self.square:
            return _limit_bid(game, d, self.limit)
        return self.base.act(game, d)


def _limit_bid(game: Game, d: D.Decision, limit: int) -> Action:
    """The lowest legal bid if it is within ``limit``, else a pass."""
    a: D.AuctionState = d.data
    low = max(a.min_bid, a.high_bid + 1)
    if low <= limit and game.cash[d.seat] >= low:
        bid = Bid(low)
        if game.is_legal(d.seat, bid):
            return bid
    return PASS


@dataclass
class ExpertBot:
    """Searches the choices that matter over sampled futures; the advisor's rules for the rest."""

    playouts: int = 96  # playouts per searched decision, all candidates together (two players in play)
    horizon: int = 48  # turns a playout is played before it is scored (two players in play)
    min_each: int = 8  # playouts per candidate at least
    seconds: float = 0.0  # also stop a search after this long (0: never; then deterministic)
    seed: int | None = None
    name: str = "expert"
    searches = True  # a server runs its acts off the event loop, with ``seconds`` set from the clock
    last: Reason | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.base = AdvisorBot()
        self._trader = TraderBot(trade_every=1)
        self._offer_round: tuple[int, int, int] = (0, 0, 0)
        self._offered: set[tuple[Any, ...]] = set()
        self._limits: dict[tuple[int, int, int, int], int] = {}  # (game, turn, square, seat) -> bid limit
        self._seed = 0 if self.seed is None else int(self.seed)

    # ------------------------------------------------------------ the one entry point
    def act(self, game: Game, d: D.Decision) -> Action:
        proposal = self.base.act(game, d)
        kind = d.kind
        if kind in ROUTINE:
            return proposal
        if kind == D.AUCTION:
            return self._auction(game, d, proposal)
        candidates = self._candidates(game, d, proposal)
        if len(candidates) < 2:
            return proposal
        return self._search(game, d, candidates, proposal)

    # ------------------------------------------------------------ candidates
    def _candidates(self, game: Game, d: D.Decision, proposal: Action) -> list[Action]:
        """The acts weighed: the answers the engine lists for the decision, with the advisor's
        proposal first; on the seat's own turn, a proposal of the advisor's against playing on."""
        answers = _unique(game.decision_actions())
        if d.kind in (D.PRE_ROLL, D.POST_ROLL):
            on = ROLL if d.kind == D.PRE_ROLL else END_TURN
            if d.kind == D.PRE_ROLL and game.in_jail[d.seat] and len(answers) > 1:
                return _unique([proposal, *answers])[:MAX_CANDIDATES]
            offers = self._offers(game, d.seat) if d.kind == D.PRE_ROLL and on in answers else []
            if offers and (proposal == on or isinstance(proposal, ProposeTrade)):
                return _unique([proposal, *offers, on])[:MAX_CANDIDATES]
            if isinstance(proposal, WEIGHED) and on in answers:
                return [proposal, on]
            return [proposal]
        return _unique([proposal, *answers])[:MAX_CANDIDATES]

    def _offers(self, game: Game, seat: int) -> list[Action]:
        """Trade offers worth weighing, once a round: the trader's (multi-item offers that complete
        a group), where the engine takes them; none made before on the same board."""
        key = (id(game), game.round, seat)
        if self._offer_round == key:
            return []
        self._offer_round = key
        offer = self._trader._trade_offer(game, seat)  # noqa: SLF001 - the building block strategies share (bots/strategy.py)
        if offer is None or not game.is_legal(seat, offer):
            return []
        board = (offer, tuple(game.owner), tuple(game.mortgaged), tuple(game.level))
        if board in self._offered:
            return []
        if len(self._offered) >= MAX_REMEMBERED:
            self._offered.clear()
        self._offered.add(board)
        return [offer]

    def _auction(self, game: Game, d: D.Decision, proposal: Action) -> Action:
        """Bid up to the limit the search found best for this auction (searched once an auction;
        the advisor's own bidding is a candidate too, and the default)."""
        a: D.AuctionState = d.data
        key = (id(game), game.turn, a.square, d.seat)
        limit = self._limits.get(key)
        if limit is None:
            if a.item != "property":
                return proposal
            limits = self._bid_limits(game, d)
            if not limits:
                return proposal
            acts: list[Action] = [proposal, *(Bid(x) for x in limits)]
            if proposal != PASS:
                acts.insert(1, PASS)
            chosen = self._search(game, d, acts, proposal, auction=True)
            limit = FOLLOW if chosen is proposal else chosen.amount if isinstance(chosen, Bid) else 0
            if len(self._limits) >= MAX_REMEMBERED:
                self._limits.clear()
            self._limits[key] = limit
        if limit == FOLLOW:
            return proposal
        return _limit_bid(game, d, limit)

    def _bid_limits(self, game: Game, d: D.Decision) -> list[int]:
        """Limits worth trying: shares of the printed price, from the lowest legal bid up to the cash."""
        a: D.AuctionState = d.data
        low = max(a.min_bid, a.high_bid + 1)
        cash = game.cash[d.seat]
        if low > cash or not game.is_legal(d.seat, Bid(low)):
            return []
        price = game.t.price[a.square]
        found = sorted({min(cash, max(low, int(price * s))) for s in BID_SHARES})
        return found[: MAX_CANDIDATES - 2]

    # ------------------------------------------------------------ the search
    def budget(self, game: Game) -> tuple[int, int]:
        """The playouts and the horizon (in turns) of a search in ``game``. ``playouts`` and
        ``horizon`` are set for :data:`PAIR` players; with more in play (not bankrupt) both grow in
        proportion. A turn is one player's, so a fixed horizon would look half as many rounds ahead
        with four players as with two (12 instead of 24 by default), and score a decision mostly by
        the wealth proxy before the others' monopolies pay: counted in rounds, every player count
        looks as far. A playout of more players also carries more of their dice, so its score is
        noisier: the samples grow with them. A search's cost grows with the square of the players,
        so they are counted up to :data:`MOST` (4 times the cost of 2 players', well inside the
        second; 8 players would take 16 times)."""
        players = min(MOST, max(PAIR, len(game.alive())))
        return self.playouts * players // PAIR, self.horizon * players // PAIR

    def _search(
        self, game: Game, d: D.Decision, acts: list[Action], proposal: Action, auction: bool = False
    ) -> Action:
        """The act of ``acts`` with the best mean score over common sampled futures; ``acts[0]``
        (the advisor's) unless another beats it by more than its noise (the paired differences'
        standard error, at least :data:`MARGIN`)."""
        seat = d.seat
        root = detached(game)
        budget, horizon = self.budget(game)
        each = max(self.min_each, budget // len(acts))
        scores: list[list[float]] = [[] for _ in acts]
        start = time.perf_counter()
        where = mix(self._seed, game.turn, len(game.actions), seat)
        for i in range(each):
            sample = mix(where, i)
            for k, act in enumerate(acts):
                limit = -2 if not auction or k == 0 else act.amount if isinstance(act, Bid) else 0
                scores[k].append(self._playout(root, sample, seat, act, limit, d, horizon))
            if self.seconds > 0 and time.perf_counter() - start > self.seconds:
                break
        done = len(scores[0])
        means = [sum(x) / done for x in scores]
        best = 0
        for k in range(1, len(acts)):
            if means[k] > means[best] and _beats(scores[k], scores[0]):
                best = k
        order = sorted(range(len(acts)), key=lambda k: (-means[k], k))
        self.last = Reason(
            d.kind, seat, game.turn, acts[best], proposal,
            tuple(Weighed(acts[k], means[k], done) for k in order), done * len(acts),
        )  # fmt: skip
        return acts[best]

    def _playout(
        self, root: Game, sample: int, seat: int, act: Action, limit: int, d: D.Decision, horizon: int
    ) -> float:
        """One sampled future after ``act`` (an auction's candidate: bids up to ``limit``; -2: not
        an auction's limit), played by the advisors to the horizon, scored for ``seat``."""
        game = sampled(root, sample)
        bots: list[Any] = [AdvisorBot() for _ in range(game.n)]
        if limit >= -1:
            bots[seat] = _AuctionLimit(bots[seat], game.turn, d.data.square, limit)
            act = _limit_bid(game, d, limit)
        game.apply(seat, act)
        stop = game.turn + horizon
        stack = game.stack
        while not game.over and game.turn <= stop:
            nd = stack[-1]
            game.apply(nd.seat, bots[nd.seat].act(game, nd))
        return score(game, seat)


def _beats(mine: list[float], base: list[float]) -> bool:
    """Whether ``mine`` beats ``base`` on the same samples by more than the noise: the mean paired
    difference above its standard error and above :data:`MARGIN`."""
    n = len(mine)
    diffs = [a - b for a, b in zip(mine, base, strict=True)]
    mean = sum(diffs) / n
    if n < 2:
        return mean > MARGIN
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean > max(MARGIN, math.sqrt(var / n))


def explain(game: Game, seed: int = 1, playouts: int = 96) -> Reason | None:
    """Why the expert would choose what it would for the decision pending in ``game`` (None when it
    does not search that decision: a routine one, or a single sensible act)."""
    d = game.decision
    if d is None:
        return None
    bot = ExpertBot(playouts=playouts, seed=seed)
    bot.act(game, d)
    return bot.last


def _unique(acts: list[Action]) -> list[Action]:
    out: list[Action] = []
    for a in acts:
        if a not in out:
            out.append(a)
    return out
