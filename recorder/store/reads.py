"""What the pages and exports read: recorded events, the effective log and its pages, frames, timelines."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from sqlalchemy import Text, bindparam, cast, func, select
from sqlalchemy.orm import Session

import engines
from engines import Event, State
from recorder.errors import NotFound
from recorder.flags import split_flags
from recorder.history import CORRECTION_TYPES, RECORDER_TYPES, Corrections
from recorder.models import EventRow, Game
from recorder.store.core import corrections_of
from recorder.store.folds import StoreFolds, decoded_column
from recorder.store.values import RECORDER_TYPE_TERM, Fold, Frame, FrameData, LogPage, Recorded

# An event's columns as an export writes them (every one its hash covers), in the order
# of the export's keys; the JSON ones as the text stored (``StoreReads.recorded``).
_EVENTS = EventRow.__table__.c
JSON_TEXT_COLUMNS = ("data", "override", "flags")
RECORDED_COLUMNS = tuple(
    cast(_EVENTS[name], Text).label(name) if name in JSON_TEXT_COLUMNS else _EVENTS[name]
    for name in ("seq", "type", "actor", "data", "note", "recorded_at", "recorded_by", "idempotency_key",
                 "override", "flags", "prev_hash", "hash"))
_RECORDED_ROWS = (select(*RECORDED_COLUMNS)
                  .where(_EVENTS.game_id == bindparam("game_id"), _EVENTS.seq <= bindparam("version"))
                  .order_by(_EVENTS.seq))


def _log_lines(engine: engines.Engine, corrections: Corrections, rows: Iterable[EventRow], state: State,
               step: int, recorded_under: str) -> Iterator[dict[str, Any]]:
    """The effective log's entries for ``rows``, from ``state`` after ``step`` on; the
    events of a game recorded under older rules (``recorded_under``) lifted to today's shape."""
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
        event = engine.upcast(event, recorded_under)
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


class StoreReads(StoreFolds):
    """What the pages and exports read: recorded events, the effective log and its pages, frames, timelines."""

    def recorded_events(self, game_id: str, start: int = 1, end: int | None = None) -> list[EventRow]:
        """The log as recorded, corrections included, by seq."""
        with self._readers() as session:
            self._game(session, game_id)
            query = select(EventRow).where(EventRow.game_id == game_id, EventRow.seq >= start)
            if end is not None:
                query = query.where(EventRow.seq <= end)
            return list(session.scalars(query.order_by(EventRow.seq)))

    def recorded(self, game_id: str) -> Recorded:
        """For an export: the game, its events as recorded and its latest fold, read in one
        transaction, so the fold belongs to the events.

        The events are plain rows of ``RECORDED_COLUMNS`` (no ORM object each), their JSON
        columns the text stored, for the reader to decode: decoding them through the column
        type took as long as the rest of the read.  The fold takes its events, and the
        corrections theirs, from these rows rather than reading them again.  It is not remembered: a bulk export reads every game
        once, and would fill the cache with games nobody plays."""
        with self._readers() as session, session.begin():
            game = self._game(session, game_id)
            rows = session.connection().execute(_RECORDED_ROWS, {"game_id": game_id, "version": game.version}).all()
            engine = engines.find(game.engine)
            corrections = corrections_of(
                (row.seq, row.type, decoded_column(row.data), decoded_column(row.flags), decoded_column(row.override))
                for row in rows if row.type in CORRECTION_TYPES)
            fold = self._latest_fold(session, game, engine, corrections, remember=False, recorded=rows)
        self._save_snapshots(game, engine, corrections, fold.passed, game.version)
        return Recorded(game, rows, Frame(fold.step, fold.seq, fold.state, game.version))

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
        log = list(_log_lines(engine, corrections, rows, self.initial_state(game), 0, game.rules_version))
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
                for entry in _log_lines(engine, corrections, rows, fold.state, fold.step, game.rules_version):
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
                        .where(EventRow.game_id == game_id, RECORDER_TYPE_TERM, EventRow.seq <= game.version)
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
                count: int) -> tuple[Game, engines.Engine, Corrections, int, int, Fold]:
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
        ended = self._window_ends.get(f"{game_id}/{start - 1}", game.version) if start > 0 else None
        if ended is not None:  # the batch before this one ended here
            return game, engine, corrections, total, last, Fold(ended.state, ended.step, ended.seq)
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
        if frames and frames[-1].step > 0:  # the next batch starts here (frames never change a state)
            self._window_ends.put(f"{game_id}/{frames[-1].step}", game.version,
                                  Fold(frames[-1].state, frames[-1].step, frames[-1].seq))
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
                EventRow.game_id == game.id, RECORDER_TYPE_TERM, EventRow.seq <= game.version)
        ) or 0
        return game.version - recorder_events - len(corrections.retracted_by)

    def types_between(self, game_id: str, after_version: int, upto_version: int) -> set[str]:
        """The types of the events stored after one version up to another (for live viewers)."""
        with self._readers() as session:
            rows = session.scalars(select(EventRow.type).where(
                EventRow.game_id == game_id, EventRow.seq > after_version, EventRow.seq <= upto_version))
            return set(rows)
