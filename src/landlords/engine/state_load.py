"""Reading the state part of a position back into a game, checking every field on the way.

Each wrong field is one :class:`ConfigError` naming its path (``players[1].cash: must be an integer``).
The rules are checked after the fields: :func:`load_state` finishes with the engine's own invariants
(:mod:`landlords.engine.invariants`), so a position that no game could reach is refused.
"""

from __future__ import annotations

import dataclasses
import typing
from collections import deque
from typing import TYPE_CHECKING, Any

from . import decision as D
from .decision import AuctionState, Debt, Decision, RentClaim, Trade
from .dice import Chance
from .errors import ConfigError
from .invariants import violations
from .keyed import KEY_BYTES, KeyedRandom
from .state import _TYPES, variant_attributes
from .state_read import Reader, like_template, read_dataclass, read_decision_data

if TYPE_CHECKING:
    from .core import GameCore


def decision_from_json(r: Reader, raw: Any, path: str, game: GameCore, below: list[Decision]) -> Decision:
    r.check(raw, path, dict)
    r.keys(raw, ("kind", "seat", "square", "data", "data_of", "then", "deadline"), f"{path}.")
    kind = r.get(raw, "kind", f"{path}.", str)
    if kind not in type(game).decision_kinds:
        raise r.fail(f"{path}.kind", f"{kind!r} is not a decision of this game")
    seat = r.seat(r.get(raw, "seat", f"{path}.", int), f"{path}.seat", game.n)
    square = r.get(raw, "square", f"{path}.", int, -1)
    if square != -1:
        r.square(square, f"{path}.square", game.size)
    if "data_of" in raw:
        shared = r.get(raw, "data_of", f"{path}.", int)
        if not 0 <= shared < len(below) or not dataclasses.is_dataclass(below[shared].data):
            raise r.fail(f"{path}.data_of", "names a decision below this one that carries data")
        data = below[shared].data
    else:
        data = read_decision_data(r, raw.get("data"), f"{path}.data")
    then = r.get(raw, "then", f"{path}.", str, None)
    if then is not None and then not in type(game).continuations:
        raise r.fail(f"{path}.then", f"{then!r} is not a continuation of this game")
    deadline = r.get(raw, "deadline", f"{path}.", int, None)
    if kind == D.AUCTION and not isinstance(data, AuctionState):
        raise r.fail(f"{path}.data", "an auction needs its AuctionState (bidders, bids)")
    if kind == D.DEBT and not isinstance(data, Debt):
        raise r.fail(f"{path}.data", "a debt needs its Debt (creditors, reason)")
    if kind == D.TRADE_RESPONSE and not isinstance(data, Trade):
        raise r.fail(f"{path}.data", "a trade answer needs its Trade (the offer)")
    decision = Decision(kind, seat, square, data, then, deadline)
    problem = game.position_problem(decision)
    if problem:
        raise r.fail(f"{path}.data" if data is not None else path, problem)
    return decision


_TOP = ("players", "lots", "bank", "decks", "turn", "stack", "end", "variant", "chance", "options")
_PLAYER = (
    "name",
    "cash",
    "square",
    "in_jail",
    "jail_turns",
    "jail_cards",
    "bankrupt",
    "skip_next",
    "passed_go",
    "auto_claim",
)
_TURN = (
    "current",
    "first",
    "number",
    "round",
    "rolls",
    "doubles",
    "last_roll",
    "extra_roll",
    "sent_to_jail",
    "speed_face",
    "move_total",
    "mr_monopoly_pending",
    "claims",
    "builds",
    "auction_queue",
    "after_auctions",
    "auction_batches",
    "order",
    "bankrupt_order",
    "shortage",
    "uneven_ok",
)


