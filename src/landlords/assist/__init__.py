"""Plans that save a player keystrokes: several legal acts proposed as one (build a group evenly to N
houses, sell a group's buildings, raise cash for a debt the cheapest way). Front-end neutral: each
plan is a list of the engine's actions, checked one by one on a copy of the game, so a front end
shows it, asks once, and applies it act by act.
"""
