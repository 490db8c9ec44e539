"""Turn folded steps into what the pages show: describe line, board, standings, changes."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from flask import render_template
from jinja2 import TemplateNotFound
from markupsafe import Markup

import engines
from engines import Event, State
from recorder.flags import split_flags
from recorder.store import FrameData, position_of
from recorder.web.board_parts import PartTable
from recorder.web.fragments import Chunk, board_chunks

SET_UP = "Set-up"
SET_UP_POSITION = {"round": None, "turn": None, "label": SET_UP}


def render_board(engine: engines.Engine, state: State, players: Sequence[str],
                 standings: Mapping[str, Any] | None = None) -> Markup:
    """The engine's partial for one step; a plain fallback for engines without one.
    ``standings``: the state's, when the caller has them already."""
    if standings is None:
        standings = engine.standings(state)
    context = {"state": state, "standings": standings, "players": list(players), "engine": engine}
    try:
        return Markup(render_template(f"engines/{engine.name}/board.html", **context))
    except TemplateNotFound:
        return Markup(render_template("engines/_generic/board.html", **context))


def render_board_chunks(engine: engines.Engine, state: State, players: Sequence[str],
                        standings: Mapping[str, Any] | None = None) -> tuple[Chunk, ...]:
    """The same board as ``render_board``, as literal HTML and the Parts of its ``memo`` blocks."""
    return board_chunks(lambda: str(render_board(engine, state, players, standings)))


def changes(engine: engines.Engine, before: State, after: State, event: Event) -> list[str]:
    """The engine's own words for what changed, or each player's change of total."""
    words = getattr(engine, "changes", None)
    if words is not None:
        return list(words(before, after, event))
    old = {row["player"]: row["total"] for row in engine.standings(before)["players"]}
    return [
        f"{row['player']}: {old.get(row['player'])} → {row['total']}"
        for row in engine.standings(after)["players"]
        if old.get(row["player"]) != row["total"]
    ]


def frame_json(engine: engines.Engine, players: Sequence[str], frame: FrameData,
               parts: PartTable | None = None) -> dict[str, Any]:
    """One step as the viewer shows it; with ``parts``, the board as chunks referring to
    the batch's parts (``board``) instead of whole (``board_html``)."""
    effective = frame.effective
    event = effective.event if effective else None
    flags, unchecked = split_flags(effective.flags if effective else [])
    standings = engine.standings(frame.state)
    if parts is None:
        board: dict[str, Any] = {"board_html": str(render_board(engine, frame.state, players, standings))}
    else:
        board = {"board": parts.encode(render_board_chunks(engine, frame.state, players, standings))}
    return {
        "step": frame.step,
        "seq": frame.seq,
        "event": {"type": event.type, "actor": event.actor, "data": dict(event.data)} if event else None,
        "describe": engine.describe(frame.before, event) if event and frame.before is not None else SET_UP,
        # The turn the step's action belongs to (the state before it), as the log groups it.
        "position": position_of(engine, frame.before) if event and frame.before is not None else SET_UP_POSITION,
        **board,
        "standings": standings,
        "changes": changes(engine, frame.before, frame.state, event) if event and frame.before is not None else [],
        "flags": flags,
        "unchecked": unchecked,
        "override": dict(effective.override) if effective and effective.override else None,
    }


def totals(engine: engines.Engine, state: State) -> Mapping[str, int | None]:
    return {row["player"]: row["total"] for row in engine.standings(state)["players"]}
