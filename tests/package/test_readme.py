"""The examples of the README and of the documentation site (docs/) run as written, and their samples
of output are what the program prints.

One piece serves both: every ```python block of a page runs (the page's blocks in order, in one
namespace, in a scratch folder); a ```sh block after a ``<!-- test: run -->`` comment runs in a
shell; every other ``landlords`` command of a ```sh block is parsed by the command line itself (its
subcommands and options must exist), and a file it reads must be one the repository ships or one
that an earlier example on the same page writes."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from support import ROOT

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
TERMINAL_PAGE = ROOT / "docs" / "playing" / "terminal.md"
# `print(...)  # what it prints` (a comment of "e.g." or a description is no sample)
PRINTED = re.compile(r"^print\(.*\)\s+# (.+)$", re.M)
FENCE = re.compile(r"(<!-- test: run -->\n)?```(\w+)[^\n]*\n(.*?)```", re.S)
# options whose value is a file (or folder) the command writes
WRITES = {"--record", "--save", "--out", "--plot", "--board"}
FILE = re.compile(r"^[\w./-]+\.(json|toml|npz)$")


def blocks(page: Path) -> list[tuple[str, str, bool]]:
    """``(language, code, run)`` for every fenced block of a page, in order."""
    text = page.read_text(encoding="utf-8")
    return [(m.group(2), m.group(3), bool(m.group(1))) for m in FENCE.finditer(text)]


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", [p for p in PAGES if any(b[0] == "python" for b in blocks(p))], ids=_name)
def test_python_examples_run(page, tmp_path, monkeypatch):
    """Each block runs; where a print's comment shows what it prints, it does print that ("..."
    stands for a part left out). A comment once showed 'Бот 1 платит Ане 30 руб.' long after the
    amount came first."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    namespace: dict = {}
    for language, block, _ in blocks(page):
        if language != "python":
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, _name(page), "exec"), namespace)
        for sample in PRINTED.findall(block):
            if sample.startswith(("e.g.", "the ")):
                continue
            parts = [p.strip() for p in sample.split("...") if p.strip(" ,")]
            assert parts and all(p.strip(" ,") in out.getvalue() for p in parts), (sample, out.getvalue()[:2000])


def commands(block: str) -> list[list[str]]:
    """The ``landlords`` commands of a shell block, as argument lists (``&&`` and ``;`` split them)."""
    found = []
    for line in block.splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        command: list[str] = []
        for word in [*words, "&&"]:
            if word in ("&&", ";", "|", ">"):
                if command[:1] == ["landlords"]:
                    found.append(command[1:])
                command = [] if word != ">" else ["(output)"]
            else:
                command.append(word)
    return found


def parse(args: list[str]) -> None:
    """Parse a command line as ``landlords`` would, without running it: an unknown command or option
    raises. Values are not converted (a placeholder such as HOST is fine)."""
    from landlords.cli.main import main

    command: click.Command = main
    known = {"--help", "-h"}
    ctx = command.make_context("landlords", list(args), resilient_parsing=True)
    while isinstance(command, click.Group):
        rest = [*ctx._protected_args, *ctx.args]
        if not rest:
            return
        name, sub, rest = command.resolve_command(ctx, rest)
        assert sub is not None, f"landlords has no command {name!r}"
        command = sub
        ctx = command.make_context(name, list(rest), parent=ctx, resilient_parsing=True)
    for param in command.params:
        known.update(getattr(param, "opts", ()), getattr(param, "secondary_opts", ()))
    for word in args[: args.index("--") if "--" in args else len(args)]:
        if word.startswith("-") and not re.fullmatch(r"-[\d.]+%?", word):
            assert word.split("=")[0] in known, f"{command.name} has no option {word!r}"


def shell_examples() -> list[tuple[Path, int, str, bool]]:
    return [
        (page, i, code, run) for page in PAGES for i, (lang, code, run) in enumerate(blocks(page)) if lang == "sh"
    ]


@pytest.mark.parametrize("page", [p for p in PAGES if any(b[0] == "sh" for b in blocks(p))], ids=_name)
def test_shell_examples_name_real_commands_and_files(page):
    """Every ``landlords`` command of a page's shell examples is one the command line takes, and every
    file it reads exists: shipped by the repository, or written by an earlier example on the page
    (a record, a save, a Python block's ``record.save``)."""
    written: set[str] = set()
    for language, code, _ in blocks(page):
        if language == "python":
            written.update(re.findall(r"[\"']([\w./-]+\.(?:json|toml))[\"']", code))
            continue
        if language != "sh":
            continue
        for args in commands(code):
            try:
                parse(args)
            except (click.UsageError, AssertionError) as exc:
                raise AssertionError(f"{_name(page)}: landlords {shlex.join(args)}: {exc}") from exc
            for i, word in enumerate(args):
                if i and args[i - 1] in WRITES:
                    written.add(word)
                elif FILE.match(word) and not word.startswith("models/"):
                    assert word in written or (ROOT / word).exists(), (
                        f"{_name(page)}: landlords {shlex.join(args)} reads {word}, which no example writes "
                        "and the repository does not ship"
                    )


