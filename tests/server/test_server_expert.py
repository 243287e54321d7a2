"""A table with a searching bot (the level ``hard``, the expert with a small search): its decisions
are worked out in a worker thread, off the event loop, and the game goes on to the person."""

from __future__ import annotations

from support.server_helpers import Player, create, make_client


def test_a_hard_bot_searches_off_the_event_loop_and_plays_on(tmp_path, db_url, monkeypatch):
    import asyncio

    from landlords.server.table import bots as table_bots

    threaded: list[str] = []
    real = asyncio.to_thread

    async def spy(func, /, *args, **kwargs):
        threaded.append(getattr(func, "__qualname__", repr(func)))
        return await real(func, *args, **kwargs)

    monkeypatch.setattr(table_bots.asyncio, "to_thread", spy)
    client, _clock = make_client(tmp_path, db_url=db_url)
    with client:
        g = create(
            client,
            name="Ann",
            edition="classic-us",
            seats=[{"kind": "person"}, {"kind": "bot", "strategy": "hard"}],
            bot_pause=0,
            auto_claim_people=True,
            seed=5,
            dice=[[1, 2], [2, 4]],
            first_player=0,
        )
        ann = Player(client, g["code"], g["token"])
        try:
            assert ann.act({"type": "roll"})["type"] == "ack"
            ann.wait_view(lambda v: v["decision"]["kind"] == "buy")
            assert ann.act({"type": "buy"})["type"] == "ack"
            ann.sync()
            assert ann.act({"type": "end_turn"})["type"] == "ack"
            # the bot lands on Oriental Avenue: whether to buy is searched; then it is Ann's turn again
            ann.wait_view(lambda v: v["decision"]["seat"] == 0 and v["decision"]["kind"] == "pre_roll")
        finally:
            for p in list(Player.opened):
                p.close()
    assert any("ExpertBot.act" in name for name in threaded)
