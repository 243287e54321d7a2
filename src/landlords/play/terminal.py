"""Input and output: rich for what is shown, prompt_toolkit for what is typed.

A real terminal gets prompt_toolkit's line editing, history and Tab completion of the menu keys;
anything else (a pipe, a script) gets plain line input, so the game also runs with no terminal
features at all. Cursor-position requests are switched off: terminals driven by pexpect never
answer them.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable

from rich.console import Console

PROMPT_MARK = "›"


class Terminal:
    """Where the game prints and reads. Tests substitute :class:`ScriptedTerminal`."""

    def __init__(self, console: Console | None = None) -> None:
        # markup off: names and messages are text, never markup ("[bold]Eve[/]" prints as typed)
        self.console = console or Console(highlight=False, soft_wrap=False, markup=False)
        self._session = None
        if sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty():
            os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import InMemoryHistory

            self._session = PromptSession(history=InMemoryHistory())

    @property
    def width(self) -> int:
        return self.console.width

    @property
    def height(self) -> int:
        return self.console.height

    def print(self, *items: object, **kwargs: object) -> None:
        self.console.print(*items, **kwargs)

    def ask(self, message: str, words: Iterable[str] = ()) -> str:
        """One line from the player after ``message ›`` (raises EOFError / KeyboardInterrupt when
        they leave). Every prompt ends with the same mark, so a script driving the game knows when
        the game waits."""
        message = f"{message} {PROMPT_MARK} "
        if self._session is not None:
            from prompt_toolkit.completion import WordCompleter

            choices = sorted(set(words))
            completer = WordCompleter(choices, ignore_case=True, sentence=True) if choices else None
            return self._session.prompt(message, completer=completer, complete_while_typing=False).strip()
        self.console.file.write(message)
        self.console.file.flush()
        if sys.stdin is None:  # started with stdin closed (`<&-`): nobody can answer
            raise EOFError
        raw = sys.stdin.buffer.readline() if hasattr(sys.stdin, "buffer") else sys.stdin.readline().encode()
        if not raw:
            raise EOFError
        return raw.decode("utf-8", "replace").strip()  # bytes that are not UTF-8 are typed as "?"

    def pause(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class ScriptedTerminal(Terminal):
    """A terminal whose player types the given lines (for tests of the screens themselves)."""

    def __init__(self, lines: Iterable[str], width: int = 100, height: int = 50) -> None:
        import io

        super().__init__(
            Console(
                file=io.StringIO(), width=width, height=height, highlight=False, color_system=None, markup=False
            )
        )
        self._session = None
        self.lines = list(lines)

    def ask(self, message: str, words: Iterable[str] = ()) -> str:
        self.console.file.write(f"{message} {PROMPT_MARK} ")
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.console.file.write(line + "\n")
        return line

    def output(self) -> str:
        return self.console.file.getvalue()

    def pause(self, seconds: float) -> None:
        pass
