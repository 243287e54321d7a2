"""One discrete action space for every decision of every ruleset, and its mask.

The space is a fixed layout of *families* (see :data:`FIXED`, :func:`ActionCodec.table`): the
answers without parameters, the speed die's Bus moves, a ladder of bids, one slot per square for
each square-parametrised act, and a few trade templates per square. The mask is never a second copy
of the rules: it is built from ``game.legal_actions(seat)`` (each listed act has exactly one slot),
and the slots that stand for several concrete acts (bid ladder, trade templates) are checked one by
one with ``game.is_legal``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import rules as _rules  # noqa: F401  (the variants register their action types on import)
from ..engine import actions as A
from ..engine import decision as D
from ..engine.actions import ACTION_TYPES, Action, Bid, ProposeTrade
from ..engine.dispatch import TABLES
from ..engine.game import Game
from ..engine.trading import Trading

# The variants' own action types are looked up by their JSON name, so that this layer does not
# depend on where a variant module lives.
_VARIANT_TYPES = ("sue", "waive", "settle_mortgage", "sell_lot", "challenge_malina", "refuse_exchange")


def _variant(name: str) -> type[Action] | None:
    return ACTION_TYPES.get(name)


# ---------------------------------------------------------------- the layout
# Answers without a free parameter: (slot name, action type name, field value or None)
FIXED: tuple[tuple[str, str, object], ...] = (
    ("roll", "roll", None),
    ("end_turn", "end_turn", None),
    ("buy", "buy", None),
    ("decline", "decline", None),
    ("pass", "pass", None),
    ("pay_jail_fine", "pay_jail_fine", None),
    ("use_jail_card", "use_jail_card", None),
    ("accept", "accept", None),
    ("reject", "reject", None),
    ("declare_bankruptcy", "declare_bankruptcy", None),
    ("tax_fixed", "choose_tax", False),
    ("tax_percent", "choose_tax", True),
    ("lift_now", "lift_mortgage", True),
    ("lift_later", "lift_mortgage", False),
    ("want_building", "want_building", True),
    ("no_building", "want_building", False),
    ("waive", "waive", None),
    ("redeem_mortgage", "settle_mortgage", True),
    ("surrender_mortgaged", "settle_mortgage", False),
    ("challenge_malina", "challenge_malina", True),
    ("pay_malina", "challenge_malina", False),
    ("refuse_exchange", "refuse_exchange", True),
    ("go_to_exchange", "refuse_exchange", False),
    ("wait", "", None),  # cycle mode only: a seat the game does not wait for
)
WAIT = len(FIXED) - 1
BUS_STEPS = 12  # ChooseMove(1..12)
# Bids: the lowest legal bid, then these fractions of the bidder's means (game.bid_means, at least the lowest bid)
BID_FRACTIONS = (1 / 16, 1 / 8, 1 / 4, 3 / 8, 1 / 2, 3 / 4, 1.0)
# One slot per square for each of these act types (the variants' own among them)
PER_SQUARE = ("build", "sell_building", "mortgage", "unmortgage", "claim_rent", "move_to", "sue", "sell_lot")
# Trade templates, one slot per square (see ActionCodec.template)
TRADE_TEMPLATES = ("buy_at_price", "buy_at_1.5x", "swap_for_lot", "sell_at_1.5x")
# Decision kinds at which a seat may propose a template trade (its own turn, or raising cash)
TRADE_KINDS = frozenset({D.PRE_ROLL, D.POST_ROLL, D.DEBT})

_INT8 = np.dtype(np.int8)
_frombuffer = np.frombuffer


@dataclass(frozen=True)
class Slot:
    index: int
    family: str  # "fixed", "bus", "bid", a PER_SQUARE name, or a TRADE_TEMPLATES name
    name: str
    square: int = -1


class ActionCodec:
    """Maps between actions and slot indexes for a board of ``size`` squares.

    ``mask(game, seat)`` lists what ``seat`` may do now; ``decode(game, seat, index)`` is the
    concrete action of an unmasked slot in the same state.

    Three limits keep an agent out of loops the engine allows (each withholds only acts the engine
    would take; the answers to the pending decision are never withheld):

    * ``max_offers`` trade proposals per seat per turn (an offer refused forever never ends a game);
    * no undoing within a turn: after mortgaging (building on) a square, lifting its mortgage
      (selling a building on it) is withheld for the rest of the turn, and the other way round
      (each such pair only pays the bank);
    * ``max_free_acts`` acts on the seat's own initiative (build, sell, mortgage, lift, sell a lot,
      trade) per seat per turn, once the pending decision has an answer of its own. Three (it was
      twelve): with twelve an untrained policy spends most of its turns mortgaging a lot and lifting
      another one (every lift pays the bank 10%), and a run of the training recipe did not get past
      a few percent against ``baseline`` in 250,000 steps; with three it wins about a third after
      100,000 (issue 32).
    """

    def __init__(self, size: int, max_offers: int = 1, max_free_acts: int = 3) -> None:
        self.size = size
        self.max_offers = max_offers
        self.max_free_acts = max_free_acts
        slots: list[Slot] = []
        for name, _, _ in FIXED:
            slots.append(Slot(len(slots), "fixed", name))
        self.bus0 = len(slots)
        for steps in range(1, BUS_STEPS + 1):
            slots.append(Slot(len(slots), "bus", f"move_{steps}", -1))
        self.bid0 = len(slots)
        slots.append(Slot(len(slots), "bid", "bid_min"))
        for f in BID_FRACTIONS:
            slots.append(Slot(len(slots), "bid", f"bid_{f:.4g}_cash"))
        self.square0: dict[str, int] = {}
        for fam in PER_SQUARE + TRADE_TEMPLATES:
            self.square0[fam] = len(slots)
            for sq in range(size):
                slots.append(Slot(len(slots), fam, f"{fam}[{sq}]", sq))
        self.slots = tuple(slots)
        self.n = len(slots)
        self.trade0 = self.square0[TRADE_TEMPLATES[0]]
        # action type -> how to find its slot
        fixed: dict[tuple[type, object], int] = {}
        for i, (_, tname, value) in enumerate(FIXED):
            cls = ACTION_TYPES.get(tname)
            if cls is not None:
                fixed[(cls, value)] = i
        self._fixed = fixed
        self._fixed_actions: list[Action | None] = []
        for _, tname, value in FIXED:
            cls = ACTION_TYPES.get(tname)
            if cls is None:
                self._fixed_actions.append(None)
            else:
                self._fixed_actions.append(cls() if value is None else cls(value))  # type: ignore[call-arg]
        self._square_types: dict[type, int] = {}
        for fam in PER_SQUARE:
            cls = ACTION_TYPES.get(fam)
            if cls is not None:
                self._square_types[cls] = self.square0[fam]
        self._square_cls = {self.square0[fam]: ACTION_TYPES.get(fam) for fam in PER_SQUARE}
        self._first_square = self.square0[PER_SQUARE[0]]
        self._square_actions: list[Action | None] = [None] * (self.trade0 - self._first_square)
        self._bool_field = {cls: dataclasses.fields(cls)[0].name for (cls, value) in fixed if value is not None}
        self.offers: dict[tuple[int, int], int] = {}  # (seat, turn) -> proposals made
        self.free_acts: dict[tuple[int, int], int] = {}  # (seat, turn) -> own-initiative acts
        self.undo: dict[tuple[int, int], set[int]] = {}  # (seat, turn) -> slots withheld as undoing
        base = self.square0
        self._inverse = {
            base["build"]: base["sell_building"],
            base["sell_building"]: base["build"],
            base["mortgage"]: base["unmortgage"],
            base["unmortgage"]: base["mortgage"],
        }
        # the slot ranges of the acts on a seat's own initiative
        self._free_ranges = [
            (base[f], base[f] + size) for f in ("build", "sell_building", "mortgage", "unmortgage", "sell_lot")
        ] + [(self.trade0, self.n)]
        free = bytearray(self.n)
        for lo, hi in self._free_ranges:
            free[lo:hi] = b"\x01" * (hi - lo)
        self._free = bytes(free)  # 1 at the slots of the acts on a seat's own initiative
        # the slot of each action type without a parameter (the others: see index)
        self._fixed_types = {cls: i for (cls, value), i in fixed.items() if value is None}
        self._mask_game: Game | None = None  # the last mask's game, (acts applied, seat) and slots
        self._mask_key = (-1, -1)
        self._mask_slots: list[int] = []
        self._template_cache: dict[int, tuple[Any, ...]] = {}  # seat -> (game, owners, bankrupt, templates)

    # ------------------------------------------------------------ single actions
    def index(self, action: Action) -> int:
        """The slot of a listed legal action (``Bid`` is the lowest bid's slot); KeyError if the
        space has no slot for it."""
        cls = type(action)
        base = self._square_types.get(cls)
        if base is not None:
            return base + int(action.square)  # type: ignore[attr-defined]
        field = self._bool_field.get(cls)
        if field is not None:
            return self._fixed[(cls, getattr(action, field))]
        if cls is Bid:
            return self.bid0
        if cls is A.ChooseMove:
            return self.bus0 + int(action.steps) - 1  # type: ignore[attr-defined]
        return self._fixed[(cls, None)]

    def bid_amounts(self, game: Game, seat: int) -> list[int]:
        """The amounts of the bid slots now: the lowest legal bid, then fractions of the seat's
        means (its cash; in Бизнесполия, whose bids may exceed one's cash, what it could raise)."""
        a = game.decision.data  # type: ignore[union-attr]
        low = max(a.min_bid, a.high_bid + 1)
        means = game.bid_means(seat)
        return [low] + [max(low, int(means * f)) for f in BID_FRACTIONS]

    def template(self, game: Game, seat: int, family: str, sq: int) -> ProposeTrade | None:
        """The trade a template slot stands for, or None when it names nobody.

        * ``buy_at_price`` / ``buy_at_1.5x``: take ``sq`` from its owner for 1x / 1.5x its price;
        * ``swap_for_lot``: take ``sq``, give the lot of mine that the owner needs most (the one of
          whose group the owner holds the most lots; then the dearest);
        * ``sell_at_1.5x``: give my ``sq`` for 1.5x its price to the player holding the most lots of
          its group (then the next seat).
        Only lots that advance a group are offered: I hold another lot of ``sq``'s group (buying,
        swapping), or the buyer does (selling).
        """
        t = game.t
        o = game.owner[sq]
        g = t.group_of[sq]
        holdings = game.holdings
        if family == "sell_at_1.5x":
            if o != seat:
                return None
            best, best_held = -1, 0
            for k in range(1, game.n):
                q = (seat + k) % game.n
                if not game.bankrupt[q] and holdings[q][g] > best_held:
                    best, best_held = q, holdings[q][g]
            if best < 0:
                return None
            return ProposeTrade(best, give_properties=(sq,), take_cash=t.price[sq] * 3 // 2)
        if o < 0 or o == seat or not holdings[seat][g]:
            return None
        if family == "buy_at_price":
            return ProposeTrade(o, take_properties=(sq,), give_cash=t.price[sq])
        if family == "buy_at_1.5x":
            return ProposeTrade(o, take_properties=(sq,), give_cash=t.price[sq] * 3 // 2)
        lot = self._swap_lot(game, seat, o, g)
        if lot < 0:
            return None
        return ProposeTrade(o, give_properties=(lot,), take_properties=(sq,))

    @staticmethod
    def _swap_lot(game: Game, seat: int, partner: int, not_group: int) -> int:
        """My lot that ``partner`` needs most: of the group where it holds most lots, the dearest."""
        t, owner, theirs = game.t, game.owner, game.holdings[partner]
        best_lot, best_key = -1, (0, 0)
        for lot in t.properties:
            if owner[lot] != seat:
                continue
            g = t.group_of[lot]
            if g == not_group or not theirs[g]:
                continue
            key = (theirs[g], t.price[lot])
            if key > best_key:
                best_lot, best_key = lot, key
        return best_lot

    # ------------------------------------------------------------ mask and decode
    def mask(self, game: Game, seat: int) -> np.ndarray:
        """0/1 per slot: what ``seat`` may do now (a fresh int8 array).

        Computed once per decision: the engine changes state only by applying an act (which grows
        ``game.actions``), and the limits change only when an applied act is noted, so a second
        call in the same state answers from the first one's slots."""
        d = game.decision
        if d is None or game.over:
            return np.zeros(self.n, dtype=np.int8)
        key = (len(game.actions), seat)
        if game is self._mask_game and key == self._mask_key:
            slots = self._mask_slots
        else:
            slots = self._unmasked(game, seat, d)
            self._mask_game, self._mask_key, self._mask_slots = game, key, slots
        # a fresh bytearray seen as int8: setting a few bytes is cheaper than numpy's item writes
        buf = bytearray(self.n)
        for i in slots:
            buf[i] = 1
        return _frombuffer(buf, _INT8)

    def _unmasked(self, game: Game, seat: int, d: D.Decision) -> list[int]:  # noqa: C901 - a branch per decision kind (compiled hot path)
        """The unmasked slots: the engine's legal acts (one slot each), the ladder's bids and the
        templates' trades the engine accepts, less what the limits withhold."""
        square_types, fixed, index = self._square_types, self._fixed_types, self.index
        slots: list[int] = []
        add = slots.append
        for action in game.legal_actions(seat):
            cls = type(action)
            base = square_types.get(cls)
            if base is not None:
                add(base + action.square)  # type: ignore[attr-defined]
            else:
                i = fixed.get(cls)
                add(index(action) if i is None else i)
        if d.seat == seat:
            kind = d.kind
            if kind == D.AUCTION:
                if self.bid0 in slots:
                    amounts = self.bid_amounts(game, seat)
                    checked: dict[int, bool] = {amounts[0]: True}
                    for i in range(1, len(amounts)):
                        amount = amounts[i]
                        ok = checked.get(amount)
                        if ok is None:
                            ok = checked[amount] = game.is_legal(seat, Bid(amount))
                        if ok:
                            add(self.bid0 + i)
            elif kind in TRADE_KINDS and self.offers.get((seat, game.turn), 0) < self.max_offers:
                templates = self._template_list(game, seat)
                # asked only when some template names somebody: if no offer at all may be made
                # now, every template would be refused alike
                if templates and game.may_propose_trade(seat):
                    is_legal = game.is_legal
                    cash = game.cash if _classic_trade_check(type(game)) else None
                    for i, trade, payer, amount in templates:
                        if cash is not None and cash[payer] < amount:
                            continue  # the classic check refuses an offer its payer cannot pay
                        if is_legal(seat, trade):
                            add(i)
        key = (seat, game.turn)
        undo = self.undo.get(key)
        capped = self.free_acts.get(key, 0) >= self.max_free_acts
        if (undo or capped) and d.kind not in (D.PLACE_BUILDING, "building_loan"):
            kept = [i for i in slots if i not in undo] if undo else slots
            if capped and d.seat == seat and game.decision_actions():
                free = self._free
                kept = [i for i in kept if not free[i]]
            if kept:  # never leave a seat without a move
                return kept
        return slots

    def _template_list(self, game: Game, seat: int) -> list[tuple[int, ProposeTrade, int, int]]:
        """:meth:`_templates` as a list, kept while the owners (and the seats still in) stay the
        same: the templates depend on nothing else."""
        cached = self._template_cache.get(seat)
        if cached is not None and cached[0] is game and cached[1] == game.owner and cached[2] == game.bankrupt:
            listed: list[tuple[int, ProposeTrade, int, int]] = cached[3]
            return listed
        found = list(self._templates(game, seat))
        self._template_cache[seat] = (game, list(game.owner), list(game.bankrupt), found)
        return found

    def withheld(self, game: Game, seat: int, action: Action) -> bool:
        """Whether a legal ``action`` is masked by one of the limits (see the class docstring)."""
        if type(action) is ProposeTrade:
            return self.offers.get((seat, game.turn), 0) >= self.max_offers
        d = game.decision
        if d is None or d.kind in (D.PLACE_BUILDING, "building_loan"):
            return False
        key = (seat, game.turn)
        i = self.index(action)
        if i in self.undo.get(key, ()):
            return True
        capped = self.free_acts.get(key, 0) >= self.max_free_acts and d.seat == seat
        return capped and bool(self._free[i]) and bool(game.decision_actions())

    def _templates(self, game: Game, seat: int) -> Iterable[tuple[int, ProposeTrade, int, int]]:
        """The template trades that name somebody now (see :meth:`template`): (slot, trade, the
        seat that pays cash in it, the amount; ``seat`` and 0 for a swap)."""
        t, owner, holdings = game.t, game.owner, game.holdings
        mine = holdings[seat]
        group_of, price, size, base = t.group_of, t.price, self.size, self.trade0
        n, bankrupt = game.n, game.bankrupt
        swaps: dict[int, int] = {}
        for sq in t.properties:
            o = owner[sq]
            if o < 0:
                continue
            g = group_of[sq]
            if o == seat:
                best, best_held = -1, 0
                for k in range(1, n):
                    q = (seat + k) % n
                    if not bankrupt[q] and holdings[q][g] > best_held:
                        best, best_held = q, holdings[q][g]
                if best >= 0:
                    dear = price[sq] * 3 // 2
                    yield (
                        base + 3 * size + sq,
                        ProposeTrade(best, give_properties=(sq,), take_cash=dear),
                        best,
                        dear,
                    )
            elif mine[g]:
                dear = price[sq] * 3 // 2
                yield base + sq, ProposeTrade(o, take_properties=(sq,), give_cash=price[sq]), seat, price[sq]
                yield base + size + sq, ProposeTrade(o, take_properties=(sq,), give_cash=dear), seat, dear
                key = o * 1000 + g
                lot = swaps.get(key)
                if lot is None:
                    lot = swaps[key] = self._swap_lot(game, seat, o, g)
                if lot >= 0:
                    swap = ProposeTrade(o, give_properties=(lot,), take_properties=(sq,))
                    yield base + 2 * size + sq, swap, seat, 0

    def decode(self, game: Game, seat: int, index: int) -> Action | None:
        """The action of slot ``index`` for ``seat`` in the current state (unchecked: step the game
        with it and the engine refuses what is not legal); ``None`` for ``wait``."""
        if not 0 <= index < self.n:
            raise ValueError(f"action {index} is outside the action space (0..{self.n - 1})")
        if index < self.bus0:
            if index == WAIT:
                return None
            action = self._fixed_actions[index]
            if action is None:
                raise ValueError(f"action {index} ({self.slots[index].name}) is not known to this game")
            return action
        if index < self.bid0:
            return A.ChooseMove(index - self.bus0 + 1)
        if index < self.square0[PER_SQUARE[0]]:
            d = game.decision
            if d is None or d.kind != D.AUCTION:
                raise ValueError(f"action {index} ({self.slots[index].name}): no auction is open")
            return Bid(self.bid_amounts(game, seat)[index - self.bid0])
        if index < self.trade0:
            action = self._square_actions[index - self._first_square]
            if action is None:
                fam_index, sq = divmod(index - self._first_square, self.size)
                cls = self._square_cls[self._first_square + fam_index * self.size]
                if cls is None:
                    raise ValueError(f"action {index} ({self.slots[index].name}) is not known to this game")
                action = self._square_actions[index - self._first_square] = cls(sq)  # type: ignore[call-arg]
            return action  # acts are frozen: one object per slot serves every game
        k, sq = divmod(index - self.trade0, self.size)
        trade = self.template(game, seat, TRADE_TEMPLATES[k], sq)
        if trade is None:
            raise ValueError(f"action {index} ({self.slots[index].name}) names no trade now")
        return trade

    def note_applied(self, seat: int, turn: int, kind: str, action: Action) -> None:
        """Count an act chosen at ``turn`` and decision ``kind`` against the per-turn limits (call
        once it was applied)."""
        key = (seat, turn)
        cls = type(action)
        if cls is ProposeTrade:
            self.offers[key] = self.offers.get(key, 0) + 1
            self.free_acts[key] = self.free_acts.get(key, 0) + 1
        elif cls in self._square_types:
            if kind in (D.PLACE_BUILDING, "building_loan"):
                return
            i = self.index(action)
            inverse = self._inverse.get(i - action.square)  # type: ignore[attr-defined]
            if inverse is not None:
                self.undo.setdefault(key, set()).add(inverse + action.square)  # type: ignore[attr-defined]
            if self._free[i]:
                self.free_acts[key] = self.free_acts.get(key, 0) + 1
        else:
            return
        if len(self.free_acts) > 64:  # keep only recent turns
            for table in (self.offers, self.free_acts, self.undo):
                for k in [k for k in table if k[1] < turn - 1]:
                    del table[k]

    def copy(self) -> ActionCodec:
        """A codec with the same per-turn counts, for a copy of the game (a search tree's node); its
        caches start empty."""
        other = ActionCodec(self.size, self.max_offers, self.max_free_acts)  # (a compiled class has no copy.copy)
        other.offers, other.free_acts = dict(self.offers), dict(self.free_acts)
        other.undo = {k: set(v) for k, v in self.undo.items()}
        return other

    def reset(self) -> None:
        self._mask_game = None
        self._template_cache.clear()
        self.offers.clear()
        self.free_acts.clear()
        self.undo.clear()


_CLASSIC_CHECK: dict[type, bool] = {}


def _classic_trade_check(cls: type) -> bool:
    """Whether games of ``cls`` check a ``ProposeTrade`` with the classic engine's code, which
    refuses an offer whose payer lacks the cash (``Trading._offer_problem``): then the mask need not
    ask the engine about the template trades nobody can pay (most of those refused). A variant
    with its own trade check (businesspoly's deals) is asked about every template."""
    known = _CLASSIC_CHECK.get(cls)
    if known is None:
        known = all(
            next((k for k in cls.__mro__ if name in k.__dict__), None) is Trading
            for name in ("_problem_trade", "_trade_problem", "_offer_problem")
        )
        table = TABLES.get(cls)
        handler = table.by_type.get(ProposeTrade) if table is not None else None
        known = known and handler is not None and handler.check is Trading._problem_trade  # noqa: SLF001 - which check it is, not a call
        _CLASSIC_CHECK[cls] = known
    return known


def action_names(codec: ActionCodec) -> list[str]:
    return [s.name for s in codec.slots]


__all__ = [
    "ActionCodec",
    "WAIT",
    "Slot",
    "FIXED",
    "BID_FRACTIONS",
    "PER_SQUARE",
    "TRADE_TEMPLATES",
    "action_names",
]