@pytest.mark.parametrize(
    "page,index,code",
    [(p, i, c) for p, i, c, run in shell_examples() if run],
    ids=lambda v: _name(v) if isinstance(v, Path) else str(v) if isinstance(v, int) else None,
)
def test_shell_examples_marked_to_run_run(page, index, code, tmp_path):
    """A shell example after ``<!-- test: run -->`` runs as written (``landlords`` the installed
    command of this Python), in a folder that holds the repository's examples/."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "landlords").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m landlords.cli.main "$@"\n')
    (bin_dir / "landlords").chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", COLUMNS="100")
    out = subprocess.run(
        ["sh", "-e", "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240
    )  # fmt: skip
    assert out.returncode == 0, (code, out.stdout[-2000:], out.stderr[-2000:])


def test_the_readmes_links_reach_files():
    """Every relative link of the README names a file of the repository (the site's own links are
    checked by ``mkdocs build --strict``)."""
    text = README.read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text) + re.findall(r'src="([^"]+)"', text)
    assert links
    for link in links:
        if "://" not in link:
            assert (ROOT / link).exists(), link


def test_the_readme_stays_a_front_door():
    """The README is short, and the set-up it shows works as typed: the environment is activated
    before a bare ``landlords``, and the test command does not reuse the first environment."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    setups = [code for lang, code, _ in blocks(README) if lang == "sh" and "python3 -m venv" in code]
    play = next(code for code in setups if "landlords play" in code)
    tests = next(code for code in setups if "pytest" in code)
    assert ". .venv/bin/activate" in play.split("landlords play")[0]
    for code in setups:  # every other environment is one of its own, never the compiled .venv
        if code is not play:
            assert " .venv/" not in code and "-m venv .venv " not in code, code
    assert ".venv-dev" in tests
    for word in ("Chromium", "PostgreSQL", "Redis", "30 minutes", "not slow"):
        assert word in text, word


# ---------------------------------------------------------------- the terminal's sample
SAMPLE_POSITION = 'moscow hasbro-ru | Аня 425 @25 6h1,8,9,15,25 | "Бот 1" 1755 @15 | turn=0 round=2'
SAMPLE_SCRIPT = [[2, 3], [1, 2]]
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]")


def terminal_sample(page: Path = TERMINAL_PAGE) -> list[str]:
    """A page's sample of `landlords play`, line by line (the ```text block after 'A game in')."""
    text = page.read_text(encoding="utf-8")
    intro = text.index("A game in")
    start = text.index("```text\n", intro) + len("```text\n")
    return text[start : text.index("```", start)].rstrip("\n").split("\n")


def terminal_sample_says_how() -> bool:
    """Whether the sample's introduction gives the position and the rolls the test plays."""
    text = TERMINAL_PAGE.read_text(encoding="utf-8")
    intro = text[text.index("A game in progress") :][:800]
    return SAMPLE_POSITION in intro and "[[2, 3], [1, 2]]" in intro and "--position examples/jail.json" in intro


def play_in_a_terminal(tmp_path, keys: list[tuple[str, str]], columns: int = 100) -> list[str]:
    """`landlords play` in a real pseudo-terminal ``columns`` wide: each ``(words, line)`` of ``keys``
    typed once ``words`` are on the screen with the prompt after them; the screen as lines, without
    the terminal's escapes."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import subprocess
    import sys
    import termios
    import time

    from landlords.position import from_notation

    position = from_notation(SAMPLE_POSITION)
    position["chance"] = {"seed": 7, "script": SAMPLE_SCRIPT}
    shipped = ROOT / "examples" / "jail.json"  # the file the page names: this position, these rolls
    assert json.loads(shipped.read_text(encoding="utf-8")) == position
    shutil.copy(shipped, tmp_path / "jail.json")
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 70, columns, 0, 0))
    args = ["play", "--lang", "ru", "--position", "jail.json", "--bots", "advisor", "--fast", "--save", "s.json"]
    env = dict(os.environ, TERM="xterm", LANG="ru_RU.UTF-8", COLUMNS=str(columns), LINES="70")
    proc = subprocess.Popen(
        [sys.executable, "-m", "landlords.cli.main", *args],
        stdin=child, stdout=child, stderr=child, cwd=tmp_path, env=env, start_new_session=True,
    )  # fmt: skip
    os.close(child)
    out = b""

    def read_until(words: str) -> None:
        nonlocal out
        end = time.monotonic() + 60
        marker, prompt = words.encode(), "Аня ›".encode()
        while marker not in out or prompt not in out[out.rindex(marker) :]:
            assert time.monotonic() < end, out.decode("utf-8", "replace")[-2000:]
            ready, _, _ = select.select([main], [], [], 0.5)
            if ready:
                try:
                    out += os.read(main, 65536)
                except OSError:
                    break

    try:
        for words, key in keys:
            read_until(words)
            time.sleep(0.3)  # the prompt is drawn and reads
            os.write(main, key.encode() + b"\r")
        proc.wait(timeout=60)
        while True:
            ready, _, _ = select.select([main], [], [], 0.5)
            if not ready:
                break
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    text = ESCAPES.sub("", out.decode("utf-8", "replace")).replace("\r", "")
    return [line.rstrip() for line in text.split("\n")]


def test_the_readme_sample_of_the_terminal_is_what_play_prints(tmp_path):
    """Every line of the sample game (docs/playing/terminal.md), and of the README's shorter one, in
    order, as `landlords play` prints it in a terminal
    100 columns wide. It once read 'Аня отправляется в тюрьму (попал на поле «Отправляйтесь в
    тюрьму»)', long after the program said otherwise."""
    screen = play_in_a_terminal(tmp_path, [("Бросить кубики", "1"), ("попыток уже", "q")])
    screen = [re.sub(r"^(Аня ›\s*)+", "Аня › ", line) for line in screen]  # the prompt, drawn again
    for page in (TERMINAL_PAGE, README):
        at = 0
        for line in terminal_sample(page):
            want = line.rstrip()
            found = next((i for i in range(at, len(screen)) if screen[i] == want), None)
            assert found is not None, f"{page.name}: not printed (after line {at}): {want!r}\n" + "\n".join(
                screen[at : at + 40]
            )
            at = found + 1
    assert terminal_sample_says_how()
