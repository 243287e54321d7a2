"""A ruleset: one typed, frozen option per rule point of RULES_MATRIX.md.

The defaults are the `hasbro-ru` readings (seed 000 and the matrix's RECs); every field carries a
one-line explanation and the seed line it comes from, so ``landlords rules RULESET`` can show a
player exactly what they are playing. House rules are overrides: ``ruleset.override(key=value)``.
"""

from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .errors import ConfigError
from .fieldtypes import field_types


def opt(default: Any, doc: str, source: str = "") -> Any:
    return field(default=default, metadata={"doc": doc, "source": source})


FreeParking = Literal["skip_turn", "rest"]
RentClaim = Literal["until_next_roll", "automatic"]
CardUtilityRent = Literal["reroll", "reroll_x10", "movement_roll"]
UtilityDice = Literal["movement", "reroll"]
IncomeTaxChoice = Literal["none", "cash", "worth"]
HotelsSold = Literal["evenly", "together"]
MortgageBlock = Literal["group", "lot"]
Timing = Literal["any", "before_roll", "around_roll", "steps"]
HotelNeeds = Literal["group", "lot"]
HotelSaleShort = Literal["clear", "forbidden"]
Basis = Literal["mortgage", "price"]
TransferMode = Literal["lift_or_fee", "fee_then_lift_at_par", "fee_then_lift"]
JailCardUse = Literal["to_leave", "when_sent"]
ExchangeDouble = Literal["any_two", "first_two"]
MortgageTerm = Literal["none", "lap", "go"]
BankruptToPlayer = Literal["creditor_takes", "bank_pays_creditor"]
BankruptToBank = Literal["auction", "unowned"]
StartMode = Literal["normal", "start_auction", "intro_lap"]
GroupScope = Literal["all", "streets"]
BuildLimitPer = Literal["move", "turn"]
TurnOrder = Literal["clockwise", "ranking"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str = opt("hasbro-ru", "ruleset identifier")
    description: str = opt("", "one-line description")
    edition: str = opt("moscow", "the edition this ruleset is played on by default")
    variant: str = opt("classic", "the game mechanics: 'classic', or a variant module (odessa, businesspoly)")
    sources: tuple[tuple[str, str], ...] = opt((), "seed lines of this ruleset's own values: (option, line)")

    # --- A. players, setup, money
    min_players: int = opt(2, "fewest players", "000 (implied)")
    max_players: int = opt(8, "most players", "000:9")
    starting_cash: int = opt(1500, "cash each player starts with (lost in the seed; REC H-8)", "000:23")
    turn_order_by_roll: bool = opt(True, "highest roll of both dice starts, then seat order", "000:170")
    turn_order: TurnOrder = opt(
        "clockwise",
        "after the first player: 'clockwise' (the next seat), or 'ranking' (by the first roll, highest first)",
        "000:170",
    )

    # --- B. dice and doubles
    dice_sides: int = opt(6, "faces of each movement die (4 for Project Euler 84's check)", "000:174")
    doubles_extra_roll: bool = opt(True, "a double gives another roll (REC H-10)", "000:33-35")
    doubles_to_jail: int = opt(3, "this many doubles in a row send to jail without moving (0 = never)", "000:223")

    # --- C. salary
    salary: int = opt(200, "salary for passing or landing on GO", "000:182,188")
    salary_on_landing: bool = opt(True, "landing on GO pays the salary too", "000:188")
    double_salary_on_go: bool = opt(False, "house rule: landing exactly on GO pays twice the salary", "")

    # --- D. buying and auctions
    auctions: bool = opt(
        True, "a declined property is auctioned (house rule: off = stays with the bank)", "000:190"
    )
    decliner_may_bid: bool = opt(True, "the player who declined may bid in the auction", "000:41,190")
    auction_min_bid: int = opt(1, "lowest opening bid (any sum named by a player)", "000:41,190")

    # --- E. rent
    rent_claim: RentClaim = opt(
        "until_next_roll",
        "rent is owed only if the owner claims it before the next roll (REC H-5); 'automatic' = always paid",
        "000:133,281",
    )
    double_rent_full_set: bool = opt(True, "unbuilt lots of a complete colour group charge double rent", "000:57")
    double_rent_in_built_group: bool = opt(
        True, "an unbuilt lot keeps double rent while other lots of its group have buildings (REC H-12)", "000:91"
    )
    mortgage_blocks_double_rent: bool = opt(True, "no double rent if any lot of the group is mortgaged", "000:57")
    no_rent_owner_in_jail: bool = opt(False, "house rule: an owner in jail collects no rent", "000:235")
    card_railroad_multiplier: int = opt(2, "rent multiplier when a card sends you to an owned railroad", "")
    card_utility_rent: CardUtilityRent = opt(
        "reroll",
        "a card-sent utility: roll anew and pay the normal multiplier (REC H-25); 'reroll_x10' = the US card; "
        "'movement_roll' = the normal multiplier on the roll that moved you",
        "000:51",
    )
    utility_dice: UtilityDice = opt(
        "movement", "utility rent uses the movement roll, or 'reroll': the tenant always rolls anew", "000:49"
    )

    # --- H. taxes
    income_tax: int | None = opt(100, "income tax (None = the edition's amount)", "000:67")
    luxury_tax: int | None = opt(75, "luxury tax (None = the edition's amount)", "000:67")
    income_tax_choice: IncomeTaxChoice = opt(
        "none",
        "'cash' = pre-2008 option: pay income_tax_alternative or 10% of cash, player's choice; 'worth' = 10% of "
        "cash + printed prices (mortgaged too) + buildings at cost",
        "000:67",
    )
    income_tax_alternative: int = opt(200, "the fixed amount offered with the 10% choice", "000:67")
    income_tax_percent: int = opt(10, "the percentage offered with the fixed amount", "000:67")

    # --- I. free parking
    free_parking: FreeParking = opt(
        "skip_turn",
        "'skip_turn' = the next move (a double's extra roll or the next turn) is skipped, passive rights kept "
        "(REC H-6); 'rest' = nothing happens",
        "000:71",
    )
    free_parking_pot: bool = opt(False, "house rule: taxes and fines go to a pot collected on free parking", "")

    # --- J. jail
    jail_fine: int = opt(50, "fine to leave jail", "000:229")
    jail_max_turns: int = opt(
        3, "failed double rolls before the fine must be paid and the token moves (REC H-16)", "000:231-233"
    )
    jail_doubles_extra_roll: bool = opt(False, "leaving jail by a double gives another roll (REC H-10: no)", "")
    jail_card_use: JailCardUse = opt(
        "to_leave",
        "the keepable jail card is used in jail 'to_leave' it, or 'when_sent': it cancels one sending to jail, "
        "the token staying where it stood (odessa's card, O-5)",
        "000:229-230",
    )
    exchange_double: ExchangeDouble = opt(
        "any_two",
        "odessa's exchange: a double is 'any_two' of the three dice, the odd one being the third die "
        "(O-2 R2), or the 'first_two' dice with a distinct third die (R1)",
        "003:118-122",
    )
    exchange_guild_cap_forced_exit: bool = opt(
        True,
        "odessa: a guild's cap on exchange losses also limits the fourth turn's forced payment (O-3)",
        "003:123-127",
    )

    # --- K. cards
    shuffle_decks: bool = opt(True, "decks are shuffled at set-up", "000:162-164")

    # --- timing of what a player does on their own initiative
    build_timing: Timing = opt(
        "any",
        "when houses may be bought: 'any' time, 'before_roll' of one's own turn, 'around_roll' "
        "(just before or after one's own roll), or 'steps' (businesspoly: steps 3.1 and 3.5 of one's own "
        "turn, never while a payment is owed)",
        "000:249",
    )
    mortgage_timing: Timing = opt(
        "any",
        "when buildings may be sold and property mortgaged or lifted (always allowed to raise cash for a debt)",
        "000:249",
    )
    trade_timing: Timing = opt("any", "when a player may propose a trade", "000:247")
    trade_in_debt: bool = opt(
        True, "a player raising cash for a debt may trade (offer property to pay)", "000:279"
    )
    trade_mortgaged: bool = opt(True, "mortgaged property may be traded to other players", "000:255,265")

    # --- L. buildings
    houses: int = opt(32, "houses in the bank", "000:81")
    hotels: int = opt(12, "hotels in the bank (REC H-23)", "001:147")
    hotel_requires: HotelNeeds = opt(
        "group", "a hotel needs four houses on every lot of the 'group' or on that 'lot'", "000:97"
    )
    max_builds_per_group_per_turn: int = opt(
        0, "buildings one may buy per colour group per turn (0 = no limit)", ""
    )
    even_building: bool = opt(True, "houses built evenly across a group (house rule: off)", "000:87-89")
    even_selling: bool = opt(True, "houses sold evenly across a group", "000:89,247")
    hotels_sold: HotelsSold = opt(
        "evenly", "'evenly' (REC H-3) or 'together': all hotels of a group sold at once", "000:251"
    )
    hotel_sell_percent: int | None = opt(
        None, "share of a hotel's price the bank pays back (None = as building_sell_percent)", "000:103"
    )
    bankrupt_building_percent: int | None = opt(
        None,
        "share the bank pays for a bankrupt's buildings, for the creditor (None = as building_sell_percent)",
        "000:117",
    )
    building_sell_percent: int = opt(
        50, "share of a building's price the bank pays back (H-1; part A reading: 100)", "000:249"
    )
    shortage_auction: bool = opt(True, "scarce buildings wanted by several players are auctioned", "000:93,243")
    hotel_sale_without_houses: HotelSaleShort = opt(
        "clear",
        "a hotel sold when the bank lacks 4 houses: 'clear' the lot outright (REC H-2) or 'forbidden'",
        "000:241",
    )

    # --- M. mortgage
    mortgage_interest_percent: int = opt(
        10, "interest to lift a mortgage, in percent of lift_interest_of", "000:109,259"
    )
    lift_base: Basis = opt(
        "mortgage", "lifting a mortgage repays the 'mortgage' value or the full 'price'", "000:259"
    )
    lift_interest_of: Basis = opt(
        "mortgage", "the interest is a percentage of the 'mortgage' value or the 'price'", "000:259"
    )
    mortgage_requires_unbuilt: MortgageBlock = opt(
        "group",
        "buildings that must be sold before mortgaging: the whole 'group' (REC H-13) or the 'lot'",
        "000:259",
    )
    transfer_fee_percent: int = opt(
        10,
        "fee paid by whoever receives a mortgaged property and does not lift it at once (REC H-15)",
        "000:117,265",
    )
    transfer_fee_of: Basis = opt(
        "mortgage", "the transfer fee is a percentage of the 'mortgage' value or the 'price'", "000:265"
    )
    transfer_mode: TransferMode = opt(
        "lift_or_fee",
        "receiving a mortgaged property: 'lift_or_fee' (lift now with interest, or pay the fee) or "
        "'fee_then_lift_at_par' (the fee always, then lift now at the mortgage value or later with interest) or "
        "'fee_then_lift' (the fee always, then lift now at the ordinary lifting price or keep it mortgaged)",
        "000:265",
    )
    mortgage_only_in_debt: bool = opt(
        False, "property may be mortgaged only to cover a payment due (a debt being raised)", "000:259"
    )
    railroads_mortgageable: bool = opt(True, "railroads (odessa's malinas) can be mortgaged", "000:259")
    mortgage_term: MortgageTerm = opt(
        "none",
        "how long a property may stay mortgaged (odessa variant): 'none' = no limit; 'lap' = until the owner's "
        "token has advanced one board length; 'go' = until it next passes GO. Then lift it, or pay "
        "mortgage_term_fee_percent of the mortgage value for another term",
        "000:259",
    )
    mortgage_term_fee_percent: int = opt(
        20,
        "odessa: the fee for another mortgage term (and on a bankrupt's mortgaged lot kept by its creditor); "
        "a lot kept so costs this percent of the mortgage value more when it is lifted",
        "003:149,155",
    )

    # --- N. trading
    trade_price_cap: bool = opt(
        False, "house rule: a property sells for at most 2x its price + 100 (REC H-19)", "000:139"
    )

    # --- O. bankruptcy
    bankruptcy_to_player: BankruptToPlayer = opt(
        "creditor_takes",
        "'creditor_takes' the bankrupt's assets, or everything goes to the bank, which "
        "pays the creditor the debt ('bank_pays_creditor')",
        "000:117",
    )
    bankrupt_property_to_bank: BankruptToBank = opt(
        "auction",
        "property of a player bankrupt to the bank is 'auction'ed or left 'unowned' for free sale",
        "000:273",
    )

    # --- dice
    speed_die: bool = opt(
        False, "the red speed die (1, 2, 3, Mr. Monopoly x2, Bus), rolled once GO was passed", "000:145-147"
    )

    # --- time
    decision_seconds: int | None = opt(None, "seconds allowed for each decision (None = untimed)", "")
    timeout_bankrupt: bool = opt(False, "a seat that lets a decision's time run out goes bankrupt to the bank", "")
    player_time_minutes: int | None = opt(
        None, "each player's own time budget; running out is bankruptcy to the bank (None = untimed)", ""
    )
    time_limit_minutes: int | None = opt(
        None, "agreed game length; then the richest player wins (REC H-20)", "000:7"
    )

    # --- the table (read by front ends; no effect on play)
    advice: bool = opt(
        True,
        "players may ask the program for win chances and what an offer changes during the game ('?' in "
        "landlords play, the server's advice request); off: the table agreed to play without advice",
        "",
    )

    # --- P. end
    turn_limit: int | None = opt(
        None, "rounds after which the richest player wins (None = play to the last player)", "000:7"
    )

    # --- the businesspoly variant (read by rules/businesspoly/; no effect on the classic game)
    start_mode: StartMode = opt(
        "normal",
        "businesspoly: 'start_auction' (deeds shuffled, the first start_auction_lots auctioned before the first "
        "roll) or 'intro_lap' (until a player first reaches Start: doubles do nothing, a card square or the "
        "arrest square means roll again) (B-25)",
        "000:351-355,411-413",
    )
    start_auction_lots: int = opt(12, "businesspoly: deeds sold in the start auction", "000:353,413")
    auction_start_percent: int = opt(
        0,
        "businesspoly: an auction opens at this percentage of the printed price (0: auction_min_bid)",
        "000:383,481",
    )
    auction_final_call: bool = opt(
        False,
        "businesspoly: before the last bidder wins, everyone who passed is asked once more and may bid again "
        "(REC B-17)",
        "000:481",
    )
    bid_above_cash: bool = opt(
        False,
        "businesspoly: bids beyond one's cash are allowed; the winner raises the sum or goes bankrupt",
        "000:483",
    )
    lap_tax_per_group: int = opt(
        0,
        "businesspoly: on completing a lap, paid per group in which one holds a lot, mortgaged too",
        "000:333,435",
    )
    lap_tax_groups: GroupScope = opt(
        "all",
        "businesspoly: the lap tax counts 'all' groups (colours, shopping centres, utilities; REC B-1) or colour "
        "'streets' groups only",
        "000:333,435,439",
    )
    lap_net_may_be_negative: bool = opt(
        True, "businesspoly: a lap tax above the salary is paid (REC B-4); off: the net is at least 0", "000:435"
    )
    card_lap_amount_replaces: bool = opt(
        True,
        "businesspoly: a card paying a sum for reaching Start (cards 11, 33) pays it instead of the lap "
        "settlement (REC B-10); off: in addition",
        "000:541,585",
    )
    mortgage_lap_deadline: bool = opt(
        False,
        "businesspoly: on completing a lap the owner redeems each mortgaged lot or the bank takes it (REC B-11)",
        "000:371,471",
    )
    sell_to_bank_percent: int = opt(
        0,
        "businesspoly: a lot may be sold to the bank for this percentage of its price (0: no such sale)",
        "000:371,473",
    )
    sell_mortgaged_to_bank: bool = opt(
        True, "businesspoly: a mortgaged lot may be sold to the bank, which pays nothing (REC B-12)", "000:371"
    )
    max_builds_per_turn: int = opt(
        0, "businesspoly: buildings one may open per turn, all groups together (0 = no limit)", "000:375,415,457"
    )
    build_limit_per: BuildLimitPer = opt(
        "move",
        "businesspoly: the building limit counts per 'move' (a double's extra move is a new one, REC B-13) or per "
        "whole 'turn'",
        "000:415,429",
    )
    hotel_cost_houses: int = opt(
        1,
        "businesspoly: a business centre costs this many office prices on top of the four offices it replaces "
        "(REC B-14: 1, so it is worth 5 offices; the other reading: 5)",
        "000:327,457",
    )
    jail_cells: int = opt(
        0,
        "businesspoly: the jail has this many cells, one a turn; a turn that starts on the last cell leaves free "
        "(REC B-9; 0 = the classic jail)",
        "000:363,499-503",
    )
    court_fee_percent: int = opt(
        0,
        "businesspoly: a lawsuit costs this percentage of the lot's price, paid to the bank (0 = no courts)",
        "000:451",
    )
    court_scope: GroupScope = opt(
        "all",
        "businesspoly: one may sue for a lot of any group one shares ('all': the industry, REC B-7) or colour "
        "'streets' groups only",
        "000:359,449",
    )
    court_at_jail: bool = opt(
        True, "businesspoly: the visiting part of the jail corner is the court (REC B-6)", "000:349,425"
    )
    suits_per_landing: int = opt(
        1, "businesspoly: lawsuits one may file per landing on the court (REC B-8)", "000:425"
    )
    deals_need_active_player: bool = opt(
        False,
        "businesspoly: every deal involves the player whose turn it is, with any number of parties (REC B-19)",
        "000:475,487",
    )
    card_insurance: bool = opt(
        True,
        "businesspoly: on the insured cards the insurance pays what the cash does not cover (REC B-23); off: "
        "pay in full",
        "000:569-575,581",
    )
    card_percent_rounding: Literal["down", "nearest"] = opt(
        "down", "businesspoly: how a percentage of cash on a card is rounded (cards 4, 5)", "000:529,531"
    )
    building_loan_counts: bool = opt(
        True, "businesspoly: the office of the building-loan card counts towards the building limit", "000:583"
    )

    # ------------------------------------------------------------------
    def override(self, **changes: Any) -> Ruleset:
        """A copy with house rules applied; unknown keys and wrong types raise ConfigError."""
        hints = option_types()
        for key, value in changes.items():
            if key not in hints:
                raise ConfigError(f"unknown rule option {key!r} (see `landlords rules {self.id}`)")
            changes[key] = _coerce(key, value, hints[key])
        return dataclasses.replace(self, **changes)

    def differences(self, base: Ruleset) -> dict[str, Any]:
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    @staticmethod
    def options() -> list[dataclasses.Field]:
        return [
            f for f in dataclasses.fields(Ruleset) if f.name not in ("id", "description", "edition", "sources")
        ]

    def source_of(self, name: str) -> str:
        """The seed line a value comes from: this ruleset's own, else the hasbro-ru default's."""
        own = dict(self.sources).get(name)
        if own is not None:
            return own
        for f in dataclasses.fields(self):
            if f.name == name:
                return f.metadata.get("source", "")
        raise KeyError(name)


def option_types() -> dict[str, Any]:
    """Each option -> its type (``bool``, ``int | None``, a ``Literal`` of its choices, ...)."""
    global _HINTS
    if _HINTS is None:
        namespace = vars(sys.modules[__name__])
        _HINTS = {name: eval(text, namespace) for name, text in field_types(Ruleset).items()}
    return _HINTS


_HINTS: dict[str, Any] | None = None


def _coerce(key: str, value: Any, hint: Any) -> Any:
    """Accept a value of the right type, or a string from the command line (``KEY=VALUE``)."""
    allowed = get_args(hint)
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return value.lower() in ("true", "yes", "on", "1")
        raise ConfigError(f"rule option {key!r} takes true or false, got {value!r}")
    if hint is int or (int in allowed and type(None) in allowed):
        if value is None or (isinstance(value, str) and value.lower() in ("none", "")):
            if type(None) in allowed:
                return None
            raise ConfigError(f"rule option {key!r} needs a whole number")
        if isinstance(value, bool):
            raise ConfigError(f"rule option {key!r} needs a whole number, got {value!r}")
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise ConfigError(f"rule option {key!r} needs a whole number, got {value!r}") from None
        if number < 0:
            raise ConfigError(f"rule option {key!r} cannot be negative, got {number}")
        return number
    if allowed and all(isinstance(a, str) for a in allowed):  # a Literal of strings
        if value not in allowed:
            raise ConfigError(f"rule option {key!r} takes one of {', '.join(allowed)}; got {value!r}")
        return value
    if hint is str:
        return str(value)
    raise ConfigError(f"rule option {key!r} cannot be set")  # pragma: no cover
