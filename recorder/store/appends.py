"""Appending one event: judged outside the write lock (against this process's head of the
game, or the game read afresh when there is none or it is old), then stored by the one
write (``recorder/store/writes.py``) with a compare-and-set on the version."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from marshmallow import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

import engines
from engines import Event
from recorder.correction_schemas import RECORDER_SCHEMAS
from recorder.errors import (
    BadInput,
    RuleViolation,
    Unauthorized,
    UndoConflict,
    VersionConflict,
    validation_messages,
)
from recorder.hashing import event_hash
from recorder.history import CORRECTION_TYPES, RECORDER_TYPES, CorrectionRow
from recorder.models import EventRow, Game
from recorder.snapshots import snapshot_due
from recorder.store.corrections import StoreCorrections
from recorder.store.games import StoreGames
from recorder.store.judging import (
    Judgement,
    default_actor,
    judge_request,
    player_names_of,
    refuse_unstorable,
    schema_of,
)
from recorder.store.values import (
    STATUS_FINISHED,
    STATUS_IN_PROGRESS,
    AppendRequest,
    AppendResult,
    Fold,
    Moved,
    Prepared,
)
from recorder.store.writes import Head, Outcome, write_event
from recorder.tokens import token_digest

# How often an append without expected_version is retried after losing a race.
APPEND_ATTEMPTS = 8
# ... and a void or amend, whose every judgement folds the game from its target on.
CORRECTION_ATTEMPTS = 3


class StoreAppends(StoreGames, StoreCorrections):
    """Appending one event: judged outside the write lock, stored with a compare-and-set on the version."""

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
            done = self._append_on_head(head, token, request)
            if done is not None:
                return done, True
        game = self.authorize(game_id, token)
        digest = token_digest(token or "")
        engine = engines.find(game.engine)
        self._check_shape(engine, player_names_of(game), request)
        # The version the request must be judged at: the client's, or for an undo sent
        # without one, the version of its first judgement: an undo retracts the last event
        # as its sender saw it, never one that another writer stored meanwhile.
        pinned = request.expected_version
        judged: Prepared | None = None
        for attempt in range(CORRECTION_ATTEMPTS if request.type in CORRECTION_TYPES else APPEND_ATTEMPTS):
            if attempt:
                # Back off a little, at random, so that racing writers stop colliding.
                time.sleep(random.uniform(0, 0.002 * 2**attempt))
            try:
                prepared = self._prepare(game_id, engine, request, pinned)
            except Moved as moved:
                raise self._conflict(moved.version, request, judged) from None
            if prepared.replayed is not None:
                return prepared.replayed, False
            judged = prepared
            outcome = self._store(game_id, prepared.version, prepared.row, prepared.finished, prepared.snapshot, digest)
            if outcome is Outcome.WRITTEN:
                result = prepared.result
                assert result is not None and prepared.after is not None and prepared.corrections is not None
                self._remember_head(game, engine, result.version, prepared.row["hash"], prepared.after)
                self._save_snapshots(game, engine, prepared.corrections, prepared.passed, result.version,
                                     prune=request.type in CORRECTION_TYPES)
                return result, True
            if outcome is Outcome.STALE:
                # Another writer got in first, or this token may no longer write (then 403).
                self.authorize(game_id, token)
                if request.expected_version is not None and not request.idempotency_key:
                    raise self._conflict(self.get_game(game_id).version, request, judged) from None
            # KEY_SEEN, or STALE with a key: the next judgement finds the stored event and answers with it.
            if request.type == "undo":
                pinned = prepared.version
        raise self._conflict(self.get_game(game_id).version, request, judged)

    @staticmethod
    def _conflict(version: int, request: AppendRequest, judged: Prepared | None) -> VersionConflict:
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
                self._check_shape(engine, player_names_of(game), request)
            except BadInput as exc:
                results.append({"legal": False, "violations": [], "warnings": [], "fields": exc.details["fields"]})
                continue
            event = Event(request.type, request.data, request.actor or default_actor(engine, frame.state))
            flags = [v.to_dict() for v in engine.check(frame.state, event)]
            errors = [f for f in flags if f["severity"] == "error"]
            results.append({"legal": not errors, "violations": errors,
                            "warnings": [f for f in flags if f["severity"] != "error"], "fields": {}})
        return frame.version, results

    def _append_on_head(self, head: Head, token: str | None, request: AppendRequest) -> AppendResult | None:
        """A game event judged against this process's head of the game, sparing the reads
        of the game, its corrections and its fold; None when the game must be read afresh:
        the game moved on, the idempotency key was seen, the client expects another
        version, or the event breaks a rule (a refusal is judged against the game as it
        stands, never a head)."""
        if not token:
            raise Unauthorized("This game needs its write token: Authorization: Bearer <token>")
        digest = token_digest(token)
        # Only a token this process has seen write is judged on the head (the write's
        # compare-and-set checks it in the database): any other is authorised afresh first.
        if digest != head.token_hash and not self.credentials.may_try_head(head.game_id, digest):
            return None
        if request.expected_version is not None and request.expected_version != head.version:
            return None
        engine = engines.find(head.engine)
        self._check_shape(engine, head.player_names, request)
        try:
            judged = judge_request(engine, Fold(head.state, head.step, head.seq), head.version, request)
        except RuleViolation:
            return None  # the head may be old: only the game as it stands may refuse an event
        row = self._event_row(head.game_id, head.version, head.last_hash, request, judged.data,
                              judged.flags, judged.actor)
        snapshot = None
        finished = engine.is_over(judged.after.state)
        if snapshot_due(judged.after.step, self.snapshot_every, finished):
            snapshot = {"game_id": head.game_id, "step": judged.after.step, "seq": row["seq"],
                        "version": row["seq"], "rules_version": engine.rules_version, "state": judged.after.state}
        outcome = self._store(head.game_id, head.version, row, finished, snapshot, digest)
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

    def _check_shape(self, engine: engines.Engine, names: frozenset[str], request: AppendRequest) -> None:
        schema = schema_of(engine, request.type)
        if schema is None:
            known = sorted({**engine.event_schemas, **RECORDER_SCHEMAS})
            raise BadInput({"type": [f"Unknown event type {request.type!r}; known: {known}"]})
        refuse_unstorable(request.data, "data")
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
                 pinned: int | None) -> Prepared:
        """Judge ``request`` against the game as it stands, in a read transaction: however
        long the fold (a correction of a long game folds it from the target on), no other
        writer waits for it.  ``pinned``: the version it must be judged at, or Moved."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            if request.idempotency_key:
                earlier = session.scalar(select(EventRow).where(
                    EventRow.game_id == game_id, EventRow.idempotency_key == request.idempotency_key))
                if earlier is not None:
                    replayed, _ = self._replay_result(session, game, engine, earlier, request)
                    return Prepared(game, game.version, replayed=replayed)
            if request.expected_version is not None and request.expected_version != game.version:
                raise VersionConflict(game.version, request.expected_version)
            if pinned is not None and pinned != game.version:
                raise Moved(game.version)
            corrections = self._corrections(session, game)
            current = self._latest_fold(session, game, engine, corrections)
            passed = current.passed
            if request.type in RECORDER_TYPES:
                data, flags, after = self._correction(session, game, engine, corrections, current, request)
                judgement = Judgement(data, flags, request.actor, after, None)  # a correction has no describe line
                if request.type in CORRECTION_TYPES:
                    corrections = corrections.with_row(
                        CorrectionRow(game.version + 1, request.type, data, flags, request.override))
                    passed = after.passed  # folded with the correction: valid once it is stored
            else:
                judgement = judge_request(engine, current, game.version, request)
            last_hash = session.scalar(
                select(EventRow.hash).where(EventRow.game_id == game.id, EventRow.seq == game.version)
            ) if game.version else game.genesis_hash
            assert last_hash is not None, "version counts the stored rows: the newest one exists"
        row = self._event_row(game.id, game.version, last_hash, request, judgement.data, judgement.flags,
                              judgement.actor)
        after = judgement.after
        snapshot = None
        finished = engine.is_over(after.state)
        if request.type not in RECORDER_TYPES and snapshot_due(after.step, self.snapshot_every, finished):
            snapshot = {"game_id": game.id, "step": after.step, "seq": row["seq"], "version": row["seq"],
                        "rules_version": engine.rules_version, "state": after.state}
        result = AppendResult(row["seq"], row["seq"], judgement.flags, engine, after.state,
                              event=judgement.event, before=current.state)
        return Prepared(game, game.version, row, finished, snapshot, result, after,
                         corrections, passed)

    def _store(self, game_id: str, version: int, row: dict[str, Any], finished: bool,
               snapshot: dict[str, Any] | None, digest: str) -> Outcome:
        """Write ``row`` as the game's version ``version + 1`` if the game is still at
        ``version`` and ``digest`` may write to it: the write gate is held for these few
        statements only.  A racing writer's seq or key is STALE, as a moved version is."""
        status = STATUS_FINISHED if finished else STATUS_IN_PROGRESS
        try:
            with self._faults(), self._gate.held(self.write_deadline):
                return write_event(self._connections, self._statements, game_id, version, row, status, snapshot, digest)
        except self.db.dialect.dbapi.IntegrityError:  # type: ignore[union-attr]
            return Outcome.STALE

    def _replay_result(
        self, session: Session, game: Game, engine: engines.Engine, earlier: EventRow, request: AppendRequest
    ) -> tuple[AppendResult, Fold]:
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
