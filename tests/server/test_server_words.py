"""One language per viewer (issue 29, item 6): at a Russian-board table an English viewer reads English
square, group and bot names, money and refusals; the lobby's refusals come with a code and in the
request's language; a blank name is a catalog message, not pydantic's text."""

from __future__ import annotations

import json
import re

import pytest
from support.server_helpers import Player, create, make_client, sockets_closed

import landlords
from landlords.describe.words import Speaker, one_language
from landlords.engine.errors import IllegalAction
from landlords.i18n import catalog, reason
from landlords.i18n.bot_names import shown_name
from landlords.server import views

CYRILLIC = re.compile("[а-яёА-ЯЁ]")


@pytest.fixture
def client(tmp_path):
    c, _ = make_client(tmp_path)
    with c:
        yield c
    sockets_closed()


def test_bot_names_are_in_the_readers_language():
    assert shown_name("Бот 3", "en") == "Bot 3" and shown_name("Bot 3", "ru") == "Бот 3"
    assert shown_name("Ботаник", "en") == "Ботаник" and shown_name("Anna", "ru") == "Anna"
    summary = {"code": "X", "seats": [{"seat": 0, "name": "Бот 1"}, {"seat": 1, "name": None}]}
    assert views.summary_in(summary, "en")["seats"][0]["name"] == "Bot 1"
    assert summary["seats"][0]["name"] == "Бот 1"  # the shared summary is not changed


def test_an_english_reader_of_a_russian_board_reads_english():
    g = landlords.new_game("moscow", "hasbro-ru", players=["Анна", "Бот 2"])
    with one_language():  # as the server's views make their words
        w, ru = Speaker(g, "en"), Speaker(g, "ru")
        assert not any(CYRILLIC.search(str(w.square(sq))) for sq in range(40))
        assert w.money(1500) == "₽1500k" and str(w.group(1)) == "Brown" and str(w.name(1)) == "Bot 2"
        assert ru.money(1500) == "1500 тыс. ₽" and str(ru.group(1)) == "«Коричневые»"
    view = views.decision_view(g, "en", None)  # a view is in one language by itself
    assert not CYRILLIC.findall(json.dumps(view, ensure_ascii=False).replace("Анна", "")), view


def test_a_refusal_in_english_has_no_russian_case_endings():
    """ "it is for Анна to decide", never "Анну" (a Russian case inside English); a bot in English."""
    g = landlords.new_game("moscow", "hasbro-ru", players=["Анна", "Бот 2"], first_player=0)
    with pytest.raises(IllegalAction) as caught:
        g.check(1, g.decision_actions()[0])
    english, russian = reason("en", caught.value), reason("ru", caught.value)
    assert "Анну" not in english and "Bot 2" in english, english
    assert CYRILLIC.findall(english.replace("Анна", "")) == [], english  # the only Cyrillic is the name
    assert russian == "сейчас решает Анна, а не Бот 2"


def test_the_lobby_refuses_in_the_requests_language(client):
    r = client.post("/api/games/ZZZZZZ/join", json={"name": "Аня"}, headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.json()["code"] == "no_game" and r.json()["detail"] == "Игры ZZZZZZ нет."
    r = client.post("/api/games/ZZZZZZ/join", json={"name": "Ann"})
    assert r.json()["detail"] == "no game 'ZZZZZZ'"  # the API's own English words, by default
    g = create(client, ruleset="hasbro-ru", seats=[{"kind": "person"}, {"kind": "person"}], name="Аня")
    r = client.post(
        f"/api/games/{g['code']}/join", json={"name": "аня"}, headers={"Accept-Language": "ru-RU,ru;q=0.9"}
    )
    assert r.status_code == 409 and r.json()["code"] == "name_taken"
    assert r.json()["detail"] == "Имя «аня» за этим столом уже занято." and r.json()["params"] == {"name": "аня"}
    for lang in ("ru", "pl"):  # every refusal has its words in every language
        assert {k for k in catalog("en") if k.startswith("lobby.")} <= set(catalog(lang))


def test_a_blank_name_is_a_catalog_message(client):
    g = create(client, ruleset="hasbro-ru", seats=[{"kind": "person"}, {"kind": "person"}])
    r = client.post(f"/api/games/{g['code']}/join", json={"name": ""}, headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and r.json()["code"] == "name_empty" and r.json()["message"] == "Введите имя."
    r = client.post(f"/api/games/{g['code']}/join", json={"name": "   "}, headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and r.json()["code"] == "name_empty" and r.json()["detail"] == "Введите имя."


def test_an_english_viewer_at_a_russian_table_reads_no_cyrillic_but_names(client):
    g = create(
        client,
        ruleset="hasbro-ru",
        seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}],
        name="Анна",
        autostart=True,
        seed=3,
    )
    en = Player(client, g["code"], g["token"], lang="en")
    ru = Player(client, g["code"], None, lang="ru")
    try:
        view = en.view
        assert [s["name"] for s in view["game"]["seats"]] == ["Анна", "Bot 2"]
        assert [s["name"] for s in ru.view["game"]["seats"]] == ["Анна", "Бот 2"]
        text = json.dumps({k: view[k] for k in ("events", "decision", "you")}, ensure_ascii=False)
        assert CYRILLIC.findall(text.replace("Анна", "").replace("Анны", "")) == [], text[:2000]
    finally:
        en.close()
        ru.close()
