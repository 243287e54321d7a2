"""What each client may see: the public position, the pending decision, and, for a seat, the acts
it may take now with their labels. Nothing secret ever leaves the server: not the deck order, not
the seed, not the generator's state, not the scripted dice or deck set-up, not another seat's token.

The public part is built once per state version and language, and shared by every client.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..describe.decisions import confirmation
from ..describe.labels import (
    SQUARE_ACTS,
    action_label,
    decision_lines,
    forget_words,
    speaker,
    square_act_key,
    square_amount,
)
from ..describe.mechanics import decision_help
from ..describe.words import in_one_language
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.state import variant_attributes
from ..i18n import tr
from ..i18n.bot_names import shown_name
from ..record import replay
from ..render.text import describe
from ..rules.businesspoly.decisions import Deal
from .protocol import dumps


def summary_in(summary: dict[str, Any], lang: str) -> dict[str, Any]:
    """A table's summary as a reader of ``lang`` reads it: bots' default names in ``lang``."""
    seats = [
        {**seat, "name": shown_name(seat["name"], lang)} if seat.get("name") else seat for seat in summary["seats"]
    ]
    return {**summary, "seats": seats}


def public_state(game: Game) -> dict[str, Any]:
    """The public position, field by field (a whitelist: the engine's own snapshot carries the deck
    order and the generator, which must never leave the server)."""
    return {
        "cash": list(game.cash),
        "position": list(game.position),
        "in_jail": list(game.in_jail),
        "jail_turns": list(game.jail_turns),
        "jail_cards": [list(c) for c in game.jail_cards],
        "bankrupt": list(game.bankrupt),
        "net_worth": [game.net_worth(p) for p in range(game.n)],
        "owner": list(game.owner),
        "level": list(game.level),
        "mortgaged": list(game.mortgaged),
        "bank_houses": game.bank_houses,
        "bank_hotels": game.bank_hotels,
        "pot": game.pot,
        "deck_sizes": {k: len(v) for k, v in game.decks.items()},
        "current": game.current,
        "turn": game.turn,
        "round": game.round,
        "last_roll": list(game.last_roll),
        "doubles": game.doubles,
        "claims": [list(c.as_tuple()) for c in game.claims],
        "winner": game.winner,
        "end_reason": game.end_reason,
        "over": game.over,
    }


# The sections of a position that are public: everything but ``decks`` (the order of the piles) and
# ``chance`` (the seed, the generator's state, scripted dice and cards).
PUBLIC_SECTIONS = (
    "format", "version", "edition", "ruleset", "rules", "players", "lots", "bank", "turn", "stack", "end",
)  # fmt: skip
# A variant's own attributes, each read and found public (laps, guilds, dues, lawsuits filed, ...); a
# variant attribute not listed here never leaves the server, and a test names any new one for review.
PUBLIC_VARIANT = frozenset(
    {
        "bp_built", "bp_card_kind", "bp_company_dice", "bp_due", "bp_final", "bp_intro", "bp_lap",
        "bp_lap_amount", "bp_laps", "bp_out", "bp_start_phase", "bp_suits",
        "exchange_steps", "guild", "lap_paid", "lap_steps",
    }
)  # fmt: skip


def public_position(game: Game) -> dict[str, Any]:
    """The position without its secrets: ``landlords.from_position`` turns it into a mirror of the
    game (the piles in their printed order) for a client's screens. Sent to clients that ask for it."""
    full = game.to_position()
    out = {k: full[k] for k in PUBLIC_SECTIONS}
    out["variant"] = {k: v for k, v in full["variant"].items() if k in PUBLIC_VARIANT}
    out["options"] = full["options"]
    return out


def secret_variant_attributes(game: Game) -> list[str]:
    """The variant's attributes kept on the server (none so far; a new one shows up here)."""
    return [a for a in variant_attributes(game) if a not in PUBLIC_VARIANT]


@in_one_language  # the viewer's language only: glossed names and money
def decision_view(game: Game, lang: str, deadline_at: float | None) -> dict[str, Any] | None:
    d = game.decision
    if d is None or game.over:
        return None
    out = d.describe()
    # ``title`` is for everyone else (third person: "Bob's turn"), ``prompt`` for the deciding seat only
    # ("Bob, your turn"): a page or a client shows ``prompt`` when ``seat`` is its own
    out["title"], out["prompt"] = decision_lines(game, d, lang)  # worded from the same parameters
    out["help"] = decision_help(game, d, lang, speaker(game, lang))  # the mechanic, the stakes, exact odds
    if isinstance(d.data, Deal):  # «Бизнесполия»'s deal between several players: its parts, to answer it
        deal = d.data
        out.update(
            proposer=deal.proposer,
            properties=[list(p) for p in deal.properties],
            givers=list(deal.givers),
            cash=[list(c) for c in deal.cash],
            cards=[list(c) for c in deal.cards],
            pending=list(deal.pending),
        )
    if deadline_at is not None:
        out["deadline_at"] = deadline_at  # epoch seconds on the server's clock
    return out


