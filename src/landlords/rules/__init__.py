"""The named rulesets. Each is a :class:`Ruleset` whose values are its seed document's readings.

``get_ruleset("hasbro-ru", free_parking="rest")`` gives a ruleset with house rules applied.
Every value that differs from the ``hasbro-ru`` defaults names the seed line (or the matrix REC)
it comes from, so ``landlords rules RULESET`` shows where each rule was read.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import ConfigError
from ..engine.game import Game
from ..engine.ruleset import Ruleset

# Variants whose mechanics differ in kind subclass Game (like python-chess variants) and register
# here under the name a ruleset gives in its ``variant`` field.
GAME_CLASSES: dict[str, type[Game]] = {"classic": Game}


def register_variant(name: str, cls: type[Game]) -> None:
    GAME_CLASSES[name] = cls


def game_class(rules: Ruleset) -> type[Game]:
    """The Game class that plays ``rules``."""
    cls = GAME_CLASSES.get(rules.variant)
    if cls is None:
        raise ConfigError(f"ruleset {rules.id!r} needs the unknown variant {rules.variant!r}")
    return cls


def _ruleset(id: str, description: str, edition: str, **values: tuple[Any, str]) -> Ruleset:
    """Build a ruleset from ``option=(value, seed line)`` pairs."""
    return Ruleset(
        id=id,
        description=description,
        edition=edition,
        sources=tuple((k, src) for k, (_, src) in values.items()),
        **{k: v for k, (v, _) in values.items()},
    )


HASBRO_RU = Ruleset(
    id="hasbro-ru",
    description=(
        "The classic game by the Russian Hasbro rules of seed 000 (part B, with part A's house rules as options)"
    ),
    edition="moscow",
)

# Part A of seed 000 read literally where it differs from part B (H-1): houses sell back at cost.
HASBRO_RU_A = _ruleset(
    "hasbro-ru-a",
    "hasbro-ru with part A's readings of seed 000: houses sold back at the price paid, hotels at half",
    "moscow",
    building_sell_percent=(100, "000:103 (H-1, part A): houses at the price paid"),
    hotel_sell_percent=(50, "000:103: hotels at 50%"),
    bankrupt_building_percent=(50, "000:117: a bankrupt's buildings at 50% for the creditor"),
)

DIGITAL = _ruleset(
    "digital",
    "The computer version of seed 001: timed decisions, building before the roll, full buy-back",
    "moscow-digital",
    decliner_may_bid=(False, "001:31,41,47"),
    rent_claim=("automatic", "001:37 (REC D-9)"),
    double_rent_in_built_group=(False, "001:37"),
    utility_dice=("reroll", "001:45"),
    card_utility_rent=("reroll", "001:45"),
    income_tax=(None, "001:71 (amount not given: the board's, REC D-10)"),
    luxury_tax=(None, "001:71 (amount not given: the board's, REC D-10)"),
    free_parking=("rest", "001:73"),
    build_timing=("before_roll", "001:99"),
    max_builds_per_group_per_turn=(1, "001:99"),
    even_building=(False, "001:99,107 (REC D-3: no evenness rule)"),
    even_selling=(False, "001:103 (REC D-3)"),
    hotel_requires=("lot", "001:107"),
    building_sell_percent=(100, "001:103,115"),
    shortage_auction=(False, "001 (not in the rules)"),
    hotel_sale_without_houses=("forbidden", "001:115 (REC D-5)"),
    lift_base=("price", "001:117 (REC D-4)"),
    lift_interest_of=("price", "001:117 (REC D-4)"),
    trade_timing=("before_roll", "001:113"),
    trade_mortgaged=(False, "001:123"),
    bankruptcy_to_player=("bank_pays_creditor", "001:131 (REC D-6)"),
    bankrupt_property_to_bank=("unowned", "001:129,131"),
    decision_seconds=(60, "001:133 (durations not given; REC D-8: every decision timed)"),
    timeout_bankrupt=(True, "001:133"),
)

POLISH = _ruleset(
    "polish",
    "The Polish rules of seed 002 on the Warsaw board: 2-4 players, auctions from $0, 10%-of-worth tax",
    "warsaw",
    max_players=(4, "002:3"),
    rent_claim=("automatic", "002:17"),
    mortgage_blocks_double_rent=(False, "002:117 (REC P-7)"),
    card_utility_rent=("movement_roll", "002:123 (REC P-3)"),
    income_tax=(200, "002:65"),
    luxury_tax=(75, "002:63"),
    income_tax_choice=("worth", "002:65"),
    income_tax_alternative=(200, "002:65"),
    free_parking=("rest", "002:61"),
    shuffle_decks=(True, "002:57 (REC P-2: shuffled once at set-up, never again)"),
    build_timing=("around_roll", "002:97"),
    mortgage_timing=("around_roll", "002:97"),
    trade_timing=("around_roll", "002:97"),
    trade_in_debt=(False, "002:97"),
    shortage_auction=(False, "002:85 (REC P-11)"),
    hotel_sale_without_houses=("forbidden", "002:85"),
    lift_interest_of=("price", "002:69"),
    transfer_fee_of=("price", "002:93"),
    transfer_mode=("fee_then_lift_at_par", "002:93"),
    player_time_minutes=(None, "002:111 (REC P-4: a player's own time budget; set it to play timed)"),
)

KIDS_LONDON = _ruleset(
    "kids-london",
    "The home-made London game of seed 004 (a children's party book); gaps filled from hasbro-ru",
    "london-kids",
    free_parking=("rest", "004:45"),
    building_sell_percent=(50, "004:47"),
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (HASBRO_RU, HASBRO_RU_A, DIGITAL, POLISH, KIDS_LONDON)}


def ruleset_names() -> list[str]:
    return list(RULESETS)


def get_ruleset(name: str | Ruleset, overrides: dict[str, Any] | None = None, /, **more: Any) -> Ruleset:
    """A named ruleset, with optional house-rule overrides (``KEY=VALUE`` strings are accepted)."""
    if isinstance(name, Ruleset):
        base = name
    else:
        named = RULESETS.get(name)
        if named is None:
            raise ConfigError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)})")
        base = named
    changes = dict(overrides or {}, **more)
    if not changes:
        return base
    rules = base.override(**changes)
    check_house_rules(rules, changes)
    return rules


MAX_OPTION = 10**9  # no count or amount of any ruleset comes near it; bigger ones are mistakes
MAX_DICE_SIDES = 20  # the odds' Markov chain grows with the square of the sides
MAX_SEATS = 8


def check_house_rules(rules: Ruleset, changed: dict[str, Any]) -> None:
    """House rules that make no game are refused, naming the option: numbers out of range, fewer
    seats allowed than required, and options the ruleset's mechanics do not have."""
    for key in changed:
        value = getattr(rules, key)
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_OPTION:
            raise ConfigError(f"rule option {key!r} is too large ({len(str(value))} digits; at most {MAX_OPTION})")
    if not 2 <= rules.dice_sides <= MAX_DICE_SIDES:
        raise ConfigError(f"rule option 'dice_sides' takes 2 to {MAX_DICE_SIDES}, got {rules.dice_sides}")
    if not 1 <= rules.min_players <= rules.max_players <= MAX_SEATS:
        raise ConfigError(
            f"rule options 'min_players' and 'max_players' need 1 <= min_players <= max_players <= {MAX_SEATS}, "
            f"got {rules.min_players} and {rules.max_players}"
        )
    if rules.speed_die and rules.variant != "classic":
        raise ConfigError(
            f"rule option 'speed_die': the speed die is an option of the classic rulesets; {rules.id!r} plays "
            f"{rules.variant}'s own dice"
        )


def parse_overrides(items: list[str]) -> dict[str, str]:
    """``["free_parking=rest", "starting_cash=2000"]`` -> a dict (values are coerced later)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"a house rule is written KEY=VALUE, got {item!r}")
        out[key.strip()] = value.strip()
    return out


# Variant modules register their Game subclass and rulesets on import.
from . import businesspoly, odessa  # noqa: E402,F401
