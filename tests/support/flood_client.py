"""A hostile client from one loopback address, as a process of its own (test_server_flood.py): it
holds ``idle`` TCP connections that send nothing, ``slow`` ones that send a request head one line
every ``trickle`` seconds (slowloris), and ``sockets`` WebSockets that watch a game and ask for its
whole view (``sync``) in a loop. A connection the server closes is opened again after ``again``
seconds, until ``seconds`` have passed; then it prints what it saw as one JSON line.

    python tests/support/flood_client.py PORT CODE SECONDS IDLE SLOW SOCKETS
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import sys
import time
from collections import Counter

import websockets

HOST = "127.0.0.1"
TRICKLE = 5.0  # seconds between two header lines of a slow client
AGAIN = 1.0  # seconds before a closed connection is opened again


async def flood(port: int, code: str, seconds: float, idle: int, slow: int, sockets: int) -> dict:
    seen: Counter = Counter()
    lives: list[float] = []  # how long the server let an idle or slow connection it admitted stay
    end = time.monotonic() + seconds

    async def hold(kind: str) -> None:
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection(HOST, port)
            except OSError:
                seen["connect_failed"] += 1
                await asyncio.sleep(AGAIN)
                continue
            seen[f"{kind}_opened"] += 1
            opened = time.monotonic()
            try:
                if kind == "slow":
                    writer.write(b"GET /api/health HTTP/1.1\r\n")
                got = b""
                while time.monotonic() < end:
                    try:
                        chunk = await asyncio.wait_for(reader.read(4096), TRICKLE if kind == "slow" else 1.0)
                    except TimeoutError:
                        if kind == "slow":
                            writer.write(b"X-Trickle: %d\r\n" % int(time.monotonic()))
                        continue
                    if not chunk:
                        break
                    got += chunk
                if got.startswith(b"HTTP/1.1 429"):
                    seen[f"{kind}_refused_429"] += 1
                elif time.monotonic() < end:
                    seen[f"{kind}_dropped"] += 1
                    lives.append(time.monotonic() - opened)
            except (ConnectionError, OSError):
                seen[f"{kind}_reset"] += 1
                lives.append(time.monotonic() - opened)
            finally:
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
            await asyncio.sleep(AGAIN)

    async def watch() -> None:
        while time.monotonic() < end:
            try:
                async with websockets.connect(f"ws://{HOST}:{port}/ws/{code}", open_timeout=10) as ws:
                    seen["ws_opened"] += 1
                    await ws.send(json.dumps({"type": "hello"}))
                    while time.monotonic() < end:
                        await ws.send(json.dumps({"type": "sync", "id": 1}))
                        while True:  # until the answer to this sync (updates come between)
                            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                            if msg.get("id") == 1 or msg["type"] == "welcome":
                                break
                        seen["sync_" + ("answered" if msg["type"] == "welcome" else msg.get("code", "?"))] += 1
            except websockets.InvalidStatus as exc:
                seen[f"ws_refused_{exc.response.status_code}"] += 1
            except (TimeoutError, websockets.ConnectionClosed, OSError) as exc:
                seen[f"ws_{type(exc).__name__}"] += 1
            await asyncio.sleep(AGAIN)

    tasks = [hold("idle") for _ in range(idle)] + [hold("slow") for _ in range(slow)]
    tasks += [watch() for _ in range(sockets)]
    await asyncio.gather(*tasks, return_exceptions=True)
    out = dict(seen)
    out["longest_life"] = round(max(lives), 1) if lives else None
    return out


def main() -> None:
    port, code, seconds, idle, slow, sockets = sys.argv[1:7]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    result = asyncio.run(flood(int(port), code, float(seconds), int(idle), int(slow), int(sockets)))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
