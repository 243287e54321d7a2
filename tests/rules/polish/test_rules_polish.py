"""polish rule scenarios: every rule point where the Polish rules (seed 002) differ from hasbro-ru.

Spec: seed 002 (lines 1-127); RULES_MATRIX.md column `polish`, section 2.4, RECs P-1..P-13 (4.4).
The polish ruleset plays on the `warsaw` edition (the classic 40-square board and prices).
"""

from __future__ import annotations

import pytest
from support.scenario import (
    BOARDWALK,
    BROWN,
    CONNECTICUT,
    DARK_BLUE,
    ELECTRIC,
    FREE_PARKING,
    INCOME_TAX,
    JAIL,
    LIGHT_BLUE,
    ORANGE,
    ORIENTAL,
    PARK_PLACE,
    PENNSYLVANIA_RR,
    READING,
    ST_JAMES,
    VERMONT,
    WATER_WORKS,
    assert_illegal,
    build,
    build_group,
    end_turn,
    events,
    expect,
    give,
    mark,
    mortgage,
    payments,
    pile_ids,
    place,
    roll,
    set_cash,
)
from support.scenario_variants import leave_houses_in_bank, play_out_turn, roll_from, variant_game

from landlords import ConfigError
from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    BUY,
    DECLARE_BANKRUPTCY,
    DECLINE,
    PASS,
    REJECT,
    Bid,
    Build,
    ChooseTax,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    TimeOut,
    Unmortgage,
)
from landlords.engine.invariants import violations


def polish(players: int = 3, **kw):
    return variant_game("polish", players, **kw)


# ------------------------------------------------------------------ players
@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_may_play(n: int) -> None:
    """002:3 «Gra handlowa dla 2-4 osób»."""
    g = polish(n)
    assert g.n == n and g.edition.id == "warsaw"
    assert violations(g) == []


@pytest.mark.parametrize("n", [1, 5])
def test_one_or_five_players_are_rejected(n: int) -> None:
    """002:3 «dla 2-4 osób»: a fifth player (allowed by hasbro-ru, 000:9) is refused."""
    with pytest.raises(ConfigError):
        polish(n)
    assert violations(variant_game("hasbro-ru", 5)) == []  # the contrast: hasbro-ru takes five


# ------------------------------------------------------------------ auctions and rent
def test_the_auction_includes_the_player_who_declined() -> None:
    """002:19 «NA AUKCJĘ, w której mogą uczestniczyć wszyscy gracze, łącznie z graczem, który zrezygnował
    z zakupu»: the decliner may bid, here from $1 (the auction starts at $0)."""
    g = polish(dice=[(2, 4)])
    roll(g)
    g.apply(0, DECLINE)
    d = expect(g, "auction", 1, ORIENTAL)
    assert d.describe()["bidders"] == [1, 2, 0]
    g.apply(1, PASS)
    g.apply(2, PASS)
    expect(g, "auction", 0)
    assert_illegal(g, 0, Bid(0), "bid-too-low")  # «nawet za $1»: the lowest bid is $1
    g.apply(0, Bid(1))
    assert g.owner[ORIENTAL] == 0 and g.cash[0] == 1499
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_a_field_nobody_bids_for_stays_unsold() -> None:
    """002:19 «jeśli w drodze licytacji nikt nie wyrazi chęci zakupu pola nawet za $1 … to pole pozostaje
    niesprzedane»."""
    g = polish(dice=[(2, 4)])
    roll(g)
    g.apply(0, DECLINE)
    for seat in (1, 2, 0):
        g.apply(seat, PASS)
    assert g.owner[ORIENTAL] == -1 and g.cash == [1500] * 3
    expect(g, "post_roll", 0)
    assert violations(g) == []


def test_rent_is_paid_without_being_claimed() -> None:
    """002:17 «wiąże się z koniecznością wniesienia dla właściciela opłaty» (obligatory) -> automatic,
    even with an owner who would not claim."""
    g = polish(dice=[(2, 4)], auto_claim=False)
    give(g, 1, ORIENTAL)
    roll(g)
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "rent")] == [(0, 1, 6)]
    assert g.claims == []
    assert violations(g) == []


