"""The two rulesets of «Бизнесполия»: the full map and the short one."""

from __future__ import annotations

from typing import Any

from .. import RULESETS, _ruleset

_COMMON: dict[str, tuple[Any, str]] = {
    "variant": ("businesspoly", "000:293-593"),
    "starting_cash": (2500, "000:413 (the start auction; REC B-3 for the introductory lap)"),
    "turn_order_by_roll": (True, "000:407"),
    "turn_order": (
        "ranking",
        "000:407 («Кто оказался на втором месте, тот ходит вторым»; 'clockwise' by agreement, 000:409)",
    ),
    "salary": (450, "000:333,435"),
    "salary_on_landing": (True, "000:421,435"),
    "doubles_extra_roll": (True, "000:429"),
    "doubles_to_jail": (3, "000:429,495"),
    "auctions": (True, "000:381 (buy or auction, mandatory)"),
    "decliner_may_bid": (True, "000:481 (REC B-17)"),
    "auction_min_bid": (1, "000:383"),
    "rent_claim": ("automatic", "000:399,517"),
    "double_rent_full_set": (False, "000:517 (REC B-15)"),
    "free_parking": ("rest", "REC B-24"),
    "jail_fine": (200, "000:367,509"),
    "jail_doubles_extra_roll": (False, "000:505 (REC B-9)"),
    "shuffle_decks": (True, "REC B-22"),
    "build_timing": ("steps", "000:415-427"),
    "mortgage_timing": ("steps", "000:415-427,471"),
    "trade_timing": ("steps", "000:387,415-427,475"),
    "trade_in_debt": (False, "000:379,513-515"),
    "trade_mortgaged": (True, "000:487"),
    "houses": (96, "the rules set no limit on offices (L15): enough for every lot"),
    "hotels": (32, "the rules set no limit on business centres"),
    "shortage_auction": (False, "no office shortage (L15)"),
    "even_building": (True, "000:457"),
    "even_selling": (True, "000:457"),
    "building_sell_percent": (50, "000:465"),
    "mortgage_interest_percent": (0, "000:371,471 (REC B-11: redeemed for the sum received)"),
    "mortgage_requires_unbuilt": ("group", "000:485"),
    "transfer_fee_percent": (0, "000:487 (no fee for a mortgaged lot changing hands)"),
    "bankruptcy_to_player": ("bank_pays_creditor", "000:519"),
    "bankrupt_property_to_bank": ("unowned", "000:519 (REC B-20)"),
    "start_mode": ("start_auction", "000:351,411-413 (B-25; 'intro_lap' the other choice)"),
    "start_auction_lots": (12, "000:353,413"),
    "auction_start_percent": (50, "000:383,481"),
    "auction_final_call": (True, "000:481 (REC B-17)"),
    "bid_above_cash": (True, "000:483"),
    "lap_tax_per_group": (50, "000:333,435"),
    "lap_tax_groups": ("all", "000:435,439 (REC B-1)"),
    "lap_net_may_be_negative": (True, "000:435 (REC B-4)"),
    "card_lap_amount_replaces": (True, "000:541,585 (REC B-10)"),
    "mortgage_lap_deadline": (True, "000:371,471 (REC B-11)"),
    "sell_to_bank_percent": (50, "000:371,473"),
    "sell_mortgaged_to_bank": (True, "000:371 (REC B-12)"),
    "max_builds_per_turn": (2, "000:375,415,457"),
    "build_limit_per": ("move", "000:415,429 (REC B-13)"),
    "hotel_cost_houses": (1, "000:327,457 (REC B-14)"),
    "jail_cells": (3, "000:363,499-503 (REC B-9)"),
    "court_fee_percent": (150, "000:359,451"),
    "court_scope": ("all", "000:449 (REC B-7)"),
    "court_at_jail": (True, "000:349,425 (REC B-6)"),
    "suits_per_landing": (1, "000:425 (REC B-8)"),
    "deals_need_active_player": (True, "000:475,487 (REC B-19)"),
    "card_insurance": (True, "000:569-575,581 (REC B-23)"),
    "card_percent_rounding": ("down", "000:529,531 (section 3.1)"),
    "building_loan_counts": (True, "000:583 (section 3.1)"),
}

BUSINESSPOLY = _ruleset(
    "businesspoly",
    "«Бизнесполия» of seed 000 on the full map: lap tax per industry, courts, a three-cell jail, mortgages "
    "settled each lap, a strict turn, the deck «Извещение»",
    "businesspoly",
    **_COMMON,
)

BUSINESSPOLY_SHORT = _ruleset(
    "businesspoly-short",
    "«Бизнесполия» of seed 000 on the shortened map (salary 400)",
    "businesspoly-short",
    **{**_COMMON, "salary": (400, "000:435 «на сокращённой карте 400 бин»")},
)

RULESETS[BUSINESSPOLY.id] = BUSINESSPOLY
RULESETS[BUSINESSPOLY_SHORT.id] = BUSINESSPOLY_SHORT
