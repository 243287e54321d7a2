"""The word layers' bounded dicts (landlords.kept.Kept): never more than their size, the oldest made
dropped first, and what is kept read back as it was kept."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landlords.kept import Kept


@given(st.integers(1, 6), st.lists(st.tuples(st.integers(0, 9), st.integers()), max_size=60))
def test_a_kept_dict_drops_the_oldest_made_first(size, puts):
    kept: Kept[int, int] = Kept(size)
    model: list[tuple[int, int]] = []  # (key, value), oldest first
    for key, value in puts:
        assert kept.keep(key, value) == value
        model = [(k, v) for k, v in model if k != key]  # kept anew: the newest
        model.append((key, value))
        model = model[-size:]
        assert len(kept) <= size
        assert list(kept.items()) == model


def test_a_kept_dict_holds_at_least_one_entry():
    with pytest.raises(ValueError):
        Kept(0)
