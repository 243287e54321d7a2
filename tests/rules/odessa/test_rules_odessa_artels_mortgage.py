"""odessa: barysh, artels and cooperatives, the mortgage and its lap, bankruptcy and the winner.

Spec: seed 003:62-68 (barysh), 003:131-143 (artels, cooperatives, closing, selling), 003:145-149
(mortgage), 003:151-159 (bankruptcy, winner), 003:163-167 (notes); RULES_MATRIX.md column `odessa` rows
E, L, M, N, O, P; RECs O-6..O-13, O-20, O-21.
"""

from __future__ import annotations

import pytest
from support.scenario import (
    assert_consistent,
    assert_illegal,
    build,
    end_turn,
    events,
    expect,
    give,
    mark,
    payments,
    pile_ids,
    place,
    roll,
    set_cash,
)
from support.scenario_odessa import (
    CAFE_HLAM,
    COOP,
    DERIBASOVSKAYA,
    FRUKTOVY,
    GORSAD,
    MALINA_BENYA,
    MOLDAVANKA,
    MOLOCHNY,
    MYASOEDOVSKAYA,
    PASSAZH,
    PRIVOZ,
    RYBNY,
    give_refusal_card,
    odessa,
    pledge,
)

from landlords.engine import events as E
from landlords.engine.actions import (
    ACCEPT,
    DECLARE_BANKRUPTCY,
    PASS,
    Bid,
    Build,
    ClaimRent,
    LiftMortgage,
    Mortgage,
    ProposeTrade,
    SellBuilding,
    Unmortgage,
)
from landlords.rules.odessa import MortgageLapPaid


def land_on(g, seat: int, square: int, dice=(1, 2)) -> None:
    """Seat (deciding at its pre_roll) stands ``sum(dice)`` squares before ``square`` and rolls."""
    place(g, seat, (square - sum(dice)) % 40)
    roll(g)


# ------------------------------------------------------------------ barysh
def test_barysh_doubles_for_a_whole_group_but_not_with_a_mortgaged_pai() -> None:
    """003:68 «Если все паи одной цветовой группы принадлежат одному одесситу, плата … удваивается. Однако, если
    … хотя бы один пай, из этой группы заложен, он не может взимать с вас двойную плату. За остановку на
    заложенном пае плата не взимается»."""
    g = odessa(dice=[(1, 2), (1, 2), (1, 2)])
    give(g, 1, *MOLDAVANKA)
    land_on(g, 0, MYASOEDOVSKAYA)
    assert [p.amount for p in payments(g, "rent")] == [8]
    end_turn(g)
    pledge(g, CAFE_HLAM)
    at = mark(g)
    roll(g)  # seat 1 on 3: its own
    end_turn(g)
    land_on(g, 2, MYASOEDOVSKAYA)
    assert [p.amount for p in payments(g, "rent", at)] == [4]
    assert_consistent(g)


def test_no_barysh_on_a_mortgaged_pai() -> None:
    """003:68 «За остановку на заложенном пае плата не взимается»; 003:149 «Вы не можете взимать барыши … по
    заложенному паю»."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, MYASOEDOVSKAYA)
    pledge(g, MYASOEDOVSKAYA)
    land_on(g, 0, MYASOEDOVSKAYA)
    assert payments(g, "rent") == [] and g.claims == []


@pytest.mark.parametrize("level, rent", [(0, 8), (1, 20), (2, 60), (3, 180), (COOP, 450)])
def test_barysh_by_artels_and_cooperative(level: int, rent: int) -> None:
    """003:68 «Сумма … указана в акте на пай и может изменяться в зависимости от количества артелей или наличия
    кооператива» (O-13: only the base barysh doubles)."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, *MOLDAVANKA)
    build(g, CAFE_HLAM, 3)
    build(g, MYASOEDOVSKAYA, level)
    land_on(g, 0, MYASOEDOVSKAYA)
    assert [p.amount for p in payments(g, "rent")] == [rent]
    assert_consistent(g)


