"""«Бизнесполия» (seed 000:293-593): its two rulesets and its Game subclass.

A fan redesign of the classic game "by the laws of economics". What differs from the classic game,
and where it lives here (seed lines of file 000; RECs are RULES_MATRIX.md section 4.2):

* The lap settlement (000:333,435-441; B-1, B-2, B-4, B-10): on reaching or passing Start the player
  gets the salary (450, 400 on the short map) and pays 50 per group in which they hold a lot, before
  anything else happens on the square they reach; then each mortgaged lot must be redeemed for the
  sum received or the bank takes it back (000:371,471; B-11): :meth:`BusinesspolyGame._settle_lap`.
* Lots sold to the bank for half their price (000:371,473; B-12): :class:`SellLot`.
* Start modes (000:351-355,411-413,447,489,495; B-5, B-25, B-26): a start auction of 12 shuffled
  deeds, or a per-player introductory lap without doubles, cards or arrests.
* Courts (000:359,417,425,449-453; B-6 to B-8): landing on the court (the visiting part of the jail
  corner) opens a ``court`` decision: :class:`Sue` for a lot of a shared group, paying 1.5 x its price,
  one die each, the plaintiff wins only when higher (card 15: also on a tie); or :class:`Waive`.
* The three-cell jail (000:363,367,499-511; B-9): one cell a turn, out on the last cell, by a double
  (moving by it, no extra roll), by the lawyer card or for 200.
* The strict turn (000:415-431): building, mortgaging, redeeming and deals only in steps 3.1 (before
  the roll) and 3.5 (buying, the court, after the move), never while a payment is owed (000:379,513);
  deals always involve the player whose turn it is and may have any number of parties
  (000:475,487; B-19): :class:`ProposeDeal`.
* Auctions open at half the price (000:383,481), bids may exceed one's cash (000:483), and before the
  last bidder wins everyone who passed is asked once more (000:481; B-17).
* At most two offices a move (000:375,415,457; B-13); a business centre costs one more office
  (000:327,457; B-14).
* A tenant who cannot pay the rent goes bankrupt and the bank pays the owner the shortfall (000:519).
* The deck «Извещение» (000:521-589): the card effects not in the classic game (begging, inflation,
  deflation, the insured payments, the casino, the building loan, the lawyers, ...) are carried out
  in :meth:`BusinesspolyGame._apply_card`; their machine readings are RULES_MATRIX.md section 3.1.
"""

from __future__ import annotations

from .. import register_variant
from .actions import FORFEIT_LOT, REDEEM_LOT, WAIVE, ProposeDeal, SellLot, SettleMortgage, Sue, Waive
from .decisions import BUILDING_LOAN, COURT, DEAL_RESPONSE, REDEEM, Deal, Lawsuit
from .events import (
    EVENTS,
    CasinoPlayed,
    DealAnswered,
    DealProposed,
    InsurancePaid,
    IntroReroll,
    JailCell,
    LapSettled,
    LotForfeited,
    LotSold,
    SuitDecided,
)
from .game import BusinesspolyGame
from .rulesets import BUSINESSPOLY, BUSINESSPOLY_SHORT

register_variant("businesspoly", BusinesspolyGame)

__all__ = [
    "BusinesspolyGame",
    "BUSINESSPOLY",
    "BUSINESSPOLY_SHORT",
    "Sue",
    "Waive",
    "WAIVE",
    "REDEEM_LOT",
    "FORFEIT_LOT",
    "SettleMortgage",
    "SellLot",
    "ProposeDeal",
    "COURT",
    "BUILDING_LOAN",
    "REDEEM",
    "DEAL_RESPONSE",
    "Deal",
    "Lawsuit",
    "EVENTS",
    "LapSettled",
    "LotForfeited",
    "LotSold",
    "SuitDecided",
    "JailCell",
    "IntroReroll",
    "CasinoPlayed",
    "InsurancePaid",
    "DealProposed",
    "DealAnswered",
]
