"""The benchmark's quick version, so ``make bench`` cannot rot unnoticed."""

from __future__ import annotations

import math

import engines
from bench.run import main

RATIOS = (
    "append_ratio", "append_ratio_eventsourcing", "http_ratio_to_raw", "http_ratio_to_store",
    "fold_panic-in-the-air_ratio", "fold_isle-of-pan_ratio", "fold_pan-am_ratio", "seek_ratio",
    "seek_ratio_between_snapshots", "frames_long_ratio", "frames_pan_am_ratio", "frames_long_html_ratio",
    "frames_pan_am_html_ratio", "viewer_p95_ratio", "viewer_throughput_ratio", "proxied_p95_ratio",
    "proxied_throughput_ratio",
    "export_ratio", "export_memory_ratio", "export_traced_ratio", "export_fold_room_ratio", "export_ratio_ceiling",
)


def test_quick_bench_measures_every_ratio(capsys: object) -> None:
    figures = main(["--quick"])
    for name in RATIOS:
        assert math.isfinite(figures[name]) and figures[name] > 0, name
    # Every contender did its writes; the HTTP load was answered as expected.
    assert figures["store_appends_per_s"] > 0 and figures["raw_commits_per_s"] > 0
    assert figures["eventsourcing_saves_per_s"] > 0 and figures["eventsourcing_replay_events_per_s"] > 0
    assert figures["http_appends"] > 0 and figures["viewer_requests"] > 0
    # The floors behind the targets: the schema's statements alone, and what the server
    # and the load generator spent per request.
    assert figures["schema_floor_per_s"] > 0 and math.isfinite(figures["store_beyond_floor_us"])
    assert figures["http_append_server_cpu_us"] > 0 and figures["static_server_cpu_us"] > 0
    assert figures["http_append_client_cpu_us"] > 0 and 0 < figures["http_server_cores_busy"]
    # The export wrote every game once and every event in the database (counted by
    # reading its NDJSON back), and the demo mix averages over 100 events a game.
    assert figures["export_games"] == figures["database_games"] == 6
    assert figures["export_events"] == figures["database_events"] > 6 * 100
    # A child's peak RSS is its own: above what it started with, and the raw reference's
    # child (stdlib only) far below ours, not the parent's peak inherited through exec.
    assert figures["export_peak_rss_kib_6"] >= figures["export_rss_before_kib_6"]
    assert figures["raw_export_peak_rss_kib"] < figures["export_peak_rss_kib_6"]
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    table = [line for line in printed.splitlines() if line.startswith("| ")]
    assert table[0] == "| figure | measured | reference | ratio | target | met |"
    for number in "123456":
        assert any(line.startswith(f"| {number}. ") for line in table), number
    assert sum(1 for line in table if line.startswith("| 3. replay")) == len(engines.all_engines())  # one per engine
    assert sum(1 for line in table if line.startswith("| 3. offers")) == len(engines.all_engines())
    assert all(figures[f"offers_{e.name}_expected_ms"] > 0 for e in engines.all_engines())
    assert "6. NDJSON export of 6 games" in printed and f"({figures['export_events']:,.0f} events" in printed
