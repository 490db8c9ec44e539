"""Undo, void and amend: a correction is judged by folding the game as if it were stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engines
from recorder.errors import RuleViolation
from recorder.history import RECORDER_TYPES, CorrectionRow, Corrections
from recorder.models import EventRow, Game
from recorder.store.folds import StoreFolds
from recorder.store.judging import recorder_violation
from recorder.store.values import AppendRequest, Fold

# What a correction is called in a message for people ("force" is the API's word for "anyway").
_CORRECTION_WORDS = {"void": "void", "amend": "amendment", "undo": "undo"}


class StoreCorrections(StoreFolds):
    """Undo, void and amend: a correction is judged by folding the game as if it were stored."""

    def _correction(
        self,
        session: Session,
        game: Game,
        engine: engines.Engine,
        corrections: Corrections,
        current: Fold,
        request: AppendRequest,
    ) -> tuple[dict[str, Any], list[dict[str, Any]], Fold]:
        """Resolve and try a correction or note; returns its stored data, flags and the new fold."""
        data = dict(request.data)
        if request.type == "note":
            return data, [], current
        if request.type == "undo":
            if current.step == 0:
                raise recorder_violation("correction/nothing-to-undo", "There is no event to undo")
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
            raise recorder_violation("correction/no-such-event", f"There is no event {seq} in this game")
        if target in RECORDER_TYPES:
            raise recorder_violation("correction/not-a-game-event",
                                      f"Event {seq} is a {target}; only game events can be corrected")
        if seq in corrections.retracted_by:
            raise recorder_violation("correction/already-retracted",
                                      f"Event {seq} was already retracted by event {corrections.retracted_by[seq]}")
