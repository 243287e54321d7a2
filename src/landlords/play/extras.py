"""What the terminal shows and asks besides the menu: the stakes of a decision, property cards,
plans of several acts in one command (a group built evenly to N, a group sold, cash raised for a
debt), confirmations before acts that cannot be undone, and what happened since a player's last turn.

The words and figures come from :mod:`landlords.describe` and :mod:`landlords.assist`, shared with
every front end; this module only lays them out and asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..assist.plans import MONEY, Plan, build_evenly, group_plans, raise_cash, replay, sell_group
from ..describe.cards import houses_before_hotel, property_card
from ..describe.decisions import confirmation, decision_info
from ..describe.labels import action_label, speaker
from ..describe.mechanics import act_mechanics, explain, mechanic_key
from ..describe.rulesets import summary, title
from ..engine import decision as D
from ..engine import events as E
from ..engine.edition import HOTEL
from .keys import number

if TYPE_CHECKING:  # pragma: no cover
    from .base import AppParts

SMALL_SCREEN = 30  # rows: below this the turn starts with a summary line, not the whole board
NOTABLE = frozenset(
    {"bought", "built", "paid", "jailed", "went_bankrupt", "auction_ended", "trade_answered", "mortgaged"}
)


class Extras:
    """The extra screens and commands of one terminal game (``app``: the PlayApp)."""

    def __init__(self, app: AppParts) -> None:
        self.app = app
        self.last_turn: dict[int, tuple[int, int]] = {}  # seat -> (events seen, cash) at its last turn
        self.explained: set[str] = set()  # the mechanics already explained at this table

    @property
    def words(self):
        return speaker(self.app.game, self.app.lang)

    def say(self, text: str, style: str | None = None) -> None:
        self.app.term.print(Text(text, style=style) if style else Text(text))

    # ------------------------------------------------------------ the ruleset
    def rules_summary(self) -> None:
        game = self.app.game
        self.say(title(game.rules, self.app.lang), "bold")
        for line in summary(game.rules, self.app.lang):
            self.say(" • " + line)

    def act_help(self) -> None:
        """The variant's own ways of building, selling and dealing, as the help lists them."""
        game = self.app.game
        for text in dict.fromkeys(act_mechanics(game.rules, self.app.lang, self.app.money).values()):
            self.say(" • " + text, "dim")

    def explain_once(self, key: str | None, text: str | None) -> None:
        """A mechanic explained where it happens, the first time a person meets it at this table."""
        if key is None or text is None or key in self.explained:
            return
        self.explained.add(key)
        self.say("  " + text, "italic")

    # ------------------------------------------------------------ a decision's stakes
    def details(self, d: D.Decision) -> None:
        game, lang = self.app.game, self.app.lang
        self.explain_once(mechanic_key(game, d), explain(game, d, lang))
        info = decision_info(game, d, lang, self.words)
        for fact in info.facts:
            text = f"{fact.label}: {fact.value}" if fact.label else fact.value
            self.say("  " + text, "bold red" if fact.warning else None)
        for note in info.notes:
            self.say("  " + note, "dim")

    # ------------------------------------------------------------ property cards
    def card_square(self, d: D.Decision | None) -> int | None:
        game = self.app.game
        if d is not None and 0 <= d.square < game.size and game.t.is_property[d.square]:
            return d.square
        if d is not None and isinstance(d.data, D.AuctionState) and d.data.item == "property":
            return d.data.square
        return None

    def show_card(self, sq: int) -> None:
        for i, line in enumerate(property_card(self.app.game, sq, self.app.lang, self.words).lines()):
            self.say(line, "bold" if i == 0 else None)

    def card_command(self, seat: int, answer: str) -> None:
        """``p``: the card of the square in question; ``p N`` or ``p NAME``: of any property."""
        game = self.app.game
        arg = answer.partition(" ")[2].strip().lower()
        if not arg:
            sq = self.card_square(game.decision)
            if sq is None:
                sq = game.position[seat] if game.t.is_property[game.position[seat]] else None
        elif number(arg) is not None:
            sq = number(arg)
        else:
            glosses = game.edition.glosses.get(self.app.lang) or {}  # an English reader types "p dacha"
            found = [
                s.index
                for s in game.edition.squares
                if s.is_property and (arg in s.name.lower() or arg in glosses.get(s.name, "").lower())
            ]
            sq = found[0] if found else None
        if sq is None or not (0 <= sq < game.size and game.t.is_property[sq]):
            self.say(self.app.t("ui.card_help"), "yellow")
            return
        self.show_card(sq)

    # ------------------------------------------------------------ plans of several acts
    def run_plan(self, seat: int, plan: Plan, what: str) -> bool:
        """Show a plan, ask once, apply it act by act (stopping at the first refusal)."""
        app = self.app
        if not plan.actions:
            self.say(app.t("ui.plan_empty"), "yellow")
            return False
        self.say(what, "bold")
        for before, a in replay(app.game, seat, plan):  # each step named as it will be taken
            self.say("   " + action_label(before, seat, a, app.lang))
        change = app.money(abs(plan.cash_change))
        self.say(app.t("ui.plan_cash_in" if plan.cash_change >= 0 else "ui.plan_cash_out", amount=change))
        if not plan.complete:
            self.say(app.t("ui.plan_partial_money" if plan.limit == MONEY else "ui.plan_partial"), "yellow")
        if app.choose(seat, app.t("ui.plan_confirm"), [app.t("ui.plan_go")]) is None:
            return False
        return all(app.apply(seat, a) for a in plan.actions)  # stops at the first act refused

    def group_command(self, seat: int) -> bool:
        """``g``: build a whole group evenly to N houses (or a hotel), or sell all its buildings."""
        app, game, w = self.app, self.app.game, self.words
        groups = group_plans(game, seat)  # only the groups where something can be done now
        if not groups:
            self.say(app.t("ui.no_group"), "yellow")
            return False
        names = [
            str(w.group(members[0])) + ": " + ", ".join(str(w.square(m)) for m in members) for members in groups
        ]
        i = app.choose(seat, app.t("ui.which_group"), names)
        if i is None:
            return False
        members = groups[i]
        top = houses_before_hotel(game)
        levels = [w.count("house", n) for n in range(1, top + 1)] + [w.word("hotel"), app.t("ui.sell_all")]
        j = app.choose(seat, app.t("ui.group_to"), levels)
        if j is None:
            return False
        if j == len(levels) - 1:
            return self.run_plan(seat, sell_group(game, seat, members), app.t("ui.plan_sell"))
        target = j + 1 if j < top else HOTEL
        return self.run_plan(seat, build_evenly(game, seat, members, target), app.t("ui.plan_build"))

    def raise_command(self, seat: int) -> bool:
        """``r``: the cheapest sales and mortgages that cover the debt (or an amount typed)."""
        app, game = self.app, self.app.game
        d = game.decision
        if d is not None and d.seat == seat and isinstance(d.data, D.Debt):
            plan = raise_cash(game, seat, d.data.amount)  # it stops at the step that pays the debt
            return self.run_plan(seat, plan, app.t("ui.plan_raise_debt", amount=app.money(d.data.amount)))
        extra = app.ask_amount(seat, app.t("ui.raise_how_much"), 1, 10**9, None)
        if extra is None:
            return False
        need = game.cash[seat] + extra
        return self.run_plan(seat, raise_cash(game, seat, need), app.t("ui.plan_raise", amount=app.money(need)))

    # ------------------------------------------------------------ confirmations
    def confirmed(self, seat: int, action) -> bool:
        question = confirmation(self.app.game, seat, action, self.app.lang, self.words)
        if question is None:
            return True
        app = self.app
        return app.choose(seat, question, [app.t("ui.yes")], back=app.t("ui.no")) is not None

    # ------------------------------------------------------------ the start of a turn
    def since_last_turn(self, seat: int) -> None:
        """One line of what changed since ``seat``'s last turn, and the others' notable events."""
        app, game, w = self.app, self.app.game, self.words
        events = game.events or []
        first = seat not in self.last_turn
        seen, cash = self.last_turn.get(seat, (0, game.cash[seat]))
        self.last_turn[seat] = (len(events), game.cash[seat])
        notable = [ev for ev in events[seen:] if self.worth_telling(ev, seat)]
        if first and not notable:
            return  # the seat's first turn, nothing yet to tell
        delta = game.cash[seat] - cash
        sign = "+" if delta >= 0 else "−"
        self.say(
            app.t(
                "ui.since_turn",
                cash=w.money(game.cash[seat]),
                change=f"{sign}{w.money(abs(delta))}",
                n=len(notable),
            ),
            "bold",
        )
        from ..render.text import recap

        for ev in notable[-6:]:
            self.say("  · " + recap(game, ev, app.lang, w), "dim")

    @staticmethod
    def worth_telling(ev: E.Event, seat: int) -> bool:
        """An event for ``seat``'s summary: the others' notable acts, and money between it and
        another player (not its own payments to the bank, seen as they happened)."""
        if ev.KIND not in NOTABLE or getattr(ev, "seat", -1) == seat:
            return False
        if isinstance(ev, E.Paid):
            return seat in (ev.payer, ev.payee) and min(ev.payer, ev.payee) >= 0
        return True

    def roll_again(self, d: D.Decision) -> bool:
        """After a double, before the same player's next roll: say it is a second roll."""
        game = self.app.game
        return d.kind == D.PRE_ROLL and game.doubles > 0 and not game.in_jail[d.seat]
