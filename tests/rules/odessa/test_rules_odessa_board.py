"""odessa: the board, the two decks, the ruleset's options, the start and the quoted cards.

Spec: seed 003 (lines 1-177); RULES_MATRIX.md column `odessa`, sections 2.5, 3.3 and 4.5 (O-1..O-21),
section 5 (`odessa`: the board must be designed). The board is `editions/odessa.toml`.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

from support.scenario import assert_consistent, events, expect, mark, payments, place, roll
from support.scenario_odessa import (
    ARKADIA,
    BOLSHOY_FONTAN,
    CAFE_HLAM,
    DERIBASOVSKAYA,
    EXCHANGE,
    FRANTSUZSKY,
    IZVESTIA_2,
    LANZHERON,
    LISTOK_7,
    MALINAS,
    MOLDAVANKA,
    PORT,
    PRIVOZ,
    PUSHKINSKAYA,
    RABINOVICH,
    START,
    VINPROM,
    odessa,
)

from landlords import load_edition
from landlords.engine import events as E
from landlords.engine.actions import DECLINE
from landlords.rules import RULESETS, get_ruleset
from landlords.rules.odessa import MALINA_TITLES, OdessaGame, malina_title


# ------------------------------------------------------------------ the board
def test_the_corners_the_start_and_the_direction_of_play() -> None:
    """003:14 «ставит ее на Приморский бульвар рядом с … де Ришелье»; 003:48 «продвигаться от Приморского
    Бульвара в сторону кафе «Х.Л.А.М.»»; 003:100-110: пляж «Ланжерон», Одесская Товарная Биржа, «Рабинович»."""
    e = load_edition("odessa")
    assert (e.id, e.language, e.size) == ("odessa", "ru", 40)
    kinds = {i: (e.squares[i].kind, e.squares[i].name) for i in (START, EXCHANGE, LANZHERON, RABINOVICH)}
    assert kinds == {
        START: ("go", "Приморский бульвар (у Дюка)"),
        EXCHANGE: ("jail", "Одесская Товарная Биржа"),
        LANZHERON: ("free_parking", "Пляж «Ланжерон»"),
        RABINOVICH: ("go_to_jail", "Рабинович"),
    }
    assert e.squares[CAFE_HLAM].name == "Кафе «Х.Л.А.М.»"  # the first square in the direction of play
    assert e.squares[VINPROM].name == "Завод «ОдессаВинПром»"  # 003:94
    assert {e.squares[i].name for i in (2, 17, 33)} == {"Известия"}
    assert {e.squares[i].name for i in (7, 22, 36)} == {"Одесский Листок"}
    assert e.currency.show(200) == "200 руб."
    g = odessa()
    assert g.position == [START] * 3 and isinstance(g, OdessaGame)


def test_four_malinas_with_the_fees_of_the_four_titles() -> None:
    """003:72-84: «Гастролером … 100 рублей», «Карманником … 250», «Маравихером … 500», «Вором в законе … 1000»."""
    e = load_edition("odessa")
    malinas = [sq for sq in e.squares if sq.kind == "railroad"]
    assert [sq.index for sq in malinas] == list(MALINAS)
    assert all(sq.name.startswith("Малина") and sq.rent == (100, 250, 500, 1000) for sq in malinas)
    assert all(sq.price == 200 and sq.group == "malina" for sq in malinas)
    assert MALINA_TITLES == ("Гастролёр", "Карманник", "Маравихер", "Вор в законе")
    assert [malina_title(k) for k in range(5)] == ["", "Гастролёр", "Карманник", "Маравихер", "Вор в законе"]


def test_pai_groups_are_named_after_odessa_and_priced_like_the_classic_board() -> None:
    """003:64 «Если вы владеете всеми паями одной цветовой группы»: pai in colour groups; the groups,
    names and prices are designed (matrix section 5) after real Odessa and the classic economy."""
    e = load_edition("odessa")
    names = {g.id: g.name for g in e.groups.values()}
    for wanted in (
        "Дерибасовская",
        "Пушкинская",
        "Молдаванка",
        "Привоз",
        "Французский бульвар",
        "Аркадия",
        "Большой Фонтан",
    ):
        assert wanted in names.values()
    groups = [MOLDAVANKA, PRIVOZ, BOLSHOY_FONTAN, ARKADIA, FRANTSUZSKY, PORT, PUSHKINSKAYA, DERIBASOVSKAYA]
    assert [g.squares for g in e.groups.values()][:8] == groups
    classic = load_edition("classic-us")
    streets = [sq for sq in e.squares if sq.kind == "street"]
    assert len(streets) == 22
    for sq in streets:
        c = classic.squares[sq.index]
        assert (sq.price, sq.house_cost, sq.mortgage) == (c.price, c.house_cost, c.mortgage)
        base, a1, a2, a3, unused, coop = sq.rent
        assert (base, a1, a2, a3, coop) == (c.rent[0], c.rent[1], c.rent[2], c.rent[3], c.rent[5])
        assert unused == a3  # there is no fourth artel (O-11)
        assert sq.mortgage * 2 == sq.price
    assert [sq.price for sq in streets] == sorted(sq.price for sq in streets)  # dearer along the way


def test_the_banknotes_of_the_seed_make_1500_roubles() -> None:
    """003:17-35: «1500 рублей следующими банкнотами»: 1x500, 2x250, 2x100, 3x50, 3x25, 4x10, 3x5, 5x3, 5x1."""
    notes = load_edition("odessa").currency.banknotes
    assert notes == ((500, 1), (250, 2), (100, 2), (50, 3), (25, 3), (10, 4), (5, 3), (3, 5), (1, 5))
    assert sum(v * k for v, k in notes) == 1500 == RULESETS["odessa"].starting_cash
    assert odessa(4).cash == [1500] * 4


def test_the_board_says_what_is_designed_and_what_comes_from_the_seed() -> None:
    """Matrix section 5: the Odessa board «must be designed … and documented in the edition file as designed,
    not sourced»."""
    e = load_edition("odessa")
    assert "Designed, not sourced" in e.source and "Seed 003" in e.source
    from importlib import resources

    text = resources.files("landlords.editions").joinpath("odessa.toml").read_text(encoding="utf-8")
    assert "WHAT COMES FROM THE SEED" in text and "WHAT IS DESIGNED" in text


# ------------------------------------------------------------------ the decks
def test_two_decks_of_sixteen_with_every_card_the_seed_quotes() -> None:
    """003:13 «Отделите карточки «Известия» от карточек «Одесский Листок»»; quoted cards: 003:56 «Отправляйтесь
    к Дюку», 003:92 «единоразово отказаться от посещения Биржи», 003:94 «Одессавинпром – как много в этом
    звуке! Берите сразу ящиками.», 003:96 the gypsy's horses, 003:110 the card that sends to the exchange."""
    e = load_edition("odessa")
    assert {d: (deck.name, len(deck.cards)) for d, deck in e.decks.items()} == {
        "izvestia": ("Известия", 16),
        "listok": ("Одесский Листок", 16),
    }
    cards = {(d, c.id): c for d, deck in e.decks.items() for c in deck.cards}
    for deck in ("izvestia", "listok"):
        duke = cards[deck, "to-duke"]
        assert duke.text.startswith("Отправляйтесь к Дюку") and (duke.effect, dict(duke.args)) == (
            "advance_to",
            {"square": START},
        )
        refusal = cards[deck, "refuse-exchange"]
        assert "единоразово отказаться от посещения Биржи" in refusal.text and refusal.effect == "jail_free"
        assert "продать другому одесситу" in refusal.text
        assert cards[deck, "to-exchange"].effect == "go_to_jail"
    wine = cards["izvestia", "odessavinprom"]
    assert wine.text == "Одессавинпром – как много в этом звуке! Берите сразу ящиками."
    assert (wine.effect, dict(wine.args)) == ("advance_to", {"square": VINPROM})
    horses = cards["listok", "gypsy-horses"]
    assert horses.text.startswith(
        "Когда вы покупали коней у цыгана, он вас лихо обсчитал на 150 рублей. Да и коней выбрали – не фонтан"
    )
    assert (horses.effect, dict(horses.args)) == ("pay", {"amount": 150})
    seed_cards = {key for key, c in cards.items() if c.origin == "seed"}
    assert {cid for _, cid in seed_cards} == {
        "to-duke",
        "refuse-exchange",
        "to-exchange",
        "odessavinprom",
        "gypsy-horses",
    }


