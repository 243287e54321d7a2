"""The terminal game: hot-seat for people, bots at a readable pace, saved after every action.

The loop asks the seat the game waits for (``game.decision.seat``): a bot answers through its
``act``; a person gets a menu of what the rules allow now, built from ``game.legal_actions``:

* the answers to the pending decision, numbered (buy, decline, bid, pay the fine, ...), with a
  "bid another amount" entry where a bid is one of them;
* the acts one may do besides (build, sell, mortgage, lift, claim rent, a variant's own), one letter
  per kind of act opening the list of those legal now;
* ``t``: an offer to another player of any mix of lots, cash and jail cards; ``o``: another person
  at the table acts out of turn (hot seat); and the commands (board, log, save, quit, help).

People claim their rent themselves where the ruleset requires a claim: each open claim of a person is
offered to them before the next roll, the moment the rules say it lapses.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from .. import record as records
from ..bots import make_bot
from ..engine import decision as D
from ..engine.actions import Action, Bid, ClaimRent, Pass, ProposeTrade, Roll, TimeOut
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game
from ..i18n import has, reason, tr
from . import view
from .extras import SMALL_SCREEN, Extras
from .keys import latin_key
from .labels import action_label, decision_title, deck_name, group_label, money, offer_lines, square_name
from .menus import Choices, choices, lots_to_offer
from .terminal import Terminal

DEFAULT_PACE = 0.7  # seconds after each bot action


class Quit(Exception):
    """The person asked to leave (the game is saved)."""


@dataclass
class Entry:
    """One numbered line of a menu: an action, or a callable that asks for more and returns one."""

    label: str
    action: Action | None = None
    ask: Callable[[], Action | None] | None = None


def default_save_path() -> Path:
    """A new file in the user's state folder for a game started without --save. The name is
    reserved by creating the file, so two games started in the same second never share one."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = Path(base) / "landlords"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"cannot save games in {folder}: {exc.strerror or exc} (give --save FILE)") from None
    stamp = time.strftime("game-%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = folder / (f"{stamp}.json" if n == 1 else f"{stamp}-{n}.json")
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            continue
        except OSError as exc:
            raise ConfigError(f"cannot save games in {folder}: {exc.strerror or exc} (give --save FILE)") from None
        return path
    raise ConfigError(f"cannot find a free file name in {folder} (give --save FILE)")


class PlayApp:
    def __init__(
        self,
        game: Game,
        controllers: Sequence[str | None],
        lang: str,
        save_path: str | os.PathLike,
        *,
        pace: float = DEFAULT_PACE,
        terminal: Terminal | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.controllers = list(controllers)
        self.lang = lang
        self.save_path = Path(save_path).expanduser()
        self.pace = pace
        self.term = terminal or Terminal()
        self.clock = clock
        seed = game.seed or 0
        if len(self.controllers) != game.n:
            raise ConfigError(f"{len(self.controllers)} seats given for a game of {game.n}")
        self.bots = [make_bot(c, seed=seed * 31 + i) if c else None for i, c in enumerate(self.controllers)]
        self.seats = [records.Seat(name, c) for name, c in zip(game.names, self.controllers, strict=True)]
        self.left_auction: set[tuple[int, int]] = set()  # (auction, seat): passed for good
        self.shown = 0  # events printed so far
        self.asked_claims: set[tuple[int, int, int]] = set()
        self.screen_for: tuple[int, int] | None = None  # (seat, turn) whose turn screen was shown
        self.started = clock()
        self.time_used = [0.0] * game.n  # seconds each person spent deciding (player_time_minutes)
        self.decision_key: tuple | None = None
        self.decision_started = 0.0
        self.extras = Extras(self)  # cards, stakes, plans, confirmations (issue 13)

    # ------------------------------------------------------------ words
    def t(self, key: str, **params: Any) -> str:
        return tr(self.lang, key, **params)

    def money(self, amount: int) -> str:
        return money(self.game, amount)

    def label(self, seat: int, action: Action) -> str:
        return action_label(self.game, seat, action, self.lang)

    def resume_command(self) -> str:
        return f"landlords play --load {self.save_path}"

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        game = self.game
        self.intro()
        self.shown = len(game.events or []) if game.actions else 0  # a resumed game showed its last moves
        self.flush()
        if not game.over:
            self.autosave()
        try:
            while not game.over:
                if self.time_is_up():
                    game.finish_by_net_worth("time_limit")
                    self.autosave()
                    self.flush()
                    break
                d = game.decision
                if self.bots[d.seat] is not None:
                    self.bot_move(d)
                else:
                    self.person_move(d)
        except (Quit, KeyboardInterrupt, EOFError):
            self.autosave()
            self.term.print()
            self.term.print(self.t("ui.bye", command=self.resume_command()))
            return 0
        self.finale()
        return 0

    def apply(self, seat: int, action: Action) -> bool:
        """Apply an action; show the engine's reason in the player's language when it is refused."""
        game = self.game
        if isinstance(action, Roll) and self.offer_claims() and not game.is_legal(seat, action):
            return False  # a claim opened a debt for the roller: ask again
        try:
            game.apply(seat, action)
        except IllegalAction as exc:
            self.refused(exc)
            return False
        self.autosave()
        self.flush()
        return True

    def refused(self, exc: IllegalAction) -> None:
        text = reason(self.lang, exc, self.game.edition.currency.show)
        self.term.print(Text(self.t("ui.refused", reason=text), style="bold red"))

    def autosave(self, path: Path | None = None) -> None:
        records.save(self.game, path or self.save_path, self.seats, self.lang)

    def flush(self) -> None:
        events = self.game.events or []
        for ev in events[self.shown :]:
            self.term.print(view.event_line(self.game, ev, self.lang))
        self.shown = len(events)

    # ------------------------------------------------------------ screens
    def intro(self) -> None:
        game = self.game
        self.term.print(
            Text(self.t("ui.title", edition=game.edition.name, ruleset=game.rules.id), style="bold reverse")
        )
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
            "help_save",
            "help_quit",
        ):
            self.term.print("  " + self.t("ui." + key))
        self.extras.rules_summary()

    def finale(self) -> None:
        game = self.game
        self.flush()
        self.show_board()
        table = Table(title=Text(self.t("ui.standings")))
        table.add_column("#")
        table.add_column(Text(self.t("ui.player")))
        table.add_column(Text(self.t("ui.worth_column")), justify="right")
        for i, p in enumerate(game.standings(), 1):  # the bankrupt: the last to go out first
            worth = self.t("ui.bankrupt") if game.bankrupt[p] else self.money(game.net_worth(p))
            table.add_row(str(i), Text(game.names[p], style=view.seat_style(p)), Text(worth))
        self.term.print(table)
        why = f"end.{game.end_reason}"
        self.term.print(
            Text(
                self.t(
                    "ui.winner",
                    player=game.names[game.winner],
                    reason=self.t(why) if has(self.lang, why) else game.end_reason,
                ),
                style="bold",
            )
        )
        self.term.print(self.t("ui.record_saved", path=str(self.save_path)))

    # ------------------------------------------------------------ clocks
    def time_is_up(self) -> bool:
        limit = self.game.rules.time_limit_minutes
        return limit is not None and self.clock() - self.started >= limit * 60

    def out_of_time(self, seat: int, d: D.Decision) -> bool:
        """After a person answered: did the decision's or the player's own time run out?"""
        game = self.game
        now = self.clock()
        spent = now - self.decision_started
        self.time_used[seat] += spent
        self.decision_started = now
        budget = game.rules.player_time_minutes
        late = (d.deadline is not None and spent > d.deadline) or (
            budget is not None and self.time_used[seat] > budget * 60
        )
        if late and game.is_legal(seat, TimeOut()):
            self.term.print(Text(self.t("ui.time_out", player=game.names[seat]), style="bold red"))
            game.apply(seat, TimeOut())
            self.autosave()
            self.flush()
            return True
        return False

    # ------------------------------------------------------------ bots
    def bot_move(self, d: D.Decision) -> None:
        game = self.game
        seat = d.seat
        try:
            action = self.bots[seat].act(game, d)  # type: ignore[union-attr]
        except Exception:  # a strategy that cannot answer: the first legal answer keeps the game going
            action = None
        if action is None or not game.is_legal(seat, action):
            action = next(iter(self.decision_actions(d)), None) or next(iter(game.legal_actions(seat)))
        before = len(game.events or [])
        if self.apply(seat, action) and len(game.events or []) > before:
            self.term.pause(self.pace)

    # ------------------------------------------------------------ people
    def decision_actions(self, d: D.Decision) -> list[Action]:
        """The answers to the pending decision (the rest of ``legal_actions`` are free acts)."""
        return self.game.decision_actions()

    def person_move(self, d: D.Decision) -> None:
        game = self.game
        seat = d.seat
        key = (id(d), d.kind, d.seat)
        if key != self.decision_key:
            self.decision_key = key
            self.decision_started = self.clock()
        if self.final_call(d) and (id(d.data), seat) in self.left_auction:
            self.apply(seat, Pass())  # they left the auction for good: no second question
            return
        if d.kind == D.PRE_ROLL and self.screen_for != (seat, game.turn):
            self.screen_for = (seat, game.turn)
            if self.term.height < SMALL_SCREEN:  # 80x24: what happened since, not the whole board
                self.extras.since_last_turn(seat)
            else:
                self.show_board()
                self.extras.last_turn[seat] = (len(game.events or []), game.cash[seat])
        elif self.extras.roll_again(d):
            self.term.print(Text(self.t("ui.roll_again"), style="bold"))
        self.term.print()
        title = decision_title(game, d, self.lang)
        if self.final_call(d):
            title = self.t("ui.final_call", player=game.names[seat], **self.auction_words(d))
        self.term.print(Text(title, style=view.seat_style(seat)))
        self.details(d)
        if d.deadline is not None:
            left = max(0, int(d.deadline - (self.clock() - self.decision_started)))
            self.term.print(Text(self.t("ui.deadline", seconds=left), style="yellow"))
        menu = choices(game, seat, self.bots, main=True)
        entries = self.answer_entries(seat, d, menu.answers)
        action = self.menu(seat, entries, menu, main=True)
        if action is None:
            return  # a command, or back from a sub-menu: the question is asked again
        if self.out_of_time(seat, d):
            return
        if not self.extras.confirmed(seat, action):
            return  # the question is asked again
        self.apply(seat, action)

    def answer_entries(self, seat: int, d: D.Decision, answers: list[Action]) -> list[Entry]:
        """The numbered answers, with "bid another amount" after a bid and, where the ruleset has a
        final call (businesspoly), what passing does and a way to leave the auction at once."""
        entries = []
        for a in answers:
            if isinstance(a, Pass) and self.has_final_call(d):
                if self.final_call(d):
                    entries.append(Entry(self.t("ui.pass_final_call"), a))
                    continue
                entries.append(Entry(self.t("ui.pass_for_now"), a))
                entries.append(Entry(self.t("ui.pass_for_good"), ask=lambda s=seat, d=d: self.leave_auction(s, d)))
                continue
            entries.append(Entry(self.label(seat, a), a))
            if isinstance(a, Bid):
                entries.append(Entry(self.t("ui.bid_other"), ask=lambda s=seat: self.ask_bid(s)))
        return entries

    def has_final_call(self, d: D.Decision) -> bool:
        return d.kind == D.AUCTION and bool(getattr(self.game.rules, "auction_final_call", False))

    def final_call(self, d: D.Decision) -> bool:
        """Is this the auction's final call: a seat that passed is asked whether it objects?"""
        return self.has_final_call(d) and isinstance(d.data, D.AuctionState) and d.seat not in d.data.bidders

    def leave_auction(self, seat: int, d: D.Decision) -> Action:
        self.left_auction.add((id(d.data), seat))
        return Pass()

    def auction_words(self, d: D.Decision) -> dict[str, str]:
        a = d.data
        what = square_name(self.game, a.square) if a.item == "property" else self.t("ui.auction_item")
        bidder = self.game.names[a.high_bidder] if a.high_bidder >= 0 else ""
        return {"what": what, "bidder": bidder, "high": self.money(a.high_bid)}

    def details(self, d: D.Decision) -> None:
        """What a person needs to see to answer: the offer, the debt, the auction's state."""
        game = self.game
        data = d.data
        if isinstance(data, D.Trade):
            for line in offer_lines(
                game,
                self.lang,
                data.proposer,
                data.partner,
                (data.give_properties, data.give_cash, data.give_cards),
                (data.take_properties, data.take_cash, data.take_cards),
            ):
                self.term.print("  " + line)
        else:
            self.extras.details(d)  # the stakes: price, rent, group, odds, what can be raised
            if isinstance(data, D.Debt):
                self.term.print("  " + self.t("ui.debt_help", cash=self.money(game.cash[d.seat])))

    def menu(self, seat: int, entries: list[Entry], menu: Choices, main: bool) -> Action | None:
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
            self.term.print(Text(self.t("ui.commands") + " ·" + self.t("ui.cmd_extras"), style="dim"))
        else:
            self.term.print(Text(" 0  " + self.t("ui.back"), style="dim"))
        words = (
            [str(i) for i in range(1, len(entries) + 1)]
            + list(menu.groups)
            + ["t", "o", "v", "l", "w", "q", "h", "p", "g", "r"]
        )
        while True:
            answer = self.term.ask(self.game.names[seat], words)
            low = latin_key(answer.lower())  # the key where b is types «и» on a Russian layout
            if low.isdigit():
                n = int(low)
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
            elif main and (low == "w" or low.startswith("w ") or low.startswith("save")):
                self.save_command(answer)
                return None
            elif main and low in ("q", "quit", "exit"):
                raise Quit
            elif low == "p" or low.startswith("p "):
                self.extras.card_command(seat, answer)
                if main:
                    return None
                continue
            elif main and low == "g":
                self.extras.group_command(seat)
                return None
            elif main and low == "r":
                self.extras.raise_command(seat)
                return None
            elif low in ("h", "help", "?"):
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
            if answer.isdigit() and 0 <= int(answer) <= len(labels):
                return int(answer) - 1 if int(answer) else None
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
            if answer.isdigit() and int(answer) % scale == 0 and low <= int(answer) // scale <= high:
                return int(answer) // scale
            self.term.print(
                Text(self.t("ui.amount_range", low=self.money(low), high=self.money(high)), style="yellow")
            )

    def ask_bid(self, seat: int) -> Action | None:
        game = self.game
        a = game.decision.data
        low = max(a.min_bid, a.high_bid + 1)
        high = max(low, game.cash[seat])
        if game.rules.bid_above_cash:
            high = max(high, game.cash[seat] + game.liquidation_value(seat))
        amount = self.ask_amount(
            seat, self.t("ui.ask_bid", low=self.money(low), high=self.money(high)), low, high, None
        )
        return Bid(amount) if amount is not None else None

    def pick_many(self, seat: int, title: str, labels: list[str]) -> list[int] | None:
        """Several numbers from a list (Enter: none; x: back)."""
        if not labels:
            return []
        self.term.print(Text(title, style="bold"))
        for i, label in enumerate(labels, 1):
            self.term.print(Text(f" {i:>2}  ", style="bold") + Text(label))
        while True:
            answer = self.term.ask(self.t("ui.ask_many"))
            if answer.lower() in ("x", "q"):
                return None
            parts = answer.replace(",", " ").split()
            if all(p.isdigit() and 1 <= int(p) <= len(labels) for p in parts):
                return sorted({int(p) - 1 for p in parts})
            self.term.print(Text(self.t("ui.not_understood"), style="yellow"))

    # ------------------------------------------------------------ trades
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
            picked = self.pick_many(seat, self.t(f"ui.trade_{verb}_lots", who=game.names[side]), names)
            if picked is None:
                return None
            cash = self.ask_amount(
                seat,
                self.t(f"ui.trade_{verb}_cash", who=game.names[side], high=self.money(game.cash[side])),
                0,
                game.cash[side],
                0,
            )
            if cash is None:
                return None
            cards = game.jail_cards[side]
            chosen = self.pick_many(
                seat,
                self.t(f"ui.trade_{verb}_cards", who=game.names[side]),
                [self.t("ui.jail_card", deck=deck_name(game, c)) for c in cards],
            )
            if chosen is None:
                return None
            sides.append((tuple(lots[k] for k in picked), cash, tuple(cards[k] for k in chosen)))
        (gp, gc, gk), (tp, tc, tk) = sides
        self.term.print(Text(self.t("ui.trade_summary", partner=game.names[partner]), style="bold"))
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

    # ------------------------------------------------------------ out of turn
    def other_person(self, people: list[int]) -> None:
        """Hot seat: another person at the table acts now (builds, mortgages, trades, claims)."""
        game = self.game
        d = game.decision
        i = self.choose(d.seat, self.t("ui.who_acts"), [game.names[q] for q in people])
        if i is None:
            return
        seat = people[i]
        self.term.print(Text(self.t("ui.acts_now", player=game.names[seat]), style=view.seat_style(seat)))
        action = self.menu(seat, [], choices(game, seat, self.bots, main=False), main=False)
        if action is not None:
            self.apply(seat, action)

    def offer_claims(self) -> bool:
        """Before a roll: each person with rent to claim decides now (the claim lapses with the roll).
        True if a claim was made (the game changed)."""
        game = self.game
        changed = False
        for c in list(game.claims):
            key = (c.owner, c.square, c.turn)
            if key in self.asked_claims or self.bots[c.owner] is not None or game.bankrupt[c.owner]:
                continue
            self.asked_claims.add(key)
            action = ClaimRent(c.square)
            if not game.is_legal(c.owner, action):
                continue
            title = self.t(
                "ui.claim_prompt",
                owner=game.names[c.owner],
                payer=game.names[c.payer],
                amount=self.money(c.amount),
                square=square_name(game, c.square),
            )
            i = self.choose(c.owner, title, [self.label(c.owner, action)], back=self.t("ui.let_go"))
            if i is not None and self.apply(c.owner, action):
                changed = True
        return changed

    # ------------------------------------------------------------ saving
    def save_command(self, answer: str) -> None:
        """``w``: save now; ``w FILE``: save there and keep saving there, only if that worked."""
        parts = answer.split(maxsplit=1)
        path = Path(parts[1]).expanduser() if len(parts) == 2 else self.save_path
        try:
            if path.is_dir():
                raise IsADirectoryError(21, "a folder, not a file")
            self.autosave(path)
        except (OSError, UnicodeError) as exc:
            error = getattr(exc, "strerror", None) or str(exc)
            self.term.print(Text(self.t("ui.save_failed", path=str(path), error=error), style="bold red"))
            return
        self.save_path = path
        self.term.print(self.t("ui.saved", path=str(self.save_path)))
