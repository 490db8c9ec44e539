"""Writing fold snapshots: a cache beside the event log, so its rows may be replaced.

A snapshot is the state after some step, valid until a correction made after it
reaches back into it.  Folds write the snapshots they pass, so that the next fold
starts near where it is asked for; without replacing, every correction left a
game's old snapshots behind for good and each read behind it wrote a new set
(issue 22).  Here the stale ones of a game are deleted when fresh ones are written,
and a step that still has a standing snapshot gets no second one.  Which steps get one
is ``snapshot_due``: every ``snapshot_every``-th step, and the head of a finished game
(issue 24), so a game keeps at most one standing snapshot per ``snapshot_every`` steps
plus one at its end.  The events themselves are never touched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.orm import Session

from recorder.history import Corrections
from recorder.models import Snapshot

_DELETE_BATCH = 500  # ids per DELETE: well under either database's limit on bound parameters


def snapshot_due(step: int, every: int, over: bool) -> bool:
    """Whether the state after ``step`` effective events gets a snapshot: every ``every``-th
    step bounds a seek's fold; and the step that ends the game (``over``), because a
    finished game is read at its head again and again (its export carries the standings
    and declared data of its last state) and then starts from there instead of folding."""
    return step % every == 0 or over


def replace_snapshots(session: Session, game_id: str, rules_version: str, corrections: Corrections,
                      rows: Sequence[Mapping[str, Any]]) -> int:
    """Insert ``rows`` (snapshots valid under ``corrections``, the game's as read) at the
    steps with no standing snapshot, and delete the game's snapshots those corrections
    invalidate.  Returns how many rows were inserted."""
    known = session.execute(select(Snapshot.id, Snapshot.step, Snapshot.seq, Snapshot.version).where(
        Snapshot.game_id == game_id, Snapshot.rules_version == rules_version)).all()
    stale = [row_id for row_id, _, seq, version in known if corrections.invalidates(seq, version)]
    standing = {step for _, step, seq, version in known if not corrections.invalidates(seq, version)}
    for start in range(0, len(stale), _DELETE_BATCH):
        session.execute(delete(Snapshot).where(Snapshot.id.in_(stale[start:start + _DELETE_BATCH])))
    fresh = [dict(row) for row in rows if row["step"] not in standing]
    if fresh:
        session.execute(insert(Snapshot), fresh)
    return len(fresh)
