"""The terminal game (``landlords play``): hot seat for people, bots at a readable pace, every
decision the rules allow offered as a menu, saved after every action. See :mod:`.app`.

The same screens, prompts and trade builder play at a server's table (``landlords play --connect``):
:mod:`.connect`, where the server holds the game. The words they show come from
:mod:`landlords.describe`, shared with the server's views and the web pages."""

from .app import PlayApp

__all__ = ["PlayApp"]
