"""Several server processes on one PostgreSQL and one Redis (``landlords serve --broker``): clients
connected to different processes play at the same table (their acts forwarded to the game's owner,
the views fanned out to every process), the owner is killed with SIGKILL mid-game, and play goes on
at another process, which takes the game over from the database with every acknowledged act."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from support.redis_server import free_port
from support.seats import RAW_IDS, free_acts, next_person, pick
from support.server_process import ServerProcess

from landlords import record as records
from landlords.cli.main import main
from landlords.client import Lobby, Seat
from landlords.server.start import check_broker

LEASE = 2.0  # seconds: the test's leases (the default is longer)


def processes(tmp_path, db_url: str, broker: str, n: int) -> list[ServerProcess]:
    extra = ("--broker", broker, "--lease-seconds", str(LEASE))
    return [
        ServerProcess(db_url, tmp_path / f"server{i}.log", "info", extra, manual_clock=False) for i in range(n)
    ]


def owner_of(pg, db_url: str, code: str) -> str:
    """The lease's owner, as PostgreSQL holds it (``host:pid:...``)."""
    return pg.psql(
        f"SELECT owner FROM game_leases l JOIN games g ON g.id = l.game_id WHERE g.code = '{code}'",
        database=db_url.rsplit("/", 1)[1],
    ).strip()


class Play:
    """Two people at one table, each connected to a process of their own."""

    def __init__(self, code: str, tokens: list[str], rng: random.Random) -> None:
        self.code = code
        self.tokens = tokens
        self.rng = rng
        self.people: list[Seat] = []
        self.acked: list[tuple[int, int, dict[str, Any]]] = []  # (version after, seat, action)
        self.raw: dict[int, tuple[int, dict[str, Any]]] = {}

    async def connect(self, seat: int, url: str) -> None:
        person = await Seat.connect(url, self.code, self.tokens[seat])
        assert person.seat == seat
        if len(self.people) <= seat:
            self.people.append(person)
        else:
            self.people[seat] = person

    def take(self, seat: int, action: dict[str, Any], reply: dict[str, Any]) -> None:
        if reply["type"] == "ack":
            self.acked.append((reply["version"], seat, action))
        else:  # refused: nothing changed; unconfirmed: the owner did not answer in time (it may apply)
            unconfirmed = (reply["type"], reply.get("code")) == ("error", "unconfirmed")
            assert reply["type"] == "refused" or unconfirmed, reply

    async def play(self, acks: int) -> bool:
        goal = len(self.acked) + acks
        while len(self.acked) < goal:
            p = await next_person(self.people)
            if p is None:
                return False
            other = self.people[1 - p.seat]
            action = pick(self.rng, p)
            if self.rng.random() < 0.2 and free_acts(other):  # out of turn, at the same moment
                extra = self.rng.choice(free_acts(other))
                replies = await asyncio.gather(p.act(action), other.act(extra))
                self.take(p.seat, action, replies[0])
                self.take(other.seat, extra, replies[1])
            else:
                self.take(p.seat, action, await p.act(action))
        return True

    async def in_flight(self, p: Seat) -> None:
        """An act on its way to the owner when it dies (maybe committed, maybe acknowledged)."""
        if answers_of(p):
            ref = next(RAW_IDS)
            action = pick(self.rng, p)
            self.raw[ref] = (p.seat, action)
            await p.ws.send(json.dumps({"type": "act", "action": action, "version": p.version, "id": ref}))

    async def drop(self, seat: int) -> None:
        p = self.people[seat]
        await asyncio.sleep(0.2)
        while not p.messages.empty():
            m = p.messages.get_nowait()
            if m.get("type") == "ack" and m.get("id") in self.raw:
                s, action = self.raw.pop(m["id"])
                self.acked.append((m["version"], s, action))
        await p.close()


def answers_of(p: Seat) -> list[dict[str, Any]]:
    return [a["action"] for a in p.acts if a["answer"]] if p.view["decision"]["seat"] == p.seat else []


async def same_everywhere(servers: list[ServerProcess], code: str, timeout: float = 30.0) -> dict[str, Any]:
    """Every live process's copy of the game at the same version and state hash (they follow the owner)."""
    end = time.monotonic() + timeout
    while True:
        seen = [s.inspect(code) for s in servers]
        if len({(i["version"], i["state_hash"]) for i in seen}) == 1:
            return seen[0]
        if time.monotonic() > end:
            raise AssertionError(f"the processes disagree: {[(i['version'], i['state_hash'][:8]) for i in seen]}")
        await asyncio.sleep(0.1)


