"""The trade editor: an offer to another player of any mix of lots, cash and jail cards."""

from __future__ import annotations

from rich.text import Text

from ..engine.actions import Action, ProposeTrade
from . import view
from .base import AppParts
from .labels import deck_name, offer_lines, square_name
from .menus import lots_to_offer


class Trades(AppParts):
    def trade_editor(self, seat: int, partners: list[int]) -> Action | None:
        """Build an offer to another player: any lots, cash and jail cards each way (only the
        partners and lots the engine accepts in an offer now are listed)."""
        game = self.game
        i = self.choose(seat, self.t("ui.trade_with"), [game.names[q] for q in partners])
        if i is None:
            return None
        partner = partners[i]
        sides = []
        for side, verb in ((seat, "give"), (partner, "take")):
            lots = lots_to_offer(game, seat, partner, side)
            names = [self.lot_label(sq) for sq in lots]
            picked = self.pick_many(seat, self.t(f"ui.trade_{verb}_lots", who=self.name(side)), names)
            if picked is None:
                return None
            cash = self.ask_amount(
                seat,
                self.t(f"ui.trade_{verb}_cash", who=self.name(side), high=self.money(game.cash[side])),
                0,
                game.cash[side],
                0,
            )
            if cash is None:
                return None
            cards = game.jail_cards[side]
            chosen = self.pick_many(
                seat,
                self.t(f"ui.trade_{verb}_cards", who=self.name(side)),
                [self.t("ui.jail_card", deck=deck_name(game, c)) for c in cards],
            )
            if chosen is None:
                return None
            sides.append((tuple(lots[k] for k in picked), cash, tuple(cards[k] for k in chosen)))
        (gp, gc, gk), (tp, tc, tk) = sides
        self.term.print(Text(self.t("ui.trade_summary", partner=self.name(partner)), style="bold"))
        for line in offer_lines(game, self.lang, seat, partner, sides[0], sides[1]):
            self.term.print("  " + line)
        go = self.choose(seat, self.t("ui.trade_confirm"), [self.t("ui.trade_send")])
        if go is None:
            return None
        return ProposeTrade(
            partner,
            give_properties=gp,
            give_cash=gc,
            give_cards=gk,
            take_properties=tp,
            take_cash=tc,
            take_cards=tk,
        )

    def lot_label(self, sq: int) -> str:
        game = self.game
        text = square_name(game, sq)
        if game.mortgaged[sq]:
            text += f" ({self.t('ui.mortgaged')})"
        elif game.level[sq]:
            text += " " + view.buildings(game.level[sq])
        return text