def test_a_pai_without_artels_keeps_its_double_barysh_beside_one_with_artels() -> None:
    """O-13 «double only base rent of pai without artels»."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, *MOLDAVANKA)
    build(g, CAFE_HLAM, 2)
    land_on(g, 0, MYASOEDOVSKAYA)
    assert [p.amount for p in payments(g, "rent")] == [8]


def test_barysh_must_be_claimed_before_the_next_player_rolls() -> None:
    """003:68 «должен попросить вас уплатить барыш до того, как следующий за вами одессит бросит кубики»;
    003:163 «обязанность собирать барыши лежит на вас»."""
    g = odessa(dice=[(1, 2), (5, 6)], auto_claim=False)
    give(g, 2, MYASOEDOVSKAYA)
    land_on(g, 0, MYASOEDOVSKAYA)
    assert [c.amount for c in g.claims] == [4]
    end_turn(g)
    g.apply(2, ClaimRent(MYASOEDOVSKAYA))  # still in time: seat 1 has not rolled
    assert g.cash[2] == 1504
    assert_consistent(g)


# ------------------------------------------------------------------ artels and cooperatives
def test_artels_need_the_whole_colour_group() -> None:
    """003:64 «Если вы владеете всеми паями одной цветовой группы, вы можете организовывать артели»."""
    g = odessa()
    give(g, 0, CAFE_HLAM)
    place(g, 0, CAFE_HLAM)
    assert_illegal(g, 0, Build(CAFE_HLAM), "build-needs-full-group")
    assert_illegal(g, 0, Build(MALINA_BENYA), "build-on-street")


def test_artels_only_on_the_pai_where_your_own_token_stands() -> None:
    """003:133 «Организовать артель на пае можно в любой момент игры, но ваша игровая фишка должна стоять на
    данном пае» (O-6)."""
    g = odessa()
    give(g, 0, *MOLDAVANKA)
    place(g, 0, MYASOEDOVSKAYA)
    place(g, 1, CAFE_HLAM)  # another token there does not help
    assert_illegal(g, 0, Build(CAFE_HLAM), "build-where-your-token-stands")
    assert Build(MYASOEDOVSKAYA) in set(g.legal_actions(0))
    assert Build(CAFE_HLAM) not in set(g.legal_actions(0))
    g.apply(0, Build(MYASOEDOVSKAYA))
    assert g.level[MYASOEDOVSKAYA] == 1 and g.cash[0] == 1450
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "building")] == [(0, -1, 50)]
    assert_consistent(g)


def test_artels_are_organised_unevenly() -> None:
    """003:133 «Организацию артелей можно проводить неравномерно, т.е. … на одном пае может находиться одна
    артель, а на другом три»."""
    g = odessa()
    give(g, 0, *MOLDAVANKA)
    place(g, 0, MYASOEDOVSKAYA)
    for _ in range(3):
        g.apply(0, Build(MYASOEDOVSKAYA))
    assert (g.level[CAFE_HLAM], g.level[MYASOEDOVSKAYA]) == (0, 3)
    assert_consistent(g)


def test_artels_are_organised_between_other_players_turns() -> None:
    """003:133 «Вы можете организовывать артель во время вашего хода или в перерыве между ходами других
    одесситов» (O-6: any time)."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, *PRIVOZ)
    place(g, 1, RYBNY)
    g.apply(1, Build(RYBNY))  # during seat 0's turn, before it rolls
    roll(g)
    expect(g, "buy", 0, MYASOEDOVSKAYA)
    g.apply(1, Build(RYBNY))  # while seat 0 decides
    assert g.level[RYBNY] == 2 and g.cash[1] == 1400
    assert_consistent(g)


