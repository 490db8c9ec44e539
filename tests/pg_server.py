"""A throwaway PostgreSQL server for the test run: initdb into a temp dir, start it
on a Unix socket there, hand out one fresh database per test, stop it at the end.
(The cluster itself is serve/postgres.py's, which ``make serve`` keeps in instance/pg/.)

Set TABLESCRIBE_TEST_POSTGRES_URL to use a server of your own instead.  When
PostgreSQL's binaries are missing the PostgreSQL tests are skipped, except under
CI=true, where a missing server is a failure (CI must test both databases).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from serve.postgres import Cluster


class PostgresServer:
    """One server for the whole test session; ``database()`` makes a fresh database."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="tablescribe-pg-"))
        try:
            self.cluster = Cluster(self.root, durable=False)
            self.cluster.init()
            self.cluster.start()
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    def url(self, database: str) -> str:
        return self.cluster.url(database)

    def stop(self) -> None:
        try:
            self.cluster.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
