"""Backups of the whole store, and restoring one, each followed by a verify of every game.

SQLite uses its online backup API: a consistent copy while the service keeps writing.
PostgreSQL uses ``pg_dump`` and ``pg_restore`` (custom format).  A restore goes only
into an empty database, never over games: the store is append-only, and a restore that
replaced what is there would be the one way to lose acknowledged events.
"""

from __future__ import annotations

import glob
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.engine import make_url

from recorder.models import Game
from recorder.store import EventStore


class BackupError(Exception):
    """Why a backup or restore could not be made; nothing was changed."""


@dataclass(frozen=True)
class Verified:
    games: int
    events: int
    broken: list[str]


def verify_all(store: EventStore) -> Verified:
    """Every game's chain, one game at a time (keyset pages, so memory stays flat)."""
    games = events = 0
    broken: list[str] = []
    after = None
    while True:
        keys = store.game_keys(after=after, limit=200)
        for _, game_id in keys:
            report = store.verify(game_id)
            games += 1
            events += report["events"]
            if not report["ok"]:
                broken.append(game_id)
        if len(keys) < 200:
            return Verified(games, events, broken)
        after = keys[-1]


def game_count(db: Engine) -> int:
    with db.connect() as conn:
        return conn.scalar(select(func.count()).select_from(Game)) or 0


def backup(db: Engine, out: Path) -> None:
    """Copy the whole database to ``out`` (a new file)."""
    if out.exists():
        raise BackupError(f"{out} exists: a backup never overwrites a file")
    url = make_url(db.url)
    if url.get_backend_name() == "sqlite":
        _sqlite_copy(_sqlite_path(db), out)
    else:
        _run([_pg_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={out}", _libpq_url(db)])


def restore(db: Engine, source: Path) -> None:
    """Load a backup into the database ``db``, which must hold no games."""
    if not source.is_file():
        raise BackupError(f"No backup at {source}")
    present = game_count(db)
    if present:
        raise BackupError(f"The database already holds {present} games: restore into an empty one "
                          "(point DATABASE_URL at a new database); a restore never replaces games")
    if make_url(db.url).get_backend_name() == "sqlite":
        db.dispose()
        _sqlite_copy(source, _sqlite_path(db))
    else:
        _run([_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction",
              f"--dbname={_libpq_url(db)}", str(source)])


def _sqlite_path(db: Engine) -> Path:
    database = make_url(db.url).database
    if not database or database == ":memory:":
        raise BackupError("An in-memory SQLite database has nothing to back up")
    return Path(database)


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup: page by page, consistent even while others write."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()


def _libpq_url(db: Engine) -> str:
    """The database's URL as libpq tools read it (no SQLAlchemy driver suffix)."""
    return make_url(db.url).set(drivername="postgresql").render_as_string(hide_password=False)


def _pg_tool(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if not found:
        raise BackupError(f"{name} not found: install PostgreSQL's client tools")
    return found


def _run(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(argv[0]).name} failed: {done.stderr.strip()}")
