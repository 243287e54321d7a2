"""Turn flow: rolling, moving, salary, jail, landing on squares, taxes, cards, rent claims.

A layer of :class:`landlords.engine.game.Game` (the layers: engine/core.py); it uses the state
that ``Game.__init__`` sets up and the layers below it.
"""

from __future__ import annotations

from typing import ClassVar

from . import decision as D
from . import events as E
from .actions import (
    ChooseMove,
    ChooseTax,
    ClaimRent,
    EndTurn,
    MoveTo,
    PayJailFine,
    Roll,
    UseJailCard,
)
from .bankruptcy import Bankruptcy
from .decision import Debt, Decision, RentClaim
from .dice import BUS, MR_MONOPOLY, SPEED_FACES
from .edition import (
    CARD,
    FREE_PARKING,
    GO_TO_JAIL,
    RAILROAD,
    STREET,
    TAX,
    UTILITY,
    Card,
)
from .errors import Problem
from .events import BANK, POT
from .native import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnFlow(Bankruptcy):
    # the card effects _apply_card carries out; a variant that carries out more extends the set, and a
    # game refuses an edition whose decks need others (Game._init_decks)
    card_effects: ClassVar[frozenset[str]] = frozenset(
        {
            "advance_to",
            "advance_to_nearest",
            "move_by",
            "back_to",
            "go_to_jail",
            "collect",
            "pay",
            "pay_each",
            "collect_from_each",
            "repairs",
            "jail_free",
        }
    )

    # continuations that carry on the current player's move or turn (void once that player is bankrupt);
    # a variant adds its own

    # ------------------------------------------------------------ turn flow
    def _start_turn(self, seat: int) -> None:
        while self.bankrupt[seat] or self.skip_next[seat]:  # the game is not over: someone plays
            if not self.bankrupt[seat]:
                self.skip_next[seat] = False
                self._emit(E.TurnSkipped, seat, "free_parking")
            seat = self.next_seat(seat)
            if seat == self.first_seat:
                self.round += 1
        limit = self._turn_limit
        if limit is not None and self.round >= limit:
            self.current = seat
            self._finish_by_net_worth("turn_limit")
            return
        self.current = seat
        self.turn += 1
        if self.builds_this_turn:
            self.builds_this_turn.clear()
        self.mr_monopoly_pending = False
        self.doubles = 0
        self.extra_roll = False
        self.sent_to_jail = False
        if self.events is not None:
            self.events.append(E.TurnStarted(seat, self.turn))
        self._push(Decision(D.PRE_ROLL, seat))

    def _end_turn(self) -> None:
        if self.over:
            return
        # drop whatever turn decisions of the current player remain
        if self.stack:
            self.stack[:] = [d for d in self.stack if d.kind not in (D.PRE_ROLL, D.POST_ROLL)]
        if self.stack:  # an unrelated interrupt is still open (cannot normally happen)
            return
        nxt = self.next_seat(self.current)
        if nxt == self.first_seat:
            self.round += 1
        self._start_turn(nxt)

    def _finish_move(self) -> None:
        """The square is resolved: Mr. Monopoly's advance, then roll again after a double, or
        wait for the end of the turn."""
        if self.over:
            return
        p = self.current
        if self.bankrupt[p] or self.sent_to_jail:
            self.mr_monopoly_pending = False
            self._end_turn()
            return
        if self.mr_monopoly_pending:
            self.mr_monopoly_pending = False
            if self._mr_monopoly(p):
                self._finish_move()
            return
        if self.extra_roll:
            self._push(Decision(D.PRE_ROLL, p))
        elif self.end_turn_prompt:
            self._push(Decision(D.POST_ROLL, p))
        else:
            self._end_turn()

    def _roll(self, p: int) -> None:
        self.stack.pop()  # the pre_roll decision
        if self.claims:
            self._expire_claims()
        rules = self.rules
        jailed = self.in_jail[p]
        speed = self._speed_die and self.passed_go[p] and not jailed
        dice = self.chance.roll(3 if speed else 2, self._dice_sides)
        d1, d2 = dice[0], dice[1]
        self.last_roll = (d1, d2)
        self.rolls += 1
        double = d1 == d2
        if self.events is not None:
            self.events.append(E.Rolled(p, dice, "jail" if jailed else "move"))
        face = SPEED_FACES[dice[2]] if speed else 0
        self.speed_face = face
        self.move_total = d1 + d2 + (face if face <= 3 else 0)
        if jailed:
            if double:
                self._leave_jail(p, "doubles")
                self.extra_roll = rules.jail_doubles_extra_roll
                self._move_and_land(p, d1 + d2)
                return
            self.jail_turns[p] += 1
            if self.jail_turns[p] >= rules.jail_max_turns:
                if self._charge(p, [(self._bank_payee(), rules.jail_fine)], "jail_fine", "jail_move"):
                    self._leave_jail(p, "forced_fine")
                    self._move_and_land(p, d1 + d2)
                return
            self._finish_move()
            return
        if speed and double and face <= 3 and face == d1:  # triples: go anywhere, and the turn ends there
            self.extra_roll = False
            self._push(Decision(D.TRIPLES, p))
            return
        if double:
            self._count_double(p)
            if self._doubles_to_jail and self.doubles >= self._doubles_to_jail:
                self._send_to_jail(p, "doubles")
                self._end_turn()
                return
        self.extra_roll = double and self._doubles_extra_roll
        if face == BUS:
            self._push(Decision(D.BUS, p, data=(d1, d2)))
            return
        if face == MR_MONOPOLY:
            self.mr_monopoly_pending = True
        self._move_and_land(p, self.move_total)

    def _mr_monopoly(self, p: int) -> bool:
        """Advance to the next unowned property, else to the next unmortgaged one an opponent owns
        (reference: the speed die). False if a decision was opened."""
        t, owner = self.t, self.owner
        start = self.position[p]
        target = -1
        for want_unowned in (True, False):
            for step in range(1, self.size):
                sq = (start + step) % self.size
                if not t.is_property[sq]:
                    continue
                o = owner[sq]
                if (o < 0) if want_unowned else (o >= 0 and o != p and not self.mortgaged[sq]):
                    target = sq
                    break
            if target >= 0:
                break
        if target < 0:
            return True
        self._emit(E.SpeedDieMoved, p, "mr_monopoly", target)
        self._move_to(p, target)
        return self._land(p)

    def _move_and_land(self, p: int, steps: int) -> None:
        self._move_by(p, steps)
        if self._land(p):
            self._finish_move()

    def _move_by(self, p: int, steps: int) -> None:
        start = self.position[p]
        total = start + steps
        end = total % self.size
        self.position[p] = end
        passed = steps > 0 and total >= self.size
        if passed:
            self.passed_go[p] = True
        if self.events is not None:
            self.events.append(E.Moved(p, start, end, passed))
        if passed:
            self._pay_salary(p, landed=end == self.t.go)

    def _move_to(self, p: int, target: int) -> None:
        """Forward to ``target`` (card moves): salary if GO is passed or reached."""
        start = self.position[p]
        steps = (target - start) % self.size
        if steps == 0:
            steps = self.size if target == self.t.go else 0
        self._move_by(p, steps)

    def _pay_salary(self, p: int, landed: bool) -> None:
        rules = self.rules
        if self.in_jail[p]:
            return
        if landed and not rules.salary_on_landing:
            return
        amount = rules.salary * (2 if landed and rules.double_salary_on_go else 1)
        self._transfer(BANK, p, amount, "salary")

    def _count_double(self, p: int) -> None:
        """A double on a movement roll (a variant hooks titles here: odessa's guilds, 003:125-127)."""
        self.doubles += 1

    def _send_to_jail(self, p: int, reason: str) -> None:
        self.position[p] = self.t.jail
        self.in_jail[p] = True
        self.jail_turns[p] = 0
        self.doubles = 0
        self.extra_roll = False
        if p == self.current:
            self.sent_to_jail = True
        if self.events is not None:
            self.events.append(E.Jailed(p, reason))

    def _leave_jail(self, p: int, how: str) -> None:
        self.in_jail[p] = False
        self.jail_turns[p] = 0
        if self.events is not None:
            self.events.append(E.LeftJail(p, how))

    # ------------------------------------------------------------ landing
    def _land(self, p: int, card_kind: str | None = None) -> bool:  # noqa: C901 - one case per kind of square, on every move (compiled)
        """Resolve the square ``p`` stands on. False if a decision was opened (it resumes later)."""
        sq = self.position[p]
        kind = self.t.kind[sq]
        if kind == STREET or kind == RAILROAD or kind == UTILITY:
            owner = self.owner[sq]
            if owner < 0:
                self._push(Decision(D.BUY, p, sq, then="land_done"))
                return False
            if owner == p or self.mortgaged[sq]:
                return True
            if self._no_rent_owner_in_jail and self.in_jail[owner]:
                return True
            dice_total = self.move_total
            if kind == UTILITY and (
                self.rules.utility_dice == "reroll"
                or (card_kind == UTILITY and self.rules.card_utility_rent != "movement_roll")
            ):
                dice = self.chance.roll(2, self._dice_sides)
                if self.events is not None:
                    self.events.append(E.Rolled(p, dice, "utility"))
                dice_total = dice[0] + dice[1]
            amount = self.rent_for(sq, dice_total, card_kind)
            if amount <= 0:
                return True
            if self._rent_claim_automatic or self.auto_claim[owner]:
                if self.cash[p] >= amount:  # paid at once, as _charge would, without building its creditor list
                    self._transfer(p, owner, amount, "rent", sq)
                    return True
                return self._charge(p, [(owner, amount)], "rent", "land_done", sq)
            self.claims.append(RentClaim(owner, p, sq, amount, self.turn))
            if self.events is not None:
                self.events.append(E.RentOwed(owner, p, sq, amount))
            return True
        if kind == CARD:
            return self._draw(p, self.t.deck_of[sq])
        if kind == TAX:
            return self._tax(p, sq)
        if kind == GO_TO_JAIL:
            self._send_to_jail(p, "square")
            return True
        if kind == FREE_PARKING:
            if self.rules.free_parking_pot and self.pot > 0:
                self._transfer(POT, p, self.pot, "pot")
            if self.rules.free_parking == "skip_turn":
                if self.extra_roll and p == self.current:
                    self.extra_roll = False  # the skipped move is the double's extra roll
                else:
                    self.skip_next[p] = True
            return True
        return True  # GO, jail (just visiting)

    def _tax_amount(self, sq: int) -> int:
        square = self.edition.squares[sq]
        if square.tax_kind == "income" and self.rules.income_tax is not None:
            return self.rules.income_tax
        if square.tax_kind == "luxury" and self.rules.luxury_tax is not None:
            return self.rules.luxury_tax
        return square.tax

    def _tax(self, p: int, sq: int) -> bool:
        square = self.edition.squares[sq]
        if square.tax_kind == "income" and self.rules.income_tax_choice != "none":
            self._push(Decision(D.INCOME_TAX, p, sq, then="land_done"))
            return False
        return self._charge(p, [(self._bank_payee(), self._tax_amount(sq))], "tax", "land_done", sq)

    def _draw(self, p: int, deck_id: str | None) -> bool:
        if deck_id is None or deck_id not in self.decks:
            return True
        pile = self.decks[deck_id]
        if not pile:  # every card of the deck is a kept jail card
            return True
        self.chance.draw(deck_id)
        index = pile.popleft()
        card = self.edition.decks[deck_id].cards[index]
        if self.events is not None:
            self.events.append(E.DrewCard(p, deck_id, card.id, card.text))
        if card.effect == "jail_free":
            self.jail_cards[p].append(deck_id)
            return True
        pile.append(index)  # to the bottom of its deck
        return self._apply_card(p, card)

    def _apply_card(self, p: int, card: Card) -> bool:  # noqa: C901 - one case per card effect (compiled)
        """Carry out a drawn card (already back at the bottom of its deck); variants add effects.
        False if a decision was opened (it resumes later)."""
        effect, args = card.effect, card.args
        if effect == "advance_to":
            self._move_to(p, int(args["square"]))
            return self._land(p)
        if effect == "advance_to_nearest":
            kind = str(args["kind"])
            target = self.t.next_of_kind[kind][self.position[p]]
            if target < 0:
                return True
            self._move_to(p, target)
            return self._land(p, card_kind=kind)
        if effect == "move_by":
            steps = int(args["steps"])
            if steps >= 0:
                self._move_by(p, steps)
            else:
                start = self.position[p]
                self.position[p] = (start + steps) % self.size
                if self.events is not None:
                    self.events.append(E.Moved(p, start, self.position[p], False))
            return self._land(p)
        if effect == "back_to":  # backwards to a square: never a salary (kids-london K-2)
            start = self.position[p]
            self.position[p] = int(args["square"])
            if self.events is not None:
                self.events.append(E.Moved(p, start, self.position[p], False))
            return self._land(p)
        if effect == "go_to_jail":
            self._send_to_jail(p, "card")
            return True
        if effect == "collect":
            self._transfer(BANK, p, int(args["amount"]), "card")
            return True
        if effect == "pay":
            return self._charge(p, [(self._bank_payee(), int(args["amount"]))], "card", "land_done")
        if effect == "pay_each":
            others = [q for q in self.alive() if q != p]
            if not others:
                return True
            amount = int(args["amount"])
            return self._charge(p, [(q, amount) for q in others], "card", "land_done")
        if effect == "collect_from_each":
            amount = int(args["amount"])
            debtors = []
            for q in self.alive():
                if q == p:
                    continue
                if self.cash[q] >= amount:
                    self._transfer(q, p, amount, "card")
                else:
                    debtors.append(q)
            if not debtors:
                return True
            self._push_chain([Decision(D.DEBT, q, -1, Debt([(p, amount)], "card")) for q in debtors], "land_done")
            for q in debtors:
                self._emit(E.DebtIncurred, q, amount, p)
            return False
        if effect == "repairs":
            houses, hotels = self.buildings_of(p)
            amount = houses * int(args["per_house"]) + hotels * int(args["per_hotel"])
            if amount == 0:
                return True
            return self._charge(p, [(self._bank_payee(), amount)], "card", "land_done")
        raise AssertionError(f"unknown card effect {effect!r}")  # pragma: no cover

    def _expire_claims(self) -> None:
        if not self.claims:
            return
        keep = []
        for c in self.claims:
            if c.turn < self.turn:
                self._emit(E.RentForfeited, c.owner, c.payer, c.square, c.amount)
            else:
                keep.append(c)
        self.claims = keep

    # --- roll / end turn / jail
    def _problem_roll(self, seat: int, a: Roll) -> Problem | None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != D.PRE_ROLL or top.seat != seat:  # (the common case is one test)
            return self._expect_problem(seat, D.PRE_ROLL, "rolling")
        return None

    def _do_roll(self, seat: int, a: Roll) -> None:
        self._roll(seat)

    def _problem_end_turn(self, seat: int, a: EndTurn) -> Problem | None:
        return self._expect_problem(seat, D.POST_ROLL, "ending the turn")

    def _do_end_turn(self, seat: int, a: EndTurn) -> None:
        self._end_turn()

    def _problem_pay_fine(self, seat: int, a: PayJailFine) -> Problem | None:
        why = self._expect_problem(seat, D.PRE_ROLL, "paying the jail fine")
        if why is not None:
            return why
        if not self.in_jail[seat]:
            return ("jail-fine-only-in-jail", "you are not in jail", {})
        if self.cash[seat] < self.rules.jail_fine:
            return (
                "cash",
                "this costs {cost}; you have {cash}",
                {"cost": self.rules.jail_fine, "cash": self.cash[seat]},
            )
        return None

    def _do_pay_fine(self, seat: int, a: PayJailFine) -> None:
        self._transfer(seat, self._bank_payee(), self.rules.jail_fine, "jail_fine")
        self._leave_jail(seat, "fine")

    def _problem_use_card(self, seat: int, a: UseJailCard) -> Problem | None:
        why = self._expect_problem(seat, D.PRE_ROLL, "using a jail card")
        if why is not None:
            return why
        if not self.in_jail[seat]:
            return ("jail-card-only-in-jail", "you are not in jail", {})
        if not self.jail_cards[seat]:
            return ("no-jail-card", "you have no Get Out of Jail Free card", {})
        return None

    def _do_use_card(self, seat: int, a: UseJailCard) -> None:
        deck = self.jail_cards[seat].pop(0)
        self._return_jail_card(deck)
        self._emit(E.JailCardTransferred, deck, seat, -1)
        self._leave_jail(seat, "card")

    # --- rent claims
    def _problem_claim(self, seat: int, a: ClaimRent) -> Problem | None:
        if self.bankrupt[seat]:
            return self._alive_problem(seat)
        for c in self.claims:
            if c.owner == seat and c.square == a.square:
                return None
        return (
            "rent-claim-window",
            "no rent to claim there: rent must be claimed before the next player rolls",
            {},
        )

    def _do_claim(self, seat: int, a: ClaimRent) -> None:
        claim = next(c for c in self.claims if c.owner == seat and c.square == a.square)
        self.claims.remove(claim)
        self._charge(claim.payer, [(seat, claim.amount)], "rent", None, claim.square)

    # --- taxes, mortgage transfers, shortage answers
    def _problem_tax(self, seat: int, a: ChooseTax) -> Problem | None:
        return self._expect_problem(seat, D.INCOME_TAX, "choosing the income tax")

    def income_tax_percentage(self, seat: int) -> int:
        """The percentage reading of the income tax: of cash (000:67) or of total worth (002:65)."""
        rules = self.rules
        base = self.cash[seat] if rules.income_tax_choice == "cash" else self.total_worth(seat)
        return base * rules.income_tax_percent // 100

    def _do_tax(self, seat: int, a: ChooseTax) -> None:
        d = self.stack.pop()
        rules = self.rules
        amount = self.income_tax_percentage(seat) if a.percent else rules.income_tax_alternative
        if self._charge(seat, [(self._bank_payee(), amount)], "tax", d.then, d.square):
            self._resume(d.then)

    # --- the speed die's choices
    def _problem_choose_move(self, seat: int, a: ChooseMove) -> Problem | None:
        why = self._expect_problem(seat, D.BUS, "choosing the Bus move")
        if why is not None:
            return why
        d1, d2 = self.stack[-1].data
        if a.steps not in (d1, d2, d1 + d2):
            return (
                "bus-move",
                "the Bus moves you {a}, {b} or {total} squares",
                {"a": d1, "b": d2, "total": d1 + d2},
            )
        return None

    def _do_choose_move(self, seat: int, a: ChooseMove) -> None:
        self.stack.pop()
        self._emit(E.SpeedDieMoved, seat, "bus", (self.position[seat] + a.steps) % self.size)
        self._move_and_land(seat, a.steps)

    def _problem_move_to(self, seat: int, a: MoveTo) -> Problem | None:
        return self._expect_problem(seat, D.TRIPLES, "moving after triples")  # any square (its FIELDS)

    def _do_move_to(self, seat: int, a: MoveTo) -> None:
        self.stack.pop()
        self._emit(E.SpeedDieMoved, seat, "triples", a.square)
        self._move_to(seat, a.square)
        if self._land(seat):
            self._finish_move()
