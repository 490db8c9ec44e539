"""What may be recorded now (``possible``) and each event type's concrete choices (the
``offers`` of ``events.EVENT_RULES``), which ``IsleOfPan.expected`` puts together.

The recording page turns these into buttons: the face-up tiles to take, the legal
placements of the taken tile near the island, the spaces the Explorer can reach, the
animals that may be placed.  Table events (the Starting Tile, the revealed tiles) may be
recorded by anyone, so while one is due every player is an actor, the current one first.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, permutations
from typing import Any

from engines.base import State
from engines.isle_of_pan import hexes
from engines.isle_of_pan.board import board_of, offered_ids, start_from_board, starting_tile_of
from engines.isle_of_pan.state import (
    MOVE,
    PLACE,
    POST,
    TAKE,
    blocked,
    emptiness_problems,
    explorer,
    face_up,
    reachable_from,
    slot_tile,
    space_at,
)
from engines.isle_of_pan.tiles import KIND_OF, KINDS, LAKE, PORTAL, SLOTS, portal_count, shape_cells

# Every legal placement is offered (the recording page's map shows each space they cover,
# and a tap on one narrows them to those through it); the generic form's ``cells`` list is
# offered only while it is short enough to scan, else the cells are typed behind Advanced.
CELLS_LIST_MAX = 60

Placement = tuple[tuple[int, int, str], ...]


def possible(state: State) -> list[str]:
    """The event types possible now (the game is not over), in the order the recording page
    lists them: the set-up's declarations, a refill owed, then the turn's step.  An action
    after the move is possible only when it has something to offer."""
    if state["start"] is None:
        return ["starting_tile_declared"]
    if state["reveals"] < len(SLOTS):
        opening = ["tile_revealed"]
        if start_confirmation(state) is not None:
            opening.append("starting_tile_declared")
        return opening
    types: list[str] = []
    refill = refill_due(state)
    if refill:
        types.append("tile_revealed")
    step = state["turn_step"]
    current = str(state["current"])
    if step == TAKE and not refill:
        types.append("tile_taken")
    elif step == PLACE:
        types.append("tile_placed")
    elif step == MOVE:
        types.append("explorer_moved")
    elif step == POST:
        if observe_options(state, current) is not None:
            types.append("animals_observed")
        if lake_options(state, current) is not None:
            types.append("wondrous_lake_placed")
        types.append("end_turn")
    return types


def refill_due(state: State) -> bool:
    """Whether a taken tile's place waits for its refill from the pile (IP-C10)."""
    return state["refill_slot"] is not None and state["pile_remaining"] > 0


# -- each event type's choices (``EventRule.offers``), for ``who``, the current player ---------


def start_offered(state: State, who: str) -> dict[str, Any]:
    """Nothing to offer before the Starting Tile is declared (the table spells it out); on a
    board that laid it, its confirmation (``start_confirmation``)."""
    return start_confirmation(state) or {}


def reveal_offered(state: State, who: str) -> dict[str, list[Any]]:
    """The place to fill: the first empty one while the opening three go face up, then the
    place of the tile taken."""
    if state["reveals"] < len(SLOTS):
        empty = [slot["id"] for slot in state["display"] if slot["tile"] is None]
        return reveal_options(state, empty[:1])
    return reveal_options(state, [state["refill_slot"]])


def take_offered(state: State, who: str) -> dict[str, list[Any]]:
    return take_options(state)


def place_offered(state: State, who: str) -> dict[str, list[Any]]:
    return place_options(state)


def move_offered(state: State, who: str) -> dict[str, list[Any]]:
    return {"to": [{"q": q, "r": r} for q, r in destinations(state, who)]}


def observe_offered(state: State, who: str) -> dict[str, list[Any]]:
    return observe_options(state, who) or {}


def lake_offered(state: State, who: str) -> dict[str, list[Any]]:
    return lake_options(state, who) or {}


def reveal_options(state: State, places: list[str]) -> dict[str, list[Any]]:
    """The place to fill, and on a board the ids of its tiles that may come out of the pile
    now (not revealed yet, not discarded for this player count); each face is in
    ``state["board"]["tiles"]`` for the picker to draw."""
    options: dict[str, list[Any]] = {"display_id": places}
    if board_of(state) is not None:
        options["tile_id"] = offered_ids(state)
    return options


def start_confirmation(state: State) -> dict[str, list[Any]] | None:
    """On a board that laid the Starting Tile, before anything is recorded: the Starting Tile
    as the board has it, which the table may still confirm in the log (``spaces``, ``central``
    and its ``central.q``/``central.r``, one choice each, so the event is one tap)."""
    if state["step"] != 0 or not start_from_board(state):
        return None
    start = starting_tile_of(state)
    if start is None:
        return None
    central = start["central"]
    return {"spaces": [start["spaces"]], "central": [central], "central.q": [central["q"]], "central.r": [central["r"]]}