def test_the_duke_card_can_pay_the_salary_twice_in_one_turn() -> None:
    """003:56 «Особенно проворные одесситы могут получить эту сумму дважды за один ход, если … окажутся на поле
    «Известия» … сразу после поля Приморского Бульвара и вытащат карточку … «Отправляйтесь к Дюку»»."""
    g = odessa(dice=[(3, 3)], decks={"izvestia": ["to-duke"]})
    place(g, 0, 36)
    at = mark(g)
    roll(g)  # 36 + 6 = 2: past the Duke, then the card sends back to him
    assert g.position[0] == START
    assert [p.amount for p in payments(g, "salary", at)] == [200, 200]
    assert g.cash[0] == 1900
    assert_consistent(g)


def test_odessavinprom_means_go_to_the_factory() -> None:
    """003:94 «обозначает, что одесситу необходимо отправляться на «Завод ОдессаВинПром»»; 003:98 passing the
    Duke on the way pays 200."""
    g = odessa(dice=[(1, 2)], decks={"izvestia": ["odessavinprom"]})
    place(g, 0, RABINOVICH)  # standing there after a refused trip to the exchange
    roll(g)  # 30 + 3 = 33, Известия
    assert g.position[0] == VINPROM
    assert [p.amount for p in payments(g, "salary")] == [200]
    expect(g, "buy", 0, VINPROM)
    assert_consistent(g)


