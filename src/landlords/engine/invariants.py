"""Invariants that hold after every action of every legal game (checked by the test suite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .core import GameCore

from .edition import HOTEL


def violations(game: GameCore) -> list[str]:
    """Everything wrong with the state; an empty list means the state is consistent."""
    out: list[str] = []
    for part in (_money, _buildings, _squares, _groups, _decks, _waiting, _seats_out):
        part(game, out)
    out.extend(game.variant_violations())  # what a variant's own state must satisfy
    return out


def _money(game: GameCore, out: list[str]) -> None:
    """Money is conserved; nobody's cash, and not the pot, is negative; seats stand on the board."""
    t = game.t
    total = sum(game.cash) + game.bank_balance + game.pot
    if total != 0:
        out.append(f"money not conserved: players + bank + pot = {total}")
    if game.pot < 0:
        out.append(f"negative pot {game.pot}")
    for p in range(game.n):
        if game.cash[p] < 0:
            out.append(f"seat {p} has negative cash {game.cash[p]}")
        if not 0 <= game.position[p] < t.size:
            out.append(f"seat {p} off the board at {game.position[p]}")
        if game.bankrupt[p] and (game.cash[p] or game.jail_cards[p]):
            out.append(f"bankrupt seat {p} still holds cash or cards")


def _buildings(game: GameCore, out: list[str]) -> None:
    """The board's buildings and the bank's add up to the ruleset's stock."""
    rules = game.rules
    houses = sum(lv for lv in game.level if lv < HOTEL)
    hotels = sum(1 for lv in game.level if lv == HOTEL)
    if houses + game.bank_houses != rules.houses:
        out.append(f"house stock broken: {houses} on the board + {game.bank_houses} in the bank != {rules.houses}")
    if hotels + game.bank_hotels != rules.hotels:
        out.append(f"hotel stock broken: {hotels} on the board + {game.bank_hotels} in the bank != {rules.hotels}")
    if game.bank_houses < 0 or game.bank_hotels < 0:
        out.append("the bank holds a negative number of buildings")


def _squares(game: GameCore, out: list[str]) -> None:
    """Each square's owner, mortgage and buildings are possible."""
    t = game.t
    for sq in range(t.size):
        owner = game.owner[sq]
        if owner >= 0 and (not t.is_property[sq] or owner >= game.n or game.bankrupt[owner]):
            out.append(f"square {sq} has an impossible owner {owner}")
        if game.mortgaged[sq] and owner < 0:
            out.append(f"square {sq} is mortgaged but unowned")
        if game.level[sq] and (not t.is_street[sq] or owner < 0):
            out.append(f"square {sq} has buildings but is not an owned street")


def _groups(game: GameCore, out: list[str]) -> None:
    """The kept counts of the groups are current, and buildings stand only where the rules allow."""
    t, rules = game.t, game.rules
    for g, members in enumerate(t.group_members):
        owners_of = {game.owner[m] for m in members}
        whole = owners_of.pop() if len(owners_of) == 1 else -1
        if game.group_owner[g] != whole:
            out.append(f"group_owner[{g}] is {game.group_owner[g]}, the board says {whole}")
        for p in range(game.n):
            if game.holdings[p][g] != sum(1 for m in members if game.owner[m] == p):
                out.append(f"holdings[{p}][{g}] out of date")
        levels = [game.level[m] for m in members]
        if not any(levels):
            continue
        if len({game.owner[m] for m in members}) != 1:
            out.append(f"buildings in group {members} which is not owned by one player")
        if rules.mortgage_requires_unbuilt == "group" and any(game.mortgaged[m] for m in members):
            out.append(f"buildings in group {members} with a mortgaged lot")
        if rules.even_building and rules.even_selling and max(levels) - min(levels) > 1 and not game.uneven_ok:
            out.append(f"uneven buildings {levels} in group {members}")


def _decks(game: GameCore, out: list[str]) -> None:
    """Every card is in its pile or in a player's hand, once."""
    for deck_id, deck in game.edition.decks.items():
        held = sum(cards.count(deck_id) for cards in game.jail_cards)
        pile = game.decks[deck_id]
        if len(pile) + held != len(deck.cards) or len(set(pile)) != len(pile):
            out.append(f"deck {deck_id} lost or duplicated a card ({len(pile)} in the pile, {held} held)")


def _waiting(game: GameCore, out: list[str]) -> None:
    """A game always waits for someone still in it, who has a legal answer, until it is over."""
    if not game.over and not game.stack:
        out.append("the game waits for nothing but is not over")
    for d in game.stack:
        if not 0 <= d.seat < game.n or game.bankrupt[d.seat]:
            out.append(f"a {d.kind} decision waits for seat {d.seat}, which is out of the game")
    if game.over and game.stack:
        out.append("the game is over but still waits for a decision")
    if not game.over and game.stack and not game.bankrupt[game.stack[-1].seat]:
        top = game.stack[-1]
        if next(iter(game.legal_actions(top.seat)), None) is None:
            out.append(f"the {top.kind} decision of seat {top.seat} has no legal answer")


def _seats_out(game: GameCore, out: list[str]) -> None:
    """A bankrupt seat owns nothing; the seats that went out are listed once, in order; the playing
    order is every seat, from the first player."""
    for p in range(game.n):
        if game.bankrupt[p] and any(game.owner[sq] == p for sq in range(game.t.size)):
            out.append(f"bankrupt seat {p} still owns property")
    if sorted(game.bankrupt_order) != [p for p in range(game.n) if game.bankrupt[p]]:
        out.append(f"bankrupt_order {game.bankrupt_order} does not list the bankrupt seats once each")
    if sorted(game.order) != list(range(game.n)) or game.order[0] != game.first_seat:
        out.append(f"the playing order {game.order} is not every seat from the first player")