def load_state(game: GameCore, state: Any, r: Reader) -> None:
    """Set every part of ``game`` (a game just made with the position's edition, rules and seats)
    from ``state``; raise ConfigError naming the first wrong field. Missing fields keep their
    defaults, so a hand-written position names only what differs from a new game."""
    r.check(state, "position", dict)
    r.keys(state, _TOP + ("format", "version", "edition", "ruleset", "rules"), "")
    fresh_decks = {k: list(v) for k, v in game.decks.items()}
    _load_players(game, state, r)
    _load_lots(game, state, r)
    _load_bank(game, state, r)
    _load_decks(game, state, r, fresh_decks)
    turn = r.get(state, "turn", "", dict, {})
    r.keys(turn, _TURN, "turn.")
    _load_turn(game, turn, r)
    _load_claims(game, turn, r)
    _load_builds(game, turn, r)
    _load_auction_batches(game, turn, r)
    _load_shortage(game, turn, r)
    _load_end(game, state, r)
    _load_variant(game, state, r)
    _load_stack(game, state, r)
    chance = r.get(state, "chance", "", dict, {})
    r.keys(chance, ("seed", "state", "gauss", "key", "used", "script", "scripted_cards", "strict"), "chance.")
    load_chance(game, chance, r)
    options = r.get(state, "options", "", dict, {})
    r.keys(options, ("end_turn_prompt",), "options.")
    game.end_turn_prompt = r.get(options, "end_turn_prompt", "options.", bool, game.end_turn_prompt)

    problems = violations(game)
    if problems:
        raise ConfigError(f"{r.source}: {problems[0]}")


