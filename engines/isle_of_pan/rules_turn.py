"""The turn: taking a tile, placing it, moving the Explorer (The Play, steps 1-4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.isle_of_pan import hexes
from engines.isle_of_pan.sections import LIMITS, PLACEMENT_SENTENCE, PLAY, PORTALS, STEP1, STEP2, STEP3, STEP4
from engines.isle_of_pan.state import (
    blocked,
    cells_of,
    coord_of,
    emptiness_problems,
    explorer,
    face_up,
    reachable_from,
    slot_tile,
    space_at,
)
from engines.isle_of_pan.tiles import (
    KINDS,
    PORTAL,
    multiset,
    portal_count,
    shape_cells,
    tile_label,
)


def check_taken(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    # IP-C10: the refill comes before the next pick.
    if state["refill_slot"] is not None:
        slot = state["refill_slot"]
        out.append(Violation("IP-C10", STEP1, f"The tile taken from {slot} must first be replaced from the pile"))
    display_id = data.get("display_id")
    tile = slot_tile(state, display_id)
    # IP-C07: "Pick a Landscape tile among the 3 that are facing up."
    if tile is None:
        up = ", ".join(face_up(state)) or "none"
        out.append(Violation("IP-C07", STEP1, f"{display_id} is not face up (face up: {up})"))
        return out
    # IP-C09: "If it is a Magical Portal, add an Animal token of your preferred kind".
    wanted = portal_count(tile["terrains"])
    choices = list(data.get("portal_choices") or [])
    if len(choices) != wanted:
        kinds = f"{wanted} kind{'s' if wanted != 1 else ''}"
        message = f"{tile_label(tile['terrains'])} has {wanted} Magical Portal{'s' if wanted != 1 else ''}: choose {kinds}, not {len(choices)}"
        out.append(Violation("IP-C09", STEP2, message))
    bad = [str(c) for c in choices if c not in KINDS]
    if bad:
        out.append(Violation("IP-C09", STEP2, f"{', '.join(bad)} is not a kind of animal"))
    return out


def check_placed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    taken = state["taken"]
    if taken is None:
        return [Violation("IP-C06", PLAY, f"{who} has no tile in hand to place")]
    out: list[Violation] = []
    given = data.get("display_id")
    # IP-C11: "Play your Landscape tile" -- the one taken this turn.
    if given is not None and given != taken["display_id"]:
        out.append(Violation("IP-C11", STEP3, f"{who} took the tile from {taken['display_id']}, not from {given}"))
    cells = cells_of(data.get("cells")) or []
    if len(cells) != 3:
        out.append(Violation("IP-C11", STEP3, f"A Landscape tile covers 3 spaces; {len(cells)} cells given"))
        return out
    same_terrains = multiset(t for _, _, t in cells) == multiset(taken["terrains"])
    if not same_terrains:
        shown = tile_label(t for _, _, t in cells)
        out.append(Violation("IP-C11", STEP3, f"The tile taken is {tile_label(taken['terrains'])}; the cells show {shown}"))
    coords = [(q, r) for q, r, _ in cells]
    # IP-C13: three distinct spaces, joined, in the tile's shape (turned, never mirrored).
    if len(set(coords)) != 3:
        twice = sorted({c for c in coords if coords.count(c) > 1})
        out.append(Violation("IP-C13", STEP3, f"Space {', '.join(map(hexes.label, twice))} is given twice"))
        return out
    island = {hexes.parse(k) for k in state["island"]}
    # IP-C12: a tile goes on empty spaces.
    overlap = [c for c in coords if c in island]
    if overlap:
        out.append(Violation("IP-C12", STEP3, f"{', '.join(map(hexes.label, overlap))} already in play"))
    if not hexes.connected(coords):
        out.append(Violation("IP-C13", STEP3, f"The cells {', '.join(map(hexes.label, coords))} are not joined by their sides"))
    elif same_terrains:
        out += _check_congruent(taken, cells)
    # IP-C14: "At least 3 sides of your Landscape tile should be adjacent to ... tiles already in play."
    if not overlap:
        sides = hexes.shared_edges(coords, island)
        if sides < 3:
            side, touch = ("side", "touches") if sides == 1 else ("sides", "touch")
            message = f'Only {sides} {side} of the tile at {_cells_label(coords)} {touch} tiles in play: "{PLACEMENT_SENTENCE}"'
            out.append(Violation("IP-C14", STEP3, message))
    return out


def _check_congruent(taken: Mapping[str, Any], cells: list[tuple[int, int, str]]) -> list[Violation]:
    shape = shape_cells(taken.get("shape"))
    label = tile_label(taken["terrains"])
    if shape is None:
        message = f"The shape of {label} was not declared: cannot confirm the cells are the tile's shape"
        return [Violation("IP-C13", STEP3, message, "unverified")]
    if not hexes.congruent(shape, cells):
        message = f"The cells are not {label} as revealed, turned and moved (tiles are played face up, never mirrored)"
        return [Violation("IP-C13", STEP3, message)]
    return []


def _cells_label(coords: list[hexes.Coord]) -> str:
    return ",".join(hexes.label(c) for c in coords)


def check_moved(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    to = coord_of(data.get("to"))
    start = explorer(state, who)
    if to is None or start is None:
        return [Violation("IP-C15", STEP4, f"The Explorer of {who} has nowhere to move from or to")]
    space = space_at(state, to)
    # IP-C15: the destination is a space of the island.
    if space is None:
        return [Violation("IP-C15", STEP4, f"{hexes.label(to)} is not a space of the island")]
    out: list[Violation] = []
    # IP-C16: "Explorers can neither cross nor land on Lake or Wondrous Lake spaces."
    if blocked(space):
        out.append(Violation("IP-C16", LIMITS, f"Explorer of {who} cannot end on the {blocker(space)} at {hexes.label(to)}"))
    path = data.get("path")
    if path is not None:
        out += _check_path(state, who, start, to, path)
    elif not blocked(space) and to not in reachable_from(state, start):
        message = f"{hexes.label(to)} is more than 3 moves from the Explorer of {who} at {hexes.label(start)}"
        out.append(Violation("IP-C15", STEP4, message))
    # IP-C17: "They must end their movement on an empty space" -- a move of 0 too, unless the
    # table plays ``zero_move_end_check`` off (a round trip back to the start is always a move).
    if to != start or path or state["options"]["zero_move_end_check"]:
        held = emptiness_problems(state, to, who)
        if held:
            message = f"Explorer of {who} must end on an empty space; {hexes.label(to)} holds {' and '.join(held)}"
            out.append(Violation("IP-C17", LIMITS, message))
    return out


def blocker(space: Mapping[str, Any]) -> str:
    return "Wondrous Lake" if space.get("wl") is not None else "Lake"


def _check_path(state: State, who: str, start: hexes.Coord, to: hexes.Coord, path: Any) -> list[Violation]:
    steps = [coord_of(p) for p in path] if isinstance(path, list) else []
    out: list[Violation] = []
    # IP-C15: "Move your Explorer from 0 to 3 spaces."
    if len(steps) > 3:
        out.append(Violation("IP-C15", STEP4, f"The path of {who}'s Explorer has {len(steps)} moves; at most 3"))
    previous = start
    for c in steps:
        if c is None:
            continue
        space = space_at(state, c)
        if space is None:
            out.append(Violation("IP-C18", PORTALS, f"{hexes.label(c)} on the path is not a space of the island"))
        elif blocked(space) and c != to:
            out.append(Violation("IP-C16", LIMITS, f"Explorer of {who} cannot cross the {blocker(space)} at {hexes.label(c)}"))
        # IP-C18: a move goes to an adjacent space, or from one Magical Portal to another.
        if not hexes.adjacent(previous, c) and not _portal_hop(state, previous, c):
            message = f"{hexes.label(previous)} → {hexes.label(c)} is not a move: not adjacent, and not two Magical Portals"
            out.append(Violation("IP-C18", PORTALS, message))
        previous = c
    end = steps[-1] if steps else start
    if end != to:
        out.append(Violation("IP-C18", PORTALS, f"The path ends at {hexes.label(end) if end else '?'}, not at {hexes.label(to)}"))
    return out


def _portal_hop(state: State, a: hexes.Coord, b: hexes.Coord) -> bool:
    first, second = space_at(state, a), space_at(state, b)
    return (
        first is not None
        and second is not None
        and a != b
        and first["t"] == PORTAL
        and second["t"] == PORTAL
        and not blocked(first)
        and not blocked(second)
    )
