"""Front-end-neutral descriptions: what a player needs to read, as data and as words.

``words`` speaks one game in one language (names with their grammar, squares, money, plurals);
``labels`` names every act and decision (the deciding seat's title, everyone else's line, the two
sides of an offer), with one speaker kept per game; ``cards`` describes a property (prices, rent at
every level, owners); ``decisions`` the stakes and odds of the choice a seat faces; ``offers`` whom a
seat may offer a trade and what may change hands; ``rulesets`` each ruleset's differences for
players. The terminal, the server's views and the browser all show these, so they read the same
everywhere.
"""
