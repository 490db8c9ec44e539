"""The event store: create games, append events, fold them, verify the chain.

An append is judged in a read transaction (load the game, fold it, judge the
event against the current state with ``engine.check``), then stored by a short
write transaction: insert the row and advance the game's version with a
compare-and-set on the version judged.  However long the fold (a correction of a
long game folds it from the target on), the write lock is held only for the
insert; a lost race judges again.  Any failure before the commit leaves the store
exactly as it was, so it never holds a half-applied action.
"""

from __future__ import annotations

import os
import random
import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from marshmallow import Schema, ValidationError
from sqlalchemy import Engine as DbEngine
from sqlalchemy import bindparam, func, insert, select, tuple_, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

import engines
from engines import Event, SetupError, State
from engines.base import json_copy, resolve_options
from recorder.boards import FROM_GAME, BoardStore, NewBoard, board_columns
from recorder.caches import VersionedCache, json_bytes, states_bytes
from recorder.correction_schemas import RECORDER_SCHEMAS
from recorder.credentials import Credentials
from recorder.db import WriteGate, session_factories, write_deadline
from recorder.errors import (
    BadInput,
    NotFound,
    RuleViolation,
    StoreBusy,
    StoreFull,
    Unauthorized,
    UndoConflict,
    VersionConflict,
    validation_messages,
)
from recorder.flags import split_flags
from recorder.hashing import (
    EVENT_HASH_FIELDS,
    board_hash,
    canonical_json,
    event_hash,
    genesis_hash,
    link_problem,
    sha256_hex,
)
from recorder.history import CORRECTION_TYPES, RECORDER_TYPES, CorrectionRow, Corrections
from recorder.import_checks import (
    check_chain,
    check_result,
    flag_keys,
    importable_engine,
    imported_board,
    scratch_database,
)
from recorder.import_problems import ImportConflict, ImportRefused
from recorder.jsonish import UNSTORABLE_TEXT, unstorable
from recorder.lean_append import Connections, DriverStatements, Head, Outcome, write_event
from recorder.live import LIVE_CHANNEL
from recorder.models import NAME_MAX, TITLE_MAX, Board, EventRow, Game, GamePlayer, Snapshot
from recorder.snapshots import replace_snapshots
from recorder.store_faults import WriteHealth, store_fault

# The recorder's own event types, written into the SQL as the partial index
# ix_events_recorder_types has them: SQLite uses that index only for a query whose
# term is the index's own, which a bound parameter is not.  Constants, never input.
_RECORDER_TYPE = EventRow.type.in_(
    bindparam("recorder_types", sorted(RECORDER_TYPES), expanding=True, literal_execute=True))
from recorder.tokens import new_token, token_digest

DEFAULT_SNAPSHOT_EVERY = 100
TIMELINE_CACHE_BYTES = 32 * 1024 * 1024
SUMMARY_CACHE_BYTES = 8 * 1024 * 1024
LOG_CACHE_BYTES = 32 * 1024 * 1024
GAME_ID = re.compile(r"[0-9a-f]{32}")
# How often an append without expected_version is retried after losing a race.
APPEND_ATTEMPTS = 8
# ... and a void or amend, whose every judgement folds the game from its target on.
CORRECTION_ATTEMPTS = 3
# Events one request may fold from the nearest snapshot (TABLESCRIBE_FOLD_LIMIT): well
# beyond a real game's length (a 100,000-event game stays correctable), so that no one
# request holds a worker for minutes.
DEFAULT_FOLD_LIMIT = 250_000
# A read stores the snapshots it folded past only if the gate is free within this: they
# are a cache, and the next fold writes them as well.
SNAPSHOT_WAIT_SECONDS = 0.05
SNAPSHOT_BATCH = 100  # snapshots per write transaction: the write lock is never held long
# What a correction is called in a message for people ("force" is the API's word for "anyway").
_CORRECTION_WORDS = {"void": "void", "amend": "amendment", "undo": "undo"}

STATUS_IN_PROGRESS = "in_progress"
STATUS_FINISHED = "finished"


def utc_now_text() -> str:
    """The time as stored: ISO 8601, UTC, microseconds, sortable as text."""
    # isoformat, not strftime, which takes as long as the rest of an append's bookkeeping.
    return datetime.now(UTC).isoformat(timespec="microseconds")[:-6] + "Z"


@dataclass
class AppendRequest:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    actor: str | None = None
    note: str | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None
    override: dict[str, Any] | None = None
    recorded_by: str | None = None

    def fingerprint(self) -> str:
        """What makes two requests "the same" for idempotency (not the version they expected)."""
        body = {
            "type": self.type, "data": self.data, "actor": self.actor, "note": self.note,
            "override": self.override, "recorded_by": self.recorded_by,
        }
        return sha256_hex(canonical_json(body))


@dataclass
class AppendResult:
    seq: int
    version: int
    flags: list[dict[str, Any]]
    engine: engines.Engine = field(repr=False)
    state: State = field(repr=False)  # the game after the append
    replayed: bool = False
    event: Event | None = field(default=None, repr=False)  # a new game event, and the game before it
    before: State | None = field(default=None, repr=False)

    # Both worked out when asked: the API's answer shows them, a loader of many events does not.
    @cached_property
    def standings(self) -> dict[str, Any]:
        return self.engine.standings(self.state)

    @cached_property
    def describe(self) -> str | None:
        return None if self.event is None or self.before is None else self.engine.describe(self.before, self.event)


@dataclass
class Frame:
    """The game as it stood after ``step`` effective events."""

    step: int
    seq: int
    state: State
    version: int


@dataclass
class _Fold:
    state: State
    step: int
    seq: int
    breaks: list[dict[str, Any]] = field(default_factory=list)
    passed: list[tuple[int, int, State]] = field(default_factory=list)
    replacement_flags: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Effective:
    """One effective game event as it stands: the replacement if amended, with the
    override and flags that stand with it."""

    seq: int
    event: Event
    override: Mapping[str, Any] | None
    flags: list[dict[str, Any]]


@dataclass(frozen=True)
class FrameData:
    """The game after ``step``: the event that led there and the states either side."""

    step: int
    seq: int
    effective: Effective | None
    before: State | None
    state: State


@dataclass(frozen=True)
class LogPage:
    """Steps ``start`` .. ``end`` of a game's log (``EventStore.log_page``)."""

    game: Game
    steps: int
    start: int
    end: int
    entries: list[dict[str, Any]]
    recorded: list[EventRow]
    corrected_by: dict[int, tuple[str, int]]  # target seq -> (correction type, its seq): the last one


def _log_lines(engine: engines.Engine, corrections: Corrections, rows: Iterable[EventRow], state: State,
               step: int) -> Iterator[dict[str, Any]]:
    """The effective log's entries for ``rows``, from ``state`` after ``step`` on."""
    for row in rows:
        if row.type == "note":
            yield {"kind": "note", "seq": row.seq, "after_step": step, "text": row.data["text"],
                   "actor": row.actor, "recorded_at": row.recorded_at}
            continue
        if row.type in RECORDER_TYPES:
            continue
        event = corrections.effective(row.seq, Event(row.type, row.data, row.actor))
        if event is None:
            continue
        step += 1
        flags, unchecked = split_flags(corrections.flags_of(row.seq, row.flags))
        yield {
            "kind": "event", "step": step, "seq": row.seq, "type": event.type, "actor": event.actor,
            "data": dict(event.data), "note": row.note, "recorded_at": row.recorded_at,
            "override": corrections.override_of(row.seq, row.override),
            "amended_by": corrections.amended_by.get(row.seq),
            "flags": flags, "unchecked": unchecked,
            "describe": engine.describe(state, event),
            "position": engine.position(state),
        }
        state = engine.apply(state, event)


class _LostRace(Exception):
    """Another writer advanced the game between our read and our write."""


