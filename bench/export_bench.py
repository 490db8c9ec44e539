"""Figure 6 of ``make bench``: NDJSON export of many games, its speed and its peak memory.

Why it is built this way:

- The games are real games, not synthetic rows.  Each demo game is exported, copied
  under a new id and creation time (``bench.games.rechained``), and every copy goes in
  through ``EventStore.import_game``, which judges it event by event as its appends were
  judged.  So the export reads what a real store holds: events, flags, snapshots.
- Each measured pass runs in a fresh child process (``python -m bench.export_bench``):
  its peak RSS is then the export's own, not that of the parent, which has just generated
  the games (see ``peak_rss_kib`` for why that is ``VmHWM``, not ``ru_maxrss``); and no
  cache filled by one pass makes the next one cheaper.
- tracemalloc slows Python allocations down, so it gets a child of its own, never a
  timed one.
- The reference reads the same rows of the same file with the stdlib ``sqlite3`` and
  writes each with ``json.dumps``, in the same run: roughly the cost of the bytes alone.
  It keeps the JSON columns (``data``, ``override``, ``flags``) as the text they are
  stored as (each written as a JSON string, where the export writes it as the JSON it
  is), and builds no game document, so it is the bytes' cost, not an equivalent program.
- Beside the target, the fold: what the export does beyond the bytes is each game's
  state at its head (for the standings and the declared data it carries), folded from
  the game's latest snapshot (for a finished game, every bench game, the snapshot at its
  head since issue 24: decoded, not folded).  A pass of its own does only that
  (``fold_pass``).  It was the floor while the export wrote its bytes as the reference
  does; since each event's JSON goes out as stored (``recorder/exports/bulk.py``), the
  export's bytes cost less than the reference's, and the reference plus the fold is no
  longer a ceiling.
- Memory is measured at two sizes (by default 100 and 1,000 games, the first 100 being
  the same games): the bulk export streams one game at a time, so the two peaks should
  be about equal.  tracemalloc's figure for what is still held when the loop ends shows
  what, if anything, piles up (docs/BENCHMARKS.md says what did).

Run as a script only by ``child_figures``; see ``main`` at the bottom.
"""

from __future__ import annotations

import argparse
import json
import resource
import sqlite3
import subprocess
import sys
import time
import tracemalloc
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

# Only the standard library at module level: the raw reference's child imports this
# module too, and its peak RSS should not include SQLAlchemy and the engines.

ROOT = Path(__file__).resolve().parent.parent
TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"  # as recorder.store.utc_now_text writes it
FIRST_CREATED = datetime(2026, 1, 1, tzinfo=UTC)
RAW_COLUMNS = ("game_id", "seq", "type", "actor", "data", "note", "recorded_at", "recorded_by",
               "idempotency_key", "override", "flags", "prev_hash", "hash")
RAW_QUERY = f"SELECT {', '.join(RAW_COLUMNS)} FROM events ORDER BY game_id, seq"


@dataclass
class ImportRate:
    """How long the real import path took for the generated games."""

    games: int
    events: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds


def bulk_store(path: Path) -> Any:
    """A migrated store for generating games: ``synchronous=OFF`` saves minutes of fsync,
    and the measured passes reopen the file with the service's settings anyway."""
    from recorder.db import make_engine
    from recorder.migrate import upgrade
    from recorder.store import EventStore

    db = make_engine(f"sqlite:///{path}", sqlite_synchronous="OFF")
    upgrade(db)
    return EventStore(db)


def demo_documents(folder: Path) -> list[dict[str, Any]]:
    """The exported document of each demo game, recorded once in a scratch store."""
    from recorder.demo import load_demo_games
    from recorder.exports.game_json import export_game

    source = bulk_store(folder / "demo-source.db")
    documents = [export_game(source, game_id) for game_id, _, _ in load_demo_games(source)]
    source.db.dispose()
    return documents


def copies(documents: list[dict[str, Any]], count: int) -> Iterator[dict[str, Any]]:
    """``count`` distinct games cycling through ``documents``: a new id each, and creation
    times one second apart, so the export's keyset pages see them in this order."""
    from bench.games import rechained

    for index in range(count):
        created = (FIRST_CREATED + timedelta(seconds=index)).strftime(TIME_FORMAT)
        yield rechained(documents[index % len(documents)], game_id=uuid.uuid4().hex, created_at=created)