def test_at_most_three_artels_then_a_cooperative_once_every_pai_has_three() -> None:
    """003:137 «Прежде, чем открывать кооперативы вам необходимо организовать по три артели на каждом пае
    отдельной цветовой группы… на каждом пае можно открыть только один кооператив» (O-11)."""
    g = odessa()
    give(g, 0, *MOLDAVANKA)
    build(g, MYASOEDOVSKAYA, 3)
    build(g, CAFE_HLAM, 2)
    place(g, 0, MYASOEDOVSKAYA)
    assert_illegal(g, 0, Build(MYASOEDOVSKAYA), "cooperative-after-three-artels")
    build(g, CAFE_HLAM, 3)
    houses = g.bank_houses
    g.apply(0, Build(MYASOEDOVSKAYA))
    assert g.level[MYASOEDOVSKAYA] == COOP and g.cash[0] == 1450
    assert g.bank_houses == houses + 3  # the cooperative takes the place of its three artels
    assert [e.level for e in events(g, E.Built)] == [COOP]
    assert_illegal(g, 0, Build(MYASOEDOVSKAYA), "one-cooperative-per-pai")
    assert_consistent(g)


def test_cooperatives_are_closed_before_artels_and_the_treasury_pays_half() -> None:
    """003:141 «Закрывать кооперативы на паях отдельной цветовой группы нужно равномерно. Закрывать артели можно
    не равномерно. При закрытии … Казна выплачивает вам половину внесенных при открытии денег» (O-11, O-12)."""
    g = odessa()
    give(g, 0, *PRIVOZ)
    build(g, RYBNY, COOP)
    build(g, MOLOCHNY, COOP)
    build(g, FRUKTOVY, 3)
    assert_illegal(g, 0, SellBuilding(FRUKTOVY), "close-cooperatives-first")
    g.apply(0, SellBuilding(RYBNY))
    assert g.level[RYBNY] == 3 and g.cash[0] == 1525
    assert_illegal(g, 0, SellBuilding(RYBNY), "close-cooperatives-first")
    g.apply(0, SellBuilding(MOLOCHNY))
    for _ in range(3):
        g.apply(0, SellBuilding(FRUKTOVY))  # artels freely, unevenly
    assert [g.level[sq] for sq in PRIVOZ] == [3, 3, 0]
    assert [p.amount for p in payments(g, "building_sale")] == [25, 25, 25, 25, 25]
    assert_illegal(g, 0, SellBuilding(FRUKTOVY), "sell-own-building")
    assert_consistent(g)


def test_no_pai_of_a_group_with_artels_is_sold_and_artels_are_never_sold() -> None:
    """003:141 «нельзя продавать пай, если на любом из паев данной цветовой группы функционируют артели или
    кооперативы… Артели и кооперативы не могут быть проданы или подарены»."""
    g = odessa()
    give(g, 0, *MOLDAVANKA)
    build(g, MYASOEDOVSKAYA, 1)
    sale = ProposeTrade(1, give_properties=(CAFE_HLAM,), take_cash=10)
    assert_illegal(g, 0, sale, "trade-no-buildings-in-group")
    g.apply(0, SellBuilding(MYASOEDOVSKAYA))
    g.apply(0, ProposeTrade(1, give_properties=(CAFE_HLAM,), take_cash=10))
    g.apply(1, ACCEPT)
    assert g.owner[CAFE_HLAM] == 1
    assert_consistent(g)


# ------------------------------------------------------------------ mortgage
def test_mortgage_only_to_cover_a_payment_due() -> None:
    """003:147 «Если у вас не осталось денег, но нужно оплатить долги, вы можете получить деньги, заложив пай»
    (O-9); option mortgage_only_in_debt=False: any time."""
    g = odessa(dice=[(1, 3)])
    give(g, 0, MYASOEDOVSKAYA)
    assert_illegal(g, 0, Mortgage(MYASOEDOVSKAYA), "mortgage-only-for-a-debt")
    set_cash(g, 0, 100)
    roll(g)  # the city tax: 200
    expect(g, "debt", 0)
    g.apply(0, Mortgage(MYASOEDOVSKAYA))
    assert [(p.payee, p.amount) for p in payments(g, "mortgage")] == [(0, 30)]  # the act's value
    expect(g, "debt", 0)
    h = odessa(mortgage_only_in_debt=False)
    give(h, 0, MYASOEDOVSKAYA)
    h.apply(0, Mortgage(MYASOEDOVSKAYA))
    assert h.cash[0] == 1530
    assert_consistent(g)


