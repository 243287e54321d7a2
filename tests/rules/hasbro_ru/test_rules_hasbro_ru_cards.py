"""hasbro-ru rule scenarios: Chance and Community Chest cards.

Spec: seed 000:59-63, 000:162-164, 000:200-212; RULES_MATRIX.md rows K1-K8 (hasbro-ru column);
REC H-26.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BROWN,
    CC3,
    CHANCE1,
    DARK_BLUE,
    INCOME_TAX,
    JAIL,
    ORIENTAL,
    VERMONT,
    assert_consistent,
    assert_illegal,
    build_group,
    events,
    expect,
    give,
    give_jail_card,
    new_game,
    payments,
    pile_ids,
    place,
    put_in_jail,
    roll,
    set_cash,
)

from landlords.engine import events as E
from landlords.engine.actions import ACCEPT, ROLL, USE_JAIL_CARD, Mortgage, ProposeTrade


def test_each_deck_has_sixteen_cards_shuffled_at_setup() -> None:
    """000:63 «Всего в комплекте 16 карточек» -> REC H-26 16 + 16; 000:162-164 «перетасуйте их»."""
    orders = set()
    for seed in range(4):
        g = new_game(2, seed=seed)
        assert {deck: len(g.decks[deck]) for deck in g.decks} == {"chance": 16, "community_chest": 16}
        orders.add(tuple(g.decks["chance"]))
    assert len(orders) > 1


def test_used_card_goes_to_the_bottom_of_its_deck() -> None:
    """000:63 «После выполнения задания карточки кладут в низ колоды»; 000:210 «положить карточку вниз
    соответствующей стопки»; 000:202 the top card is drawn."""
    g = new_game(3, dice=[(3, 4)], decks={"chance": ["dividend", "speeding-fine"]})
    roll(g)
    assert g.position[0] == CHANCE1
    assert [d.card for d in events(g, E.DrewCard)] == ["dividend"]
    assert g.cash[0] == 1550
    pile = pile_ids(g, "chance")
    assert len(pile) == 16 and pile[0] == "speeding-fine" and pile[-1] == "dividend"
    assert_consistent(g)


def test_jail_card_is_kept_until_used() -> None:
    """000:59-61 «Исключение — карточка «Бесплатно освободитесь от тюрьмы». Ее используют не сразу … а
    сохраняют до подходящего момента»; 000:210 «вы можете оставить ее себе»."""
    g = new_game(3, dice=[(3, 4)], decks={"chance": ["jail-free"]})
    roll(g)
    assert g.jail_cards[0] == ["chance"]
    assert len(g.decks["chance"]) == 15 and "jail-free" not in pile_ids(g, "chance")
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_jail_card_can_be_sold_to_another_player() -> None:
    """000:61 «или продают … по договорной цене»; 000:210 «продать ее другому игроку по взаимно
    согласованной цене» (K7)."""
    g = new_game(3)
    give_jail_card(g, 0, "community_chest")
    g.apply(0, ProposeTrade(partner=2, give_cards=("community_chest",), take_cash=40))
    g.apply(2, ACCEPT)
    assert g.jail_cards == [[], [], ["community_chest"]]
    assert g.cash == [1540, 1500, 1460]
    assert_consistent(g)


def test_used_jail_card_returns_to_the_bottom_of_its_deck() -> None:
    """000:210 (every card to the bottom after use); K8 silent -> the kept card returns to the bottom of
    the deck it came from when used."""
    g = new_game(3, dice=[(2, 4)])
    give(g, 0, 16)
    put_in_jail(g, 0)
    give_jail_card(g, 0, "chance")
    g.apply(0, USE_JAIL_CARD)
    assert not g.in_jail[0] and g.jail_cards[0] == []
    assert pile_ids(g, "chance")[-1] == "jail-free" and len(g.decks["chance"]) == 16
    assert [(e.seat, e.how) for e in events(g, E.LeftJail)] == [(0, "card")]
    roll(g)
    assert g.position[0] == 16
    assert_consistent(g)


def test_go_back_three_from_36_lands_on_chest_33_and_draws_there() -> None:
    """000:204 «передвинули ваше фишку», 000:202 the square landed on is resolved: «Go back 3 spaces»
    from Chance 36 lands on Community Chest 33, which draws in turn; backwards, no salary."""
    g = new_game(3, dice=[(1, 3)], decks={"chance": ["go-back-3"], "community_chest": ["bank-error"]})
    place(g, 0, 32)
    roll(g)
    assert g.position[0] == CC3
    assert [(d.deck, d.card) for d in events(g, E.DrewCard)] == [
        ("chance", "go-back-3"),
        ("community_chest", "bank-error"),
    ]
    assert g.cash[0] == 1700
    assert payments(g, "salary") == []
    assert_consistent(g)


def test_go_back_three_from_7_pays_income_tax() -> None:
    """000:202-204: the square reached by a card move is resolved like any landing (income tax 100)."""
    g = new_game(3, dice=[(3, 4)], decks={"chance": ["go-back-3"]})
    roll(g)
    assert g.position[0] == INCOME_TAX
    assert [(p.payer, p.amount) for p in payments(g, "tax")] == [(0, 100)]
    assert_consistent(g)


@pytest.mark.parametrize(
    "deck, square, card, cost",
    [
        ("chance", 7, "general-repairs", 3 * 25 + 2 * 100),
        ("community_chest", 17, "street-repairs", 3 * 40 + 2 * 115),
    ],
)
def test_repairs_are_charged_per_house_and_per_hotel(deck: str, square: int, card: str, cost: int) -> None:
    """000:205 «заплатили деньги» (cards listed in the edition): repairs per house and per hotel owned:
    brown with 1 + 2 houses and dark blue with two hotels."""
    g = new_game(3, dice=[(2, 3)], decks={deck: [card]})
    give(g, 0, *BROWN, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)
    g.level[1], g.level[3] = 1, 2
    g.bank_houses -= 3
    place(g, 0, square - 5)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "card")] == [(0, -1, cost)]
    assert g.cash[0] == 1500 - cost
    assert_consistent(g)


def test_pay_each_player_card() -> None:
    """000:205: «Chairman of the Board: pay each player 50»."""
    g = new_game(3, dice=[(3, 4)], decks={"chance": ["chairman"]})
    roll(g)
    assert g.cash == [1400, 1550, 1550]
    assert_consistent(g)


def test_collect_from_each_player_card() -> None:
    """000:206 «получили деньги»: «It is your birthday: collect 10 from every player»."""
    g = new_game(4, dice=[(1, 1), (2, 3)], decks={"community_chest": ["birthday"]})
    roll(g)
    assert g.cash == [1530, 1490, 1490, 1490]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_collect_from_each_a_short_player_raises_the_cash_first() -> None:
    """000:206 + 000:259: a player who cannot pay the birthday money has a debt decision and pays once
    cash is raised; then the card-drawer's turn goes on."""
    g = new_game(3, dice=[(1, 1)], decks={"community_chest": ["birthday"]})
    give(g, 2, ORIENTAL)
    set_cash(g, 2, 5)
    roll(g)
    d = expect(g, "debt", 2)
    assert d.data.amount == 10
    assert_illegal(g, 0, ROLL, "wrong-decision")
    g.apply(2, Mortgage(ORIENTAL))
    assert g.cash == [1520, 1490, 45]
    expect(g, "pre_roll", 0)
    assert_consistent(g)