def generate_stores(
    folder: Path, documents: list[dict[str, Any]], sizes: list[int],
) -> tuple[dict[int, Path], ImportRate]:
    """One SQLite file per size in ``sizes``; each holds the first ``size`` of the same copies.

    Every copy is imported into each store big enough for it, through ``read_document``
    and ``import_game`` (the path ``POST /api/import`` takes).  The import rate is timed
    on the largest store only; making the copies is the benchmark's work, not timed."""
    from recorder.imports.document import read_document

    largest = max(sizes)
    paths = {size: folder / f"games-{size}.db" for size in sizes}
    stores = {size: bulk_store(path) for size, path in paths.items()}
    seconds, events = 0.0, 0
    for index, document in enumerate(copies(documents, largest)):
        for size, store in stores.items():
            if index >= size:
                continue
            started = time.perf_counter()
            outcome = store.import_game(read_document(document))
            if size == largest:
                seconds += time.perf_counter() - started
                events += outcome.events
            if outcome.status != "imported":
                raise RuntimeError(f"copy {index} was not imported: {outcome}")
    for store in stores.values():
        store.db.dispose()
    return paths, ImportRate(largest, events, seconds)


def database_counts(path: Path) -> tuple[int, int]:
    """(games, events) in the file, counted by SQLite."""
    conn = sqlite3.connect(path)
    try:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        conn.close()
    return games, events


def peak_rss_kib() -> int:
    """This process's peak resident set size so far, in KiB.

    On Linux it is ``VmHWM`` from ``/proc/self/status``, the high-water mark of the
    process's own memory since its ``exec``.  ``ru_maxrss`` would not do in a child: Linux
    carries it across fork and exec, so a child's starts at its parent's peak (the parent
    that just generated 1,000 games).  Elsewhere, ``ru_maxrss`` it is (macOS counts bytes).
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak


def engines_loaded() -> None:
    """Import every engine before a pass's timer starts, as a serving process has: the
    first ``engines.find`` imports them all, which was 13% of a 300-game pass's time
    (0.5 s), a cost of the process, not of the export, which the reference does not pay."""
    import engines

    engines.all_engines()


def export_pass(db: Path, out: Path, trace: bool) -> dict[str, float]:
    """``ndjson_lines`` of every game in ``db`` written to ``out``, on a store opened as the
    service opens it.  Timed, or (``trace``) watched by tracemalloc instead."""
    from recorder.db import make_engine
    from recorder.exports.bulk import ndjson_lines
    from recorder.store import EventStore

    store = EventStore(make_engine(f"sqlite:///{db}"))
    engines_loaded()
    rss_before = peak_rss_kib()
    if trace:
        tracemalloc.start()
    started = time.perf_counter()
    with out.open("w", encoding="utf-8") as sink:
        for line in ndjson_lines(store):
            sink.write(line)
    seconds = time.perf_counter() - started
    rss_peak = peak_rss_kib()  # before the check below reads the file back
    traced_current, traced_peak = tracemalloc.get_traced_memory() if trace else (0, 0)
    tracemalloc.stop()
    store.db.dispose()
    games, events, distinct = count_exported(out)
    return {"seconds": seconds, "games": games, "events": events, "distinct_games": distinct,
            "bytes": out.stat().st_size, "rss_before_kib": rss_before, "peak_rss_kib": rss_peak,
            "traced_peak_bytes": traced_peak, "traced_retained_bytes": traced_current}


def count_exported(out: Path) -> tuple[int, int, int]:
    """(lines, events, distinct game ids) in an NDJSON export, read back one line at a time."""
    games = events = 0
    ids = set()
    with out.open(encoding="utf-8") as lines:
        for line in lines:
            document = json.loads(line)
            games += 1
            events += len(document["events"])
            ids.add(document["game"]["id"])
    return games, events, len(ids)


def raw_pass(db: Path, out: Path) -> dict[str, float]:
    """The reference: the same rows through stdlib ``sqlite3``, one ``json.dumps`` of a dict each."""
    conn = sqlite3.connect(db)
    rss_before = peak_rss_kib()
    rows = 0
    started = time.perf_counter()
    with out.open("w", encoding="utf-8") as sink:
        for row in conn.execute(RAW_QUERY):
            sink.write(json.dumps(dict(zip(RAW_COLUMNS, row, strict=True)), ensure_ascii=False, separators=(",", ":")) + "\n")
            rows += 1
    seconds = time.perf_counter() - started
    rss_peak = peak_rss_kib()
    conn.close()
    return {"seconds": seconds, "events": rows, "bytes": out.stat().st_size,
            "rss_before_kib": rss_before, "peak_rss_kib": rss_peak}


def fold_pass(db: Path) -> dict[str, float]:
    """The fold: each game's state at its head (``state_at`` from its latest snapshot, not
    remembered, as the export folds it) with its standings and declared data, and nothing
    else: what the export does beyond the reference's bytes and cannot leave out."""
    import engines
    from recorder.db import make_engine
    from recorder.jsonish import declared_of
    from recorder.store import EventStore

    conn = sqlite3.connect(db)
    try:
        games = conn.execute("SELECT id, engine FROM games ORDER BY created_at, id").fetchall()
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        conn.close()
    store = EventStore(make_engine(f"sqlite:///{db}"))
    engines_loaded()
    started = time.perf_counter()
    for game_id, engine_name in games:
        state = store.state_at(game_id, remember=False).state
        engines.find(engine_name).standings(state)
        declared_of(state)
    seconds = time.perf_counter() - started
    store.db.dispose()
    return {"seconds": seconds, "games": len(games), "events": events}