class _Moved(Exception):
    """The game is no longer at the version the request must be judged at."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


@dataclass
class _Prepared:
    """An append judged in a read transaction, to be stored by a short write
    transaction if the game is still at ``version`` (the compare-and-set)."""

    game: Game
    version: int
    row: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    snapshot: dict[str, Any] | None = None
    result: AppendResult | None = None
    after: _Fold | None = None
    corrections: Corrections | None = None  # the game's once the event is stored
    passed: list[tuple[int, int, State]] = field(default_factory=list)  # snapshots the judging fold passed
    replayed: AppendResult | None = None  # the idempotency key was seen: the earlier answer


class EventStore:
    """All reads and writes of games and events go through here."""

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
        self._latest: VersionedCache[_Fold] = VersionedCache(512)
        # What an append to a game this process created or wrote last needs: it goes the lean way.
        self._heads: VersionedCache[Head] = VersionedCache(512)
        self._lean_sql = DriverStatements(db)
        self._lean_connections = Connections(db)
        self._gate = WriteGate(db)
        # Weighed in estimated bytes: one huge game must not pin a worker's memory for good.
        self._timelines: VersionedCache[list[tuple[int, State]]] = VersionedCache(TIMELINE_CACHE_BYTES, states_bytes)
        self._summaries: VersionedCache[Any] = VersionedCache(SUMMARY_CACHE_BYTES, json_bytes)
        self._logs: VersionedCache[list[dict[str, Any]]] = VersionedCache(LOG_CACHE_BYTES, json_bytes)

    # ------------------------------------------------------------------ games

    def create_game(
        self,
        engine_name: str,
        players: Sequence[str],
        title: str | None = None,
        options: Mapping[str, Any] | None = None,
        board: str | None = None,
    ) -> tuple[Game, str]:
        """A new game at version 0 and its write token (shown once, stored hashed).  With
        ``board`` (a saved board's id) the game is recorded on that board: its header pins the
        board's id and hash, and its facts are declared before the first event."""
        try:
            engine = engines.find(engine_name)
        except KeyError:
            raise BadInput({"engine": [f"Unknown engine {engine_name!r}"]}) from None
        _refuse_unstorable({"title": title or "", "players": list(players), "options": options or {}}, "")
        _refuse_too_long(title, players)
        pinned = self._board_for(engine, board)
        try:
            resolved = resolve_options(engine, options)
            start = engine.setup(list(players), resolved,
                                 board=self.boards.data_of(pinned.id) if pinned is not None else None)
        except SetupError as exc:
            raise RuleViolation([v.to_dict() for v in exc.violations]) from None
        token = new_token()
        game = Game(
            id=uuid.uuid4().hex,
            engine=engine.name,
            rules_version=engine.rules_version,
            title=title or _default_title(engine.title, players),
            players=[{"name": name} for name in players],
            options=resolved,
            created_at=self.clock(),
            status=STATUS_IN_PROGRESS,
            version=0,
            write_token_hash=token_digest(token),
            board_id=pinned.id if pinned is not None else None,
            board_hash=pinned.hash if pinned is not None else None,
        )
        game.genesis_hash = genesis_hash(game_header(game))
        with self._write() as session:
            session.add(game)
            session.flush()
            session.add_all(GamePlayer(game_id=game.id, seat=i, name=n) for i, n in enumerate(players))
        # The game's head at version 0, so that its first event goes the lean way too.
        self._remember_head(game, engine, 0, game.genesis_hash, _Fold(start, 0, 0))
        return game, token

    def _board_for(self, engine: engines.Engine, board: str | None) -> Board | None:
        """The saved board a new game is to be recorded on: one of this game's."""
        if board is None:
            return None
        found = self.boards.find(board)
        if found is None:
            raise BadInput({"board": [f"No saved board {board!r}"]})
        if found.engine != engine.name:
            raise BadInput({"board": [f"Board {found.name!r} is a board of {found.engine}, not of {engine.name}"]})
        return found

    def board_from_game(self, game_id: str, engine_name: str, name: str, description: str = "") -> tuple[Board, bool]:
        """A board of every fact a game declared by its last step (its own board's facts
        included), so that the next game on the same box declares nothing the first one did."""
        game = self.get_game(game_id)
        if game.engine != engine_name:
            raise BadInput({"from_game": [f"Game {game_id} is a game of {game.engine}, not of {engine_name}"]})
        engine = engines.find(game.engine)
        state = self.state_at(game_id, remember=False).state
        return self.boards.save(NewBoard(
            engine=game.engine, name=name, data=engine.board_file.from_game(state), description=description,
            source=f"{FROM_GAME}{game_id}", based_on=game.board_id))

    def get_game(self, game_id: str) -> Game:
        with self._readers() as session:
            return self._game(session, game_id)

    def list_games(
        self,
        engine: str | None = None,
        player: str | None = None,
        status: str | None = None,
        limit: int = 50,
        offset: int = 0,
        search: str | None = None,
    ) -> tuple[list[Game], int]:
        """A page of games, newest first, and how many match in all.

        ``search`` matches part of the title or of a player's name, ignoring case."""
        if any(UNSTORABLE_TEXT.search(value or "") for value in (engine, player, status, search)):
            return [], 0  # no stored text holds a NUL or a lone surrogate (PostgreSQL would refuse the query)
        query = select(Game)
        if search:
            named = select(GamePlayer.game_id).where(GamePlayer.name.icontains(search, autoescape=True))
            query = query.where(Game.title.icontains(search, autoescape=True) | Game.id.in_(named))
        if engine:
            query = query.where(Game.engine == engine)
        if status:
            query = query.where(Game.status == status)
        if player:
            seated = select(GamePlayer.game_id).where(GamePlayer.name == player)
            query = query.where(Game.id.in_(seated))
        with self._readers() as session:
            total = session.scalar(select(func.count()).select_from(query.subquery())) or 0
            page = session.scalars(query.order_by(Game.created_at.desc(), Game.id).limit(limit).offset(offset))
            return list(page), total

    def game_keys(
        self,
        engine: str | None = None,
        player: str | None = None,
        status: str | None = None,
        after: tuple[str, str] | None = None,
        limit: int = 200,
    ) -> list[tuple[str, str]]:
        """``(created_at, id)`` of matching games, oldest first, after the key ``after``:
        keyset pages for a bulk export, so that games recorded meanwhile neither shift
        nor repeat the pages still to come."""
        query = select(Game.created_at, Game.id)
        if engine:
            query = query.where(Game.engine == engine)
        if status:
            query = query.where(Game.status == status)
        if player:
            query = query.where(Game.id.in_(select(GamePlayer.game_id).where(GamePlayer.name == player)))
        if after is not None:
            query = query.where(tuple_(Game.created_at, Game.id) > tuple_(*after))
        with self._readers() as session:
            rows = session.execute(query.order_by(Game.created_at, Game.id).limit(limit))
            return [(created, game_id) for created, game_id in rows]

    def authorize(self, game_id: str, token: str | None) -> Game:
        """The game, if ``token`` may write to it (its owner token, or a device credential
        not revoked, read afresh: recorder/credentials.py): 401 without one, 403 if wrong."""
        game = self.get_game(game_id)
        writer = self.credentials.writer(game, token)
        if not writer.is_owner:
            self.credentials.touch(game_id, writer.token_hash)
        return game

    # ----------------------------------------------------------------- append

    def append(self, game_id: str, token: str | None, request: AppendRequest) -> tuple[AppendResult, bool]:
        """Judge and store one event.  Returns the result and whether it is new.

        Without ``expected_version`` the append is retried when another writer
        got in first (the event is judged again against the newer state); with
        it, a stale version is a 409 and the client decides.  An undo is never
        judged again: it retracts the last event its sender saw, so a lost race
        is a 409 (``UndoConflict``).  A write gate busy past the write deadline
        is a 503 (StoreBusy); a full store a 507 (StoreFull).
        """
        head = self._heads.latest(game_id)
        if head is not None and request.type not in RECORDER_TYPES:
            done = self._append_lean(head, token, request)
            if done is not None:
                return done, True
        game = self.authorize(game_id, token)
        engine = engines.find(game.engine)
        self._check_shape(engine, _names(game), request)
        # The version the request must be judged at: the client's, or for an undo sent
        # without one, the version of its first judgement: an undo retracts the last event
        # as its sender saw it, never one that another writer stored meanwhile.
        pinned = request.expected_version
        judged: _Prepared | None = None
        for attempt in range(CORRECTION_ATTEMPTS if request.type in CORRECTION_TYPES else APPEND_ATTEMPTS):
            if attempt:
                # Back off a little, at random, so that racing writers stop colliding.
                time.sleep(random.uniform(0, 0.002 * 2**attempt))
            try:
                prepared = self._prepare(game_id, engine, request, pinned)
            except _Moved as moved:
                raise self._conflict(moved.version, request, judged) from None
            if prepared.replayed is not None:
                return prepared.replayed, False
            judged = prepared
            try:
                self._commit(prepared)
            except _LostRace:
                if request.expected_version is not None:
                    raise self._conflict(self.get_game(game_id).version, request, judged) from None
            except IntegrityError:
                # A racing writer took our seq or our idempotency key: look again.
                if request.expected_version is not None and not request.idempotency_key:
                    raise self._conflict(self.get_game(game_id).version, request, judged) from None
            else:
                result = prepared.result
                assert result is not None and prepared.after is not None and prepared.corrections is not None
                self._remember_head(game, engine, result.version, prepared.row["hash"], prepared.after)
                self._save_snapshots(game, engine, prepared.corrections, prepared.passed, result.version,
                                     prune=request.type in CORRECTION_TYPES)
                return result, True
            if request.type == "undo":
                pinned = prepared.version
        raise self._conflict(self.get_game(game_id).version, request, judged)

    @staticmethod
    def _conflict(version: int, request: AppendRequest, judged: _Prepared | None) -> VersionConflict:
        """The 409 for a request the game moved past: an undo without expected_version
        names the event it was to retract."""
        if request.type == "undo" and request.expected_version is None and judged is not None:
            return UndoConflict(version, judged.version, judged.row["data"]["target_seq"])
        return VersionConflict(version, request.expected_version)

    def check(self, game_id: str, token: str | None, requests: Sequence[AppendRequest]) -> tuple[int, list[dict[str, Any]]]:
        """Judge game events against the game as it stands and store none: the recording
        page shows, beside a choice the rules refuse for the chosen player, its code and
        reason before anyone taps it.  Needs the write token, like the append it previews.
        Returns the version judged and, per request, ``{legal, violations, warnings, fields}``
        (``fields``: the shape problems, when the data is not an event's yet)."""
        game = self.authorize(game_id, token)
        engine = engines.find(game.engine)
        frame = self.state_at(game_id)
        results = []
        for request in requests:
            try:
                if request.type in RECORDER_TYPES:
                    raise BadInput({"type": [f"{request.type!r} corrects the log; only game events are checked"]})
                self._check_shape(engine, _names(game), request)
            except BadInput as exc:
                results.append({"legal": False, "violations": [], "warnings": [], "fields": exc.details["fields"]})
                continue
            event = Event(request.type, request.data, request.actor or _default_actor(engine, frame.state))
            flags = [v.to_dict() for v in engine.check(frame.state, event)]
            errors = [f for f in flags if f["severity"] == "error"]
            results.append({"legal": not errors, "violations": errors,
                            "warnings": [f for f in flags if f["severity"] != "error"], "fields": {}})
        return frame.version, results

    def _append_lean(self, head: Head, token: str | None, request: AppendRequest) -> AppendResult | None:
        """A game event judged against this process's head of the game and written with
        ``lean_append``; None when the general way must answer: the game moved on, the
        idempotency key was seen, the client expects another version, or the event breaks
        a rule (a refusal is judged against the game as it stands, never a head)."""
        if not token:
            raise Unauthorized("This game needs its write token: Authorization: Bearer <token>")
        digest = token_digest(token)
        # Only a token this process has seen write tries the lean way (whose compare-and-set
        # checks it in the database): any other is judged the general way, outside the write lock.
        if digest != head.token_hash and not self.credentials.may_try_lean(head.game_id, digest):
            return None
        if request.expected_version is not None and request.expected_version != head.version:
            return None
        engine = engines.find(head.engine)
        self._check_shape(engine, head.player_names, request)
        try:
            judged = _judge_request(engine, _Fold(head.state, head.step, head.seq), head.version, request)
        except RuleViolation:
            return None  # the head may be old: only the game as it stands may refuse an event
        row = self._event_row(head.game_id, head.version, head.last_hash, request, judged.data,
                              judged.flags, judged.actor)
        snapshot = None
        if judged.after.step % self.snapshot_every == 0:
            snapshot = {"game_id": head.game_id, "step": judged.after.step, "seq": row["seq"],
                        "version": row["seq"], "rules_version": engine.rules_version, "state": judged.after.state}
        status = STATUS_FINISHED if engine.is_over(judged.after.state) else STATUS_IN_PROGRESS
        try:
            with self._faults(), self._gate.held(self.write_deadline):
                outcome = write_event(self._lean_connections, self._lean_sql, head, row, status, snapshot, digest)
        except self.db.dialect.dbapi.IntegrityError:  # type: ignore[union-attr]
            outcome = Outcome.STALE
        if outcome is not Outcome.WRITTEN:
            return None
        if digest != head.token_hash:
            self.credentials.touch(head.game_id, digest)
        version = row["seq"]
        self._heads.put(head.game_id, version, Head(
            head.game_id, head.engine, head.player_names, head.token_hash, version=version, last_hash=row["hash"],
            state=judged.after.state, step=judged.after.step, seq=judged.after.seq))
        self._latest.put(head.game_id, version, judged.after)
        return AppendResult(version, version, judged.flags, engine, judged.after.state,
                            event=judged.event, before=head.state)

    def _remember_head(self, game: Game, engine: engines.Engine, version: int, last_hash: str, after: _Fold) -> None:
        fold = _Fold(after.state, after.step, after.seq)
        self._latest.put(game.id, version, fold)
        self._heads.put(game.id, version, Head(
            game_id=game.id, engine=engine.name, player_names=_names(game), token_hash=game.write_token_hash,
            version=version, last_hash=last_hash, state=fold.state, step=fold.step, seq=fold.seq))

    def _check_shape(self, engine: engines.Engine, names: frozenset[str], request: AppendRequest) -> None:
        schema = _schema_of(engine, request.type)
        if schema is None:
            known = sorted({**engine.event_schemas, **RECORDER_SCHEMAS})
            raise BadInput({"type": [f"Unknown event type {request.type!r}; known: {known}"]})
        _refuse_unstorable(request.data, "data")
        try:
            schema.load(request.data)
        except ValidationError as exc:
            raise BadInput(validation_messages("data", exc)) from None
        if request.actor is not None and request.actor not in names:
            raise BadInput({"actor": [f"{request.actor!r} is not a player of this game"]})
        if request.type == "amend":
            replacement = request.data["event"]
            if replacement["type"] not in engine.event_schemas:
                raise BadInput({"data.event.type": [
                    f"An amend replaces a game event; {replacement['type']!r} is not one of {sorted(engine.event_schemas)}"]})
            self._check_shape(engine, names, AppendRequest(
                type=replacement["type"], data=replacement.get("data", {}), actor=replacement.get("actor")))

    def _prepare(self, game_id: str, engine: engines.Engine, request: AppendRequest,
                 pinned: int | None) -> _Prepared:
        """Judge ``request`` against the game as it stands, in a read transaction: however
        long the fold (a correction of a long game folds it from the target on), no other
        writer waits for it.  ``pinned``: the version it must be judged at, or _Moved."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            if request.idempotency_key:
                earlier = session.scalar(select(EventRow).where(
                    EventRow.game_id == game_id, EventRow.idempotency_key == request.idempotency_key))
                if earlier is not None:
                    replayed, _ = self._replay_result(session, game, engine, earlier, request)
                    return _Prepared(game, game.version, replayed=replayed)
            if request.expected_version is not None and request.expected_version != game.version:
                raise VersionConflict(game.version, request.expected_version)
            if pinned is not None and pinned != game.version:
                raise _Moved(game.version)
            corrections = self._corrections(session, game)
            current = self._latest_fold(session, game, engine, corrections)
            passed = current.passed
            if request.type in RECORDER_TYPES:
                data, flags, after = self._correction(session, game, engine, corrections, current, request)
                judgement = _Judgement(data, flags, request.actor, after, None)  # a correction has no describe line
                if request.type in CORRECTION_TYPES:
                    corrections = corrections.with_row(
                        CorrectionRow(game.version + 1, request.type, data, flags, request.override))
                    passed = after.passed  # folded with the correction: valid once it is stored
            else:
                judgement = _judge_request(engine, current, game.version, request)
            last_hash = session.scalar(
                select(EventRow.hash).where(EventRow.game_id == game.id, EventRow.seq == game.version)
            ) if game.version else game.genesis_hash
            assert last_hash is not None, "version counts the stored rows: the newest one exists"
        row = self._event_row(game.id, game.version, last_hash, request, judgement.data, judgement.flags,
                              judgement.actor)
        after = judgement.after
        snapshot = None
        if request.type not in RECORDER_TYPES and after.step % self.snapshot_every == 0:
            snapshot = {"game_id": game.id, "step": after.step, "seq": row["seq"], "version": row["seq"],
                        "rules_version": engine.rules_version, "state": after.state}
        result = AppendResult(row["seq"], row["seq"], judgement.flags, engine, after.state,
                              event=judgement.event, before=current.state)
        return _Prepared(game, game.version, row, engine.is_over(after.state), snapshot, result, after,
                         corrections, passed)

    def _commit(self, prepared: _Prepared) -> None:
        """Store what ``_prepare`` judged if the game is still at the version judged (the
        compare-and-set, else _LostRace): the write lock is held for these few statements."""
        with self._write() as session:
            session.add(EventRow(**prepared.row))
            session.flush()
            self._advance(session, prepared.game, prepared.finished)
            if prepared.snapshot is not None:
                session.add(Snapshot(**prepared.snapshot))

    def _replay_result(
        self, session: Session, game: Game, engine: engines.Engine, earlier: EventRow, request: AppendRequest
    ) -> tuple[AppendResult, _Fold]:
        if earlier.request_hash != request.fingerprint():
            raise RuleViolation(
                [{"code": "idempotency/key-reused", "rule": "Idempotent appends",
                  "message": f"Idempotency key {request.idempotency_key!r} was used for a different "
                             f"request (event {earlier.seq})", "severity": "error"}],
                seq=earlier.seq,
            )
        fold = self._latest_fold(session, game, engine, self._corrections(session, game))
        return AppendResult(earlier.seq, earlier.seq, list(earlier.flags), engine, fold.state, True), fold

    def _event_row(self, game_id: str, version: int, last_hash: str, request: AppendRequest,
                   data: dict[str, Any], flags: list[Any], actor: str | None) -> dict[str, Any]:
        """Every column of the event stored as ``version + 1``, its hash chained to ``last_hash``."""
        fields: dict[str, Any] = {
            "game_id": game_id, "seq": version + 1, "type": request.type, "data": data,
            "actor": actor, "note": request.note, "recorded_at": self.clock(),
            "recorded_by": request.recorded_by, "idempotency_key": request.idempotency_key,
            "override": request.override, "flags": flags, "prev_hash": last_hash,
        }
        # The fingerprint only serves a retry with the same idempotency key.
        fingerprint = request.fingerprint() if request.idempotency_key else None
        return {**fields, "hash": event_hash(fields), "request_hash": fingerprint}

    def _advance(self, session: Session, game: Game, finished: bool) -> None:
        """Compare-and-set the version: zero rows updated means another writer won."""
        result = session.execute(
            update(Game)
            .where(Game.id == game.id, Game.version == game.version)
            .values(version=game.version + 1, status=STATUS_FINISHED if finished else STATUS_IN_PROGRESS)
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:  # type: ignore[attr-defined]
            raise _LostRace()
        if session.get_bind().dialect.name == "postgresql":
            # Delivered at commit, and never if the transaction rolls back: live
            # streams in every app instance wake only for events that were stored.
            session.execute(select(func.pg_notify(LIVE_CHANNEL, game.id)))

    # ------------------------------------------------------------ corrections

    def _correction(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        current: _Fold,
        request: AppendRequest,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], _Fold]:
        """Resolve and try a correction or note; returns its stored data, flags and the new fold."""
        data = dict(request.data)
        if request.type == "note":
            return data, [], current
        if request.type == "undo":
            if current.step == 0:
                raise _recorder_violation("correction/nothing-to-undo", "There is no event to undo")
            data["target_seq"] = current.seq
        else:
            self._require_effective_target(session, game, corrections, data["target_seq"])
        seq = game.version + 1
        trial = corrections.with_row(CorrectionRow(seq, request.type, data, override=request.override))
        check_from = None if request.type == "undo" else data["target_seq"]
        after = self._fold(session, game, engine, trial, check_from=check_from)
        if request.type == "amend" and after.breaks and after.breaks[0]["seq"] == check_from:
            # The replacement itself is illegal: refuse it like any event (override lets it stand).
            raise RuleViolation(after.breaks[0]["violations"], seq=check_from)
        if after.breaks and not data.get("force"):
            raise RuleViolation(
                [{"code": "correction/breaks-later-events", "rule": "Corrections",
                  "message": f"This {_CORRECTION_WORDS[request.type]} would make "
                             f"{len(after.breaks)} later event(s) illegal; apply it anyway "
                             "to keep them, flagged",
                  "severity": "error"}],
                would_break=after.breaks,
            )
        # The replacement's own judgement, then what the correction broke: each names its seq,
        # since the events concerned cannot be changed.
        flags = [{**violation, "seq": check_from} for violation in after.replacement_flags]
        flags += [{**violation, "seq": broken["seq"]} for broken in after.breaks for violation in broken["violations"]]
        return data, flags, after

    def _require_effective_target(self, session: Session, game: Game, corrections: Corrections, seq: int) -> None:
        target = session.scalar(select(EventRow.type).where(EventRow.game_id == game.id, EventRow.seq == seq))
        if target is None:
            raise _recorder_violation("correction/no-such-event", f"There is no event {seq} in this game")
        if target in RECORDER_TYPES:
            raise _recorder_violation("correction/not-a-game-event",
                                      f"Event {seq} is a {target}; only game events can be corrected")
        if seq in corrections.retracted_by:
            raise _recorder_violation("correction/already-retracted",
                                      f"Event {seq} was already retracted by event {corrections.retracted_by[seq]}")

    # ----------------------------------------------------------------- import

    def import_game(self, document: Mapping[str, Any], imported: Mapping[str, Any] | None = None) -> ImportOutcome:
        """Store a game read from an export, checked as its own appends were checked.

        ``document`` has the shape ``recorder.imports.document.read_document`` checks.
        The header must match its genesis hash and the events their chain; the game is
        then replayed and every event judged as ``append`` judges one (``_judge_import``).
        It keeps its id (the hashes cover it), so importing it again finds it
        (``present``); a different history under that id is a conflict.  It gets a new
        write token: an export carries none.  The inserts are one transaction, so a
        game is imported whole or not at all.  ``imported``: where it came from and what
        its signature showed (recorder/provenance.py), kept with the game.
        """
        from recorder.provenance import unvouched

        header, records = document["game"], document["events"]
        embedded = imported_board(document)
        engine = importable_engine(header, embedded.data if embedded is not None else None)
        board = self._imported_board(document, embedded)
        check_chain(header, records)
        existing = self._existing_copy(header, records)
        if existing is not None:
            return existing
        judged = self._judge_import(engine, document, board)
        token = new_token()
        try:
            with self._writers() as session, session.begin():
                if board is not None and session.get(Board, board.id) is None:
                    session.add(Board(**board_columns(board)))  # recreated by its hash, never twice
                    session.flush()
                mark = dict(imported if imported is not None else unvouched(header["version"], utc_now_text()))
                session.add(Game(**judged.game, write_token_hash=token_digest(token), imported=mark))
                session.flush()
                session.add_all(GamePlayer(game_id=header["id"], seat=i, name=p["name"])
                                for i, p in enumerate(header["players"]))
                if judged.events:
                    session.execute(insert(EventRow), judged.events)
                if judged.snapshots:
                    session.execute(insert(Snapshot), judged.snapshots)
        except IntegrityError:
            # Imported by someone else meanwhile: theirs is the copy to compare with.
            existing = self._existing_copy(header, records)
            if existing is None:
                raise
            return existing
        return ImportOutcome(header["id"], header["title"], "imported", len(records), len(records), token)

    def _existing_copy(self, header: Mapping[str, Any], records: Sequence[Mapping[str, Any]]) -> ImportOutcome | None:
        """The outcome if this game is already here: the same history, or one the file's
        is the start of.  Anything else under the same id is a conflict."""
        game_id = header["id"]
        with self._readers() as session:
            game = session.get(Game, game_id)
            if game is None:
                return None
            here = session.scalar(select(EventRow.hash).where(
                EventRow.game_id == game_id, EventRow.seq == len(records))) if records else game.genesis_hash
        if game.genesis_hash != header["genesis_hash"]:
            raise ImportConflict("import/conflict", f"Another game with id {game_id} is already here "
                                 "(its players, options or title differ)", game=game_id)
        if len(records) > game.version or here != (records[-1]["hash"] if records else header["genesis_hash"]):
            raise ImportConflict(
                "import/conflict",
                f"Game {game_id} is already here with a different history ({game.version} events here, "
                f"{len(records)} in the file); an import never adds to or replaces a game's events", game=game_id)
        return ImportOutcome(game_id, game.title, "present", len(records), game.version, None)

    def _imported_board(self, document: Mapping[str, Any], embedded: NewBoard | None) -> Board | None:
        """The board a game document embeds, as this store would save it, or ImportRefused
        naming why it cannot be (the same checks as ``POST /api/boards``)."""
        if embedded is None:
            return None
        try:
            return self.boards.judge(embedded)
        except (BadInput, RuleViolation, NotFound) as exc:
            raise ImportRefused("import/board", f"The board the game was recorded on cannot be saved: {exc.message}",
                                game=document["game"]["id"], **exc.details) from None

    def _judge_import(self, engine: engines.Engine, document: Mapping[str, Any], board: Board | None) -> _Judged:
        """Replay and judge the game with the store's own code, in a private in-memory
        database: however long the replay, the shared database's write lock is then held
        only for the inserts.  Returns the rows to insert."""
        scratch_db = scratch_database()
        try:
            scratch = EventStore(scratch_db, snapshot_every=self.snapshot_every, clock=self.clock)
            with scratch._writers() as session, session.begin():
                if board is not None:
                    session.add(Board(**board_columns(board)))
                    session.flush()
                judged = scratch._import_rows(session, engine, document["game"], document["events"])
                check_result(engine, document, judged.state, judged.game["status"])
        finally:
            scratch_db.dispose()
        return judged

    def _import_rows(
        self, session: Session, engine: engines.Engine, header: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
    ) -> _Judged:
        """Insert the game, then judge and insert its events in order."""
        game_id = header["id"]
        game = Game(**_header_columns(header), status=STATUS_IN_PROGRESS, version=0, write_token_hash="")
        session.add(game)
        session.flush()
        current = _Fold(self.initial_state(game), 0, 0)
        corrections = Corrections()
        judged = _Judged()
        pending: list[dict[str, Any]] = []
        for record in records:
            seq, type_ = record["seq"], record["type"]
            request = AppendRequest(type_, record["data"], record["actor"], record["note"],
                                    idempotency_key=record["idempotency_key"], override=record["override"],
                                    recorded_by=record["recorded_by"])
            game.version = seq - 1  # the checks read the game as it stood before this event
            try:
                self._check_shape(engine, _names(game), _as_sent(request))
            except BadInput as exc:
                raise ImportRefused("import/event-shape", f"Event {seq} ({type_}): {exc.message}",
                                    game=game_id, seq=seq, fields=exc.details["fields"]) from None
            if type_ in CORRECTION_TYPES:
                _insert_rows(session, pending)  # a correction's trial fold reads the events before it
            if type_ in RECORDER_TYPES:
                flags, after = self._import_correction(session, game, engine, corrections, current, request, seq)
                if type_ in CORRECTION_TYPES:
                    corrections = corrections.with_row(
                        CorrectionRow(seq, type_, record["data"], record["flags"], record["override"]))
            else:
                flags, after = _judge_event(engine, game_id, current, record)
                if after.step % self.snapshot_every == 0:
                    snapshot = {"game_id": game_id, "step": after.step, "seq": seq, "version": seq,
                                "rules_version": engine.rules_version, "state": after.state}
                    judged.snapshots.append(snapshot)
                    session.add(Snapshot(**snapshot))
            if flag_keys(flags) != flag_keys(record["flags"]):
                raise ImportRefused(
                    "import/flags-differ",
                    f"Event {seq} ({type_}) was recorded with flags {flag_keys(record['flags'])} but earns "
                    f"{flag_keys(flags)} under {engine.name} rules {engine.rules_version}", game=game_id, seq=seq)
            row = {**{name: record[name] for name in (*EVENT_HASH_FIELDS, "hash") if name != "game_id"},
                   "game_id": game_id, "request_hash": request.fingerprint()}
            pending.append(row)
            judged.events.append(row)
            current = after
        judged.state = current.state
        finished = bool(records) and engine.is_over(current.state)
        judged.game = {**_header_columns(header), "version": len(records),
                       "status": STATUS_FINISHED if finished else STATUS_IN_PROGRESS}
        return judged

    def _import_correction(
        self, session: Session, game: Game, engine: engines.Engine, corrections: Corrections, current: _Fold,
        request: AppendRequest, seq: int,
    ) -> tuple[list[dict[str, Any]], _Fold]:
        """Try a recorded correction or note as ``append`` tried it; it must resolve to the
        same data (an undo to the same target) and be allowed."""
        try:
            data, flags, after = self._correction(session, game, engine, corrections, current, request)
        except RuleViolation as exc:
            raise ImportRefused("import/correction-refused", f"Event {seq} ({request.type}) is refused: {exc.message}",
                                game=game.id, seq=seq, violations=exc.details.get("violations", [])) from None
        if canonical_json(data) != canonical_json(request.data):
            raise ImportRefused("import/refold-differs", f"Event {seq} ({request.type}) resolves to {data}, "
                                f"not {request.data} as recorded", game=game.id, seq=seq)
        return flags, after

    # ---------------------------------------------------------------- folding

    def state_at(self, game_id: str, step: int | None = None, remember: bool = True) -> Frame:
        """The state after ``step`` effective events (the latest when None).

        Starts from the nearest valid snapshot, so the cost is O(snapshot_every),
        not O(step); snapshots passed on the way are written for next time.  With
        ``remember=False`` the latest fold is not kept in the per-process cache: a bulk
        export reads every game once, and would otherwise fill it with games nobody plays.
        """
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            engine = engines.find(game.engine)
            corrections = self._corrections(session, game)
            if step is None:
                fold = self._latest_fold(session, game, engine, corrections, remember)
            else:
                fold = self._fold(session, game, engine, corrections, step=step)
            version = game.version
        if step is not None and fold.step < step:
            raise NotFound(f"Game {game_id} has only {fold.step} steps", steps=fold.step)
        self._save_snapshots(game, engine, corrections, fold.passed, version)
        return Frame(fold.step, fold.seq, fold.state, version)

    def _latest_fold(self, session: Session, game: Game, engine: engines.Engine, corrections: Corrections,
                     remember: bool = True) -> _Fold:
        """The fold at the game's current version, from the cache when this process has it."""
        cached = self._latest.get(game.id, game.version)
        if cached is not None:
            return cached
        fold = self._fold(session, game, engine, corrections)
        if remember:
            self._latest.put(game.id, game.version, _Fold(fold.state, fold.step, fold.seq))
        return fold

    def _fold(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        step: int | None = None,
        check_from: int | None = None,
    ) -> _Fold:
        """Fold the effective events up to ``step``.

        With ``check_from``, every event from that seq on is judged before it is
        applied and the ones now illegal are collected in ``breaks`` (the ones
        the table already let stand, by override or a forced correction, are
        not); that is how a void or amend is tried before it is stored.
        """
        base = self._base(session, game, engine, corrections, step, check_from)
        self._refuse_long_fold(game, corrections, base, step)
        fold = _Fold(base.state, base.step, base.seq)
        owned = False  # whether fold.state is a state this fold made, so never seen elsewhere
        for effective in self._effective_after(session, game, corrections, base.seq, base.step, step):
            seq, event, overridden = effective.seq, effective.event, effective.override is not None
            if check_from is not None and seq >= check_from:
                violations = [v.to_dict() for v in engine.check(fold.state, event)]
                if seq == check_from and seq in corrections.replacements:
                    fold.replacement_flags = violations
                errors = [v for v in violations if v["severity"] == "error"]
                if errors and not (overridden or corrections.accepted_anyway(seq)):
                    fold.breaks.append({"seq": seq, "type": event.type, "violations": errors})
            fold.state = engine.apply_in_place(fold.state, event) if owned else engine.apply(fold.state, event)
            owned = True
            fold.step += 1
            fold.seq = seq
            if fold.step % self.snapshot_every == 0 and fold.step > base.step:
                fold.passed.append((fold.step, seq, json_copy(fold.state)))  # the fold goes on changing its own
        return fold

    def _base(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        step: int | None,
        check_from: int | None,
    ) -> _Fold:
        """The best starting point: the latest still-valid snapshot at or before ``step``."""
        # Choose on the small columns first: only the chosen snapshot's state is read.
        query = select(Snapshot.id, Snapshot.step, Snapshot.seq, Snapshot.version).where(
            Snapshot.game_id == game.id, Snapshot.rules_version == engine.rules_version)
        if step is not None:
            query = query.where(Snapshot.step <= step)
        if check_from is not None:
            query = query.where(Snapshot.seq < check_from)
        candidates = session.execute(query.order_by(Snapshot.step.desc(), Snapshot.version.desc()).limit(50)).all()
        for snapshot_id, snapshot_step, snapshot_seq, snapshot_version in candidates:
            if not corrections.invalidates(snapshot_seq, snapshot_version):
                state = session.scalar(select(Snapshot.state).where(Snapshot.id == snapshot_id))
                if state is not None:  # None: replaced since the query above (recorder/snapshots.py)
                    return _Fold(state, snapshot_step, snapshot_seq)
        return _Fold(self.initial_state(game), 0, 0)

    def _effective_after(
        self, session: Session, game: Game, corrections: Corrections, after_seq: int, after_step: int,
        step: int | None,
    ) -> Iterator[Effective]:
        """Each effective game event after ``after_seq``, up to the game's version as
        read (PostgreSQL's READ COMMITTED would show later commits)."""
        query = (
            select(EventRow.seq, EventRow.type, EventRow.data, EventRow.actor, EventRow.override, EventRow.flags)
            .where(EventRow.game_id == game.id, EventRow.seq > after_seq, EventRow.seq <= game.version,
                   EventRow.type.not_in(RECORDER_TYPES))
            .order_by(EventRow.seq)
        )
        if step is not None:
            query = query.limit(step - after_step + corrections.retracted_after(after_seq))
        wanted = None if step is None else step - after_step
        for seq, type_, data, actor, override, flags in session.execute(query):
            if wanted is not None and wanted <= 0:
                return
            event = corrections.effective(seq, Event(type_, data, actor))
            if event is None:
                continue
            if wanted is not None:
                wanted -= 1
            yield Effective(seq, event, corrections.override_of(seq, override),
                            corrections.flags_of(seq, flags or []))

    def initial_state(self, game: Game) -> State:
        engine = engines.find(game.engine)
        board = self.boards.data_of(game.board_id) if game.board_id is not None else None
        return engine.setup([p["name"] for p in game.players], game.options, board=board)

    def _refuse_long_fold(self, game: Game, corrections: Corrections, base: _Fold, step: int | None) -> None:
        """Refuse a fold of more than ``fold_limit`` events from its snapshot (counted from
        the rows it reads: the recorder's own included), before any is read."""
        reach = game.version - base.seq
        if step is not None:
            reach = min(reach, step - base.step + corrections.retracted_after(base.seq))
        if reach > self.fold_limit:
            raise RuleViolation(
                [{"code": "store/fold-limit", "rule": "Fold limit", "severity": "error",
                  "message": f"This needs a fold of {reach} events from the nearest snapshot; this server "
                             f"folds at most {self.fold_limit} in one request (TABLESCRIBE_FOLD_LIMIT)"}],
                fold_limit=self.fold_limit, would_fold=reach)

    def _save_snapshots(
        self, game: Game, engine: engines.Engine, corrections: Corrections, passed: list[tuple[int, int, State]],
        version: int, prune: bool = False,
    ) -> None:
        """Best effort, after the request's own transaction: a snapshot is a cache, so losing
        a race for one, or finding the store busy, costs nothing (the next fold writes it).
        Written in small batches, each replacing the game's stale snapshots and skipping the
        steps that have a standing one (recorder/snapshots.py): reads behind a correction do
        not pile rows up.  ``prune``: delete the stale ones even with nothing to write."""
        batches = [passed[start:start + SNAPSHOT_BATCH] for start in range(0, len(passed), SNAPSHOT_BATCH)]
        for batch in batches or ([[]] if prune else []):
            rows = [{"game_id": game.id, "step": step, "seq": seq, "version": version,
                     "rules_version": engine.rules_version, "state": state} for step, seq, state in batch]
            try:
                with self._write(SNAPSHOT_WAIT_SECONDS) as session:
                    replace_snapshots(session, game.id, engine.rules_version, corrections, rows)
            except (IntegrityError, OperationalError, StoreBusy, StoreFull):
                return

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
        whether SQLAlchemy's, the driver's (the lean path) or the OS's; ``write_health``
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

    # ------------------------------------------------------------------ reads

    def _game(self, session: Session, game_id: str) -> Game:
        game = session.get(Game, game_id) if GAME_ID.fullmatch(game_id) else None
        if game is None:
            raise NotFound(f"No game {game_id!r}")
        return game

    def _corrections(self, session: Session, game: Game) -> Corrections:
        """The game's corrections up to its version as read (a later commit is not ours to see)."""
        rows = session.execute(
            select(EventRow.seq, EventRow.type, EventRow.data, EventRow.flags, EventRow.override)
            .where(EventRow.game_id == game.id, _RECORDER_TYPE, EventRow.seq <= game.version)
            .order_by(EventRow.seq)
        )
        return Corrections.from_rows(
            CorrectionRow(seq, type_, data, flags or [], override)
            for seq, type_, data, flags, override in rows if type_ in CORRECTION_TYPES)

    def recorded_events(self, game_id: str, start: int = 1, end: int | None = None) -> list[EventRow]:
        """The log as recorded, corrections included, by seq."""
        with self._readers() as session:
            self._game(session, game_id)
            query = select(EventRow).where(EventRow.game_id == game_id, EventRow.seq >= start)
            if end is not None:
                query = query.where(EventRow.seq <= end)
            return list(session.scalars(query.order_by(EventRow.seq)))

    def effective_log(self, game_id: str) -> list[dict[str, Any]]:
        """The effective history with a describe line each, plus the notes where they fall.

        One fold from the start: describing an event needs the state before it.  A page of
        it (``log_page``) needs only a fold from the nearest snapshot.
        """
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            cached = self._logs.get(game_id, game.version)
            if cached is not None:
                return cached
            engine = engines.find(game.engine)
            corrections = self._corrections(session, game)
            rows = list(session.scalars(
                select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)))
        log = list(_log_lines(engine, corrections, rows, self.initial_state(game), 0))
        self._logs.put(game_id, game.version, log)
        return log

    def log_page(self, game_id: str, start: int, count: int, recorded: bool = False) -> LogPage:
        """Steps ``start`` .. ``start + count - 1`` of the effective log (as many as exist),
        each with the notes after it, exactly as ``effective_log`` has them; with
        ``recorded``, also the stored rows from the page's first step to its last (the rows
        between two pages belong to the earlier one) and the corrections aimed at them.
        Folded from the nearest snapshot: a page of a long game costs the page, not the game."""
        with self._readers() as session, session.begin():
            game, engine, corrections, total, last, fold = self._window(session, game_id, start, count)
            rows = session.scalars(
                select(EventRow).where(EventRow.game_id == game_id, EventRow.seq > fold.seq,
                                       EventRow.seq <= game.version)
                .order_by(EventRow.seq).execution_options(yield_per=256))
            entries: list[dict[str, Any]] = []
            end_seq = game.version
            try:  # read in batches, and no further than the page
                for entry in _log_lines(engine, corrections, rows, fold.state, fold.step):
                    if entry["kind"] == "event" and entry["step"] > last:
                        end_seq = entry["seq"] - 1
                        break
                    if (entry["step"] if "step" in entry else entry["after_step"]) >= start:
                        entries.append(entry)
            finally:
                rows.close()  # PostgreSQL's server-side cursor, left open by the break
            rows_on_page: list[EventRow] = []
            aimed: dict[int, tuple[str, int]] = {}
            if recorded:
                first_seq = next((e["seq"] for e in entries if e["kind"] == "event"), end_seq + 1) if start else 1
                rows_on_page = list(session.scalars(select(EventRow).where(
                    EventRow.game_id == game_id, EventRow.seq >= first_seq, EventRow.seq <= end_seq)
                    .order_by(EventRow.seq)))
                on_page = {row.seq for row in rows_on_page}
                for seq, type_, data in session.execute(
                        select(EventRow.seq, EventRow.type, EventRow.data)
                        .where(EventRow.game_id == game_id, _RECORDER_TYPE, EventRow.seq <= game.version)
                        .order_by(EventRow.seq)):
                    target = data.get("target_seq") if type_ in CORRECTION_TYPES and isinstance(data, Mapping) else None
                    if target is not None and int(target) in on_page:
                        aimed[int(target)] = (type_, seq)
        self._save_snapshots(game, engine, corrections, fold.passed, game.version)
        return LogPage(game, total, start, last, entries, rows_on_page, aimed)

    def unchecked_checks(self, game_id: str) -> int:
        """How many checks of the effective log could not run for want of board data (the
        log's one quiet line): the stored flags read, no event applied."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            key = f"{game_id}/unchecked"
            cached = self._summaries.get(key, game.version)
            if cached is not None:
                return int(cached)
            corrections = self._corrections(session, game)
            count = sum(len(split_flags(effective.flags)[1])
                        for effective in self._effective_after(session, game, corrections, 0, 0, None))
        self._summaries.put(key, game.version, count)
        return count

    def _window(self, session: Session, game_id: str, start: int,
                count: int) -> tuple[Game, engines.Engine, Corrections, int, int, _Fold]:
        """What a page of steps ``start`` .. ``start + count - 1`` starts from: the game, its
        engine and corrections, its number of steps, the page's last step, and the fold
        just before the page (from the nearest snapshot); NotFound past the last step."""
        game = self._game(session, game_id)
        engine = engines.find(game.engine)
        corrections = self._corrections(session, game)
        total = self._step_count(session, game, corrections)
        if start > total:
            raise NotFound(f"Game {game_id} has only {total} steps", steps=total)
        last = min(total, start + count - 1)
        return game, engine, corrections, total, last, self._fold(session, game, engine, corrections,
                                                                   step=max(start - 1, 0))

    def frames(self, game_id: str, start: int, count: int) -> tuple[Game, int, list[FrameData]]:
        """Steps ``start`` .. ``start + count - 1`` (as many as exist), each with the
        state before and after; folded from the nearest snapshot, never from the start.
        Returns the game, its number of steps, and the frames."""
        with self._readers() as session, session.begin():
            game, engine, corrections, total, last, fold = self._window(session, game_id, start, count)
            frames = [FrameData(0, 0, None, None, fold.state)] if start == 0 else []
            state = fold.state
            step = fold.step
            for effective in self._effective_after(session, game, corrections, fold.seq, fold.step, last):
                after = engine.apply(state, effective.event)
                step += 1
                frames.append(FrameData(step, effective.seq, effective, state, after))
                state = after
        self._save_snapshots(game, engine, corrections, fold.passed, game.version)
        return game, total, frames

    def timeline(self, game_id: str) -> tuple[Game, list[tuple[int, State]]]:
        """(step, state) for every step: one fold from the start, for exports.  A long
        game's states weigh more than the cache holds: the viewer asks ``timeline_summary``."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            cached = self._timelines.get(game_id, game.version)
            if cached is not None:
                return game, cached
            points = list(self._states_from_start(session, game))
        self._timelines.put(game_id, game.version, points)
        return game, points

    def timeline_summary(self, game_id: str, summarise: Callable[[Game, Iterator[tuple[int, State]]], Any],
                         key: str | None = None) -> tuple[Game, Any]:
        """What ``summarise`` makes of (step, state) for every step, in order (the viewer's
        score chart, its ``?turn=`` lookup): one fold from the start that keeps no state.
        With ``key``, the answer (small: its JSON is weighed) is kept per version; it may
        stop reading early."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            cache_key = f"{game_id}/{key}"
            if key is not None:
                cached = self._summaries.get(cache_key, game.version)
                if cached is not None:
                    return game, cached
            known = self._timelines.get(game_id, game.version)
            summary = summarise(game, iter(known) if known is not None else self._states_from_start(session, game))
        if key is not None:
            self._summaries.put(cache_key, game.version, summary)
        return game, summary

    def _states_from_start(self, session: Session, game: Game) -> Iterator[tuple[int, State]]:
        engine = engines.find(game.engine)
        corrections = self._corrections(session, game)
        state = self.initial_state(game)
        yield 0, state
        for step, effective in enumerate(self._effective_after(session, game, corrections, 0, 0, None), 1):
            state = engine.apply(state, effective.event)
            yield step, state

    def _step_count(self, session: Session, game: Game, corrections: Corrections) -> int:
        """Game events up to the version, less those retracted.  Seqs run 1..version with
        no gap, so it is the version less the recorder's own events: a count over their
        small index, not over the whole game."""
        recorder_events = session.scalar(
            select(func.count()).select_from(EventRow).where(
                EventRow.game_id == game.id, _RECORDER_TYPE, EventRow.seq <= game.version)
        ) or 0
        return game.version - recorder_events - len(corrections.retracted_by)

    def types_between(self, game_id: str, after_version: int, upto_version: int) -> set[str]:
        """The types of the events stored after one version up to another (for live viewers)."""
        with self._readers() as session:
            rows = session.scalars(select(EventRow.type).where(
                EventRow.game_id == game_id, EventRow.seq > after_version, EventRow.seq <= upto_version))
            return set(rows)

    def verify(self, game_id: str) -> dict[str, Any]:
        """Recompute the hash chain; name the first event that does not match."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            expected_prev = genesis_hash(game_header(game))
            problem: dict[str, Any] | None = None
            if expected_prev != game.genesis_hash:
                problem = {"seq": 0, "reason": "the game's header (players, options...) does not match its hash"}
            elif game.board_id is not None:
                problem = _board_problem(session.get(Board, game.board_id), game)
            count = 0
            if problem is None:
                for row in session.scalars(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)):
                    count += 1
                    problem = link_problem({name: getattr(row, name) for name in (*EVENT_HASH_FIELDS, "hash")},
                                           count, expected_prev)
                    if problem:
                        break
                    expected_prev = row.hash
            if problem is None and count != game.version:
                problem = {"seq": count + 1, "reason": f"the game claims version {game.version} but has {count} events"}
        return {"ok": problem is None, "events": count, "version": game.version, "first_broken": problem}



