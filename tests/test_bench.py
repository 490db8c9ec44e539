"""The benchmark's quick version, so ``make bench`` cannot rot unnoticed."""

from __future__ import annotations

import math

from bench.run import main


def test_quick_bench_measures_both_ratios(capsys: object) -> None:
    figures = main(["--quick"])
    for name in ("append_ratio", "seek_ratio"):
        assert math.isfinite(figures[name]) and figures[name] > 0, name
    assert figures["store_appends_per_s"] > 0 and figures["raw_commits_per_s"] > 0
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "durable appends" in printed and "seek" in printed
