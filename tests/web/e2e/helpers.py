"""What a person does on the pages, as the tests say it: open the lobby, create, join, click an
act and wait for the board to show its effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conftest import TIMINGS

try:
    from playwright.sync_api import expect
except ImportError:  # the `browser` fixture skips the tests (or fails them under CI)
    expect = None

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

TIMEOUT = 15_000
NAMES = ("Ann", "Bob", "Cy")


def desk(browser: Browser, locale: str = "en-US", width: int = 1280, height: int = 900) -> BrowserContext:
    """A desktop browser of one's own (a fresh context), without animations."""
    return browser.new_context(viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce")


def phone(browser: Browser, locale: str = "en-US") -> BrowserContext:
    """A phone's browser of one's own: 360 × 740, touch."""
    return browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale=locale
    )


def at_desks(browser: Browser, server: str, *locales: str) -> list[Person]:
    """Ann, Bob (and Cy): one person at a desktop browser of their own per locale given."""
    return [Person(desk(browser, locale), name, server) for name, locale in zip(NAMES, locales, strict=False)]


def sit_down(host: Person, *others: Person, **create: Any) -> str:
    """``host`` creates a game of people in the lobby, one seat each (``create`` as
    :meth:`Person.create` takes it), and the others join it by its link; returns its code."""
    code = host.create(["person"] * (1 + len(others)), **create)
    for person in others:
        person.join(code)
    return code


class Person:
    """One browser context (one person, or a spectator) at one table."""

    def __init__(self, context: BrowserContext, name: str | None, base: str) -> None:
        self.context = context
        self.name = name
        self.base = base
        self.page: Page = context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    # ------------------------------------------------------------ lobby
    def create(
        self,
        seats: list[str],
        ruleset: str = "hasbro-ru",
        edition: str = "",
        query: str = "",
        rules: str = "",
        timer: int = 0,
        private: bool = False,
        options: dict[str, bool | float] | None = None,
    ) -> str:
        """Create a game in the lobby form (seats: "person" or a bot strategy; ``options``: the
        table's options by name, a box ticked or a number typed); returns its code."""
        p = self.page
        p.goto(f"{self.base}/?{query}")
        p.fill("#your-name", self.name or "")
        p.select_option("#ruleset", ruleset)
        p.select_option("#edition", edition)
        if rules:
            p.fill("#house-rules", rules)
        if timer:
            p.fill("#timer", str(timer))
        if private:
            p.check("#private")
        for name, value in (options or {}).items():
            if isinstance(value, bool):
                p.set_checked(f"#option-{name}", value)
            else:
                p.fill(f"#option-{name}", str(value))
        while p.locator(".seat-row").count() > len(seats):
            p.locator(".seat-row button").last.click()
        while p.locator(".seat-row").count() < len(seats):
            p.click("#add-seat")
        for i, kind in enumerate(seats):
            if kind == "person":
                p.select_option(f"#seat-{i}-kind", "person")
            else:
                p.select_option(f"#seat-{i}-kind", "bot")
                p.select_option(f"#seat-{i}-strategy", kind)
        p.click("#create-button")
        p.wait_for_url("**/g/*")
        p.wait_for_selector("body[data-version] #board svg")
        return p.url.rsplit("/", 1)[1]

    def open(self, code: str) -> None:
        self.page.goto(f"{self.base}/g/{code}")
        self.page.wait_for_selector("body[data-version]")

    def join(self, code: str, from_lobby: bool = False) -> None:
        """Take a seat: by the game's link, or from the lobby's list of open games."""
        if from_lobby:
            self.page.goto(f"{self.base}/")
            self.page.locator(f'#games li[data-code="{code}"] a').first.click()
            self.page.wait_for_selector("body[data-version]")
        else:
            self.open(code)
        self.page.fill("#join-name", self.name or "")
        self.page.click("#join-button")
        self.page.wait_for_selector(".tag.you")

    # ------------------------------------------------------------ the table
    @property
    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or -1)

    def wait_version(self, at_least: int) -> None:
        self.page.wait_for_function(f"Number(document.body.dataset.version) >= {at_least}")

    def wait_act(self, kind: str, **fields: Any) -> None:
        """Until the act is offered (shown, or folded in its group of free acts)."""
        self.page.wait_for_selector(self._selector(kind, fields), state="attached")

    def _selector(self, kind: str, fields: dict[str, Any]) -> str:
        """Buttons of one act; ``fields`` (at most one) as the page wrote it in JSON, to its end."""
        sel = f'button.act[data-type="{kind}"]'
        if not fields:
            return sel
        ((k, v),) = fields.items()
        value = str(v).lower() if isinstance(v, bool) else v
        return ", ".join(f"""{sel}[data-action*='"{k}":{value}{end}']""" for end in (",", "}"))

    def click_act(self, kind: str, **fields: Any) -> int:
        """Click the act (an answer, or a free act in its group); wait until the board shows the
        new version; returns it."""
        sel = self._selector(kind, fields)
        button = self.page.locator(sel).first
        button.wait_for(state="attached")
        group = self.page.locator(f'#free-acts details[data-type="{kind}"]')
        if not button.is_visible() and group.count():
            group.first.locator("summary").click()
        before = self.version
        n = self.timings_count()
        button.click()
        self.page.wait_for_function(
            f"Number(document.body.dataset.version) > {before} && window.__timings.length > {n}"
        )
        TIMINGS.append(self.page.evaluate("window.__timings[window.__timings.length - 1]"))
        return self.version

    def timings_count(self) -> int:
        return self.page.evaluate("window.__timings.length")

    def bid(self, amount: int) -> int:
        before = self.version
        self.page.fill("#bid-amount", str(amount))
        self.page.click("#bid-button")
        self.wait_version(before + 1)
        return self.version

    def state(self) -> dict[str, Any]:
        """What the page holds (for checks the screen cannot show in one selector)."""
        return self.page.evaluate("window.__view && window.__view.state")

    def title(self) -> str:
        return self.page.inner_text("#decision-title")

    def expect_no_errors(self) -> None:
        assert not self.errors, self.errors

    def owner_frame(self, square: int):
        return self.page.locator(f'svg.board rect.owner[data-square="{square}"]')