@dataclass(frozen=True)
class ImportOutcome:
    """One imported game: ``imported`` now, or ``present`` already (then no token)."""

    game_id: str
    title: str
    status: str
    events: int
    version: int
    write_token: str | None


@dataclass
class _Judged:
    """A game replayed and judged for import: the rows to store and where it ended."""

    game: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    state: State = field(default_factory=dict)


GAME_HEADER_COLUMNS = ("id", "engine", "rules_version", "title", "players", "options", "created_at", "genesis_hash")


def _header_columns(header: Mapping[str, Any]) -> dict[str, Any]:
    """A game document's header as the games table's columns (its board's id and hash too)."""
    board = header.get("board")
    return {**{name: header[name] for name in GAME_HEADER_COLUMNS},
            "board_id": board["id"] if board else None, "board_hash": board["hash"] if board else None}


def _judge_event(engine: engines.Engine, game_id: str, current: _Fold,
                 record: Mapping[str, Any]) -> tuple[list[dict[str, Any]], _Fold]:
    """Judge one recorded game event as ``append`` did: its flags and the fold after it.
    ``append`` stores the actor it resolved, so a stored None means nobody was due."""
    seq, type_ = record["seq"], record["type"]
    if record["actor"] is None and _default_actor(engine, current.state) is not None:
        raise ImportRefused("import/refold-differs", f"Event {seq} ({type_}) has no actor, but "
                            f"{_default_actor(engine, current.state)} was due to act", game=game_id, seq=seq)
    event = Event(type_, record["data"], record["actor"])
    flags = [v.to_dict() for v in engine.check(current.state, event)]
    errors = [f for f in flags if f["severity"] == "error"]
    if errors and not record["override"]:
        raise ImportRefused(
            "import/illegal-event",
            f"Event {seq} ({type_}) breaks a rule and the table did not override it: "
            f"{errors[0]['code']}: {errors[0]['message']}", game=game_id, seq=seq, violations=errors)
    return flags, _Fold(engine.apply(current.state, event), current.step + 1, seq)


