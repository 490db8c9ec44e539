"""``make serve``: the production setup of docs/DEPLOYMENT.md, on one machine.

In order: PostgreSQL (the cluster in ``<instance>/pg``, made on the first run), the
migrations and the demo games (``flask init-db``, ``flask demo``), the app instances
(granian, each on a Unix socket only the proxy reaches), nginx in front of them on
HOST:PORT.  Then it watches them: a child that dies is started again while the others
keep serving (and one that keeps dying stops everything, with exit status 1);
SIGINT (Ctrl-C), SIGTERM or SIGHUP stop them all in the opposite order.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from serve import apps, proxy
from serve.postgres import Cluster, create_database
from serve.processes import Child, free_port, wait_ready

DATABASE = "tablescribe"
READY_LINE = "Serving Tablescribe on "  # what a caller (tests/test_serve.py) waits for
RESTARTS = 5  # restarts of one child within RESTART_WINDOW seconds before serve gives up
RESTART_WINDOW = 60.0


@dataclass(frozen=True)
class Options:
    folder: Path
    host: str = "127.0.0.1"
    port: int = 8000  # 0: any free port
    instances: int = 2
    workers: int = 2
    threads: int = 16
    demo: bool = True


class Stop(Exception):
    """A stop signal arrived."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def say(line: str) -> None:
    print(line, flush=True)


def serve(options: Options) -> int:
    """Run until a signal (0) or a failure (1); everything started is stopped either way."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _stop)
    status = 0
    with contextlib.ExitStack() as running:  # stops what it holds in the reverse order
        try:
            children = start(options, running)
            while True:
                for child in children:
                    if not child.alive():
                        supervise(child)
                time.sleep(0.5)
        except Stop as signalled:
            say(f"{signalled}: stopping")
        except (RuntimeError, OSError) as exc:
            print(f"serve: {exc}", file=sys.stderr, flush=True)
            status = 1
        finally:
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                signal.signal(signum, signal.SIG_IGN)  # a second Ctrl-C must not cut the stopping short
    say("Stopped.")
    return status


def supervise(child: Child) -> None:
    """A child died (a SIGKILL, a crash): start it again while the others keep serving
    (nginx passes requests to the instance still up meanwhile).  One that keeps dying
    (RESTARTS within RESTART_WINDOW seconds) is a fault to report, not to hide."""
    code = child.process.returncode if child.process is not None else None
    recent = [when for when in child.restarts if time.monotonic() - when < RESTART_WINDOW]
    if len(recent) >= RESTARTS:
        raise RuntimeError(f"{child.name} exited ({code}) {len(recent) + 1} times within "
                           f"{RESTART_WINDOW:.0f} s: see {child.log}")
    say(f"{child.name} exited ({code}): restarting it")
    child.restart()


def start(options: Options, running: contextlib.ExitStack) -> list[Child]:
    """Start everything, registering each stop in ``running`` as soon as there is
    something to stop; returns the children to watch."""
    folder = options.folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    logs = folder / "logs"

    database_url = start_postgres(Cluster(folder / "pg"), running)
    from recorder.web.secret import secret_key  # made once in the folder, or TABLESCRIBE_SECRET_KEY

    env = apps.app_env(database_url, secret_key(str(folder)))
    say(apps.flask("init-db", env).strip())
    if options.demo:
        loaded = apps.flask("demo", env).splitlines()
        say(f"Demo games: {sum(line.startswith('loaded') for line in loaded)} loaded, "
            f"{sum(line.startswith('present') for line in loaded)} already there")

    sockets = proxy.socket_folder(folder / "sockets")
    instances = []
    for number in range(1, options.instances + 1):
        socket = sockets / f"app-{number}.sock"
        child = apps.instance(number, socket, options.workers, options.threads, env, logs)
        running.callback(child.stop)
        child.start()
        instances.append((child, socket))
    for child, socket in instances:
        wait_ready(child, str(socket), None)
        say(f"{child.name}: unix:{socket}  "
            f"(granian, {options.workers} workers x {options.threads} threads; log {child.log})")

    port = options.port or free_port(options.host)
    listen = f"[{options.host}]:{port}" if ":" in options.host else f"{options.host}:{port}"
    conf = folder / "nginx" / "nginx.conf"
    conf.parent.mkdir(exist_ok=True)
    conf.write_text(proxy.config(listen, [f"unix:{path}" for _, path in instances], conf.parent, logs,
                                 proxy.worker_user()))
    nginx = proxy.nginx(conf, logs)
    running.callback(nginx.stop)
    nginx.start()
    probe = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(options.host, options.host)
    wait_ready(nginx, probe, port)
    say(f"nginx: {conf}  (logs {logs}/nginx-*.log)")
    say(f"{READY_LINE}http://{listen}  (Ctrl-C stops)")
    return [child for child, _ in instances] + [nginx]


def start_postgres(cluster: Cluster, running: contextlib.ExitStack) -> str:
    """The cluster up (made on the first run), the database there; returns its URL."""
    if not cluster.initialized:
        say(f"PostgreSQL: initdb {cluster.data} (first run)")
        cluster.init()
    running.callback(lambda: cluster.running() and cluster.stop())
    if cluster.running():
        say("PostgreSQL: already running (left by a run that did not stop cleanly); using it")
    else:
        cluster.start()
    url = create_database(cluster, DATABASE)
    say(f"PostgreSQL: {cluster.data}, socket in {cluster.root}  (psql -h {cluster.root} -U postgres {DATABASE})")
    return url
