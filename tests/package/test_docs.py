"""The documentation site's generated pages: one rules page per ruleset, from the rulesets' own option
data (tools/mkdocs_hooks.py, run by ``mkdocs build``), with every option in every language. The
build itself, strict about links, pages and anchors, runs in .ci/run."""

from __future__ import annotations

import importlib.util

import pytest
from support import ROOT

import landlords
from landlords.engine.ruleset import Ruleset


def hooks():
    spec = importlib.util.spec_from_file_location("mkdocs_hooks", ROOT / "tools" / "mkdocs_hooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("ruleset", landlords.ruleset_names())
def test_each_ruleset_has_a_rules_page_with_every_option_in_three_languages(ruleset):
    page = hooks().rules_page(ruleset)
    r = landlords.get_ruleset(ruleset)
    for language in ("English", "Русский", "Polski"):
        assert f'=== "{language}"' in page
    for f in Ruleset.options():
        assert page.count(f"| `{f.name}` |") == 3, f.name
    assert "seed 00" in page, "no seed citation"
    assert f"`{r.edition}`" in page


def test_the_rules_pages_follow_the_rules_index_in_the_nav():
    module = hooks()
    nav = [{"Playing": [{"In the terminal": "playing/terminal.md"}, {"The rulesets": module.INDEX}]}]
    assert module._add_to_nav(nav)
    entries = nav[0]["Playing"][2:]
    assert [next(iter(e.values())) for e in entries] == [
        f"playing/rules/{r}.md" for r in landlords.ruleset_names()
    ]


def test_every_docs_page_is_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in (ROOT / "docs").rglob("*.md"):
        assert str(page.relative_to(ROOT / "docs")) in nav, page
