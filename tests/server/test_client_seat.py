"""``landlords.client.Seat`` against a real server process: a client that keeps no messages (the load
test's bots) holds only the latest view and the replies to its requests, and sees what a client
that keeps them sees; its waits end by their timeout when the view never comes."""

from __future__ import annotations

import asyncio

import pytest
from support.server_helpers import PERSON_AND_BOT
from support.server_process import ServerProcess

from landlords.client import Lobby, Seat


def test_a_client_that_keeps_no_messages_holds_only_the_latest_view(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path}/server.db", tmp_path / "server.log")
    try:
        server.start()
        lobby = Lobby(server.url)
        g = lobby.create(name="Ann", seats=PERSON_AND_BOT, bot_pause=0, first_player=0, seed=3)
        lobby.close()

        async def play() -> None:
            lean = await Seat.connect(server.url, g["code"], g["token"], keep_messages=False)
            kept = await Seat.connect(server.url, g["code"], g["token"])
            try:
                assert (await lean.act({"type": "roll"}))["type"] == "ack"  # the reply still comes
                view = await lean.wait_for(lambda v: v["version"] >= 1 and v["decision"]["seat"] == 0)
                await kept.wait_for(lambda v: v["version"] >= view["version"])
                assert lean.view == kept.view  # the same seat, language and version: the same view
                assert lean.messages.empty() and not kept.messages.empty()
                with pytest.raises(TimeoutError):  # nothing comes that would satisfy it
                    await lean.wait_for(lambda v: v["version"] < 0, timeout=0.05)
            finally:
                await lean.close()
                await kept.close()

        asyncio.run(play())
    finally:
        server.kill()
