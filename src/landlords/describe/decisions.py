"""What a seat needs to know before a choice: the stakes and the odds of the decision it faces,
as data (labelled values) and words, for every front end.

* buying and auctions: the list price, the rent, the group and who holds it, the cash at hand, and
  "you cannot afford it" instead of a choice that silently vanishes;
* Odessa: the malina fee, the double fee and the challenge's exact win chance; the exchange's
  try-by-try table; the mortgage lap's two prices;
* Бизнесполия: each possible lawsuit's fee and win chance (a tie wins with the lawyer card), what
  redeeming costs and what selling to the bank brings;
* debts: what is owed and what selling and mortgaging could raise.

:func:`confirmation` names the acts that cannot be undone and asks a front end to confirm them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..engine import decision as D
from ..engine.actions import Action
from ..engine.edition import HOTEL, STREET
from ..engine.game import Game
from ..i18n.grammar import percent
from ..odds.duels import duel_win_odds, exchange_table
from .cards import PropertyCard, property_card
from .words import Speaker


@dataclass(frozen=True, slots=True)
class Fact:
    label: str
    value: str
    warning: bool = False  # e.g. "you cannot afford it"


@dataclass(frozen=True, slots=True)
class DecisionInfo:
    """Facts to show with a decision; ``card``: the property it is about, if any."""

    facts: tuple[Fact, ...] = ()
    card: PropertyCard | None = None
    notes: tuple[str, ...] = field(default=())  # for the seat deciding: "you roll one die"
    watch_notes: tuple[str, ...] = field(default=())  # the same for everyone else, in the third person

    def lines(self) -> list[str]:
        out = [f"{f.label}: {f.value}" if f.label else f.value for f in self.facts]
        out.extend(self.notes)
        return out


def chance(lang: str, p: Fraction) -> str:
    """An exact probability shown as a percentage and a fraction: "9.3% (5/54)"."""
    return f"{percent(lang, float(p))} ({p.numerator}/{p.denominator})"


def _rent_now(game: Game, sq: int, w: Speaker) -> str:
    t = game.t
    table = t.rent[sq]
    if t.kind[sq] == STREET:
        return w.money(table[0])
    if t.kind[sq] == "utility":
        return w.t("card.times_dice", times=table[0])
    return w.money(table[0])


def _group_holders(game: Game, sq: int, w: Speaker) -> str:
    """Who holds each other square of ``sq``'s group, in words: made once per game, language and
    owners of the group (kept in ``w.facts``), for a server words every purchase and auction."""
    owner = game.owner
    key = ("holders", sq, tuple([owner[m] for m in game.t.members[sq]]))
    kept = w.facts
    text = kept.get(key)
    if text is None:
        parts = []
        for m in game.t.members[sq]:
            if m == sq:
                continue
            q = owner[m]
            holder = w.t("card.bank_holds") if q < 0 else str(w.name(q))
            parts.append(w.t("card.member", square=w.square(m), owner=holder))
        text = kept.keep(key, "; ".join(parts) if parts else w.t("info.alone_in_group"))
    return text


def _square_facts(game: Game, sq: int, w: Speaker) -> tuple[Fact, Fact, str | None, str]:
    """The facts of ``sq`` that never change in a game (its price and rent, the label of its group's
    line) and the label of the cash line, made once per game and language (kept in ``w.facts``)."""
    key = ("square", sq)
    kept = w.facts.get(key)
    if kept is None:
        group = w.group(sq)
        kept = w.facts.keep(
            key,
            (
                Fact(w.t("card.price"), w.money(game.t.price[sq])),
                Fact(w.t("card.rent"), _rent_now(game, sq, w)),
                None if group is None else w.t("info.group", group=group),
                w.t("info.your_cash"),
            ),
        )
    return kept


def property_facts(game: Game, seat: int, sq: int, w: Speaker, price: int | None = None) -> list[Fact]:
    """List price, rent, the group and its holders, the seat's cash and whether it can pay ``price``."""
    price_fact, rent_fact, group_label, cash_label = _square_facts(game, sq, w)
    facts = [price_fact, rent_fact]
    if group_label is not None:
        facts.append(Fact(group_label, _group_holders(game, sq, w)))
    cash = game.cash[seat]
    facts.append(Fact(cash_label, w.money(cash)))
    if price is not None and cash < price:
        facts.append(Fact("", w.t("info.cannot_afford", price=w.money(price), cash=w.money(cash)), True))
    return facts


