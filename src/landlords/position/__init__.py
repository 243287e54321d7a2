"""Positions: any state of a game as data (JSON or TOML), a one-line notation, and a builder.

``game.to_position()`` writes a position, :func:`from_position` builds a game from one after
checking it against the rules; :func:`to_notation` / :func:`from_notation` give its common part
in one line; :class:`Position` writes positions in tests. The format is documented in
docs/api/positions.md.
"""

from ..engine.state import FORMAT, VERSION
from .builder import Position
from .load import from_position, load_position, read_position
from .notation import from_notation, to_notation
from .toml import dumps_toml

__all__ = [
    "FORMAT",
    "VERSION",
    "Position",
    "from_position",
    "load_position",
    "read_position",
    "from_notation",
    "to_notation",
    "dumps_toml",
]