def _load_players(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """The players: cash, square, jail, cards, bankruptcy."""
    n, size = game.n, game.size
    players = r.get(state, "players", "", list)
    if len(players) != n:
        raise r.fail("players", f"the game was made for {n} players, the position lists {len(players)}")
    decks = game.edition.decks
    for p, raw in enumerate(players):
        path = f"players[{p}]."
        r.check(raw, f"players[{p}]", dict)
        r.keys(raw, _PLAYER, path)
        cash = r.get(raw, "cash", path, int, game.cash[p])
        if cash < 0:
            raise r.fail(
                f"{path}cash", f"negative cash ({cash}): a player who cannot pay owes a debt, cash stays >= 0"
            )
        game.cash[p] = cash
        game.position[p] = r.square(r.get(raw, "square", path, int, game.position[p]), f"{path}square", size)
        game.in_jail[p] = r.get(raw, "in_jail", path, bool, False)
        turns = r.get(raw, "jail_turns", path, int, 0)
        if turns < 0 or (turns and not game.in_jail[p]):
            raise r.fail(f"{path}jail_turns", "turns served count only for a player in jail, from 0 up")
        game.jail_turns[p] = turns
        cards = r.get(raw, "jail_cards", path, list, [])
        for i, deck_id in enumerate(cards):
            r.check(deck_id, f"{path}jail_cards[{i}]", str)
            if deck_id not in decks or not any(c.effect == "jail_free" for c in decks[deck_id].cards):
                raise r.fail(f"{path}jail_cards[{i}]", f"deck {deck_id!r} has no jail card in this edition")
        game.jail_cards[p] = list(cards)
        game.bankrupt[p] = r.get(raw, "bankrupt", path, bool, False)
        if game.bankrupt[p] and (cash or cards):
            raise r.fail(f"{path}bankrupt", "a bankrupt player holds no cash and no cards")
        game.skip_next[p] = r.get(raw, "skip_next", path, bool, False)
        game.passed_go[p] = r.get(raw, "passed_go", path, bool, False)
        game.auto_claim[p] = r.get(raw, "auto_claim", path, bool, game.auto_claim[p])


def _load_lots(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """Owners, buildings and mortgages of the lots."""
    n, size, t = game.n, game.size, game.t
    for sq in range(size):
        if game.owner[sq] >= 0:
            game.set_owner(sq, -1)
    game.level[:] = [0] * size
    game.mortgaged[:] = [False] * size
    seen: dict[int, int] = {}
    lots = r.get(state, "lots", "", list, [])
    names = [s.name for s in game.edition.squares]
    for i, raw in enumerate(lots):
        path = f"lots[{i}]."
        r.check(raw, f"lots[{i}]", dict)
        r.keys(raw, ("square", "owner", "level", "mortgaged"), path)
        sq = r.square(r.get(raw, "square", path, int), f"{path}square", size)
        if sq in seen:
            raise r.fail(f"{path}square", f"{names[sq]} is listed twice (lots[{seen[sq]}]): a lot has one owner")
        seen[sq] = i
        if not t.is_property[sq]:
            raise r.fail(f"{path}square", f"{names[sq]} is not a property: nobody can own it")
        owner = r.seat(r.get(raw, "owner", path, int, -1), f"{path}owner", n, allow_none=True)
        level = r.get(raw, "level", path, int, 0)
        mortgaged = r.get(raw, "mortgaged", path, bool, False)
        if owner >= 0 and game.bankrupt[owner]:
            raise r.fail(f"{path}owner", f"seat {owner} is bankrupt and owns nothing")
        if (level or mortgaged) and owner < 0:
            raise r.fail(f"{path}owner", f"{names[sq]} has buildings or a mortgage but no owner")
        if not 0 <= level <= 5 or (level and not t.is_street[sq]):
            plural = "" if level == 1 else "s"  # "1 building", "6 buildings"
            raise r.fail(
                f"{path}level", f"{names[sq]}: {level} building{plural} (0-4 houses, 5 a hotel, on streets only)"
            )
        if owner >= 0:
            game.set_owner(sq, owner)
        game.level[sq] = level
        game.mortgaged[sq] = mortgaged
    for sq, i in seen.items():
        if game.level[sq] and not game.has_full_group(game.owner[sq], sq):
            other = next(m for m in t.members[sq] if game.owner[m] != game.owner[sq])
            raise r.fail(
                f"lots[{i}].level",
                f"buildings on {names[sq]}, but its owner does not hold the whole group ({names[other]})",
            )
    if game.rules.mortgage_requires_unbuilt == "group":
        for sq, i in seen.items():
            if game.mortgaged[sq] and any(game.level[m] for m in t.members[sq]):
                raise r.fail(f"lots[{i}].mortgaged", f"{names[sq]} is mortgaged in a group with buildings")


def _load_bank(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """The bank's buildings, balance and the pot."""
    bank = r.get(state, "bank", "", dict, {})
    r.keys(bank, ("houses", "hotels", "balance", "pot"), "bank.")
    on_board_houses = sum(lv for lv in game.level if lv < 5)
    on_board_hotels = sum(1 for lv in game.level if lv == 5)
    for key, stock, used in (
        ("houses", game.rules.houses, on_board_houses),
        ("hotels", game.rules.hotels, on_board_hotels),
    ):
        left = r.get(bank, key, "bank.", int, stock - used)
        if left < 0 or left + used != stock:
            raise r.fail(
                f"bank.{key}",
                f"{used} {key} on the board and {left} in the bank, but the ruleset has {stock} in all",
            )
        setattr(game, f"bank_{key}", left)
    game.pot = r.get(bank, "pot", "bank.", int, 0)
    if game.pot < 0:
        raise r.fail("bank.pot", f"the pot cannot be negative ({game.pot})")
    balance = -(sum(game.cash) + game.pot)
    game.bank_balance = r.get(bank, "balance", "bank.", int, balance)
    if game.bank_balance != balance:
        raise r.fail(
            "bank.balance", f"must be {balance}: players + bank + pot add up to 0 (the bank prints money)"
        )


def _load_decks(game: GameCore, state: dict[str, Any], r: Reader, fresh_decks: dict[str, list[int]]) -> None:
    """The decks: what is given is the top of the pile; the rest follow in the new game's order."""
    decks = game.edition.decks
    orders = r.get(state, "decks", "", dict, {})
    for deck_id, deck in decks.items():
        ids = [c.id for c in deck.cards]
        held = [d for cards in game.jail_cards for d in cards].count(deck_id)
        jail = [i for i, c in enumerate(deck.cards) if c.effect == "jail_free"]
        if held > len(jail):
            raise r.fail("players", f"{held} jail cards of deck {deck_id!r} are held; it has {len(jail)}")
        top: list[int] = []
        for i, card_id in enumerate(r.get(orders, deck_id, "decks.", list, [])):
            path = f"decks.{deck_id}[{i}]"
            r.check(card_id, path, str)
            if card_id not in ids:
                raise r.fail(path, f"deck {deck_id!r} has no card {card_id!r}")
            if ids.index(card_id) in top:
                raise r.fail(path, f"card {card_id!r} is in the deck twice")
            top.append(ids.index(card_id))
        spare = [j for j in jail if j not in top]  # the jail cards the players hold are not in the pile
        if len(spare) < held:
            raise r.fail(f"decks.{deck_id}", f"lists a jail card that a player holds ({held} held)")
        out_of_pile = set(spare[:held])
        rest = [i for i in fresh_decks[deck_id] if i not in top and i not in out_of_pile]
        rest += [i for i in range(len(ids)) if i not in top and i not in out_of_pile and i not in rest]
        game.decks[deck_id] = deque(top + rest)
    for deck_id in orders:
        if deck_id not in decks:
            raise r.fail(f"decks.{deck_id}", f"edition {game.edition.id!r} has no such deck")


def _load_turn(game: GameCore, turn: dict[str, Any], r: Reader) -> None:
    """Whose turn, the playing order, the counters and the last roll."""
    n = game.n
    game.current = r.seat(r.get(turn, "current", "turn.", int, 0), "turn.current", n)
    game.first_seat = r.seat(r.get(turn, "first", "turn.", int, game.first_seat), "turn.first", n)
    clockwise = [(game.first_seat + i) % n for i in range(n)]
    order = [
        r.seat(v, f"turn.order[{i}]", n) for i, v in enumerate(r.get(turn, "order", "turn.", list, clockwise))
    ]
    if sorted(order) != list(range(n)) or order[0] != game.first_seat:
        raise r.fail("turn.order", "must list every seat once, the first player first")
    game.order = order
    gone = [p for p in range(n) if game.bankrupt[p]]
    out = r.get(turn, "bankrupt_order", "turn.", list, gone)
    game.bankrupt_order = [r.seat(v, f"turn.bankrupt_order[{i}]", n) for i, v in enumerate(out)]
    if sorted(game.bankrupt_order) != gone:
        raise r.fail("turn.bankrupt_order", "must list every bankrupt seat once, in the order they went out")
    for key, attr in (("number", "turn"), ("round", "round"), ("rolls", "rolls"), ("doubles", "doubles")):
        value = r.get(turn, key, "turn.", int, 1 if key == "number" else 0)  # a new game is in turn 1
        if value < 0:
            raise r.fail(f"turn.{key}", "cannot be negative")
        setattr(game, attr, value)
    last = r.get(turn, "last_roll", "turn.", list, [])
    game.last_roll = tuple(r.check(v, f"turn.last_roll[{i}]", int) for i, v in enumerate(last))
    for key in ("extra_roll", "sent_to_jail", "mr_monopoly_pending", "uneven_ok"):
        setattr(game, key, r.get(turn, key, "turn.", bool, False))
    game.speed_face = r.get(turn, "speed_face", "turn.", int, 0)
    if not 0 <= game.speed_face <= 5:
        raise r.fail("turn.speed_face", "a face of the speed die: 0 (not rolled) to 5 (the Bus)")
    game.move_total = r.get(turn, "move_total", "turn.", int, 0)


def _load_claims(game: GameCore, turn: dict[str, Any], r: Reader) -> None:
    """The rent claims still open."""
    n, size = game.n, game.size
    names = [s.name for s in game.edition.squares]
    game.claims = []
    for i, raw in enumerate(r.get(turn, "claims", "turn.", list, [])):
        path = f"turn.claims[{i}]"
        r.check(raw, path, dict)
        r.keys(raw, ("owner", "payer", "square", "amount", "turn"), f"{path}.")
        owner = r.seat(r.get(raw, "owner", f"{path}.", int), f"{path}.owner", n)
        payer = r.seat(r.get(raw, "payer", f"{path}.", int), f"{path}.payer", n)
        sq = r.square(r.get(raw, "square", f"{path}.", int), f"{path}.square", size)
        amount = r.get(raw, "amount", f"{path}.", int)
        when = r.get(raw, "turn", f"{path}.", int, game.turn)
        # the rent is owed to whoever owned the lot when it was landed on, even if the lot has
        # changed hands since (a trade before the claim): the claimant need not own it now
        if not game.t.is_property[sq] or owner == payer or amount <= 0:
            raise r.fail(
                path, f"rent on {names[sq]} is owed by one seat to another, on a property, and is more than 0"
            )
        if game.bankrupt[owner] or game.bankrupt[payer]:
            raise r.fail(path, "a rent claim is between two seats still in the game")
        game.claims.append(RentClaim(owner, payer, sq, amount, when))


def _load_builds(game: GameCore, turn: dict[str, Any], r: Reader) -> None:
    """The buildings bought this turn, per seat and group (the per-turn limit)."""
    n, t = game.n, game.t
    game.builds_this_turn = {}
    for i, raw in enumerate(r.get(turn, "builds", "turn.", list, [])):
        path = f"turn.builds[{i}]"
        if not (isinstance(raw, list) and len(raw) == 3):
            raise r.fail(path, "must be [seat, group index, buildings bought]")
        seat = r.seat(raw[0], f"{path}[0]", n)
        g = r.check(raw[1], f"{path}[1]", int)
        if not 0 <= g < len(t.group_members):
            raise r.fail(f"{path}[1]", f"there is no group {g}")
        game.builds_this_turn[(seat, g)] = r.check(raw[2], f"{path}[2]", int)


def _load_auction_batches(game: GameCore, turn: dict[str, Any], r: Reader) -> None:
    """The auctions still to run, innermost batch last (nested bankruptcies)."""
    size = game.size
    game.auction_batches = []
    if "auction_batches" in turn:  # batches of auctions, innermost last (nested bankruptcies)
        for i, raw in enumerate(r.get(turn, "auction_batches", "turn.", list)):
            path = f"turn.auction_batches[{i}]"
            r.check(raw, path, dict)
            r.keys(raw, ("lots", "then"), f"{path}.")
            lots = [
                r.square(v, f"{path}.lots[{j}]", size) for j, v in enumerate(r.get(raw, "lots", f"{path}.", list))
            ]
            then = r.get(raw, "then", f"{path}.", str, None)
            if then is not None and then not in type(game).continuations:
                raise r.fail(f"{path}.then", f"{then!r} is not a continuation of this game")
            game.auction_batches.append((lots, then))
    else:  # a position that names one batch only
        queue = r.get(turn, "auction_queue", "turn.", list, [])
        lots = [r.square(v, f"turn.auction_queue[{i}]", size) for i, v in enumerate(queue)]
        then = r.get(turn, "after_auctions", "turn.", str, None)
        if then is not None and then not in type(game).continuations:
            raise r.fail("turn.after_auctions", f"{then!r} is not a continuation of this game")
        if lots or then is not None:
            game.auction_batches.append((lots, then))


def _load_shortage(game: GameCore, turn: dict[str, Any], r: Reader) -> None:
    """A building shortage being auctioned."""
    n, size, t = game.n, game.size, game.t
    shortage = turn.get("shortage")
    game.shortage = None if shortage is None else read_dataclass(r, shortage, "turn.shortage", _TYPES["Shortage"])
    if game.shortage is not None:
        sh = game.shortage
        if not all(0 <= q < n for q in [sh.requester, *sh.interested]) or not t.is_street[sh.square % size]:
            raise r.fail("turn.shortage", "a shortage names seats of the game and a street")
        if sh.item not in ("house", "hotel") or not 0 <= sh.square < size:
            raise r.fail("turn.shortage", "a shortage is for a house or a hotel on a street")


def _load_end(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """Whether the game is over, and how."""
    n = game.n
    end = r.get(state, "end", "", dict, {})
    r.keys(end, ("over", "winner", "reason", "finished_by"), "end.")
    game.over = r.get(end, "over", "end.", bool, False)
    game.winner = r.seat(r.get(end, "winner", "end.", int, -1), "end.winner", n, allow_none=True)
    game.end_reason = r.get(end, "reason", "end.", str, "")
    game.finished_by = r.get(end, "finished_by", "end.", str, None)
    if game.over != (game.winner >= 0):
        raise r.fail("end.winner", "a game that is over has a winner, and only then")


def _load_variant(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """The variant's own state."""
    variant = r.get(state, "variant", "", dict, {})

    own = variant_attributes(game)
    r.keys(variant, own, "variant.")
    for attr in own:
        if attr in variant:
            setattr(game, attr, like_template(r, getattr(game, attr), variant[attr], f"variant.{attr}", game))


def _load_stack(game: GameCore, state: dict[str, Any], r: Reader) -> None:
    """The pending decisions (a new turn's pre-roll when none are given)."""
    if "stack" in state:
        raw_stack = r.get(state, "stack", "", list)
        stack: list[Decision] = []
        for i, raw in enumerate(raw_stack):
            stack.append(decision_from_json(r, raw, f"stack[{i}]", game, stack))
        game.stack[:] = stack
    else:
        game.stack[:] = [] if game.over else [Decision(D.PRE_ROLL, game.current)]
    for i, d in enumerate(game.stack):
        if d.then == "next_auction" and not game.auction_batches:
            raise r.fail(f"stack[{i}].then", "'next_auction' needs a batch of auctions (turn.auction_batches)")
        if game.bankrupt[d.seat]:
            raise r.fail(f"stack[{i}].seat", f"seat {d.seat} is bankrupt and decides nothing")


def load_chance(game: GameCore, chance: dict[str, Any], r: Reader) -> None:
    import random

    seed = r.get(chance, "seed", "chance.", int, None, allow_none=True)
    game.seed = seed
    c = game.chance
    if "key" in chance:
        load_keyed(c, chance, r)
    else:
        c.draw_from(random.Random(seed))
    if "state" in chance:
        if "key" in chance:
            raise r.fail("chance.state", "is the seeded generator's state; this position's generator is keyed")
        words = r.get(chance, "state", "chance.", list)
        if len(words) != 625 or not all(isinstance(w, int) and 0 <= w < 2**32 for w in words):
            raise r.fail("chance.state", "must be the generator's 625 numbers (624 words and the position)")
        gauss = r.get(chance, "gauss", "chance.", float, None)
        try:
            c.rng.setstate((3, tuple(words), gauss))
        except (ValueError, TypeError):
            raise r.fail("chance.state", "is not a state of the generator") from None
    script = r.get(chance, "script", "chance.", list, [])
    rolls = []
    for i, roll in enumerate(script):
        r.check(roll, f"chance.script[{i}]", list)
        faces = tuple(r.check(f, f"chance.script[{i}][{j}]", int) for j, f in enumerate(roll))
        if not 1 <= len(faces) <= 3 or not all(1 <= f <= game.rules.dice_sides for f in faces):
            raise r.fail(f"chance.script[{i}]", f"a roll is 1-3 dice of 1 to {game.rules.dice_sides}")
        rolls.append(faces)
    c.script = deque(rolls)
    cards = r.get(chance, "scripted_cards", "chance.", dict, {})
    c.cards = {}
    for deck_id, count in cards.items():
        if deck_id not in game.decks:
            raise r.fail(f"chance.scripted_cards.{deck_id}", "there is no such deck")
        count = r.check(count, f"chance.scripted_cards.{deck_id}", int)
        if not 0 <= count <= len(game.decks[deck_id]):
            raise r.fail(f"chance.scripted_cards.{deck_id}", "more scripted cards than the pile holds")
        c.cards[deck_id] = count
    c.strict = r.get(chance, "strict", "chance.", bool, False)


def load_keyed(c: Chance, chance: dict[str, Any], r: Reader) -> None:
    """A keyed generator (:mod:`.keyed`) from ``chance.key`` (hex) and ``chance.used`` (bytes drawn)."""
    text = r.get(chance, "key", "chance.", str)
    try:
        key = bytes.fromhex(text)
    except ValueError:
        raise r.fail("chance.key", "must be hexadecimal digits") from None
    if len(key) != KEY_BYTES:
        raise r.fail("chance.key", f"must be {KEY_BYTES} bytes ({2 * KEY_BYTES} hexadecimal digits)")
    used = r.get(chance, "used", "chance.", int, 0)
    if not 0 <= used < 2**63:
        raise r.fail("chance.used", "must be a whole number of bytes, 0 or more")
    rng = KeyedRandom(key)
    rng.seek(used)
    c.draw_from(rng)


def _seats_ok(game: GameCore, seats: typing.Iterable[int], parties: bool = False) -> bool:
    low = -2 if parties else 0  # BANK is -1, POT -2
    return all(isinstance(q, int) and low <= q < game.n for q in seats)


def decision_problem(game: GameCore, d: Decision, final_call: bool = False) -> str | None:  # noqa: C901 - one check per decision kind's data
    """What is wrong with a decision read from a position (its data against its kind), or None.
    ``final_call``: an auction asks those who passed once more (a variant's), its turn may be past the
    last bidder and the seat is not a bidder's."""
    t, n = game.t, game.n
    kind, seat, square, data = d.kind, d.seat, d.square, d.data
    if kind in (D.BUY, D.MORTGAGE_TRANSFER) and (square < 0 or not t.is_property[square]):
        return f"a {kind} decision is about a property square"
    if kind == D.INCOME_TAX and square < 0:
        return "an income tax decision names its square"
    if kind == D.AUCTION:
        a: AuctionState = data
        if not a.bidders or len(set(a.bidders)) != len(a.bidders) or not _seats_ok(game, a.bidders):
            return "an auction's bidders are distinct seats, at least one"
        if (
            not 0 <= a.turn < len(a.bidders) + final_call
            or not -1 <= a.high_bidder < n
            or a.item not in AUCTION_ITEMS
        ):
            return "an auction's turn indexes its bidders; its high bidder is a seat or -1; its item " + "/".join(
                AUCTION_ITEMS
            )
        if a.min_bid < 0 or a.high_bid < 0 or not 0 <= a.square < game.size:
            return "an auction's bids are not negative and its square is on the board"
        if not _seats_ok(game, [s for s, _ in a.bids]):
            return "an auction's bids are (seat, amount)"
        if not final_call and seat != a.bidders[a.turn]:
            return "the auction waits for the bidder whose turn it is"
    if kind == D.DEBT:
        debt: Debt = data
        if not debt.creditors or not _seats_ok(game, [q for q, _ in debt.creditors], parties=True):
            return "a debt's creditors are (seat, amount), the bank (-1) or the pot (-2)"
        if any(amount <= 0 for _, amount in debt.creditors):
            return "a debt's amounts are more than 0"
    if kind == D.TRADE_RESPONSE:
        tr: Trade = data
        squares = tr.give_properties + tr.take_properties
        if not _seats_ok(game, (tr.proposer, tr.partner)) or tr.partner != seat or tr.proposer == seat:
            return "a trade is answered by its partner, a seat other than its proposer"
        if not all(0 <= sq < game.size for sq in squares) or tr.give_cash < 0 or tr.take_cash < 0:
            return "a trade's squares are on the board and its sums are not negative"
    if kind == D.BUS:
        if not (isinstance(data, tuple) and len(data) == 2 and all(1 <= f <= game.rules.dice_sides for f in data)):
            return "the Bus decision carries the two white dice"
    if kind in (D.BUILDING_INTEREST, D.PLACE_BUILDING) and data not in ("house", "hotel"):
        return f"a {kind} decision carries its item: house or hotel"
    check = getattr(data, "problem", None)
    return check(game) if callable(check) else None


AUCTION_ITEMS = ("property", "house", "hotel")