def test_lifting_costs_the_price_plus_20_percent() -> None:
    """003:149 «Чтобы выкупить пай из залога верните в Казну стоимость пая плюс 20%» (O-7 (a)); reading (b):
    the mortgage plus 20%."""
    g = odessa()
    give(g, 0, PASSAZH)
    pledge(g, PASSAZH)
    assert g.unmortgage_cost(PASSAZH) == 480
    g.apply(0, Unmortgage(PASSAZH))
    assert g.cash[0] == 1020 and not g.mortgaged[PASSAZH]
    assert g.lap_steps[0] == {}
    b = odessa(lift_base="mortgage", lift_interest_of="mortgage")
    give(b, 0, PASSAZH)
    pledge(b, PASSAZH)
    assert b.unmortgage_cost(PASSAZH) == 240
    assert_consistent(g)


def test_after_a_full_lap_lift_the_pai_or_pay_20_percent_and_then_20_percent_more_to_lift() -> None:
    """003:149 «Пай может находиться в залоге до тех пор, пока фишка одессита не пройдет полный круг по городу.
    После этого необходимо выкупить пай из залога или выплатить в Казну 20% от суммы залога. В таком случае при
    выкупе придется уплатить в Казну еще 20%» (O-8: the owner's token has advanced 40 squares)."""
    g = odessa(2, dice=[(5, 6), (1, 2)] * 3 + [(5, 6)])
    give(g, 0, GORSAD, 12, 23, 34, MALINA_BENYA)  # where seat 0 stops: its own
    give(g, 1, 16)
    pledge(g, GORSAD)
    place(g, 0, CAFE_HLAM)
    for steps in (11, 22, 33):
        roll(g)
        assert g.lap_steps[0] == {GORSAD: steps}
        end_turn(g)
        place(g, 1, 13)
        roll(g)
        end_turn(g)
    roll(g)  # 44 squares: the lap is over where the token stops
    d = expect(g, "mortgage_lap", 0, GORSAD)
    assert d.then == "land_done"
    assert set(g.legal_actions(0)) >= {LiftMortgage(True), LiftMortgage(False)}
    g.apply(0, LiftMortgage(False))
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "mortgage_lap")] == [(0, -1, 35)]
    assert [e.amount for e in events(g, MortgageLapPaid)] == [35]
    assert g.lap_steps[0] == {GORSAD: 0} and g.mortgaged[GORSAD]
    assert g.unmortgage_cost(GORSAD) == 420 + 35  # price + 20%, then 20% of the mortgage more
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_at_the_end_of_the_lap_the_pai_may_be_lifted() -> None:
    """003:149 «необходимо выкупить пай из залога»: lifting at the price + 20%."""
    g = odessa(dice=[(2, 3)])
    give(g, 0, GORSAD, 5)
    pledge(g, GORSAD)
    g.lap_steps[0][GORSAD] = 36
    roll(g)
    expect(g, "mortgage_lap", 0)
    g.apply(0, LiftMortgage(True))
    assert not g.mortgaged[GORSAD] and g.cash[0] == 1500 - 420 and g.lap_steps[0] == {}
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_a_lap_fee_beyond_the_cash_is_a_debt() -> None:
    """O-8 with the debt rules: the fee is a payment due (and so it may be covered by a mortgage, O-9)."""
    g = odessa(dice=[(2, 3)])
    give(g, 0, GORSAD, 5, PASSAZH)
    pledge(g, GORSAD)
    set_cash(g, 0, 10)
    g.lap_steps[0][GORSAD] = 39
    roll(g)
    g.apply(0, LiftMortgage(False))
    expect(g, "debt", 0)
    g.apply(0, Mortgage(PASSAZH))  # +200 pays the 35
    assert g.cash[0] == 10 + 200 - 35 and g.lap_steps[0] == {GORSAD: 0, PASSAZH: 0}
    expect(g, "post_roll", 0)
    assert_consistent(g)


