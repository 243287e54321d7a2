"""Nothing acknowledged is ever lost: ``landlords serve`` runs as a real process, two people play
through ``landlords.client`` beside a bot (answers, out-of-turn acts, acts sent at once by both,
stale acts), and the server is killed with SIGKILL at seeded random moments, then started again on
the same database (SQLite and PostgreSQL). After each restart every acknowledged act is in the log at
its place, the restored game is the one the clients saw, and the clients reconnect with their tokens
and play on. The finished game exports as a record that ``landlords replay`` reads, and no token
ever appears in the server's output."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from typing import Any

import pytest
from support.seats import RAW_IDS, free_acts, next_person, over, pick
from support.server_process import ServerProcess

from landlords import record as records
from landlords.client import Lobby, Seat
from landlords.server.views import public_state

TIME_LIMIT_MINUTES = 600  # the end of the game: the test moves the server's clock past it
class Run:
    """The acts of the people, the acknowledged ones, and what each client last saw."""

    def __init__(self, server: ServerProcess, code: str, tokens: list[str], rng: random.Random) -> None:
        self.server = server
        self.code = code
        self.tokens = tokens
        self.rng = rng
        self.people: list[Seat] = []
        self.acked: list[tuple[int, int, dict[str, Any]]] = []  # (version after, seat, action)
        self.raw: dict[int, tuple[int, dict[str, Any]]] = {}  # id -> (seat, action) sent without waiting
        self.refused_stale = 0

    async def connect(self) -> None:
        self.people = [await Seat.connect(self.server.url, self.code, t) for t in self.tokens]
        assert [p.seat for p in self.people] == [0, 1]

    async def disconnect(self) -> None:
        for p in self.people:
            while not p.messages.empty():  # acks that came in before the kill
                m = p.messages.get_nowait()
                if m.get("type") == "ack" and m.get("id") in self.raw:
                    seat, action = self.raw.pop(m["id"])
                    self.acked.append((m["version"], seat, action))
            await p.close()
        self.raw.clear()

    def take(self, p: Seat, action: dict[str, Any], reply: dict[str, Any]) -> None:
        if reply["type"] == "ack":
            self.acked.append((reply["version"], p.seat, action))
        else:
            assert reply["type"] == "refused", reply

    async def play(self, acks: int) -> bool:
        """Play until ``acks`` more acts are acknowledged; False when the game ended."""
        goal = len(self.acked) + acks
        rng = self.rng
        while len(self.acked) < goal:
            p = await next_person(self.people)
            if p is None:
                return False
            other = self.people[1 - p.seat]
            action = pick(rng, p)
            roll = rng.random()
            if roll < 0.2 and free_acts(other):  # out of turn, at the same moment as the answer
                extra = rng.choice(free_acts(other))
                replies = await asyncio.gather(p.act(action), other.act(extra))
                self.take(p, action, replies[0])
                self.take(other, extra, replies[1])
            elif roll < 0.3:  # a stale act: refused, never in the log
                reply = await p.act(action, version=p.version - 1)
                assert reply["type"] == "refused" and reply["rule"] == "stale-version", reply
                self.refused_stale += 1
            else:
                self.take(p, action, await p.act(action))
        return True

    async def send_and_kill(self) -> None:
        """Acts on their way (maybe received, maybe committed, maybe acknowledged) when the server dies."""
        p = await next_person(self.people)
        if p is not None:
            sends = [(p, pick(self.rng, p))]
            other = self.people[1 - p.seat]
            if free_acts(other) and self.rng.random() < 0.5:
                sends.append((other, self.rng.choice(free_acts(other))))
            for who, action in sends:
                ref = next(RAW_IDS)
                self.raw[ref] = (who.seat, action)
                await who.ws.send(json.dumps({"type": "act", "action": action, "version": who.version, "id": ref}))
            await asyncio.sleep(self.rng.choice([0, 0, 0.002, 0.01, 0.05]))  # a varied moment, not a measure
        self.server.kill()

    def check_log(self, seen: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """After a restart: every acknowledged act at its place; the log replays to the restored
        game; each client's last view is the replayed state at that version."""
        inspect = self.server.inspect(self.code)
        rec = inspect["record"]
        for version, seat, action in self.acked:
            assert rec["actions"][version - 1] == [seat, action], f"act {version} lost"
        assert records.replay(rec).state_hash() == inspect["state_hash"] == rec["state_hash"]
        for version, state in seen:
            assert version <= inspect["version"]
            game = records.replay(rec, upto=version, check_hash=False)
            assert json.loads(json.dumps(public_state(game))) == state
        return inspect


