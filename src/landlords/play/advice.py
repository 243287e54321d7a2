"""``?`` at the table: the win chances now or, at an offer, what accepting it changes, worked out in a
process of its own while the game goes on (the next prompt shows the answer once it is there).

Refused where the table agreed to play without advice (the house rule ``advice=false``). One
analysis runs at a time: asking again after the game moved on stops the old one.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from ..analysis.advice import TABLE_BOTS, advice_allowed, advise
from ..analysis.trade_terms import pending_offer
from ..describe.labels import action_label
from ..engine.actions import action_from_json
from ..i18n import plural
from . import view

if TYPE_CHECKING:  # pragma: no cover
    from .base import AppParts


def _child(conn: Any, position: dict[str, Any]) -> None:
    try:
        conn.send(("ok", advise(position)))
    except Exception as exc:
        conn.send(("error", str(exc)))
    finally:
        conn.close()


class Background:
    """One analysis in a spawned process (the terminal's own threads are never forked)."""

    def __init__(self, position: dict[str, Any]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe(duplex=False)
        self.proc = ctx.Process(target=_child, args=(child, position), daemon=True)
        self.proc.start()
        child.close()
        self.result: tuple[str, Any] | None = None

    def done(self) -> bool:
        if self.result is None:
            try:
                if self.conn.poll():
                    self.result = self.conn.recv()
                elif not self.proc.is_alive():
                    self.result = ("error", "the analysis stopped")
            except (EOFError, OSError):
                self.result = ("error", "the analysis stopped")
        return self.result is not None

    def stop(self) -> None:
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join(timeout=2)


class InProcess:
    """The same analysis, done at once in this process (for tests)."""

    def __init__(self, position: dict[str, Any], **options: Any) -> None:
        try:
            self.result: tuple[str, Any] = ("ok", advise(position, **options))
        except Exception as exc:
            self.result = ("error", str(exc))

    def done(self) -> bool:
        return True

    def stop(self) -> None:
        pass


Runner = Callable[[dict[str, Any]], Any]


class TableAdvice:
    """The ``?`` command of one terminal game."""

    def __init__(self, app: AppParts, runner: Runner = Background) -> None:
        self.app = app
        self.runner = runner
        self.job: Any = None
        self.key: tuple | None = None  # what the job is about: the state's hash
        self.turn = 0
        self.shown = False

    def t(self, key: str, **params: Any) -> str:
        return self.app.t("advice." + key, **params)

    def ask(self) -> None:
        """``?``: show the answer for the game as it is now, or start working it out."""
        game = self.app.game
        if not advice_allowed(game):
            self.app.term.print(Text(self.t("off"), style="yellow"))
            return
        key = (game.state_hash(),)
        if key == self.key and self.job is not None:
            if self.job.done():
                self.show()
            else:
                self.app.term.print(Text(self.t("running"), style="dim"))
            return
        self.close()
        self.key, self.turn, self.shown = key, game.turn, False
        self.job = self.runner(game.to_position())
        trade = pending_offer(game) is not None
        self.app.term.print(Text(self.t("trade_started" if trade else "started"), style="dim"))
        self.poll()  # a runner that answers at once is shown at once

    def poll(self) -> None:
        """Before every prompt and move: an answer that has come in is shown once."""
        if self.job is not None and not self.shown and self.job.done():
            self.show()

    def close(self) -> None:
        if self.job is not None:
            self.job.stop()
        self.job = None
        self.key = None

    # ------------------------------------------------------------ the answer, in words
    def show(self) -> None:
        self.shown = True
        status, data = self.job.result
        term = self.app.term
        if status != "ok":
            term.print(Text(self.t("failed", reason=data), style="yellow"))
            return
        moved = (self.app.game.state_hash(),) != self.key
        if data["kind"] == "trade":
            self.show_trade(data["trade"])
        else:
            self.show_chances(data["chances"])
        if not moved:  # the expert's acts are labelled on the game they were weighed in
            self.show_expert(data.get("expert"))
        if moved:
            term.print(Text(self.t("moved_on", turn=self.turn), style="dim"))

    def percent(self, x: float) -> str:
        return f"{100 * x:.0f}%"

    def show_chances(self, c: dict[str, Any]) -> None:
        term = self.app.term
        term.print(Text(self.t("chances_title", turn=self.turn, games=c["games"], bots=TABLE_BOTS), style="bold"))
        for s in c["seats"]:
            line = self.t(
                "seat_line",
                player=s["name"],
                chance=self.percent(s["chance"]),
                low=self.percent(s["ci95"][0]),
                high=self.percent(s["ci95"][1]),
            )
            term.print(Text("  " + line, style=view.seat_style(s["seat"])))
        if c["unfinished"]["games"]:
            term.print("  " + self.t("unfinished", n=c["unfinished"]["games"]))
        term.print(Text("  " + self.t("turns_left", turns=round(c["turns_left"]["mean"])), style="dim"))
        term.print(Text("  " + self.t("meaning"), style="dim"))

    def show_expert(self, why: dict[str, Any] | None) -> None:
        """What the expert bot would do at the decision pending: its best act and the next one, with
        the win chances it saw for them (the line the page shows)."""
        if not why or len(why["candidates"]) < 2:
            return
        game = self.app.game
        best, alt = why["candidates"][:2]

        def name(act: dict[str, Any]) -> str:
            return action_label(game, why["seat"], action_from_json(act), self.app.lang)

        line = self.t(
            "expert_line",
            act=name(best["act"]),
            win=self.percent(best["win"]),
            alt=name(alt["act"]),
            alt_win=self.percent(alt["win"]),
            playouts=why["playouts"],
        )
        self.app.term.print(Text("  " + line, style="bold"))

    def show_trade(self, tr: dict[str, Any]) -> None:
        term = self.app.term
        term.print(Text(self.t("trade_title", games=tr["games"], bots=TABLE_BOTS), style="bold"))
        for c in tr["changes"]:
            change = round(100 * c["change"])
            line = self.t(
                "trade_line",
                player=c["name"],
                without=self.percent(c["without"]),
                after=self.percent(c["with"]),
                change=f"{change:+d}",
                points=plural(self.app.lang, abs(change), self.t("points")),
                low=f"{100 * c['ci95'][0]:+.0f}",
                high=f"{100 * c['ci95'][1]:+.0f}",
            )
            term.print(Text("  " + line, style=view.seat_style(c["seat"])))
        for e in tr["exact"]:
            line = self.t(
                "rent_line",
                player=e["name"],
                before=f"{e['before']['rent_per_opponent_turn']:.1f}",
                after=f"{e['after']['rent_per_opponent_turn']:.1f}",
            )
            if e["groups_completed"]:
                line += "; " + self.t("completes", groups=", ".join(e["groups_completed"]))
            if e["groups_broken"]:
                line += "; " + self.t("breaks", groups=", ".join(e["groups_broken"]))
            term.print("  " + line)
        term.print(Text("  " + self.t("meaning"), style="dim"))
