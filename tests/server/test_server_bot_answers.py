"""A bot that refuses a person's offer at a server table says why (a ``said`` message, in that
person's language, as the terminal does) and makes its counter-offer, which the person can answer."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from support.server_helpers import Player, table

# the bot (seat 1, first) rolls onto Baltic (3) and buys it; then Ann offers for it
DICE = [[1, 2]]


@contextmanager
def bot_owns_baltic(tmp_path, lang: str = "en") -> Iterator[Player]:
    """Ann's socket (in ``lang``) once the baseline bot has bought Baltic Avenue and it is her turn."""
    with table(
        tmp_path, lang=lang, edition="classic-us", auto_claim_people=True, seed=5, dice=DICE, first_player=1
    ) as t:
        t.ann.wait_view(lambda v: v["decision"]["seat"] == 0 and v["state"]["owner"][3] == 1)
        yield t.ann


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bot_says_why_it_refuses_an_offer_and_counters(tmp_path, lang):
    with bot_owns_baltic(tmp_path, lang) as ann:
        answer = ann.act({"type": "propose_trade", "partner": 1, "give_cash": 1, "take_properties": [3]})
        assert answer["type"] == "ack", answer
        ann.read_until(lambda m: any(e["event"] == "trade_answered" for e in m.get("events", [])))
        ann.sync()  # the bot's words come right after its answer, before this welcome
        said = next(m for m in ann.messages if m["type"] == "said")
        assert said["seat"] == 1 and said["name"] and said["text"]
        words = {"en": "more", "ru": "больше"}[lang]  # "I would give $N more than I get"
        assert words in said["text"], said
        # the counter-offer: Baltic for more cash, proposed by the bot to Ann
        view = ann.wait_view(lambda v: v["decision"]["kind"] == "trade_response")
        d = view["decision"]
        assert d["seat"] == 0 and d["proposer"] == 1
        assert d["give_properties"] == [3] and d["take_cash"] > 1
        assert {"type": "accept"} in ann.answers()
        assert ann.act({"type": "accept"})["type"] == "ack"
        ann.sync()
        assert ann.view["state"]["owner"][3] == 0


def test_a_bot_that_accepts_says_nothing(tmp_path):
    with bot_owns_baltic(tmp_path) as ann:
        assert (
            ann.act({"type": "propose_trade", "partner": 1, "give_cash": 400, "take_properties": [3]})["type"]
            == "ack"
        )
        ann.wait_view(lambda v: v["state"]["owner"][3] == 0)
        assert not [m for m in ann.messages if m["type"] == "said"]
