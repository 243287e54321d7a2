"""The collector's settings of a server (issue 35: the pauses of p99 at 300-400 games). In play a
young or middle collection frees nearly nothing: what it walks is what the games made since (events,
acts, views), all still alive; so its pause grows with the objects it may walk, young threshold x
(middle threshold + 1), and the full collections' spacing with all three."""

from __future__ import annotations

import subprocess
import sys

SETTLED = """
import gc
from landlords.server.app import settle_heap
settle_heap()
print(*gc.get_threshold(), gc.get_freeze_count() > 0, gc.isenabled())
"""


def settled() -> tuple[int, int, int, bool, bool]:
    """The thresholds, frozen or not, enabled or not, of a process that settled its heap (its own
    process: ``gc.freeze`` in the test run's would keep its cycles for good)."""
    out = subprocess.run([sys.executable, "-c", SETTLED], capture_output=True, text=True, check=True).stdout
    young, middle, old, frozen, enabled = out.split()
    return int(young), int(middle), int(old), frozen == "True", enabled == "True"


def test_no_collection_short_of_a_full_one_walks_more_than_30000_new_objects():
    """At 400 games, young collections 20,000 allocations apart and a middle one every eleventh
    walked up to 220,000 live objects at once: 120-150 ms of CPU, a pause of the whole loop."""
    young, middle, _, frozen, enabled = settled()
    assert frozen and enabled  # the start-up's objects out of sight; the collector still on
    assert young >= 10_000  # young collections still rare (each promotes the messages in flight)
    assert young * (middle + 1) <= 30_000


def test_full_collections_stay_as_far_apart_as_before():
    """A full collection walks every game: its pause is not shortened by thresholds, so it is not
    made more frequent either (20,000 x 11 x 11 allocations apart, as before), and it still runs
    (a finished game's cycles are freed)."""
    young, middle, old, _, _ = settled()
    assert young * (middle + 1) * (old + 1) >= 20_000 * 11 * 11
    assert young * (middle + 1) * (old + 1) <= 2 * 20_000 * 11 * 11
