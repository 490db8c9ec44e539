"""The one way this project starts an app server: granian, serving ``wsgi:asgi``.

``make run``, each instance of ``make serve``, the soak and the benchmarks all start
it through ``argv`` (or ``python -m serve.app_server``), so what is measured and
soaked is what people run.  Why granian and these settings (docs/DEPLOYMENT.md):

- its Rust core reads every request line and header on an event loop, and drops a
  client that has not sent them within ``HEADER_SECONDS``; ``recorder.asgi`` then
  reads the body on the loop too, so a slow or half-open client holds no thread;
- live streams wait on the loop (``recorder.live_async``), not in a thread each;
- ``--backpressure``, the requests one worker takes in at once, is far above any
  thread count: a request waiting for its body costs a few kilobytes, and a low
  ceiling would let idle sockets lock everyone else out;
- ``--respawn-failed-workers``: a worker that dies (SIGKILL, out of memory) is
  replaced while the other keeps serving.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path

HEADER_SECONDS = 10  # a request's line and headers, however they trickle in
BACKPRESSURE = 4096  # requests a worker takes in at once (most of them waiting on the loop)
BACKLOG = 4096
STOP_SECONDS = 5  # a stop waits this long for open answers (live streams reconnect elsewhere)


@dataclass(frozen=True)
class Bind:
    """Where the server listens: a TCP host and port, or a Unix socket (behind a proxy,
    so that nobody but the proxy can reach the instance, nor claim to be it)."""

    host: str = "127.0.0.1"
    port: int = 5000
    uds: Path | None = None

    def argv(self) -> list[str]:
        if self.uds is not None:
            # Open to all: the socket's folder is what keeps others out (serve/proxy.py).
            return ["--uds", str(self.uds), "--uds-permissions", "0o666"]
        return ["--host", self.host, "--port", str(self.port)]


def argv(bind: Bind, workers: int, threads: int, access_log: bool = False, log_level: str = "warning") -> list[str]:
    """The command line of one app server (run it from the project's folder)."""
    return [sys.executable, "-m", "granian", "--interface", "asgi", *bind.argv(),
            "--workers", str(workers), "--backlog", str(BACKLOG), "--backpressure", str(BACKPRESSURE),
            "--http1-header-read-timeout", str(HEADER_SECONDS * 1000), "--no-ws",
            "--respawn-failed-workers", "--workers-kill-timeout", str(STOP_SECONDS),
            "--log-level", log_level, *(["--access-log"] if access_log else []), "wsgi:asgi"]


def environ(threads: int, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment the server needs: the Flask app's threads per worker."""
    return {**(os.environ if base is None else base), "TABLESCRIBE_THREADS": str(threads)}


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m serve.app_server", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=16, help="Flask threads per worker (default: %(default)s)")
    options = parser.parse_args(arguments)
    command = argv(Bind(options.host, options.port), options.workers, options.threads, access_log=True,
                   log_level="info")
    os.execve(command[0], command, environ(options.threads))


if __name__ == "__main__":
    main()
