"""Importing a game document: judged whole in a scratch database, then stored with its chain."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import engines
from recorder.boards import NewBoard, board_columns
from recorder.errors import (
    BadInput,
    NotFound,
    RuleViolation,
)
from recorder.hashing import (
    EVENT_HASH_FIELDS,
    canonical_json,
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
from recorder.models import Board, EventRow, Game, GamePlayer, Snapshot
from recorder.snapshots import snapshot_due
from recorder.store.appends import StoreAppends
from recorder.store.judging import as_sent, judge_event, player_names_of
from recorder.store.values import (
    STATUS_FINISHED,
    STATUS_IN_PROGRESS,
    AppendRequest,
    Fold,
    ImportOutcome,
    Judged,
    utc_now_text,
)
from recorder.tokens import new_token, token_digest

GAME_HEADER_COLUMNS = ("id", "engine", "rules_version", "title", "players", "options", "created_at", "genesis_hash")


def _header_columns(header: Mapping[str, Any]) -> dict[str, Any]:
    """A game document's header as the games table's columns (its board's id and hash too)."""
    board = header.get("board")
    return {**{name: header[name] for name in GAME_HEADER_COLUMNS},
            "board_id": board["id"] if board else None, "board_hash": board["hash"] if board else None}


def _insert_rows(session: Session, pending: list[dict[str, Any]]) -> None:
    """Insert the events judged so far in one statement (many rows), then forget them."""
    if pending:
        session.execute(insert(EventRow), pending)
        pending.clear()


class StoreImports(StoreAppends):
    """Importing a game document: judged whole in a scratch database, then stored with its chain."""

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

    def _judge_import(self, engine: engines.Engine, document: Mapping[str, Any], board: Board | None) -> Judged:
        """Replay and judge the game with the store's own code, in a private in-memory
        database: however long the replay, the shared database's write lock is then held
        only for the inserts.  Returns the rows to insert."""
        scratch_db = scratch_database()
        try:
            scratch = type(self)(scratch_db, snapshot_every=self.snapshot_every, clock=self.clock)
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
    ) -> Judged:
        """Insert the game, then judge and insert its events in order."""
        game_id = header["id"]
        game = Game(**_header_columns(header), status=STATUS_IN_PROGRESS, version=0, write_token_hash="")
        session.add(game)
        session.flush()
        current = Fold(self.initial_state(game), 0, 0)
        corrections = Corrections()
        judged = Judged()
        pending: list[dict[str, Any]] = []
        for record in records:
            seq, type_ = record["seq"], record["type"]
            request = AppendRequest(type_, record["data"], record["actor"], record["note"],
                                    idempotency_key=record["idempotency_key"], override=record["override"],
                                    recorded_by=record["recorded_by"])
            game.version = seq - 1  # the checks read the game as it stood before this event
            try:
                self._check_shape(engine, player_names_of(game), as_sent(request))
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
                flags, after = judge_event(engine, game_id, current, record)
                if snapshot_due(after.step, self.snapshot_every, engine.is_over(after.state)):
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
        self, session: Session, game: Game, engine: engines.Engine, corrections: Corrections, current: Fold,
        request: AppendRequest, seq: int,
    ) -> tuple[list[dict[str, Any]], Fold]:
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