@dataclass(frozen=True)
class _Judgement:
    """A request judged against the game as it stands: what is stored, and the fold after."""

    data: dict[str, Any]
    flags: list[dict[str, Any]]
    actor: str | None
    after: _Fold
    event: Event | None  # the game event judged (None for a correction)


def _judge_request(engine: engines.Engine, current: _Fold, version: int, request: AppendRequest) -> _Judgement:
    """A game event checked against ``current``: refused when it breaks a rule and the
    table did not override it, else applied.  ``version`` is the game's before it."""
    event = Event(request.type, request.data, request.actor or _default_actor(engine, current.state))
    flags = [v.to_dict() for v in engine.check(current.state, event)]
    errors = [f for f in flags if f["severity"] == "error"]
    if errors and not request.override:
        raise RuleViolation(errors, warnings=[f for f in flags if f["severity"] != "error"])
    after = _Fold(engine.apply(current.state, event), current.step + 1, version + 1)
    return _Judgement(request.data, flags, event.actor, after, event)


_SCHEMAS: dict[tuple[str, str], Schema] = {}


def _schema_of(engine: engines.Engine, event_type: str) -> Schema | None:
    """The shape ``event_type`` must have in ``engine``'s games, one instance per type:
    making a marshmallow schema costs four times what loading a body with it does."""
    key = (engine.name, event_type)
    if key not in _SCHEMAS:
        schema = RECORDER_SCHEMAS.get(event_type) or engine.event_schemas.get(event_type)
        if schema is None:
            return None  # not kept: unknown names come from clients, without end
        _SCHEMAS[key] = schema()
    return _SCHEMAS[key]


