"""Every kind of decision of every ruleset, and the data a decision carries, from one place.

``game.decision.kind`` is one of :data:`DECISION_KINDS`; ``game.decision.data`` is, by kind:
``AuctionState`` (auction), ``Debt`` (debt), ``Trade`` (trade_response), ``Deal`` (deal_response),
``Lawsuit`` (court), the item ``"house"``/``"hotel"`` (building_interest, place_building), the two
white dice (bus), the percentage (building_loan), the reason (exchange_refusal), or None.

>>> from landlords.decisions import AUCTION, COURT, MALINA_VISIT
"""

from __future__ import annotations

from .engine.decision import (
    AUCTION,
    BUILDING_INTEREST,
    BUS,
    BUY,
    DEBT,
    INCOME_TAX,
    MORTGAGE_TRANSFER,
    PLACE_BUILDING,
    POST_ROLL,
    PRE_ROLL,
    TRADE_RESPONSE,
    TRIPLES,
    AuctionState,
    Debt,
    Decision,
    Shortage,
    Trade,
)
from .engine.decision import DECISION_KINDS as CLASSIC_KINDS
from .rules.businesspoly.decisions import BUILDING_LOAN, COURT, DEAL_RESPONSE, REDEEM, Deal, Lawsuit
from .rules.odessa.seed import EXCHANGE_REFUSAL, MALINA_VISIT, MORTGAGE_LAP

BUSINESSPOLY_KINDS = (COURT, BUILDING_LOAN, REDEEM, DEAL_RESPONSE)
ODESSA_KINDS = (MALINA_VISIT, EXCHANGE_REFUSAL, MORTGAGE_LAP)
DECISION_KINDS = CLASSIC_KINDS + BUSINESSPOLY_KINDS + ODESSA_KINDS

__all__ = [
    "PRE_ROLL",
    "POST_ROLL",
    "BUY",
    "AUCTION",
    "DEBT",
    "TRADE_RESPONSE",
    "INCOME_TAX",
    "MORTGAGE_TRANSFER",
    "BUILDING_INTEREST",
    "PLACE_BUILDING",
    "BUS",
    "TRIPLES",
    "COURT",
    "BUILDING_LOAN",
    "REDEEM",
    "DEAL_RESPONSE",
    "MALINA_VISIT",
    "EXCHANGE_REFUSAL",
    "MORTGAGE_LAP",
    "CLASSIC_KINDS",
    "BUSINESSPOLY_KINDS",
    "ODESSA_KINDS",
    "DECISION_KINDS",
    "Decision",
    "AuctionState",
    "Debt",
    "Trade",
    "Shortage",
    "Deal",
    "Lawsuit",
]
