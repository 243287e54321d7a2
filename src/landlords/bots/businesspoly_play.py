"""How the baseline bot plays «businesspoly»'s own decisions (mixed into BaselineBot)."""

from __future__ import annotations


class BusinesspolyPlay:
    """Decision handlers ``_decide_<kind>`` for the variant's decision kinds."""