def test_the_lap_may_instead_end_at_the_duke() -> None:
    """O-8 alternative (mortgage_term='go'): the term ends when the owner's token next passes the Duke."""
    g = odessa(dice=[(2, 3)], mortgage_term="go")
    give(g, 0, GORSAD, MYASOEDOVSKAYA)
    pledge(g, GORSAD)
    place(g, 0, 38)
    roll(g)  # 38 + 5 = 3, past the Duke
    expect(g, "mortgage_lap", 0, GORSAD)
    h = odessa(dice=[(2, 3)], mortgage_term="none")
    give(h, 0, GORSAD, 3)
    pledge(h, GORSAD)
    place(h, 0, 38)
    roll(h)
    expect(h, "post_roll", 0)
    assert_consistent(g)


def test_mortgaged_pai_are_sold_only_to_players_and_the_buyer_pays_20_percent() -> None:
    """003:143 «Заложенные паи могут продаваться только другим одесситам, но не Городу»; the buyer pays 20% of
    the mortgage and may lift now at the price + 20%, or keep it and pay 20% more when lifting (O-20's rule,
    the only transfer rule of the seed)."""
    g = odessa()
    give(g, 1, GORSAD, PASSAZH)
    pledge(g, GORSAD, PASSAZH)
    g.apply(0, ProposeTrade(1, give_cash=100, take_properties=(GORSAD, PASSAZH)))
    g.apply(1, ACCEPT)
    expect(g, "mortgage_transfer", 0, GORSAD)
    assert LiftMortgage(True) in set(g.legal_actions(0))
    g.apply(0, LiftMortgage(True))  # 35 + 420
    expect(g, "mortgage_transfer", 0, PASSAZH)
    g.apply(0, LiftMortgage(False))  # 40, kept
    assert [(p.reason, p.amount) for p in payments(g) if p.payer == 0 and p.payee == -1] == [
        ("transfer_fee", 35),
        ("unmortgage", 420),
        ("transfer_fee", 40),
    ]
    assert not g.mortgaged[GORSAD] and g.mortgaged[PASSAZH]
    assert g.unmortgage_cost(PASSAZH) == 480 + 40
    assert g.lap_steps == [{PASSAZH: 0}, {}, {}]
    assert_consistent(g)


