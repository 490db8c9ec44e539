"""The long-running children of ``make serve`` (app servers, nginx): start, watch, restart, stop.

Each child gets a session of its own, so the terminal's Ctrl-C reaches only
``serve``, which then stops the children in order (proxy first, database last).
Each also gets SIGTERM from the kernel if ``serve`` itself dies without cleaning up
(Linux's parent-death signal), so a killed ``serve`` leaves no server holding ports.
"""

from __future__ import annotations

import ctypes
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_PR_SET_PDEATHSIG = 1


def free_port(host: str = "127.0.0.1") -> int:
    """A port nothing listens on now (the OS's pick)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _die_with_parent() -> None:  # runs in the child, between fork and exec
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


class Child:
    """One server process, its output appended to ``log``; ``stop_signal`` asks it to
    finish what it is doing and exit."""

    def __init__(self, name: str, argv: list[str], log: Path, env: dict[str, str] | None = None,
                 stop_signal: int = signal.SIGTERM, before_start: Callable[[], None] | None = None):
        self.name, self.argv, self.log, self.env, self.stop_signal = name, argv, log, env, stop_signal
        self.before_start = before_start  # e.g. clear a stale socket file
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts: list[float] = []  # when it was restarted (time.monotonic)

    def start(self) -> None:
        if self.before_start is not None:
            self.before_start()
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as out:  # the child keeps its own copy of the file
            self.process = subprocess.Popen(self.argv, cwd=ROOT, env=self.env, stdin=subprocess.DEVNULL,
                                            stdout=out, stderr=out, start_new_session=True,
                                            preexec_fn=_die_with_parent)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def restart(self) -> None:
        """After the child died: whatever is left of its process group (a server's
        workers outlive a SIGKILLed main process) is killed, then it starts again."""
        self.stop(timeout=0)
        self.restarts.append(time.monotonic())
        self.start()

    def stop(self, timeout: float = 10) -> None:
        """The stop signal; after ``timeout`` s, SIGKILL to the child's whole process group."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(self.stop_signal)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                print(f"{self.name} did not stop within {timeout:.0f} s: killing it", file=sys.stderr, flush=True)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # workers, should any have outlived their master
        except ProcessLookupError:
            pass
        self.process.wait()


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a Unix socket (an app instance of ``make serve``)."""

    def __init__(self, path: str, timeout: float = 10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


def connection(host: str, port: int | None, timeout: float = 10) -> http.client.HTTPConnection:
    """To ``host:port``, or to the Unix socket ``host`` when ``port`` is None."""
    if port is None:
        return UnixHTTPConnection(host, timeout)
    return http.client.HTTPConnection(host, port, timeout=timeout)


def wait_ready(child: Child, host: str, port: int | None, path: str = "/api/ready", timeout: float = 60) -> None:
    """Until ``GET path`` answers 200 (at ``host:port``, or the Unix socket ``host`` when
    ``port`` is None); fails early if the child exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not child.alive():
            raise RuntimeError(f"{child.name} exited while starting: see {child.log}")
        conn = connection(host, port, timeout=5)
        try:
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
        time.sleep(0.1)
    raise RuntimeError(f"{child.name} was not ready after {timeout:.0f} s: see {child.log}")
