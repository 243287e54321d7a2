"""The installed ``landlords`` program in a pseudo-terminal (pexpect), as a person drives it: keys
typed at its prompts, its screen read back with the escape sequences removed (shared by the tests
that play whole games in the terminal)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

EXE = Path(sys.executable).parent / "landlords"
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78M]")
PROMPT = "›"  # every prompt of the game ends with it


class Screen:
    """The program in a pseudo-terminal; ``text`` is what it showed, escape sequences removed."""

    def __init__(
        self, args: list[str], tmp: Path, env: dict[str, str] | None = None, size: tuple[int, int] = (50, 140)
    ) -> None:
        environ = dict(os.environ, XDG_STATE_HOME=str(tmp), TERM="xterm-256color", **(env or {}))
        self.child = pexpect.spawn(str(EXE), args, env=environ, encoding="utf-8", dimensions=size, timeout=30)
        self.child.delaybeforesend = None
        self.raw = ""
        self.text = ""
        self.pos = 0  # where the next expectation starts looking

    def _read(self) -> None:
        chunk = self.child.read_nonblocking(65536, timeout=30)
        self.raw += chunk
        cut = self.raw.rfind("\x1b")
        keep = ""
        if cut >= 0 and not ANSI.match(self.raw, cut) and len(self.raw) - cut < 40:
            self.raw, keep = self.raw[:cut], self.raw[cut:]  # an escape sequence split by the read
        self.text += ANSI.sub("", self.raw).replace("\r", "")
        self.raw = keep

    def expect(self, pattern: str, literal: bool = True) -> re.Match:
        regex = re.compile(re.escape(pattern) if literal else pattern)
        while True:
            m = regex.search(self.text, self.pos)
            if m:
                self.pos = m.end()
                return m
            try:
                self._read()
            except pexpect.EOF:
                raise AssertionError(
                    f"the program ended before showing {pattern!r}:\n{self.text[-3000:]}"
                ) from None
            except pexpect.TIMEOUT:
                raise AssertionError(f"no {pattern!r} on the screen:\n{self.text[-3000:]}") from None

    def type(self, line: str) -> None:
        """Wait until the game asks, type a line, and wait until the terminal shows it typed."""
        self.expect(PROMPT)
        self.send(line)

    def send(self, line: str) -> None:
        self.child.sendline(line)
        self.expect(PROMPT + r" ?" + re.escape(line) + r"[ \t]*\n", literal=False)

    def choose(self, label: str) -> None:
        """Type the number of the menu line that shows ``label`` (in the menu just printed)."""
        self.expect(PROMPT)
        start = self.text.rfind("\n\n", 0, self.pos)
        menu = self.text[start : self.pos]
        m = re.search(r"^\s*(\d+)  " + re.escape(label), menu, re.M)
        assert m, f"no {label!r} in the menu:\n{menu}"
        self.send(m.group(1))

    def item(self, label: str) -> str:
        """The number of the trade builder's line that shows ``label`` (on the screen just printed;
        the prompt is left for the next ``type``)."""
        prompt = self.expect(PROMPT)
        self.pos = prompt.start()
        screen = self.text[self.text.rfind("\n\n", 0, self.pos) : self.pos]
        m = re.findall(r"^\s*(\d+) \[.\] " + re.escape(label), screen, re.M)
        assert m, f"no {label!r} in the builder:\n{screen}"
        return m[-1]

    def finish(self) -> int:
        self.child.expect(pexpect.EOF, timeout=60)
        self.text += ANSI.sub("", self.child.before or "").replace("\r", "")
        self.child.close()
        return self.child.exitstatus
