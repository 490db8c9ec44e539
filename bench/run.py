"""``make bench``: every figure of the performance issue, each beside a reference
measured in the same run, printed as one table (docs/BENCHMARKS.md keeps the latest).

1. Durable appends through ``EventStore.append`` (Panic in the Air and Isle of Pan
   events, WAL, ``synchronous=FULL``, one event per transaction) beside raw ``sqlite3``
   single-row commits and the eventsourcing library's ``save()``: ``bench/appends.py``.
2. Appends over HTTP through the app server (granian) on loopback, from a load generator in its own
   process: appends per second, p50 and p95, beside figure 1: ``bench/served.py``.
3. Each engine's replay from the database beside the eventsourcing library's
   ``repository.get`` of a trivial aggregate: ``bench/folds.py``; and what the recording
   page waits for at each step, ``expected()``, beside the store's ``actors`` ask.
4. ``state_at`` at step 10,000 beside step 100 (snapshots), and a batch of 50 viewer
   frames beside one frame, as the viewer asks (board parts once per batch) and with
   whole boards: ``bench/seek.py``.
5. A frame request's p95 and the frames answered per second under 50 concurrent viewers
   beside the same server's static file, through ``make run``'s server (``bench/served.py``)
   and through ``make serve`` with nginx in front (``bench/behind_proxy.py``).
6. NDJSON export of 1,000 games, its speed and its peak memory at 100 and 1,000 games:
   ``bench/export_bench.py``.
7. The server's peak memory while it refuses a bulk import of 10^4 and of 10^6 lines of
   ``{}`` (issue 22, part 3): ``bench/import_memory.py``.

``--quick`` runs the same code on small sizes (the test suite calls it so the
benchmark cannot rot); its figures mean little.
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.appends import durable_appends
from bench.behind_proxy import proxied_figures
from bench.export_bench import export_figures, export_lines
from bench.folds import fold_rates, offer_times
from bench.http_load import APPEND_PREFER
from bench.import_memory import import_memory_figures, import_memory_lines
from bench.seek import frame_times, long_game, seek_times
from bench.served import served_figures


@dataclass(frozen=True)
class Sizes:
    append_rounds: int
    append_per_round: int
    long_game: int
    repeats: int
    served_seconds: float
    served_limit: int
    viewers: int
    games: int
    small_games: int
    import_lines: tuple[int, int] = (10_000, 1_000_000)


FULL = Sizes(30, 100, 10_000, 30, 15, 50_000, 50, 1000, 100)
QUICK = Sizes(3, 20, 300, 3, 10, 300, 5, 6, 3, (1_000, 10_000))  # 10 s at most: the 300 requests end it sooner


@dataclass(frozen=True)
class Row:
    """One line of the table: what was measured, against what, and the issue's target."""

    figure: str
    measured: str
    reference: str
    ratio: float
    target: str
    met: Callable[[float], bool] | None  # None: no target, reported only

    def cells(self) -> list[str]:
        verdict = "" if self.met is None else ("yes" if self.met(self.ratio) else "**no**")
        return [self.figure, self.measured, self.reference, f"{self.ratio:.2f}x", self.target, verdict]


def at_least(bound: float) -> Callable[[float], bool]:
    return lambda ratio: ratio >= bound


def at_most(bound: float) -> Callable[[float], bool]:
    return lambda ratio: ratio <= bound


