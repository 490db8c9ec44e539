"""One line per event for the game log, read from the state *before* the event: one
function per event type (``*_words``, each named once in ``events.EVENT_RULES``).

``IsleOfPan.describe`` calls them with the actor, or the current player when the event
names nobody; a line that cannot be read from a refused event's data becomes
"Ana: tile taken" (``TableEngine.unreadable_words``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State
from engines.isle_of_pan import hexes
from engines.isle_of_pan.board import board_of, revealed_face, start_from_board
from engines.isle_of_pan.state import cells_of, closing_ends_game, coord_of, explorer, reachable_from, slot_tile
from engines.isle_of_pan.tiles import (
    SLOTS,
    count_kind,
    gains,
    gains_text,
    kind_name,
    shape_cells,
    terrain_name,
    tile_label,
)


def start_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    if state.get("start") is not None and start_from_board(state):
        return "The Starting Tile is confirmed, as the board laid it"
    cells = cells_of(data.get("spaces")) or []
    central = coord_of(data.get("central"))
    where = f"; the Explorers start at {hexes.label(central)}" if central else ""
    return f"The Starting Tile is declared: {len(cells)} space{'s' if len(cells) != 1 else ''}{where}"


def shape_words(shape: Any) -> str:
    """ "a line", "a triangle", "a chevron", or "shape not declared"."""
    cells = shape_cells(shape)
    name = hexes.shape_name([(q, r) for q, r, _ in cells]) if cells else ""
    return f"a {name}" if name else "shape not declared"


def revealed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    face = revealed_face(state, data)
    label = tile_label(face["terrains"] or [])
    if board_of(state) is not None and isinstance(data.get("tile_id"), str):
        label = f"tile {data['tile_id']}, {label}"
    shape = shape_words(face["shape"])
    if state["reveals"] < len(SLOTS):
        slot = data.get("display_id") or next((s["id"] for s in state["display"] if s["tile"] is None), "?")
        return f"Tile {state['reveals'] + 1} of 3 face up in {slot}: {label} ({shape})"
    slot = data.get("display_id") or state.get("refill_slot") or "the display"
    left = max(0, state["pile_remaining"] - 1)
    return f"{slot} refilled from the pile: {label} ({shape}; {left} left in the pile)"


def taken_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    slot = data.get("display_id")
    tile = slot_tile(state, slot)
    if tile is None:
        return f"{who} took a tile from {slot}, which was not face up"
    gained = gains(tile["terrains"], list(data.get("portal_choices") or []))
    return f"{who} took {tile_label(tile['terrains'])} from {slot} ({gains_text(gained)})"


def placed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    cells = cells_of(data.get("cells")) or []
    coords = [(q, r) for q, r, _ in cells]
    island = {hexes.parse(k) for k in state["island"]}
    sides = hexes.shared_edges(coords, island)
    where = ",".join(hexes.label(c) for c in coords)
    label = tile_label(t for _, _, t in cells)
    return f"{who} placed {label} at {where} ({sides} side{'s' if sides != 1 else ''} shared)"


def moved_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    to = coord_of(data.get("to"))
    start = explorer(state, who)
    if to is None:
        return f"{who}'s Explorer moved"
    if start == to:
        return f"{who}'s Explorer stayed at {hexes.label(to)}"
    steps = reachable_from(state, start).get(to) if start is not None else None
    path = data.get("path")
    if isinstance(path, list):
        steps = len(path)
    count = f" ({steps} move{'s' if steps != 1 else ''})" if steps is not None else ""
    origin = hexes.label(start) if start else "?"
    return f"{who}'s Explorer moved {origin} → {hexes.label(to)}{count}"


def observed_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    spot = explorer(state, who)
    count = data.get("count")
    where = f" at {hexes.label(spot)}" if spot else ""
    return f"{who} placed {count_kind(int(count), data.get('kind')) if isinstance(count, int) else 'animals'}{where}"


def lake_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    spots = [coord_of(v) for v in data.get("at") or []]
    where = ",".join(hexes.label(c) for c in spots if c is not None) or "?"
    return f"{who} played the {terrain_name(data.get('domain'))} Wondrous Lake tile at {where}"


def beast_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    at = coord_of(data.get("at"))
    name = data.get("beast") or "A Fantastic Beast"
    line = f"{name} appeared at {hexes.label(at) if at else '?'}"
    points, player, kind = data.get("points"), data.get("player"), data.get("kind")
    if isinstance(points, int) and player and kind:
        line += f" ({points:+d} on {player}'s {kind_name(kind)} track)"
    return line


def score_set_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    reason = data.get("reason")
    why = f": {reason}" if reason else ""
    return f"{data.get('player')}'s {kind_name(data.get('kind'))} token set to {data.get('position')}{why}"


def end_turn_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    if closing_ends_game(state):
        return f"{who} ended the turn: the game is over"
    return f"{who} ended the turn"

