"""Small things players read, each once wrong: a payment whose amount followed a name ending in a
number ("Боту 1 6 тыс. ₽"), the docs' sample of it, the simulation table's raw dict of end
reasons, and the server's bots named in English at a Russian table."""

from __future__ import annotations

from click.testing import CliRunner
from support import ROOT
from support.server_helpers import create, make_client

import landlords
from landlords.cli.main import main
from landlords.engine import events as E
from landlords.i18n.bot_names import bot_name
from landlords.render.text import describe

TERMINAL_PAGE = ROOT / "docs" / "playing" / "terminal.md"


def test_an_amount_never_follows_a_name_that_ends_in_a_number():
    g = landlords.new_game("moscow", "hasbro-ru", players=["Борис", "Бот 1"], seed=1)
    vavilova = next(s.index for s in g.edition.squares if s.name == "Улица Вавилова")
    rent = E.Paid(0, 1, 6, "rent", 1)
    assert describe(g, rent, "ru") == "Борис платит 6 тыс. ₽ Боту 1 (аренда) за поле «Житная улица»"
    assert (
        describe(g, E.RentOwed(1, 0, 1, 6), "ru") == "Борис должен 6 тыс. ₽ аренды Боту 1 за поле «Житная улица»"
    )
    # the sample game of the terminal page says what the program says: «банку», the amount first
    line = describe(g, E.Paid(1, E.BANK, 180, "purchase", vavilova), "ru")
    assert line == "Бот 1 платит 180 тыс. ₽ банку (покупка) за поле «Улица Вавилова»"
    readme = TERMINAL_PAGE.read_text(encoding="utf-8")
    assert line in readme and "платит банк " not in readme


def test_the_simulation_table_shows_end_reasons_in_words():
    out = CliRunner().invoke(main, ["simulate", "--games", "3", "--players", "2", "--seed", "1"])
    assert out.exit_code == 0, out.output
    assert "{" not in out.output and "[" not in out.output
    assert "everyone else went bankrupt: 3" in out.output


def test_the_servers_bots_are_named_in_the_tables_language(tmp_path):
    assert bot_name("moscow", 3) == "Бот 3" and bot_name("classic-us", 3) == "Bot 3"
    client, _ = make_client(tmp_path)
    with client:
        seats = [{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}, {"kind": "person"}]
        made = create(client, name="Аня", edition="moscow", seats=seats)
        r = client.post(
            f"/api/games/{made['code']}/bots",
            json={"strategy": "baseline"},
            headers={"Authorization": f"Bearer {made['host_token']}"},
        )
        assert r.status_code == 200, r.text
        assert [s["name"] for s in r.json()["seats"]] == ["Аня", "Бот 2", "Бот 3"]
        us = create(client, name="Ann", edition="classic-us", seats=seats)
        info = client.get(f"/api/games/{us['code']}").json()
        assert [s["name"] for s in info["seats"]][1] == "Bot 2"
