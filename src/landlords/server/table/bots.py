"""A table's bots: who plays a seat now, the bot loop (the owner's only, in a cluster), a bot's
answer to a person's offer and its reasons, the loop's end when the table closes."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from ...bots import make_bot
from ...bots.verdicts import Answer, judge
from ...describe.labels import bot_reason, speaker
from ...describe.words import one_language
from ...engine.actions import Action
from ...engine.decision import TRADE_RESPONSE
from ...engine.errors import IllegalAction
from ..storage import database_trouble
from .base import TableBase

HOLD_POLL = 0.1  # real seconds between a waiting bot's looks at the clock (a test's manual clock too)

TIMER_BOT = "baseline"  # plays a person's move when a lobby timer (no ruleset consequence) runs out
RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)  # a bot's or the timer's waits while the database is away
SEARCH_SECONDS = 1.0  # a searching bot's (the expert's) time a decision at most, within the decision's clock


class Bots(TableBase):
    """Who plays a seat, and the bots' moves."""

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: ``bot`` or ``person`` (an absent person's seat is a stand-in bot's
        after the grace period, or at once when the host said so, until they return: see fair.py)."""
        s = self.seats[seat]
        if s.kind == "bot":
            return "bot"
        if s.standin and not s.connections and not s.remote:
            return "bot"
        return "person"

    def kick(self) -> None:
        """Start the bot loop if a bot must move and it is not running (the owner's only, in a cluster)."""
        if self.host.cluster is not None and not self.host.cluster.owns(self):
            return
        if self.paused_at is not None:
            return  # the host's pause: the resume kicks again
        if self.bot_task is None or self.bot_task.done():
            game = self.game
            if game is not None and not game.over and self.controller(game.decision.seat) == "bot":
                self.bot_task = asyncio.create_task(self._bot_loop())

    async def _bot_loop(self) -> None:
        pause = float(self.settings.get("bot_pause", 0.5))
        if all(s.kind == "bot" for s in self.seats):
            pause = 0.0  # a table of only bots runs at full speed
        failures = 0  # commits failed in a row: the database is away, the bots wait longer each time
        while True:
            game = self.game
            if game is None or game.over:
                return
            seat = game.decision.seat
            if self.controller(seat) != "bot":
                return
            cluster = self.host.cluster
            if cluster is not None and not cluster.owns(self):
                return  # the lease ran out: the bots move at the game's new owner (or here once it is ours again)
            if self.paused_at is not None:
                return  # the host's pause: the resume kicks again
            hold = self.claim_hold()
            if hold > 0:  # a person's rent claim that this bot's roll would end: their window first
                await asyncio.sleep(min(hold, HOLD_POLL))
                continue
            await asyncio.sleep(pause if not failures else RETRY_SECONDS[min(failures, len(RETRY_SECONDS)) - 1])
            async with self.lock:
                try:
                    await self._reconcile()
                except Exception as exc:
                    if not database_trouble(exc):
                        raise
                    failures += 1
                    continue
                game = self.game
                if game is None or game.over or game.decision.seat != seat or self.controller(seat) != "bot":
                    continue
                if self.paused_at is not None or self.claim_hold() > 0:
                    continue
                bot = self.bots.get(seat)
                if bot is None:
                    bot = self.bots[seat] = make_bot(TIMER_BOT, seed=self.bot_seed(seat))
                proposer, answer = self._verdict(seat, bot)
                action = await self._searched_action(seat, bot)
                try:
                    await self._apply(seat, action)
                except IllegalAction:
                    failures += self.unsure
                    continue
                failures = 0
                self.broadcast(self._pending_events)
                if answer is not None and not answer.accepts:
                    await self._refused_offer(seat, proposer, answer)

    def _verdict(self, seat: int, bot: Any) -> tuple[int, Answer | None]:
        """A bot's judgement of a person's offer to it, taken before it answers: the proposer and
        the answer (None when the decision is not a person's offer or the bot has no judgement)."""
        game = self.game
        assert game is not None
        d = game.decision
        if d.kind != TRADE_RESPONSE or self.seats[d.data.proposer].kind != "person":
            return -1, None
        try:
            return d.data.proposer, judge(bot, game, seat, d.data)
        except Exception:  # a strategy whose judgement fails says nothing; its act still comes
            return -1, None

    async def _refused_offer(self, seat: int, proposer: int, answer: Answer) -> None:
        """The bot at ``seat`` refused a person's offer: it says why to the proposer (a ``said``
        message in each of the proposer's clients' language) and makes its counter-offer, if any."""
        game = self.game
        assert game is not None
        for conn in list(self.seats[proposer].connections):
            with one_language():  # the page's reader: glossed names and money alone
                why = bot_reason(game, conn.lang, answer)
                name = str(speaker(game, conn.lang).name(seat))
            if why:
                conn.send({"type": "said", "seat": seat, "name": name, "text": why, "version": self.version})
        counter = answer.counter
        if counter is None or answer.refusal is not None or game.over or not game.is_legal(seat, counter):
            return
        try:
            await self._apply(seat, counter)
        except IllegalAction:
            return
        self.broadcast(self._pending_events)

    async def _searched_action(self, seat: int, bot: Any) -> Action:
        """``bot``'s act; a searching bot's (the expert's) computed in a worker thread, off the event
        loop (the table's lock is held, so the game does not change meanwhile), within
        :data:`SEARCH_SECONDS` and half the decision's clock."""
        if not getattr(bot, "searches", False):
            return self._bot_action(seat, bot)
        game = self.game
        assert game is not None
        d = game.decision
        assert d is not None
        bot.seconds = min(SEARCH_SECONDS, d.deadline / 2) if d.deadline else SEARCH_SECONDS
        try:
            action = await asyncio.to_thread(bot.act, game, d)
        except Exception:  # as _bot_action: the first legal answer keeps the game going
            action = None
        return self._or_first_legal(seat, action)

    def _bot_action(self, seat: int, bot: Any) -> Action:
        """``bot``'s act, or the first legal answer if it fails."""
        game = self.game
        assert game is not None
        try:
            action = bot.act(game, game.decision)
        except Exception:  # a strategy that cannot answer: the first legal answer keeps the game going
            action = None
        return self._or_first_legal(seat, action)

    def _or_first_legal(self, seat: int, action: Action | None) -> Action:
        """``action`` if the engine takes it from ``seat`` now, else the first legal answer (a search
        that failed is never run again on the event loop)."""
        game = self.game
        assert game is not None
        if action is None or not game.is_legal(seat, action):
            action = next(iter(game.decision_actions()), None) or next(iter(game.legal_actions(seat)))
        return action

    async def close(self) -> None:
        """Stop the bot loop (the server stops, a lobby game expires)."""
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.bot_task
