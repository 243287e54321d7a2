"""Analysis driven by bots: win chances from a position, trade evaluation, the table's advice.
(The board's exact odds and returns, which need no bot, are :mod:`landlords.odds`.)

``win_chances`` and ``evaluate_trade`` are imported on first use, so that the package stays light
to import.
"""

from __future__ import annotations

from typing import Any

__all__ = ["win_chances", "evaluate_trade"]


def __getattr__(name: str) -> Any:
    if name == "win_chances":
        from .chances import win_chances

        return win_chances
    if name == "evaluate_trade":
        from .trades import evaluate_trade

        return evaluate_trade
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