def check_log(inspect: dict[str, Any], acked: list[tuple[int, int, dict[str, Any]]]) -> None:
    rec = inspect["record"]
    for version, seat, action in acked:
        assert rec["actions"][version - 1] == [seat, action], f"act {version} lost"
    assert records.replay(rec).state_hash() == inspect["state_hash"]


async def scenario(
    servers: list[ServerProcess], pg, db_url: str, seed: int, kills: int, pause: bool = False
) -> None:
    """``kills`` rounds: the owner dies (SIGKILL; with ``pause``, SIGSTOP instead: a process frozen
    past its lease, as in a long pause of its machine, and woken after the takeover)."""
    a, b, c = servers
    rng = random.Random(seed)
    a.start()
    b.start()
    c.start()
    lobby_a, lobby_b = Lobby(a.url), Lobby(b.url)
    g = lobby_a.create(
        name="Ann",
        seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "strategy": "advisor"}],
        bot_pause=0,
        auto_claim_people=True,
        seed=seed,
        first_player=0,
    )
    code = g["code"]
    end = time.monotonic() + 10
    while code not in [x["code"] for x in lobby_b.games()]:  # the other processes list it (a moment later)
        assert time.monotonic() < end, "the new game is not in the other process's list"
        time.sleep(0.05)
    bob = lobby_b.join(code, "Bob")  # a lobby request at a process that does not own the game
    lobby_a.close()
    lobby_b.close()
    owner = owner_of(pg, db_url, code)
    assert owner.split(":")[1] == str(a.proc.pid)  # the creator owns the game
    play = Play(code, [g["token"], bob["token"]], rng)
    await play.connect(0, a.url)  # Ann at the owner
    await play.connect(1, b.url)  # Bob elsewhere: his acts are forwarded, his views come through Redis
    watcher = await Seat.connect(c.url, code)  # a spectator at the third
    # the owner's clients see Bob's seat connected (he is at another process), and his chat reaches C
    await play.people[0].wait_for(lambda v: v["game"]["seats"][1]["connected"], timeout=20)
    await play.people[1].chat("hello from B")
    end = time.monotonic() + 20
    while True:
        message = await asyncio.wait_for(watcher.messages.get(), max(0.01, end - time.monotonic()))
        if message["type"] == "chat":
            assert (message["name"], message["text"]) == ("Bob", "hello from B")
            break
    assert await play.play(25)
    before = await same_everywhere(servers, code)
    check_log(before, play.acked)
    await watcher.wait_for(lambda v: v["version"] >= before["version"])  # the spectator at the third sees it

    await watcher.close()

    # the owner dies with an act on its way; its clients reconnect to another process, the others stay
    where = {0: a, 1: b}
    for _round in range(kills):
        owner = owner_of(pg, db_url, code)
        victim = next(s for s in servers if s.proc is not None and owner.split(":")[1] == str(s.proc.pid))
        live = [s for s in servers if s is not victim and s.proc is not None]
        first = 0 if where[0] is victim else 1
        await play.in_flight(play.people[first])
        await asyncio.sleep(rng.choice([0, 0.002, 0.01]))
        if pause:
            victim.pause()
        else:
            victim.kill()
        killed_at = time.monotonic()
        for seat in (0, 1):
            if where[seat] is victim:
                await play.drop(seat)
                where[seat] = rng.choice(live)
                await play.connect(seat, where[seat].url)
        assert await play.play(1)
        takeover = time.monotonic() - killed_at
        assert await play.play(15)
        after = await same_everywhere(live, code)
        check_log(after, play.acked)
        assert after["version"] > before["version"]
        before = after
        new_owner = owner_of(pg, db_url, code)
        assert new_owner != owner and new_owner.split(":")[1] in [str(s.proc.pid) for s in live]
        print(f"takeover: first act acknowledged {takeover:.2f} s after the kill (leases of {LEASE:g} s)")
        assert takeover < 10 * LEASE + 20  # within a few seconds (generous for a loaded machine)
        if pause:  # woken: it must not write with its old lease; it follows the new owner
            victim.resume()
            assert await play.play(10)
            await play.drop(first)
            where[first] = victim
            await play.connect(first, victim.url)  # and serves a client again
            assert await play.play(10)
            after = await same_everywhere(servers, code)
            check_log(after, play.acked)
            before = after
            assert owner_of(pg, db_url, code) == new_owner
        else:
            victim.start()  # back, on the same database: it follows the game (and may own it later)
    for p in play.people:
        await p.close()


def run(tmp_path, postgres, redis_server, seed: int, kills: int, pause: bool = False) -> None:
    """The scenario on three fresh processes; when it fails, the processes' logs are shown with it."""
    db_url = postgres.database()
    servers = processes(tmp_path, db_url, redis_server.url, 3)
    try:
        asyncio.run(scenario(servers, postgres, db_url, seed, kills=kills, pause=pause))
    except BaseException:
        for s in servers:
            print(f"--- the end of {s.log_path.name}:\n{s.log_path.read_text()[-4000:]}")
        raise
    finally:
        for s in servers:
            s.kill()