def expect_owner(person: Person, square: int, seat: int) -> None:
    expect(person.owner_frame(square)).to_have_attribute("data-owner", str(seat))


def buy(person: Person, square: int, seat: int) -> int:
    """Wait for the offer to buy, take it, see the square framed as ``seat``'s; returns the version."""
    person.wait_act("buy")
    version = person.click_act("buy")
    expect_owner(person, square, seat)
    return version


def expect_explained(person: Person, explain: str, *facts: str) -> None:
    """The pending decision explained on ``person``'s page: its mechanic and these facts of it."""
    expect(person.page.locator("#decision-explain")).to_contain_text(explain)
    for fact in facts:
        expect(person.page.locator("#decision-facts")).to_contain_text(fact)


def keyboard_act(person: Person, kind: str, **fields: Any) -> int:
    """Reach the act with the Tab key alone and press Enter (the page is usable without a mouse)."""
    page = person.page
    sel = person._selector(kind, fields)
    page.wait_for_selector(sel)
    before = person.version
    page.locator("body").focus()
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate(f"!!document.activeElement && document.activeElement.matches({sel!r})"):
            break
    else:
        raise AssertionError(f"{kind} cannot be reached with the Tab key")
    page.keyboard.press("Enter")
    if kind != "declare_bankruptcy":  # that one asks first
        person.wait_version(before + 1)
    return before


# the panels drawn on the page (visible, with a box) that hold nothing: no text, no control, no picture
EMPTY_PANELS = """() => [...document.querySelectorAll(".panel")]
  .filter((el) => el.getClientRects().length && !el.textContent.trim()
    && !el.querySelector("button, input, select, svg, img"))
  .map((el) => el.id || el.className)"""


def expect_no_empty_panel(person: Person) -> None:
    """No empty white box on the page: a panel with nothing to show is not drawn."""
    empty = person.page.evaluate(EMPTY_PANELS)
    assert empty == [], f"empty panels drawn: {empty}"
