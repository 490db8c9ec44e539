"""Attacks on a running app server (issue 22), each measured from outside.

Each attack returns an ``AttackReport``: the unrelated requests tried while it was
under way, how many answered 5xx (or not at all), the worst latency among them, and
the peak resident memory of the server's busiest process.  The test suite runs them
small (tests/test_app_server.py) and asserts; ``make soak`` runs them large and
prints the table (docs/RELIABILITY.md).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROBE_TIMEOUT = 30.0  # an unrelated request that takes longer counts as not answered


@dataclass(frozen=True)
class AttackReport:
    name: str
    requests: int  # unrelated requests tried during the attack
    server_errors: int  # of them: 5xx, or no answer within PROBE_TIMEOUT
    worst_seconds: float
    peak_rss_mb: float

    def row(self) -> str:
        return (f"| {self.name} | {self.requests} | {self.server_errors} | {self.worst_seconds * 1000:,.0f} ms "
                f"| {self.peak_rss_mb:,.0f} MB |")


TABLE_HEAD = ("| attack | requests tried | 5xx | worst latency of an unrelated request | worker peak RSS |\n"
              "|---|---:|---:|---:|---:|")


class RssSampler:
    """The largest resident set of any process in the server's group, sampled."""

    def __init__(self, root_pid: int, every: float = 0.1):
        self.root_pid, self.every = root_pid, every
        self.peak_kb = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def peak_mb(self) -> float:
        return self.peak_kb / 1024

    def _run(self) -> None:
        while not self._stop.is_set():
            for pid in _family(self.root_pid):
                self.peak_kb = max(self.peak_kb, _rss_kb(pid))
            self._stop.wait(self.every)


class Probe:
    """Unrelated requests (``GET path``, or whatever ``ask`` sends, returning its status),
    timed, from a thread of their own."""

    def __init__(self, port: int, path: str = "/api/health", every: float = 0.2,
                 ask: Callable[[], int] | None = None):
        self.port, self.path, self.every = port, path, every
        self.ask = ask or (lambda: request(self.port, "GET", self.path, timeout=PROBE_TIMEOUT)[0])
        self.latencies: list[float] = []
        self.failures = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Probe:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def once(self) -> float:
        started = time.monotonic()
        try:
            status = self.ask()
            if status >= 500:
                self.failures += 1
        except (OSError, http.client.HTTPException):
            self.failures += 1
        elapsed = time.monotonic() - started
        self.latencies.append(elapsed)
        return elapsed

    def _run(self) -> None:
        while not self._stop.is_set():
            self.once()
            self._stop.wait(self.every)

    def report(self, name: str, rss: RssSampler) -> AttackReport:
        return AttackReport(name, len(self.latencies), self.failures, max(self.latencies, default=0.0), rss.peak_mb)


def request(port: int, method: str, path: str, body: Any = None, token: str | None = None,
            timeout: float = 15) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw or b"null")
        except ValueError:
            return response.status, raw.decode("utf-8", "replace")
    finally:
        conn.close()


