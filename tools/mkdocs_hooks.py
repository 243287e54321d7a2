"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks:``): the rules pages, one per ruleset,
written at every build from the rulesets' own option data, so they never go stale.

Each page holds the ruleset's description, its summary for players and every option (the key
``--rule`` takes, the ruleset's value, what it means and the seed line it comes from) in each
language whose catalog has the words: the same words as ``landlords rules RULESET --lang LANG``
(landlords.cli.ruleshow), as Markdown instead of a terminal's blocks. The pages are added to the
nav after ``playing/rules/index.md``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "src") not in sys.path:  # a checkout without an install builds its docs too
    sys.path.insert(0, str(ROOT / "src"))

if TYPE_CHECKING:  # rules_page needs no MkDocs (the tests call it without)
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files

RULES_DIR = "playing/rules"
INDEX = f"{RULES_DIR}/index.md"
LANGS = {"en": "English", "ru": "Русский", "pl": "Polski"}


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


def rules_page(ruleset_id: str) -> str:
    """The Markdown page of one ruleset: a tab per language, the options as a table."""
    from landlords import get_ruleset
    from landlords.cli.ruleshow import option_doc, seed_words, show_value
    from landlords.describe.rulesets import ruleset_name, summary
    from landlords.engine.ruleset import Ruleset
    from landlords.i18n import has, tr

    r = get_ruleset(ruleset_id)
    out = [
        f"# {ruleset_name(r, 'en')} (`{r.id}`)",
        "",
        f"Board: `{r.edition}`. Play it with `landlords play --ruleset {r.id}`; change any option with "
        "`--rule KEY=VALUE`. This page is generated from the ruleset's own data at every build of the "
        f"site: `landlords rules {r.id} --lang LANG` prints the same.",
        "",
    ]
    for lang, language in LANGS.items():
        out.append(f'=== "{language}"')
        out.append("")
        body: list[str] = []
        about_key = f"ruleset.about.{r.id}"
        about = tr(lang, about_key) if has(lang, about_key) else r.description
        body.append(f"**{ruleset_name(r, lang)}**: {seed_words(about, lang)}")
        body.append("")
        for line in summary(r, lang):
            body.append(f"- {line}")
        body.append("")
        body.append(tr(lang, "cli.rules.how"))
        body.append("")
        body.append("| `--rule` | = | |")
        body.append("|---|---|---|")
        for f in Ruleset.options():
            about = option_doc(lang, f.name, f.metadata.get("doc", ""))
            source = r.source_of(f.name)
            if source and has(lang, f"source.{source}"):
                source = tr(lang, f"source.{source}")
            if source:
                about += f" [{seed_words(source, lang)}]"
            value = show_value(getattr(r, f.name))
            body.append(f"| `{f.name}` | `{_cell(value)}` | {_cell(seed_words(about.strip(), lang))} |")
        out.extend(("    " + line) if line else "" for line in body)
        out.append("")
    return "\n".join(out)


def _nav_entries() -> list[dict[str, str]]:
    from landlords import get_ruleset, ruleset_names

    return [{f"{rid} ({get_ruleset(rid).edition})": f"{RULES_DIR}/{rid}.md"} for rid in ruleset_names()]


def _add_to_nav(nav: Any) -> bool:
    """Put the generated pages after the rules index, wherever the nav has it."""
    if isinstance(nav, list):
        for i, item in enumerate(nav):
            if item == INDEX or (isinstance(item, dict) and INDEX in item.values()):
                nav[i + 1 : i + 1] = _nav_entries()
                return True
            if _add_to_nav(item):
                return True
    elif isinstance(nav, dict):
        return any(_add_to_nav(v) for v in nav.values())
    return False


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    if config.nav is not None and not _add_to_nav(config.nav):
        raise ValueError(f"mkdocs.yml: the nav names no {INDEX}, after which the rules pages go")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    from mkdocs.structure.files import File

    from landlords import ruleset_names

    for rid in ruleset_names():
        files.append(File.generated(config, f"{RULES_DIR}/{rid}.md", content=rules_page(rid)))
    return files
