"""The «odessa» variant: its ruleset and its Game subclass (work in progress)."""

from __future__ import annotations
