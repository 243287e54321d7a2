"""``?`` at a server's table: the terminal's advice screen (:class:`landlords.play.advice.TableAdvice`)
with the server doing the work (``GET /api/games/CODE/advice``), on the server's own game."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import httpx

from ...client import Lobby, ServerError


class ServerAdvice:
    """One request for advice, in a thread of its own; ``on_done`` is called when the answer (or the
    server's refusal, e.g. asked again too soon) is in ``result``."""

    def __init__(
        self, base_url: str, code: str, token: str, on_done: Callable[[], None], games: int | None = None
    ) -> None:
        self.result: tuple[str, Any] | None = None
        self.base_url, self.code, self.token, self.on_done, self.games = base_url, code, token, on_done, games
        threading.Thread(target=self._ask, name="landlords-advice", daemon=True).start()

    def _ask(self) -> None:
        lobby = Lobby(self.base_url, timeout=10)
        try:
            self.result = ("ok", lobby.advice(self.code, self.token, self.games))
        except ServerError as exc:
            self.result = ("error", exc.detail)
        except (httpx.HTTPError, ValueError) as exc:
            self.result = ("error", str(exc) or type(exc).__name__)
        finally:
            lobby.close()
        self.on_done()

    def done(self) -> bool:
        return self.result is not None

    def stop(self) -> None:
        pass  # the server's work goes on (others may ask about the same position); the answer is dropped
