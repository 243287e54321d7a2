"""The game class of «Одесская Монополия»: its state, worth, legal actions and continuations; the rules
themselves are the layers below it (rules/odessa/base.py)."""

from __future__ import annotations

from typing import Any

from ...engine import decision as D
from ...engine.actions import (
    ROLL,
    USE_JAIL_CARD,
    LiftMortgage,
)
from ...engine.decision import Decision
from ...engine.edition import RAILROAD
from ...engine.game import Game
from ...engine.native import mypyc_attr
from .actions import ChallengeMalina, RefuseExchange
from .exchange import ExchangeMixin
from .seed import (
    ARTELS_MAX,
    COOP,
    EXCHANGE_REFUSAL,
    EXCHANGE_TRIES,
    FIRST_GUILD,
    MALINA_VISIT,
    MORTGAGE_LAP,
    SECOND_GUILD,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class OdessaGame(ExchangeMixin):
    """A game of «Одесская Монополия»: the classic engine with the hooks above overridden."""

    turn_continuations = Game.turn_continuations | {"exchange_move"}
    handler_names = {  # noqa: RUF012 - a ClassVar, declared on Game (engine/game.py)
        **Game.handler_names,
        ChallengeMalina: ("_problem_challenge", "_do_challenge"),
        RefuseExchange: ("_problem_refusal", "_do_refusal"),
    }
    decision_kinds = Game.decision_kinds | {MALINA_VISIT, EXCHANGE_REFUSAL, MORTGAGE_LAP}
    continuations = Game.continuations | {"exchange_move"}

    def position_problem(self, d: Decision) -> str | None:
        if d.kind in (MALINA_VISIT, MORTGAGE_LAP) and (d.square < 0 or not self.t.is_property[d.square]):
            return f"a {d.kind} decision is about a pai or a malina"
        if d.kind == EXCHANGE_REFUSAL and not isinstance(d.data, str):
            return "the refusal decision carries its reason"
        return super().position_problem(d)

    def variant_violations(self) -> list[str]:
        if any(g not in (0, SECOND_GUILD, FIRST_GUILD) for g in self.guild) or self.exchange_steps < 0:
            return ["a guild is 0, the second or the first; the exchange's steps are not negative"]
        if any(not 0 <= sq < self.size or steps < 0 for laps in self.lap_steps for sq, steps in laps.items()):
            return ["a mortgage lap counts squares advanced (not negative) for squares of the board"]
        out = []
        t, level = self.t, self.level
        for sq in t.streets:
            lv = level[sq]
            if lv not in (0, 1, 2, 3, COOP):
                out.append(f"pai {sq} has building level {lv} (0-3 artels or a cooperative)")
            if lv == COOP and any(level[m] < ARTELS_MAX for m in t.members[sq]):
                out.append(f"a cooperative on {sq} without three artels on every pai of the group")
        lap = self.rules.mortgage_term != "none"
        for sq in range(self.size):
            o = self.owner[sq]
            held = [p for p in range(self.n) if sq in self.lap_steps[p]]
            want = [o] if lap and o >= 0 and self.mortgaged[sq] else []
            if held != want:
                out.append(f"lap of mortgaged square {sq} kept for {held}, expected {want}")
            if self.lap_paid[sq] and not self.mortgaged[sq]:
                out.append(f"square {sq} is marked as kept for another lap but is not mortgaged")
            if self.mortgaged[sq] and t.kind[sq] == RAILROAD and not self.rules.railroads_mortgageable:
                out.append(f"malina {sq} is mortgaged")
        for p in range(self.n):
            if self.guild[p] not in (0, SECOND_GUILD, FIRST_GUILD):
                out.append(f"seat {p} has an unknown guild {self.guild[p]}")
            if self.in_jail[p] and self.position[p] != t.jail:
                out.append(f"seat {p} is at the exchange but its token is not")
            if self.jail_turns[p] > EXCHANGE_TRIES:
                out.append(f"seat {p} has tried the exchange {self.jail_turns[p]} times")
        return out

    def _building_count(self, sq: int) -> int:
        """Artels and cooperatives on ``sq`` (a cooperative stands over its three artels)."""
        lv = self.level[sq]
        return ARTELS_MAX + 1 if lv == COOP else lv

    def lot_value(self, sq: int) -> int:
        lv = self.level[sq]
        if lv == COOP:
            return self.hotel_value(sq) + ARTELS_MAX * self.building_value(sq)
        return lv * self.building_value(sq)

    def total_worth(self, seat: int) -> int:
        t = self.t
        total = self.cash[seat]
        for sq in t.properties:
            if self.owner[sq] == seat:
                total += t.price[sq] + self._building_count(sq) * t.house_cost[sq]
        return total

    def net_worth(self, seat: int) -> int:
        if self.bankrupt[seat]:
            return 0
        t = self.t
        total = self.cash[seat]
        for sq in t.properties:
            if self.owner[sq] == seat:
                total += t.mortgage[sq] if self.mortgaged[sq] else t.price[sq]
                total += self._building_count(sq) * t.house_cost[sq]
        return total

    # ------------------------------------------------------------ legal actions
    def _decision_actions(self, d: Decision) -> Any:
        kind, seat = d.kind, d.seat
        if kind == D.PRE_ROLL:
            yield ROLL
            if self.in_jail[seat] and self.jail_cards[seat] and self.rules.jail_card_use == "to_leave":
                yield USE_JAIL_CARD
        elif kind == MALINA_VISIT:
            yield ChallengeMalina(True)
            yield ChallengeMalina(False)
        elif kind == EXCHANGE_REFUSAL:
            if self.jail_cards[seat]:  # (it may have been sold while the question waited)
                yield RefuseExchange(True)
            yield RefuseExchange(False)
        elif kind == MORTGAGE_LAP or kind == D.MORTGAGE_TRANSFER:
            # a pai lifted or passed on while the question waited: either answer closes it
            if self._stale(seat, d.square) or self.cash[seat] >= self._lift_now_cost(d):
                yield LiftMortgage(True)
            yield LiftMortgage(False)
        else:
            yield from super()._decision_actions(d)

    # ------------------------------------------------------------ continuations
    def _resume(self, then: str | None) -> None:
        if then == "exchange_move":
            if not self.over:
                self._exchange_move(self.current)
            return
        super()._resume(then)

    def _finish_move(self) -> None:
        if self.over:
            return
        if self.stack and self.stack[-1].kind == EXCHANGE_REFUSAL:
            return  # the refusal decision ends the turn once it is answered
        p = self.current
        steps = self.lap_steps[p]
        if steps and not self.bankrupt[p]:
            size = self.size
            due: list[int] = []
            for sq, n in steps.items():  # (a loop, not sorted() of a generator: no list when none is due)
                if n >= size:
                    due.append(sq)
            if due:  # a mortgaged pai's lap is over: lift it or pay for another lap (O-8)
                due.sort()
                self._push_chain([Decision(MORTGAGE_LAP, p, sq) for sq in due], "land_done")
                return
        super()._finish_move()
