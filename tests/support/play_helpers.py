"""Driving the terminal game in-process (shared by the play tests): a scripted person types into
the same ``PlayApp`` that ``landlords play`` runs, and the test reads the screen back."""

from __future__ import annotations

import re
from pathlib import Path

from landlords.play.app import PlayApp
from landlords.play.terminal import ScriptedTerminal


def play(game, controllers, lines, lang="en", tmp: Path | None = None, width=120, height=50, **kw):
    """Run ``game`` with ``lines`` typed at its prompts (EOF when they run out: the game is saved
    and the program says how to resume). Returns what the screen showed and the app."""
    term = ScriptedTerminal(lines, width=width, height=height)
    path = (tmp or Path("/tmp")) / f"play-{id(term)}.json"
    app = PlayApp(game, controllers, lang, path, pace=0, terminal=term, **kw)
    app.run()
    return term.output(), app


class Reader(ScriptedTerminal):
    """A person who reads what the game printed since the last question and answers by ``answer``
    (subclasses); the game ends (EOF) after ``limit`` questions."""

    def __init__(self, limit: int, width: int = 120) -> None:
        super().__init__([], width=width)
        self.mark = 0
        self.left = limit

    def answer(self, recent: str) -> str:
        raise NotImplementedError

    def ask(self, message, words=()):
        out = self.output()
        recent, self.mark = out[self.mark :], len(out)
        self.left -= 1
        if self.left < 0:
            raise EOFError
        answer = self.answer(recent)
        self.console.file.write(f"{message} › {answer}\n")
        return answer


class Auto(Reader):
    """Always the first numbered choice (or the first letter, when there is none)."""

    def __init__(self, limit: int = 5000) -> None:
        super().__init__(limit)

    def answer(self, recent: str) -> str:
        if re.search(r"^\s+1  ", recent, re.M):
            return "1"
        m = re.search(r"^ ([a-z]) \S", recent, re.M)
        return m.group(1) if m else ""
