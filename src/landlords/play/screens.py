"""The screens around the menus: the introduction, the board, the log, the help and the finale,
and the events printed as they happen."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..i18n import has
from . import view
from .base import AppParts
from .extras import Extras


class Screens(AppParts):
    shown: int
    extras: Extras  # set by PlayApp

    def flush(self) -> None:
        events = self.game.events or []
        for ev in events[self.shown :]:
            self.term.print(view.event_line(self.game, ev, self.lang))
        self.shown = len(events)

    def intro(self) -> None:
        game = self.game
        edition = game.edition.gloss(self.lang, game.edition.name)
        self.term.print(Text(self.t("ui.title", edition=edition, ruleset=game.rules.id), style="bold reverse"))
        seats = []
        for seat, name in enumerate(game.names):
            c = self.controllers[seat]
            seats.append(f"{name} ({self.t('ui.bot', strategy=c) if c else self.t('ui.person')})")
        self.term.print(self.t("ui.seats", seats=", ".join(seats)))
        if game.actions:
            self.term.print(self.t("ui.resumed", n=len(game.actions)))
            for ev in (game.events or [])[-8:]:
                self.term.print(view.event_line(game, ev, self.lang))
        if not game.actions:
            self.extras.rules_summary()
        self.term.print(self.t("ui.saving_to", path=str(self.save_path)))
        self.term.print(Text(self.t("ui.help_hint"), style="dim"))

    def show_board(self) -> None:
        self.term.print(view.board(self.game, self.lang, self.term.width))
        self.term.print(view.panels(self.game, self.lang, self.controllers, self.term.width))

    def show_log(self, n: int = 30) -> None:
        events = self.game.events or []
        for ev in events[-n:]:
            self.term.print(view.event_line(self.game, ev, self.lang))

    def show_help(self) -> None:
        for key in (
            "help_numbers",
            "help_groups",
            "help_trade",
            "help_other",
            "help_board",
            "help_log",
            "help_card",
            "help_group",
            "help_raise",
            "help_advice",
            "help_save",
            "help_quit",
        ):
            self.term.print("  " + self.t("ui." + key))
        self.extras.rules_summary()
        self.extras.act_help()

    def finale(self) -> None:
        self.flush()
        self.show_board()
        self.standings()
        self.term.print(self.t("ui.record_saved", path=str(self.save_path)))

    def standings(self) -> None:
        """The players by result (the bankrupt: the last to go out first) and the winner."""
        game = self.game
        table = Table(title=Text(self.t("ui.standings")))
        table.add_column("#")
        table.add_column(Text(self.t("ui.player")))
        table.add_column(Text(self.t("ui.worth_column")), justify="right")
        for i, p in enumerate(game.standings(), 1):
            worth = self.t("ui.bankrupt") if game.bankrupt[p] else self.money(game.net_worth(p))
            table.add_row(str(i), Text(game.names[p], style=view.seat_style(p)), Text(worth))
        self.term.print(table)
        why = f"end.{game.end_reason}"
        self.term.print(
            Text(
                self.t(
                    "ui.winner",
                    player=self.name(game.winner),
                    reason=self.t(why) if has(self.lang, why) else game.end_reason,
                ),
                style="bold",
            )
        )
