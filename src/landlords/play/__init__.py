"""The terminal game (``landlords play``): hot seat for people, bots at a readable pace, every
decision the rules allow offered as a menu, saved after every action. See :mod:`.app`."""

from .app import PlayApp

__all__ = ["PlayApp"]
