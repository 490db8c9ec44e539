"""What every part of the store stands on: its database, caches, write gate and the initial state of a game."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine as DbEngine
from sqlalchemy import bindparam, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

import engines
from engines import State
from engines.base import stored_profile
from recorder.boards import BoardStore
from recorder.caches import VersionedCache, json_bytes, states_bytes
from recorder.credentials import Credentials
from recorder.db import WriteGate, session_factories, write_deadline
from recorder.errors import NotFound
from recorder.history import CORRECTION_TYPES, CorrectionRow, Corrections
from recorder.models import EventRow, Game
from recorder.store.judging import player_names_of
from recorder.store.values import RECORDER_TYPE_TERM, Fold, utc_now_text
from recorder.store.writes import Connections, DriverStatements, Head
from recorder.store_faults import WriteHealth, store_fault

DEFAULT_SNAPSHOT_EVERY = 100
TIMELINE_CACHE_BYTES = 32 * 1024 * 1024
SUMMARY_CACHE_BYTES = 8 * 1024 * 1024
LOG_CACHE_BYTES = 32 * 1024 * 1024
WINDOW_ENDS = 128  # states (tens of kB each): a viewer per game at a time, for many games
GAME_ID = re.compile(r"[0-9a-f]{32}")
# Events one request may fold from the nearest snapshot (TABLESCRIBE_FOLD_LIMIT): well
# beyond a real game's length (a 100,000-event game stays correctable), so that no one
# request holds a worker for minutes.
DEFAULT_FOLD_LIMIT = 250_000

_GAME = select(Game).where(Game.id == bindparam("id"))  # 200 µs where session.get took 360
_EVENTS = EventRow.__table__.c
# Built once, with bound parameters, and run on the session's connection: building a
# select and its cache key at every call, and the ORM's execution layer, were about
# 280 of a read's 320 µs (a bulk export reads a game's corrections once per game).
CORRECTION_ROWS = (
    select(_EVENTS.seq, _EVENTS.type, _EVENTS.data, _EVENTS.flags, _EVENTS.override)
    .where(_EVENTS.game_id == bindparam("game_id"), RECORDER_TYPE_TERM, _EVENTS.seq <= bindparam("version"))
    .order_by(_EVENTS.seq))


class StoreBase:
    """The database, the caches and the write gate every part of the store uses."""

    def __init__(
        self,
        db: DbEngine,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        clock: Callable[[], str] = utc_now_text,
        write_deadline_seconds: float | None = None,
        fold_limit: int | None = None,
    ):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.db = db
        self.snapshot_every = snapshot_every
        self.clock = clock
        # How long a write waits for the write gate before answering busy (503).
        self.write_deadline = write_deadline() if write_deadline_seconds is None else write_deadline_seconds
        self.fold_limit = fold_limit if fold_limit is not None else int(
            os.environ.get("TABLESCRIBE_FOLD_LIMIT", DEFAULT_FOLD_LIMIT))
        self.write_health = WriteHealth()  # whether the last write found no room, for /api/ready
        self._readers, self._writers = session_factories(db)
        self.boards = BoardStore(self._readers, self._writers, clock)
        self.credentials = Credentials(self._readers, self._writers)
        # The newest fold spares every append a fold from the last snapshot; the
        # timeline and the log spare every viewer a fold from the start.
        self._latest: VersionedCache[Fold] = VersionedCache(512)
        # Where the frames a viewer was last sent ended (by game and step): its next batch
        # starts there instead of folding again from a snapshot.
        self._window_ends: VersionedCache[Fold] = VersionedCache(WINDOW_ENDS)
        # What an append to a game this process created or wrote last is judged against.
        self._heads: VersionedCache[Head] = VersionedCache(512)
        self._statements = DriverStatements(db)
        self._connections = Connections(db)
        self._gate = WriteGate(db)
        # Weighed in estimated bytes: one huge game must not pin a worker's memory for good.
        self._timelines: VersionedCache[list[tuple[int, State]]] = VersionedCache(TIMELINE_CACHE_BYTES, states_bytes)
        self._summaries: VersionedCache[Any] = VersionedCache(SUMMARY_CACHE_BYTES, json_bytes)
        self._logs: VersionedCache[list[dict[str, Any]]] = VersionedCache(LOG_CACHE_BYTES, json_bytes)

    def _remember_head(self, game: Game, engine: engines.Engine, version: int, last_hash: str, after: Fold) -> None:
        fold = Fold(after.state, after.step, after.seq)
        self._latest.put(game.id, version, fold)
        self._heads.put(game.id, version, Head(
            game_id=game.id, engine=engine.name, player_names=player_names_of(game), token_hash=game.write_token_hash,
            version=version, last_hash=last_hash, state=fold.state, step=fold.step, seq=fold.seq))

    def initial_state(self, game: Game) -> State:
        engine = engines.find(game.engine)
        board = self.boards.data_of(game.board_id) if game.board_id is not None else None
        # A profile stored before one of today's options existed reads that option as the
        # game was played (Option.absent), not as today's default.
        return engine.setup([p["name"] for p in game.players], stored_profile(engine, game.options), board=board)

    @contextmanager
    def _write(self, deadline: float | None = None) -> Iterator[Session]:
        """A write transaction, at the gate within ``deadline`` (the store's write deadline
        when None): StoreBusy past it, and StoreBusy or StoreFull for a database that is
        busy or full (``_faults``); nothing is stored then."""
        with self._faults(), self._gate.held(self.write_deadline if deadline is None else deadline), \
                self._writers() as session, session.begin():
            yield session

    @contextmanager
    def _faults(self) -> Iterator[None]:
        """A busy or full database raised as StoreBusy or StoreFull (recorder/store_faults.py),
        whether SQLAlchemy's, the driver's (the event write) or the OS's; ``write_health``
        learns of a full store, and that a write succeeded again."""
        try:
            yield
        except (DBAPIError, OSError, self.db.dialect.dbapi.Error) as exc:  # type: ignore[union-attr]
            fault = store_fault(exc)
            if fault is None:
                raise
            self.write_health.failed(fault)
            raise fault from exc
        self.write_health.succeeded()

    def _game(self, session: Session, game_id: str) -> Game:
        game = session.execute(_GAME, {"id": game_id}).scalar_one_or_none() if GAME_ID.fullmatch(game_id) else None
        if game is None:
            raise NotFound(f"No game {game_id!r}")
        return game

    def _corrections(self, session: Session, game: Game) -> Corrections:
        """The game's corrections up to its version as read (a later commit is not ours to see)."""
        rows = session.connection().execute(CORRECTION_ROWS, {"game_id": game.id, "version": game.version})
        return corrections_of(rows)


def corrections_of(rows: Iterable[Any]) -> Corrections:
    """The corrections among ``rows`` of (seq, type, data, flags, override), JSON decoded."""
    return Corrections.from_rows(
        CorrectionRow(seq, type_, data, flags or [], override)
        for seq, type_, data, flags, override in rows if type_ in CORRECTION_TYPES)
