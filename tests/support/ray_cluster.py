"""A real Ray cluster on this machine for the tests: a head node and worker nodes, each started with
``ray start ... --block`` in its own session and temp folder, on free loopback ports.

Every node's processes (raylet, agents, workers) descend from its ``ray start``, in its process
group: :meth:`RayCluster.kill` ends one node at once with SIGKILL (a machine lost), and
:meth:`RayCluster.stop` ends them all. ``ray stop --force`` is not used: it stops every Ray process
of the machine, other people's clusters too; here only what the cluster started is ended (its process
groups, their descendants, and any process still naming the cluster's temp folder).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAY = str(Path(sys.executable).with_name("ray"))
OBJECT_STORE = 80 * 1024 * 1024  # bytes per node: the games' results are a few KB


def free_ports(n: int, taken: set[int]) -> list[int]:
    """``n`` free loopback ports, distinct from each other and from ``taken`` (which they join).

    The sockets stay bound until all are chosen: a port released at once can be handed out again by
    the next bind (two of a node's components once got the same port, and Ray refused to start)."""
    held: list[socket.socket] = []
    ports: list[int] = []
    try:
        while len(ports) < n:
            s = socket.socket()
            held.append(s)
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
            if port not in taken:
                ports.append(port)
                taken.add(port)
    finally:
        for s in held:
            s.close()
    return ports


class RayCluster:
    def __init__(self, worker_nodes: int = 2, cpus_per_worker: int = 1) -> None:
        # short: Ray's unix sockets live under it (a socket path is at most 107 bytes)
        self.root = Path(tempfile.mkdtemp(prefix="llray-", dir="/tmp"))
        self.taken: set[int] = set()  # every port handed to a node of this cluster
        (self.port,) = free_ports(1, self.taken)
        self.address = f"127.0.0.1:{self.port}"
        self.nodes: dict[str, subprocess.Popen] = {}
        self.worker_nodes, self.cpus_per_worker = worker_nodes, cpus_per_worker
        self.token = secrets.token_hex(32)

    def env(self) -> dict[str, str]:
        """The environment of the nodes and of a driver: the cluster's own token (Ray's token
        authentication, never a file in the home folder), no usage statistics."""
        env = {
            **os.environ,
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": self.token,
            "RAY_USAGE_STATS_ENABLED": "0",
        }
        # a node is declared dead after 5 missed health checks, 1 s apart (Ray's default: 3 s apart),
        # so its queued tasks move on sooner
        env |= {"RAY_health_check_period_ms": "1000", "RAY_health_check_failure_threshold": "5"}
        env.pop("RAY_ADDRESS", None)
        env.pop("RAY_AUTH_TOKEN_PATH", None)
        return env

    def _start(self, name: str, *args: str) -> None:
        folder = self.root / name
        folder.mkdir()
        options = (
            "--node-manager-port",
            "--object-manager-port",
            "--dashboard-agent-listen-port",
            "--dashboard-agent-grpc-port",
            "--metrics-export-port",
            "--runtime-env-agent-port",
        )
        chosen = free_ports(len(options), self.taken)
        ports = [f"{option}={port}" for option, port in zip(options, chosen, strict=True)]
        cmd = [RAY, "start", "--block", f"--temp-dir={folder}", "--node-ip-address=127.0.0.1", *ports]
        cmd += [f"--object-store-memory={OBJECT_STORE}", "--disable-usage-stats", *args]
        env = self.env()
        log = (folder / "ray-start.log").open("w")
        self.nodes[name] = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env, start_new_session=True
        )

    def start(self, timeout: float = 180.0) -> RayCluster:
        """Start the head (no CPUs: the games run on the worker nodes) and the worker nodes, and wait
        until every node has joined."""
        self._start(
            "head",
            "--head",
            f"--port={self.port}",
            "--num-cpus=0",
            "--include-dashboard=false",
        )
        self._wait(lambda: self._gcs_up(), timeout, "the head node")
        for i in range(self.worker_nodes):
            self._start(f"worker{i}", f"--address={self.address}", f"--num-cpus={self.cpus_per_worker}")
        self._wait(lambda: len(self.alive()) == 1 + self.worker_nodes, timeout, "the worker nodes")
        return self

    def _gcs_up(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def _wait(self, ready, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            dead = [n for n, p in self.nodes.items() if p.poll() is not None]
            if dead or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start ({', '.join(dead) or 'timeout'}): {self.logs()}")
            time.sleep(0.5)

    def alive(self) -> list[str]:
        """The node ids the cluster counts alive (from ``ray list nodes``-like state, via the CLI-less
        GCS query of a connected driver when there is one, else ``ray status``)."""
        out = subprocess.run(
            [RAY, "status", f"--address={self.address}"],
            capture_output=True,
            text=True,
            timeout=60,
            env=self.env(),
        ).stdout
        active = out.split("Active:", 1)[1].split("Pending:", 1)[0] if "Active:" in out else ""
        return [line.split()[-1] for line in active.splitlines() if "node_" in line]

    def processes(self, name: str) -> list[int]:
        """Every live process of node ``name``: its ``ray start``, all it started and its group."""
        root = self.nodes[name].pid
        table = _process_table()
        found = {pid for pid, (_, pgid, _) in table.items() if pgid == root} | ({root} & table.keys())
        grew = True
        while grew:
            more = {pid for pid, (ppid, _, _) in table.items() if ppid in found} - found
            found |= more
            grew = bool(more)
        return sorted(found)

    def commands(self, name: str) -> list[tuple[int, str]]:
        """(pid, command line) of every process of node ``name`` (a Ray worker's names what it runs:
        ``ray::IDLE``, ``ray::FUNCTION``)."""
        table = _process_table()
        return [(pid, table[pid][2]) for pid in self.processes(name) if pid in table]

    def kill(self, name: str) -> int:
        """SIGKILL every process of node ``name`` at once (a machine lost); how many there were."""
        pids = self.processes(name)
        _signal(pids, signal.SIGKILL)
        self.nodes[name].wait(timeout=30)
        return len(pids)

    def stray(self) -> list[int]:
        """Processes still running that this cluster started (zombies aside)."""
        pids = {pid for name in self.nodes for pid in self.processes(name)}
        pids |= {pid for pid, (_, _, cmd) in _process_table().items() if str(self.root) in cmd}
        return sorted(pids)

    def stop(self) -> None:
        """End every process of the cluster (SIGTERM, then SIGKILL after a grace period) and remove
        its temp folder."""
        _signal(self.stray(), signal.SIGTERM)
        deadline = time.monotonic() + 5
        while self.stray() and time.monotonic() < deadline:
            time.sleep(0.3)
        _signal(self.stray(), signal.SIGKILL)
        for p in self.nodes.values():
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        shutil.rmtree(self.root, ignore_errors=True)

    def logs(self) -> str:
        out = []
        for name in self.nodes:
            log = self.root / name / "ray-start.log"
            if log.exists():
                out.append(f"--- {name}\n" + log.read_text(errors="replace")[-2000:])
        return "\n".join(out)


def _process_table() -> dict[int, tuple[int, int, str]]:
    """pid: (parent pid, process group, command line) of every live process (zombies left out)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (name) "
        if fields[0] != "Z":
            table[int(entry.name)] = (int(fields[1]), int(fields[2]), cmd)
    return table


def _signal(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass
