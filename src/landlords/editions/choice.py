"""Which board a game is played on when nobody chose one: the ruleset's own board, or, for the rules
that fit any classic board, the board of the player's language."""

from __future__ import annotations

from ..engine.ruleset import Ruleset

BOARD_OF_LANGUAGE = {"en": "classic-us", "pl": "warsaw", "ru": "moscow"}
ANY_BOARD = frozenset({"moscow"})  # the board the classic rulesets name only because they need one


def board_for(rules: Ruleset, lang: str) -> str:
    """``hasbro-ru`` in English plays on ``classic-us``, in Polish on ``warsaw``; ``odessa`` always on
    its own board."""
    if rules.edition in ANY_BOARD:
        return BOARD_OF_LANGUAGE.get(lang, rules.edition)
    return rules.edition
