"""The trade builder: an offer to another player of any mix of lots, cash and jail cards.

Only what the engine lets change hands now is listed (each item is tried as an offer on its own:
``describe.offers.lots_to_offer``, ``cards_to_offer``), and the whole offer is checked by the engine as
it is built, its refusal shown in the player's words. The last offer to each partner is kept, so
``t`` opens it again for editing and resending. A person answering an offer may answer with a
changed one (a counter-offer: the offer turned round, then edited), and a bot that refuses says why,
in its own judgement's terms, or counters (:mod:`landlords.bots.verdicts`).

The builder reads one line at a time: numbers add or remove items, ``+N`` sets the cash the
proposer gives, ``-N`` the cash it asks, Enter sends, ``0`` goes back keeping the draft.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from rich.text import Text

from ..bots.verdicts import Answer, as_offer, judge, mirrored
from ..describe.labels import bot_reason, deck_name, offer_lines
from ..describe.offers import cards_to_offer, lots_to_offer
from ..engine import decision as D
from ..engine.actions import REJECT, Action, ProposeTrade
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..i18n import reason
from . import view
from .base import AppParts
from .keys import number


def toggled(items: tuple, item) -> tuple:
    return tuple(i for i in items if i != item) if item in items else (*items, item)


class Trades(AppParts):
    last_offers: dict[tuple[int, int], ProposeTrade]

    # ------------------------------------------------------------ opening the builder
    def trade_editor(self, seat: int, partners: list[int]) -> Action | None:
        """``t``: an offer to a partner (asked only when there are several), starting from the
        last offer made to them."""
        game = self.game
        if len(partners) == 1:
            partner = partners[0]
        else:
            i = self.choose(seat, self.t("ui.trade_with"), [self.partner_label(seat, q) for q in partners])
            if i is None:
                return None
            partner = partners[i]
        start = self.last_offers.get((seat, partner)) or ProposeTrade(partner)
        return self.build_offer(seat, start, game)

    def partner_label(self, seat: int, partner: int) -> str:
        last = self.last_offers.get((seat, partner))
        return str(self.name(partner)) + (" · " + self.t("ui.trade_last_kept") if last else "")

    def counter_offer(self, seat: int, d: D.Decision) -> Action | None:
        """Answer the offer ``d`` with a changed one: the offer turned round, edited, then sent
        after rejecting the first (what the engine accepts is checked on the position after it)."""
        after = self.position_after(seat, REJECT)
        if after is None:
            return None
        offer = self.build_offer(seat, as_offer(mirrored(d.data, 0)), after)
        if offer is None or not self.apply(seat, REJECT):
            return None
        return offer

    def position_after(self, seat: int, action: Action) -> Game | None:
        """A copy of the game with ``action`` applied (the real one unchanged), to check an offer
        made right after it."""
        game = self.game
        shared = {id(x): x for x in (game.edition, game.rules, game.t)}
        shared[id(game.events)] = []  # the copy's own (empty) log
        twin = copy.deepcopy(game, shared)
        try:
            twin.apply(seat, action)
        except IllegalAction as exc:
            why = reason(self.lang, exc, self.money)
            self.term.print(Text(self.t("ui.refused", reason=why), style="bold red"))
            return None
        return twin

    # ------------------------------------------------------------ the builder
    def build_offer(self, seat: int, offer: ProposeTrade, where: Game) -> ProposeTrade | None:
        """Edit ``offer`` until it is sent (returned) or the person goes back (None); ``where``: the
        position the offer will be made in (the game, or the one after a rejection)."""
        partner = offer.partner
        items: list[tuple[int | str, bool]] = []  # (a lot or a deck, given by the proposer?), side by side
        for side in (seat, partner):
            items += [(sq, side == seat) for sq in lots_to_offer(where, seat, partner, side)]
            items += [(deck, side == seat) for deck in cards_to_offer(where, seat, partner, side)]
        offer = self.within(offer, items)
        while True:
            self.last_offers[(seat, partner)] = offer
            problem = self.show_offer(seat, offer, items, where)
            answer = self.term.ask(self.game.names[seat]).strip()
            if answer == "":
                if problem is None:
                    return offer
                self.term.print(Text(self.t("ui.trade_fix_first"), style="yellow"))
                continue
            if answer.lower() in ("0", "x", "q"):
                return None
            edited = self.edit_offer(offer, answer, items, where, seat)
            if edited is None:
                example = 200 * where.edition.currency.scale  # typed as the edition shows amounts
                self.term.print(Text(self.t("ui.trade_not_understood", example=example), style="yellow"))
            else:
                offer = edited

    @staticmethod
    def within(offer: ProposeTrade, items: list) -> ProposeTrade:
        """``offer`` without what may not change hands now (a kept offer whose lots moved since)."""
        mine = {item for item, own in items if own}
        theirs = {item for item, own in items if not own}
        return replace(
            offer,
            give_properties=tuple(sq for sq in offer.give_properties if sq in mine),
            take_properties=tuple(sq for sq in offer.take_properties if sq in theirs),
            give_cards=tuple(c for c in offer.give_cards if c in mine),
            take_cards=tuple(c for c in offer.take_cards if c in theirs),
        )

    def edit_offer(
        self, offer: ProposeTrade, answer: str, items: list, where: Game, seat: int
    ) -> ProposeTrade | None:
        """One line of edits: numbers toggle items, ``+N`` / ``-N`` set the cash given / asked."""
        scale = where.edition.currency.scale
        for word in answer.replace(",", " ").split():
            amount = number(word[1:]) if word[:1] in "+-" else None
            if amount is not None:
                if amount % scale:
                    return None
                field = "give_cash" if word[0] == "+" else "take_cash"
                offer = replace(offer, **{field: amount // scale})
            elif (n := number(word)) is not None and 1 <= n <= len(items):
                item, mine = items[n - 1]
                field = ("give_" if mine else "take_") + ("properties" if isinstance(item, int) else "cards")
                offer = replace(offer, **{field: toggled(getattr(offer, field), item)})
            else:
                return None
        return offer

    def show_offer(self, seat: int, offer: ProposeTrade, items: list, where: Game) -> str | None:
        """The builder's screen: every item that may change hands, ticked when in the offer, the
        cash each way, and the engine's objection to the offer as it stands (returned; None: none)."""
        game = self.game
        partner = offer.partner
        say = self.term.print
        say(Text(self.t("ui.trade_summary", partner=self.name(partner)), style="bold"))
        in_offer = {
            True: offer.give_properties + offer.give_cards,
            False: offer.take_properties + offer.take_cards,
        }
        for k, (item, mine) in enumerate(items, 1):
            if k == 1 or items[k - 2][1] != mine:  # each side's items under its name
                say(Text("  " + self.t("ui.trade_side", who=self.name(seat if mine else partner)), style="dim"))
            tick = "[x] " if item in in_offer[mine] else "[ ] "
            label = (
                self.lot_label(item)
                if isinstance(item, int)
                else self.t("ui.jail_card", deck=deck_name(game, item, self.lang))
            )
            say(Text(f" {k:>2} ", style="bold") + Text(tick + label))
        say(
            "  "
            + self.t(
                "ui.trade_cash",
                give=self.money(offer.give_cash),
                have=self.money(where.cash[seat]),
                take=self.money(offer.take_cash),
                partner=self.name(partner),
                has=self.money(where.cash[partner]),
            )
        )
        gives = (offer.give_properties, offer.give_cash, offer.give_cards)
        takes = (offer.take_properties, offer.take_cash, offer.take_cards)
        for line in offer_lines(game, self.lang, seat, partner, gives, takes):
            say(Text("  ⇒ " + line, style="bold"))
        problem = None
        try:
            where.check(seat, offer)
        except IllegalAction as exc:
            problem = reason(self.lang, exc, self.money)
            if offer != ProposeTrade(partner):  # an empty draft needs no telling off
                say(Text("  " + self.t("ui.refused", reason=problem), style="yellow"))
        say(Text(self.t("ui.trade_keys"), style="dim"))
        return problem

    def lot_label(self, sq: int) -> str:
        game = self.game
        text = view.board_name(game, self.lang, sq, beside=True)  # the reader's words, the original beside
        if game.mortgaged[sq]:
            text += f" ({self.t('ui.mortgaged')})"
        elif game.level[sq]:
            text += " " + view.buildings(game.level[sq])
        return text

    # ------------------------------------------------------------ a bot's answer
    def bot_answer(self, seat: int, d: D.Decision) -> Answer | None:
        """Before a bot answers an offer from a person: its judgement, to say why it refuses."""
        if d.kind != D.TRADE_RESPONSE or self.bots[d.data.proposer] is not None:
            return None
        return judge(self.bots[seat], self.game, seat, d.data)

    def after_bot_answer(self, seat: int, d: D.Decision, answer: Answer | None) -> None:
        """A bot refused a person's offer: its reason, and its counter-offer if it has one; the
        person's offer is kept for editing and resending."""
        if answer is None or answer.accepts or self.game.over:
            return
        why = bot_reason(self.game, self.lang, answer)
        if why:
            self.term.print(Text("  " + self.t("ui.bot_says", player=self.name(seat), reason=why), style="italic"))
        counter = answer.counter
        if counter is not None and answer.refusal is None and self.game.is_legal(seat, counter):
            self.term.print(Text("  " + self.t("ui.bot_counters", player=self.name(seat)), style="italic"))
            self.apply(seat, counter)
        else:
            self.term.print(Text("  " + self.t("ui.trade_kept", partner=self.name(seat)), style="dim"))
