"""The viewer: any game, step by step.

The page is complete without JavaScript (board, describe line, what changed,
standings, score chart and log at the requested step, with plain links to the
other steps); ``static/js/viewer.js`` then takes over and steps without reloads.
The helpers that shape the log and the standings have twins in
``static/js/viewer/format.js``: keep them in step.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from flask import abort, render_template, request, url_for

import engines
from engines import State
from recorder.build import build_id
from recorder.errors import NotFound
from recorder.http.auth import cookie_token
from recorder.http.current import current_store
from recorder.views.chart import chart_summary, score_chart, summary_points
from recorder.views.frames import SET_UP, WITHHELD, frame_json, hidden_information
from recorder.views.log_rows import recorded_rows, summary
from recorder.views.seat_colours import seat_style
from recorder.web.pages import bp, engine_css, game_or_404

LOG_VIEWS = ("effective", "recorded")
SPEEDS = ((2000, "Slow"), (1000, "Normal"), (500, "Fast"), (200, "Very fast"))
DEFAULT_SPEED = 1000
WHOLE_LOG_STEPS = 500  # a game this long or shorter: the whole log in the page, as always
LOG_WINDOW = 200  # a longer one: this many steps' log lines around the step shown


@bp.get("/games/<game_id>")
def viewer(game_id: str) -> str:
    game = game_or_404(game_id)
    engine = engines.find(game.engine)
    latest = current_store().state_at(game_id)
    live = game.status != "finished" and not engine.is_over(latest.state)
    # A game not over at its latest step is shown as the table sees it, at every step (docs/WEB.md).
    withheld = hidden_information(engine, not live, show=False) == WITHHELD
    players = [p["name"] for p in game.players]
    # One fold from the start per version gives the step count and the chart, sampled:
    # the page is the same size for a game of any length (docs/WEB.md, "Long games").
    game, timeline = current_store().timeline_summary(
        game_id, chart_summary(engine, players, withheld), key=f"chart:{'table' if withheld else 'all'}")
    steps = int(timeline["steps"])
    step = _requested_step(engine, game_id, steps)
    try:
        _, _, frames = current_store().frames(game_id, step, 1)
    except NotFound as exc:  # a correction shortened the game in between: show its new last step
        step = min(step, int(exc.details.get("steps", 0)))
        _, _, frames = current_store().frames(game_id, step, 1)
    frame = frame_json(engine, players, frames[0], table=withheld)
    log_view = request.args.get("log") if request.args.get("log") in LOG_VIEWS else "effective"
    start, count = log_window(step, steps)
    page = current_store().log_page(game_id, start, count, recorded=log_view == "recorded")
    recorded = recorded_rows(page.recorded, page.entries, page.corrected_by) if log_view == "recorded" else []
    chart = score_chart(players, summary_points(players, timeline), current=step)
    board = current_store().boards.find(game.board_id) if game.board_id is not None else None
    return render_template(
        "viewer.html", game=game, engine=engine, steps=steps, step=step, frame=frame, players=players,
        # A game of older rules says so, and what changed since (docs/DESIGN.md, "Rules versions").
        rules_since=engine.versions_since(game.rules_version),
        seats={name: seat % 10 for seat, name in enumerate(players)},
        standings=standings_table(frame["standings"]),
        log_groups=log_groups(page.entries, setup=page.start == 0), log_view=log_view, recorded=recorded,
        log_page={"start": page.start, "end": page.end, "whole": page.start == 0 and page.end == steps},
        unchecked=current_store().unchecked_checks(game_id),
        chart_html=chart, live=live, withheld=withheld, speeds=SPEEDS, default_speed=DEFAULT_SPEED,
        can_write=cookie_token(game_id) is not None, engine_css=engine_css(engine.name),
        board=board, offer_board=not live and board is None and not engine.board_file.holds_nothing,
        seat_style=seat_style(engine, current_store().initial_state(game)),
        config={
            "gameId": game.id, "version": game.version, "steps": steps, "step": step, "live": live,
            "logView": log_view, "players": players,
            "build": build_id(),  # named in each frames URL, so the answers can be cached for good
            "log": {"start": page.start, "end": page.end, "whole": WHOLE_LOG_STEPS, "window": LOG_WINDOW},
            "urls": {
                "game": url_for("games.GameResource", game_id=game.id),
                "events": url_for("games.GameEvents", game_id=game.id),
                "log": url_for("replay.Log", game_id=game.id),
                "frames": url_for("replay.Frames", game_id=game.id),
                "timeline": url_for("replay.Timeline", game_id=game.id),
                "stream": url_for("replay.stream", game_id=game.id),
            },
        })


def log_window(step: int, steps: int) -> tuple[int, int]:
    """The steps whose log lines the page carries: all of a game of up to
    ``WHOLE_LOG_STEPS`` steps, else ``LOG_WINDOW`` steps around ``step`` (the last ones
    at the end); the script loads the others as the reader scrolls or steps."""
    if steps <= WHOLE_LOG_STEPS:
        return 0, steps + 1
    start = min(max(step - LOG_WINDOW // 2, 0), steps - LOG_WINDOW + 1)
    return start, LOG_WINDOW


def _requested_step(engine: engines.Engine, game_id: str, steps: int) -> int:
    """``?step=N`` (clamped to the game), or ``?turn=T``: the first action of turn T,
    the step the log lists first under that turn (a turn with no action yet: its start)."""
    turn = request.args.get("turn", type=int)
    if turn is not None:
        def first_of_turn(_game: Any, states: Iterator[tuple[int, State]]) -> int | None:
            for step, state in states:
                position = engine.position(state)
                if position and position.get("turn") == turn:
                    return step + 1
            return None

        _, found = current_store().timeline_summary(game_id, first_of_turn)  # stops at the turn: nothing kept
        if found is None:
            abort(404, f"This game has no turn {turn}.")
        return min(int(found), steps)
    step = request.args.get("step", type=int)
    return steps if step is None else min(max(step, 0), steps)


# ---------------------------------------------------------------- shaping (twins in format.js)


def humanise(key: str) -> str:
    """``click_clack_parity`` -> ``Click clack parity``."""
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def cell_text(value: Any) -> str:
    """A breakdown value as a table cell shows it."""
    if value is None:
        return "—"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, (int, float)):
        return str(value)
    return summary(value)


def standings_table(standings: Mapping[str, Any]) -> dict[str, Any]:
    """Columns from the data: every breakdown key, in the order the rows first name them."""
    rows = list(standings.get("players", []))
    keys: list[str] = []
    for row in rows:
        for key in (row.get("breakdown") or {}):
            if key not in keys:
                keys.append(key)
    winners = set(standings.get("winners") or [])
    final = bool(standings.get("final"))
    return {
        "final": final,
        "columns": [{"key": key, "label": humanise(key)} for key in keys],
        "rows": [{
            "player": row["player"], "rank": row.get("rank"), "total": row.get("total"),
            "status": row.get("status"), "status_text": humanise(row["status"]) if row.get("status") else "—",
            "winner": final and row["player"] in winners,
            "cells": [_cell((row.get("breakdown") or {}).get(key)) for key in keys],
        } for row in rows],
    }


def _cell(value: Any) -> dict[str, Any]:
    return {"text": cell_text(value), "num": isinstance(value, (int, float)) and not isinstance(value, bool)}


def log_groups(log: Iterable[Mapping[str, Any]], setup: bool = True) -> list[dict[str, Any]]:
    """The effective log in groups of consecutive entries with the same position label;
    set-up (step 0) first, joined by the events an engine still counts as set-up (its
    declarations of the table); a note joins the group of the step it follows.  A page
    from further on (``setup`` false) starts with the group of its first entry."""
    groups: list[dict[str, Any]] = [{"label": SET_UP, "entries": [{"kind": "setup", "step": 0}]}] if setup else []
    for entry in log:
        if entry.get("kind") == "note" and groups:
            groups[-1]["entries"].append(dict(entry))
            continue
        label = (entry.get("position") or {}).get("label") or ""
        if not label:
            label = groups[-1]["label"] if len(groups) > 1 or (groups and not setup) else "Events"
        if not groups or label != groups[-1]["label"]:
            groups.append({"label": label, "entries": []})
        groups[-1]["entries"].append(dict(entry))
    return groups
