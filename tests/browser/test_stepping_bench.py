"""Figure 7's quick version (``python -m bench.stepping --quick``), so that ``make bench``'s
browser figure cannot rot: every demo game held for its presses, each press timed to a
painted frame, every page's first paint read. The figures themselves mean little here."""

from __future__ import annotations

import math
from typing import Any

import pytest

import engines
from bench.stepping import QUICK_STEPS, main

pytestmark = pytest.mark.browser


def test_quick_stepping_bench_times_every_press_of_every_demo(browser: Any, capsys: Any) -> None:
    found = main(["--quick"], browser)
    held = found["held"]
    titles = sorted(e.title for e in engines.all_engines())
    assert sorted(h.title for h in held) == titles  # one hold per demo game
    for h in held:
        for times in (h.latencies_ms, h.posted_ms, h.begun_ms, h.waited_ms):
            assert len(times) == QUICK_STEPS, h.title
            assert all(math.isfinite(t) and t >= 0 for t in times), (h.title, times)
        # A frame is done after it begins, which is after the press reached the page.
        assert all(p >= b >= w for p, b, w in zip(h.posted_ms, h.begun_ms, h.waited_ms, strict=True)), h.title
        # Event Timing's figures are whole multiples of 8 ms, from 16 (a press left out counts as 16).
        assert all(ms >= 16 and ms % 8 == 0 for ms in h.latencies_ms if h.fetching == 0), h.title
        assert 0 <= h.reported <= QUICK_STEPS
        assert 0 <= h.dropped <= h.expected_frames and h.expected_frames > 0, h.title
    floor = found["floor"]  # the page that only counts, held as the games are
    assert len(floor.latencies_ms) == QUICK_STEPS and floor.fetching == 0
    assert all(ms >= 16 and ms % 8 == 0 for ms in floor.latencies_ms), floor.latencies_ms
    paints = found["paints"]
    assert set(paints) == {"static"} | {f"{kind}:{t}" for kind in ("viewer", "record") for t in titles}
    assert all(math.isfinite(ms) and ms > 0 for ms in paints.values()), paints
    printed = capsys.readouterr().out
    table = [line for line in printed.splitlines() if line.startswith("| ")]
    assert table[0] == "| figure | measured | reference | ratio | target | met |"
    assert sum(1 for line in table if line.startswith("| 7. stepping, ")) == len(titles)
    assert sum(1 for line in table if line.startswith("| 7. first paint, ")) == 2 * len(titles)
    assert sum(1 for line in table if line.startswith("| 7. stepping floor, ")) == 1
