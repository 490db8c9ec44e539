"""``make serve`` (issue 8): the production setup of docs/DEPLOYMENT.md, run as a user
would (``python -m serve``), in a temporary folder on free ports.  Through nginx: ready,
the demo games loaded, a game recorded; a viewer's live stream opened through the
proxy sees events appended through each app instance directly (the streams' polling
and heartbeat are set to 30 s, so only LISTEN/NOTIFY can be that quick); the
X-Forwarded-* headers are the proxy's.  Then SIGTERM: every process it started,
PostgreSQL's included, is gone."""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from stat import S_IMODE
from typing import Any

import pytest

from recorder.build import build_id
from recorder.demo import demo_games
from serve.launched import NotReady, launched
from serve.postgres import find_bin
from serve.processes import connection
from serve.proxy import find_nginx
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
    instances: list[str]  # their Unix sockets


@pytest.fixture
def served() -> Iterator[Served]:
    if find_nginx() is None:
        skip_or_fail("nginx is not installed (apt-get install nginx)")
    if not find_bin("initdb") or not find_bin("pg_ctl"):
        skip_or_fail("PostgreSQL is not installed (apt-get install postgresql)")
    env = {**os.environ, "TABLESCRIBE_LIVE_POLL_SECONDS": "30", "TABLESCRIBE_LIVE_HEARTBEAT_SECONDS": "30"}
    try:
        with launched(["--workers", "1", "--threads", "8"], env, START_SECONDS, "tablescribe-serve-") as serving:
            instances = re.findall(r"app instance \d: unix:(\S+)", serving.printed)
            yield Served(serving.process, serving.output, serving.folder, serving.port, instances)
    except NotReady as failure:
        pytest.fail(str(failure))


def at_instance(socket: str, method: str, path: str, body: Any = None, token: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A request straight to an app instance, on its Unix socket."""
    conn = connection(socket, None, timeout=10)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Bearer {token}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        response = conn.getresponse()
        raw = response.read().decode()
        return response.status, json.loads(raw) if response.getheader("Content-Type", "").startswith(
            "application/json") else raw
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
    frames_are_kept_by_the_proxy_only_when_named(served, game["id"])

    running = family([served.process.pid, postmaster(served.folder)])
    assert len(running) >= 1 + 2 * 2 + 3 + 2, "serve, 2 app servers with a worker each, nginx and 2 workers, PostgreSQL"
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
        for version, socket in ((2, served.instances[0]), (3, served.instances[1])):
            sent = time.monotonic()
            status, answer = at_instance(socket, "POST", f"/api/games/{game_id}/events",
                                         {"type": "card_drawn", "data": {}}, token)
            assert (status, answer["seq"]) == (201, version)
            name, data = next(events)
            delay = time.monotonic() - sent
            assert (name, data["version"]) == ("update", version)
            assert delay < 5, f"update {version} took {delay:.1f} s"
    finally:
        events.close()


def frames_are_kept_by_the_proxy_only_when_named(served: Served, game_id: str) -> None:
    """A frames URL naming the game's version and the build is drawn by an instance once,
    then sent by nginx from its cache; one naming neither is always the instance's."""
    _, game = _request(served.proxy, "GET", f"/api/games/{game_id}")
    frames = f"/api/games/{game_id}/frames?from=0&count=20&board=parts"
    named = f"{frames}&version={game['version']}&build={build_id()}"

    def fetched(path: str) -> tuple[str | None, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", served.proxy, timeout=10)
        try:
            conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
            response = conn.getresponse()
            body = response.read()
            assert response.status == 200, body
            return response.getheader("X-Cache"), body
        finally:
            conn.close()

    first, drawn = fetched(named)
    again, kept = fetched(named)
    assert (first, again) == ("MISS", "HIT") and kept == drawn
    assert json.loads(gzip.decompress(kept))["version"] == game["version"]
    assert [fetched(frames)[0] for _ in range(2)] == ["MISS", "MISS"]


def forwarded_headers_are_the_proxys(served: Served, game_id: str, token: str) -> None:
    """An invite's link is built from the request's scheme and host.
    Through nginx they are the proxy's, whatever the client claims.  An instance
    believes the one proxy it trusts (TABLESCRIBE_TRUSTED_PROXIES=1), so it listens
    where only that proxy can reach it: a Unix socket in a folder closed to others,
    and no TCP port at all."""
    claims = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "X-Forwarded-Proto": "https",
              "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "203.0.113.9"}
    status, invite = post(served.proxy, f"/api/games/{game_id}/invites", claims)
    assert status == 201, invite
    assert invite["join_url"].startswith(f"http://127.0.0.1:{served.proxy}/games/{game_id}/record#invite=")
    for socket in served.instances:
        folder = Path(socket).parent
        assert S_IMODE(folder.stat().st_mode) == 0o700, "only the proxy's user may reach the sockets"
    listening = tcp_ports(family([served.process.pid]))
    assert listening == {served.proxy}, f"only nginx listens on TCP, not {listening - {served.proxy}}"


def post(port: int, path: str, headers: dict[str, str]) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", path, body="{}", headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


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


def tcp_ports(pids: set[int]) -> set[int]:
    """The TCP ports that the processes ``pids`` listen on, from /proc."""
    inodes: set[str] = set()
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").glob("*"):
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[len("socket:["):-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def test_a_killed_instance_is_restarted_while_the_rest_keeps_serving(served: Served) -> None:
    """kill -9 of one instance's main process (its workers too, as a crash would):
    every request through the proxy is still answered, by the other instance, and
    the supervisor starts the dead one again."""
    victim = instance_pids(served)[0]
    os.killpg(victim, signal.SIGKILL)
    answered = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        answered.append(_request(served.proxy, "GET", "/api/ready")[0])
        if "app instance 1 exited" in served.output.read_text() and len(instance_pids(served)) == 2:
            break
        time.sleep(0.1)
    assert set(answered) == {200}, f"answers through the proxy meanwhile: {answered}"
    assert "app instance 1 exited (-9): restarting it" in served.output.read_text()
    status, ready = wait_for(lambda: at_instance(served.instances[0], "GET", "/api/ready"))
    assert (status, ready["status"]) == (200, "ready")
    assert served.process.poll() is None, "serve itself kept running"


def instance_pids(served: Served) -> list[int]:
    """The main processes of the app instances, in instance order."""
    table = processes()
    children = [pid for pid, (parent, state) in table.items() if parent == served.process.pid and state != "Z"]
    found = {}
    for pid in children:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        for socket in served.instances:
            if socket.encode() in command:
                found[socket] = pid
    return [found[socket] for socket in served.instances if socket in found]


def wait_for(ask: Any, seconds: float = 60) -> Any:
    """``ask()`` until it does not raise OSError (an instance still starting)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return ask()
        except (OSError, http.client.HTTPException):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