def test_collect_from_each_waits_for_every_short_player() -> None:
    """000:206 + 000:259: every player who owes the birthday money settles before the drawer's turn goes
    on; the game must never wait on the drawer while a debt is still open."""
    g = new_game(3, dice=[(1, 1), (2, 3)], decks={"community_chest": ["birthday"]})
    give(g, 1, ORIENTAL)
    give(g, 2, VERMONT)
    set_cash(g, 1, 5)
    set_cash(g, 2, 5)
    roll(g)
    d = expect(g, "debt")
    first = d.seat
    other = 3 - first
    g.apply(first, Mortgage(ORIENTAL if first == 1 else VERMONT))
    expect(g, "debt", other)  # the second debtor still owes: the drawer may not roll yet
    g.apply(other, Mortgage(ORIENTAL if other == 1 else VERMONT))
    expect(g, "pre_roll", 0)
    assert g.cash[0] == 1520
    assert_consistent(g)


def test_chance_go_to_jail_card_sends_to_jail_and_ends_turn() -> None:
    """000:207 «отправились в Тюрьму», 000:222 by card; 000:225 «Ваш ход оканчивается»; even after a
    double there is no extra roll."""
    g = new_game(3, dice=[(1, 1)], decks={"community_chest": ["go-to-jail"]})
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert [j.reason for j in events(g, E.Jailed)] == ["card"]
    expect(g, "pre_roll", 1)
    assert_consistent(g)
