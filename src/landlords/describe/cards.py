"""A property's card as data and words: price, rent at every level, building cost, mortgage value,
owner, and who holds the rest of its group. Streets, railroads, utilities and the variants' own lots
(Odessa's pai and malinas, Бизнесполия's lots and companies) each with their own table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.edition import HOTEL, RAILROAD, STREET, UTILITY
from ..engine.game import Game
from .words import CARDS_KEPT as CARDS_KEPT  # cards kept per speaker (words.Speaker.cards)
from .words import Speaker


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a card: what (``label``) and how much (``value``); ``current`` marks the rent that
    applies now."""

    label: str
    value: str
    current: bool = False


@dataclass(frozen=True, slots=True)
class PropertyCard:
    square: int
    title: str
    kind: str  # street | railroad | utility (the engine's kinds)
    kind_label: str  # in the variant's words: «пай», "malina", "office lot"...
    color: str | None
    group: str | None
    rows: tuple[Row, ...]
    owner: str
    group_owners: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    def lines(self) -> list[str]:
        """The card as text lines (a front end may lay the data out its own way)."""
        head = self.title + (f" — {self.group}" if self.group else "") + f" ({self.kind_label})"
        out = [head]
        width = max((len(r.label) for r in self.rows), default=0)
        for r in self.rows:
            mark = "▸" if r.current else " "
            out.append(f" {mark} {r.label.ljust(width)}  {r.value}")
        out.append("   " + self.owner)
        out.extend("   " + line for line in self.group_owners)
        out.extend("   " + line for line in self.notes)
        return out


def houses_before_hotel(game: Game) -> int:
    """How many houses (artels, offices) a lot takes before its hotel (cooperative, business centre)."""
    if game.rules.variant == "odessa":
        from ..rules.odessa import ARTELS_MAX

        return ARTELS_MAX
    return HOTEL - 1


def owner_line(game: Game, sq: int, w: Speaker) -> str:
    owner = game.owner[sq]
    if owner < 0:
        return w.t("card.for_sale")
    return w.t("card.owner", owner=w.name(owner))


def property_card(game: Game, sq: int, lang: str, words: Speaker | None = None) -> PropertyCard:
    """The card of property ``sq`` now (rent marked at the level that applies).

    A card is made once per speaker (the game's words in one language) for each state of what it
    shows: the owners of the square's group, its level and mortgage, whether the group is full and
    what lifting costs. A server shows the card of the decision's square after every act; the last
    ``CARDS_KEPT`` cards made are kept (a game's every state shown, kept, was ~17 KB per game after
    50 acts, and grew with the game)."""
    w = words or Speaker(game, lang)
    kind = game.t.kind[sq]
    if kind not in (STREET, RAILROAD, UTILITY):
        raise ValueError(f"square {sq} is not a property")
    owner = game.owner[sq]
    key = (
        sq,
        tuple([game.owner[m] for m in game.t.members[sq]]),
        game.level[sq],
        game.mortgaged[sq],
        owner >= 0 and game.has_full_group(owner, sq),
        game.unmortgage_cost(sq),
    )
    kept = w.cards
    card = kept.get(key)
    if card is None:  # the states shown long ago are not shown again: the oldest go (CARDS_KEPT)
        card = kept.keep(key, _card(game, sq, w))
    return card


def _card(game: Game, sq: int, w: Speaker) -> PropertyCard:
    t = game.t
    kind = t.kind[sq]
    money = w.money
    rows: list[Row] = [Row(w.t("card.price"), money(t.price[sq]))]
    owner = game.owner[sq]
    level = game.level[sq]
    table = t.rent[sq]
    members = t.members[sq]
    held = sum(1 for m in members if owner >= 0 and game.owner[m] == owner)
    if kind == STREET:
        full = owner >= 0 and game.has_full_group(owner, sq)
        rows.append(Row(w.t("card.rent"), money(table[0]), current=owner >= 0 and level == 0 and not full))
        if game.rules.double_rent_full_set:
            rows.append(
                Row(w.t("card.rent_full_group"), money(2 * table[0]), current=owner >= 0 and level == 0 and full)
            )
        top = houses_before_hotel(game)
        for n in range(1, top + 1):
            rows.append(Row(w.t("card.rent_with", what=w.count("house", n)), money(table[n]), current=level == n))
        rows.append(
            Row(w.t("card.rent_with_hotel", hotel=w.word("hotel")), money(table[HOTEL]), current=level == HOTEL)
        )
        rows.append(Row(w.t("card.house_cost", house=w.word("house")), money(t.house_cost[sq])))
    elif kind == RAILROAD:
        for n, rent in enumerate(table, 1):
            rows.append(Row(w.t("card.rent_owning", what=w.count("railroad", n)), money(rent), current=held == n))
    else:
        for n, times in enumerate(table, 1):
            rows.append(
                Row(
                    w.t("card.rent_owning", what=w.count("utility", n)),
                    w.t("card.times_dice", times=times),
                    current=held == n,
                )
            )
    if kind != RAILROAD or game.rules.railroads_mortgageable:
        rows.append(Row(w.t("card.mortgage"), money(t.mortgage[sq])))
        rows.append(Row(w.t("card.unmortgage"), money(game.unmortgage_cost(sq))))
    else:
        rows.append(Row(w.t("card.mortgage"), w.t("card.not_mortgageable")))
    group = w.group(sq)
    color = None
    g = t.group_of[sq]
    if g >= 0:
        color = game.edition.groups[t.group_ids[g]].color
    others = []
    for m in members:
        if m == sq:
            continue
        q = game.owner[m]
        who = w.t("card.bank_holds") if q < 0 else str(w.name(q))
        others.append(w.t("card.member", square=w.square(m), owner=who))
    notes = []
    if game.mortgaged[sq]:
        notes.append(w.t("card.is_mortgaged"))
    if kind == STREET and level:
        built = w.word("hotel") if level == HOTEL else w.count("house", level)
        notes.append(w.t("card.built", what=built))
    return PropertyCard(
        square=sq,
        title=str(w.square(sq)),
        kind=kind,
        kind_label=w.word({STREET: "street", RAILROAD: "railroad", UTILITY: "utility"}[kind]),
        color=color,
        group=str(group) if group else None,
        rows=tuple(rows),
        owner=owner_line(game, sq, w),
        group_owners=tuple(others),
        notes=tuple(notes),
    )


def owned_cards(game: Game, seat: int, lang: str) -> list[PropertyCard]:
    w = Speaker(game, lang)
    return [property_card(game, sq, lang, w) for sq in game.owned_by(seat)]