def _names(game: Game) -> frozenset[str]:
    return frozenset(p["name"] for p in game.players)


def _as_sent(request: AppendRequest) -> AppendRequest:
    """The request as a client sent it: an undo is stored with the target it resolved to."""
    if request.type != "undo":
        return request
    data = {k: v for k, v in request.data.items() if k != "target_seq"}
    return AppendRequest(request.type, data, request.actor)


def _refuse_unstorable(value: Any, path: str) -> None:
    """Free-form JSON (an event's data, a game's options) passes no field schema
    everywhere: what no database, page or JavaScript reader keeps intact is refused
    here, before any engine sees it."""
    problem = unstorable(value, path)
    if problem:
        raise BadInput({problem[0]: [problem[1]]})


def _refuse_too_long(title: str | None, players: Sequence[str]) -> None:
    """The API's schema says the same; the pages' form and the CLI reach the store directly."""
    problems = {f"players.{i}": [f"Longer than {NAME_MAX} characters"]
                for i, name in enumerate(players) if len(name) > NAME_MAX}
    if title is not None and len(title) > TITLE_MAX:
        problems["title"] = [f"Longer than {TITLE_MAX} characters"]
    if problems:
        raise BadInput(problems)


def _insert_rows(session: Session, pending: list[dict[str, Any]]) -> None:
    """Insert the events judged so far in one statement (many rows), then forget them."""
    if pending:
        session.execute(insert(EventRow), pending)
        pending.clear()



