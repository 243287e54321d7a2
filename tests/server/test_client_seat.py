"""``landlords.client.Seat`` against a real server process: a client that keeps no messages (the load
test's bots) holds only the latest view and the replies to its requests, and sees what a client
that keeps them sees; its waits end by their timeout when the view never comes."""

from __future__ import annotations

import asyncio

import pytest
from support.server_helpers import PERSON_AND_BOT
from support.server_process import ServerProcess

from landlords.client import Lobby, Seat


@pytest.fixture
def served(tmp_path):
    """A server process with one game of Ann (a person) and a bot: (the server, the lobby's reply)."""
    server = ServerProcess(f"sqlite:///{tmp_path}/server.db", tmp_path / "server.log")
    try:
        server.start()
        lobby = Lobby(server.url)
        g = lobby.create(name="Ann", seats=PERSON_AND_BOT, bot_pause=0, first_player=0, seed=3)
        lobby.close()
        yield server, g
    finally:
        server.kill()


def test_a_client_that_keeps_no_messages_holds_only_the_latest_view(served):
    server, g = served

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


def test_a_wait_ends_with_the_view_that_satisfies_it_or_with_what_its_predicate_raised(served):
    """The reader tries a waiting predicate on each new view: the wait returns that view; a
    predicate that raises on a view raises out of the wait; a connection that ends ends the wait."""
    server, g = served

    async def play() -> None:
        seat = await Seat.connect(server.url, g["code"], g["token"], keep_messages=False)
        try:
            start = seat.version
            seen: list[int] = []

            def later(v: dict) -> bool:
                seen.append(v["version"])
                return v["version"] > start

            waiting = asyncio.create_task(seat.wait_for(later, timeout=10))
            await asyncio.sleep(0.05)
            assert not waiting.done() and seen == [start]  # tried once at first, not since
            assert (await seat.act({"type": "roll"}))["type"] == "ack"
            view = await waiting
            assert view["version"] > start and seen[-1] == view["version"]

            def broken(v: dict) -> bool:
                if v["version"] > view["version"]:
                    raise KeyError("no such field")
                return False

            waiting = asyncio.create_task(seat.wait_for(broken, timeout=10))
            await asyncio.sleep(0.05)
            answer = next(a["action"] for a in seat.acts if a["answer"])
            await seat.act(answer)
            with pytest.raises(KeyError):
                await waiting

            waiting = asyncio.create_task(seat.wait_for(lambda v: v["version"] < 0, timeout=10))
            await asyncio.sleep(0.05)
            server.kill()
            with pytest.raises(ConnectionError):
                await waiting
        finally:
            await seat.close()

    asyncio.run(play())
