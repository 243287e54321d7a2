"""A bot's answer to an offer with its reason: the bot's own judgement (``_good_trade``) returns a
:class:`Verdict` (true when it accepts), whose ``reason`` is a code a front end translates
(``bot_reason.<code>`` in the catalogs) and whose ``params`` are its figures (money as integers).

:func:`judge` asks a bot why it would refuse an offer and what it would accept instead: a counter-offer
is the same exchange the other way round with more cash asked, the least amount the bot's own
judgement accepts (found by bisection over what the other player can pay), or none. With a counter-
offer, the shortfall the reason names (``short``) is that least amount, so the words and the offer
agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import ACCEPT, ProposeTrade
from ..engine.decision import Trade
from ..engine.errors import IllegalAction
from ..engine.game import Game


@dataclass(frozen=True, slots=True)
class Verdict:
    """Accept or not, and why (``reason``: a code; ``params``: its figures)."""

    ok: bool
    reason: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.ok


ACCEPTED = Verdict(True)


@dataclass(frozen=True, slots=True)
class Answer:
    """What a bot says to an offer: its verdict, the engine's refusal of an acceptance (if the
    offer cannot be carried out now), and a counter-offer it would accept (or None)."""

    verdict: Verdict
    refusal: IllegalAction | None = None
    counter: ProposeTrade | None = None

    @property
    def accepts(self) -> bool:
        return self.verdict.ok and self.refusal is None


def mirrored(tr: Trade, extra: int) -> Trade:
    """The offer ``tr`` made the other way round (the partner proposing it back) with ``extra``
    more cash for its new proposer: less cash paid first, then more asked."""
    pay_less = min(extra, tr.take_cash)
    return Trade(
        proposer=tr.partner,
        partner=tr.proposer,
        give_properties=tr.take_properties,
        give_cash=tr.take_cash - pay_less,
        give_cards=tr.take_cards,
        take_properties=tr.give_properties,
        take_cash=tr.give_cash + extra - pay_less,
        take_cards=tr.give_cards,
    )


def as_offer(tr: Trade) -> ProposeTrade:
    return ProposeTrade(
        tr.partner,
        give_properties=tr.give_properties,
        give_cash=tr.give_cash,
        give_cards=tr.give_cards,
        take_properties=tr.take_properties,
        take_cash=tr.take_cash,
        take_cards=tr.take_cards,
    )


def judge(bot: Any, game: Game, seat: int, tr: Trade) -> Answer | None:
    """``bot``'s answer to the offer ``tr`` made to ``seat`` (None: a bot without a judgement of
    offers, e.g. the random one)."""
    good = getattr(bot, "_good_trade", None)
    if good is None:
        return None
    verdict = good(game, seat, tr)
    if not isinstance(verdict, Verdict):
        verdict = Verdict(bool(verdict))
    refusal = None
    try:
        game.check(seat, ACCEPT)
    except IllegalAction as exc:
        refusal = exc
    if verdict.ok:
        return Answer(verdict, refusal)
    extra = least_extra(good, game, seat, tr)
    if extra is None:
        return Answer(verdict, refusal)
    if "short" in verdict.params:
        # the shortfall said is the one the counter-offer asks for: the first check that failed may
        # name less (the cautious bot's margin comes on top of the baseline's valuation)
        verdict = Verdict(False, verdict.reason, {**verdict.params, "short": extra})
    return Answer(verdict, refusal, as_offer(mirrored(tr, extra)))


def least_extra(good: Any, game: Game, seat: int, tr: Trade) -> int | None:
    """The least extra cash for ``seat`` that makes the judgement ``good`` accept the exchange ``tr``
    the other way round, within what the other player holds (None when even all of it is not
    enough, or the exchange has no cash side)."""
    budget = game.cash[tr.proposer] - tr.give_cash + tr.take_cash  # the most the proposer could add
    if budget <= 0 or not (tr.give_properties or tr.take_properties or tr.give_cards or tr.take_cards):
        return None
    if not good(game, seat, mirrored(tr, budget)):
        return None
    low, high = 0, budget  # the judgement refuses ``low`` more and accepts ``high`` more
    while high - low > 1:
        mid = (low + high) // 2
        if good(game, seat, mirrored(tr, mid)):
            high = mid
        else:
            low = mid
    return high
