"""``make soak``: writers against the real server while it is killed, and the count after.

For each scenario, the app server (granian, several worker processes) serves a fresh database on a
loopback port.  Writer threads append draws to their games, each event with its
own idempotency key, retrying through refused connections, 409s, 429s (after the wait
the server names: the rate limits stay on) and 5xx until the server acknowledges it.  In the crash scenario the whole server is killed with SIGKILL
at random moments and restarted.  Then everything is counted from the database.  Every scenario runs on SQLite and
on PostgreSQL (a throwaway server the soak starts, as the test suite does):

    writers, events attempted, acknowledged, found, duplicates, chain breaks, 5xx

*interrupted* counts requests that met a dead server (so the kills landed mid-load);
*found* is the acknowledged events present with the seq they were acknowledged at;
*duplicates* are keys stored more than once; *chain breaks* are games whose hash chain
does not verify; SQLite's ``PRAGMA integrity_check`` must say ok.  ``--quick`` runs the
same code small (the test suite calls it); docs/RELIABILITY.md has a full run.

Then issue 22's attacks (soak/attacks.py), one after another on one server as
``make run`` starts it: 1,000 slow sockets, 500 live streams, an import of 10^6
lines, 12 forced voids on a 100,000-event game; for each, the unrelated requests
tried meanwhile, their 5xx, the worst latency among them and the peak RSS of the
server's largest process (``--attacks-only`` runs just these).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from serve import app_server
from soak import attacks

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Ben", "Cy"]


class PostgresServer:
    """A throwaway PostgreSQL (the test suite's launcher) and fresh databases on it: the
    app server is what the soak kills, the database server stays up, as in production."""

    def __init__(self) -> None:
        from tests.pg_server import PostgresServer as Launcher

        self.launcher = Launcher()

    def database(self, name: str) -> str:
        from sqlalchemy import create_engine, text

        admin = create_engine(self.launcher.url("postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        admin.dispose()
        return self.launcher.url(name)

    def stop(self) -> None:
        self.launcher.stop()


@dataclass
class Tally:
    """What the writers saw, shared between their threads."""

    attempted: int = 0
    interrupted: int = 0  # requests that met a dead server: the kills did land mid-load
    acknowledged: dict[tuple[str, str], int] = field(default_factory=dict)  # (game, key) -> seq
    server_errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Server:
    """The app server (serve/app_server.py) on a loopback port, started in its own
    process group so that one SIGKILL takes its main process and every worker down at
    once, as a power cut would."""

    def __init__(self, database_url: str, workers: int, env: dict[str, str] | None = None,
                 output: Path | None = None, log_level: str = "warning", threads: int = 4,
                 access_log: bool = False):
        self.database_url = database_url
        self.workers = workers
        self.threads = threads
        self.env = env or {}
        self.output = output  # where the server's stdout and stderr go (default: nowhere)
        self.log_level = log_level
        self.access_log = access_log
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, **self.env, "DATABASE_URL": self.database_url}
        sink = open(self.output, "ab") if self.output else contextlib.nullcontext(subprocess.DEVNULL)
        with sink as where:  # the child keeps its own copy of the file
            self.process = subprocess.Popen(
                app_server.argv(app_server.Bind(port=self.port), self.workers, self.threads,
                                access_log=self.access_log, log_level=self.log_level),
                cwd=ROOT, env=app_server.environ(self.threads, env), start_new_session=True, stdout=where,
                stderr=where)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if _request(self.port, "GET", "/api/engines", timeout=2)[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        self.kill()
        raise RuntimeError("the app server did not come up")

    def kill(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        """SIGTERM, and SIGKILL if a worker still holds an open live stream after 10 s."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


_request = attacks.request  # one HTTP client for the soak, its attacks and the tests that borrow it


def _writer(server: Server, game: str, token: str, name: str, count: int, tally: Tally, stop: threading.Event) -> None:
    """Append ``count`` draws, each under its own key, until each is acknowledged: a
    refused connection (the server is down) or a 5xx is retried with the same key."""
    for n in range(count):
        key = f"{name}-{n}"
        with tally.lock:
            tally.attempted += 1
        while not stop.is_set():
            try:
                status, answer = _request(server.port, "POST", f"/api/games/{game}/events",
                                          {"type": "card_drawn", "data": {}, "idempotency_key": key}, token)
            except (OSError, http.client.HTTPException, json.JSONDecodeError):
                with tally.lock:
                    tally.interrupted += 1
                time.sleep(0.05)
                continue
            if status >= 500:
                with tally.lock:
                    tally.server_errors += 1
                continue
            if status == 429:  # the per-token rate limit: wait as told, as a client should
                time.sleep(min(float(answer.get("retry_after", 1)), 5))
                continue
            if status in (200, 201):
                with tally.lock:
                    tally.acknowledged[(game, key)] = answer["seq"]
                break
            if status != 409:
                raise RuntimeError(f"{key}: unexpected {status} {answer}")


def scenario(name: str, writers: int, games: int, events_each: int, kills: int, workers: int,
             url: str, instances: int = 1) -> dict[str, Any]:
    """One row of the table: run the writers (and the killer) against a fresh database
    at ``url``, then count.  With several ``instances`` (separate app servers on
    the one database, as behind a load balancer) writer ``w`` talks to instance
    ``w % instances``, so every game is written through all of them."""
    from recorder.db import make_engine
    from recorder.migrate import upgrade

    engine = make_engine(url)
    upgrade(engine)
    engine.dispose()
    servers = [Server(url, workers) for _ in range(instances)]
    for server in servers:
        server.start()
    made = []
    for _ in range(games):
        status, game = _request(servers[0].port, "POST", "/api/games", {
            "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS],
            "options": {"deck_total": None}})
        assert status == 201, game
        made.append((game["id"], game["write_token"]))
    tally, stop = Tally(), threading.Event()
    threads = [threading.Thread(target=_writer, args=(servers[w % instances], made[w % games][0], made[w % games][1],
                                                      f"w{w}", events_each, tally, stop), daemon=True)
               for w in range(writers)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    chooser = random.Random(20261130)
    total = writers * events_each
    for kill in range(kills):
        # Each kill lands at a random moment of its own stretch of the load, judged by
        # progress, not time: appends got fast enough to finish before a timed kill.
        due = total * (kill + chooser.uniform(0.2, 0.8)) / (kills + 1)
        while len(tally.acknowledged) < due and any(thread.is_alive() for thread in threads):
            time.sleep(0.002)
        victim = chooser.choice(servers)
        victim.kill()
        victim.start()
    for thread in threads:
        thread.join(600)
    stop.set()
    seconds = time.monotonic() - started
    for server in servers:
        server.stop()
    return {"scenario": name, "database": url.split(":", 1)[0].split("+")[0], "instances": instances,
            "writers": writers, "kills": kills, "seconds": seconds, **count(url, [game for game, _ in made], tally)}


def count(url: str, games: list[str], tally: Tally) -> dict[str, Any]:
    """Everything the table reports, read back from the database itself."""
    from sqlalchemy import text

    from recorder.db import make_engine
    from recorder.store import EventStore

    store = EventStore(make_engine(url))
    with store.db.connect() as conn:
        stored = {(game, key): seq for game, key, seq in conn.execute(
            text("SELECT game_id, idempotency_key, seq FROM events"))}
        duplicates = conn.execute(text(
            "SELECT count(*) FROM (SELECT game_id, idempotency_key FROM events "
            "GROUP BY game_id, idempotency_key HAVING count(*) > 1) AS twice")).scalar_one()
        integrity = (conn.execute(text("PRAGMA integrity_check")).scalar_one()
                     if store.db.dialect.name == "sqlite" else "n/a")
    breaks = sum(1 for game in games if not store.verify(game)["ok"])
    store.db.dispose()
    found = sum(1 for key, seq in tally.acknowledged.items() if stored.get(key) == seq)
    return {"attempted": tally.attempted, "interrupted": tally.interrupted,
            "acknowledged": len(tally.acknowledged), "found": found,
            "stored": len(stored), "duplicates": duplicates, "chain_breaks": breaks,
            "server_errors": tally.server_errors, "integrity": integrity}


COLUMNS = ("scenario", "database", "instances", "writers", "kills", "attempted", "interrupted", "acknowledged", "found", "duplicates", "chain_breaks",
           "server_errors", "integrity", "seconds")


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a Markdown table, ready for docs/RELIABILITY.md."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + " --- |" * len(COLUMNS)]
    for row in rows:
        lines.append("| " + " | ".join(f"{row[c]:.1f}" if c == "seconds" else str(row[c]) for c in COLUMNS) + " |")
    return "\n".join(lines)


@dataclass(frozen=True)
class AttackSizes:
    sockets: int
    socket_seconds: float
    streams: int
    import_lines: int
    game_events: int
    voids: int


QUICK_ATTACKS = AttackSizes(sockets=100, socket_seconds=3, streams=50, import_lines=10_000, game_events=2_000,
                            voids=3)
FULL_ATTACKS = AttackSizes(sockets=1_000, socket_seconds=20, streams=500, import_lines=1_000_000,
                           game_events=100_000, voids=12)


def attack_reports(folder: Path, sizes: AttackSizes) -> list[attacks.AttackReport]:
    """Issue 22's attacks, one after another, on one server as ``make run`` starts it
    (2 workers x 16 threads, SQLite), each with unrelated requests probing meanwhile."""
    from bench.correction_stall import build

    path = folder / "attacks.db"
    long_game, long_token = build(path, sizes.game_events)  # migrates the database too
    server = Server(f"sqlite:///{path}", 2, {"TABLESCRIBE_RATE_LIMITS": "off"}, threads=16)
    server.start()
    try:
        assert server.process is not None
        pid = server.process.pid
        reports = [attacks.slow_clients(server.port, pid, sizes.sockets, sizes.socket_seconds)]
        status, game = _request(server.port, "POST", "/api/games", {
            "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS]})
        assert status == 201, game

        def append() -> int:
            answer = _request(server.port, "POST", f"/api/games/{game['id']}/events",
                              {"type": "card_drawn", "data": {}}, game["write_token"])[1]
            return int(answer["seq"])

        streamed, readers, version = attacks.many_streams(server.port, pid, game["id"], append, sizes.streams)
        missed = sum(version not in reader.updates for reader in readers)
        reports.append(dataclasses.replace(streamed, server_errors=streamed.server_errors + missed))
        imported, status, _ = attacks.huge_import(server.port, pid, sizes.import_lines)
        reports.append(dataclasses.replace(imported, server_errors=imported.server_errors + (status >= 500)))
        reports.append(attacks.corrections_on_a_long_game(server.port, pid, long_game, long_token, sizes.voids))
    finally:
        server.stop()
    return reports


@dataclass(frozen=True)
class SoakResult:
    rows: list[dict[str, Any]]
    attacks: list[attacks.AttackReport]


def main(argv: list[str] | None = None) -> SoakResult:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    parser.add_argument("--attacks-only", action="store_true", help="only issue 22's attacks (soak/attacks.py)")
    args = parser.parse_args(argv)
    if args.attacks_only:
        return SoakResult([], _print_attacks(QUICK_ATTACKS if args.quick else FULL_ATTACKS))
    # (name, writers, games, events each, kills, server workers, app instances)
    plan = [("race, one game", 8, 1, 5, 0, 4, 1), ("two instances, one game", 8, 1, 5, 0, 2, 2),
            ("SIGKILL and restart", 4, 2, 30, 3, 2, 1)] if args.quick else [
        ("race, one game", 8, 1, 100, 0, 4, 1), ("race, eight games", 64, 8, 25, 0, 4, 1),
        ("two instances, one game", 8, 1, 100, 0, 2, 2), ("two instances, SIGKILL", 8, 4, 100, 20, 2, 2),
        ("SIGKILL and restart", 8, 4, 100, 20, 2, 1)]
    rows = []
    with tempfile.TemporaryDirectory(prefix="tablescribe-soak-") as tmp:
        for index, (name, writers, games, each, kills, workers, instances) in enumerate(plan):
            rows.append(scenario(name, writers, games, each, kills, workers, f"sqlite:///{tmp}/soak-{index}.db",
                                 instances))
    postgres = PostgresServer()
    try:
        for index, (name, writers, games, each, kills, workers, instances) in enumerate(plan):
            rows.append(scenario(name, writers, games, each, kills, workers, postgres.database(f"soak_{index}"),
                                 instances))
    finally:
        postgres.stop()
    print(table(rows))
    print()
    return SoakResult(rows, _print_attacks(QUICK_ATTACKS if args.quick else FULL_ATTACKS))


def _print_attacks(sizes: AttackSizes) -> list[attacks.AttackReport]:
    with tempfile.TemporaryDirectory(prefix="tablescribe-attacks-") as tmp:
        reports = attack_reports(Path(tmp), sizes)
    print(attacks.TABLE_HEAD)
    for report in reports:
        print(report.row(), flush=True)
    return reports


if __name__ == "__main__":
    main()
