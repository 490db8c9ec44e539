"""The score timeline as an inline SVG, drawn on the server.

One polyline per player (running totals, a gap where a total is unknown), a
cursor line the viewer's script moves, and one transparent hit area; the script
maps a click to a step with ``data-x0`` and ``data-dx`` (x of step s = x0 + s*dx).

A long game's chart is drawn from at most ``MAX_POINTS`` of its steps
(``sample_points``): in each stretch of steps, every player's lowest and highest total
and where a total becomes unknown or known again, plus the first and last steps.  The
line looks the same at this width, its peaks and the final totals are exact, and a
click still goes to any step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

import engines
from engines import State
from recorder.views.frames import totals

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28
MAX_POINTS = 600  # steps drawn, at most: the plot is 580 units wide


def score_chart(
    players: Sequence[str], points: Sequence[tuple[int, Mapping[str, int | None]]], current: int = 0
) -> Markup:
    """The chart, with its cursor at step ``current``."""
    steps = max((step for step, _ in points), default=0)
    highest = max((total for _, totals in points for total in totals.values() if total is not None), default=0)
    top_value = max(highest, 1)
    dx = (WIDTH - LEFT - RIGHT) / max(steps, 1)
    plot_h = HEIGHT - TOP - BOTTOM

    def x(step: int) -> float:
        return LEFT + step * dx

    def y(value: int) -> float:
        return TOP + plot_h * (1 - value / top_value)

    parts = [
        f'<svg class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'data-x0="{LEFT}" data-dx="{dx:.6f}" data-steps="{steps}" '
        f'aria-label="Score timeline: totals at each of {steps} steps; click to go to a step">',
        f'<line class="chart-axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}"/>',
        f'<line class="chart-axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}"/>',
        f'<text class="chart-label" x="{LEFT - 6}" y="{TOP + 4}" text-anchor="end">{top_value}</text>',
        f'<text class="chart-label" x="{LEFT - 6}" y="{TOP + plot_h}" text-anchor="end">0</text>',
        f'<text class="chart-label" x="{LEFT}" y="{HEIGHT - 8}">step 0</text>',
        f'<text class="chart-label" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">{steps}</text>',
    ]
    for seat, player in enumerate(players):
        for run in _runs(player, points):
            coords = " ".join(f"{x(step):.1f},{y(total):.1f}" for step, total in run)
            parts.append(
                f'<polyline class="chart-line" data-player="{escape(player)}" fill="none" '
                f'stroke="var(--seat-{seat % 10})" stroke-width="2" points="{coords}"/>')
    cursor = x(min(max(current, 0), steps))
    parts.append(f'<line class="chart-cursor" x1="{cursor:.1f}" y1="{TOP}" x2="{cursor:.1f}" y2="{TOP + plot_h}"/>')
    parts.append(f'<rect class="chart-hit" x="{LEFT - dx / 2:.1f}" y="0" width="{WIDTH - LEFT - RIGHT + dx:.1f}" '
                 f'height="{HEIGHT}" fill="transparent"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch" style="background: var(--seat-{seat % 10})"></span>{escape(player)}</li>'
        for seat, player in enumerate(players))
    return Markup("".join(parts) + f'<ul class="chart-legend">{legend}</ul>')


def _runs(player: str, points: Sequence[tuple[int, Mapping[str, int | None]]]) -> list[list[tuple[int, int]]]:
    """Consecutive steps where the player's total is known: each becomes one line."""
    runs: list[list[tuple[int, int]]] = [[]]
    for step, step_totals in points:
        total = step_totals.get(player)
        if total is None:
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append((step, total))
    return [run for run in runs if run]


def sample_points(players: Sequence[str], points: Iterable[tuple[int, Mapping[str, int | None]]],
                  limit: int = MAX_POINTS) -> list[tuple[int, dict[str, int | None]]]:
    """At most ``limit`` of ``points`` (all of them when that many or fewer): the first and
    the last, and in each of equal stretches of steps every player's lowest and highest
    total and the first steps where it turns unknown and known again."""
    steps: list[int] = []
    series: list[tuple[int | None, ...]] = []  # compact: a long game's totals are read once
    for step, values in points:
        steps.append(step)
        series.append(tuple(values.get(player) for player in players))
    count = len(series)
    if count <= limit:
        return [(steps[i], dict(zip(players, series[i], strict=True))) for i in range(count)]
    stretches = max(1, (limit - 2) // (4 * max(len(players), 1)))
    size = math.ceil(count / stretches)
    keep = {0, count - 1}
    for lo in range(0, count, size):
        hi = min(count, lo + size)
        for seat in range(len(players)):
            low = high = gone = back = None
            for i in range(lo, hi):
                value = series[i][seat]
                known_before = i > 0 and series[i - 1][seat] is not None
                if value is None:
                    if known_before and gone is None:
                        gone = i
                    continue
                if not known_before and i > 0 and back is None:
                    back = i
                if low is None or value < series[low][seat]:  # type: ignore[operator]
                    low = i
                if high is None or value > series[high][seat]:  # type: ignore[operator]
                    high = i
            keep.update(i for i in (low, high, gone, back) if i is not None)
    return [(steps[i], dict(zip(players, series[i], strict=True))) for i in sorted(keep)]


def chart_summary(engine: engines.Engine, players: Sequence[str], table: bool
                  ) -> Callable[[Any, Iterator[tuple[int, State]]], dict[str, Any]]:
    """What the viewer keeps of a game's timeline (``EventStore.timeline_summary``): the
    sampled totals, as plain JSON, and the number of steps."""
    def summarise(_game: Any, states: Iterator[tuple[int, State]]) -> dict[str, Any]:
        last = 0

        def each() -> Iterator[tuple[int, Mapping[str, int | None]]]:
            nonlocal last
            for step, state in states:
                last = step
                yield step, totals(engine, state, table)

        sampled = sample_points(players, each())
        return {"steps": last, "points": [[step, [values[p] for p in players]] for step, values in sampled]}
    return summarise


def summary_points(players: Sequence[str], summary: Mapping[str, Any]) -> list[tuple[int, dict[str, int | None]]]:
    """A ``chart_summary`` back as the (step, totals) points ``score_chart`` draws."""
    return [(step, dict(zip(players, values, strict=True))) for step, values in summary["points"]]
