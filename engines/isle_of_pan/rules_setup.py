"""Set-up and the display: the Starting Tile, reveals, a tile's shape and its board (IP-C02..IP-C04, IP-C29, IP-C30)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import conflicts
from engines.isle_of_pan import hexes
from engines.isle_of_pan.board import (
    board_of,
    board_tile,
    compatible,
    excluded_markers,
    reveal_facts,
    revealed_face,
    start_facts,
    start_from_board,
)
from engines.isle_of_pan.sections import EXPLORERS_RULE, PLAYERS_RULE, SHUFFLE_RULE, START_RULE, STEP1, STEP3
from engines.isle_of_pan.state import (
    cells_of,
    coord_of,
)
from engines.isle_of_pan.tiles import (
    LAKE,
    SLOTS,
    multiset,
    shape_cells,
    tile_label,
)


def check_start(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # declared/conflict: the board laid the Starting Tile at set-up; declaring it again only
    # confirms it, spaces and central space exactly as the board has them.
    if state["start"] is not None and start_from_board(state):
        return conflicts(state["declared"], start_facts(data), state["step"] + 1)
    # IP-C02: one Starting Tile, "in the centre of the table", with a central space.
    if state["start"] is not None:
        return [Violation("IP-C02", START_RULE, "The Starting Tile is already declared")]
    cells = cells_of(data.get("spaces")) or []
    if not cells:
        return [Violation("IP-C02", START_RULE, "The Starting Tile needs at least one space")]
    out: list[Violation] = []
    coords = [(q, r) for q, r, _ in cells]
    twice = sorted({c for c in coords if coords.count(c) > 1})
    if twice:
        out.append(Violation("IP-C02", START_RULE, f"Space {', '.join(map(hexes.label, twice))} is declared twice"))
    elif not hexes.connected(coords):
        out.append(Violation("IP-C02", START_RULE, "The Starting Tile's spaces are not all joined by their sides"))
    central = coord_of(data.get("central"))
    terrain = {(q, r): t for q, r, t in cells}
    if central is None or central not in terrain:
        where = hexes.label(central) if central else repr(data.get("central"))
        out.append(Violation("IP-C02", EXPLORERS_RULE, f"The central space {where} is not a space of the Starting Tile"))
    elif terrain[central] == LAKE:
        message = f"The central space {hexes.label(central)} is a Lake: the Explorers cannot stand on it"
        out.append(Violation("IP-C02", EXPLORERS_RULE, message))
    return out


def check_revealed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # Without a board the face is the event's own; on a board, a named tile's face fills the gaps.
    face = revealed_face(state, data)
    terrains = list(face["terrains"] or [])
    out: list[Violation] = []
    if face["terrains"] is None:
        out.append(_no_face(state, data))
    # IP-C02: "Each tile is composed of three spaces".
    elif len(terrains) != 3:
        message = f"A Landscape tile has 3 spaces; {len(terrains)} terrain{'s' if len(terrains) != 1 else ''} declared"
        out.append(Violation("IP-C02", SHUFFLE_RULE, message))
    if face["terrains"] is not None:
        out += _check_shape(data.get("shape"), terrains)
        out += _check_marker(state, face["marker"], _from_board(state, data, "marker"))
    if board_of(state) is None:
        out += _check_tile_id(state, data.get("tile_id"))
    else:
        out += _check_board_tile(state, data, face)
    out += _check_slot(state, data.get("display_id"))
    return out


def _from_board(state: State, data: Mapping[str, Any], key: str) -> str:
    """The id of the board's tile when the board supplied ``key`` (not the event), else ""."""
    tile_id = data.get("tile_id")
    if data.get(key) is None and board_tile(state, tile_id) is not None:
        return str(tile_id)
    return ""


def _no_face(state: State, data: Mapping[str, Any]) -> Violation:
    """A reveal that neither spells out its terrains nor names a tile the board holds."""
    tile_id = data.get("tile_id")
    if board_of(state) is None:
        # IP-C02: "Each tile is composed of three spaces" -- and nobody said which.
        named = f" (no board to read tile {tile_id} from)" if isinstance(tile_id, str) else ""
        return Violation("IP-C02", SHUFFLE_RULE, f"Spell out the tile's 3 terrains{named}: this game is not recorded on a board")
    if isinstance(tile_id, str):
        # IP-C29: "Shuffle the Landscape tiles. Put them face down in a pile" -- the tiles of
        # the box the board was transcribed from; one it lacks must be spelled out.
        return Violation("IP-C29", SHUFFLE_RULE, f"Tile {tile_id} is not on the board: name one of its tiles, or spell out this one's terrains")
    return Violation("IP-C02", SHUFFLE_RULE, "Name the board's tile (tile_id) or spell out the tile's 3 terrains")


