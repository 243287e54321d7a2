"""The observation: one float32 vector per seat, seen from that seat.

Seats are rotated so that the observer is always seat 0 of the vector, then the others in playing
order. Money is scaled by the ruleset's starting cash. The per-square block (the bulk of it) is
rebuilt only when ownership, buildings, mortgages or tokens changed since the observer's last look
(a list comparison is much cheaper than the numpy work), so most steps copy a cached block.
See :func:`layout` for the named parts (docs/learning.md's table is made from it).
"""

from __future__ import annotations

from array import array
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from ..engine import decision as D
from ..engine.game import Game

# Every decision kind of every ruleset (the variants' own by name, so that this layer does not
# depend on where a variant module lives). An unknown kind raises: add it here.
DECISION_KINDS: tuple[str, ...] = D.DECISION_KINDS + (
    "court",
    "building_loan",
    "redeem",
    "deal_response",
    "malina_visit",
    "exchange_refusal",
    "mortgage_lap",
)
VARIANTS = ("classic", "businesspoly", "odessa")
TIMINGS = ("any", "before_roll", "around_roll", "steps")

SEAT_FEATURES = (
    "alive",
    "cash",
    "property_value",
    "position",
    "in_jail",
    "jail_turns",
    "jail_cards",
    "deciding",
    "current",
)
SQUARE_FEATURES = (
    "owned_by_me",
    "owned_by_other",
    "owner_offset",
    "level",
    "mortgaged",
    "my_token",
    "other_tokens",
    "decision_square",
    "offer_gives_me",
    "offer_takes_from_me",
)
DECISION_FEATURES = (
    "high_bid",
    "lowest_bid",
    "i_lead_auction",
    "auction_item_building",
    "debt_amount",
    "offer_cash_to_me",
    "offer_cash_from_me",
    "square_price",
    "square_rent_base",
)
GLOBAL_FEATURES = (
    "turn_progress",
    "doubles",
    "last_roll",
    "bank_houses",
    "bank_hotels",
    "pot",
    "speed_face",
    "extra_roll",
)
RULE_FEATURES = (
    *(f"variant_{v}" for v in VARIANTS),
    "auctions",
    "even_building",
    "rent_automatic",
    "free_parking_pot",
    "speed_die",
    *(f"build_timing_{t}" for t in TIMINGS),
    *(f"trade_timing_{t}" for t in TIMINGS),
    "seats",
    "starting_cash",
    "salary",
)


def layout(n_seats: int, size: int) -> list[tuple[str, int, int, str]]:
    """The parts of the vector: (name, offset, length, what each entry is)."""
    parts = [
        (
            "seats",
            n_seats * len(SEAT_FEATURES),
            "per seat (me first, then in playing order): " + ", ".join(SEAT_FEATURES),
        ),
        ("squares", size * len(SQUARE_FEATURES), "per square (by index): " + ", ".join(SQUARE_FEATURES)),
        ("decision_kind", len(DECISION_KINDS), "one-hot: " + ", ".join(DECISION_KINDS)),
        ("decision", len(DECISION_FEATURES), ", ".join(DECISION_FEATURES)),
        ("global", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES)),
        ("rules", len(RULE_FEATURES), ", ".join(RULE_FEATURES)),
    ]
    out, offset = [], 0
    for name, length, what in parts:
        out.append((name, offset, length, what))
        offset += length
    return out


