"""Play (``/ws/{code}``) is answered in front of the HTTP middleware stack (app.GameApp): the game
works through it, the per-address caps still hold at the handshake, a code is any one path segment
(lower case too), and every other WebSocket path still goes to the router, which has none."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect
from support.server_helpers import Player, create, make_client, sockets_closed

from landlords.server.app import GameApp, Limits


def test_play_is_answered_in_front_of_the_middleware(tmp_path):
    client, _ = make_client(tmp_path)
    assert isinstance(client.app, GameApp) and client.app.play is not None
    with client, sockets_closed():
        g = create(client, name="Ann")
        ann = Player(client, g["code"].lower(), g["token"])  # a code is upper-cased, as before
        assert ann.view["type"] == "welcome" and ann.view["you"]["seat"] == 0
        ann.send({"type": "ping", "id": 7})
        assert ann.read_until(lambda m: m["type"] == "pong")["id"] == 7


def test_the_per_address_socket_cap_holds_in_front_of_the_middleware(tmp_path):
    client, _ = make_client(
        tmp_path, limits=Limits(rate_per_second=1000, burst=10**6, websockets_per_address=1, exempt=())
    )
    with client, sockets_closed():
        g = create(client, name="Ann")
        one = Player(client, g["code"], None)
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"/ws/{g['code']}"):
                pass
        assert refused.value.code == 1008
        assert one.view["type"] == "welcome"


@pytest.mark.parametrize("path", ["/ws/", "/ws/ABC/extra", "/wsABC", "/other"])
def test_other_websocket_paths_go_to_the_router_and_are_refused(tmp_path, path):
    client, _ = make_client(tmp_path)
    with client, pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(path) as ws:
            ws.receive_text()


def test_an_unknown_game_is_told_in_the_protocol(tmp_path):
    client, _ = make_client(tmp_path)
    with client, client.websocket_connect("/ws/NOSUCH") as ws:
        ws.send_json({"type": "hello", "id": 1})
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["code"] == "no_game" and answer["id"] == 1
