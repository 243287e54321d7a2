"""A refusal means nothing changed, also in a cluster (issue 27): when a forwarded act gets no answer
from the game's owner (Redis away), the request may have reached the owner and been committed; it
was refused 'server-busy' and committed 0.25 s later. Now the process that forwarded it reads the
log: the act is acknowledged if the log holds it, refused if another act took its version (it can
never apply), and otherwise reported 'unconfirmed', never refused. Checked here on a real server and
database, with the cluster's decision step called as the forwarding process calls it."""

from __future__ import annotations

import json

from support.server_helpers import Player, create, make_client, sockets_closed

from landlords.server.cluster.node import Cluster
from landlords.server.cluster.replica import Proxy


def forwarded_without_answer(client, code: str, seat: int, msg: dict) -> dict:
    server = client.app.state.server
    node = Cluster.__new__(Cluster)  # the decision needs the server only, not a broker
    node.server = server
    proxy = Proxy(seat, "en", False)
    client.portal.call(node._unanswered, server.tables[code], proxy, msg)
    (sent,) = proxy.sent
    return json.loads(sent)


def test_a_forwarded_act_without_an_answer_is_never_refused_if_it_may_apply(tmp_path):
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "person"}], first_player=0, seed=3)
        client.post(f"/api/games/{g['code']}/join", json={"name": "Bob"}).raise_for_status()
        ann = Player(client, g["code"], g["token"])
        assert ann.act({"type": "roll"})["type"] == "ack"  # act 0, in the log
        code = g["code"]

        roll = {"type": "act", "action": {"type": "roll"}, "version": 0, "id": 4}
        committed = forwarded_without_answer(client, code, 0, roll)
        assert committed == {"type": "ack", "version": 1, "id": 4}

        end_turn = {"type": "act", "action": {"type": "end_turn"}, "version": 0, "id": 5}
        other = forwarded_without_answer(client, code, 0, end_turn)
        assert other["type"] == "refused" and other["rule"] == "stale-version" and other["id"] == 5

        buy = {"type": "act", "action": {"type": "buy"}, "version": 1, "id": 6}
        pending = forwarded_without_answer(client, code, 0, buy)
        assert pending["type"] == "error" and pending["code"] == "unconfirmed" and pending["id"] == 6
        assert client.get(f"/api/testing/games/{code}").json()["version"] == 1  # and nothing was applied here
