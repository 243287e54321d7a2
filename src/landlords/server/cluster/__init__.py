"""Several server processes sharing the games: ``landlords serve --db postgresql://... --broker redis://...``.

Every game has one owner process at a time: the process holding its lease, a row in PostgreSQL with
an expiry that the owner renews (:mod:`.leases`). Only the owner writes the game (acts, bots, clocks);
an act or a lobby request that reaches another process is forwarded to the owner over Redis and its
answer comes back the same way (:mod:`.node`). Every committed act is published on Redis; the other
processes with clients at that table apply it to their copy of the game and push the views to their
own clients (:mod:`.replica`), so people connected to different processes play at the same table.
When an owner dies its leases expire and another process takes its games over from the database
(the log is the truth: an act is acknowledged only once committed).

Without ``--broker`` none of this is loaded and the server is the single process it always was.
"""

from .node import Cluster

__all__ = ["Cluster"]
