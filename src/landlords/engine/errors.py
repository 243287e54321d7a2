"""The engine's exceptions."""

from __future__ import annotations

from typing import Any


class LandlordsError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(LandlordsError):
    """An action the rules do not allow now. The game state is left untouched.

    ``rule`` is a short identifier of the rule that was broken (``"even-building"``,
    ``"not-your-turn"``, ...); ``message`` is an English template whose ``{placeholders}`` are
    filled from ``params``, so that user interfaces can show the reason in the player's language
    (catalog key ``rule.<rule>`` in :mod:`landlords.i18n`, with the same placeholders).
    """

    def __init__(self, rule: str, message: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        self.reason = message.format(**params) if params else message
        super().__init__(f"{self.reason} [rule: {rule}]")


# An IllegalAction not raised: (rule, message template, parameters). The engine's checks return one
# (or None: allowed), so that listing the legal acts never raises; ``check``/``apply`` raise it.
Problem = tuple[str, str, dict[str, Any]]


def illegal(problem: Problem) -> IllegalAction:
    """The exception for a problem a check returned."""
    return IllegalAction(problem[0], problem[1], **problem[2])


class ConfigError(LandlordsError, ValueError):
    """A bad ruleset option, edition, seat list or game record."""


class UnscriptedChance(LandlordsError):
    """The game needs a roll, a shuffle or a card that the script does not give: strict chance
    (``game.strict_chance``) is on and the script is used up, or the next scripted roll has the wrong
    number of dice. Raised in the middle of an act: a test has gone off its script, and the game must
    not be used any further. ``need`` says what was needed: ``("roll", dice, sides)``,
    ``("card", deck_id)`` or ``("shuffle",)`` (a game tree with chance nodes asks for it, on a copy)."""

    def __init__(self, message: str, need: tuple[Any, ...] = ()) -> None:
        self.need = need
        super().__init__(message)
