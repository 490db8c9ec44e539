"""A throwaway PostgreSQL server for the test run: initdb into a temp dir, start it
on a Unix socket there, hand out one fresh database per test, stop it at the end.

Set TABLESCRIBE_TEST_POSTGRES_URL to use a server of your own instead.  When
PostgreSQL's binaries are missing the PostgreSQL tests are skipped, except under
CI=true, where a missing server is a failure (CI must test both databases).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

PG_USER = "postgres"


def find_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else None


class PostgresServer:
    """One server for the whole test session; ``database()`` makes a fresh database."""

    def __init__(self) -> None:
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if not initdb or not pg_ctl:
            raise RuntimeError("PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql")
        self.pg_ctl = pg_ctl
        self.root = Path(tempfile.mkdtemp(prefix="tablescribe-pg-"))
        self.data = self.root / "data"
        self._as_root = os.geteuid() == 0
        if self._as_root:
            # initdb refuses to run as root: the server runs as the postgres user.
            user = pwd.getpwnam(PG_USER)
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run([initdb, "-D", str(self.data), "-U", PG_USER, "-A", "trust", "--no-sync", "-E", "UTF8"])
        options = f"-k {self.root} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c max_connections=100"
        self._run([pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start"])
        self._counter = 0

    def _run(self, argv: list[str]) -> None:
        if self._as_root:
            argv = ["runuser", "-u", PG_USER, "--", *argv]
        subprocess.run(argv, check=True, capture_output=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{PG_USER}@/{database}?host={self.root}"

    def stop(self) -> None:
        try:
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