def measure(sizes: Sizes, folder: Path) -> dict[str, float]:
    figures: dict[str, float] = {}
    figures.update(durable_appends(folder, sizes.append_rounds, sizes.append_per_round))
    figures.update(served_figures(folder, sizes.served_seconds, sizes.served_limit, sizes.viewers))
    figures.update(proxied_figures(sizes.served_seconds, sizes.served_limit, sizes.viewers))
    figures["http_ratio_to_raw"] = figures["http_appends_per_s"] / figures["raw_commits_per_s"]
    figures["http_ratio_to_store"] = figures["http_appends_per_s"] / figures["store_appends_per_s"]
    # The server CPU per append that 0.2x raw would allow if every core were busy, once
    # the load generator's own share is taken out: the cores are shared, and the GIL and
    # the one SQLite writer at a time keep them from ever all being busy.
    target_rate = 0.2 * figures["raw_commits_per_s"]
    figures["http_cpu_room_us"] = (os.cpu_count() or 1) / target_rate * 1e6 - figures["http_append_client_cpu_us"]
    figures.update(fold_rates(folder, sizes.long_game, sizes.repeats))
    figures.update(offer_times(sizes.repeats))
    length = sizes.long_game
    game_id = long_game(folder / "long.db", length)
    near, far, near_mid, far_mid = 100, length, 150, length - 50  # on a snapshot, and half way between two
    seeks = seek_times(folder / "long.db", game_id, [near, far, near_mid, far_mid], sizes.repeats)
    figures.update({f"state_at_{step}_ms": seconds * 1000 for step, seconds in seeks.items()})
    figures["seek_far"], figures["seek_far_mid"] = far, far_mid
    figures["seek_ratio"] = seeks[far] / seeks[near]
    figures["seek_ratio_between_snapshots"] = seeks[far_mid] / seeks[near_mid]
    figures.update(frame_times(folder / "long.db", game_id, length // 2, sizes.repeats))
    figures.update(export_figures(folder, sizes.games, sizes.small_games))
    figures.update(import_memory_figures(folder, sizes.import_lines))
    return figures


def rows(f: dict[str, float], sizes: Sizes) -> list[Row]:
    engines = sorted(key[len("fold_"):-len("_ratio")] for key in f if key.startswith("fold_") and key.endswith("_ratio"))
    far, far_mid = int(f["seek_far"]), int(f["seek_far_mid"])
    return [
        Row("1. durable append (store)", f"{f['store_appends_per_s']:,.0f}/s", f"raw sqlite3 {f['raw_commits_per_s']:,.0f}/s",
            f["append_ratio"], "≥ 0.6x", at_least(0.6)),
        Row("1. durable append (store)", f"{f['store_appends_per_s']:,.0f}/s",
            f"eventsourcing save() {f['eventsourcing_saves_per_s']:,.0f}/s", f["append_ratio_eventsourcing"], "≥ 1.2x",
            at_least(1.2)),
        Row("1. store's work beyond its statements", f"{f['store_beyond_floor_us']:.0f} µs per append",
            f"room left at 1.2x eventsourcing {f['room_at_eventsourcing_target_us']:.0f} µs "
            f"(schema floor {f['schema_floor_per_s']:,.0f}/s)",
            f["store_beyond_floor_us"] / max(f["room_at_eventsourcing_target_us"], 1.0), "", None),
        Row(f"2. appends over HTTP ({f['http_append_clients']:.0f} clients, Prefer: {APPEND_PREFER})",
            f"{f['http_appends_per_s']:,.0f}/s, p50 {f['http_append_p50_ms']:.1f} ms, p95 {f['http_append_p95_ms']:.1f} ms",
            f"raw sqlite3 {f['raw_commits_per_s']:,.0f}/s", f["http_ratio_to_raw"], "≥ 0.2x", at_least(0.2)),
        Row("2. appends over HTTP", f"{f['http_appends_per_s']:,.0f}/s", f"figure 1, {f['store_appends_per_s']:,.0f}/s",
            f["http_ratio_to_store"], "", None),
        Row("2. server CPU per HTTP append", f"{f['http_append_server_cpu_us']:,.0f} µs "
            f"({f['http_server_cores_busy']:.2f} of {os.cpu_count()} cores busy; a static file {f['static_server_cpu_us']:,.0f} µs)",
            f"room at 0.2x raw: {f['http_cpu_room_us']:,.0f} µs (the load generator takes "
            f"{f['http_append_client_cpu_us']:,.0f} µs of the cores)",
            f["http_append_server_cpu_us"] / max(f["http_cpu_room_us"], 1.0), "", None),
        *[Row(f"3. replay, {engine} ({f[f'fold_{engine}_events']:,.0f} events)",
              f"{f[f'fold_{engine}_events_per_s']:,.0f} events/s",
              f"eventsourcing repository.get {f['eventsourcing_replay_events_per_s']:,.0f} events/s",
              f[f"fold_{engine}_ratio"], "≥ 0.5x", at_least(0.5)) for engine in engines],
        *[Row(f"3. offers, {engine} (demo, a state)", f"expected() {f[f'offers_{engine}_expected_ms']:.2f} ms",
              f"actors {f[f'offers_{engine}_actors_ms'] * 1000:.1f} µs (the store's ask per append)",
              f[f"offers_{engine}_expected_ms"] / max(f[f"offers_{engine}_actors_ms"], 1e-6), "", None)
          for engine in engines],
        Row("4. seek on a snapshot", f"state_at({far:,}) {f[f'state_at_{far}_ms']:.2f} ms",
            f"state_at(100) {f['state_at_100_ms']:.2f} ms", f["seek_ratio"], "≤ 1.5x", at_most(1.5)),
        Row("4. seek between snapshots", f"state_at({far_mid:,}) {f[f'state_at_{far_mid}_ms']:.2f} ms",
            f"state_at(150) {f['state_at_150_ms']:.2f} ms", f["seek_ratio_between_snapshots"], "≤ 1.5x", at_most(1.5)),
        Row("4. 50 frames, long Panic game", f"{f['frames_long_50_ms']:.1f} ms", f"1 frame {f['frames_long_1_ms']:.1f} ms",
            f["frames_long_ratio"], "≤ 3x", at_most(3)),
        Row("4. 50 frames, Pan Am demo", f"{f['frames_pan_am_50_ms']:.1f} ms", f"1 frame {f['frames_pan_am_1_ms']:.1f} ms",
            f["frames_pan_am_ratio"], "≤ 3x", at_most(3)),
        Row("4. 50 frames, long Panic game, whole boards", f"{f['frames_long_html_50_ms']:.1f} ms",
            f"1 frame {f['frames_long_html_1_ms']:.1f} ms", f["frames_long_html_ratio"], "", None),
        Row("4. 50 frames, Pan Am demo, whole boards", f"{f['frames_pan_am_html_50_ms']:.1f} ms",
            f"1 frame {f['frames_pan_am_html_1_ms']:.1f} ms", f["frames_pan_am_html_ratio"], "", None),
        Row(f"5. frame request p95, {f['viewers']:.0f} viewers, make run", f"{f['viewer_frame_p95_ms']:.1f} ms "
            f"(p50 {f['viewer_frame_p50_ms']:.1f})",
            f"static file p95 {f['static_p95_ms']:.1f} ms", f["viewer_p95_ratio"], "≤ 3x", at_most(3)),
        Row(f"5. frames throughput, {f['viewers']:.0f} viewers, make run", f"{f['viewer_frames_per_s']:,.0f}/s",
            f"static file {f['static_per_s']:,.0f}/s", f["viewer_throughput_ratio"], "≥ 0.3x", at_least(0.3)),
        Row(f"5. frame request p95, {f['viewers']:.0f} viewers, make serve (nginx)",
            f"{f['proxied_frame_p95_ms']:.1f} ms (p50 {f['proxied_frame_p50_ms']:.1f})",
            f"static file p95 {f['proxied_static_p95_ms']:.1f} ms", f["proxied_p95_ratio"], "≤ 3x", at_most(3)),
        Row(f"5. frames throughput, {f['viewers']:.0f} viewers, make serve (nginx)",
            f"{f['proxied_frames_per_s']:,.0f}/s", f"static file {f['proxied_static_per_s']:,.0f}/s",
            f["proxied_throughput_ratio"], "≥ 0.3x", at_least(0.3)),
        Row(f"6. NDJSON export peak RSS, {sizes.games:,} games",
            f"{f[f'export_peak_rss_kib_{sizes.games}'] / 1024:.1f} MiB",
            f"{sizes.small_games:,} games {f[f'export_peak_rss_kib_{sizes.small_games}'] / 1024:.1f} MiB",
            f["export_memory_ratio"], "≈ 1x (≤ 1.2x)", at_most(1.2)),
        Row("6. NDJSON export speed", f"{f['export_events_per_s']:,.0f} events/s",
            f"raw sqlite3 + json.dumps {f['raw_export_events_per_s']:,.0f} events/s", f["export_ratio"], "≥ 0.5x",
            at_least(0.5)),
        Row("6. export's fold beyond the bytes", f"{f['export_fold_seconds']:.1f} s "
            f"(each game's state at its head, {f['export_fold_events_per_s']:,.0f} events/s)",
            f"the reference's own time {f['raw_export_seconds']:.1f} s (the reference's bytes plus this fold "
            f"{f['export_ratio_ceiling']:.2f}x; the export writes its bytes faster, each event's JSON as stored)",
            f["export_fold_room_ratio"], "", None),
        Row(f"7. bulk import peak RSS, {sizes.import_lines[1]:,} lines of {{}}",
            f"{f['import_peak_kib_large'] / 1024:.1f} MiB",
            f"{sizes.import_lines[0]:,} lines {f['import_peak_kib_small'] / 1024:.1f} MiB",
            f["import_memory_ratio"], "flat (≤ 1.2x)", at_most(1.2)),
    ]


def table(found: list[Row]) -> list[str]:
    lines = ["| figure | measured | reference | ratio | target | met |", "| --- | --- | --- | --- | --- | --- |"]
    return lines + ["| " + " | ".join(row.cells()) + " |" for row in found]


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes, for the test suite")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    with tempfile.TemporaryDirectory(prefix="tablescribe-bench-") as tmp:
        figures = measure(sizes, Path(tmp))
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"SQLite {sqlite3.sqlite_version}")
    for line in table(rows(figures, sizes)):
        print(line)
    print()
    for line in export_lines(figures, sizes.games, sizes.small_games):
        print(line)
    for line in import_memory_lines(figures):
        print(line)
    return figures


if __name__ == "__main__":
    main()