def child_figures(mode: str, db: Path, out: Path) -> dict[str, float]:
    """Run one pass (``export``, ``trace``, ``raw`` or ``fold``) in a fresh interpreter and return its
    figures: a fresh process has a peak RSS of its own and empty caches."""
    done = subprocess.run([sys.executable, "-m", "bench.export_bench", mode, str(db), str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"export child {mode} {db.name} failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def export_figures(folder: Path, games: int, small_games: int) -> dict[str, float]:
    """Generate ``games`` games (and a store of the first ``small_games``), then measure the
    export of each store and the raw reference on the larger one; every pass in a child."""
    documents = demo_documents(folder)
    paths, imported = generate_stores(folder, documents, [small_games, games])
    big, small = paths[games], paths[small_games]
    db_games, db_events = database_counts(big)
    out = folder / "export.ndjson"
    ours = child_figures("export", big, out)
    raw = child_figures("raw", big, folder / "raw.ndjson")
    fold = child_figures("fold", big, out)
    traced = child_figures("trace", big, out)
    ours_small = child_figures("export", small, out)
    traced_small = child_figures("trace", small, out)
    if (ours["games"], ours["distinct_games"], ours["events"]) != (db_games, db_games, db_events):
        raise RuntimeError(f"the export wrote {ours['games']} games ({ours['distinct_games']} distinct), "
                           f"{ours['events']} events; the database holds {db_games} games, {db_events} events")
    if raw["events"] != db_events:
        raise RuntimeError(f"the raw reference wrote {raw['events']} rows of {db_events}")
    ours_rate = ours["events"] / ours["seconds"]
    raw_rate = raw["events"] / raw["seconds"]
    return {
        "export_games": ours["games"],
        "export_events": ours["events"],
        "database_games": db_games,
        "database_events": db_events,
        "export_seconds": ours["seconds"],
        "export_events_per_s": ours_rate,
        "export_games_per_s": ours["games"] / ours["seconds"],
        "export_bytes": ours["bytes"],
        "raw_export_events_per_s": raw_rate,
        "raw_export_bytes": raw["bytes"],
        "raw_export_seconds": raw["seconds"],
        "export_fold_seconds": fold["seconds"],
        "export_fold_events_per_s": fold["events"] / fold["seconds"],
        # The fold against what 0.5x raw leaves beyond the bytes (the reference's own time
        # again), and the best ratio the export could reach if it did nothing but the
        # reference's work and the fold.
        "export_fold_room_ratio": fold["seconds"] / raw["seconds"],
        "export_ratio_ceiling": raw["seconds"] / (raw["seconds"] + fold["seconds"]),
        "export_ratio": ours_rate / raw_rate,
        f"export_peak_rss_kib_{small_games}": ours_small["peak_rss_kib"],
        f"export_peak_rss_kib_{games}": ours["peak_rss_kib"],
        f"export_rss_before_kib_{small_games}": ours_small["rss_before_kib"],
        f"export_rss_before_kib_{games}": ours["rss_before_kib"],
        "raw_export_peak_rss_kib": raw["peak_rss_kib"],
        "raw_export_rss_before_kib": raw["rss_before_kib"],
        "export_memory_ratio": ours["peak_rss_kib"] / ours_small["peak_rss_kib"],
        f"export_traced_peak_kib_{small_games}": traced_small["traced_peak_bytes"] / 1024,
        f"export_traced_peak_kib_{games}": traced["traced_peak_bytes"] / 1024,
        f"export_traced_retained_kib_{small_games}": traced_small["traced_retained_bytes"] / 1024,
        f"export_traced_retained_kib_{games}": traced["traced_retained_bytes"] / 1024,
        "export_traced_ratio": traced["traced_peak_bytes"] / traced_small["traced_peak_bytes"],
        "import_games_per_s": imported.games_per_s,
        "import_events_per_s": imported.events_per_s,
    }


def export_lines(figures: dict[str, float], games: int, small_games: int) -> list[str]:
    """The printed lines of figure 6 (and the import rate measured on the way)."""
    mib = 1024 * 1024

    def peak(size: int) -> str:
        return (f"{figures[f'export_peak_rss_kib_{size}'] / 1024:.1f} MiB "
                f"(at start {figures[f'export_rss_before_kib_{size}'] / 1024:.1f} MiB)")

    return [
        f"6. NDJSON export of {figures['export_games']:,.0f} games ({figures['export_events']:,.0f} events, "
        f"{figures['export_bytes'] / mib:.1f} MiB): {figures['export_events_per_s']:,.0f} events/s "
        f"({figures['export_games_per_s']:,.1f} games/s, {figures['export_seconds']:.1f} s); raw sqlite3 + json.dumps "
        f"{figures['raw_export_events_per_s']:,.0f} events/s -> ratio {figures['export_ratio']:.3f}x (target 0.5x)",
        f"   the fold: each game's state at its head alone (state_at from its latest snapshot, standings, declared "
        f"data) {figures['export_fold_seconds']:.1f} s, {figures['export_fold_events_per_s']:,.0f} events/s; "
        f"the reference's own time {figures['raw_export_seconds']:.1f} s -> ratio "
        f"{figures['export_fold_room_ratio']:.2f}x; the reference's bytes plus the fold {figures['export_ratio_ceiling']:.3f}x "
        f"(the export writes its bytes faster than the reference: each event's JSON as stored)",
        f"   peak RSS of the export's process: {small_games:,} games {peak(small_games)}, "
        f"{games:,} games {peak(games)} -> ratio {figures['export_memory_ratio']:.2f}x; "
        f"raw reference {figures['raw_export_peak_rss_kib'] / 1024:.1f} MiB "
        f"(at start {figures['raw_export_rss_before_kib'] / 1024:.1f} MiB)",
        f"   tracemalloc peak of the export loop: {small_games:,} games "
        f"{figures[f'export_traced_peak_kib_{small_games}'] / 1024:.1f} MiB, {games:,} games "
        f"{figures[f'export_traced_peak_kib_{games}'] / 1024:.1f} MiB -> ratio {figures['export_traced_ratio']:.2f}x "
        f"(still held at the end: {figures[f'export_traced_retained_kib_{small_games}'] / 1024:.1f} MiB, "
        f"{figures[f'export_traced_retained_kib_{games}'] / 1024:.1f} MiB)",
        f"   generating them: import_game {figures['import_games_per_s']:,.1f} games/s, "
        f"{figures['import_events_per_s']:,.0f} events/s (re-chained demo copies, each re-checked, synchronous=OFF)",
    ]


def main(argv: list[str] | None = None) -> None:
    """The child: one pass over ``db`` into ``out``, its figures as one JSON line on stdout."""
    parser = argparse.ArgumentParser(description="One measured pass of figure 6, in its own process.")
    parser.add_argument("mode", choices=["export", "trace", "raw", "fold"])
    parser.add_argument("db", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.mode == "raw":
        figures = raw_pass(args.db, args.out)
    elif args.mode == "fold":
        figures = fold_pass(args.db)
    else:
        figures = export_pass(args.db, args.out, trace=args.mode == "trace")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
