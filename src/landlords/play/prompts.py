"""Reading a person's answers: the menu (numbers, letters and commands), numbered choices, amounts
and several numbers at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from ..describe.labels import type_name
from ..engine.actions import Action
from ..i18n import has, tr
from .advice import TableAdvice
from .base import AppParts, Quit
from .extras import Extras
from .keys import latin_key, number
from .menus import Choices

# the words of the plan and advice letters on the command line, each shown only when it can do something
EXTRA_COMMANDS = {"g": "ui.cmd_group", "r": "ui.cmd_raise", "?": "ui.cmd_advice"}


def group_label(lang: str, kind: str, count: int) -> str:
    """The menu entry that opens the list of one type of free action (build, mortgage, ...)."""
    key = f"menu.{kind}"
    text = tr(lang, key) if has(lang, key) else type_name(lang, kind)
    return tr(lang, "ui.menu_group", label=text, n=count)


@dataclass
class Entry:
    """One numbered line of a menu: an action, or a callable that asks for more and returns one."""

    label: str
    action: Action | None = None
    ask: Callable[[], Action | None] | None = None


class Prompts(AppParts):
    commands_key = "ui.commands"  # the line of commands under the main menu (a server's table has its own)
    extras: Extras  # set by PlayApp
    advice: TableAdvice

    def menu(self, seat: int, entries: list[Entry], menu: Choices, main: bool) -> Action | None:  # noqa: C901 - one case per command letter the menu line offers
        """Show the menu and read until the person picks an action. None: a command was run or the
        person went back; the caller then asks the pending question again."""
        for i, e in enumerate(entries, 1):
            self.term.print(Text(f" {i:>2}  ", style="bold") + Text(e.label))
        line = Text()
        for k, acts in menu.groups.items():
            line.append(f" {k}", style="bold")
            line.append(f" {group_label(self.lang, menu.kinds[k], len(acts))}  ")
        if menu.partners:
            line.append(" t", style="bold")
            line.append(" " + self.t("ui.cmd_trade") + "  ")
        if main and menu.people:
            line.append(" o", style="bold")
            line.append(" " + self.t("ui.cmd_other") + "  ")
        if line:
            self.term.print(line)
        if main:
            extras = ["ui.cmd_card"] + [EXTRA_COMMANDS[k] for k in menu.commands]
            self.term.print(
                Text(self.t(self.commands_key) + "".join(" · " + self.t(k) for k in extras), style="dim")
            )
        else:
            self.term.print(Text(" 0  " + self.t("ui.back"), style="dim"))
        words = (
            [str(i) for i in range(1, len(entries) + 1)]
            + list(menu.groups)
            + ["t", "o", "v", "l", "w", "q", "h", "p"]
            + list(menu.commands)
        )
        while True:
            answer = self.term.ask(self.game.names[seat], words)
            low = latin_key(answer.lower())  # the key where b is types «и» on a Russian layout
            n = number(low)
            if n is not None:
                if not main and n == 0:
                    return None
                if 1 <= n <= len(entries):
                    e = entries[n - 1]
                    if e.ask is None:
                        return e.action
                    chosen = e.ask()
                    if chosen is not None or main:
                        return chosen
                    continue
            elif low in menu.groups:
                chosen = self.submenu(seat, menu.groups[low])
                if chosen is not None or main:
                    return chosen
                continue
            elif low == "t" and menu.partners:
                offer = self.trade_editor(seat, menu.partners)
                if offer is not None or main:
                    return offer
                continue
            elif low == "o" and main and menu.people:
                self.other_person(menu.people)
                return None
            elif main and low in ("v", "board"):
                self.show_board()
                return None
            elif main and low in ("l", "log"):
                self.show_log()
                return None
            elif main and (low == "w" or low.startswith(("w ", "save"))):
                self.save_command(answer)
                return None
            elif main and low in ("q", "quit", "exit"):
                raise Quit
            elif low == "p" or low.startswith("p "):
                self.extras.card_command(seat, answer)
                if main:
                    return None
                continue
            elif main and low == "g" and "g" in menu.commands:
                self.extras.group_command(seat)
                return None
            elif main and low == "r" and "r" in menu.commands:
                self.extras.raise_command(seat)
                return None
            elif low == "?":
                self.advice.ask()  # worked out in the background: the question is asked again at once
                if main:
                    return None
                continue
            elif low in ("h", "help"):
                self.show_help()
                if main:
                    return None
                continue
            elif not main and low in ("", "x", "q"):
                return None
            self.term.print(Text(self.t("ui.not_understood"), style="yellow"))

    def submenu(self, seat: int, actions: list[Action]) -> Action | None:
        entries = [Entry(self.label(seat, a), a) for a in actions]
        return self.menu(seat, entries, Choices(), main=False)

    def choose(self, seat: int, title: str, labels: list[str], back: str | None = None) -> int | None:
        """A numbered choice; None when the person goes back (0)."""
        self.term.print(Text(title, style="bold"))
        for i, label in enumerate(labels, 1):
            self.term.print(Text(f" {i:>2}  ", style="bold") + Text(label))
        self.term.print(Text(" 0  " + (back or self.t("ui.back")), style="dim"))
        while True:
            answer = self.term.ask(self.game.names[seat], [str(i) for i in range(len(labels) + 1)])
            n = number(answer)
            if n is not None and 0 <= n <= len(labels):
                return n - 1 if n else None
            if answer.lower() in ("", "x", "q"):
                return None
            self.term.print(Text(self.t("ui.not_understood"), style="yellow"))

    def ask_amount(self, seat: int, prompt: str, low: int, high: int, default: int | None) -> int | None:
        """A whole amount from ``low`` to ``high``; Enter gives ``default`` (None: back)."""
        while True:
            answer = self.term.ask(prompt)
            answer = "".join(ch for ch in answer if ch not in " \u202f,.'")
            if answer == "":
                return default
            if answer.lower() in ("x", "q"):
                return None
            scale = self.game.edition.currency.scale  # amounts are typed as shown (moscow-digital: 200000)
            typed = number(answer)
            if typed is not None and typed % scale == 0 and low <= typed // scale <= high:
                return typed // scale
            self.term.print(
                Text(self.t("ui.amount_range", low=self.money(low), high=self.money(high)), style="yellow")
            )