def budget_clocks(
    budget_minutes: float, used: list[float], running: int | None, started_at: float
) -> dict[str, Any]:
    """Each seat's time budget as a page counts it down: ``budget`` and ``used`` in seconds (the
    pending decision not charged yet), the seat whose clock runs and ``ends_at``, the moment (epoch
    seconds on the server's clock) its budget runs out if it does not act; ``started_at`` is when
    its decision appeared. The same for every version's viewers: a page counts from ``ends_at``."""
    budget = budget_minutes * 60
    out: dict[str, Any] = {
        "budget": round(budget, 3),
        "used": [round(u, 3) for u in used],
        "running": running,
    }
    if running is not None:
        out["ends_at"] = round(started_at + budget - used[running], 3)
    return out


@in_one_language  # the viewer's language only: glossed names and money
def event_json(game: Game, ev: Any, lang: str) -> dict[str, Any]:
    out = ev.to_json()
    out["text"] = describe(game, ev, lang, speaker(game, lang))  # the game's words, made once per language
    return out


def _seat_acts(game: Game, seat: int) -> Iterator[tuple[Action, bool]]:
    """The acts ``seat`` may take now, each with whether it answers the pending decision: the
    answers first, then the free acts."""
    if game.over:
        return
    answers = game.decision_actions() if game.decision and game.decision.seat == seat else []
    for a in answers:
        yield a, True
    seen = set(answers)
    for a in game.legal_actions(seat):
        if a not in seen:
            yield a, False


@in_one_language  # the viewer's language only: glossed names and money
def seat_acts(game: Game, seat: int, lang: str) -> list[dict[str, Any]]:
    """The acts ``seat`` may take now: the decision's answers first (``answer``: true), then the
    free acts; each with a label. ``Bid`` stands for any amount from the one given up to the cash;
    trades are not listed (any ``propose_trade`` is checked when sent)."""
    return [_act(game, seat, a, lang, answer) for a, answer in _seat_acts(game, seat)]


@in_one_language  # the viewer's language only: glossed names and money
def seat_acts_json(game: Game, seat: int, lang: str, kept: dict[tuple, Any]) -> str:
    """:func:`seat_acts` as JSON text. The acts whose words depend on little (most of what a seat may
    do at any moment, and the same from one act to the next) are encoded once per game and language
    for what they depend on (:func:`_kept_key`), and kept in ``kept`` (the caller's dict, for this
    game and language alone), then joined. Exactly the text of ``dumps(seat_acts(...))``."""
    if game.over:
        return "[]"
    d = game.decision
    if d and d.seat == seat:
        answers = game.decision_actions()
        parts = [_act_json(game, seat, a, lang, True, kept) for a in answers]
        seen = set(answers)
        free = _free_acts_json(game, seat, lang, [a for a in game.legal_actions(seat) if a not in seen], kept)
        if free:
            parts.append(free)
        return "[" + ",".join(parts) + "]"
    return "[" + _free_acts_json(game, seat, lang, game.legal_actions(seat), kept) + "]"


def _free_acts_json(game: Game, seat: int, lang: str, acts: list[Action], kept: dict[tuple, Any]) -> str:
    """The JSON of a seat's free acts (not answers), joined by commas: most often only acts on its
    own squares, whose JSON is kept by (act, level, amount) (:func:`_kept_key`). When they are those
    acts alone, the joined text is kept too, with the acts, the squares' levels and the amounts it
    was made for: the same again (most acts change none of them) is the same text."""
    memo_key = ("free", seat)
    memo: Any = kept.get(memo_key)
    if memo is not None and memo[0] == acts and memo[1] == game.level and memo[2] == _square_amounts(game, acts):
        return memo[3]
    text = ",".join([_act_json(game, seat, a, lang, False, kept) for a in acts])
    amounts = _square_amounts(game, acts)
    if amounts is not None and all(square_act_key(game, a) is not None for a in acts):
        kept[memo_key] = (acts, list(game.level), amounts, text)
    elif memo is not None:
        del kept[memo_key]
    return text


