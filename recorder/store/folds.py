"""Folding a game's effective events into its state at a step, from the best snapshot on, and saving snapshots."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

import engines
from engines import Event, State
from engines.base import json_copy
from recorder.errors import (
    NotFound,
    RuleViolation,
    StoreBusy,
    StoreFull,
)
from recorder.history import RECORDER_TYPES, Corrections
from recorder.models import EventRow, Game, Snapshot
from recorder.snapshots import replace_snapshots, snapshot_due
from recorder.store.core import StoreBase
from recorder.store.values import Effective, Fold, Frame

# A read stores the snapshots it folded past only if the gate is free within this: they
# are a cache, and the next fold writes them as well.
SNAPSHOT_WAIT_SECONDS = 0.05
SNAPSHOT_BATCH = 100  # snapshots per write transaction: the write lock is never held long

# A fold's snapshot, chosen on its small columns, then read: statements built once and run
# on the connection, as recorder.store.core.CORRECTION_ROWS (a fold's fixed cost, paid by
# every frame, append and export).  A step or seq with no bound is compared with NO_BOUND.
_SNAPSHOTS = Snapshot.__table__.c
NO_BOUND = 2**31 - 1  # the largest INTEGER of PostgreSQL: more steps than any game holds
_SNAPSHOT_CANDIDATES = (
    select(_SNAPSHOTS.id, _SNAPSHOTS.step, _SNAPSHOTS.seq, _SNAPSHOTS.version)
    .where(_SNAPSHOTS.game_id == bindparam("game_id"), _SNAPSHOTS.rules_version == bindparam("rules_version"),
           _SNAPSHOTS.step <= bindparam("step"), _SNAPSHOTS.seq <= bindparam("seq"))
    .order_by(_SNAPSHOTS.step.desc(), _SNAPSHOTS.version.desc()).limit(50))
_SNAPSHOT_STATE = select(_SNAPSHOTS.state).where(_SNAPSHOTS.id == bindparam("id"))


def decoded_column(text: str | None) -> Any:
    """A JSON column read as text, as its column type would have decoded it."""
    return None if text is None else json.loads(text)


class StoreFolds(StoreBase):
    """Folding a game's effective events into its state at a step, from the best snapshot on, and saving snapshots."""

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
                     remember: bool = True, recorded: Sequence[Any] | None = None) -> Fold:
        """The fold at the game's current version, from the cache when this process has it
        (``recorded``: the game's rows as ``_effective_after`` takes them)."""
        cached = self._latest.get(game.id, game.version)
        if cached is not None:
            return cached
        fold = self._fold(session, game, engine, corrections, recorded=recorded)
        if remember:
            self._latest.put(game.id, game.version, Fold(fold.state, fold.step, fold.seq))
        return fold

    def _fold(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        step: int | None = None,
        check_from: int | None = None,
        recorded: Sequence[Any] | None = None,
    ) -> Fold:
        """Fold the effective events up to ``step`` (from ``recorded`` when given: see
        ``_effective_after``).

        With ``check_from``, every event from that seq on is judged before it is
        applied and the ones now illegal are collected in ``breaks`` (the ones
        the table already let stand, by override or a forced correction, are
        not); that is how a void or amend is tried before it is stored.
        """
        base = self._base(session, game, engine, corrections, step, check_from)
        self._refuse_long_fold(game, corrections, base, step)
        fold = Fold(base.state, base.step, base.seq)
        owned = False  # whether fold.state is a state this fold made, so never seen elsewhere
        for effective in self._effective_after(session, game, corrections, base.seq, base.step, step, recorded):
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
            if fold.step > base.step and snapshot_due(fold.step, self.snapshot_every, False):
                fold.passed.append((fold.step, seq, json_copy(fold.state)))  # the fold goes on changing its own
        if step is None and fold.step > base.step and (not fold.passed or fold.passed[-1][0] != fold.step) \
                and snapshot_due(fold.step, self.snapshot_every, engine.is_over(fold.state)):
            # The head of a finished game, once (is_over asked at the head only): a store
            # from before issue 24, or a game a correction ended, gets it on its next read.
            fold.passed.append((fold.step, fold.seq, json_copy(fold.state)))
        return fold

    def _base(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        step: int | None,
        check_from: int | None,
    ) -> Fold:
        """The best starting point: the latest still-valid snapshot at or before ``step``."""
        # Choose on the small columns first: only the chosen snapshot's state is read.
        connection = session.connection()
        candidates = connection.execute(_SNAPSHOT_CANDIDATES, {
            "game_id": game.id, "rules_version": engine.rules_version,
            "step": NO_BOUND if step is None else step, "seq": NO_BOUND if check_from is None else check_from - 1})
        for snapshot_id, snapshot_step, snapshot_seq, snapshot_version in candidates.all():
            if not corrections.invalidates(snapshot_seq, snapshot_version):
                state = connection.execute(_SNAPSHOT_STATE, {"id": snapshot_id}).scalar()
                if state is not None:  # None: replaced since the query above (recorder/snapshots.py)
                    return Fold(state, snapshot_step, snapshot_seq)
        return Fold(self.initial_state(game), 0, 0)

    def _effective_after(
        self, session: Session, game: Game, corrections: Corrections, after_seq: int, after_step: int,
        step: int | None, recorded: Sequence[Any] | None = None,
    ) -> Iterator[Effective]:
        """Each effective game event after ``after_seq``, up to the game's version as
        read (PostgreSQL's READ COMMITTED would show later commits).

        ``recorded``: the game's rows up to that version, by seq, already read by the
        caller in this transaction (an export's ``StoreReads.recorded``, its JSON columns
        as the text stored), taken instead of reading the same rows again."""
        if recorded is None:
            query = (
                select(EventRow.seq, EventRow.type, EventRow.data, EventRow.actor, EventRow.override, EventRow.flags)
                .where(EventRow.game_id == game.id, EventRow.seq > after_seq, EventRow.seq <= game.version,
                       EventRow.type.not_in(RECORDER_TYPES))
                .order_by(EventRow.seq)
            )
            if step is not None:
                query = query.limit(step - after_step + corrections.retracted_after(after_seq))
            rows: Iterable[Any] = session.execute(query)
        else:
            rows = ((row.seq, row.type, decoded_column(row.data), row.actor, decoded_column(row.override), decoded_column(row.flags))
                    for row in recorded if row.seq > after_seq and row.type not in RECORDER_TYPES)
        wanted = None if step is None else step - after_step
        engine = engines.find(game.engine)
        for seq, type_, data, actor, override, flags in rows:
            if wanted is not None and wanted <= 0:
                return
            event = corrections.effective(seq, Event(type_, data, actor))
            if event is None:
                continue
            event = engine.upcast(event, game.rules_version)  # an older game's event, in today's shape
            if wanted is not None:
                wanted -= 1
            yield Effective(seq, event, corrections.override_of(seq, override),
                            corrections.flags_of(seq, flags or []))

    def _refuse_long_fold(self, game: Game, corrections: Corrections, base: Fold, step: int | None) -> None:
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
