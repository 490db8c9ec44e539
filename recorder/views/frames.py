"""Turn folded steps into what the pages show: describe line, board, standings, changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import current_app
from jinja2 import Template
from markupsafe import Markup

import engines
from engines import Event, State
from recorder.flags import split_flags
from recorder.store import FrameData
from recorder.views.board_parts import PartTable
from recorder.views.fragments import Chunk, board_chunks

SET_UP = "Set-up"
SET_UP_POSITION = {"round": None, "turn": None, "label": SET_UP}


# What a frame answer says of the hidden information (``hidden_information``): None when there
# is none to hide (an engine without ``table_view``, or a game that is over).
WITHHELD = "withheld"  # shown as the table sees it
SHOWN = "shown"        # the whole truth, asked for with ``hidden=show``


def hidden_information(engine: engines.Engine, over: bool, show: bool) -> str | None:
    """How the pages show a game's steps (docs/WEB.md, "Hidden information"): while the game
    is not over (judged at its latest step), as the table sees it, unless ``show``; the whole
    truth once it is over, or for an engine with nothing hidden (None)."""
    if over or not engine.hides_information:
        return None
    return SHOWN if show else WITHHELD


def table_sight(engine: engines.Engine, state: State,
                standings: Mapping[str, Any] | None = None) -> tuple[State, Mapping[str, Any]]:
    """The state and standings as the table sees them (the engine's ``table_view``)."""
    if standings is None:
        standings = engine.standings(state)
    return engine.table_view(state, standings)


def render_board(engine: engines.Engine, state: State, players: Sequence[str],
                 standings: Mapping[str, Any] | None = None) -> Markup:
    """The engine's partial for one step; a plain fallback for engines without one.
    ``standings``: the state's, when the caller has them already."""
    if standings is None:
        standings = engine.standings(state)
    context = {"state": state, "standings": standings, "players": list(players), "engine": engine}
    # The template itself, not flask.render_template: a batch draws 50 boards, and Flask's
    # context processors (request, session, g) and render signals, which no board partial
    # reads or needs, were a tenth of a Panic in the Air frame.
    # tests/web/test_board_fragments.py checks the boards match render_template's.
    template = current_app.jinja_env.get_or_select_template(board_templates(engine))
    return Markup(template.render(context))


def board_templates(engine: engines.Engine) -> list[str | Template]:
    """The engine's board partial, then the plain fallback for engines without one."""
    return [f"engines/{engine.name}/board.html", "engines/_generic/board.html"]


def render_board_chunks(engine: engines.Engine, state: State, players: Sequence[str],
                        standings: Mapping[str, Any] | None = None) -> tuple[Chunk, ...]:
    """The same board as ``render_board``, as literal HTML and the Parts of its ``memo`` blocks."""
    return board_chunks(lambda: str(render_board(engine, state, players, standings)))


def changes(engine: engines.Engine, before: State, after: State, event: Event, table: bool = False) -> list[str]:
    """The engine's own words for what changed, or each player's change of total.

    ``table``: as the table sees it (the engine's ``table_changes``)."""
    return engine.table_changes(before, after, event) if table else engine.changes(before, after, event)


def frame_json(engine: engines.Engine, players: Sequence[str], frame: FrameData,
               parts: PartTable | None = None, table: bool = False) -> dict[str, Any]:
    """One step as the viewer shows it; with ``parts``, the board as chunks referring to
    the batch's parts (``board``) instead of whole (``board_html``).  ``table``: as the
    table sees it (board, standings and changes from the engine's ``table_view``)."""
    effective = frame.effective
    event = effective.event if effective else None
    flags, unchecked = split_flags(effective.flags if effective else [])
    state: State = frame.state
    standings: Mapping[str, Any] = engine.standings(state)
    if table:
        state, standings = table_sight(engine, state, standings)
    if parts is None:
        board: dict[str, Any] = {"board_html": str(render_board(engine, state, players, standings))}
    else:
        board = {"board": parts.encode(render_board_chunks(engine, state, players, standings))}
    return {
        "step": frame.step,
        "seq": frame.seq,
        "event": {"type": event.type, "actor": event.actor, "data": dict(event.data)} if event else None,
        "describe": engine.describe(frame.before, event) if event and frame.before is not None else SET_UP,
        # The turn the step's action belongs to (the state before it), as the log groups it.
        "position": engine.position(frame.before) if event and frame.before is not None else SET_UP_POSITION,
        **board,
        "standings": standings,
        "changes": changes(engine, frame.before, frame.state, event, table) if event and frame.before is not None else [],
        "flags": flags,
        "unchecked": unchecked,
        "override": dict(effective.override) if effective and effective.override else None,
    }


def totals(engine: engines.Engine, state: State, table: bool = False) -> Mapping[str, int | None]:
    """Each player's total at ``state`` (the score chart's points); ``table``: as the table sees it."""
    standings = table_sight(engine, state)[1] if table else engine.standings(state)
    return {row["player"]: row["total"] for row in standings["players"]}
