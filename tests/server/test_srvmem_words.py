"""What the server's views keep in memory per game of their words (issue 35: memory per game): the
edition's names made once for all the games of an edition, a bounded number of property cards per
game, and nothing kept of a finished game the server let go of."""

from __future__ import annotations

import time

from support.server_helpers import table

import landlords
from landlords.bots import make_bot
from landlords.describe import cards, labels
from landlords.describe.labels import speaker
from landlords.describe.words import Speaker, one_language


def test_the_games_of_one_edition_share_its_names():
    """A server's hundreds of games of one edition each made the edition's quoted and glossed names
    (~23 KB a game): they depend on the edition, the language and the glossing only, and are made once."""
    a, b = (landlords.new_game("classic-us", "hasbro-ru", players=2, seed=i) for i in (1, 2))
    for lang in ("en", "ru"):
        wa, wb = speaker(a, lang), speaker(b, lang)
        assert wa is not wb and wa.square(1) is wb.square(1)
        assert wa.square(1) == Speaker(a, lang)._make_named(a.edition.squares[1].name, True)
    a, b = (landlords.new_game("moscow", "hasbro-ru", players=2, seed=i) for i in (1, 2))
    terminal = speaker(a, "en").square(1)  # the name and its gloss
    with one_language():  # the web's words: the gloss alone, kept apart from the terminal's
        web = speaker(a, "en").square(1)
        assert web is speaker(b, "en").square(1) and web != terminal
    assert terminal is speaker(b, "en").square(1)
    assert terminal != speaker(landlords.new_game("classic-us", "hasbro-ru", players=2, seed=1), "en").square(1)


def test_a_game_keeps_a_few_property_cards_however_long_it_runs():
    """The cards of every state shown were kept for the game's life (a server shows the decision's
    square after every act): only the last few are kept now, and a card asked for again is the same."""
    game = landlords.new_game(ruleset="hasbro-ru", players=4, seed=5, auto_claim=True, record_events=True)
    bots = [make_bot("advisor", seed=i) for i in range(4)]
    words = speaker(game, "en")
    props = [sq for sq in range(game.size) if game.t.is_property[sq]]
    made = set()
    for _ in range(400):
        d = game.decision
        if d is None or game.over:
            break
        game.apply(d.seat, bots[d.seat].act(game, d))
        for sq in props[:6]:
            card = cards.property_card(game, sq, "en", words)
            assert cards.property_card(game, sq, "en", words) is card  # the latest cards are kept
            made.add(card)
        assert len(words.cards) <= cards.CARDS_KEPT
    assert len(made) > 4 * cards.CARDS_KEPT  # many states were shown: the bound was reached


def test_a_finished_game_the_server_lets_go_of_leaves_no_words_behind(tmp_path):
    """A finished game nobody watches leaves the server's tables; the words kept for its views (its
    speakers, which hold the game) went with it only once 1,024 other games had pushed them out."""
    with table(tmp_path, rules={"time_limit_minutes": 1}, first_player=0) as t:
        client, ann = t.client, t.ann
        assert ann.act({"type": "roll"})["type"] == "ack"
        t.clock.advance(61)  # the game's minute is up: it ends on the server's clock
        ann.wait_view(lambda v: v["state"]["over"])
        tab = client.app.state.server.tables[t.code]
        game = tab.game
        assert any(entry[0] is game for entry in labels._SPEAKERS.values())  # its views' words
        del tab
        ann.close()
        end = time.monotonic() + 30  # the server notices the closed socket on its own loop
        while client.get("/api/health").json()["games"] != 0:
            assert time.monotonic() < end, "the finished game stayed in memory"
            time.sleep(0.02)
        assert not any(entry[0] is game for entry in labels._SPEAKERS.values())