def take_options(state: State) -> dict[str, list[Any]]:
    """The face-up slots, the kinds a Portal may give, and ``takes``: every whole take the
    rules accept, each slot paired with each multiset of kinds for exactly its Portals."""
    ids = face_up(state)
    portals = {slot_id: portal_count((slot_tile(state, slot_id) or {}).get("terrains") or []) for slot_id in ids}
    takes = [{"display_id": slot_id, "portal_choices": list(combo)}
             for slot_id in ids for combo in combinations_with_replacement(KINDS, portals[slot_id])]
    # ``portal_choices`` alone mixes the lengths the face-up tiles need (the protocol's
    # options are per field): a form that offers it may pair a tile with another tile's
    # number of choices (IP-C09).  ``takes`` pairs them; the recording page's picker uses it.
    portal_choices = [list(combo) for n in sorted(set(portals.values())) for combo in combinations_with_replacement(KINDS, n)]
    return {"display_id": ids, "portal_choices": portal_choices, "takes": takes}


def place_options(state: State) -> dict[str, list[Any]]:
    """The taken tile's slot and every legal placement (``placements``; while there are at
    most ``CELLS_LIST_MAX``, ``cells`` holds the same list so that a generic form offers them
    for the ``cells`` field)."""
    taken = state["taken"]
    if taken is None:
        return {"display_id": [], "placements": [], "cells": []}
    found = legal_placements(state, taken["terrains"], taken.get("shape"))
    listed = [[{"q": q, "r": r, "t": t} for q, r, t in cells] for cells in found]
    offered: dict[str, list[Any]] = {"display_id": [taken["display_id"]], "placements": listed}
    if len(listed) <= CELLS_LIST_MAX:
        offered["cells"] = listed
    return offered


def legal_placements(state: State, terrains: list[str], shape: Any) -> list[Placement]:
    """Every legal placement (IP-C12..C14) of a tile near the island, sorted by cells then terrains.

    With a declared shape: its rotations, moved to every position.  Without one: every
    connected triple of empty spaces (triangle, line, chevron) with every arrangement of
    the tile's terrains.  Either way the cells are empty and share at least 3 sides with
    the spaces in play."""
    island = frozenset(hexes.parse(k) for k in state["island"])
    cells = shape_cells(shape)
    return list(_placements(island, tuple(terrains), tuple(cells) if cells is not None else None))


@lru_cache(maxsize=64)
def _placements(island: frozenset[hexes.Coord], terrains: tuple[str, ...], shape: Placement | None) -> tuple[Placement, ...]:
    # Cached: the pages and the recorder ask expected() of the same state several times.
    if shape is not None and len(shape) == 3:
        return tuple(sorted(hexes.shape_placements(shape, island, 3)))
    if len(terrains) != 3:
        return ()
    arrangements = sorted(set(permutations(terrains)))
    found = [
        tuple((q, r, t) for (q, r), t in zip(triple, arrangement, strict=True))
        for triple in hexes.triples_touching(island, 3)
        for arrangement in arrangements
    ]
    return tuple(sorted(found))


def destinations(state: State, name: str) -> list[hexes.Coord]:
    """The spaces the Explorer may end on (IP-C15..C17): within 3 moves, not a Lake or a
    Wondrous Lake, empty; its own space (a move of 0) unless the table checks it too."""
    start = explorer(state, name)
    if start is None:
        return []
    check_stay = state["options"]["zero_move_end_check"]
    out = []
    for c in reachable_from(state, start):
        space = space_at(state, c)
        if space is None or blocked(space):
            continue
        if c == start and not check_stay:
            out.append(c)
        elif not emptiness_problems(state, c, name):
            out.append(c)
    return sorted(out)


def observe_options(state: State, name: str) -> dict[str, list[Any]] | None:
    """The kinds that may be placed on the Explorer's space and how many (1 to 3, as held)."""
    if state["options"]["observation"] == "off" or state["post_action"] is not None:
        return None
    spot = explorer(state, name)
    space = space_at(state, spot) if spot is not None else None
    if space is None or blocked(space):
        return None
    reserve = state["players"][name]["reserve"]
    if space["t"] == PORTAL:
        kinds = [kind for kind in KINDS if reserve[kind] > 0]
    elif space["t"] in KIND_OF and reserve[KIND_OF[space["t"]]] > 0:
        kinds = [KIND_OF[space["t"]]]
    else:
        kinds = []
    if not kinds:
        return None
    # The counts every offered kind allows, so that no offered pair is refused (IP-C22).
    most = min(3, min(reserve[kind] for kind in kinds))
    return {"kind": kinds, "count": list(range(1, most + 1))}


def lake_options(state: State, name: str) -> dict[str, list[Any]] | None:
    """The player's Wondrous Lake tiles still on the board and the uncovered Lakes to put one on."""
    if state["post_action"] is not None:
        return None
    domains = list(state["players"][name]["wl_on_board"])
    if not domains:
        return None
    lakes = sorted(
        hexes.parse(k) for k, space in state["island"].items() if space["t"] == LAKE and space.get("wl") is None
    )
    opts = state["options"]
    if not lakes and opts["wondrous_lake"] == "pub_v1" and not opts["wl_adds_hexes"]:
        return None
    return {"domain": domains, "at": [[{"q": q, "r": r}] for q, r in lakes]}
