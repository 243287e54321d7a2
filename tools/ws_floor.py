"""The floor of the server's cost per act: what the transport alone costs on this machine.

A bare ASGI WebSocket app on uvicorn (no game, no views, no database) does only what the game server's
transport does for one act: it receives the act, answers the sender (the ack) and sends a 2.5 KB
update to each of the game's four sockets. Clients in another process play N "games" of four sockets
at the load test's pace (each socket acts every 1-3 s, about two acts a second per game). It prints
the server's CPU time per act, the figure ``landlords loadtest`` reports for the real server
(docs/performance.md), so the two can be read side by side:

    python tools/ws_floor.py                 # 200 games, uvicorn's default loop (uvloop if installed)
    python tools/ws_floor.py --games 200 --loop asyncio

Needs the server extra (uvicorn, websockets). Linux only (it reads the server's CPU time in /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import time
from typing import Any

UPDATE = '{"type":"update","x":"' + "a" * 2500 + '"}'
ACK = '{"type":"ack","version":1}'


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Each socket of /ws/GAME receives acts; an act is acknowledged, then the update goes to the
    game's every socket."""
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] != "websocket":
        return
    members = GROUPS.setdefault(scope["path"].rsplit("/", 1)[-1], [])
    await receive()
    await send({"type": "websocket.accept"})
    members.append(send)
    try:
        while (await receive())["type"] != "websocket.disconnect":
            await send({"type": "websocket.send", "text": ACK})
            for other in list(members):
                await other({"type": "websocket.send", "text": UPDATE})
    finally:
        members.remove(send)


GROUPS: dict[str, list[Any]] = {}


def serve(port: int, loop: str) -> None:
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", loop=loop, ws="websockets-sansio")


async def play(port: int, games: int, seconds: float) -> int:
    import websockets

    acts = 0
    stop = time.monotonic() + seconds

    async def seat(game: int) -> None:
        nonlocal acts
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{game}", compression=None) as ws:
            reader = asyncio.create_task(_drain(ws))
            while time.monotonic() < stop:
                await asyncio.sleep(random.uniform(1.0, 3.0))
                await ws.send('{"type":"act"}')
                acts += 1
            reader.cancel()

    await asyncio.gather(*(seat(g) for g in range(games) for _ in range(4)))
    return acts


async def _drain(ws: Any) -> None:
    async for _ in ws:
        pass


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play; the middle half is measured")
    parser.add_argument("--loop", default="auto", choices=("auto", "asyncio", "uvloop"))
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the server process's own call
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.loop)
        return
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--loop", args.loop])
    try:
        time.sleep(2)
        window: list[tuple[float, float]] = []

        async def measure() -> int:
            task = asyncio.create_task(play(port, args.games, args.seconds))
            await asyncio.sleep(args.seconds / 4)
            window.append((time.monotonic(), cpu_seconds(server.pid)))
            await asyncio.sleep(args.seconds / 2)
            window.append((time.monotonic(), cpu_seconds(server.pid)))
            return await task

        acts = asyncio.run(measure())
        rate = acts / args.seconds  # each seat acts until the end of its last pause
        (t0, c0), (t1, c1) = window
        share = (c1 - c0) / (t1 - t0)
        print(
            f"{args.games} games, loop {args.loop}: {rate:.0f} acts/s, server CPU {share:.2f} of a core, "
            f"{1000 * share / rate:.3f} ms per act"
        )
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