@pytest.mark.parametrize(
    "setup, square, rent",
    [
        ("Park Place mortgaged", BOARDWALK, 100),
        ("houses on the other light blues", ORIENTAL, 12),
    ],
)
def test_double_rent_on_a_full_group_even_with_a_mortgaged_or_built_lot(
    setup: str, square: int, rent: int
) -> None:
    """002:117 «Zwykłe opłaty są dwukrotnie większe od podanych, jeśli gracz posiada wszystkie pola grupy» ->
    REC P-7 (a mortgaged lot does not cancel the doubling; hasbro-ru: it does) and P-8 (an unbuilt lot
    still doubles when others are built)."""
    g = polish(dice=[(1, 3) if square == BOARDWALK else (2, 4)])
    if square == BOARDWALK:
        give(g, 1, *DARK_BLUE)
        mortgage(g, PARK_PLACE)
        place(g, 0, 35)
    else:
        give(g, 1, *LIGHT_BLUE)
        build(g, VERMONT, 1)
        build(g, CONNECTICUT, 1)
    roll(g)
    assert g.position[0] == square
    assert [p.amount for p in payments(g, "rent")] == [rent]
    assert violations(g) == []


@pytest.mark.parametrize("owned, multiplier", [((ELECTRIC,), 4), ((ELECTRIC, WATER_WORKS), 10)])
def test_a_card_sent_utility_charges_the_normal_multiplier_on_the_roll_that_moved(
    owned: tuple[int, ...], multiplier: int
) -> None:
    """002:123 (card-sent rents, the triangle case not given) -> REC P-3: the normal x4 / x10 on the current
    roll (1+2), no new roll (the scripted (6, 6) is not used)."""
    g = polish(dice=[(1, 2), (6, 6)], decks={"chance": ["nearest-utility"]})
    give(g, 1, *owned)
    place(g, 0, 4)
    roll(g)
    assert g.position[0] == ELECTRIC
    assert [p.amount for p in payments(g, "rent")] == [multiplier * 3]
    assert [r.purpose for r in events(g, E.Rolled)] == ["move"]
    assert list(g.chance.script) == [(6, 6)]
    assert violations(g) == []


# ------------------------------------------------------------------ taxes
def test_luxury_tax_is_75() -> None:
    """002:63 «PODATEK OD LUKSUSU … w wysokości $75» (the board prints 100)."""
    g = polish(dice=[(1, 2)])
    place(g, 0, 35)
    roll(g)
    assert [p.amount for p in payments(g, "tax")] == [75]
    assert violations(g) == []