def test_the_gypsys_horses_cost_150_and_move_nothing() -> None:
    """003:96 «не обозначает что вам нужно искать цыгана или отправляться на фонтан, просто уплатите Казначею
    150 рублей»."""
    g = odessa(dice=[(3, 4)], decks={"listok": ["gypsy-horses"]})
    roll(g)
    assert g.position[0] == LISTOK_7
    assert [(p.payer, p.payee, p.amount) for p in payments(g, "card")] == [(0, -1, 150)]
    assert len(events(g, E.Moved)) == 1
    assert_consistent(g)


def test_the_card_that_sends_to_the_exchange() -> None:
    """003:110 «вы взяли каточку Известия или Одесский Листок, с соответствующим указанием»; no salary on the
    way (O-17)."""
    g = odessa(dice=[(5, 5)], decks={"izvestia": ["to-exchange"]})
    place(g, 0, 23)
    roll(g)  # 33, Известия, despite the double
    assert g.position[0] == EXCHANGE and g.in_jail[0]
    assert payments(g, "salary") == [] and events(g, E.Jailed)[-1].reason == "card"
    expect(g, "pre_roll", 1)
    assert_consistent(g)


def test_cards_go_to_the_bottom_of_their_deck() -> None:
    """O-19: «Cards after use. Not stated. REC bottom of the deck»."""
    g = odessa(dice=[(1, 1)], decks={"izvestia": ["treasurer-error"]})
    roll(g)
    assert g.position[0] == IZVESTIA_2
    top = g.edition.decks["izvestia"].cards[g.decks["izvestia"][-1]]
    assert top.id == "treasurer-error"
    assert_consistent(g)


def test_unowned_pai_is_bought_or_auctioned_and_the_decliner_may_bid() -> None:
    """003:60 «уплатите в Казну указанную сумму … В случае если вы отказываетесь … выставляется … на
    общегородской аукцион. Торги начинаются с любой цены … Даже если вы изначально отказались от пая, вы можете
    принять участие в аукционе»."""
    g = odessa(dice=[(1, 2)])
    roll(g)
    expect(g, "buy", 0, 3)
    g.apply(0, DECLINE)
    d = expect(g, "auction")
    assert 0 in d.describe()["bidders"] and d.describe()["min_bid"] == 1
    assert_consistent(g)


# ------------------------------------------------------------------ the ruleset
def test_every_odessa_option_cites_its_seed_line() -> None:
    """Every value the odessa ruleset sets names the seed line (and REC) it comes from."""
    r = get_ruleset("odessa")
    assert (r.variant, r.edition) == ("odessa", "odessa")
    sources = dict(r.sources)
    base = dataclasses.replace(RULESETS["hasbro-ru"])
    for name in r.differences(base):
        if name in ("id", "description", "edition", "sources"):
            continue
        assert name in sources and sources[name].startswith("003"), name
    for rec, option in (
        ("O-2", "exchange_double"),
        ("O-3", "exchange_guild_cap_forced_exit"),
        ("O-5", "jail_card_use"),
        ("O-7", "lift_base"),
        ("O-8", "mortgage_term"),
        ("O-9", "mortgage_only_in_debt"),
        ("O-16", "railroads_mortgageable"),
        ("O-20", "transfer_mode"),
    ):
        assert rec in sources[option], option


def test_dropshipping_is_left_out_and_the_rules_listing_says_why() -> None:
    """003:114 «Одессит также может сыграть по системе дропшиппинг» is never defined (O-1): left out, and
    `landlords rules odessa` says so."""
    r = get_ruleset("odessa")
    assert "дропшиппинг" in r.description and "never defined" in r.description and "O-1" in r.description
    beside = Path(sys.executable).parent / "landlords"
    exe = str(beside) if beside.exists() else shutil.which("landlords")
    cmd = [exe] if exe else [sys.executable, "-m", "landlords.cli.main"]
    out = subprocess.run(
        [*cmd, "rules", "odessa"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "400"},
    )
    assert out.returncode == 0, out.stderr
    assert "дропшиппинг" in out.stdout and "never defined" in out.stdout


def test_two_to_eight_players() -> None:
    """003:17 «Если в игре участвует больше 5 игроков» (O-18: 2-8)."""
    r = get_ruleset("odessa")
    assert (r.min_players, r.max_players) == (2, 8)
    assert odessa(8).n == 8
