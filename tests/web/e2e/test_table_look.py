"""How the table looks in a real browser: no empty panel is drawn; a colour group's badge ("1/3") is
readable on every group's colour; the net-worth chart's axis writes money as the page does, in the
game's currency; the squares of the board's side columns carry their kind's mark ("?", "$") as the
top and bottom rows do. Ann and Bob play on the Moscow board, whose amounts are already in thousands
("1500 тыс. ₽", "₽1500k" to these English readers): Ann rolls 2+4 and buys the light-blue Варшавское шоссе."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from landlords.editions import edition_names, load_edition
from landlords.rules import get_ruleset, ruleset_names

from .helpers import Person, desk, expect, expect_no_empty_panel

pytestmark = pytest.mark.slow

# WCAG 2's contrast ratio of an element's text colour on its background colour
CONTRAST = """
const channels = (c) => c.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
  .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
const lum = (c) => { const [r, g, b] = channels(c); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const contrast = (el) => {
  const s = getComputedStyle(el);
  const [a, b] = [lum(s.color), lum(s.backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
};
"""


@pytest.fixture
def people(browser, server):
    ctx = [desk(browser), desk(browser)]
    yield Person(ctx[0], "Ann", server), Person(ctx[1], "Bob", server)
    for c in ctx:
        c.close()


def test_the_table_looks_right(people, shots):
    ann, bob = people
    code = ann.create(["person", "person"], edition="moscow", query="dice=2,4&first_player=0")
    expect(ann.page.locator("#join")).to_be_visible()
    expect_no_empty_panel(ann)  # waiting for players: no decision yet, no empty box under the list
    bob.join(code)
    ann.click_act("roll")
    ann.click_act("buy")
    ann.click_act("end_turn")
    bob.wait_act("roll")
    for p in (ann, bob):
        expect_no_empty_panel(p)
    page = ann.page
    page.screenshot(path=str(shots / "70-table-look.png"), full_page=True)

    # the badge of Ann's light blue (1/3): readable, as is every group's colour of every board
    badge = page.locator('.player[data-seat="0"] .chip')
    expect(badge).to_have_text("1/3")
    assert page.evaluate(f"(el) => {{ {CONTRAST} return contrast(el); }}", badge.element_handle()) >= 4.5
    colours = sorted({g.color for e in edition_names() for g in load_edition(e).groups.values()})
    low = page.evaluate(
        f"""async (colours) => {{ {CONTRAST}
        const {{ chip }} = await import("/static/js/colour.js");
        const out = [];
        for (const colour of colours) {{
          const el = chip(colour, "1/3");
          document.body.append(el);
          if (contrast(el) < 4.5) out.push([colour, contrast(el)]);
          el.remove();
        }}
        return out; }}""",
        colours,
    )
    assert "#AAE0FA" in colours and "#FEF200" in colours and low == []

    # the chart's axis: whole amounts in the board's currency, as the legend and the panels write them
    with urllib.request.urlopen(f"{ann.base}/api/games/{code}/worth") as r:
        frames = json.load(r)["frames"]
    now = ann.state()["net_worth"]
    top = max(1, *now, *(v for f in frames for v in f["worth"]))
    amounts = page.locator("#worth svg.worth-chart .axes text")
    expect(amounts.nth(0)).to_have_text(f"₽{top}k")  # the English reader's words for the edition's money
    expect(amounts.nth(1)).to_have_text(re.compile(r"^₽\d+k$"))
    assert "K" not in page.inner_text("#worth") and "kk" not in page.inner_text("#worth")
    left = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('#worth .axes text')].map((t) => t.getBBox().x))"
    )
    assert left >= 0  # the amounts fit in the chart
    # the longest amounts of any board ("2,100,000 $" on moscow-digital) fit as well
    left = page.evaluate(
        """async () => {
        const { worthChart } = await import("/static/js/chart.js");
        const { money } = await import("/static/js/money.js");
        const board = await (await fetch("/api/web/board?ruleset=digital&lang=en")).json();
        const fmt = (v) => money(board, v, "en");
        const frames = [{ turn: 1, worth: [1500, 2100] }, { turn: 2, worth: [0, 2100] }];
        const svg = worthChart(frames, ["A", "B"], { fmt });
        const box = document.createElement("div");
        box.style.width = "320px";
        box.append(svg);
        document.body.append(box);
        const texts = [...svg.querySelectorAll(".axes text")];
        const out = [texts[0].textContent, Math.min(...texts.map((t) => t.getBBox().x))];
        box.remove();
        return out; }"""
    )
    assert left[0] == "2,100,000 $" and left[1] >= 0

    # every square's mark, the side columns' too, inside its square and clear of its other words
    side = page.evaluate(
        """() => [...document.querySelectorAll("svg.board g.square")]
        .filter((g) => g.querySelector("text.mark") && g.querySelector("rect.cell").getAttribute("height") < 96)
        .length"""
    )
    assert side >= 4  # Общественная казна, Шанс, Сверхналог on the left and right
    boards = []
    for edition in edition_names():
        ruleset = next((r for r in ruleset_names() if get_ruleset(r).edition == edition), "hasbro-ru")
        boards.append(f"/api/web/board?ruleset={ruleset}&edition={edition}&lang=en")
    problems = page.evaluate(
        """async (boards) => {
        const { Board } = await import("/static/js/board.js");
        const out = [];
        for (const url of boards) {
          const json = await (await fetch(url)).json();
          const host = document.createElement("div");
          host.style.width = "800px";
          document.body.append(host);
          const board = new Board(host, json);
          for (const sq of json.squares.filter((s) => s.mark)) {
            const g = board.svg.querySelector(`g.square[data-index="${sq.index}"]`);
            const marks = [...g.querySelectorAll("text.mark")];
            if (marks.length !== 1 || marks[0].textContent !== sq.mark) {
              out.push([json.edition, sq.index, "no mark"]);
              continue;
            }
            const m = marks[0].getBBox();
            const [x, y, w, h] = sq.box;
            if (m.x < x || m.y < y || m.x + m.width > x + w || m.y + m.height > y + h) {
              out.push([json.edition, sq.index, "outside"]);
            }
            // a text's box is its line (1.2 font sizes): stacked lines touch, as the picture draws them
            for (const t of g.querySelectorAll("text:not(.mark)")) {
              const b = t.getBBox();
              const across = Math.min(b.x + b.width, m.x + m.width) - Math.max(b.x, m.x);
              const down = Math.min(b.y + b.height, m.y + m.height) - Math.max(b.y, m.y);
              if (across > 0 && down > 0.25 * Math.min(b.height, m.height)) {
                out.push([json.edition, sq.index, "overlaps " + t.textContent]);
              }
            }
          }
          host.remove();
        }
        return out; }""",
        boards,
    )
    assert problems == []
    ann.expect_no_errors()
    bob.expect_no_errors()


def test_a_groups_lots_wrap_after_their_badge(browser, server, shots):
    """A seat's lots of one group stand after the group's badge, also when they wrap on a narrow
    screen. They were separated by commas in the text flow, so a wrapped line could begin with a
    comma of its own. Ann buys Варшавское шоссе and Первая Парковая улица (2+4, then 1+2)."""
    ctx = [desk(browser, "ru-RU", width=340), desk(browser)]
    try:
        ann, bob = Person(ctx[0], "Ann", server), Person(ctx[1], "Bob", server)
        code = ann.create(["person", "person"], edition="moscow", query="dice=2,4%201,2%201,2&first_player=0")
        bob.join(code)
        ann.click_act("roll")
        ann.click_act("buy")
        ann.click_act("end_turn")
        bob.click_act("roll")
        bob.click_act("buy")
        bob.click_act("end_turn")
        ann.click_act("roll")
        ann.click_act("buy")
        page = ann.page
        row = page.locator('.player[data-seat="0"] .holdings li', has_text="2/3")
        expect(row).to_have_count(1)
        page.screenshot(path=str(shots / "71-lots-wrapped.png"), full_page=True)
        names = [load_edition("moscow").squares[sq].name for sq in (6, 9)]  # Ann reads Russian: the long names
        assert row.inner_text().split() == ["2/3", *" ".join(names).split()]  # nothing between the lots
        boxes = row.evaluate(
            """(li) => [li.querySelector('.chip'), ...li.querySelectorAll('button.lot')]
            .map((el) => { const r = el.getBoundingClientRect(); return [r.left, r.right, r.top]; })"""
        )
        badge, lots = boxes[0], boxes[1:]
        assert len(lots) == 2 and lots[1][2] > lots[0][2]  # on this screen the second lot wraps
        assert all(left >= badge[1] for left, _, _ in lots)  # every line of lots starts after the badge
        ann.expect_no_errors()
    finally:
        for c in ctx:
            c.close()
