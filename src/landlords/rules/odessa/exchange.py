"""The exchange instead of jail, the refusal card and the guilds (003:92,104-129; O-2 to O-5)."""

from __future__ import annotations

from ...engine import events as E
from ...engine.actions import (
    PayJailFine,
    UseJailCard,
)
from ...engine.decision import Decision
from ...engine.errors import Problem
from ...engine.events import BANK
from ...engine.game import Game
from ...engine.native import mypyc_attr
from .actions import RefuseExchange
from .events import ExchangeRefused, ExchangeTry, GuildTitle
from .malinas import MalinasMixin
from .seed import (
    EXCHANGE_FORCED_PER_PIP,
    EXCHANGE_LOSS_PER_PIP,
    EXCHANGE_REFUSAL,
    EXCHANGE_TRIES,
    EXCHANGE_WIN_PER_PIP,
    FIRST_GUILD,
    GUILD_CAP,
    SECOND_GUILD,
    exchange_double,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class ExchangeMixin(MalinasMixin):
    """A layer of the game class (the layers: base.py of this package)."""

    # ------------------------------------------------------------ guilds
    def _count_double(self, p: int) -> None:
        self.doubles += 1
        title = FIRST_GUILD if self.doubles >= 3 else SECOND_GUILD if self.doubles == 2 else 0
        if title > self.guild[p]:
            self.guild[p] = title
            self._emit(GuildTitle, p, title)

    # ------------------------------------------------------------ going to the exchange
    def _send_to_jail(self, p: int, reason: str) -> None:
        if self.rules.jail_card_use == "when_sent" and self.jail_cards[p]:
            self.extra_roll = False
            self.doubles = 0
            self._push(Decision(EXCHANGE_REFUSAL, p, data=reason, then="end_turn"))
            return
        super()._send_to_jail(p, reason)

    def _problem_refusal(self, seat: int, a: RefuseExchange) -> Problem | None:
        why = self._expect_problem(seat, EXCHANGE_REFUSAL, "playing the refusal card")
        if why is None and a.refuse and not self.jail_cards[seat]:
            return ("no-jail-card", "you have no Get Out of Jail Free card", {})
        return why

    def _do_refusal(self, seat: int, a: RefuseExchange) -> None:
        d = self.stack.pop()
        if a.refuse:
            deck = self.jail_cards[seat].pop(0)
            self._return_jail_card(deck)  # to the bottom of its deck (O-5, O-19)
            self._emit(E.JailCardTransferred, deck, seat, -1)
            self._emit(ExchangeRefused, seat, deck, d.data)
            if seat == self.current:
                self.sent_to_jail = True  # the turn ends where the token stands
        else:
            Game._send_to_jail(self, seat, d.data)  # noqa: SLF001 - the engine's own rule, past this override
        self._resume(d.then)

    def _problem_use_card(self, seat: int, a: UseJailCard) -> Problem | None:
        if self.rules.jail_card_use == "when_sent":
            return (
                "refusal-card-when-sent",
                "the card refuses one trip to the exchange: it is played when you are sent there",
                {},
            )
        return super()._problem_use_card(seat, a)

    def _problem_pay_fine(self, seat: int, a: PayJailFine) -> Problem | None:
        return ("no-exchange-fine", "there is no fine at the exchange: you play it", {})

    # ------------------------------------------------------------ playing the exchange
    def _roll(self, p: int) -> None:
        if not self.in_jail[p]:
            super()._roll(p)
            return
        self.stack.pop()  # the pre_roll decision
        self._expire_claims()
        rules = self.rules
        self.rolls += 1
        self.extra_roll = False
        attempt = self.jail_turns[p] + 1
        if attempt > EXCHANGE_TRIES:  # the fourth turn: one die, pay 30 x it, move by it (003:123)
            dice = self.chance.roll(1, rules.dice_sides)
            self.last_roll = dice
            self._emit(E.Rolled, p, dice, "jail")
            loss = self._exchange_loss(p, EXCHANGE_FORCED_PER_PIP * dice[0], rules.exchange_guild_cap_forced_exit)
            self._emit(ExchangeTry, p, attempt, dice, False, loss, dice[0])
            self._exchange_exit(p, loss, dice[0])
            return
        dice = self.chance.roll(3, rules.dice_sides)
        self.last_roll = dice
        self._emit(E.Rolled, p, dice, "jail")
        double = exchange_double(dice, rules.exchange_double)
        if double is None:
            self.jail_turns[p] = attempt
            self._emit(ExchangeTry, p, attempt, dice, False, 0, 0)
            self._finish_move()
            return
        pip, third = double
        self.extra_roll = rules.jail_doubles_extra_roll  # O-3: no (H-10)
        if attempt == 1:  # won: 100 x the third die, and out by all three dice (003:120)
            won = EXCHANGE_WIN_PER_PIP * third
            steps = dice[0] + dice[1] + dice[2]
            self._emit(ExchangeTry, p, attempt, dice, True, won, steps)
            self._transfer(BANK, p, won, "exchange")
            self._exchange_exit(p, 0, steps)
            return
        loss = self._exchange_loss(p, EXCHANGE_LOSS_PER_PIP[attempt - 2] * third, True)  # 003:121-122
        self._emit(ExchangeTry, p, attempt, dice, True, loss, 2 * pip)
        self._exchange_exit(p, loss, 2 * pip)

    def _exchange_loss(self, p: int, amount: int, capped: bool) -> int:
        """An exchange loss after the guild's cap (003:125-127)."""
        guild = self.guild[p]
        return min(amount, GUILD_CAP[guild]) if guild and capped else amount

    def _exchange_exit(self, p: int, loss: int, steps: int) -> None:
        self.exchange_steps = steps
        if loss and not self._charge(p, [(BANK, loss)], "exchange", "exchange_move"):
            return  # the move waits for the debt
        self._exchange_move(p)

    def _exchange_move(self, p: int) -> None:
        steps, self.exchange_steps = self.exchange_steps, 0
        self._leave_jail(p, "exchange")
        self.move_total = steps
        self._move_and_land(p, steps)
