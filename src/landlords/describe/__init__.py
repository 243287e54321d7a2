"""Front-end-neutral descriptions: what a player needs to read, as data and as words.

``words`` speaks one game in one language (names with their grammar, squares, money, plurals);
``cards`` describes a property (prices, rent at every level, owners); ``decisions`` the stakes and
odds of the choice a seat faces; ``rulesets`` each ruleset's differences for players. The terminal
and the browser both show these, so they read the same everywhere.
"""
