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
from pathlib import Path

from rich.text import Text

from .. import record as records
from ..bots import make_bot
from ..describe.labels import decision_title, offer_lines, square_name
from ..engine import decision as D
from ..engine.actions import Action, ClaimRent, Pass, ProposeTrade, Reject, Roll
from ..engine.errors import ConfigError, IllegalAction
from ..engine.game import Game
from ..i18n import reason
from . import view
from .advice import TableAdvice
from .answers import Answers
from .base import Quit
from .clocks import Clocks
from .extras import SMALL_SCREEN, Extras
from .menus import choices
from .prompts import Entry, Prompts
from .saving import Saving, default_save_path
from .screens import Screens
from .terminal import Terminal
from .trades import Trades

__all__ = ["DEFAULT_PACE", "Entry", "PlayApp", "Quit", "default_save_path"]

DEFAULT_PACE = 0.7  # seconds after each bot action


class PlayApp(Saving, Screens, Clocks, Answers, Prompts, Trades):
    """One terminal game: the loop, bots' and people's moves, the claims of rent asked for; the
    screens, prompts, answers, trades, clocks and saving are its parts (one module each)."""

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
        self.watching = 0  # out of the game: the round watched (-1: to the end without asking)
        self.last_offers: dict[tuple[int, int], ProposeTrade] = {}  # (seat, partner): kept for resending
        self.extras = Extras(self)  # cards, stakes, plans, confirmations (issue 13)
        self.advice = TableAdvice(self)  # `?`: win chances and offers, in the background (issue 19)

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
                self.advice.poll()
                if self.time_is_up():
                    game.finish_by_net_worth("time_limit")
                    self.autosave()
                    self.flush()
                    break
                d = game.decision
                if self.bots[d.seat] is not None:
                    self.out_of_the_game()
                    self.bot_move(d)
                else:
                    self.person_move(d)
        except (Quit, KeyboardInterrupt, EOFError) as left:
            self.advice.close()
            self.autosave()
            self.term.print()
            self.term.print(self.t("ui.bye", command=self.resume_command()))
            return 130 if isinstance(left, KeyboardInterrupt) else 0  # 130: the shell's code for Ctrl-C
        self.advice.close()
        self.finale()
        return 0

    def out_of_the_game(self) -> None:
        """Once every person at this terminal is bankrupt and the bots play on: at the start of each
        round the person chooses to watch it, to run to the end at once, or to quit (the game is
        saved; Quit)."""
        game = self.game
        people = [p for p in range(game.n) if self.bots[p] is None]
        if not people or not all(game.bankrupt[p] for p in people) or self.watching >= game.round:
            return
        if self.watching < 0:  # fast-forward chosen: no more questions
            return
        seat = people[0]
        choice = self.choose(
            seat,
            self.t("ui.out_title"),
            [self.t("ui.out_watch"), self.t("ui.out_to_the_end")],
            back=self.t("ui.out_quit"),
        )
        if choice is None:
            raise Quit
        if choice == 1:
            self.watching, self.pace = -1, 0.0
        else:
            self.watching = game.round

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
        text = reason(self.lang, exc, self.money)
        self.term.print(Text(self.t("ui.refused", reason=text), style="bold red"))

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
        answer = self.bot_answer(seat, d) if isinstance(action, Reject) else None
        if self.apply(seat, action) and len(game.events or []) > before:
            self.after_bot_answer(seat, d, answer)
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
            title = self.t("ui.final_call", player=self.name(seat), **self.auction_words(d))
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

    # ------------------------------------------------------------ out of turn
    def other_person(self, people: list[int]) -> None:
        """Hot seat: another person at the table acts now (builds, mortgages, trades, claims)."""
        game = self.game
        d = game.decision
        i = self.choose(d.seat, self.t("ui.who_acts"), [game.names[q] for q in people])
        if i is None:
            return
        seat = people[i]
        self.term.print(Text(self.t("ui.acts_now", player=self.name(seat)), style=view.seat_style(seat)))
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
                owner=self.name(c.owner),
                payer=self.name(c.payer),
                amount=self.money(c.amount),
                square=square_name(game, c.square, self.lang),
            )
            i = self.choose(c.owner, title, [self.label(c.owner, action)], back=self.t("ui.let_go"))
            if i is not None and self.apply(c.owner, action):
                changed = True
        return changed
