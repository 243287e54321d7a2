"""Plain-English descriptions of events and a text summary of a position."""

from __future__ import annotations

from ..engine import events as E
from ..engine.edition import HOTEL
from ..engine.game import Game


def party(game: Game, who: int) -> str:
    if who == E.BANK:
        return "the bank"
    if who == E.POT:
        return "the free-parking pot"
    return game.names[who]


def describe(game: Game, ev: E.Event) -> str:
    """One line for an event, with the edition's own square names and currency."""
    sq = game.edition.squares
    money = game.edition.currency.show
    name = lambda i: sq[i].name  # noqa: E731
    p = lambda who: party(game, who)  # noqa: E731
    if isinstance(ev, E.TurnOrderRolled):
        return f"{p(ev.first)} rolled highest and starts"
    if isinstance(ev, E.TurnStarted):
        return f"-- turn {ev.turn}: {p(ev.seat)}"
    if isinstance(ev, E.TurnSkipped):
        return f"{p(ev.seat)} skips a turn ({ev.reason.replace('_', ' ')})"
    if isinstance(ev, E.Rolled):
        what = {"move": "rolled", "jail": "rolled in jail", "utility": "rolled for the utility rent"}[ev.purpose]
        return f"{p(ev.seat)} {what} {' + '.join(map(str, ev.dice))}"
    if isinstance(ev, E.Moved):
        return f"{p(ev.seat)} moves to {name(ev.end)}" + (" passing GO" if ev.passed_go else "")
    if isinstance(ev, E.Paid):
        where = f" for {name(ev.square)}" if ev.square >= 0 else ""
        return f"{p(ev.payer)} pays {p(ev.payee)} {money(ev.amount)} ({ev.reason.replace('_', ' ')}){where}"
    if isinstance(ev, E.Bought):
        return f"{p(ev.seat)} buys {name(ev.square)}" + (f" for {money(ev.price)}" if ev.price else "")
    if isinstance(ev, E.AuctionStarted):
        return f"auction of {ev.item if ev.item != 'property' else name(ev.square)} from {money(ev.min_bid)}"
    if isinstance(ev, E.BidPlaced):
        return f"{p(ev.seat)} bids {money(ev.amount)}"
    if isinstance(ev, E.BidderPassed):
        return f"{p(ev.seat)} passes"
    if isinstance(ev, E.AuctionEnded):
        if ev.winner < 0:
            return f"nobody bid: {name(ev.square)} stays with the bank"
        return f"{p(ev.winner)} wins the auction for {money(ev.price)}"
    if isinstance(ev, E.Built):
        what = "a hotel" if ev.level == HOTEL else f"house {ev.level}"
        return f"{p(ev.seat)} builds {what} on {name(ev.square)}"
    if isinstance(ev, E.BuildingSold):
        return f"{p(ev.seat)} sells a building on {name(ev.square)} for {money(ev.refund)}"
    if isinstance(ev, E.Mortgaged):
        return f"{p(ev.seat)} mortgages {name(ev.square)} for {money(ev.amount)}"
    if isinstance(ev, E.Unmortgaged):
        return f"{p(ev.seat)} lifts the mortgage on {name(ev.square)} for {money(ev.cost)}"
    if isinstance(ev, E.DrewCard):
        return f"{p(ev.seat)} draws: {ev.text}"
    if isinstance(ev, E.Jailed):
        return f"{p(ev.seat)} goes to jail ({ev.reason})"
    if isinstance(ev, E.LeftJail):
        return f"{p(ev.seat)} leaves jail ({ev.how.replace('_', ' ')})"
    if isinstance(ev, E.RentOwed):
        return f"{p(ev.payer)} owes {p(ev.owner)} {money(ev.amount)} rent for {name(ev.square)}"
    if isinstance(ev, E.RentForfeited):
        return f"{p(ev.owner)} did not claim the rent for {name(ev.square)} in time"
    if isinstance(ev, E.DebtIncurred):
        return f"{p(ev.seat)} owes {money(ev.amount)} and must raise cash"
    if isinstance(ev, E.TradeProposed):
        return f"{p(ev.seat)} offers {p(ev.partner)} a trade"
    if isinstance(ev, E.TradeAnswered):
        return f"{p(ev.seat)} {'accepts' if ev.accepted else 'rejects'} the trade"
    if isinstance(ev, E.PropertyTransferred):
        giver = p(ev.giver) if ev.giver >= 0 else "the bank"
        receiver = p(ev.receiver) if ev.receiver >= 0 else "the bank"
        return f"{name(ev.square)}: {giver} -> {receiver}"
    if isinstance(ev, E.JailCardTransferred):
        to = p(ev.receiver) if ev.receiver >= 0 else "the bottom of its deck"
        return f"a jail card goes from {p(ev.giver)} to {to}"
    if isinstance(ev, E.WentBankrupt):
        return f"{p(ev.seat)} is bankrupt (to {p(ev.creditor)})"
    if isinstance(ev, E.GameOver):
        return f"game over: {p(ev.winner)} wins ({ev.reason.replace('_', ' ')})"
    own = getattr(ev, "describe", None)  # a variant's events describe themselves
    if own is not None:
        return own(game)
    return repr(ev)  # pragma: no cover


def position(game: Game) -> str:
    """A compact text view: each player's cash, square and holdings."""
    money = game.edition.currency.show
    lines = []
    for seat in range(game.n):
        if game.bankrupt[seat]:
            lines.append(f"{game.names[seat]}: bankrupt")
            continue
        props = []
        for sq in game.owned_by(seat):
            label = game.edition.squares[sq].name
            lv = game.level[sq]
            if lv:
                label += " [hotel]" if lv == HOTEL else f" [{lv}h]"
            if game.mortgaged[sq]:
                label += " (mortgaged)"
            props.append(label)
        where = "in jail" if game.in_jail[seat] else game.edition.squares[game.position[seat]].name
        lines.append(
            f"{game.names[seat]}: {money(game.cash[seat])}, net worth {money(game.net_worth(seat))}, "
            f"at {where}; " + (", ".join(props) if props else "no property")
        )
    lines.append(f"bank: {game.bank_houses} houses, {game.bank_hotels} hotels")
    if game.over:
        lines.append(f"winner: {game.names[game.winner]} ({game.end_reason.replace('_', ' ')})")
    return "\n".join(lines)
