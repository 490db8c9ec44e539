"""The score timeline as an inline SVG, drawn on the server.

One polyline per player (running totals, a gap where a total is unknown), a
cursor line the viewer's script moves, and one transparent hit area; the script
maps a click to a step with ``data-x0`` and ``data-dx`` (x of step s = x0 + s*dx).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from markupsafe import Markup, escape

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


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
    for step, totals in points:
        total = totals.get(player)
        if total is None:
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append((step, total))
    return [run for run in runs if run]
