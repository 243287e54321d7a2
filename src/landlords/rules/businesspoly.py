"""«Бизнесполия» (seed 000:293-593): its two rulesets and its Game subclass.

A fan redesign of the classic game "by the laws of economics". What differs from the classic game,
and where it lives here (seed lines of file 000; RECs are RULES_MATRIX.md section 4.2):

* The lap settlement (000:333,435-441; B-1, B-2, B-4, B-10): on reaching or passing Start the player
  gets the salary (450, 400 on the short map) and pays 50 per group in which they hold a lot, before
  anything else happens on the square they reach; then each mortgaged lot must be redeemed for the
  sum received or the bank takes it back (000:371,471; B-11): :meth:`BusinesspolyGame._settle_lap`.
* Lots sold to the bank for half their price (000:371,473; B-12): :class:`SellLot`.
* Start modes (000:351-355,411-413,447,489,495; B-5, B-25, B-26): a start auction of 12 shuffled
  deeds, or a per-player introductory lap without doubles, cards or arrests.
* Courts (000:359,417,425,449-453; B-6 to B-8): landing on the court (the visiting part of the jail
  corner) opens a ``court`` decision: :class:`Sue` for a lot of a shared group, paying 1.5 x its price,
  one die each, the plaintiff wins only when higher (card 15: also on a tie); or :class:`Waive`.
* The three-cell jail (000:363,367,499-511; B-9): one cell a turn, out on the last cell, by a double
  (moving by it, no extra roll), by the lawyer card or for 200.
* The strict turn (000:415-431): building, mortgaging, redeeming and deals only in steps 3.1 (before
  the roll) and 3.5 (buying, the court, after the move), never while a payment is owed (000:379,513);
  deals always involve the player whose turn it is and may have any number of parties
  (000:475,487; B-19): :class:`ProposeDeal`.
* Auctions open at half the price (000:383,481), bids may exceed one's cash (000:483), and before the
  last bidder wins everyone who passed is asked once more (000:481; B-17).
* At most two offices a move (000:375,415,457; B-13); a business centre costs one more office
  (000:327,457; B-14).
* A tenant who cannot pay the rent goes bankrupt and the bank pays the owner the shortfall (000:519).
* The deck «Извещение» (000:521-589): the card effects not in the classic game (begging, inflation,
  deflation, the insured payments, the casino, the building loan, the lawyers, ...) are carried out
  in :meth:`BusinesspolyGame._apply_card`; their machine readings are RULES_MATRIX.md section 3.1.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from ..engine import decision as D
from ..engine import events as E
from ..engine.actions import ACCEPT, ACTION_TYPES, PASS, REJECT, Accept, Action, Bid, Build, ProposeTrade
from ..engine.decision import Debt, Decision
from ..engine.edition import CARD, GO_TO_JAIL, JAIL, UTILITY, Card
from ..engine.edition import COURT as COURT_SQUARE
from ..engine.errors import ConfigError, IllegalAction
from ..engine.events import BANK
from ..engine.game import Game
from . import RULESETS, _ruleset, register_variant

# ================================================================ actions


@dataclass(frozen=True, slots=True)
class Sue(Action):
    """At the court: sue the holder of ``square`` (a lot of a group you share) for it."""

    TYPE: ClassVar[str] = "sue"
    square: int


@dataclass(frozen=True, slots=True)
class Waive(Action):
    """Let an offer go: no lawsuit at the court, no office on the building-loan card."""

    TYPE: ClassVar[str] = "waive"


@dataclass(frozen=True, slots=True)
class SettleMortgage(Action):
    """At the end of a lap, for a mortgaged lot: ``redeem=True`` pays the mortgage back, ``False`` lets
    the bank take the lot."""

    TYPE: ClassVar[str] = "settle_mortgage"
    redeem: bool


@dataclass(frozen=True, slots=True)
class SellLot(Action):
    """Sell a lot to the bank for half its price (nothing for a mortgaged one)."""

    TYPE: ClassVar[str] = "sell_lot"
    square: int


def _tuples(value: Any) -> tuple:
    return tuple(tuple(v) if isinstance(v, list | tuple) else v for v in value)


@dataclass(frozen=True, slots=True)
class ProposeDeal(Action):
    """A deal between any number of players, one of them the player whose turn it is (B-19).

    ``properties``: ``(square, receiver)``, the square's owner gives it; ``cash``: ``(payer, payee,
    amount)``; ``cards``: ``(deck, giver, receiver)`` for kept cards (the lawyer card). Every party but
    the proposer must accept.
    """

    TYPE: ClassVar[str] = "propose_deal"
    properties: tuple[tuple[int, int], ...] = ()
    cash: tuple[tuple[int, int, int], ...] = ()
    cards: tuple[tuple[str, int, int], ...] = ()

    def __post_init__(self) -> None:  # a record's JSON gives lists: make every level a tuple
        for name in ("properties", "cash", "cards"):
            object.__setattr__(self, name, _tuples(getattr(self, name)))


WAIVE = Waive()
for _cls in (Sue, Waive, SettleMortgage, SellLot, ProposeDeal):
    ACTION_TYPES[_cls.TYPE] = _cls

# ================================================================ decisions and their data

COURT = "court"  # landed on the court (or drew card 15): Sue or Waive
BUILDING_LOAN = "building_loan"  # card 32: Build one office at a discount, or Waive
REDEEM = "redeem"  # end of a lap, for each mortgaged lot: SettleMortgage(redeem)
DEAL_RESPONSE = "deal_response"  # a party to a proposed deal: Accept or Reject

# the decisions of the active player that belong to steps 3.1 and 3.5 of the turn (000:415-427)
_STEP_KINDS = (D.PRE_ROLL, D.POST_ROLL, D.BUY, COURT)


@dataclass(slots=True)
class Lawsuit:
    lawyer: bool  # card 15: a tie wins


@dataclass(slots=True)
class Deal:
    proposer: int
    properties: tuple[tuple[int, int], ...]
    cash: tuple[tuple[int, int, int], ...]
    cards: tuple[tuple[str, int, int], ...]
    pending: list[int] = field(default_factory=list)  # parties yet to accept


# ================================================================ events
# Described in every language by the catalogs i18n/<lang>/businesspoly.toml (key ``event.<kind>``).


@dataclass(frozen=True, slots=True)
class LapSettled(E.Event):
    """A lap completed: the salary ``amount`` paid, the lap tax ``cost`` for ``groups`` industries due."""

    KIND: ClassVar[str] = "lap_settled"
    seat: int
    amount: int
    cost: int
    groups: int


@dataclass(frozen=True, slots=True)
class LotForfeited(E.Event):
    """A mortgaged lot not redeemed at the end of the lap goes back to the bank."""

    KIND: ClassVar[str] = "lot_forfeited"
    seat: int
    square: int


@dataclass(frozen=True, slots=True)
class LotSold(E.Event):
    KIND: ClassVar[str] = "lot_sold"
    seat: int
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class SuitDecided(E.Event):
    """``seat`` sued ``owner`` for ``square``, paying ``amount``; the dice decided."""

    KIND: ClassVar[str] = "suit_decided"
    seat: int
    owner: int
    square: int
    amount: int
    plaintiff_die: int
    defendant_die: int
    won: bool
    lawyer: bool

    def message_key(self) -> str:
        return "event.suit_won" if self.won else "event.suit_lost"


@dataclass(frozen=True, slots=True)
class JailCell(E.Event):
    KIND: ClassVar[str] = "jail_cell"
    seat: int
    cell: int  # 1-based


@dataclass(frozen=True, slots=True)
class IntroReroll(E.Event):
    KIND: ClassVar[str] = "intro_reroll"
    seat: int
    square: int


@dataclass(frozen=True, slots=True)
class CasinoPlayed(E.Event):
    KIND: ClassVar[str] = "casino_played"
    seat: int
    dice: tuple[int, ...]
    amount: int
    won: bool

    def message_key(self) -> str:
        return "event.casino_won" if self.won else "event.casino_lost"


@dataclass(frozen=True, slots=True)
class InsurancePaid(E.Event):
    KIND: ClassVar[str] = "insurance_paid"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealProposed(E.Event):
    KIND: ClassVar[str] = "deal_proposed"
    seat: int
    parties: tuple[int, ...]
    offer: dict


@dataclass(frozen=True, slots=True)
class DealAnswered(E.Event):
    KIND: ClassVar[str] = "deal_answered"
    seat: int
    accepted: bool
    done: bool  # the last acceptance: the deal is carried out

    def message_key(self) -> str:
        return "event.deal_" + ("done" if self.done else "accepted" if self.accepted else "rejected")


EVENTS = (
    LapSettled,
    LotForfeited,
    LotSold,
    SuitDecided,
    JailCell,
    IntroReroll,
    CasinoPlayed,
    InsurancePaid,
    DealProposed,
    DealAnswered,
)


# ================================================================ the game


class BusinesspolyGame(Game):
    """The classic engine with the businesspoly hooks overridden (see the module docstring)."""

    _handler_names = {
        **Game._handler_names,
        Sue: ("_check_sue", "_do_sue"),
        Waive: ("_check_waive", "_do_waive"),
        SettleMortgage: ("_check_settle", "_do_settle"),
        SellLot: ("_check_sell_lot", "_do_sell_lot"),
        ProposeDeal: ("_check_deal", "_do_deal"),
    }
    card_effects = Game.card_effects | {
        "begging",
        "collect_from_each_able",
        "pay_per_thousand",
        "pay_percent",
        "nearest_company",
        "double_cash_below",
        "collect_and_go_to_jail",
        "lawyer",
        "collect_and_move",
        "pay_insured",
        "collect_if_below",
        "casino",
        "building_loan",
        "go_to_start",
        "collect_if_no_buildings",
    }

    def __init__(self, edition: Any, rules: Any, players: Any, seed: int | None = None, **options: Any) -> None:
        if rules.speed_die:
            raise ConfigError("businesspoly is played with two dice: the speed die is not part of it")
        n = players if isinstance(players, int) else len(players)
        # variant state (all of it in snapshot(), so records and hashes see it)
        self.bp_intro = [rules.start_mode == "intro_lap"] * n  # still on the introductory lap
        self.bp_built = [0] * n  # offices opened in this move (or turn, by build_limit_per)
        self.bp_laps = [0] * n  # laps completed
        self.bp_lap = -1  # the seat whose lap settlement waits (it reached Start in this move)
        self.bp_lap_amount = -1  # a card's sum for reaching Start (cards 11, 33); -1: the settlement
        self.bp_card_kind: str | None = None  # the card context of a landing that waits for the settlement
        self.bp_company_dice = 2  # dice rolled for the rent of the company of card 11
        self.bp_out: list[int] = []  # bidders out of the running auction, in the order they passed
        self.bp_final: list[int] = []  # bidders still to answer the auction's final call
        self.bp_suits = 0  # lawsuits filed at this landing
        self.bp_due: list[int] = []  # mortgaged lots due at the lap being settled
        self.bp_start_phase = False  # the start auction is running
        super().__init__(edition, rules, players, seed, **options)
        t = self.t
        self.bp_street_group = [bool(members) and t.is_street[members[0]] for members in t.group_members]
        if rules.start_mode == "start_auction" and not self.over:
            self._start_auction_phase()

    # ------------------------------------------------------------ reading the position
    def groups_held(self, seat: int) -> int:
        """Groups (industries) in which ``seat`` holds a lot, mortgaged or not (000:435, B-1)."""
        streets_only = self.rules.lap_tax_groups == "streets"
        count = 0
        for g, held in enumerate(self.holdings[seat]):
            if held and (not streets_only or self.bp_street_group[g]):
                count += 1
        return count

    def court_fee(self, sq: int) -> int:
        """1.5 x the printed price, mortgaged or not (000:451), rounded up."""
        return -(-self.t.price[sq] * self.rules.court_fee_percent // 100)

    def suit_targets(self, seat: int) -> list[int]:
        """Lots ``seat`` may sue for: held by another player, in a group where ``seat`` holds a lot (B-7)."""
        t, owner = self.t, self.owner
        held = self.holdings[seat]
        streets_only = self.rules.court_scope == "streets"
        out = []
        for sq in t.properties:
            q = owner[sq]
            if q < 0 or q == seat:
                continue
            g = t.group_of[sq]
            if held[g] and (not streets_only or self.bp_street_group[g]):
                out.append(sq)
        return out

    def office_price(self, sq: int) -> int:
        """An office, or a business centre over four offices (B-14: one more office, by default)."""
        cost = self.t.house_cost[sq]
        return cost * self.rules.hotel_cost_houses if self.level[sq] == 4 else cost

    def lot_sale_value(self, sq: int) -> int:
        return 0 if self.mortgaged[sq] else self.t.price[sq] * self.rules.sell_to_bank_percent // 100

    def hotel_value(self, sq: int) -> int:
        """Closing a business centre returns half of what it cost over its four offices (B-14)."""
        return super().hotel_value(sq) * self.rules.hotel_cost_houses

    # ------------------------------------------------------------ set-up: the start auction (2.1)
    def _start_auction_phase(self) -> None:
        """000:413 «Перетасовываются все карты участков (документы) и продаются с аукциона первые 12»."""
        lots = list(self.t.properties)
        self.chance.shuffle(lots)
        self.bp_start_phase = True
        self.auction_queue = lots[: self.rules.start_auction_lots]
        self.after_auctions = "bp_start_done"
        self._next_queued_auction()

    # ------------------------------------------------------------ the turn
    def _start_turn(self, seat: int) -> None:
        self.bp_built = [0] * self.n
        self.bp_lap = -1
        self.bp_lap_amount = -1
        self.bp_card_kind = None
        self.bp_suits = 0
        self.bp_due = []
        super()._start_turn(seat)
        if self.over:
            return
        p = self.current
        cells = self.rules.jail_cells
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
        if not (jailed and self.rules.jail_cells) and not self.bp_intro[p]:
            super()._roll(p)
            return
        self.stack.pop()  # the pre_roll decision
        self._expire_claims()
        d1, d2 = self.chance.roll(2)
        self.last_roll = (d1, d2)
        self.rolls += 1
        self.speed_face = 0
        self.move_total = d1 + d2
        self._emit(E.Rolled, p, (d1, d2), "jail" if jailed else "move")
        if jailed:  # the three-cell jail (B-9)
            if d1 == d2:
                self._leave_jail(p, "doubles")
                self.extra_roll = self.rules.jail_doubles_extra_roll
                self._move_and_land(p, d1 + d2)
                return
            self.jail_turns[p] += 1
            self._emit(JailCell, p, self.jail_turns[p] + 1)
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
        if self.bp_intro[p] and (kind == CARD or kind == GO_TO_JAIL):
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
        self._emit(E.Rolled, p, (d1, d2), "move")
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
            # the first player went bankrupt in the start auction: the next one starts, the auction goes on
            self._end_turn()
            if not self.over:
                self._next_queued_auction()
        else:
            super()._resume(then)

    # ------------------------------------------------------------ the lap settlement (step 3.3)
    def _settle_lap(self, p: int) -> bool:
        """000:435 «Игрок получает зарплату 450 бин … За каждую отрасль необходимо заплатить 50 бин вне
        зависимости от того, заложен ли участок»; then the mortgage deadline (000:371). False if a decision
        was opened."""
        rules = self.rules
        self.bp_lap = -1
        amount, self.bp_lap_amount = self.bp_lap_amount, -1
        self.bp_laps[p] += 1
        self.bp_intro[p] = False
        # the lots due are those mortgaged when the lap is completed, not those mortgaged to pay its tax
        if rules.mortgage_lap_deadline and True in self.mortgaged:
            self.bp_due = [sq for sq in self.t.properties if self.owner[sq] == p and self.mortgaged[sq]]
        if amount >= 0:  # card 11 or 33: the card's sum (B-10)
            self._transfer(BANK, p, amount, "card", self.t.go)
            if rules.card_lap_amount_replaces:
                return self._lap_mortgages(p)
        groups = self.groups_held(p)
        salary = rules.salary
        tax = rules.lap_tax_per_group * groups
        if not rules.lap_net_may_be_negative:
            tax = min(tax, salary)
        self._emit(LapSettled, p, salary, tax, groups)
        self._transfer(BANK, p, salary, "salary", self.t.go)
        if tax and not self._charge(p, [(BANK, tax)], "lap_tax", "bp_lap_mortgages", self.t.go):
            return False
        return self._lap_mortgages(p)

    def _lap_mortgages(self, p: int) -> bool:
        """000:371 «как только он завершит круг … он должен решить – выкупает он этот участок, или банк
        забирает его себе» (B-11): one ``redeem`` decision per mortgaged lot."""
        due, self.bp_due = self.bp_due, []
        due = [sq for sq in due if self.owner[sq] == p and self.mortgaged[sq]]
        if not due:
            return True
        self._push_chain([Decision(REDEEM, p, sq) for sq in due], "bp_land")
        return False

    def _check_settle(self, seat: int, a: SettleMortgage) -> None:
        d = self._expect(seat, REDEEM, "settling a mortgage at the end of the lap")
        if a.redeem:
            sq = d.square
            if self.owner[sq] != seat or not self.mortgaged[sq]:
                raise IllegalAction(
                    "not-mortgaged",
                    "{square} is not a mortgaged lot of yours",
                    square=self.edition.squares[sq].name,
                )
            cost = self.unmortgage_cost(sq)
            if self.cash[seat] < cost:
                raise IllegalAction("cash", "this costs {cost}; you have {cash}", cost=cost, cash=self.cash[seat])

    def _do_settle(self, seat: int, a: SettleMortgage) -> None:
        d = self.stack.pop()
        sq = d.square
        if self.owner[sq] == seat and self.mortgaged[sq]:
            if a.redeem:
                cost = self.unmortgage_cost(sq)
                self._transfer(seat, BANK, cost, "unmortgage", sq)
                self.mortgaged[sq] = False
                self._emit(E.Unmortgaged, seat, sq, cost)
            else:
                self.mortgaged[sq] = False
                self._give_property(sq, seat, -1)
                self._emit(LotForfeited, seat, sq)
        self._resume(d.then)

    # ------------------------------------------------------------ selling lots to the bank (9, 1.2)
    def _check_sell_lot(self, seat: int, a: SellLot) -> None:
        self._alive_check(seat)
        rules = self.rules
        if not rules.sell_to_bank_percent:
            raise IllegalAction("no-sale-to-bank", "the bank does not buy lots under these rules")
        sq = a.square
        if not isinstance(sq, int) or not 0 <= sq < self.size or self.owner[sq] != seat:
            raise IllegalAction("sell-own-lot", "you do not own {square}", square=str(sq))
        self._check_window(
            seat, rules.mortgage_timing, "lot-sale-timing", "selling a lot to the bank", debt_ok=True
        )
        name = self.edition.squares[sq].name
        if any(self.level[m] for m in self.t.members[sq]):
            raise IllegalAction(
                "industry-has-offices",
                "{square}: close the offices of its industry before selling any of its lots",
                square=name,
            )
        if self.mortgaged[sq] and not rules.sell_mortgaged_to_bank:
            raise IllegalAction(
                "sell-mortgaged-lot", "{square} is mortgaged: redeem it before selling it", square=name
            )

    def _do_sell_lot(self, seat: int, a: SellLot) -> None:
        sq = a.square
        amount = self.lot_sale_value(sq)
        self._transfer(BANK, seat, amount, "lot_sale", sq)
        self.mortgaged[sq] = False
        self._give_property(sq, seat, -1)
        self._emit(LotSold, seat, sq, amount)

    # ------------------------------------------------------------ the strict turn (3.1-3.7)
    def _check_window(self, seat: int, timing: str, rule: str, what: str, debt_ok: bool = False) -> None:
        if timing != "steps":
            super()._check_window(seat, timing, rule, what, debt_ok)
            return
        top = self.stack[-1] if self.stack else None
        if top is None:
            return
        if debt_ok and top.seat == seat and top.kind in (D.DEBT, REDEEM):
            return  # raising cash from the bank for a payment (000:379,513)
        step = (
            top.seat == self.current
            and top.kind in _STEP_KINDS
            and not (top.kind == COURT and top.data.lawyer)  # card 15 is drawn in step 3.4
        )
        if rule == "trade-timing":  # any party may propose, in the active player's steps 3.1 and 3.5
            if not step:
                raise IllegalAction(
                    rule,
                    "{what}: only in steps 3.1 and 3.5 of a turn, never while a payment is owed",
                    what=what,
                    when="steps",
                )
            return
        if not (step and seat == self.current):
            raise IllegalAction(
                rule, "{what}: only in steps 3.1 and 3.5 of your own turn", what=what, when="steps"
            )

    def _check_deal_moment(self, seat: int) -> None:
        if any(d.kind in (D.TRADE_RESPONSE, DEAL_RESPONSE) for d in self.stack):
            raise IllegalAction("one-trade-at-a-time", "another offer is waiting for an answer")
        if not self.rules.trade_in_debt and any(d.kind == D.DEBT for d in self.stack):
            raise IllegalAction("no-trade-in-debt", "no deals while a payment is owed")

    def _check_trade(self, seat: int, a: ProposeTrade) -> None:
        self._alive_check(seat)
        self._check_deal_moment(seat)
        super()._check_trade(seat, a)
        if self.rules.deals_need_active_player and self.current not in (seat, a.partner):
            raise IllegalAction(
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                player=self.names[self.current],
            )

    def _receive_mortgaged(self, receiver: int, squares: list[int], then: str | None) -> bool:
        if self.rules.mortgage_lap_deadline:
            return True  # it stays mortgaged and falls due at the receiver's next lap (B-8, B-11)
        return super()._receive_mortgaged(receiver, squares, then)

    # ------------------------------------------------------------ deals with any number of parties (B-19)
    def _deal_problem(
        self,
        proposer: int,
        properties: tuple[tuple[int, int], ...],
        cash: tuple[tuple[int, int, int], ...],
        cards: tuple[tuple[str, int, int], ...],
    ) -> tuple[str, str, dict[str, Any]] | None:
        """Why the deal cannot be made now: (rule, message template, parameters), or None."""
        n, names = self.n, self.names

        def seat_ok(s: Any) -> bool:
            return isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n and not self.bankrupt[s]

        partner = ("trade-partner", "trade with another player still in the game", {})
        if not (properties or cash or cards):
            return ("empty-trade", "the offer is empty", {})
        parties: set[int] = set()
        seen: set[int] = set()
        net = [0] * n
        for item in properties:
            if not isinstance(item, tuple) or len(item) != 2 or not isinstance(item[0], int):
                return (
                    "trade-property",
                    "{player} cannot trade {square}",
                    {"player": names[proposer], "square": str(item)},
                )
            sq, to = item
            giver = self.owner[sq] if 0 <= sq < self.size else -1
            if giver < 0 or sq in seen:
                return (
                    "trade-property",
                    "{player} cannot trade {square}",
                    {"player": names[proposer], "square": str(sq)},
                )
            seen.add(sq)
            square = self.edition.squares[sq].name
            if not seat_ok(to) or to == giver:
                return partner
            if self.mortgaged[sq] and not self.rules.trade_mortgaged:
                return ("no-trading-mortgaged", "{square} is mortgaged: it cannot be sold", {"square": square})
            if any(self.level[m] for m in self.t.members[sq]):  # 000:485
                return (
                    "trade-no-buildings-in-group",
                    "{square}: sell the group's buildings to the bank before trading any of its lots",
                    {"square": square},
                )
            parties.update((giver, to))
        for item in cash:
            if not isinstance(item, tuple) or len(item) != 3:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[proposer], "amount": str(item)},
                )
            frm, to, amount = item
            if not (seat_ok(frm) and seat_ok(to)) or frm == to:
                return partner
            if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[frm], "amount": str(amount)},
                )
            net[frm] -= amount
            net[to] += amount
            parties.update((frm, to))
        held = [list(c) for c in self.jail_cards]
        for item in cards:
            if not isinstance(item, tuple) or len(item) != 3:
                return (
                    "trade-jail-card",
                    "{player} has no jail card from {deck}",
                    {"player": names[proposer], "deck": str(item)},
                )
            deck, frm, to = item
            if not (seat_ok(frm) and seat_ok(to)) or frm == to:
                return partner
            if deck not in held[frm]:
                return (
                    "trade-jail-card",
                    "{player} has no jail card from {deck}",
                    {"player": names[frm], "deck": str(deck)},
                )
            held[frm].remove(deck)
            parties.update((frm, to))
        if proposer not in parties:
            return ("deal-proposer-party", "the proposer must be a party to the deal", {})
        if self.rules.deals_need_active_player and self.current not in parties:
            return (
                "deal-needs-active-player",
                "a deal must involve {player}, whose turn it is",
                {"player": names[self.current]},
            )
        for p in parties:
            if self.cash[p] + net[p] < 0:
                return (
                    "trade-cash",
                    "{player} cannot give {amount} in cash",
                    {"player": names[p], "amount": -net[p]},
                )
        return None

    def _check_deal(self, seat: int, a: ProposeDeal) -> None:
        self._alive_check(seat)
        self._check_deal_moment(seat)
        self._check_window(seat, self.rules.trade_timing, "trade-timing", "proposing a deal")
        why = self._deal_problem(seat, a.properties, a.cash, a.cards)
        if why is not None:
            raise IllegalAction(why[0], why[1], **why[2])

    def _do_deal(self, seat: int, a: ProposeDeal) -> None:
        parties = {to for _, to in a.properties} | {self.owner[sq] for sq, _ in a.properties}
        parties |= {s for frm, to, _ in a.cash for s in (frm, to)} | {
            s for _, frm, to in a.cards for s in (frm, to)
        }
        others = sorted(parties - {seat}, key=lambda s: (s - seat) % self.n)
        deal = Deal(seat, a.properties, a.cash, a.cards, list(others))
        self._emit(DealProposed, seat, tuple(sorted(parties)), a.to_json())
        self._push_chain([Decision(DEAL_RESPONSE, q, -1, deal) for q in others], None)

    def _check_answer(self, seat: int, a: Action) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != DEAL_RESPONSE:
            super()._check_answer(seat, a)
            return
        d = self._expect(seat, DEAL_RESPONSE, "answering a deal")
        if isinstance(a, Accept):
            deal: Deal = d.data
            if self._deal_problem(deal.proposer, deal.properties, deal.cash, deal.cards) is not None:
                raise IllegalAction("trade-stale", "the offer no longer matches what the players hold")

    def _do_answer(self, seat: int, a: Action) -> None:
        top = self.stack[-1] if self.stack else None
        if top is None or top.kind != DEAL_RESPONSE:
            super()._do_answer(seat, a)
            return
        d = self.stack.pop()
        deal: Deal = d.data
        if not isinstance(a, Accept):
            self.stack[:] = [x for x in self.stack if x.data is not deal]
            self._emit(DealAnswered, seat, False, False)
            return
        deal.pending.remove(seat)
        self._emit(DealAnswered, seat, True, not deal.pending)
        if deal.pending:
            return
        for sq, to in deal.properties:
            self._give_property(sq, self.owner[sq], to)
        for frm, to, amount in deal.cash:
            self._transfer(frm, to, amount, "deal")
        for deck, frm, to in deal.cards:
            self.jail_cards[frm].remove(deck)
            self.jail_cards[to].append(deck)
            self._emit(E.JailCardTransferred, deck, frm, to)

    # ------------------------------------------------------------ auctions (1.4)
    def _property_auction(self, sq: int, then: str | None, exclude: int = -1) -> None:
        rules = self.rules
        first = self.current if self.bp_start_phase else (self.current + 1) % self.n
        bidders = [(first + i) % self.n for i in range(self.n)]
        bidders = [b for b in bidders if b != exclude]
        low = rules.auction_min_bid
        if rules.auction_start_percent:  # 000:481 «Аукцион всегда начинается с половины стоимости участка»
            low = max(low, -(-self.t.price[sq] * rules.auction_start_percent // 100))
        self.bp_out = []
        self.bp_final = []
        self._start_auction(sq, "property", bidders, low, then)

    def _auction_step(self, d: Decision) -> None:
        a = d.data
        if self.bp_final:
            d.seat = self.bp_final[0]
            return
        if (not a.bidders or (len(a.bidders) == 1 and a.bidders[0] == a.high_bidder)) and a.high_bidder >= 0:
            if self.rules.auction_final_call:
                # 000:481 «Этот оставшийся участник обязан переспросить у соперников, не возражают ли они»
                waiting = [s for s in self.bp_out if not self.bankrupt[s] and s != a.high_bidder]
                if waiting:
                    self.bp_final = waiting
                    d.seat = waiting[0]
                    return
        if not a.bidders or (len(a.bidders) == 1 and a.bidders[0] == a.high_bidder):
            self.bp_out = []
        super()._auction_step(d)

    def _check_bid(self, seat: int, a: Bid) -> None:
        if not self.rules.bid_above_cash:
            super()._check_bid(seat, a)
            return
        d = self._expect(seat, D.AUCTION, "bidding")
        st = d.data
        low = max(st.min_bid, st.high_bid + 1)
        if not isinstance(a.amount, int) or isinstance(a.amount, bool) or a.amount < low:
            raise IllegalAction("bid-too-low", "a bid must be at least {low}", low=low)

    def _do_bid(self, seat: int, a: Bid) -> None:
        if not self.bp_final:
            super()._do_bid(seat, a)
            return
        # a player who had passed objects at the final call and bids again (B-17)
        d = self.stack[-1]
        st = d.data
        self.bp_final = []
        self.bp_out.remove(seat)
        st.bidders.append(seat)
        st.high_bid, st.high_bidder = a.amount, seat
        st.turn = 0
        self._emit(E.BidPlaced, seat, a.amount)
        self._auction_step(d)

    def _do_pass(self, seat: int, a: Any) -> None:
        if not self.bp_final:
            d = self.stack[-1]
            st = d.data
            if seat in st.bidders:
                self.bp_out.append(seat)
            super()._do_pass(seat, a)
            return
        d = self.stack[-1]
        self.bp_final.pop(0)
        self._emit(E.BidderPassed, seat)
        if self.bp_final:
            d.seat = self.bp_final[0]
            return
        self.stack.pop()
        self.bp_out = []
        self._close_auction(d.data, d.then)

    # ------------------------------------------------------------ offices and business centres (8)
    def _buildable(self, seat: int, sq: int, item_price: int | None = None) -> tuple[str, str] | None:
        if item_price is None and 0 <= sq < self.size:
            item_price = self.office_price(sq)
        why = super()._buildable(seat, sq, item_price)
        if why is not None:
            return why
        limit = self.rules.max_builds_per_turn
        if limit and self.bp_built[seat] >= limit:
            return ("office-limit", "at most {limit} offices may be opened in one move", {"limit": limit})
        return None

    def _loan_problem(self, seat: int, sq: int, percent: int) -> tuple[str, str] | None:
        if not isinstance(sq, int) or not 0 <= sq < self.size or not self.t.is_street[sq]:
            return (
                "build-on-street",
                "{square} is not a street: buildings go on streets only",
                {"square": str(sq)},
            )
        if self.level[sq] >= 4:
            return ("building-loan-office", "the loan opens a new office, not a business centre", {})
        price = self.t.house_cost[sq] * percent // 100
        if self.rules.building_loan_counts:
            return self._buildable(seat, sq, price)
        return Game._buildable(self, seat, sq, price)

    def _check_build(self, seat: int, a: Build) -> None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == BUILDING_LOAN and top.seat == seat:
            why = self._loan_problem(seat, a.square, top.data)
            if why is not None:
                raise IllegalAction(why[0], why[1], **why[2])
            return
        super()._check_build(seat, a)

    def _do_build(self, seat: int, a: Build) -> None:
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind == BUILDING_LOAN and top.seat == seat:
            self.stack.pop()
            price = self.t.house_cost[a.square] * top.data // 100
            self._place_building(seat, a.square, price, counts=self.rules.building_loan_counts)
            self._resume(top.then)
            return
        super()._do_build(seat, a)

    def _place_building(self, seat: int, sq: int, cost: int, counts: bool = True) -> None:
        if cost and self.level[sq] == 4:
            cost = self.office_price(sq)
        super()._place_building(seat, sq, cost)
        if counts:
            self.bp_built[seat] += 1

    # ------------------------------------------------------------ courts (7)
    def _offer_suit(self, p: int, lawyer: bool) -> bool:
        if not self.rules.court_fee_percent or not self.suit_targets(p):
            return True
        self.bp_suits = 0
        self._push(Decision(COURT, p, self.position[p], Lawsuit(lawyer), "land_done"))
        return False

    def _check_sue(self, seat: int, a: Sue) -> None:
        self._expect(seat, COURT, "suing")
        sq = a.square
        if not isinstance(sq, int) or sq not in self.suit_targets(seat):
            raise IllegalAction(
                "court-shared-group",
                "you may sue only for another player's lot of a group in which you hold a lot",
            )
        fee = self.court_fee(sq)
        if self.cash[seat] < fee:
            raise IllegalAction("cash", "this costs {cost}; you have {cash}", cost=fee, cash=self.cash[seat])

    def _do_sue(self, seat: int, a: Sue) -> None:
        """000:451-453: pay 1.5 x the price to the bank; one die each; the lot passes only on a higher roll."""
        d = self.stack.pop()
        sq = a.square
        defendant = self.owner[sq]
        fee = self.court_fee(sq)
        self._transfer(seat, BANK, fee, "court_fee", sq)
        mine = self.chance.roll(1)[0]
        theirs = self.chance.roll(1)[0]
        lawyer = d.data.lawyer
        won = mine > theirs or (lawyer and mine == theirs)
        self._emit(SuitDecided, seat, defendant, sq, fee, mine, theirs, won, lawyer)
        if won:
            self._give_property(sq, defendant, seat)  # a mortgaged lot stays mortgaged (B-8)
        self.bp_suits += 1
        if self.bp_suits < self.rules.suits_per_landing and self.suit_targets(seat):
            self._push(Decision(COURT, seat, d.square, d.data, d.then))
            return
        self._resume(d.then)

    def _check_waive(self, seat: int, a: Waive) -> None:
        d = self.stack[-1] if self.stack else None
        if d is None or d.kind not in (COURT, BUILDING_LOAN):
            now = d.kind if d else "nothing"
            raise IllegalAction(
                "nothing-to-waive", "there is no offer to let go (the game waits for: {waiting})", waiting=now
            )
        if d.seat != seat:
            raise IllegalAction(
                "not-your-turn",
                "it is {decider}'s decision, not {player}'s",
                decider=self.names[d.seat],
                player=self.names[seat],
            )

    def _do_waive(self, seat: int, a: Waive) -> None:
        d = self.stack.pop()
        self._resume(d.then)

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

    def _apply_card(self, p: int, card: Card) -> bool:
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

    # ------------------------------------------------------------ bankruptcy (000:519)
    def _go_bankrupt(self, p: int, d: Decision | None) -> None:
        """A tenant pays what cash they have; the bank pays the owner the shortfall («хозяин получает всю
        недостающую сумму из банка»). Other creditors (the bank) simply lose the rest (B-20)."""
        if d is not None and isinstance(d.data, Debt) and self.rules.bankruptcy_to_player == "bank_pays_creditor":
            debt: Debt = d.data
            if len(debt.creditors) == 1:
                creditor, amount = debt.creditors[0]
                if creditor >= 0 and not self.bankrupt[creditor]:
                    paid = min(self.cash[p], amount)
                    self._transfer(p, creditor, paid, debt.reason, debt.square)
                    debt.creditors = [(creditor, amount - paid)]
        super()._go_bankrupt(p, d)
        if p in self.bp_out:
            self.bp_out.remove(p)
        if p in self.bp_final:
            self.bp_final.remove(p)

    # ------------------------------------------------------------ legal actions and the record
    def _decision_actions(self, d: Decision) -> Any:
        kind, seat = d.kind, d.seat
        if kind == COURT:
            for sq in self.suit_targets(seat):
                if self.cash[seat] >= self.court_fee(sq):
                    yield Sue(sq)
            yield WAIVE
        elif kind == BUILDING_LOAN:
            for sq in self.t.streets:
                if self.owner[sq] == seat and self._loan_problem(seat, sq, d.data) is None:
                    yield Build(sq)
            yield WAIVE
        elif kind == REDEEM:
            if self.is_legal(seat, SettleMortgage(True)):
                yield SettleMortgage(True)
            yield SettleMortgage(False)
        elif kind == DEAL_RESPONSE:
            if self.is_legal(seat, ACCEPT):
                yield ACCEPT
            yield REJECT
        elif kind == D.AUCTION and self.rules.bid_above_cash:
            a = d.data
            low = max(a.min_bid, a.high_bid + 1)
            # any bid is legal; the one listed is one the bidder could still pay by selling to the bank
            if self.cash[seat] + self.liquidation_value(seat) >= low:
                yield Bid(low)
            yield PASS
        else:
            yield from super()._decision_actions(d)

    def _free_actions(self, seat: int) -> Any:
        yield from super()._free_actions(seat)
        if self.rules.sell_to_bank_percent:
            for sq in self.t.properties:
                if self.owner[sq] == seat and self.is_legal(seat, SellLot(sq)):
                    yield SellLot(sq)

    def variant_violations(self) -> list[str]:
        out = []
        rules = self.rules
        limit = rules.max_builds_per_turn + (0 if rules.building_loan_counts else 1)
        for p in range(self.n):
            if rules.jail_cells and self.in_jail[p] and self.jail_turns[p] >= rules.jail_cells:
                out.append(f"seat {p} is beyond the last jail cell ({self.jail_turns[p]})")
            if rules.max_builds_per_turn and self.bp_built[p] > limit:
                out.append(f"seat {p} opened {self.bp_built[p]} offices in one move")
            if self.bp_intro[p] and (rules.start_mode != "intro_lap" or self.in_jail[p] or self.bp_laps[p]):
                out.append(f"seat {p} is on the introductory lap out of place")
        top = self.stack[-1] if self.stack else None
        if top is not None and top.kind in (D.PRE_ROLL, D.POST_ROLL):
            if self.bp_lap >= 0 or self.bp_lap_amount >= 0 or self.bp_due:
                out.append("a lap settlement was left unfinished")
        if any(self.bankrupt[s] for s in self.bp_out + self.bp_final):
            out.append("a bankrupt player is still in an auction")
        return out

    def snapshot(self) -> dict[str, Any]:
        out = super().snapshot()
        data = []
        for d in self.stack:
            if isinstance(d.data, Deal | Lawsuit):
                data.append(asdict(d.data))
            else:
                data.append(d.data if isinstance(d.data, int | str | None) else None)
        out["businesspoly"] = {
            "intro": list(self.bp_intro),
            "built": list(self.bp_built),
            "laps": list(self.bp_laps),
            "lap": self.bp_lap,
            "lap_amount": self.bp_lap_amount,
            "card_kind": self.bp_card_kind,
            "company_dice": self.bp_company_dice,
            "auction_out": list(self.bp_out),
            "final_call": list(self.bp_final),
            "suits": self.bp_suits,
            "due": list(self.bp_due),
            "start_phase": self.bp_start_phase,
            "stack_data": data,
        }
        return out


register_variant("businesspoly", BusinesspolyGame)

# ================================================================ the rulesets

_COMMON: dict[str, tuple[Any, str]] = dict(
    variant=("businesspoly", "000:293-593"),
    starting_cash=(2500, "000:413 (the start auction; REC B-3 for the introductory lap)"),
    turn_order_by_roll=(True, "000:407"),
    salary=(450, "000:333,435"),
    salary_on_landing=(True, "000:421,435"),
    doubles_extra_roll=(True, "000:429"),
    doubles_to_jail=(3, "000:429,495"),
    auctions=(True, "000:381 (buy or auction, mandatory)"),
    decliner_may_bid=(True, "000:481 (REC B-17)"),
    auction_min_bid=(1, "000:383"),
    rent_claim=("automatic", "000:399,517"),
    double_rent_full_set=(False, "000:517 (REC B-15)"),
    free_parking=("rest", "REC B-24"),
    jail_fine=(200, "000:367,509"),
    jail_doubles_extra_roll=(False, "000:505 (REC B-9)"),
    shuffle_decks=(True, "REC B-22"),
    build_timing=("steps", "000:415-427"),
    mortgage_timing=("steps", "000:415-427,471"),
    trade_timing=("steps", "000:387,415-427,475"),
    trade_in_debt=(False, "000:379,513-515"),
    trade_mortgaged=(True, "000:487"),
    houses=(96, "the rules set no limit on offices (L15): enough for every lot"),
    hotels=(32, "the rules set no limit on business centres"),
    shortage_auction=(False, "no office shortage (L15)"),
    even_building=(True, "000:457"),
    even_selling=(True, "000:457"),
    building_sell_percent=(50, "000:465"),
    mortgage_interest_percent=(0, "000:371,471 (REC B-11: redeemed for the sum received)"),
    mortgage_requires_unbuilt=("group", "000:485"),
    transfer_fee_percent=(0, "000:487 (no fee for a mortgaged lot changing hands)"),
    bankruptcy_to_player=("bank_pays_creditor", "000:519"),
    bankrupt_property_to_bank=("unowned", "000:519 (REC B-20)"),
    start_mode=("start_auction", "000:351,411-413 (B-25; 'intro_lap' the other choice)"),
    start_auction_lots=(12, "000:353,413"),
    auction_start_percent=(50, "000:383,481"),
    auction_final_call=(True, "000:481 (REC B-17)"),
    bid_above_cash=(True, "000:483"),
    lap_tax_per_group=(50, "000:333,435"),
    lap_tax_groups=("all", "000:435,439 (REC B-1)"),
    lap_net_may_be_negative=(True, "000:435 (REC B-4)"),
    card_lap_amount_replaces=(True, "000:541,585 (REC B-10)"),
    mortgage_lap_deadline=(True, "000:371,471 (REC B-11)"),
    sell_to_bank_percent=(50, "000:371,473"),
    sell_mortgaged_to_bank=(True, "000:371 (REC B-12)"),
    max_builds_per_turn=(2, "000:375,415,457"),
    build_limit_per=("move", "000:415,429 (REC B-13)"),
    hotel_cost_houses=(1, "000:327,457 (REC B-14)"),
    jail_cells=(3, "000:363,499-503 (REC B-9)"),
    court_fee_percent=(150, "000:359,451"),
    court_scope=("all", "000:449 (REC B-7)"),
    court_at_jail=(True, "000:349,425 (REC B-6)"),
    suits_per_landing=(1, "000:425 (REC B-8)"),
    deals_need_active_player=(True, "000:475,487 (REC B-19)"),
    card_insurance=(True, "000:569-575,581 (REC B-23)"),
    card_percent_rounding=("down", "000:529,531 (section 3.1)"),
    building_loan_counts=(True, "000:583 (section 3.1)"),
)

BUSINESSPOLY = _ruleset(
    "businesspoly",
    "«Бизнесполия» of seed 000 on the full map: lap tax per industry, courts, a three-cell jail, mortgages "
    "settled each lap, a strict turn, the deck «Извещение»",
    "businesspoly",
    **_COMMON,
)

BUSINESSPOLY_SHORT = _ruleset(
    "businesspoly-short",
    "«Бизнесполия» of seed 000 on the shortened map (salary 400)",
    "businesspoly-short",
    **{**_COMMON, "salary": (400, "000:435 «на сокращённой карте 400 бин»")},
)

RULESETS[BUSINESSPOLY.id] = BUSINESSPOLY
RULESETS[BUSINESSPOLY_SHORT.id] = BUSINESSPOLY_SHORT

__all__ = [
    "BusinesspolyGame",
    "BUSINESSPOLY",
    "BUSINESSPOLY_SHORT",
    "Sue",
    "Waive",
    "WAIVE",
    "SettleMortgage",
    "SellLot",
    "ProposeDeal",
    "COURT",
    "BUILDING_LOAN",
    "REDEEM",
    "DEAL_RESPONSE",
]
