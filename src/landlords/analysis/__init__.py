"""Analysis: exact odds, property returns."""
