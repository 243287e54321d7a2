"""«Одесская Монополия» (seed 003): the ruleset ``odessa`` and its Game subclass.

The money and turn flow are the classic engine's; what differs in kind lives here, each piece with
the seed line it comes from and the RULES_MATRIX.md REC that reads it (section 4.5, O-1 to O-21):

* **Malinas** (003:72-86) are the railroad squares. The smotryashchy's fee is 100 / 250 / 500 / 1000
  by the number of malinas he holds (Гастролёр, Карманник, Маравихер, Вор в законе). A visitor
  may challenge him instead of paying (O-15): he rolls two dice, the visitor one; if his sum is
  greater or equal the visitor pays a double fee at once, otherwise the malina passes to the
  visitor for nothing and this visit is free. A fee the visitor accepts must be claimed like
  barysh (O-16, ``rent_claim``). Malinas cannot be mortgaged (O-16, ``railroads_mortgageable``).
* **The exchange** (Одесская Товарная Биржа, 003:104-129) replaces jail; there is no fine. On each
  of the next three turns the player rolls three dice; a double is any two of them (O-2,
  ``exchange_double``) and the odd one is the third die. A double on the first try wins 100 x the
  third die and moves by all three dice; on the second it loses 20 x the third and moves by the
  double; on the third it loses 30 x and moves by the double. Without a double the fourth turn
  rolls one die, pays 30 x it and moves by it. No extra roll after leaving (O-3). Rent and fees
  are still collected there (003:129).
* **Guilds** (003:125-127, O-4): two doubles in a row in one turn make a merchant of the Second
  Guild (exchange losses at most 100), three the First Guild (at most 50; and off to the exchange).
* **The refusal card** (003:92, O-5): «единоразово отказаться от посещения Биржи», kept and sellable;
  played when its holder is sent to the exchange, the token stays where it stood and the turn ends
  (``jail_card_use``).
* **Artels and cooperatives** (003:131-141, O-6, O-11, O-12): with the whole colour group, unevenly,
  at any time (also between other players' turns) but only on the pai where the owner's own token
  stands; at most three artels, then a cooperative once every pai of the group has three; the
  cooperatives of a group are closed before any of its artels, artels freely, the Treasury paying
  half. A cooperative is building level 5 (the engine's hotel) over the three artels.
* **Mortgage** (003:143-149): the value on the act; lifting costs the price + 20% (O-7); only to
  cover a payment due (O-9, ``mortgage_only_in_debt``); after one full lap of the owner's token it
  must be lifted or 20% of the mortgage paid for another lap, and then 20% more is due when it is
  lifted (O-8, ``mortgage_term``). Whoever receives a mortgaged pai (a bankrupt's creditor, O-20, or
  a buyer) pays 20% at once and may lift it now at the ordinary price or keep it.
* **Bankruptcy** (003:151-155): to the City, every pai is auctioned and the cards go to the bottom
  of their decks; to a player, the artels and cooperatives are closed for the creditor (O-21) who
  takes the money, acts and cards.

Left out: «дропшиппинг» (003:114) is named as a way to play the exchange but never defined (O-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, ClassVar

from ..engine import decision as D
from ..engine import events as E
from ..engine.actions import (
    ACTION_TYPES,
    ROLL,
    USE_JAIL_CARD,
    Action,
    Build,
    LiftMortgage,
    PayJailFine,
    SellBuilding,
    UseJailCard,
)
from ..engine.decision import Decision
from ..engine.edition import HOTEL, RAILROAD, STREET
from ..engine.errors import IllegalAction
from ..engine.events import BANK
from ..engine.game import Game
from ..engine.turns import RentClaim
from . import RULESETS, _ruleset, register_variant

# ---------------------------------------------------------------- the seed's numbers
MALINA_TITLES = ("Гастролёр", "Карманник", "Маравихер", "Вор в законе")  # by malinas held, 003:78-84
ARTELS_MAX = 3  # a cooperative needs three artels on every pai of the group (003:137, O-11)
COOP = HOTEL  # the cooperative's building level
EXCHANGE_TRIES = 3  # turns with three dice; the fourth is the forced exit (003:114-123)
EXCHANGE_WIN_PER_PIP = 100  # a double on the first try: won, x the third die (003:120)
EXCHANGE_LOSS_PER_PIP = (20, 30)  # a double on the second, third try: lost, x the third die (003:121-122)
EXCHANGE_FORCED_PER_PIP = 30  # the fourth turn: one die, paid x30 (003:123)
SECOND_GUILD, FIRST_GUILD = 1, 2  # merchant titles (003:125-127)
GUILD_NAMES = {SECOND_GUILD: "купец Второй Гильдии", FIRST_GUILD: "купец Первой Гильдии"}
GUILD_CAP = {SECOND_GUILD: 100, FIRST_GUILD: 50}  # the most an exchange loss costs them

# ---------------------------------------------------------------- decision kinds
MALINA_VISIT = "malina_visit"  # at another's malina: challenge the smotryashchy, or pay when he claims
EXCHANGE_REFUSAL = "exchange_refusal"  # sent to the exchange holding the refusal card: play it?
MORTGAGE_LAP = "mortgage_lap"  # a mortgaged pai's lap is over: lift it, or pay 20% for another lap


# ---------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class ChallengeMalina(Action):
    """At a malina with another smotryashchy: ``challenge=True`` questions his authority (he rolls
    two dice, you one: roll more than his sum and the malina is yours, else pay a double fee);
    ``False`` pays the fee when he claims it (003:76-86)."""

    TYPE: ClassVar[str] = "challenge_malina"
    challenge: bool


@dataclass(frozen=True, slots=True)
class RefuseExchange(Action):
    """Sent to the exchange while holding the refusal card: ``refuse=True`` plays the card (the token
    stays where it is and the turn ends), ``False`` keeps it and goes (003:92)."""

    TYPE: ClassVar[str] = "refuse_exchange"
    refuse: bool


for _cls in (ChallengeMalina, RefuseExchange):
    ACTION_TYPES[_cls.TYPE] = _cls


# ---------------------------------------------------------------- events
# Described in every language by the catalogs i18n/<lang>/odessa.toml (keys event.<message_key>).
@dataclass(frozen=True, slots=True)
class MalinaChallenged(E.Event):
    """``seat`` challenged the smotryashchy ``owner`` of ``square``: he rolled ``dice``, the
    challenger ``die``; ``won`` or else ``amount`` (the double fee) is owed."""

    KIND: ClassVar[str] = "malina_challenged"
    seat: int
    owner: int
    square: int
    dice: tuple[int, ...]
    die: int
    won: bool
    amount: int

    def message_key(self) -> str:
        return "event.malina_challenged_" + ("won" if self.won else "lost")


@dataclass(frozen=True, slots=True)
class ExchangeTry(E.Event):
    """One turn at the exchange: ``attempt`` 1-3 with three dice, 4 the forced one-die exit; ``amount``
    won (first try) or lost; ``steps`` moved out of the exchange (0: the token stays)."""

    KIND: ClassVar[str] = "exchange_try"
    seat: int
    attempt: int
    dice: tuple[int, ...]
    double: bool
    amount: int
    steps: int

    def message_key(self) -> str:
        if self.attempt > EXCHANGE_TRIES:
            return "event.exchange_try_forced"
        if not self.double:
            return "event.exchange_try_missed"
        return "event.exchange_try_won" if self.attempt == 1 else "event.exchange_try_lost"


@dataclass(frozen=True, slots=True)
class GuildTitle(E.Event):
    KIND: ClassVar[str] = "guild_title"
    seat: int
    guild: int  # SECOND_GUILD or FIRST_GUILD

    def message_key(self) -> str:
        return "event.guild_title_" + ("first" if self.guild == FIRST_GUILD else "second")


@dataclass(frozen=True, slots=True)
class ExchangeRefused(E.Event):
    KIND: ClassVar[str] = "exchange_refused"
    seat: int
    deck: str
    reason: str  # what sent the token: square | card | doubles


@dataclass(frozen=True, slots=True)
class MortgageLapPaid(E.Event):
    KIND: ClassVar[str] = "mortgage_lap_paid"
    seat: int
    square: int
    amount: int


def exchange_double(dice: tuple[int, ...], reading: str) -> tuple[int, int] | None:
    """(pair value, third die) of a three-dice exchange roll, or None without a double.

    ``any_two`` (REC O-2 R2): any two dice match and the odd one is the third (a triple: any);
    ``first_two`` (R1): the first two dice match and the last die is the third."""
    a, b, c = dice
    if a == b:
        return a, c
    if reading == "any_two":
        if a == c:
            return a, b
        if b == c:
            return b, a
    return None


def challenge_win_odds(sides: int = 6) -> Fraction:
    """The exact chance that a challenger's one die beats the smotryashchy's two (003:86), by
    enumerating every roll: 20/216 with six-sided dice."""
    wins = sum(1 for a, b, c in product(range(1, sides + 1), repeat=3) if c > a + b)
    return Fraction(wins, sides**3)


def exchange_double_odds(reading: str = "any_two", sides: int = 6) -> Fraction:
    """The exact chance that one exchange try rolls a double, by enumerating the three dice:
    4/9 when any two make it (R2), 1/6 when the first two must (R1)."""
    hits = sum(1 for dice in product(range(1, sides + 1), repeat=3) if exchange_double(dice, reading))
    return Fraction(hits, sides**3)


def malina_title(held: int) -> str:
    """The smotryashchy's title by the number of malinas he holds (003:78-84)."""
    return MALINA_TITLES[min(held, len(MALINA_TITLES)) - 1] if held > 0 else ""


