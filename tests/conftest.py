"""Fixtures shared by every test: the database back ends, the app and its clients.

Every store test runs on SQLite and on PostgreSQL (the ``db_url`` fixture is
parametrized over both), like one conformance suite per storage back end.
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url as sa_url

from recorder import close_app, create_app
from recorder.db import make_engine
from recorder.migrate import upgrade
from recorder.store import EventStore
from tests.pg_server import PostgresServer

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
# Every app a test makes (and every server it starts) keeps its workers' shared frames
# answers in a folder of this run, not in the checkout's instance/ folder.
if "TABLESCRIBE_FRAMES_SHARED_DIR" not in os.environ:
    os.environ["TABLESCRIBE_FRAMES_SHARED_DIR"] = tempfile.mkdtemp(prefix="tablescribe-test-frames-")
    atexit.register(shutil.rmtree, os.environ["TABLESCRIBE_FRAMES_SHARED_DIR"], ignore_errors=True)
_names = itertools.count(1)


def skip_or_fail(reason: str) -> None:
    """Skip when a tool is missing, except under CI=true, where it must fail."""
    if IN_CI:
        pytest.fail(f"CI=true and {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def pg_template() -> Iterator[tuple[Any, str]]:
    """A running PostgreSQL and a migrated template database to copy per test."""
    external = os.environ.get("TABLESCRIBE_TEST_POSTGRES_URL")
    server = None
    if external:
        admin_url = external

        def make_url(name: str) -> str:
            return sa_url(external).set(database=name).render_as_string(hide_password=False)
    else:
        try:
            server = PostgresServer()
        except (RuntimeError, OSError) as exc:
            skip_or_fail(f"no PostgreSQL server could be started: {exc}")
        admin_url = server.url("postgres")
        make_url = server.url
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    template = f"tablescribe_template_{os.getpid()}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{template}"'))
        conn.execute(text(f'CREATE DATABASE "{template}"'))
    migrated = make_engine(make_url(template))
    upgrade(migrated)
    migrated.dispose()
    try:
        yield (admin, make_url), template
    finally:
        admin.dispose()
        if server:
            server.stop()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A fresh, migrated, empty database of each kind."""
    yield from _database(request, request.param, tmp_path / "test.db")


@pytest.fixture
def other_db_url(request: pytest.FixtureRequest, db_url: str, tmp_path: Any) -> Iterator[str]:
    """A second empty database of the same kind as ``db_url`` (an import's destination)."""
    yield from _database(request, "sqlite" if db_url.startswith("sqlite") else "postgresql", tmp_path / "other.db")


@pytest.fixture
def pg_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """A fresh, migrated, empty PostgreSQL database, for what only PostgreSQL has."""
    yield from _database(request, "postgresql", tmp_path / "unused.db")


def _database(request: pytest.FixtureRequest, kind: str, sqlite_path: Any) -> Iterator[str]:
    if kind == "sqlite":
        url = f"sqlite:///{sqlite_path}"
        engine = make_engine(url)
        upgrade(engine)
        engine.dispose()
        yield url
        return
    (admin, make_url), template = request.getfixturevalue("pg_template")
    name = f"t_{os.getpid()}_{next(_names)}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
    yield make_url(name)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    db = make_engine(db_url)
    yield EventStore(db, snapshot_every=5)
    db.dispose()


@pytest.fixture
def other_store(other_db_url: str) -> Iterator[EventStore]:
    db = make_engine(other_db_url)
    yield EventStore(db, snapshot_every=5)
    db.dispose()


@pytest.fixture
def app(db_url: str, tmp_path: Any) -> Iterator[Any]:
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "SNAPSHOT_EVERY": 5,
                      "FRAMES_SHARED_DIR": str(tmp_path / "frames")})
    yield app
    close_app(app)


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def runner(app: Any) -> Any:
    return app.test_cli_runner()
