"""How the baseline bot plays «odessa»'s own decisions (mixed into BaselineBot)."""

from __future__ import annotations


class OdessaPlay:
    """Decision handlers ``_decide_<kind>`` for the variant's decision kinds."""
