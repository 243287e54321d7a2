"""Board maths: exact landing odds (the Markov chain), property returns, and the dice duels' and
Odessa's exchange's odds. Pure maths from an edition and a ruleset; no bot, no game played.

Below the bots (whose valuation reads the returns) and above the rules (whose dice it counts).
"""
