"""A terminal that shows what arrives from the server while the person types.

In a real terminal prompt_toolkit keeps the prompt at the bottom and draws every line printed from
the connection's thread above it (``patch_stdout``); without one, the prompt is written and the line
is read as soon as it is complete, the same lines appearing in between. When the question changes
under the main prompt (a bid came, the turn passed), :meth:`LiveTerminal.interrupt` ends that prompt
with :class:`QuestionChanged`, and the game asks the new question. Prompts of a sub-dialogue (an
amount, a trade's lots) are never interrupted: their act is checked by the server when sent.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import threading
from collections.abc import Callable, Iterable, Iterator

from ..terminal import PROMPT_MARK, Terminal


class QuestionChanged(Exception):
    """The main prompt was ended because the question it answers changed."""


class LiveTerminal(Terminal):
    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.RLock()  # one block of output at a time (a question, an update's events)
        self.changed = threading.Event()  # the question changed since the main prompt was shown
        self.main_prompt = False  # the prompt now read answers the question (it may be interrupted)
        self.dialogues = 0  # sub-dialogues open (an amount, a list, a trade's lots)
        self.side_line: Callable[[str], bool] | None = None  # takes a main prompt's line that is no answer
        self.typed = ""  # what was typed at a prompt that the question's change ended: offered again

    def print(self, *items: object, **kwargs: object) -> None:
        with self.lock:
            super().print(*items, **kwargs)

    @contextlib.contextmanager
    def live(self) -> Iterator[None]:
        """While playing: lines printed from another thread go above the prompt."""
        if self._session is None:
            yield
            return
        from prompt_toolkit.patch_stdout import patch_stdout

        with patch_stdout(raw=True):
            yield

    @contextlib.contextmanager
    def answering(self, main: bool) -> Iterator[None]:
        """The prompts inside answer the question (``main``) or belong to a sub-dialogue."""
        before, self.main_prompt = self.main_prompt, main
        self.dialogues += 0 if main else 1
        try:
            yield
        finally:
            self.main_prompt = before
            self.dialogues -= 0 if main else 1

    @property
    def in_dialogue(self) -> bool:
        """A sub-dialogue is open (its prompts are not ended when the question changes)."""
        return self.dialogues > 0

    def interrupt(self) -> None:
        """From the connection's thread: the question changed; end the main prompt if one is open."""
        self.changed.set()
        if not self.main_prompt or self._session is None:
            return  # a line read without a terminal looks at the flag itself
        app = self._session.app
        loop = getattr(app, "loop", None)
        if app.is_running and loop is not None:
            loop.call_soon_threadsafe(self._end_prompt)

    def _end_prompt(self) -> None:
        app = self._session.app
        if self.main_prompt and app.is_running and app.future is not None and not app.future.done():
            app.erase_when_done = True  # the unanswered prompt leaves no line behind
            self.typed = app.current_buffer.text  # ... and what was typed is offered at the next one
            app.exit(exception=QuestionChanged())

    def ask(self, message: str, words: Iterable[str] = ()) -> str:
        while True:
            line = self._ask(message, words)
            if not (self.main_prompt and self.side_line is not None and self.side_line(line)):
                return line

    def _ask(self, message: str, words: Iterable[str]) -> str:
        main = self.main_prompt
        if main and self.changed.is_set():
            raise QuestionChanged
        if self._session is None:
            return self._read_line(f"{message} {PROMPT_MARK} ", main)
        from prompt_toolkit.completion import WordCompleter

        choices = sorted(set(words))
        completer = WordCompleter(choices, ignore_case=True, sentence=True) if choices else None
        self._session.app.erase_when_done = False
        typed, self.typed = self.typed, ""

        def check() -> None:  # the question may have changed between the test above and the start
            if main and self.changed.is_set():
                self._end_prompt()

        return self._session.prompt(
            f"{message} {PROMPT_MARK} ",
            completer=completer,
            complete_while_typing=False,
            pre_run=check,
            default=typed,
        ).strip()

    def _read_line(self, prompt: str, main: bool) -> str:
        """Plain input (no terminal): the prompt, then the line once it is complete; the main prompt
        gives way when the question changes."""
        with self.lock:
            self.console.file.write(prompt)
            self.console.file.flush()
        fd = sys.stdin.fileno()
        data = b""
        while True:
            if main and self.changed.is_set() and not data:
                self.console.file.write("\n")
                raise QuestionChanged
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            chunk = os.read(fd, 1)
            if not chunk:
                if data:
                    break
                raise EOFError
            if chunk == b"\n":
                break
            data += chunk
        return data.decode("utf-8", "replace").strip()
