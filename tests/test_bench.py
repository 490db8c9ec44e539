"""The benchmark's quick version, so ``make bench`` cannot rot unnoticed."""

from __future__ import annotations

import math

from bench.run import main

EXPORT_FIGURES = (
    "export_events_per_s", "raw_export_events_per_s", "export_ratio", "export_peak_rss_kib_3",
    "export_peak_rss_kib_6", "raw_export_peak_rss_kib", "export_memory_ratio", "export_traced_peak_kib_3",
    "export_traced_peak_kib_6", "export_traced_ratio", "import_games_per_s", "import_events_per_s",
)


def test_quick_bench_measures_every_ratio(capsys: object) -> None:
    figures = main(["--quick"])
    for name in ("append_ratio", "seek_ratio", *EXPORT_FIGURES):
        assert math.isfinite(figures[name]) and figures[name] > 0, name
    assert figures["store_appends_per_s"] > 0 and figures["raw_commits_per_s"] > 0
    # The export wrote every game once and every event in the database (counted by
    # reading its NDJSON back), and the demo mix averages over 100 events a game.
    assert figures["export_games"] == figures["database_games"] == 6
    assert figures["export_events"] == figures["database_events"] > 6 * 100
    # A child's peak RSS is its own: above what it started with, and the raw reference's
    # child (stdlib only) far below ours, not the parent's peak inherited through exec.
    assert figures["export_peak_rss_kib_6"] >= figures["export_rss_before_kib_6"]
    assert figures["raw_export_peak_rss_kib"] < figures["export_peak_rss_kib_6"]
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "durable appends" in printed and "seek" in printed
    assert "3. NDJSON export of 6 games" in printed and f"({figures['export_events']:,.0f} events" in printed
    assert "peak RSS of the export's process: 3 games" in printed and "tracemalloc peak" in printed
    assert "import_game" in printed
