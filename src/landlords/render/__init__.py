"""Presentation of games: text now (SVG boards come later)."""