def _default_title(engine_title: str, players: Sequence[str]) -> str:
    title = f"{engine_title}: {', '.join(players)}"
    return title if len(title) <= TITLE_MAX else title[: TITLE_MAX - 1] + "…"


def game_header(game: Game) -> dict[str, Any]:
    """The header the genesis hash covers; ``board`` only for a game recorded on a saved board."""
    header = {
        "id": game.id, "engine": game.engine, "rules_version": game.rules_version, "title": game.title,
        "players": game.players, "options": game.options, "created_at": game.created_at,
    }
    if game.board_id is not None:
        header["board"] = {"id": game.board_id, "hash": game.board_hash}
    return header


def _board_problem(board: Board | None, game: Game) -> dict[str, Any] | None:
    """Whether the board a game pins is still the one it was recorded on (``verify``)."""
    if board is None:
        return {"seq": 0, "reason": f"the board {game.board_id} the game was recorded on is missing"}
    if board_hash(board.data) != game.board_hash or board.hash != game.board_hash:
        return {"seq": 0, "reason": f"the board {game.board_id} no longer matches the hash the game was recorded with"}
    return None


def _default_actor(engine: engines.Engine, state: State) -> str | None:
    """Whose an event sent without an actor is: the player whose turn it is, which
    ``expected()`` lists first (engines read a missing actor the same way), asked of
    ``actors(state)``, which a game whose offers cost time to build answers alone: every
    append without an actor asks."""
    actors = engine.actors(state)
    return actors[0] if actors else None


def _recorder_violation(code: str, message: str) -> RuleViolation:
    return RuleViolation([{"code": code, "rule": "Corrections", "message": message, "severity": "error"}])
