"""«Одесская Монополия» (seed 003): the ruleset ``odessa`` and its Game subclass.

The money and turn flow are the classic engine's; what differs in kind lives here, each piece with
the seed line it comes from and the RULES_MATRIX.md REC that reads it (section 4.5, O-1 to O-21):

* **Malinas** (003:72-86) are the railroad squares. The smotryashchy's fee is 100 / 250 / 500 / 1000
  by the number of malinas he holds (Гастролёр, Карманник, Маравихер, Вор в законе). A visitor
  may challenge him instead of paying (O-15): he rolls two dice, the visitor one; if his sum is
  greater or equal the visitor pays a double fee at once, otherwise the malina passes to the
  visitor for nothing and this visit is free. A fee the visitor accepts must be claimed like
  barysh (O-16, ``rent_claim``). Malinas cannot be mortgaged (O-16, ``railroads_mortgageable``).
* **The exchange** (Одесская Товарная Биржа, 003:104-129) replaces jail; there is no fine. On each
  of the next three turns the player rolls three dice; a double is any two of them (O-2,
  ``exchange_double``) and the odd one is the third die. A double on the first try wins 100 x the
  third die and moves by all three dice; on the second it loses 20 x the third and moves by the
  double; on the third it loses 30 x and moves by the double. Without a double the fourth turn
  rolls one die, pays 30 x it and moves by it. No extra roll after leaving (O-3). Rent and fees
  are still collected there (003:129).
* **Guilds** (003:125-127, O-4): two doubles in a row in one turn make a merchant of the Second
  Guild (exchange losses at most 100), three the First Guild (at most 50; and off to the exchange).
* **The refusal card** (003:92, O-5): «единоразово отказаться от посещения Биржи», kept and sellable;
  played when its holder is sent to the exchange, the token stays where it stood and the turn ends
  (``jail_card_use``).
* **Artels and cooperatives** (003:131-141, O-6, O-11, O-12): with the whole colour group, unevenly,
  at any time (also between other players' turns) but only on the pai where the owner's own token
  stands; at most three artels, then a cooperative once every pai of the group has three; the
  cooperatives of a group are closed before any of its artels, artels freely, the Treasury paying
  half. A cooperative is building level 5 (the engine's hotel) over the three artels.
* **Mortgage** (003:143-149): the value on the act; lifting costs the price + 20% (O-7); only to
  cover a payment due (O-9, ``mortgage_only_in_debt``); after one full lap of the owner's token it
  must be lifted or 20% of the mortgage paid for another lap, and then 20% more is due when it is
  lifted (O-8, ``mortgage_term``). Whoever receives a mortgaged pai (a bankrupt's creditor, O-20, or
  a buyer) pays 20% at once and may lift it now at the ordinary price or keep it.
* **Bankruptcy** (003:151-155): to the City, every pai is auctioned and the cards go to the bottom
  of their decks; to a player, the artels and cooperatives are closed for the creditor (O-21) who
  takes the money, acts and cards.

Left out: «дропшиппинг» (003:114) is named as a way to play the exchange but never defined (O-1).
"""

from __future__ import annotations

from .. import register_variant
from .actions import ChallengeMalina, RefuseExchange
from .events import ExchangeRefused, ExchangeTry, GuildTitle, MalinaChallenged, MortgageLapPaid
from .game import OdessaGame
from .rulesets import ODESSA
from .seed import (
    ARTELS_MAX,
    COOP,
    EXCHANGE_FORCED_PER_PIP,
    EXCHANGE_LOSS_PER_PIP,
    EXCHANGE_REFUSAL,
    EXCHANGE_TRIES,
    EXCHANGE_WIN_PER_PIP,
    FIRST_GUILD,
    GUILD_CAP,
    GUILD_NAMES,
    MALINA_TITLES,
    MALINA_VISIT,
    MORTGAGE_LAP,
    SECOND_GUILD,
    exchange_double,
    malina_title,
)

register_variant("odessa", OdessaGame)

__all__ = [
    "OdessaGame",
    "ODESSA",
    "ChallengeMalina",
    "RefuseExchange",
    "ExchangeRefused",
    "ExchangeTry",
    "GuildTitle",
    "MalinaChallenged",
    "MortgageLapPaid",
    "ARTELS_MAX",
    "COOP",
    "EXCHANGE_FORCED_PER_PIP",
    "EXCHANGE_LOSS_PER_PIP",
    "EXCHANGE_REFUSAL",
    "EXCHANGE_TRIES",
    "EXCHANGE_WIN_PER_PIP",
    "FIRST_GUILD",
    "GUILD_CAP",
    "GUILD_NAMES",
    "MALINA_TITLES",
    "MALINA_VISIT",
    "MORTGAGE_LAP",
    "SECOND_GUILD",
    "exchange_double",
    "malina_title",
]
