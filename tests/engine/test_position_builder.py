"""The position builder, the notation and strict scripted chance."""

from __future__ import annotations

import pytest

import landlords
from landlords import Position, from_notation, from_position, to_notation
from landlords.engine import BUY, END_TURN, ROLL, ConfigError, UnscriptedChance
from landlords.engine.invariants import violations


def test_the_builder_sets_up_the_issue_example_in_one_expression():
    game = (
        Position.new("hasbro-ru", edition="classic-us", players=["A", "B", "C"])
        .own("A", "boardwalk", "park place", houses=3)
        .cash("A", 200)
        .at("B", 35)
        .in_jail("C", turns=1)
        .jail_card("C", "chance")
        .turn("B")
        .game()
    )
    assert [game.level[37], game.level[39]] == [3, 3] and game.owner[39] == 0
    assert game.cash == [200, 1500, 1500] and game.position[1] == 35
    assert game.in_jail[2] and game.jail_turns[2] == 1 and game.position[2] == 10
    assert game.jail_cards[2] == ["chance"] and game.decision.seat == 1
    assert game.bank_houses == 32 - 6
    assert not violations(game)


def test_squares_by_number_or_by_name_in_the_editions_language():
    p = Position.new("hasbro-ru", players=2)  # the moscow edition, in Russian
    assert p.square("Улица Арбат") == 39 == p.square("улица арбат") == p.square(39)
    assert p.square("Кутузовский") == 34  # a unique beginning is enough
    with pytest.raises(ConfigError, match="has no single square called 'Шанс'"):
        p.square("Шанс")  # three squares have that name
    with pytest.raises(ConfigError, match="there is no square 40"):
        p.square(40)
    with pytest.raises(ConfigError, match="there is no player 'Zed'"):
        p.seat("Zed")


def test_the_builder_refuses_what_the_rules_refuse():
    with pytest.raises(ConfigError, match="whole group"):
        Position.new("hasbro-ru", edition="classic-us").own("A", "Boardwalk", houses=3).game()


def test_a_scenario_from_the_builder_plays_by_the_rules():
    """Three houses on each dark blue lot, B lands on Boardwalk with a scripted 4: rent 1400 is owed
    and (hasbro-ru, rent must be claimed) A claims it."""
    game = (
        Position.new("hasbro-ru", edition="classic-us", players=["A", "B"])
        .own("A", "Boardwalk", "Park Place", houses=3)
        .at("B", 35)
        .turn("B")
        .dice((1, 3))
        .strict()
        .game()
    )
    game.apply(1, ROLL)
    assert game.claims and game.claims[0].amount == 1400
    game.apply(0, landlords.ClaimRent(39))
    assert game.cash == [2900, 100]
    game.apply(1, END_TURN)
    with pytest.raises(UnscriptedChance, match="a roll of 2 dice is needed"):
        game.apply(0, ROLL)


def test_the_notation_round_trips_and_reads_as_documented():
    text = (
        'classic-us hasbro-ru free_parking_pot=true | Ann 1200 @24 1,3h2,39H | "Bob Dylan" 80 @10 6m j1 +chance'
        " | C 0 @5 bankrupt | turn=1 pot=50"
    )
    text = text.replace("39H", "37H,39H").replace("1,3h2", "1h2,3h2")
    data = from_notation(text)
    assert to_notation(data) == text
    game = from_position(data)
    assert game.level[1] == game.level[3] == 2 and game.level[39] == 5
    assert game.mortgaged[6] and game.owner[6] == 1 and game.in_jail[1] and game.jail_turns[1] == 1
    assert game.jail_cards[1] == ["chance"] and game.bankrupt[2] and game.current == 1 and game.pot == 50
    assert game.names[1] == "Bob Dylan" and game.rules.free_parking_pot
    assert to_notation(game.to_position()) == text


@pytest.mark.parametrize(
    "text, message",
    [
        ("classic-us hasbro-ru | A 1 @0 | turn=0", "at least two players"),
        ("classic-us | A 1 @0 | B 1 @0 | turn=0", "the game section is 'edition ruleset"),
        ("classic-us hasbro-ru x | A 1 @0 | B 1 @0 | turn=0", "house rule 'x' is not option=value"),
        ("classic-us hasbro-ru | A 1 | B 1 @0 | turn=0", "seat 0: 'name cash @square' comes first"),
        ("classic-us hasbro-ru | A lots @0 | B 1 @0 | turn=0", "seat 0: 'lots' is not a whole number"),
        ("classic-us hasbro-ru | A 1 @0 39x | B 1 @0 | turn=0", "lot '39x' is not like"),
        ("classic-us hasbro-ru | A 1 @0 wings | B 1 @0 | turn=0", "unknown word 'wings'"),
        ("classic-us hasbro-ru | A 1 @0 | B 1 @0 | doubles=1", "whose turn it is"),
        ("classic-us hasbro-ru | A 1 @0 | B 1 @0 | who=1", "the turn section takes"),
    ],
)
def test_bad_notation_says_what_is_wrong(text, message):
    with pytest.raises(ConfigError, match=message):
        from_notation(text)