# ------------------------------------------------------------------ bankruptcy and the winner
def test_bankrupt_to_the_city_every_pai_is_auctioned_and_the_cards_go_under_their_decks() -> None:
    """003:153 «Если вы должны в Казну, то Город получает все ваши деньги и акты на паи. Затем Казначей продает с
    аукциона каждый пай. Вы должны положить карточки Известия и Одесский Листок, принадлежавшие вам, вниз
    соответствующих стопок» (O-16: a malina like a pai)."""
    g = odessa(dice=[(1, 3)])
    give(g, 0, MALINA_BENYA, GORSAD, PASSAZH)
    pledge(g, PASSAZH)
    give_refusal_card(g, 0, "izvestia")
    set_cash(g, 0, 0)
    roll(g)  # the city tax, 200
    g.apply(0, Mortgage(GORSAD))  # 175 is not enough, and the malina cannot be mortgaged
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and pile_ids(g, "izvestia")[-1] == "refuse-exchange"
    assert [g.owner[sq] for sq in (MALINA_BENYA, GORSAD, PASSAZH)] == [-1, -1, -1]
    assert not g.mortgaged[GORSAD] and not g.mortgaged[PASSAZH]
    for sq in (MALINA_BENYA, GORSAD, PASSAZH):  # one auction after the other
        d = expect(g, "auction")
        assert d.square == sq
        g.apply(d.seat, Bid(10))
        g.apply(g.decision.seat, PASS)
        assert g.owner[sq] == 1
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_bankrupt_to_a_player_the_creditor_gets_the_money_acts_cards_and_the_closed_artels() -> None:
    """003:155 «ваши артели и кооперативы закрываются, и ваш кредитор получает все деньги, акты на паи и
    карточки Известия и Одесский Листок» (O-21: the half refund of the closed artels goes to the creditor)."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, *DERIBASOVSKAYA)
    build(g, GORSAD, 3)
    build(g, PASSAZH, COOP)  # 2000
    give(g, 0, *MOLDAVANKA)
    build(g, CAFE_HLAM, 2)
    build(g, MYASOEDOVSKAYA, 3)
    give_refusal_card(g, 0)
    set_cash(g, 0, 100)
    assert g.liquidation_value(0) == 5 * 25 + 30 + 30
    land_on(g, 0, PASSAZH)
    expect(g, "debt", 0)
    at = mark(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.bankrupt[0] and [e.creditor for e in events(g, E.WentBankrupt, at)] == [1]
    assert [p.amount for p in payments(g, "building_sale", at)] == [50, 75]  # half of each artel, for seat 1
    assert [(p.payee, p.amount) for p in payments(g, "bankruptcy", at)] == [(1, 225)]
    assert g.cash[1] == 1725 and g.owner[CAFE_HLAM] == g.owner[MYASOEDOVSKAYA] == 1
    assert (g.level[CAFE_HLAM], g.level[MYASOEDOVSKAYA]) == (0, 0)
    assert g.jail_cards[1] == ["listok"]
    assert_consistent(g)


def test_the_creditor_pays_20_percent_on_each_mortgaged_pai_then_lifts_or_keeps_it() -> None:
    """003:155 «Если у вас есть какие-либо заложенные паи … он должен немедленно уплатить по ним в Казну 20%, а
    затем решать, стоит ли ему немедленно выкупить их по полной стоимости или оставить в залоге» (O-20: 20% of
    the mortgage now; lifting now costs the price + 20% without a further 20%; kept, 20% more on lifting)."""
    g = odessa(dice=[(1, 2)])
    give(g, 1, *DERIBASOVSKAYA)
    build(g, GORSAD, 3)
    build(g, PASSAZH, COOP)
    give(g, 0, RYBNY, MOLOCHNY)
    pledge(g, RYBNY, MOLOCHNY)
    set_cash(g, 0, 10)
    land_on(g, 0, PASSAZH)
    g.apply(0, DECLARE_BANKRUPTCY)
    expect(g, "mortgage_transfer", 1, RYBNY)
    at = mark(g)
    g.apply(1, LiftMortgage(True))
    assert [(p.reason, p.amount) for p in payments(g, since=at)] == [("transfer_fee", 10), ("unmortgage", 120)]
    expect(g, "mortgage_transfer", 1, MOLOCHNY)
    g.apply(1, LiftMortgage(False))
    assert [(p.reason, p.amount) for p in payments(g, since=at)][2:] == [("transfer_fee", 10)]
    assert g.mortgaged[MOLOCHNY] and g.unmortgage_cost(MOLOCHNY) == 120 + 10
    assert g.lap_steps[1] == {MOLOCHNY: 0}  # a new lap, of the creditor's token
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_the_last_odessit_left_wins() -> None:
    """003:159 «Последний оставшийся в игре одессит является победителем»."""
    g = odessa(2, dice=[(1, 3)])
    set_cash(g, 0, 0)
    roll(g)
    g.apply(0, DECLARE_BANKRUPTCY)
    assert g.over and g.winner == 1 and g.end_reason == "last_player"
    assert [e.winner for e in events(g, E.GameOver)] == [1]