def decision_info(
    game: Game, d: D.Decision, lang: str, words: Speaker | None = None, with_card: bool = True
) -> DecisionInfo:
    """The stakes and odds of decision ``d`` for the seat that faces it (``with_card``: False when
    the property's card is not wanted, as in a server's view: it is the costliest part)."""
    w = words or Speaker(game, lang)
    kind, seat, sq = d.kind, d.seat, d.square
    t = game.t
    card = property_card(game, sq, lang, w) if with_card and 0 <= sq < game.size and t.is_property[sq] else None
    if kind == D.BUY and sq >= 0:
        facts = property_facts(game, seat, sq, w, t.price[sq])
        if game.cash[seat] < t.price[sq] and game.rules.auctions:
            facts.append(Fact("", w.t("info.goes_to_auction")))
        return DecisionInfo(tuple(facts), card)
    if isinstance(d.data, D.AuctionState):
        a = d.data
        low = max(a.min_bid, a.high_bid + 1)
        facts = (
            property_facts(game, seat, a.square, w, low)
            if a.item == "property"
            else [Fact(w.t("info.your_cash"), w.money(game.cash[seat]))]
        )
        facts.insert(0, Fact(w.t("info.lowest_bid"), w.money(low)))
        return DecisionInfo(tuple(facts), card if a.item == "property" else None)
    if isinstance(d.data, D.Debt):
        debt = d.data
        facts = [
            Fact(w.t("info.owed"), w.money(debt.amount)),
            Fact(w.t("info.your_cash"), w.money(game.cash[seat])),
            Fact(w.t("info.can_raise"), w.money(game.liquidation_value(seat))),
        ]
        if game.cash[seat] + game.liquidation_value(seat) < debt.amount:
            facts.append(Fact("", w.t("info.not_enough"), True))
        return DecisionInfo(tuple(facts))
    if kind == D.INCOME_TAX:
        return DecisionInfo(
            (
                Fact(w.t("info.tax_fixed"), w.money(game.rules.income_tax_alternative)),
                Fact(
                    w.t("info.tax_percent", percent=game.rules.income_tax_percent),
                    w.money(game.income_tax_percentage(seat)),
                ),
            )
        )
    own = _VARIANT_INFO.get(kind)
    if own is not None:
        return own(game, d, w, card)
    if kind == D.PRE_ROLL and game.in_jail[seat] and game.rules.variant == "odessa":
        return _exchange(game, d, w, card)
    return DecisionInfo(card=card if kind in (D.MORTGAGE_TRANSFER,) else None)


