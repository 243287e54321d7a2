"""The pages and their JSON (landlords.server.pages): served by the game server, shipped in the package,
worded from the catalogs in every language, and reading legality only from the engine."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest
from support.server_helpers import Player, create, make_client, sockets_closed

from landlords.i18n import LANGUAGES, catalog
from landlords.render.svg import KIND_LABEL
from landlords.rules import ruleset_names
from landlords.server.pages import STATIC


@pytest.fixture
def client(tmp_path):
    c, _ = make_client(tmp_path)
    with c, sockets_closed():
        yield c


def test_the_pages_and_their_assets_are_served_from_the_package(client):
    for path, script in (("/", "lobby.js"), ("/g/ABCDEF", "table.js"), ("/replay/ABCDEF", "replay.js")):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        # one whole document: the shared head (page.html) with the page's own lines, then its body
        text = r.text
        assert text.startswith('<!doctype html>\n<html lang="en">\n<head>\n') and text.endswith(
            "</body>\n</html>\n"
        )
        head, _, body = text.partition("</head>\n")
        assert '<meta charset="utf-8">' in head and f'<script type="module" src="/static/js/{script}?v=' in head
        assert body.startswith("<body") and "<head>" not in body and "<!--" not in text
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', text):
            assert client.get(asset).status_code == 200, asset
    for module in (STATIC / "js").iterdir():
        r = client.get(f"/static/js/{module.name}")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"]
        for imported in re.findall(r'from "\./([^"]+)"', module.read_text(encoding="utf-8")):
            assert (STATIC / "js" / imported).exists(), (module.name, imported)
    # nothing is fetched from elsewhere: no CDN, no absolute URL in the pages or modules
    for f in STATIC.rglob("*"):
        if f.suffix in (".html", ".js", ".css"):
            text = f.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")  # a namespace
            assert not re.search(r"https?://", text), f


def test_the_assets_are_package_data():
    files = resources.files("landlords.server.pages") / "static"
    assert (files / "table.html").is_file() and (files / "js" / "board.js").is_file()


def test_every_word_the_pages_use_is_in_every_catalog(client):
    used = set()
    for f in STATIC.rglob("*"):
        if f.suffix in (".html", ".js"):
            used |= set(re.findall(r"""["'`]((?:web|ui|advice)\.[a-z_]+)["'`]""", f.read_text(encoding="utf-8")))
    assert "web.join" in used and "ui.cash" in used and "advice.seat_line" in used
    for lang in LANGUAGES:
        words = client.get(f"/api/web/words/{lang}").json()
        assert not used - set(words), (lang, used - set(words))
        own = {k for k in catalog(lang) if k.startswith("web.")}
        assert own == {k for k in catalog("en") if k.startswith("web.")}, lang
    ru = client.get("/api/web/words/ru").json()
    assert ru["web.join"] == "Сесть за стол" and ru["ui.cash"].startswith("деньги")
    assert client.get("/api/web/words/de").status_code == 422


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_the_board_of_every_ruleset(client, ruleset):
    r = client.get("/api/web/board", params={"ruleset": ruleset, "lang": "pl"})
    assert r.status_code == 200, r.text
    board = r.json()
    assert board["svg"].startswith("<svg") and len(board["squares"]) == board["svg"].count('class="square"')
    for sq in board["squares"]:
        x, y, w, h = sq["box"]
        tx, ty, tw, th = sq["tokens"]
        assert x <= tx and tx + tw <= x + w + 0.1 and y <= ty and ty + th <= y + h + 0.1
        assert (sq["price"] is not None) == sq["property"]
        assert (sq["band"] is not None) == (sq["kind"] == "street" and sq["side"] != "corner")
        # the words' area inside the square; the kind's mark for board.js to place where the picture has none
        ax, ay, aw, ah = sq["text"]
        assert x <= ax and ax + aw <= x + w + 0.1 and y <= ay and ay + ah <= y + h + 0.1
        assert sq["mark"] == KIND_LABEL.get(sq["kind"])
    assert any(sq["mark"] and sq["side"] in ("left", "right") for sq in board["squares"])


CYRILLIC = re.compile("[а-яёА-ЯЁ]")


def test_board_names_are_in_the_viewers_language(client):
    """An English viewer of a Russian board reads its glosses: names, groups, decks, money, the picture."""
    board = client.get("/api/web/board", params={"ruleset": "hasbro-ru", "lang": "en"}).json()
    go = board["squares"][0]
    assert go["name"] == "Go (Start)" and go["title"] == "Go (Start)"
    assert board["squares"][1]["price"] == "₽60k" and board["currency"]["format"] == "₽{amount}k"
    assert board["name"] == "Moscow" and "Brown" in [g["name"] for g in board["groups"]]
    assert not CYRILLIC.search(json.dumps(board, ensure_ascii=False))
    ru = client.get("/api/web/board", params={"ruleset": "hasbro-ru", "lang": "ru"}).json()
    assert ru["squares"][0]["name"] == "Вперёд (Старт)" and ru["squares"][1]["price"] == "60 тыс. ₽"
    assert client.get("/api/web/board", params={"ruleset": "nonesuch"}).status_code == 422


def test_meta_lists_what_a_game_is_made_of(client):
    meta = client.get("/api/web/meta", params={"lang": "ru"}).json()
    assert {r["id"] for r in meta["rulesets"]} == set(ruleset_names())
    odessa = next(r for r in meta["rulesets"] if r["id"] == "odessa")
    assert odessa["name"] == "Одесская Монополия" and odessa["summary"] and "starting_cash" in odessa["options"]
    assert "advisor" in meta["strategies"] and meta["testing"] is True


def test_meta_describes_the_tables_options_from_the_lobbys_model(client):
    """The create form's options (and their bounds) come from the lobby's own model: a bound changed
    there changes the form; each option has its words in every language."""
    options = {o["name"]: o for o in client.get("/api/web/meta").json()["lobby_options"]}
    assert options == {
        "budget_minutes": {"name": "budget_minutes", "type": "number", "default": None, "above": 0, "max": 600},
        "absent_bot": {"name": "absent_bot", "type": "boolean", "default": True},
        "absent_seconds": {"name": "absent_seconds", "type": "number", "default": 60, "min": 10, "max": 600},
        "autostart": {"name": "autostart", "type": "boolean", "default": True},
        "auto_claim_people": {"name": "auto_claim_people", "type": "boolean", "default": False},
        "claim_seconds": {"name": "claim_seconds", "type": "number", "default": 6, "min": 0, "max": 30},
    }
    for lang in LANGUAGES:
        words = client.get(f"/api/web/words/{lang}").json()
        assert all(words[f"web.option.{name}"] for name in options), lang
    assert client.get("/api/web/words/pl").json()["web.option.autostart"].startswith("Zacznij")


def test_the_card_of_a_square_follows_the_game(client):
    made = create(
        client,
        seats=[{"kind": "person"}, {"kind": "person"}],
        name="Ann",
        dice=[[1, 2]],
        first_player=0,
        edition="classic-us",
    )
    code = made["code"]
    joined = client.post(f"/api/games/{code}/join", json={"name": "Bob"}).json()
    assert client.get(f"/api/games/{code}/card/3").json()["owner"].startswith("For sale")
    ann = Player(client, code, made["token"])
    ann.send({"type": "act", "action": {"type": "roll"}, "version": ann.view["version"]})
    ann.read_until(lambda m: m["type"] == "update" and m["decision"]["kind"] == "buy")
    ann.send({"type": "act", "action": {"type": "buy"}, "version": ann.view["version"]})
    ann.read_until(lambda m: m["type"] == "update" and m["state"]["owner"][3] == 0)
    card = client.get(f"/api/games/{code}/card/3", params={"lang": "ru"}).json()
    assert card["owner"].startswith("Владелец") and "Ann" in card["owner"]
    assert any(r["current"] for r in card["rows"]) and card["color"]
    assert client.get(f"/api/games/{code}/card/0").json()["kind"] == "go"
    assert client.get(f"/api/games/{code}/card/99").status_code == 422
    # the trade composer: Bob may offer Ann cash, ask for Baltic Avenue (3), give nothing he lacks
    r = client.get(f"/api/games/{code}/trade", headers={"Authorization": f"Bearer {joined['token']}"})
    options = r.json()
    assert options["seat"] == 1 and options["partners"] == [{"seat": 0, "give": [], "take": [3]}]
    assert client.get(f"/api/games/{code}/trade").status_code == 401
    assert client.get(f"/api/games/{code}/trade", headers={"Authorization": "Bearer nope"}).status_code == 403


@pytest.mark.parametrize(
    "ruleset, lang, board",
    [
        ("hasbro-ru", "en", "classic-us"),
        ("hasbro-ru", "pl", "warsaw"),
        ("hasbro-ru", "ru", "moscow"),
        ("hasbro-ru", None, "moscow"),  # the API without a language: the rules' own board
        ("digital", "en", "moscow-digital"),  # rules with a board of their own keep it in every language
        ("odessa", "pl", "odessa"),
    ],
)
def test_a_game_without_a_board_is_on_the_board_of_the_creators_language(client, ruleset, lang, board):
    """The terminal's rule (editions.choice.board_for): the lobby offered Moscow's Cyrillic streets
    to an English or Polish player, whatever the page's language."""
    from landlords.editions.choice import board_for
    from landlords.rules import get_ruleset

    assert board_for(get_ruleset(ruleset), lang or "") == board  # the same rule as the terminal's
    made = create(client, ruleset=ruleset, **({"lang": lang} if lang else {}))
    assert client.get(f"/api/games/{made['code']}").json()["edition"] == board
    if lang:  # the lobby page names the board it will use
        meta = client.get("/api/web/meta", params={"lang": lang}).json()
        assert next(r for r in meta["rulesets"] if r["id"] == ruleset)["board"] == board
    # a board asked for is kept
    made = create(client, ruleset=ruleset, edition="london", **({"lang": lang} if lang else {}))
    assert client.get(f"/api/games/{made['code']}").json()["edition"] == "london"


def test_an_unknown_language_for_the_board_is_refused(client):
    r = client.post("/api/games", json={"lang": "de"})
    assert r.status_code == 422 and r.json()["detail"] == "lang 'de': must be one of en, ru, pl"


def test_static_assets_are_versioned_and_kept(client):
    """Every /static URL of a page carries its content's hash and is kept a year (immutable); the
    modules' own imports are versioned by the page's import map; an unversioned URL revalidates by
    its ETag (304)."""
    html = client.get("/g/ABCDEF").text
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert urls and all(re.search(r"\?v=[0-9a-f]{12}$", u) for u in urls), urls
    imports = json.loads(re.search(r'<script type="importmap">(.*?)</script>', html).group(1))["imports"]
    assert set(imports) == {f"/static/js/{p.name}" for p in (STATIC / "js").glob("*.js")}
    assert html.index('type="importmap"') < html.index('type="module"')  # before any module loads
    kept = client.get(imports["/static/js/api.js"])
    assert kept.status_code == 200 and kept.headers["cache-control"] == "public, max-age=31536000, immutable"
    plain = client.get("/static/js/api.js")
    assert plain.headers["cache-control"] == "no-cache" and plain.headers["etag"]
    again = client.get("/static/js/api.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert imports["/static/js/api.js"].endswith(
        __import__("hashlib").sha256((STATIC / "js" / "api.js").read_bytes()).hexdigest()[:12]
    )