def _check_shape(shape: Any, terrains: list[Any]) -> list[Violation]:
    # IP-C13: a declared shape is three joined spaces with the tile's terrains.
    if shape is None:
        return []
    cells = shape_cells(shape)
    if cells is None or len(cells) != 3:
        return [Violation("IP-C13", STEP3, f"A tile's shape has 3 cells; {len(shape) if isinstance(shape, list) else 0} declared")]
    coords = [(q, r) for q, r, _ in cells]
    if len(set(coords)) != 3 or not hexes.connected(coords):
        return [Violation("IP-C13", STEP3, "The declared shape's 3 cells are not distinct spaces joined by their sides")]
    if multiset(t for _, _, t in cells) != multiset(terrains):
        shown = tile_label(t for _, _, t in cells)
        return [Violation("IP-C13", STEP3, f"The declared shape shows {shown}, the terrains {tile_label(terrains)}")]
    return []


def _check_marker(state: State, marker: Any, board_id: str = "") -> list[Violation]:
    # IP-C03: "2 players: Discard the Landscape tiles marked [3] and [4]. 3 players: ... [4]."
    # The marker is the event's, or the board's for a tile it names ("none": no marker).
    n = len(state["seats"])
    if n >= 4:
        return []
    excluded = excluded_markers(n)
    if marker is None:
        marks = " or ".join(f"[{m}]" for m in sorted(excluded))
        message = f"The tile's marker was not declared: cannot confirm it is not one marked {marks}, discarded for {n} players"
        return [Violation("IP-C03", PLAYERS_RULE, message, "unverified")]
    if marker in excluded:
        message = f"Tiles marked [{marker}] are discarded with {n} players"
        if board_id:
            message = f"Tile {board_id} is marked [{marker}] on the board: t{message[1:]}"
        return [Violation("IP-C03", PLAYERS_RULE, message)]
    return []


def _check_tile_id(state: State, tile_id: Any) -> list[Violation]:
    # declared/conflict: each physical tile comes out of the pile once.
    if isinstance(tile_id, str) and tile_id in state["tile_ids"]:
        message = f"Tile {tile_id} was already revealed at step {state['tile_ids'][tile_id]}"
        return [Violation("declared/conflict", SHUFFLE_RULE, message)]
    return []


def _check_board_tile(state: State, data: Mapping[str, Any], face: Mapping[str, Any]) -> list[Violation]:
    """What the board rules out for a reveal: a tile revealed before, a tile the box does not
    hold, a spelled-out face that is not the board's."""
    board = board_of(state)
    assert board is not None
    tile_id = data.get("tile_id")
    if isinstance(tile_id, str):
        # IP-C30: "place the first 3 face up", "replaced by the first one from the face down
        # pile" -- a tile turned face up has left the pile: face up, in hand or in play.
        if tile_id in state["tile_ids"]:
            message = f"Tile {tile_id} was already revealed at step {state['tile_ids'][tile_id]}"
            return [Violation("IP-C30", SHUFFLE_RULE, message)]
        # IP-C29: "Put them face down in a pile" -- a board that lists every tile of the box
        # holds every tile that can come out of it.
        if tile_id not in board["tiles"] and board["complete"] and data.get("terrains") is not None:
            message = f"Tile {tile_id} is not on the board, which lists every tile of the box"
            return [Violation("IP-C29", SHUFFLE_RULE, message)]
        # declared/conflict: what the event spells out is the board's tile as transcribed.
        return conflicts(state["declared"], reveal_facts(data), state["step"] + 1)
    if board["complete"] and face["terrains"] is not None:
        named = set(state["tile_ids"])
        if not any(compatible(board["tiles"][i], face) for i in board["ids"] if i not in named):
            # IP-C29: an unnamed tile must still be one of the box's, not yet revealed by its id.
            label = tile_label(face["terrains"])
            message = f"No tile of the board still in the pile is {label} as revealed (the board lists every tile of the box)"
            return [Violation("IP-C29", SHUFFLE_RULE, message)]
    return []


def _check_slot(state: State, display_id: Any) -> list[Violation]:
    empty = [slot["id"] for slot in state["display"] if slot["tile"] is None]
    if state["reveals"] < len(SLOTS):
        # IP-C02: "place the first 3 face up" -- into the empty places of the display.
        if display_id is not None and display_id not in empty:
            message = f"{display_id} is not an empty place of the display (empty: {', '.join(empty) or 'none'})"
            return [Violation("IP-C02", SHUFFLE_RULE, message)]
        return []
    # IP-C10: "This tile is immediately replaced by the first one from the face down pile."
    if state["pile_remaining"] <= 0:
        return [Violation("IP-C10", STEP1, f"The pile is empty: all {state['tile_count']} tiles have been revealed")]
    wanted = state["refill_slot"]
    if wanted is None:
        return [Violation("IP-C10", STEP1, "No taken tile waits for its replacement: the display is full")]
    if display_id is not None and display_id != wanted:
        return [Violation("IP-C10", STEP1, f"The tile taken from {wanted} is replaced in {wanted}, not {display_id}")]
    return []
