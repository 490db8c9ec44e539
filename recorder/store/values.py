"""The store's value types (what an append, a frame, a log page hold) and the settings its parts share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from sqlalchemy import bindparam

import engines
from engines import Event, State
from recorder.hashing import (
    canonical_json,
    sha256_hex,
)
from recorder.history import RECORDER_TYPES, Corrections
from recorder.models import EventRow, Game

# The recorder's own event types, written into the SQL as the partial index
# ix_events_recorder_types has them: SQLite uses that index only for a query whose
# term is the index's own, which a bound parameter is not.  Constants, never input.
RECORDER_TYPE_TERM = EventRow.__table__.c.type.in_(
    bindparam("recorder_types", sorted(RECORDER_TYPES), expanding=True, literal_execute=True))
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


@dataclass(frozen=True)
class Recorded:
    """A game as an export reads it (``EventStore.recorded``): its events by seq, as plain
    rows of ``recorder.store.reads.RECORDED_COLUMNS`` (the JSON columns as the text stored),
    and the fold of those same events."""

    game: Game
    rows: Sequence[Any]
    frame: Frame


@dataclass
class Fold:
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


class Moved(Exception):
    """The game is no longer at the version the request must be judged at."""

    def __init__(self, version: int):
        super().__init__(version)
        self.version = version


@dataclass
class Prepared:
    """An append judged in a read transaction, to be stored by a short write
    transaction if the game is still at ``version`` (the compare-and-set)."""

    game: Game
    version: int
    row: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    snapshot: dict[str, Any] | None = None
    result: AppendResult | None = None
    after: Fold | None = None
    corrections: Corrections | None = None  # the game's once the event is stored
    passed: list[tuple[int, int, State]] = field(default_factory=list)  # snapshots the judging fold passed
    replayed: AppendResult | None = None  # the idempotency key was seen: the earlier answer


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
class Judged:
    """A game replayed and judged for import: the rows to store and where it ended."""

    game: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    state: State = field(default_factory=dict)