@pytest.mark.parametrize("percent, tax", [(False, 200), (True, 225)])
def test_income_tax_is_200_or_ten_percent_of_total_worth(percent: bool, tax: int) -> None:
    """002:65 «ma do wyboru … $200, czy PROCENTOWY, w wysokości 10% wartości posiadanego majątku … sumę
    posiadanej gotówki, pól (po ich standardowych cenach, w tym także dla pól zastawionych) i budynków po cenach
    ich zakupu». Worked number: cash 1000 + Vermont 100 (mortgaged, at its price) + Park Place 350 + Boardwalk
    400 + two houses at 200 = 2250; 10% = 225 (cash only would be 100; mortgage value 220; houses at half
    price 205)."""
    g = polish(dice=[(1, 3)])
    set_cash(g, 0, 1000)
    give(g, 0, VERMONT, *DARK_BLUE)
    mortgage(g, VERMONT)
    build_group(g, DARK_BLUE, 1)
    roll(g)
    expect(g, "income_tax", 0, INCOME_TAX)
    assert g.total_worth(0) == 2250
    g.apply(0, ChooseTax(percent))
    assert [p.amount for p in payments(g, "tax")] == [tax]
    assert g.cash[0] == 1000 - tax
    expect(g, "post_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ cards and salary
def test_cards_are_never_reshuffled_the_17th_draw_repeats_the_first() -> None:
    """002:57 «Po użyciu karty wracają na spód odpowiedniego stosu i nie są nigdy tasowane (zatem po pewnym
    czasie powtarzają się w tej samej kolejności). Wyjątek stanowi karta WYJŚCIE Z WIĘZIENIA ZA DARMO» (REC
    P-2): 16 draws in a fixed order (the jail card, kept, last), then the first card comes round again."""
    order = [
        "dividend", "speeding-fine", "building-loan", "advance-to-go", "go-back-3", "go-to-jail",
        "general-repairs", "chairman", "advance-to-boardwalk", "advance-to-illinois", "advance-to-st-charles",
        "advance-to-reading", "nearest-railroad-1", "nearest-railroad-2", "nearest-utility", "jail-free",
    ]  # fmt: skip
    g = polish(2, dice=[(1, 2)] * 17, decks={"chance": order})
    for _ in range(17):
        roll_from(g, 4)  # to the Szansa square 7
        play_out_turn(g)
    drawn = [e.card for e in events(g, E.DrewCard)]
    assert drawn == order + ["dividend"]
    assert pile_ids(g, "chance") == order[1:15] + ["dividend"]
    assert g.jail_cards[1] == ["chance"]
    assert violations(g) == []


def test_no_salary_for_a_backward_card_move() -> None:
    """002:101 «Pensji nie pobiera się jednak w przypadku … ruchu wstecznego z karty szansy lub ryzyka (tj.
    COFASZ SIE O TRZY POLA)»: from Szansa (7) back to the income tax (4), no salary."""
    g = polish(dice=[(1, 2)], decks={"chance": ["go-back-3"]})
    place(g, 0, 4)
    roll(g)
    assert g.position[0] == INCOME_TAX
    assert events(g, E.Moved)[-1] == E.Moved(0, 7, 4, False)
    assert payments(g, "salary") == []
    g.apply(0, ChooseTax(False))
    assert g.cash[0] == 1300
    assert violations(g) == []


def test_no_salary_when_sent_to_jail() -> None:
    """002:101 «Pensji nie pobiera się jednak w przypadku przejścia do więzienia»: the card at 36 sends the
    token to jail (10) across the start without a salary."""
    g = polish(dice=[(1, 2)], decks={"chance": ["go-to-jail"]})
    place(g, 0, 33)
    roll(g)
    assert g.position[0] == JAIL and g.in_jail[0]
    assert payments(g, "salary") == [] and g.cash[0] == 1500
    expect(g, "pre_roll", 1)
    assert violations(g) == []


def test_free_parking_is_only_a_rest() -> None:
    """002:61 «Zatrzymanie się na nim nie wiąże się z wykonywaniem żadnej akcji ani opłatami»: no skipped turn."""
    g = polish(2, dice=[(4, 6), (4, 6)])
    place(g, 0, JAIL)
    roll(g)
    assert g.position[0] == FREE_PARKING
    end_turn(g)
    roll(g)
    end_turn(g)
    expect(g, "pre_roll", 0)
    assert violations(g) == []


# ------------------------------------------------------------------ mortgages
def test_a_mortgage_is_lifted_at_half_plus_ten_percent_of_the_value() -> None:
    """002:69 «otrzymuje od banku POŁOWĘ JEGO STANDARDOWEJ WARTOŚCI, a … wykupić pole z zastawu, płaci POŁOWĘ
    PLUS 10% JEGO WARTOŚCI»: Boardwalk 400: 200 in, 240 out (hasbro-ru: 220)."""
    g = polish()
    give(g, 0, BOARDWALK)
    g.apply(0, Mortgage(BOARDWALK))
    assert g.cash[0] == 1700
    g.apply(0, Unmortgage(BOARDWALK))
    assert g.cash[0] == 1700 - 240
    assert violations(g) == []


def test_a_mortgaged_field_received_in_a_trade_can_be_lifted_at_once_for_half() -> None:
    """002:93 «Nabywając zastawione pole, nowy właściciel wnosi jednak od razu opłatę do banku w wysokości 10%
    WARTOŚCI POLA. Jeśli jednocześnie zdecyduje się odkupić zastaw, może to zrobić za POŁOWĘ WARTOŚCI POLA»:
    40 + 200."""
    g = polish()
    give(g, 0, BOARDWALK)
    mortgage(g, BOARDWALK)
    g.apply(0, ProposeTrade(1, give_properties=(BOARDWALK,), take_cash=100))
    g.apply(1, ACCEPT)
    expect(g, "mortgage_transfer", 1, BOARDWALK)
    assert LiftMortgage(True) in list(g.legal_actions(1))
    m = mark(g)
    g.apply(1, LiftMortgage(True))
    assert [p.amount for p in payments(g, since=m)] == [240]
    assert g.cash[1] == 1500 - 100 - 240
    assert not g.mortgaged[BOARDWALK]
    expect(g, "pre_roll", 0)
    assert violations(g) == []


def test_a_mortgaged_field_received_and_kept_pays_ten_percent_twice() -> None:
    """002:93 «… a jeśli nie, to płaci później POŁOWĘ PLUS 10% WARTOŚCI (czyli 10% wartości płaci
    dwukrotnie)»: 40 now, 240 when lifted later (in the receiver's own turn, 002:97)."""
    g = polish(dice=[(4, 6)])
    give(g, 0, BOARDWALK)
    mortgage(g, BOARDWALK)
    g.apply(0, ProposeTrade(1, give_properties=(BOARDWALK,), take_cash=100))
    g.apply(1, ACCEPT)
    g.apply(1, LiftMortgage(False))
    assert g.cash[1] == 1500 - 100 - 40 and g.mortgaged[BOARDWALK]
    assert_illegal(g, 1, Unmortgage(BOARDWALK), "mortgage-timing")  # seat 0's turn
    roll(g)
    end_turn(g)
    expect(g, "pre_roll", 1)
    g.apply(1, Unmortgage(BOARDWALK))
    assert g.cash[1] == 1500 - 100 - 40 - 240
    assert violations(g) == []


def test_a_creditor_receiving_mortgaged_fields_pays_ten_percent_or_lifts_at_half() -> None:
    """002:105-107 «Uzyskanie w ten sposób pól będących w zastawie wiąże się z zapłaceniem od razu opłaty w
    wysokości 10% ich wartości i … odkupienie z zastawu można dokonać od razu za połowę wartości»."""
    g = polish(dice=[(1, 3)])
    give(g, 1, *DARK_BLUE)
    build_group(g, DARK_BLUE, 5)
    give(g, 0, VERMONT)
    mortgage(g, VERMONT)
    set_cash(g, 0, 20)
    place(g, 0, 35)
    roll(g)
    expect(g, "debt", 0)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.owner[VERMONT] == 1 and g.cash[1] == 1520
    expect(g, "mortgage_transfer", 1, VERMONT)
    g.apply(1, LiftMortgage(True))
    assert g.cash[1] == 1520 - 10 - 50 and not g.mortgaged[VERMONT]
    expect(g, "pre_roll", 1)
    assert violations(g) == []


# ------------------------------------------------------------------ buildings
def test_no_shortage_auction_first_come_first_served() -> None:
    """002:85 «Ich zakup nie jest możliwy, kiedy nie ma ich w banku … Celowe doprowadzanie do braku domków …
    nie należy traktować jako nieuczciwej gry» -> REC P-11: the last house goes to whoever buys it first
    (hasbro-ru would ask the rivals and auction it, 000:93)."""
    for ruleset, shortage in (("polish", False), ("hasbro-ru", True)):
        g = variant_game(ruleset)
        give(g, 0, *LIGHT_BLUE)
        give(g, 1, *BROWN)
        leave_houses_in_bank(g, 2, 1)
        g.apply(0, Build(ORIENTAL))
        if shortage:
            expect(g, "building_interest", 1)
            continue
        assert g.level[ORIENTAL] == 1 and g.bank_houses == 0
        expect(g, "pre_roll", 0)
        assert violations(g) == []


def test_a_hotel_cannot_be_sold_without_four_houses_in_the_bank() -> None:
    """002:85 «Nie jest też możliwe odsprzedawanie hoteli, jeśli w banku nie ma czterech domków, które je
    zastępują po odsprzedaży» (hasbro-ru clears the lot instead, REC H-2)."""
    g = polish()
    give(g, 0, *LIGHT_BLUE)
    build_group(g, LIGHT_BLUE, 5)
    leave_houses_in_bank(g, 1, 3)
    assert_illegal(g, 0, SellBuilding(ORIENTAL), "hotel-sale-needs-houses")
    assert violations(g) == []


def test_building_mortgaging_and_trading_only_just_before_or_after_ones_own_roll() -> None:
    """002:97 «Wszelkie operacje związane z zastawami, budowaniem i handlem mogą być przeprowadzane przez gracza
    tylko bezpośrednio przed lub po jego rzucie kostkami»: allowed at one's own pre-roll and post-roll, not
    while a buy decision is open, never in another player's turn."""
    g = polish(dice=[(2, 3)])
    give(g, 0, *LIGHT_BLUE, *BROWN)
    give(g, 1, *ORANGE, PENNSYLVANIA_RR, BOARDWALK)
    build_group(g, ORANGE, 1)
    mortgage(g, BOARDWALK)
    # another player's turn: nothing
    assert_illegal(g, 1, Build(ST_JAMES), "build-timing")
    assert_illegal(g, 1, Mortgage(PENNSYLVANIA_RR), "mortgage-timing")
    assert_illegal(g, 1, Unmortgage(BOARDWALK), "mortgage-timing")
    assert_illegal(g, 1, SellBuilding(ST_JAMES), "sell-timing")
    assert_illegal(g, 1, ProposeTrade(0, give_cash=10, take_properties=(ORIENTAL,)), "trade-timing")
    # just before the roll
    g.apply(0, Build(ORIENTAL))
    roll(g)
    expect(g, "buy", 0, READING)
    assert_illegal(g, 0, Build(VERMONT), "build-timing")
    assert_illegal(g, 0, Mortgage(BROWN[0]), "mortgage-timing")
    assert_illegal(g, 0, ProposeTrade(1, give_cash=10, take_properties=(PENNSYLVANIA_RR,)), "trade-timing")
    g.apply(0, BUY)
    # just after the roll
    expect(g, "post_roll", 0)
    g.apply(0, Build(VERMONT))
    g.apply(0, Mortgage(BROWN[0]))
    g.apply(0, ProposeTrade(1, give_cash=10, take_properties=(PENNSYLVANIA_RR,)))
    g.apply(1, REJECT)
    assert [g.level[sq] for sq in LIGHT_BLUE] == [1, 1, 0] and g.mortgaged[BROWN[0]]
    assert violations(g) == []


@pytest.mark.parametrize("raise_cash", ["sell", "mortgage"])
def test_a_debtor_may_sell_and_mortgage_out_of_turn_but_not_trade(raise_cash: str) -> None:
    """002:97 «Wyjątek stanowi sytuacja, kiedy gracz nie posiada wystarczającej ilości gotówki … Może wtedy
    sprzedawać domki lub oddawać własności pod zastaw … (nie może jednak w tym momencie handlować)»: seat 1
    owes the birthday money in seat 0's turn."""
    g = polish(dice=[(1, 2)], decks={"community_chest": ["birthday"]})
    give(g, 1, *ORANGE, PENNSYLVANIA_RR)
    build_group(g, ORANGE, 1)
    set_cash(g, 1, 5)
    place(g, 0, 14)
    roll(g)
    expect(g, "debt", 1)
    assert_illegal(g, 1, ProposeTrade(0, give_properties=(PENNSYLVANIA_RR,), take_cash=10), "no-trade-in-debt")
    assert_illegal(g, 1, Build(ST_JAMES), "build-timing")
    if raise_cash == "sell":
        g.apply(1, SellBuilding(ST_JAMES))  # half of 100
        assert g.cash[1] == 5 + 50 - 10
    else:
        g.apply(1, Mortgage(PENNSYLVANIA_RR))
        assert g.cash[1] == 5 + 100 - 10
    assert g.cash[0] == 1500 + 20
    expect(g, "post_roll", 0)
    assert_illegal(g, 1, Mortgage(ST_JAMES if raise_cash == "mortgage" else PENNSYLVANIA_RR), "mortgage-timing")
    assert violations(g) == []


# ------------------------------------------------------------------ time and bankruptcy to the bank
def test_a_player_whose_time_runs_out_is_bankrupt_to_the_bank_and_fields_are_auctioned_unmortgaged() -> None:
    """002:111 «upłynięcie czasu przeznaczonego na grę jest traktowane jako bankructwo» -> REC P-4: with a
    player time budget set, TimeOut (at any moment) is bankruptcy to the bank; 002:109 «jego wszystkie pola
    wystawiane są na aukcji (w stanie niezastawionym)»."""
    g = polish()
    give(g, 1, ORIENTAL, VERMONT)
    mortgage(g, ORIENTAL)
    assert_illegal(g, 1, TimeOut(), "no-time-limit")  # untimed unless the budget is set
    g = polish(player_time_minutes=30)
    give(g, 1, ORIENTAL, VERMONT)
    mortgage(g, ORIENTAL)
    m = mark(g)
    g.apply(1, TimeOut())  # not seat 1's decision: a player's own clock
    assert g.bankrupt[1] and g.cash[1] == 0
    assert events(g, E.WentBankrupt, m)[0].creditor == -1
    d = expect(g, "auction", 2, ORIENTAL)
    assert d.describe()["bidders"] == [2, 0]
    g.apply(2, Bid(10))
    g.apply(0, PASS)
    assert g.owner[ORIENTAL] == 2 and not g.mortgaged[ORIENTAL]
    expect(g, "auction", 2, VERMONT)
    g.apply(2, PASS)
    g.apply(0, PASS)
    assert g.owner[VERMONT] == -1
    expect(g, "pre_roll", 0)
    assert violations(g) == []


def test_a_high_bidder_whose_time_runs_out_cannot_win_the_auction() -> None:
    """002:111 (time expiry = bankruptcy, REC P-4: at any moment) with 002:105-109 (the bankrupt leaves the game):
    seat 1 bids 50, then its time runs out; the field cannot go to a player who is out of the game."""
    g = polish(dice=[(2, 4)], player_time_minutes=30)
    roll(g)
    g.apply(0, DECLINE)
    g.apply(1, Bid(50))
    g.apply(1, TimeOut())
    assert g.bankrupt[1]
    g.apply(2, PASS)
    g.apply(0, PASS)
    assert g.owner[ORIENTAL] != 1
    assert g.decision.seat != 1
    assert violations(g) == []


def test_a_debtor_may_still_raise_cash_after_another_debtor_times_out() -> None:
    """002:97 «Może wtedy sprzedawać domki lub oddawać własności pod zastaw, by zdobyć potrzebne pieniądze» with
    002:111 (REC P-4): seats 1 and 2 both owe the birthday money; seat 2's time runs out; seat 1 still owes and
    may mortgage to pay before the turn goes on."""
    g = polish(dice=[(1, 2)], decks={"community_chest": ["birthday"]}, player_time_minutes=30)
    set_cash(g, 1, 5)
    set_cash(g, 2, 5)
    give(g, 1, READING)
    place(g, 0, 14)
    roll(g)
    expect(g, "debt", 1)
    g.apply(2, TimeOut())
    assert g.bankrupt[2]
    expect(g, "debt", 1)
    g.apply(1, Mortgage(READING))
    assert g.cash[1] == 5 + 100 - 10
    expect(g, "post_roll", 0)
    assert violations(g) == []
