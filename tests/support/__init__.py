"""What the tests share: servers started for a test (PostgreSQL, Redis, Ray, ``landlords serve``),
game scenarios, terminal screens and clients. tests/ is on ``sys.path`` (pyproject's ``pythonpath``),
so a test imports ``from support.scenario import ...`` from any folder."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]  # tests/
ROOT = TESTS.parent  # the repository