class ObservationEncoder:
    """Builds observations for the seats of games played on one board with one seat count."""

    def __init__(self, n_seats: int, size: int, turn_cap: int = 1000) -> None:
        self.n = n_seats
        self.size = size
        self.turn_cap = max(1, turn_cap)
        parts = {name: (off, length) for name, off, length, _ in layout(n_seats, size)}
        self.parts = parts
        self.dim = sum(length for _, length in parts.values())
        self.kind_index = {k: i for i, k in enumerate(DECISION_KINDS)}
        self._game: Game | None = None
        # the decision's kind, its parameters and the game's features lie side by side: one list
        self._tail0 = parts["decision_kind"][0]
        assert parts["decision"][0] == self._tail0 + len(DECISION_KINDS)
        self._dec0 = len(DECISION_KINDS)  # offsets inside the tail
        self._glob0 = self._dec0 + len(DECISION_FEATURES)
        self._blank_tail = [0.0] * (self._glob0 + len(GLOBAL_FEATURES))
        self._dead_row = [0.0] * len(SEAT_FEATURES)

    # ------------------------------------------------------------ per game
    def _bind(self, game: Game) -> None:
        """Set up the constant parts for a new game."""
        self._game = game
        self._cache: list[tuple[Any, ...] | None] = [None] * self.n
        self._marks: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]  # (square, column) set
        self._rows: list[list[float] | None] = [None] * self.n  # the seats' part and the tail as last written
        self._tails: list[list[float] | None] = [None] * self.n
        self._bufs = [np.zeros(self.dim, dtype=np.float32) for _ in range(self.n)]
        # the buffers written through flat memoryviews: setting an item or a slice of one costs a
        # fraction of numpy's indexing (the float32 values stored are the same)
        self._views = [b.data.cast("B").cast("f") for b in self._bufs]
        self._sq0 = self.parts["squares"][0]
        t, r = game.t, game.rules
        self.scale = float(max(1, r.starting_cash))
        self.price = np.asarray(t.price, dtype=np.float32)
        self.house_cost = np.asarray(t.house_cost, dtype=np.float32)
        self.mortgage_value = np.asarray(t.mortgage, dtype=np.float32)
        self.price_l = list(t.price)
        self.mortgage_l = list(t.mortgage)
        self.house_l = list(t.house_cost)
        self.squares = range(t.size)
        # float32 like the buffer, so that adding it in float64 and storing rounds as numpy's float32 sum
        self._other_token = float(np.float32(1.0 / max(1, self.n - 1)))
        self._houses, self._hotels = max(1, r.houses), max(1, r.hotels)
        self.rent0 = [rent[0] if rent else 0 for rent in t.rent]
        rules = np.zeros(len(RULE_FEATURES), dtype=np.float32)
        values = {
            f"variant_{r.variant}": 1.0,
            "auctions": float(r.auctions),
            "even_building": float(r.even_building),
            "rent_automatic": float(r.rent_claim == "automatic" or all(game.auto_claim)),
            "free_parking_pot": float(r.free_parking_pot),
            "speed_die": float(r.speed_die),
            f"build_timing_{r.build_timing}": 1.0,
            f"trade_timing_{r.trade_timing}": 1.0,
            "seats": game.n / 8.0,
            "starting_cash": r.starting_cash / 1500.0,
            "salary": r.salary / self.scale,
        }
        for i, name in enumerate(RULE_FEATURES):
            rules[i] = values.get(name, 0.0)
        self.rules_vec = rules
        off, length = self.parts["rules"]
        for b in self._bufs:
            b[off : off + length] = rules

    # ------------------------------------------------------------ the vector
    def encode(self, game: Game, seat: int) -> np.ndarray:  # noqa: C901 - the observation's features, a block each (compiled hot path)
        """The observation of ``seat`` (a fresh float32 array of length :attr:`dim`).

        Each seat keeps its own buffer: the per-square block is written only where the owners,
        buildings or mortgages changed since this seat's last look; the tokens' and the decision's
        marks, the seats' part and the tail (the decision's and the game's parts, which lie side by
        side) are built as plain lists and written only when they differ from the last look's."""
        if game is not self._game:
            self._bind(game)
        n, size, scale = self.n, self.size, self.scale
        buf = self._bufs[seat]
        view = self._views[seat]
        sq0, width = self._sq0, len(SQUARE_FEATURES)
        owner_l, level_l, mort_l, pos_l = game.owner, game.level, game.mortgaged, game.position

        # ---- squares and property values: only the squares that changed since this seat's last look
        cached = self._cache[seat]
        if cached is None:
            cached = self._cache[seat] = ([-2] * size, [-1] * size, [None] * size, [0] * n)
        prev_owner, prev_level, prev_mort, values = cached
        changed: list[int] = []
        for now, before in ((owner_l, prev_owner), (level_l, prev_level), (mort_l, prev_mort)):
            if now != before:  # usually one or two squares: found without touching the others
                found = list(compress(self.squares, map(ne, now, before)))
                changed = found if not changed else sorted(set(changed).union(found))
        if changed:
            spread = max(1, n - 1)
            price, mortgage_value, house_cost = self.price_l, self.mortgage_l, self.house_l
            for sq in changed:
                o, lv, mg, po, pl, pm = (
                    owner_l[sq],
                    level_l[sq],
                    mort_l[sq],
                    prev_owner[sq],
                    prev_level[sq],
                    prev_mort[sq],
                )
                if po >= 0:
                    values[po] -= (mortgage_value[sq] if pm else price[sq]) + pl * house_cost[sq]
                if o >= 0:
                    values[o] += (mortgage_value[sq] if mg else price[sq]) + lv * house_cost[sq]
                prev_owner[sq], prev_level[sq], prev_mort[sq] = o, lv, mg
                other = o >= 0 and o != seat
                i = sq0 + sq * width
                view[i : i + 5] = array(
                    "f", (o == seat, other, ((o - seat) % n) / spread if other else 0.0, lv / 5.0, mg)
                )

        # ---- the marks: tokens, the decision's square, the offer's lots (listed here, written below)
        marks: list[tuple[int, int]] = []
        mark = marks.append
        bankrupt = game.bankrupt
        for p in range(n):
            if not bankrupt[p]:
                mark((pos_l[p], 5 if p == seat else 6))

        # ---- the seats, me first
        d = game.decision
        cash, in_jail, jail_turns, jail_cards = game.cash, game.in_jail, game.jail_turns, game.jail_cards
        deciding = d.seat if d is not None else -1
        current = game.current
        row: list[float] = []
        for k in range(n):
            p = (seat + k) % n
            if bankrupt[p]:
                row += self._dead_row
            else:
                row += (
                    1.0,
                    cash[p] / scale,
                    values[p] / scale,
                    pos_l[p] / size,
                    in_jail[p],
                    jail_turns[p] / 3.0,
                    len(jail_cards[p]),
                    p == deciding,
                    p == current,
                )
        if row != self._rows[seat]:  # comparing lists is cheaper than writing them
            view[: len(row)] = array("f", row)
            self._rows[seat] = row

        # ---- the decision's kind and parameters, then the game's
        tail = self._blank_tail.copy()
        if d is not None:
            tail[self.kind_index[d.kind]] = 1.0
            dec = self._dec0
            sq = d.square
            data = d.data
            if 0 <= sq < size:
                mark((sq, 7))
                tail[dec + 7] = self.price_l[sq] / scale
                tail[dec + 8] = self.rent0[sq] / scale
            cls = type(data)
            if cls is D.AuctionState:
                tail[dec] = data.high_bid / scale
                tail[dec + 1] = max(data.min_bid, data.high_bid + 1) / scale
                tail[dec + 2] = data.high_bidder == seat
                tail[dec + 3] = data.item != "property"
                if 0 <= data.square < size:
                    mark((data.square, 7))
                    tail[dec + 7] = self.price_l[data.square] / scale
            elif cls is D.Debt:
                tail[dec + 4] = data.amount / scale
            elif cls is D.Trade:
                gives, takes = data.give_properties, data.take_properties
                cash_in, cash_out = data.give_cash, data.take_cash
                if data.proposer == seat:  # my own offer, seen from my side
                    gives, takes, cash_in, cash_out = takes, gives, cash_out, cash_in
                for s in gives:
                    mark((s, 8))
                for s in takes:
                    mark((s, 9))
                tail[dec + 5] = cash_in / scale
                tail[dec + 6] = cash_out / scale
            elif data is not None and hasattr(data, "properties") and hasattr(data, "cash"):  # a deal
                for s, to in data.properties:
                    col = 8 if to == seat else 9 if owner_l[s] == seat else 0
                    if col:
                        mark((s, col))
                for frm, to, amount in data.cash:
                    if to == seat:
                        tail[dec + 5] += amount / scale
                    elif frm == seat:
                        tail[dec + 6] += amount / scale
        tail[self._glob0 :] = (
            min(1.0, game.turn / self.turn_cap),
            game.doubles / 3.0,
            sum(game.last_roll) / 12.0,
            game.bank_houses / self._houses,
            game.bank_hotels / self._hotels,
            game.pot / scale,
            game.speed_face / 6.0,
            game.extra_roll,
        )
        if tail != self._tails[seat]:
            view[self._tail0 : self._tail0 + len(tail)] = array("f", tail)
            self._tails[seat] = tail

        # ---- the marks written, unless they are the last look's (the same list: the same values)
        old_marks = self._marks[seat]
        if marks != old_marks:
            for sq, col in old_marks:
                view[sq0 + sq * width + col] = 0.0
            other_token = self._other_token
            for sq, col in marks:
                i = sq0 + sq * width + col
                view[i] = view[i] + other_token if col == 6 else 1.0
            self._marks[seat] = marks
        return buf.copy()


__all__ = ["ObservationEncoder", "DECISION_KINDS", "layout"]
