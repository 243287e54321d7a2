"""A client's first message after its hello is its welcome, even when others say hello at the same
moment (each arrival is announced to the others: that update must never reach a client before its
own welcome, which a client takes as the refusal of its hello)."""

from __future__ import annotations

import json

from support.server_helpers import create, make_client


def test_every_client_gets_its_welcome_first(tmp_path):
    client, _ = make_client(tmp_path)
    with client:
        g = create(client, name="Ann", seats=[{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}])
        sockets = [client.websocket_connect(f"/ws/{g['code']}") for _ in range(6)]
        opened = [cm.__enter__() for cm in sockets]
        try:
            for i, ws in enumerate(opened):  # every hello sent before any answer is read
                ws.send_json({"type": "hello", "token": g["token"] if i % 2 else None, "lang": "en"})
            for ws in opened:
                first = json.loads(ws.receive_text())
                assert first["type"] == "welcome", first["type"]
        finally:
            for cm in sockets:
                cm.__exit__(None, None, None)