# ------------------------------------------------------------------ the variants' decisions
def _malina(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    sq = d.square
    fee = game.malina_fee(sq)  # type: ignore[attr-defined]
    sides = game.rules.dice_sides
    win = duel_win_odds(1, 2, sides=sides)
    facts = (
        Fact(w.t("info.malina_owner"), str(w.name(game.owner[sq]))),
        Fact(w.t("info.malina_fee"), w.money(fee)),
        Fact(w.t("info.malina_double"), w.money(2 * fee)),
        Fact(w.t("info.malina_win_chance"), chance(w.lang, win)),
        Fact(w.t("info.your_cash"), w.money(game.cash[d.seat])),
    )
    owner = w.name(game.owner[sq])
    watch = w.t("info.malina_how_watch", player=w.name(d.seat), owner=owner)
    return DecisionInfo(facts, card, (w.t("info.malina_how"),), (watch,))


def _exchange(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    from ..rules import odessa as O

    reading = getattr(game.rules, "exchange_double", "any_two")
    facts = []
    for attempt, reach, hit in exchange_table(reading, game.rules.dice_sides):
        if attempt == 1:
            what = w.t("info.exchange_win", per=w.money(O.EXCHANGE_WIN_PER_PIP))
        elif attempt <= O.EXCHANGE_TRIES:
            what = w.t("info.exchange_loss", per=w.money(O.EXCHANGE_LOSS_PER_PIP[attempt - 2]))
        else:
            what = w.t("info.exchange_forced", per=w.money(O.EXCHANGE_FORCED_PER_PIP))
        label = (
            w.t("info.exchange_try", attempt=attempt)
            if attempt <= O.EXCHANGE_TRIES
            else w.t("info.exchange_fourth")
        )
        odds = w.t("info.exchange_odds", reach=chance(w.lang, reach), hit=chance(w.lang, hit))
        facts.append(Fact(label, f"{what}; {odds}" if attempt <= O.EXCHANGE_TRIES else what))
    if d.kind == D.PRE_ROLL:
        facts.insert(0, Fact(w.t("info.exchange_now"), str(game.jail_turns[d.seat] + 1)))
    return DecisionInfo(tuple(facts), card)


def _mortgage_lap(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    sq = d.square
    return DecisionInfo(
        (
            Fact(w.t("info.lift_now"), w.money(game.unmortgage_cost(sq))),
            Fact(w.t("info.another_lap"), w.money(game.lap_fee(sq))),  # type: ignore[attr-defined]
            Fact(w.t("info.your_cash"), w.money(game.cash[d.seat])),
        ),
        card,
    )


def _court(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    lawyer = bool(getattr(d.data, "lawyer", False))
    sides = game.rules.dice_sides
    win = duel_win_odds(1, 1, tie_wins=lawyer, sides=sides)
    facts = [Fact(w.t("info.court_win_chance"), chance(w.lang, win))]
    cash = game.cash[d.seat]
    for target in game.suit_targets(d.seat):  # type: ignore[attr-defined]
        fee = game.court_fee(target)  # type: ignore[attr-defined]
        line = w.t("info.court_target", owner=w.name(game.owner[target]), fee=w.money(fee))
        facts.append(
            Fact(str(w.square(target)), line + ("" if cash >= fee else " — " + w.t("info.too_dear")), cash < fee)
        )
    facts.append(Fact(w.t("info.your_cash"), w.money(cash)))
    how = "info.court_how_lawyer" if lawyer else "info.court_how"
    return DecisionInfo(tuple(facts), None, (w.t(how),), (w.t(f"{how}_watch", player=w.name(d.seat)),))


def _redeem(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    sq = d.square
    return DecisionInfo(
        (
            Fact(w.t("info.redeem_cost"), w.money(game.unmortgage_cost(sq))),
            Fact(w.t("info.redeem_else"), w.t("info.bank_takes")),
            Fact(w.t("info.your_cash"), w.money(game.cash[d.seat])),
        ),
        card,
    )


def _building_loan(game: Game, d: D.Decision, w: Speaker, card: PropertyCard | None) -> DecisionInfo:
    pct = d.data if isinstance(d.data, int) else 0
    return DecisionInfo(
        (Fact(w.t("info.loan_percent"), f"{pct}%"), Fact(w.t("info.your_cash"), w.money(game.cash[d.seat])))
    )


_VARIANT_INFO = {
    "malina_visit": _malina,
    "exchange_refusal": _exchange,
    "mortgage_lap": _mortgage_lap,
    "court": _court,
    "redeem": _redeem,
    "building_loan": _building_loan,
}


# ------------------------------------------------------------------ free acts' amounts
def sale_value(game: Game, sq: int) -> int:
    """What the bank pays for a lot (Бизнесполия's sell-to-bank), 0 where it buys none."""
    fn = getattr(game, "lot_sale_value", None)
    return fn(sq) if fn is not None else 0


# ------------------------------------------------------------------ confirmations
def confirmation(game: Game, seat: int, action: Action, lang: str, words: Speaker | None = None) -> str | None:
    """A question to ask before an act that cannot be undone, or None."""
    w = words or Speaker(game, lang)
    kind = action.TYPE
    if kind == "declare_bankruptcy":
        return w.t("confirm.bankruptcy")
    if kind == "sue":
        sq = action.square  # type: ignore[attr-defined]
        return w.t("confirm.sue", square=w.square(sq), fee=w.money(game.court_fee(sq)))  # type: ignore[attr-defined]
    if kind == "challenge_malina" and getattr(action, "challenge", False):
        d = game.decision
        fee = game.malina_fee(d.square) if d is not None else 0  # type: ignore[attr-defined]
        return w.t("confirm.challenge", double=w.money(2 * fee), chance=chance(lang, duel_win_odds(1, 2)))
    if kind == "decline" and game.rules.auctions:
        d = game.decision
        if d is not None and d.square >= 0:
            return w.t("confirm.decline", square=w.square(d.square))
    if kind == "settle_mortgage" and not getattr(action, "redeem", True):
        d = game.decision
        if d is not None and d.square >= 0:
            return w.t("confirm.forfeit", square=w.square(d.square))
    return None


def level_words(game: Game, sq: int, w: Speaker) -> str:
    """What stands on a lot, in the variant's words ("2 houses", «кооператив»)."""
    level = game.level[sq]
    if level == HOTEL:
        return w.word("hotel")
    return w.count("house", level)