def test_dice_and_deck_orders_are_added_to_a_running_game():
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=5, first_player=0)
    game.strict_chance = True
    assert game.scripted_rolls_left == 0
    game.script_dice((3, 4), (1, 2))  # 7: Chance
    game.stack_deck("chance", "advance-to-go")
    assert game.scripted_rolls_left == 2 and game.scripted_cards_left("chance") == 1
    cash = game.cash[0]
    game.apply(0, ROLL)
    assert game.position[0] == 0 and game.cash[0] == cash + 200
    assert game.scripted_rolls_left == 1 and game.scripted_cards_left("chance") == 0
    game.apply(0, END_TURN)
    game.apply(1, ROLL)  # 3: Baltic Avenue
    game.apply(1, BUY)
    game.apply(1, END_TURN)
    with pytest.raises(UnscriptedChance):
        game.apply(0, ROLL)


def test_strict_chance_refuses_an_unscripted_card():
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=5, first_player=0, dice=[(3, 4)])
    game.strict_chance = True
    with pytest.raises(UnscriptedChance, match="a card of deck 'chance'"):
        game.apply(0, ROLL)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: g.script_dice((7, 1)), "a scripted roll is 1 to 3 dice of 1 to 6"),
        (lambda g: g.script_dice((True, 1)), "a scripted roll"),
        (lambda g: g.script_dice(()), "a scripted roll"),
        (lambda g: g.stack_deck("tarot", "x"), "has no deck 'tarot'"),
        (lambda g: g.stack_deck("chance", "joker"), "has no card 'joker'"),
        (lambda g: g.stack_deck("chance", "dividend", "dividend"), "is not \\(or no longer\\) in the pile"),
    ],
)
def test_bad_scripts_are_refused(call, message):
    game = landlords.new_game("classic-us", "hasbro-ru", players=2, seed=5)
    with pytest.raises(ConfigError, match=message):
        call(game)


def test_a_scripted_position_keeps_its_script_and_strictness():
    game = (
        Position.new("hasbro-ru", edition="classic-us")
        .dice((1, 2), (3, 3))
        .deck("chance", "dividend")
        .strict()
        .game()
    )
    assert game.scripted_rolls_left == 2 and game.strict_chance and game.scripted_cards_left("chance") == 1
    again = from_position(game.to_position())
    assert (
        again.scripted_rolls_left == 2
        and again.strict_chance
        and again.decks["chance"][0] == game.decks["chance"][0]
    )


def test_a_variants_own_state_is_part_of_a_position():
    """Odessa (003:149, O-8): a mortgaged pai whose owner's token has advanced 33 squares of its lap;
    11 more end the lap where the token stops, and the owner must lift it or pay 20% for another lap."""
    gorsad, cafe = 39, 1  # the owner stops on its own pai: 1 + 11 = 12
    game = (
        Position.new("odessa", players=2)
        .own("A", gorsad, mortgaged=True)
        .own("A", 12)
        .at("A", cafe)
        .set(variant={"lap_steps": [{str(gorsad): 33}, {}], "guild": [2, 0]})
        .dice((5, 6))
        .strict()
        .game()
    )
    assert game.lap_steps[0] == {gorsad: 33} and game.guild == [2, 0]
    game.apply(0, ROLL)
    assert game.decision.kind == "mortgage_lap" and game.decision.square == gorsad


def test_a_scripted_roll_of_the_wrong_size_is_a_clear_error():
    game = (
        Position.new("hasbro-ru", edition="classic-us", rules={"speed_die": True})
        .passed_go("A")
        .dice((1, 2))
        .game()
    )
    with pytest.raises(UnscriptedChance, match=r"scripted roll \(1, 2\) does not fit a roll of 3 dice"):
        game.apply(0, ROLL)


def test_the_boards_draw_any_position():
    """The SVG board and the terminal board are drawn from a game built from a position."""
    from rich.console import Console

    from landlords.play.view import board, panels
    from landlords.render.svg import board_svg

    text = "classic-us hasbro-ru | Ann 1200 @24 1h2,3h2,37H,39H | Bob 80 @10 6m j1 +chance | Cy 0 @5 bankrupt"
    game = from_position(from_notation(text + " | turn=1"))
    svg = board_svg(game.edition, game=game)
    assert svg.startswith("<svg") and svg.count("<circle") >= 2
    console = Console(width=100, record=True)
    console.print(board(game, "en", width=100))
    console.print(panels(game, "en", [None, None, None], width=100))
    text = console.export_text()
    assert "Ann" in text and "Bob" in text