async def scenario(server: ServerProcess, seed: int, kills: int, tmp_path) -> None:
    rng = random.Random(seed)
    server.start()
    lobby = Lobby(server.url)
    g = lobby.create(
        name="Ann",
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "advisor"}],
        rules={"time_limit_minutes": TIME_LIMIT_MINUTES},
        bot_pause=0,
        auto_claim_people=True,
        seed=seed,
        first_player=0,
    )
    bob = lobby.join(g["code"], "Bob")
    lobby.close()
    tokens = [g["token"], bob["token"]]
    run = Run(server, g["code"], tokens, rng)
    await run.connect()
    kinds = []
    for _ in range(kills):
        if not await run.play(rng.randint(2, 12)):
            break
        quiet = rng.random() < 0.5
        kinds.append("quiet" if quiet else "in flight")
        if quiet:  # the server is idle: the restored game must be this very state
            p = await next_person(run.people)
            if p is None:
                break
            before = server.inspect(g["code"])
            await p.wait_for(lambda v, want=before["version"]: v["version"] >= want)
            assert p.version == before["version"]
            seen = [(p.version, p.view["state"]) for p in run.people if p.version == before["version"]]
            server.kill()
        else:
            seen = [(p.version, p.view["state"]) for p in run.people]
            await run.send_and_kill()
        await run.disconnect()
        server.start()
        after = run.check_log(seen)
        if quiet:
            assert (after["version"], after["state_hash"]) == (before["version"], before["state_hash"])
        await run.connect()  # the same tokens: the same seats, the full view
        assert all(p.version == after["version"] for p in run.people)
        assert all(p.view["game"]["status"] in ("playing", "finished") for p in run.people)
    assert kinds, "the game ended before the first kill"
    await run.play(rng.randint(1, 5))  # the clients go on after the last restart
    if not over(run.people[0]):
        server.advance(TIME_LIMIT_MINUTES * 60 + 1)  # the time limit ends it: the richest wins
        await run.people[0].wait_for(lambda v: v["state"]["over"], timeout=60)
    result = run.people[0].view["result"]
    assert result["winner"] is not None and result["text"]
    await run.disconnect()

    # the finished game exports as a record that `landlords replay` reads, with every acknowledged act
    exported = server.get(f"/api/games/{g['code']}/record")
    for version, seat, action in run.acked:
        assert exported["actions"][version - 1] == [seat, action]
    path = tmp_path / "exported.json"
    path.write_text(json.dumps(exported))
    done = subprocess.run(
        [sys.executable, "-m", "landlords.cli.main", "replay", str(path), "--no-events", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert f"state hash {exported['state_hash'][:16]}" in done.stdout
    server.kill()

    # the server's output (debug level: every frame and header, every run) never holds a token
    out = server.log()
    assert "GET /api/testing/games/" in out and "< TEXT" in out and server.starts == len(kinds) + 1
    for token in [*tokens, g["host_token"]]:
        pieces = {token[i : i + 8] for i in range(len(token) - 7)}
        assert not any(piece in out for piece in pieces), "a token (or a piece of it) is in the server's output"


@pytest.mark.parametrize("seed", [11])
def test_kill_9_loses_no_acknowledged_act(tmp_path, db_url, seed):
    server = ServerProcess(db_url, tmp_path / "server.log")
    try:
        asyncio.run(scenario(server, seed, kills=3, tmp_path=tmp_path))
    finally:
        server.kill()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 29])
def test_kill_9_many_times(tmp_path, db_url, seed):
    server = ServerProcess(db_url, tmp_path / "server.log")
    try:
        asyncio.run(scenario(server, seed, kills=6, tmp_path=tmp_path))
    finally:
        server.kill()