def _square_amounts(game: Game, acts: list[Action]) -> list[int] | None:
    """What each of ``acts`` costs or brings now, if they are all acts on squares (else None)."""
    out = []
    for a in acts:
        kind = a.TYPE
        if kind not in SQUARE_ACTS:
            return None
        try:
            out.append(square_amount(game, kind, a.square))  # type: ignore[attr-defined]
        except Exception:  # a variant's act of that name, meaning other things: not kept
            return None
    return out


# acts whose JSON is the act's alone (given the game's rules and names and the language, as ``kept``
# is): no field read from the state, no special case in describe.labels' ``_known_params`` or
# ``_label``, no question asked first (``_act``)
_PLAIN_ACTS = frozenset(
    {"end_turn", "pass", "pay_jail_fine", "use_jail_card", "accept", "reject", "declare_bankruptcy"}
)
# answers about the decision's square: their words name it (labels._decision_square_params)
_SQUARE_ANSWERS = frozenset({"buy", "decline"})


def _kept_key(game: Game, seat: int, a: Action, answer: bool) -> tuple | None:
    """What the JSON of act ``a`` depends on besides the game's rules, names and the language, or
    None when that is too much to keep it (it is encoded anew)."""
    kind = a.TYPE
    if kind in SQUARE_ACTS:  # labels' square acts (none asks first): the act, the level, the amount
        key = square_act_key(game, a)
        return None if key is None else (*key, answer)
    if kind in _PLAIN_ACTS:
        return (a, answer)
    if kind == "roll":  # "roll" or "try for a double" (in jail); a confirmation if it forfeits a claim
        owed = sum(c.amount for c in game.claims if c.owner == seat and c.turn < game.turn)
        return (a, answer, game.in_jail[seat], owed)
    if kind in _SQUARE_ANSWERS:
        d = game.decision
        return (a, answer, d.square if d is not None else -1)
    return None


def _act_json(game: Game, seat: int, a: Action, lang: str, answer: bool, kept: dict[tuple, str]) -> str:
    key = _kept_key(game, seat, a, answer)
    if key is None:
        return dumps(_act(game, seat, a, lang, answer))
    text = kept.get(key)
    if text is None:
        text = kept[key] = dumps(_act(game, seat, a, lang, answer))
    return text


# the variants' acts that cannot be undone: a page asks first, in the words of describe.confirmation
CONFIRMED = frozenset({"sue", "challenge_malina", "settle_mortgage"})
assert not CONFIRMED & SQUARE_ACTS  # a square act's JSON is kept by its label's key alone


def _act(game: Game, seat: int, a: Action, lang: str, answer: bool) -> dict[str, Any]:
    out = {"action": a.to_json(), "label": action_label(game, seat, a, lang), "answer": answer}
    if a.TYPE in CONFIRMED:
        ask = confirmation(game, seat, a, lang, speaker(game, lang))
        if ask is not None:
            out["confirm"] = ask
    elif a.TYPE == "roll":  # a roll that ends one's own rent claim: the page asks first (issue 29)
        owed = sum(c.amount for c in game.claims if c.owner == seat and c.turn < game.turn)
        if owed:
            out["confirm"] = tr(lang, "web.claim.roll_forfeits", amount=game.edition.currency.show(owed))
    return out


@in_one_language  # the viewer's language only: glossed names and money
def log_lines(game: Game, lang: str, start: int = 0) -> list[str] | None:
    """The game's event log in words, from event ``start``; None when a server's game has let go of
    those events (the older ones are None: :meth:`landlords.server.table.clients.Clients.settle_events`):
    then :func:`replayed_log_lines` words them from the game's record, in the worker process."""
    events = (game.events or [])[start:]
    if events and events[0] is None:
        return None
    words = speaker(game, lang)
    return [describe(game, ev, lang, words) for ev in events]


@in_one_language  # in the worker process (server.worker): the game replayed from its record
def replayed_log_lines(record: dict[str, Any], lang: str, start: int = 0) -> list[str]:
    """:func:`log_lines` of the game replayed from ``record`` (its acts: all its events again)."""
    game = replay(record, check_hash=False)
    words = speaker(game, lang)
    try:
        return [describe(game, ev, lang, words) for ev in (game.events or [])[start:]]
    finally:
        forget_words(game)  # a copy made for this request: its words go with it
