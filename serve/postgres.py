"""A PostgreSQL cluster in a folder of its own: ``initdb`` once, then ``pg_ctl start``
and ``stop``.  It listens only on a Unix socket in that folder (no TCP port, so it
never clashes with another server on the machine).  initdb refuses to run as root:
as root, the cluster belongs to the ``postgres`` user and every command runs as it.

``make serve`` keeps one in ``instance/pg/``; the test suite's throwaway server
(tests/pg_server.py) is one in a temporary folder, with durability turned off.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import subprocess
from pathlib import Path

PG_USER = "postgres"


def find_bin(name: str) -> str | None:
    """A PostgreSQL program: on the PATH, else Debian's newest /usr/lib/postgresql/*/bin."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


class Cluster:
    """The cluster whose data is ``root/data``, its socket in ``root``, its log ``root/log``.

    ``durable=False`` (tests) skips every fsync: fast, and lost with the machine."""

    def __init__(self, root: Path, durable: bool = True):
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql")
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.root = root.resolve()
        self.data = self.root / "data"
        self.log = self.root / "log"
        self.durable = durable
        self._as_root = os.geteuid() == 0

    @property
    def initialized(self) -> bool:
        return (self.data / "PG_VERSION").exists()

    def init(self) -> None:
        """initdb into ``root/data`` (``root`` is made, and given to postgres if we are root)."""
        self.root.mkdir(parents=True, exist_ok=True)
        if self._as_root:
            user = pwd.getpwnam(PG_USER)
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run([self.initdb, "-D", str(self.data), "-U", PG_USER, "-A", "trust", "-E", "UTF8",
                   *([] if self.durable else ["--no-sync"])])

    def running(self) -> bool:
        """A server runs on this data folder (``pg_ctl status``), perhaps left by a killed run."""
        argv = self._as_user([self.pg_ctl, "-D", str(self.data), "status"])
        return subprocess.run(argv, capture_output=True).returncode == 0

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-k {shlex.quote(str(self.root))} -c listen_addresses='' -c max_connections=100"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run([self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.log), "-w", "start"])

    def stop(self, mode: str = "fast") -> None:
        """``fast``: roll back open transactions, close the connections, write a checkpoint."""
        self._run([self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "stop"])

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{PG_USER}@/{database}?host={self.root}"

    def _as_user(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", PG_USER, "--", *argv] if self._as_root else argv

    def _run(self, argv: list[str]) -> None:
        # A session of its own: the terminal's Ctrl-C reaches only whoever runs us, which
        # then stops the server in its turn (after the app instances that use it).
        done = subprocess.run(self._as_user(argv), capture_output=True, text=True, start_new_session=True)
        if done.returncode != 0:
            raise RuntimeError(f"{Path(argv[0]).name} {argv[-1]} failed ({done.returncode}): "
                               f"{(done.stderr or done.stdout).strip()}  (log: {self.log})")


def create_database(cluster: Cluster, name: str) -> str:
    """The database ``name`` on the cluster, made if missing; returns its URL."""
    import psycopg

    with psycopg.connect(dbname="postgres", user=PG_USER, host=str(cluster.root), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
    return cluster.url(name)
