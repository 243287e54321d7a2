"""Simulation: play whole games between bots."""