# ---------------------------------------------------------------- the game
class OdessaGame(Game):
    """A game of «Одесская Монополия»: the classic engine with the hooks above overridden."""

    _handler_names = {
        **Game._handler_names,
        ChallengeMalina: ("_check_challenge", "_do_challenge"),
        RefuseExchange: ("_check_refusal", "_do_refusal"),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n, size = self.n, self.size
        self.guild = [0] * n  # 0, SECOND_GUILD or FIRST_GUILD; titles are for life (O-4)
        # mortgaged pai of each seat -> squares its token has advanced since the lap began (O-8)
        self.lap_steps: list[dict[int, int]] = [{} for _ in range(n)]
        self.lap_paid = [False] * size  # 20% paid for another lap: lifting costs 20% more (003:149)
        self.exchange_steps = 0  # the move out of the exchange waiting for its payment

    # ------------------------------------------------------------ state
    def snapshot(self) -> dict[str, Any]:
        out = super().snapshot()
        out["guild"] = list(self.guild)
        out["lap_steps"] = [sorted(d.items()) for d in self.lap_steps]
        out["lap_paid"] = [sq for sq in range(self.size) if self.lap_paid[sq]]
        out["exchange_steps"] = self.exchange_steps
        return out

    def variant_violations(self) -> list[str]:
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
    def _decision_actions(self, d: Decision):
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
            if not self._stale(seat, d.square) and self.cash[seat] >= self._lift_now_cost(d):
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
            due = sorted(sq for sq, n in steps.items() if n >= self.size)
            if due:  # a mortgaged pai's lap is over: lift it or pay for another lap (O-8)
                self._push_chain([Decision(MORTGAGE_LAP, p, sq) for sq in due], "land_done")
                return
        super()._finish_move()

    # ------------------------------------------------------------ movement: the mortgage lap
    def _move_by(self, p: int, steps: int) -> None:
        laps = self.lap_steps[p]
        if laps and steps > 0:
            term = self.rules.mortgage_term
            if term == "lap":
                for sq in laps:
                    laps[sq] += steps
            elif term == "go" and self.position[p] + steps >= self.size:
                for sq in laps:
                    laps[sq] = self.size
        super()._move_by(p, steps)

    def _set_owner(self, sq: int, seat: int) -> None:
        old = self.owner[sq]
        super()._set_owner(sq, seat)
        if old >= 0:
            self.lap_steps[old].pop(sq, None)
        self.lap_paid[sq] = False
        if seat >= 0 and self.mortgaged[sq] and self.rules.mortgage_term != "none":
            self.lap_steps[seat][sq] = 0  # the lap is the new holder's token's (O-8, O-20)

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

    def _check_refusal(self, seat: int, a: RefuseExchange) -> None:
        self._expect(seat, EXCHANGE_REFUSAL, "playing the refusal card")
        if a.refuse and not self.jail_cards[seat]:
            raise IllegalAction("no-jail-card", "you have no Get Out of Jail Free card")

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
            Game._send_to_jail(self, seat, d.data)
        self._resume(d.then)

    def _check_use_card(self, seat: int, a: UseJailCard) -> None:
        if self.rules.jail_card_use == "when_sent":
            raise IllegalAction(
                "refusal-card-when-sent",
                "the card refuses one trip to the exchange: it is played when you are sent there",
            )
        super()._check_use_card(seat, a)

    def _check_pay_fine(self, seat: int, a: PayJailFine) -> None:
        raise IllegalAction("no-exchange-fine", "there is no fine at the exchange: you play it")

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

    # ------------------------------------------------------------ malinas
    def _land(self, p: int, card_kind: str | None = None) -> bool:
        sq = self.position[p]
        if self.t.kind[sq] == RAILROAD:
            owner = self.owner[sq]
            if (
                owner >= 0
                and owner != p
                and not self.mortgaged[sq]
                and not (self.rules.no_rent_owner_in_jail and self.in_jail[owner])
            ):
                self._push(Decision(MALINA_VISIT, p, sq, then="land_done"))
                return False
        return super()._land(p, card_kind)

    def malina_fee(self, sq: int) -> int:
        """The fee of a malina now: by the number its smotryashchy holds (003:78-84)."""
        return self.rent_for(sq, 0)

    def _check_challenge(self, seat: int, a: ChallengeMalina) -> None:
        self._expect(seat, MALINA_VISIT, "answering the smotryashchy")

    def _do_challenge(self, seat: int, a: ChallengeMalina) -> None:
        d = self.stack.pop()
        sq, then = d.square, d.then
        owner = self.owner[sq]
        fee = self.malina_fee(sq)
        if owner < 0 or owner == seat or fee <= 0:  # traded or mortgaged while the question waited
            self._resume(then)
            return
        if not a.challenge:  # the fee is owed like barysh: he must claim it (O-16)
            self._owe(seat, owner, sq, fee, then)
            return
        sides = self.rules.dice_sides
        his = self.chance.roll(2, sides)  # the smotryashchy rolls two dice, then the visitor one (003:86)
        mine = self.chance.roll(1, sides)[0]
        won = mine > his[0] + his[1]
        self._emit(MalinaChallenged, seat, owner, sq, his, mine, won, 2 * fee)
        if won:  # the malina passes to the challenger for nothing; no fee this time (O-15)
            self._give_property(sq, owner, seat)
            self._resume(then)
            return
        if self._charge(seat, [(owner, 2 * fee)], "malina_challenge", then, sq):
            self._resume(then)

    def _owe(self, payer: int, owner: int, sq: int, amount: int, then: str | None) -> None:
        if amount <= 0:
            self._resume(then)
            return
        if self.rules.rent_claim == "automatic" or self.auto_claim[owner]:
            if self._charge(payer, [(owner, amount)], "rent", then, sq):
                self._resume(then)
            return
        self.claims.append(RentClaim(owner, payer, sq, amount, self.turn))
        self._emit(E.RentOwed, owner, payer, sq, amount)
        self._resume(then)

    # ------------------------------------------------------------ artels and cooperatives
    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> tuple[str, str, dict] | None:
        """Why ``seat`` may not organise an artel or a cooperative on ``sq`` now, or None."""
        problem = self._lot_problem(seat, sq)  # a pai of a whole, unmortgaged group of one's own
        if problem is not None:
            return problem
        t = self.t
        name = self.edition.squares[sq].name
        members = t.members[sq]
        if self.position[seat] != sq:
            return (
                "build-where-your-token-stands",
                "your token must stand on {square} to organise an artel there",
                {"square": name},
            )
        level = self.level[sq]
        if level == COOP:
            return ("one-cooperative-per-pai", "{square} already has its cooperative", {"square": name})
        if level == ARTELS_MAX:
            short = next((m for m in members if self.level[m] < ARTELS_MAX), None)
            if short is not None:
                return (
                    "cooperative-after-three-artels",
                    "a cooperative needs three artels on every pai of the group: {square} has {level}",
                    {"square": self.edition.squares[short].name, "level": self.level[short]},
                )
            if self.bank_hotels <= 0:
                return ("hotel-stock", "the bank has no hotels left", {})
        elif self.bank_houses <= 0:
            return ("house-stock", "the bank has no houses left", {})
        price = t.house_cost[sq] if item_price is None else item_price
        if self.cash[seat] < price:
            return ("cash", "this costs {cost}; you have {cash}", {"cost": price, "cash": self.cash[seat]})
        return None

    def _do_build(self, seat: int, a: Build) -> None:
        sq = a.square
        if self.level[sq] == ARTELS_MAX:  # the cooperative takes the place of the three artels
            self.bank_houses += ARTELS_MAX
            self.bank_hotels -= 1
            self.level[sq] = COOP
        else:
            self.bank_houses -= 1
            self.level[sq] += 1
        cost = self.t.house_cost[sq]
        self._transfer(seat, BANK, cost, "building", sq)
        self._emit(E.Built, seat, sq, self.level[sq], cost)

    def _square_label(self, sq: int) -> str:
        return self.edition.squares[sq].name if isinstance(sq, int) and 0 <= sq < self.size else str(sq)

    def _check_sell(self, seat: int, a: SellBuilding) -> None:
        self._alive_check(seat)
        sq = a.square
        if not 0 <= sq < self.size or self.owner[sq] != seat or self.t.kind[sq] != STREET:
            raise IllegalAction(
                "sell-own-building", "{square} has no buildings of yours", square=self._square_label(sq)
            )
        self._check_window(seat, self.rules.mortgage_timing, "sell-timing", "closing artels", debt_ok=True)
        name = self.edition.squares[sq].name
        level = self.level[sq]
        if level == 0:
            raise IllegalAction("sell-own-building", "{square} has no buildings of yours", square=name)
        if level != COOP:
            coop = next((m for m in self.t.members[sq] if self.level[m] == COOP), None)
            if coop is not None:
                raise IllegalAction(
                    "close-cooperatives-first",
                    "close the cooperative on {square} before any artel of its group",
                    square=self.edition.squares[coop].name,
                )
        if level == COOP and self.bank_houses < ARTELS_MAX:
            raise IllegalAction("house-stock", "the bank has no houses left")

    def _do_sell(self, seat: int, a: SellBuilding) -> None:
        sq = a.square
        if self.level[sq] == COOP:  # back to the three artels, half the cooperative's cost (003:141)
            self.level[sq] = ARTELS_MAX
            self.bank_hotels += 1
            self.bank_houses -= ARTELS_MAX
            refund = self.hotel_value(sq)
        else:
            self.level[sq] -= 1
            self.bank_houses += 1
            refund = self.building_value(sq)
        self._transfer(BANK, seat, refund, "building_sale", sq)
        self._emit(E.BuildingSold, seat, sq, self.level[sq], refund)

    # ------------------------------------------------------------ mortgages and their lap
    def unmortgage_cost(self, sq: int) -> int:
        cost = super().unmortgage_cost(sq)
        return cost + self._lap_fee(sq) if self.lap_paid[sq] else cost

    def _lap_fee(self, sq: int) -> int:
        """20% of the mortgage (003:149), rounded up."""
        return -(-self.t.mortgage[sq] * self.rules.mortgage_term_fee_percent // 100)

    def _do_mortgage(self, seat: int, a: Any) -> None:
        super()._do_mortgage(seat, a)
        self.lap_paid[a.square] = False
        if self.rules.mortgage_term != "none":
            self.lap_steps[seat][a.square] = 0

    def _lifted(self, seat: int, sq: int, cost: int) -> None:
        self.mortgaged[sq] = False
        self.lap_steps[seat].pop(sq, None)
        self.lap_paid[sq] = False
        self._emit(E.Unmortgaged, seat, sq, cost)

    def _do_unmortgage(self, seat: int, a: Any) -> None:
        sq = a.square
        cost = self.unmortgage_cost(sq)
        self._transfer(seat, BANK, cost, "unmortgage", sq)
        self._lifted(seat, sq, cost)

    def _stale(self, seat: int, sq: int) -> bool:
        """The pai of a lap or transfer decision was lifted or passed on while it waited."""
        return self.owner[sq] != seat or not self.mortgaged[sq]

    def _transfer_cost(self, sq: int, lift_now: bool) -> int:
        """What an answer to the open mortgage question costs now: at the end of a lap, lifting or
        another lap's 20%; for a received pai, the engine's transfer cost."""
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == MORTGAGE_LAP and top.square == sq:
            return self.unmortgage_cost(sq) if lift_now else self._lap_fee(sq)
        return super()._transfer_cost(sq, lift_now)

    def _lift_now_cost(self, d: Decision) -> int:
        return self.unmortgage_cost(d.square) if d.kind == MORTGAGE_LAP else self._transfer_cost(d.square, True)

    def _check_lift(self, seat: int, a: LiftMortgage) -> None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == MORTGAGE_LAP:
            d = self._expect(seat, MORTGAGE_LAP, "deciding on a mortgage whose lap is over")
        else:
            d = self._expect(seat, D.MORTGAGE_TRANSFER, "deciding on a received mortgage")
        if not a.now or self._stale(seat, d.square):
            return  # a pai lifted or passed on while the question waited: either answer closes it
        cost = self._lift_now_cost(d)
        if self.cash[seat] < cost:
            raise IllegalAction("cash", "this costs {cost}; you have {cash}", cost=cost, cash=self.cash[seat])

    def _do_lift(self, seat: int, a: LiftMortgage) -> None:
        d = self.stack.pop()
        sq, then = d.square, d.then
        if self._stale(seat, sq):  # nothing left to decide
            self._resume(then)
            return
        if d.kind == MORTGAGE_LAP:
            if a.now:
                cost = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, cost, "unmortgage", sq)
                self._lifted(seat, sq, cost)
                self._resume(then)
                return
            fee = self._lap_fee(sq)  # another lap; 20% more when it is lifted (003:149)
            self.lap_steps[seat][sq] = 0
            self.lap_paid[sq] = True
            self._emit(MortgageLapPaid, seat, sq, fee)
            if self._charge(seat, [(BANK, fee)], "mortgage_lap", then, sq):
                self._resume(then)
            return
        # a mortgaged pai received from a bankrupt (O-20) or a seller
        if self.rules.transfer_mode == "fee_then_lift":
            fee = self._transfer_fee(sq)
            if a.now:
                lift = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, fee, "transfer_fee", sq)
                self._transfer(seat, BANK, lift, "unmortgage", sq)
                self._lifted(seat, sq, lift)
                self._resume(then)
                return
            self.lap_paid[sq] = fee > 0  # kept: the further 20% falls due on lifting (O-20)
            if self._charge(seat, [(BANK, fee)], "transfer_fee", then, sq):
                self._resume(then)
            return
        cost = self._transfer_cost(sq, a.now)
        if a.now:
            self._transfer(seat, BANK, cost, "unmortgage", sq)
            self._lifted(seat, sq, cost)
            self._resume(then)
            return
        if self._charge(seat, [(BANK, cost)], "transfer_fee", then, sq):
            self._resume(then)


