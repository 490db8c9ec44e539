"""``make serve`` (issue 8): the production setup of docs/DEPLOYMENT.md, run as a user
would (``python -m serve``), in a temporary folder on free ports.  Through nginx: ready,
the demo games loaded, a game recorded; a viewer's live stream opened through the
proxy sees events appended through each app instance directly (the streams' polling
and heartbeat are set to 30 s, so only LISTEN/NOTIFY can be that quick); the
X-Forwarded-* headers are the proxy's.  Then SIGTERM: every process it started,
PostgreSQL's included, is gone."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from recorder.demo import demo_games
from serve.postgres import Cluster, find_bin
from serve.processes import ROOT
from serve.proxy import find_nginx
from serve.run import READY_LINE
from soak.run import _request
from tests.conftest import skip_or_fail
from tests.recorder.helpers import PLAYERS
from tests.recorder.test_instances import sse_events

START_SECONDS = 90


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    output: Path
    folder: Path
    proxy: int
    instances: list[int]


@pytest.fixture
def served() -> Iterator[Served]:
    if find_nginx() is None:
        skip_or_fail("nginx is not installed (apt-get install nginx)")
    if not find_bin("initdb") or not find_bin("pg_ctl"):
        skip_or_fail("PostgreSQL is not installed (apt-get install postgresql)")
    # Not tmp_path: pytest's folders are private to us, and PostgreSQL and nginx's
    # workers run as their own users when we are root.
    folder = Path(tempfile.mkdtemp(prefix="tablescribe-serve-"))
    folder.chmod(0o755)
    output = folder / "serve.out"
    env = {**os.environ, "TABLESCRIBE_LIVE_POLL_SECONDS": "30", "TABLESCRIBE_LIVE_HEARTBEAT_SECONDS": "30"}
    with open(output, "wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "serve", "--port", "0", "--instance", str(folder / "instance"),
             "--workers", "1", "--threads", "8"], cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        printed = wait_for_ready(process, output)
        proxy = int(re.findall(rf"{READY_LINE}http://127\.0\.0\.1:(\d+)", printed)[0])
        instances = [int(port) for port in re.findall(r"app instance \d: http://127\.0\.0\.1:(\d+)", printed)]
        yield Served(process, output, folder, proxy, instances)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        cluster = Cluster(folder / "instance" / "pg")
        if cluster.initialized and cluster.running():  # only if the stop above failed
            cluster.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)


def wait_for_ready(process: subprocess.Popen[bytes], output: Path) -> str:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        printed = output.read_text()
        if READY_LINE in printed:
            return printed
        if process.poll() is not None:
            pytest.fail(f"serve exited ({process.returncode}) before it was ready:\n{printed}")
        time.sleep(0.1)
    pytest.fail(f"serve not ready after {START_SECONDS} s:\n{output.read_text()}")


def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def test_make_serve_runs_postgres_two_instances_and_nginx_then_stops_them_all(served: Served) -> None:
    assert len(served.instances) == 2
    status, ready = _request(served.proxy, "GET", "/api/ready")
    assert (status, ready["status"], ready["database"]) == (200, "ready", "postgresql")
    status, listed = _request(served.proxy, "GET", "/api/games")
    assert status == 200 and len(listed["games"]) == len(list(demo_games())), "the demo games are loaded"

    status, game = _request(served.proxy, "POST", "/api/games", {
        "engine": "panic-in-the-air", "players": [{"name": p} for p in PLAYERS]})
    assert status == 201
    events_path, token = f"/api/games/{game['id']}/events", game["write_token"]
    status, answer = _request(served.proxy, "POST", events_path, {"type": "card_drawn", "data": {}}, token)
    assert (status, answer["seq"]) == (201, 1)

    follow_through_proxy(served, game["id"], token)
    forwarded_headers_are_the_proxys(served, game["id"], token)

    running = family([served.process.pid, postmaster(served.folder)])
    assert len(running) >= 1 + 2 * 2 + 3 + 2, "serve, 2 gunicorns with a worker each, nginx and 2 workers, PostgreSQL"
    served.process.send_signal(signal.SIGTERM)
    assert served.process.wait(30) == 0
    assert served.output.read_text().rstrip().endswith("SIGTERM: stopping\nStopped.")
    left = [pid for pid in running if alive(pid)]
    assert not left, f"still running after the stop: {left}"


def follow_through_proxy(served: Served, game_id: str, token: str) -> None:
    """A viewer behind nginx; events appended through instance 1, then instance 2,
    directly: whichever instance serves the stream, one of them is the other one."""
    events = sse_events(served.proxy, f"/api/games/{game_id}/stream")
    try:
        assert next(events) == ("hello", {"version": 1})
        time.sleep(1)  # the viewing instance's LISTEN connection is up, its stream waiting
        for version, port in ((2, served.instances[0]), (3, served.instances[1])):
            sent = time.monotonic()
            status, answer = _request(port, "POST", f"/api/games/{game_id}/events",
                                      {"type": "card_drawn", "data": {}}, token)
            assert (status, answer["seq"]) == (201, version)
            name, data = next(events)
            delay = time.monotonic() - sent
            assert (name, data["version"]) == ("update", version)
            assert delay < 5, f"update {version} took {delay:.1f} s"
    finally:
        events.close()


def forwarded_headers_are_the_proxys(served: Served, game_id: str, token: str) -> None:
    """The recording page's invite link is built from the request's scheme and host.
    Through nginx they are the proxy's, whatever the client claims; an instance
    asked directly believes the one proxy it trusts (TABLESCRIBE_TRUSTED_PROXIES=1)."""
    claims = {"Cookie": f"ts_token_{game_id}={token}", "X-Forwarded-Proto": "https",
              "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "203.0.113.9"}
    page = f"/games/{game_id}/record"
    status, html = get(served.proxy, page, claims)
    assert status == 200 and f'value="http://127.0.0.1:{served.proxy}{page}#token=' in html
    status, html = get(served.instances[0], page, claims)
    assert status == 200 and f'value="https://evil.example{page}#token=' in html


def postmaster(folder: Path) -> int:
    return int((folder / "instance" / "pg" / "data" / "postmaster.pid").read_text().split()[0])


def processes() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, state), from /proc."""
    table = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # gone meanwhile
        state, parent = text[text.rindex(")") + 2:].split()[:2]
        table[int(stat.parent.name)] = (int(parent), state)
    return table


def family(roots: list[int]) -> set[int]:
    """The processes ``roots`` and all their descendants."""
    table, found, todo = processes(), set(), list(roots)
    while todo:
        pid = todo.pop()
        found.add(pid)
        todo.extend(child for child, (parent, _) in table.items() if parent == pid and child not in found)
    return found


def alive(pid: int) -> bool:
    """Running, and not a zombie (an orphan whose reaper has not come by yet)."""
    state = processes().get(pid)
    return state is not None and state[1] != "Z"
