"""Group commit: appends that arrive while a COMMIT is in flight share the next one.

On a 2-core machine most of a durable append over HTTP was waiting: for the write gate
(``recorder/db.py``), behind another append's fsync.  Here the first writer to find no
group being written leads: it takes every write queued so far and stores them with one
transaction and one COMMIT (``write_events``: a SAVEPOINT each, so a write that lost
its race is undone alone).  Writers that arrive meanwhile queue; when the leader's
COMMIT returns, each of its group learns its own outcome, only then, and the oldest
waiter leads the next group.  A failure of the shared transaction (the gate's deadline,
a full disk, the COMMIT itself) is every member's: none of them was stored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from recorder.store.writes import Outcome, Write

Flush = Callable[[Sequence[Write]], list[Outcome]]


@dataclass
class _Pending:
    write: Write
    ready: threading.Event = field(default_factory=threading.Event)  # settled, or asked to lead
    settled: bool = False
    outcome: Outcome | None = None
    error: BaseException | None = None


class GroupCommit:
    """Writes of one process queued for the next shared transaction (``flush``, which
    takes the write gate and stores a group in one COMMIT)."""

    def __init__(self, flush: Flush):
        self._flush = flush
        self._lock = threading.Lock()
        self._queued: list[_Pending] = []
        self._leading = False  # a group is being written

    def write(self, write: Write) -> Outcome:
        """``write``'s outcome once the COMMIT holding it returned; the shared
        transaction's failure raised."""
        pending = _Pending(write)
        with self._lock:
            self._queued.append(pending)
            leads = not self._leading
            self._leading = True
        if not leads:
            pending.ready.wait()
        if not pending.settled:  # this writer leads the next group (its own write in it)
            self._lead()
        if pending.error is not None:
            raise pending.error
        assert pending.outcome is not None
        return pending.outcome

    def _lead(self) -> None:
        with self._lock:
            group, self._queued = self._queued, []
        try:
            outcomes: list[Outcome | None] = list(self._flush([p.write for p in group]))
            error: BaseException | None = None
        except BaseException as exc:  # the shared transaction failed: every member with it
            outcomes, error = [None] * len(group), exc
        for pending, outcome in zip(group, outcomes, strict=True):
            pending.outcome, pending.error, pending.settled = outcome, error, True
            pending.ready.set()
        with self._lock:
            if self._queued:
                self._queued[0].ready.set()  # the oldest waiter leads the next group
            else:
                self._leading = False

    @property
    def queued(self) -> int:
        """Writes waiting for the next group (for tests)."""
        with self._lock:
            return len(self._queued)
