"""The database's "not now" and "no room" told apart from real failures.

A write that met a busy database (SQLite's ``database is locked`` after its busy
timeout, PostgreSQL's lock timeout or a deadlock) stored nothing and may simply be
sent again: that is a 503 with Retry-After, never an opaque 500.  A write that found
no room (SQLite's ``database or disk is full``, PostgreSQL's disk_full, ENOSPC) also
stored nothing, but will not succeed until someone frees space: a 507, and
``/api/ready`` reports it (``WriteHealth``) so that an orchestrator can see why.
Anything else stays an error nobody expected.
"""

from __future__ import annotations

import errno
import threading
import time
from collections.abc import Callable

from recorder.errors import StoreBusy, StoreError, StoreFull

# SQLSTATEs: lock_not_available, deadlock_detected, serialization_failure; disk_full.
_BUSY_SQLSTATES = frozenset({"55P03", "40P01", "40001"})
_FULL_SQLSTATES = frozenset({"53100"})
_BUSY_SQLITE = ("database is locked", "database table is locked", "database schema is locked")
_FULL_SQLITE = ("database or disk is full",)
_BUSY_MESSAGE = "The store is busy with other writes: nothing was stored, try again shortly"
_FULL_MESSAGE = "The store has no room left for this write: nothing was stored"
# How long /api/ready reports a full disk without a write to say otherwise: taken out
# of rotation, an instance would otherwise never get the write that clears it.
FULL_REPORTED_SECONDS = 60.0


def store_fault(exc: BaseException) -> StoreError | None:
    """The StoreBusy or StoreFull that ``exc`` (SQLAlchemy's, the driver's or the OS's)
    means, or None when it is neither."""
    original = getattr(exc, "orig", None) or exc  # SQLAlchemy wraps the driver's exception
    if isinstance(original, OSError) and original.errno == errno.ENOSPC:
        return StoreFull(f"{_FULL_MESSAGE} (the disk is full)", reason="disk_full")
    sqlstate = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    text = str(original).lower()
    if sqlstate in _FULL_SQLSTATES or any(words in text for words in _FULL_SQLITE):
        return StoreFull(f"{_FULL_MESSAGE} (the database or its disk is full)", reason="disk_full")
    if sqlstate in _BUSY_SQLSTATES or (sqlstate is None and any(words in text for words in _BUSY_SQLITE)):
        return StoreBusy(_BUSY_MESSAGE, reason="locked")
    return None


class WriteHealth:
    """Whether this process's last write found the store full, for ``/api/ready``.

    Set by a write that failed for lack of room, cleared by the next write that
    succeeds, and forgotten after ``reported_for`` seconds (then the next write
    finds out again)."""

    def __init__(self, reported_for: float = FULL_REPORTED_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.reported_for = reported_for
        self.clock = clock
        self._lock = threading.Lock()
        self._full: tuple[float, str] | None = None

    def failed(self, fault: StoreError) -> None:
        if isinstance(fault, StoreFull):
            with self._lock:
                self._full = (self.clock(), fault.message)

    def succeeded(self) -> None:
        if self._full is not None:
            with self._lock:
                self._full = None

    def problem(self) -> str | None:
        """Why writes cannot succeed now, or None."""
        with self._lock:
            if self._full is None:
                return None
            since, message = self._full
            if self.clock() - since > self.reported_for:
                self._full = None
                return None
            return message
