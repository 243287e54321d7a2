"""A table reads its chat from the database once, at its first attach, not at every attach of a
game nobody has written in (issue 35: a fiftieth of a busy server's time went to the query), and a
restarted server still welcomes every client with the chat written before."""

from __future__ import annotations

from support.server_helpers import Player, create, make_client, sockets_closed

from landlords.server.storage import Storage


def test_the_chat_is_read_once_and_survives_a_restart(tmp_path, monkeypatch):
    reads: list[int] = []
    load = Storage.load_chat

    async def counted(self, game_id):
        reads.append(game_id)
        return await load(self, game_id)

    monkeypatch.setattr(Storage, "load_chat", counted)
    client, _ = make_client(tmp_path)
    with client, sockets_closed():
        g = create(client, name="Ann")
        for _ in range(3):  # three visits to a game without a line of chat
            Player(client, g["code"], g["token"]).ws.close()
        assert len(reads) == 1
        ann = Player(client, g["code"], g["token"])
        ann.send({"type": "chat", "text": "hello"})
        ann.read_until(lambda m: m["type"] == "chat")
        assert len(reads) == 1
    client, _ = make_client(tmp_path)  # the same database, a new server
    with client, sockets_closed():
        ann = Player(client, g["code"], g["token"])
        assert [c["text"] for c in ann.view["chat"]] == ["hello"]
        Player(client, g["code"], None)  # a spectator: the chat is known by now
        assert len(reads) == 2