@contextlib.contextmanager
def slow_sockets(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections that never finish their request: half of them stop in the
    middle of their headers, half send complete headers announcing a body and one byte
    of it (the slowloris of issue 22)."""
    opened: list[socket.socket] = []
    try:
        for n in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            if n % 2:
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            else:
                sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 1000\r\n\r\n{")
            opened.append(sock)
        yield opened
    finally:
        for sock in opened:
            sock.close()


def slow_clients(port: int, server_pid: int, count: int, seconds: float) -> AttackReport:
    """Hold ``count`` slow sockets open for ``seconds`` while probing the health check."""
    with RssSampler(server_pid) as rss, slow_sockets(port, count):
        with Probe(port) as probe:
            time.sleep(seconds)
    return probe.report(f"{count:,} slow sockets for {seconds:g} s", rss)


class StreamReader:
    """One open live stream, read line by line in a thread; ``updates`` collects the
    versions of the ``update`` events it sees."""

    def __init__(self, port: int, game_id: str):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(f"GET /api/games/{game_id}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Accept: text/event-stream\r\n\r\n".encode())
        self.hello = threading.Event()
        self.updates: list[int] = []
        self.busy = False
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        event = None
        with contextlib.suppress(OSError, ValueError), self.sock.makefile("rb") as lines:
            for raw in lines:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("retry: 5000"):
                    self.busy = True
                    self.hello.set()
                elif line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: ") and event:
                    data = json.loads(line[len("data: "):])
                    if event == "hello":
                        self.hello.set()
                    elif event == "update":
                        self.updates.append(int(data["version"]))
                    event = None

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def many_streams(port: int, server_pid: int, game_id: str, append: Callable[[], int], count: int,
                 wait_seconds: float = 30) -> tuple[AttackReport, list[StreamReader], int]:
    """Open ``count`` live streams on one game, then record one event through
    ``append`` (which returns the new version) and wait for every stream's update;
    a page is asked for throughout.  Returns the readers, for the caller to check."""
    readers: list[StreamReader] = []
    with RssSampler(server_pid) as rss, Probe(port, "/") as probe:
        try:
            for _ in range(count):
                readers.append(StreamReader(port, game_id))
            deadline = time.monotonic() + wait_seconds
            for reader in readers:
                reader.hello.wait(max(0.0, deadline - time.monotonic()))
            version = append()
            while time.monotonic() < deadline and not all(version in r.updates for r in readers):
                time.sleep(0.05)
            probe.once()  # a new client, with every stream open
        finally:
            for reader in readers:
                reader.close()
    return probe.report(f"{count:,} live streams on one game", rss), readers, version


def huge_import(port: int, server_pid: int, lines: int) -> tuple[AttackReport, int, int]:
    """``POST /api/import`` of ``lines`` lines of ``{}`` (issue 22: 3,000,000 of them grew
    a worker to 3 GB).  Returns the report, the answer's status and its size in bytes."""
    body = b"{}\n" * lines
    with RssSampler(server_pid) as rss, Probe(port) as probe:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        try:
            conn.request("POST", "/api/import", body=body, headers={"Content-Type": "application/x-ndjson"})
            response = conn.getresponse()
            status, size = response.status, len(response.read())
        finally:
            conn.close()
    return probe.report(f"import of {lines:,} lines of {{}}", rss), status, size


def corrections_on_a_long_game(port: int, server_pid: int, game_id: str, token: str, voids: int) -> AttackReport:
    """``voids`` forced voids of early events of a long game, one after another, while
    other tables create games and record in them (issue 22: with the fold inside the
    write lock, another game's append waited 51 s and game creations answered 500)."""
    status, other = request(port, "POST", "/api/games", {"engine": "panic-in-the-air",
                                                         "players": [{"name": n} for n in ("Ana", "Ben")]})
    assert status == 201, other
    turn = [0]

    def another_table() -> int:
        turn[0] += 1
        if turn[0] % 2:
            return request(port, "POST", "/api/games", {"engine": "panic-in-the-air", "players": [{"name": "Cy"},
                           {"name": "Di"}]}, timeout=PROBE_TIMEOUT)[0]
        return request(port, "POST", f"/api/games/{other['id']}/events", {"type": "card_drawn", "data": {}},
                       other["write_token"], timeout=PROBE_TIMEOUT)[0]

    with RssSampler(server_pid) as rss, Probe(port, ask=another_table, every=0.1) as probe:
        for target in range(1, 2 * voids, 2):  # every other early event: none already retracted
            request(port, "POST", f"/api/games/{game_id}/events",
                    {"type": "void", "data": {"target_seq": target, "reason": "soak", "force": True}}, token,
                    timeout=600)
    return probe.report(f"{voids} forced voids on a long game", rss)


def _family(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            text = stat.read_text()
            parents[int(stat.parent.name)] = int(text[text.rindex(")") + 2:].split()[1])
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(child for child, parent in parents.items() if parent == pid)
    return found


def _rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError, ValueError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