register_variant("odessa", OdessaGame)

ODESSA = _ruleset(
    "odessa",
    "«Одесская Монополия» of seed 003: malinas and their challenge, the stock exchange instead of jail, guilds, "
    "artels and cooperatives where your token stands, one-lap mortgages at +20%. Left out: «дропшиппинг» "
    "(003:114) is named as a way to play the exchange but never defined anywhere, so it cannot be played (O-1)",
    "odessa",
    variant=("odessa", "003 (rules/odessa.py: malinas, the exchange, guilds, artels, the mortgage lap)"),
    min_players=(2, "003:17 (O-18: more than five players are foreseen; 2-8)"),
    max_players=(8, "003:17 (O-18)"),
    starting_cash=(1500, "003:17-35"),
    turn_order_by_roll=(True, "003:43"),
    doubles_extra_roll=(True, "003:52"),
    doubles_to_jail=(3, "003:52,127: three doubles send you to the exchange"),
    salary=(200, "003:56"),
    salary_on_landing=(True, "003:56"),
    auctions=(True, "003:60 (O-14: malinas too)"),
    decliner_may_bid=(True, "003:60"),
    auction_min_bid=(1, "003:60: any price proposed"),
    rent_claim=("until_next_roll", "003:68,163 (O-16: malina fees too, 003:76)"),
    double_rent_full_set=(True, "003:68"),
    double_rent_in_built_group=(True, "003:68 (O-13: the base barysh of a pai without artels)"),
    mortgage_blocks_double_rent=(True, "003:68"),
    no_rent_owner_in_jail=(False, "003:129: barysh and fees are collected at the exchange"),
    income_tax=(None, "003:37 (the Treasury collects taxes; amounts designed on the board)"),
    luxury_tax=(None, "003:37 (amounts designed on the board)"),
    free_parking=("rest", "003:102"),
    jail_fine=(0, "003:114-123: no fine, the exchange is played"),
    jail_max_turns=(3, "003:114-123: three tries with three dice, then the forced fourth turn"),
    jail_doubles_extra_roll=(False, "003:120-122 (O-3: no extra roll after leaving)"),
    jail_card_use=("when_sent", "003:92 (O-5)"),
    exchange_double=("any_two", "003:118-122 (O-2 R2: any two of the three dice)"),
    exchange_guild_cap_forced_exit=(True, "003:123-127 (O-3)"),
    shuffle_decks=(True, "003:13"),
    build_timing=("any", "003:133 (O-6: any time, where your token stands)"),
    mortgage_timing=("any", "003:141"),
    trade_timing=("any", "003:102,141"),
    trade_mortgaged=(True, "003:143"),
    houses=(66, "003 (no stock is stated: three artels for each of the 22 pai)"),
    hotels=(22, "003 (no stock is stated: a cooperative for each pai)"),
    hotel_requires=("group", "003:137"),
    even_building=(False, "003:133"),
    even_selling=(False, "003:141 (O-12: cooperatives before artels, artels freely)"),
    building_sell_percent=(50, "003:141"),
    shortage_auction=(False, "003 (no stock, no shortage)"),
    mortgage_interest_percent=(20, "003:149 (O-7 (a); (b) = lift_base and lift_interest_of 'mortgage')"),
    lift_base=("price", "003:149 (O-7 (a))"),
    lift_interest_of=("price", "003:149 (O-7 (a))"),
    mortgage_only_in_debt=(True, "003:147 (O-9)"),
    railroads_mortgageable=(False, "003:145-149 (O-16: the mortgage text speaks only of pai)"),
    mortgage_term=("lap", "003:149 (O-8; 'go' = the next passing of the Duke)"),
    mortgage_term_fee_percent=(20, "003:149,155 (O-8, O-20)"),
    transfer_fee_percent=(20, "003:155 (O-20; a sale between players, where the seed is silent, likewise)"),
    transfer_fee_of=("mortgage", "003:155 (O-20)"),
    transfer_mode=("fee_then_lift", "003:155 (O-20)"),
    bankruptcy_to_player=("creditor_takes", "003:155 (O-21: the artels' half refund goes to the creditor)"),
    bankrupt_property_to_bank=("auction", "003:153"),
)

RULESETS[ODESSA.id] = ODESSA
