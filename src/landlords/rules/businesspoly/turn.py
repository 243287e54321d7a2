"""The strict turn: the three-cell jail's roll, the introductory lap, landing after the lap
settlement, and the steps 3.1 and 3.5 in which acts are allowed (000:415-431).
"""

from __future__ import annotations

from ...engine import decision as D
from ...engine import events as E
from ...engine.edition import CARD, GO_TO_JAIL, JAIL
from ...engine.edition import COURT as COURT_SQUARE
from ...engine.errors import Problem
from ...engine.native import mypyc_attr
from .decisions import _STEP_KINDS, COURT, REDEEM
from .events import (
    IntroReroll,
    JailCell,
)
from .lap import LapMixin


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnMixin(LapMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    def _start_turn(self, seat: int) -> None:
        built = self.bp_built
        for i in range(len(built)):  # (zeroed in place: no new list each turn)
            built[i] = 0
        self.bp_lap = -1
        self.bp_lap_amount = -1
        self.bp_card_kind = None
        self.bp_suits = 0
        if self.bp_due:
            self.bp_due = []
        super()._start_turn(seat)
        if self.over:
            return
        p = self.current
        cells = self.bp_jail_cells
        if cells and self.in_jail[p] and self.jail_turns[p] >= cells - 1:
            self._leave_jail(p, "last_cell")  # 000:503 «пешка игрока находится на последней клетке»

    def _finish_move(self) -> None:
        if not self.over and self.extra_roll and self.rules.build_limit_per == "move":
            p = self.current
            if not (self.bankrupt[p] or self.sent_to_jail):
                self.bp_built[p] = 0  # a double's extra move is a new «ход» (B-13)
        super()._finish_move()

    def _roll(self, p: int) -> None:
        jailed = self.in_jail[p]
        if not (jailed and self.bp_jail_cells) and not self.bp_intro[p]:
            super()._roll(p)
            return
        self.stack.pop()  # the pre_roll decision
        self._expire_claims()
        d1, d2 = self.chance.roll(2)
        self.last_roll = (d1, d2)
        self.rolls += 1
        self.speed_face = 0
        self.move_total = d1 + d2
        if self.events is not None:
            self.events.append(E.Rolled(p, (d1, d2), "jail" if jailed else "move"))
        if jailed:  # the three-cell jail (B-9)
            if d1 == d2:
                self._leave_jail(p, "doubles")
                self.extra_roll = self.rules.jail_doubles_extra_roll
                self._move_and_land(p, d1 + d2)
                return
            self.jail_turns[p] += 1
            if self.events is not None:
                self.events.append(JailCell(p, self.jail_turns[p] + 1))
            self._finish_move()
            return
        # the introductory lap: «не действует правило «дубля»» (000:355)
        self.extra_roll = False
        self._move_and_land(p, d1 + d2)

    def _pay_salary(self, p: int, landed: bool) -> None:
        """Reaching Start only marks the lap; it is settled before the square is resolved (000:421,445)."""
        if self.in_jail[p] or (landed and not self.rules.salary_on_landing):
            return
        self.bp_lap = p

    def _land(self, p: int, card_kind: str | None = None) -> bool:
        if self.bp_lap >= 0:  # step 3.3 before step 3.4
            self.bp_card_kind = card_kind
            if not self._settle_lap(self.bp_lap):
                return False  # decisions opened; "bp_land" lands afterwards
            self.bp_card_kind = None
        sq = self.position[p]
        kind = self.t.kind[sq]
        if self.bp_intro[p] and kind in (CARD, GO_TO_JAIL):
            return self._intro_reroll(p, sq)
        if card_kind == "company":
            return self._land_company(p, sq)
        if kind == COURT_SQUARE or (kind == JAIL and self.rules.court_at_jail and not self.in_jail[p]):
            return self._offer_suit(p, lawyer=False)
        return super()._land(p, card_kind)

    def _intro_reroll(self, p: int, sq: int) -> bool:
        """000:447 «попадая на данную клетку игрок снова должен совершить ход вне очереди. Карту не тянет»;
        000:489 «не отправляется в тюрьму, а совершает ещё один ход вне очереди» (B-5)."""
        self._emit(IntroReroll, p, sq)
        d1, d2 = self.chance.roll(2)
        self.last_roll = (d1, d2)
        self.rolls += 1
        self.move_total = d1 + d2
        if self.events is not None:
            self.events.append(E.Rolled(p, (d1, d2), "move"))
        self._move_by(p, d1 + d2)
        return self._land(p)

    def _resume(self, then: str | None) -> None:
        if then is None or self.over:
            return
        if then == "bp_land":
            p = self.current
            card_kind, self.bp_card_kind = self.bp_card_kind, None
            if self._land(p, card_kind):
                self._finish_move()
        elif then == "bp_lap_mortgages":
            if self._lap_mortgages(self.current):
                self._resume("bp_land")
        elif then == "bp_start_done":
            self.bp_start_phase = False
        elif then == "end_turn" and self.bp_start_phase:
            # the first player went bankrupt in the start auction: the auctions go on (the turn passes
            # to the next player once the last is over)
            if not any(d.kind == D.AUCTION for d in self.stack):
                self._next_queued_auction()
        else:
            super()._resume(then)

    # ------------------------------------------------------------ the strict turn (3.1-3.7)
    def _window_problem(
        self, seat: int, timing: str, rule: str, what: str, debt_ok: bool = False
    ) -> Problem | None:
        if timing != "steps":
            return super()._window_problem(seat, timing, rule, what, debt_ok)
        top = self.stack[-1] if self.stack else None
        if top is None:
            return None
        if debt_ok and top.seat == seat and top.kind in (D.DEBT, REDEEM):
            return None  # raising cash from the bank for a payment (000:379,513)
        step = (
            top.seat == self.current
            and top.kind in _STEP_KINDS
            and not (top.kind == COURT and top.data.lawyer)  # card 15 is drawn in step 3.4
        )
        if rule == "trade-timing":  # any party may propose, in the active player's steps 3.1 and 3.5
            if not step:
                return (
                    rule,
                    "{what}: only in steps 3.1 and 3.5 of a turn, never while a payment is owed",
                    {"what": what, "when": "steps"},
                )
            return None
        if not (step and seat == self.current):
            return (rule, "{what}: only in steps 3.1 and 3.5 of your own turn", {"what": what, "when": "steps"})
        return None
