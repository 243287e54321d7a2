"""The deck «Извещение» (000:521-589): the card effects not in the classic game."""

from __future__ import annotations

from ...engine import events as E
from ...engine.decision import Decision
from ...engine.edition import UTILITY, Card
from ...engine.events import BANK
from ...engine.native import mypyc_attr
from .decisions import BUILDING_LOAN
from .events import (
    CasinoPlayed,
    InsurancePaid,
)
from .offices import OfficesMixin


@mypyc_attr(allow_interpreted_subclasses=True)
class CardsMixin(OfficesMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ the deck «Извещение» (000:521-589)
    def _card_payment(self, p: int, amount: int, insured: bool) -> bool:
        if amount <= 0:
            return True
        if insured and self.rules.card_insurance:  # «остальное доплатит страховая компания» (B-23)
            paid = min(amount, self.cash[p])
            self._transfer(p, self._bank_payee(), paid, "card")
            if amount > paid:
                self._emit(InsurancePaid, p, amount - paid)
            return True
        return self._charge(p, [(self._bank_payee(), amount)], "card", "land_done")

    def _percent_of_cash(self, p: int, percent: int) -> int:
        value = self.cash[p] * percent
        if self.rules.card_percent_rounding == "nearest":
            return (value + 50) // 100
        return value // 100

    def _apply_card(self, p: int, card: Card) -> bool:  # noqa: C901 - a branch per card effect of the variant
        effect, args = card.effect, card.args
        cash = self.cash
        if effect == "begging" or effect == "collect_from_each_able":
            if effect == "begging" and cash[p] >= int(args["below"]):
                return True
            amount = int(args["amount"])
            for q in self.alive():
                if q != p and cash[q] >= amount:
                    self._transfer(q, p, amount, "card")
            return True
        if effect == "pay_per_thousand":
            return self._card_payment(p, int(args["amount"]) * (cash[p] // 1000), insured=False)
        if effect == "pay_percent":
            if cash[p] <= int(args["above"]):
                return True
            return self._card_payment(p, self._percent_of_cash(p, int(args["percent"])), insured=False)
        if effect == "double_cash_below":
            if cash[p] < int(args["below"]):
                self._transfer(BANK, p, cash[p], "card")
            return True
        if effect == "collect_if_below":
            if cash[p] < int(args["below"]):
                self._transfer(BANK, p, int(args["amount"]), "card")
            return True
        if effect == "collect_if_no_buildings":
            if not any(self.level[sq] for sq in self.t.streets if self.owner[sq] == p):
                self._transfer(BANK, p, int(args["amount"]), "card")
            return True
        if effect == "collect_and_go_to_jail":
            self._transfer(BANK, p, int(args["amount"]), "card")
            self._send_to_jail(p, "card")
            return True
        if effect == "pay_insured":
            return self._card_payment(p, int(args["amount"]), insured=True)
        if effect == "casino":
            d1, d2 = self.chance.roll(2)
            amount = int(args["multiplier"]) * (d1 + d2)
            self._emit(CasinoPlayed, p, (d1, d2), amount, d1 == d2)
            if d1 == d2:  # not a movement double (REC, section 3.1)
                self._transfer(BANK, p, amount, "card")
                return True
            return self._card_payment(p, amount, insured=True)
        if effect == "collect_and_move":
            self._transfer(BANK, p, int(args["amount"]), "card")
            steps = int(args["steps"])
            if steps >= 0:
                self._move_by(p, steps)
            else:  # backwards: never a lap (section 3.1, cards 19-21)
                start = self.position[p]
                self.position[p] = (start + steps) % self.size
                self._emit(E.Moved, p, start, self.position[p], False)
            return self._land(p)
        if effect == "nearest_company":
            kind = str(args["kind"])
            target = self.t.next_of_kind[kind][self.position[p]]
            if target < 0:
                return True
            self.bp_lap_amount = int(args["lap_amount"])
            self.bp_company_dice = int(args["dice"])
            self._move_to(p, target)
            if self.bp_lap < 0:
                self.bp_lap_amount = -1
            return self._land(p, card_kind="company" if kind == UTILITY else None)
        if effect == "go_to_start":
            self.bp_lap_amount = int(args["amount"])
            self._move_to(p, self.t.go)
            if self.bp_lap < 0:
                self.bp_lap_amount = -1
            return self._land(p)
        if effect == "lawyer":
            return self._offer_suit(p, lawyer=True)
        if effect == "building_loan":
            return self._offer_loan(p, int(args["percent"]))
        return super()._apply_card(p, card)

    def _land_company(self, p: int, sq: int) -> bool:
        """Card 11: «Если компания принадлежит другому игроку, заплатите ренту, бросив кубик три раза вместо
        двух» - the owner's multiplier times three dice."""
        t = self.t
        owner = self.owner[sq]
        if owner < 0 or owner == p or self.mortgaged[sq] or t.kind[sq] != UTILITY:
            return super()._land(p)
        dice = self.chance.roll(self.bp_company_dice)
        self._emit(E.Rolled, p, dice, "utility")
        count = self.holdings[owner][t.group_of[sq]]
        table = t.rent[sq]
        amount = table[min(count, len(table)) - 1] * sum(dice)
        return self._charge(p, [(owner, amount)], "rent", "land_done", sq)

    def _offer_loan(self, p: int, percent: int) -> bool:
        """Card 32: «Откройте сейчас новый офис на своей монополии за полцены, если хватает наличности»."""
        if not any(self.owner[sq] == p and self._loan_problem(p, sq, percent) is None for sq in self.t.streets):
            return True
        self._push(Decision(BUILDING_LOAN, p, -1, percent, "land_done"))
        return False
