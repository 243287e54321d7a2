"""The README's Python examples run as written, and its samples of output are what the program prints."""

from __future__ import annotations

import contextlib
import io
import json
import re

from support import ROOT

README = ROOT / "README.md"
# `print(...)  # what it prints` (a comment of "e.g." or a description is no sample)
PRINTED = re.compile(r"^print\(.*\)\s+# (.+)$", re.M)


def test_readme_python_examples_run(tmp_path, monkeypatch):
    """Each block runs; where a print's comment shows what it prints, it does print that ("..."
    stands for a part left out). A comment once showed 'Бот 1 платит Ане 30 руб.' long after the
    amount came first."""
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), namespace)
        for sample in PRINTED.findall(block):
            if sample.startswith(("e.g.", "the ")):
                continue
            parts = [p.strip() for p in sample.split("...") if p.strip(" ,")]
            assert parts and all(p.strip(" ,") in out.getvalue() for p in parts), (sample, out.getvalue()[:2000])


# ---------------------------------------------------------------- the terminal's sample
SAMPLE_POSITION = 'moscow hasbro-ru | Аня 425 @25 6h1,8,9,15,25 | "Бот 1" 1755 @15 | turn=0 round=2'
SAMPLE_SCRIPT = [[2, 3], [1, 2]]
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]")


def terminal_sample() -> list[str]:
    """The README's sample of `landlords play`, line by line (the ```text block after 'A game in
    progress')."""
    text = README.read_text(encoding="utf-8")
    intro = text.index("A game in progress")
    start = text.index("```text\n", intro) + len("```text\n")
    return text[start : text.index("```", start)].rstrip("\n").split("\n")


def terminal_sample_says_how() -> bool:
    """Whether the sample's introduction gives the position and the rolls the test plays."""
    text = README.read_text(encoding="utf-8")
    intro = text[text.index("A game in progress") :][:800]
    return SAMPLE_POSITION in intro and "[[2, 3], [1, 2]]" in intro and "--position jail.json" in intro


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
    (tmp_path / "jail.json").write_text(json.dumps(position, ensure_ascii=False), encoding="utf-8")
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
    """Every line of the README's sample game, in order, as `landlords play` prints it in a terminal
    100 columns wide. It once read 'Аня отправляется в тюрьму (попал на поле «Отправляйтесь в
    тюрьму»)', long after the program said otherwise."""
    screen = play_in_a_terminal(tmp_path, [("Бросить кубики", "1"), ("попыток уже", "q")])
    screen = [re.sub(r"^(Аня ›\s*)+", "Аня › ", line) for line in screen]  # the prompt, drawn again
    at = 0
    for line in terminal_sample():
        want = line.rstrip()
        found = next((i for i in range(at, len(screen)) if screen[i] == want), None)
        assert found is not None, f"not printed (after line {at}): {want!r}\n" + "\n".join(screen[at : at + 40])
        at = found + 1
    assert terminal_sample_says_how()
