"""Which build runs: CI runs the suite on both (.ci/run: the pure build of `pip install -e`;
.ci/compiled.sh: the compiled wheel) and says which it expects in LANDLORDS_EXPECT_BUILD."""

from __future__ import annotations

import os

import pytest

from landlords.engine import game
from landlords.engine.native import is_compiled


@pytest.mark.skipif("LANDLORDS_EXPECT_BUILD" not in os.environ, reason="no build expected by name")
def test_the_expected_build_is_the_one_imported():
    expected = os.environ["LANDLORDS_EXPECT_BUILD"]
    assert expected in ("compiled", "pure")
    assert is_compiled() == (expected == "compiled"), game.__file__


@pytest.mark.skipif("LANDLORDS_EXPECT_BUILD" not in os.environ, reason="no build expected by name")
def test_the_environments_per_step_modules_are_of_the_expected_build():
    pytest.importorskip("numpy")
    from landlords.rl import actions, observation

    compiled = os.environ["LANDLORDS_EXPECT_BUILD"] == "compiled"
    for module in (actions, observation):
        assert (not module.__file__.endswith(".py")) == compiled, module.__file__