@pytest.mark.parametrize("seed", [7])
def test_three_processes_one_table_owner_killed(tmp_path, postgres, redis_server, seed):
    run(tmp_path, postgres, redis_server, seed, kills=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [19])
def test_owners_killed_one_after_another(tmp_path, postgres, redis_server, seed):
    """Three owners in turn killed (each restarted after the next takeover): the game goes on."""
    run(tmp_path, postgres, redis_server, seed, kills=3)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [23])
def test_an_owner_frozen_past_its_lease_does_not_write_when_it_wakes(tmp_path, postgres, redis_server, seed):
    """SIGSTOP, not SIGKILL: the game is taken over while the old owner sleeps; woken, it follows the
    new owner (its clients' acts forwarded, its copy at the same state hash) and writes nothing."""
    run(tmp_path, postgres, redis_server, seed, kills=1, pause=True)


@pytest.mark.parametrize(
    "db, broker, words",
    [
        ("sqlite:///{tmp}/x.db", "redis://127.0.0.1:1/0", "--broker needs --db postgresql://"),
        ("postgresql://u:p@127.0.0.1:1/x", "http://127.0.0.1:1", "--broker takes redis://"),
    ],
)
def test_broker_bad_input_one_line(tmp_path, db, broker, words):
    assert words in check_broker(broker, db.format(tmp=tmp_path))


def test_broker_unreachable_one_line(postgres):
    port = free_port()
    problem = check_broker(f"redis://127.0.0.1:{port}/0", postgres.database())
    assert problem.startswith(f"cannot reach the broker redis://127.0.0.1:{port}/0: ") and "\n" not in problem


def test_a_tiny_load_test_on_two_processes(postgres, redis_server):
    """`landlords loadtest --processes 2`: each game's seats spread over both processes (their acts
    forwarded to the owner), none refused or lost, both processes measured."""
    out = subprocess.run(
        [sys.executable, "-m", "landlords.cli.main", "loadtest", "-n", "2", "--clients", "1", "--processes", "2"]
        + ["--db", postgres.url(), "--broker", redis_server.url]
        + ["--think", "0.02", "--warmup", "0.5", "--duration", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    (level,) = json.loads(out.stdout)["levels"]
    assert level["db"] == "PostgreSQL, 2 server processes"
    assert level["games_moving"] == 2 and level["acts"] > 0
    assert level["refused"] == 0 and level["errors"] == 0
    assert level["server_rss_mb"] > 20 and level["server_cpu"] > 0  # the two processes' sum


@pytest.mark.parametrize(
    "args, words",
    [
        (["--processes", "2"], "--processes above 1 needs --broker"),
        (["--processes", "2", "--broker", "redis://127.0.0.1:1/0"], "--db postgresql://"),
        (["--processes", "2", "--broker", "redis://x", "--db", "sqlite:///x.db"], "--db postgresql://"),
        (["--broker", "http://x", "--db", "postgresql://u:p@h/d"], "--broker takes redis://"),
        (["--url", " , "], "--url: no URL given"),
    ],
)
def test_loadtest_cluster_options_one_line(args, words):
    result = CliRunner().invoke(main, ["loadtest", *args])
    assert result.exit_code != 0 and words in result.output and "Traceback" not in result.output


def test_a_lobby_request_with_a_non_utf8_body_is_a_clear_400_at_every_process(tmp_path, postgres, redis_server):
    """A cluster process reads a lobby request's body itself, to forward it to the game's owner: a
    body that was not UTF-8 was a 500 (UnicodeDecodeError) at the owner and at the others alike."""
    servers = processes(tmp_path, postgres.database(), redis_server.url, 2)
    try:
        for s in servers:
            s.start()
        made = httpx.post(servers[0].url + "/api/games", json={"name": "Ann"}, timeout=30).json()
        for s in servers:
            r = httpx.post(
                f"{s.url}/api/games/{made['code']}/join",
                content=b'{"name": "\xffBob"}',
                headers={"content-type": "application/json"},
                timeout=30,
            )
            assert r.status_code == 400, (s.url, r.status_code, r.text)
            assert r.json()["detail"] == "the request body is not UTF-8 text (the API takes JSON, which is UTF-8)"
            assert "Traceback" not in s.log()
        assert servers[1].get(f"/api/games/{made['code']}")["seats"][1]["kind"] == "open"  # nothing changed
    finally:
        for s in servers:
            s.kill()
