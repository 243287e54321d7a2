"""The engine's exceptions."""

from __future__ import annotations


class LandlordsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(LandlordsError):
    """An action the rules do not allow now. The game state is left untouched.

    ``rule`` is a short identifier of the rule that was broken (``"even-building"``,
    ``"not-your-turn"``, ...) so that user interfaces can translate the reason.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.reason = message


class ConfigError(LandlordsError, ValueError):
    """A bad ruleset option, edition, seat list or game record."""
