"""The state of a game (plain JSON data), how to build it, copy it and ask it simple questions.

State::

    {"seats": [name, ...],                         # clockwise seat order
     "players": {name: {"explorer": [q, r] | None,  # None until the Starting Tile is declared
                        "reserve": {kind: int},     # animals taken, not yet placed
                        "track": {kind: int},       # score-token positions (start at 0)
                        "wl_on_board": [domain],    # Wondrous Lake tiles still on the score board
                        "turns_taken": int}},
     "options": {...resolved rules profile...},
     "tile_count": int,                             # T, Landscape tiles in play (default 9N + 2)
     "start": None | {"central": [q, r], "spaces": int},
     "island": {"q,r": {"t": terrain,               # MOUNTAIN | DESERT | PLAIN | LAKE | PORTAL
                        "tile": "S" | "T<n>" | "W", # Starting Tile, n-th placed tile, Wondrous Lake hex
                        "animals": {kind: int},     # tokens observed there (kinds with none left out)
                        "wl": None | {"player": name, "domain": domain},
                        "beast": None | str}},
     "placed": [{"ref": "T<n>", "by": name, "turn": int, "display_id": str | None,
                 "cells": [[q, r, t] x 3], "shared_sides": int}],
     "display": [{"id": "D1" | "D2" | "D3", "tile": None | {"terrains": [t x 3],
                  "shape": [{"dq", "dr", "t"} x 3] | None, "marker": 3 | 4 | "none" | None,
                  "tile_id": str | None}}],
     "reveals": int, "pile_remaining": int,          # tiles turned face up so far; T - reveals
     "refill_slot": None | "D2",                     # emptied by a take, waiting for its refill
     "current": name, "turns_done": int,             # turns closed so far, all players
     "turn_step": "TAKE" | "PLACE" | "MOVE" | "POST",
     "taken": None | {"display_id", "terrains", "shape", "marker", "tile_id", "by"},
     "post_action": None | "observe" | "wondrous_lake",
     "last_move": None | {"player", "from": [q, r], "to": [q, r], "steps": int | None},
     "tile_ids": {tile_id: step},                    # declared tile ids, to catch a second reveal
     "beasts": [{"at": [q, r], "player", "kind", "points", "beast", "step"}],
     "score_sets": [{"step", "player", "kind", "derived", "position", "reason"}],
     "game_over": bool, "end": None | {"face_up": int, "pile": int},
     "step": int,                                    # events folded so far
     "setup_flags": [violation dict, ...],
     # Added with the board file; read with a default (states cached before lack them):
     "revealed": [{"tile_id", "terrains", "shape", "marker",   # every tile turned face up, as shown
                   "at": "D2" | "hand" | "T<n>" | None}],     # where it is now (None: lost by an override)
                 # absent in a state folded from a snapshot older than the key: then it stays absent
     # Only in a game recorded on a board (``board.lay``); absent otherwise:
     "board": {"tiles": {id: {"terrains", "shape", "marker"}}, "ids": [id, ...], "complete": bool},
     "declared": {key: {"value", "at", "label"}}}      # the registry (engines.declared), board facts first
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import State, Violation, json_copy
from engines.isle_of_pan import hexes
from engines.isle_of_pan.hexes import Coord
from engines.isle_of_pan.tiles import DOMAINS, KINDS, LAKE, PORTAL, SLOTS, TURNS_EACH

TAKE = "TAKE"
PLACE = "PLACE"
MOVE = "MOVE"
POST = "POST"

OBSERVE = "observe"
WONDROUS_LAKE = "wondrous_lake"


def new_state(players: Sequence[str], opts: Mapping[str, Any], tile_count: int, flags: Sequence[Violation]) -> State:
    """The table before anything is declared: empty reserves, tokens on 0, three Wondrous
    Lake tiles each, the display empty and the whole pile face down."""
    first = opts["first_player"] if opts["first_player"] is not None else players[0]
    return {
        "seats": list(players),
        "players": {
            name: {
                "explorer": None,
                "reserve": {kind: 0 for kind in KINDS},
                "track": {kind: 0 for kind in KINDS},
                "wl_on_board": list(DOMAINS),
                "turns_taken": 0,
            }
            for name in players
        },
        "options": json_copy(dict(opts)),
        "tile_count": tile_count,
        "start": None,
        "island": {},
        "placed": [],
        "display": [{"id": slot, "tile": None} for slot in SLOTS],
        "reveals": 0,
        "pile_remaining": tile_count,
        "refill_slot": None,
        "current": first,
        "turns_done": 0,
        "turn_step": TAKE,
        "taken": None,
        "post_action": None,
        "last_move": None,
        "tile_ids": {},
        "beasts": [],
        "score_sets": [],
        "game_over": False,
        "end": None,
        "step": 0,
        "setup_flags": [flag.to_dict() for flag in flags],
        "revealed": [],
    }


def next_state(state: State) -> State:
    """A copy of ``state`` that ``apply`` may change, sharing what it never changes.

    Spaces, placed-tile records, revealed tiles and the options are never edited in
    place (``touch_space`` copies a space before a change), so the containers are
    copied and their entries shared: a fold step costs the size of the island's index,
    not of the whole table.
    """
    new = dict(state)
    new["players"] = {
        name: {
            **player,
            "reserve": dict(player["reserve"]),
            "track": dict(player["track"]),
            "wl_on_board": list(player["wl_on_board"]),
        }
        for name, player in state["players"].items()
    }
    new["island"] = dict(state["island"])
    new["placed"] = list(state["placed"])
    new["display"] = [dict(slot) for slot in state["display"]]
    new["tile_ids"] = dict(state["tile_ids"])
    new["beasts"] = list(state["beasts"])
    new["score_sets"] = list(state["score_sets"])
    if state.get("revealed") is not None:
        new["revealed"] = list(state["revealed"])
    return new


def touch_space(new: State, at: str) -> dict[str, Any]:
    """The space at key ``at`` of a state made by ``next_state``, copied so it may be changed."""
    space = dict(new["island"][at])
    space["animals"] = dict(space["animals"])
    new["island"][at] = space
    return space


def new_space(terrain: str, tile: str) -> dict[str, Any]:
    return {"t": terrain, "tile": tile, "animals": {}, "wl": None, "beast": None}


def lay_starting_tile(new: State, spaces: Any, central: Any) -> None:
    """The Starting Tile's spaces join the island and the Explorers go on its central space
    [RB Setup 2 and 6], whether an event declares it or the board the game is recorded on
    holds it.  A second Starting Tile (overridden) only adds spaces that are not there yet."""
    for cell in cells_of(spaces) or []:
        at = hexes.key((cell[0], cell[1]))
        if at not in new["island"]:
            new["island"][at] = new_space(cell[2], "S")
    middle = coord_of(central)
    if new["start"] is None and middle is not None:
        new["start"] = {"central": list(middle), "spaces": len(spaces or [])}
        for player in new["players"].values():
            player["explorer"] = list(middle)


# -- questions --------------------------------------------------------------------------


def setup_complete(state: State) -> bool:
    """Whether the Starting Tile is declared and the opening three tiles are face up."""
    return state["start"] is not None and state["reveals"] >= len(SLOTS)


def face_up(state: State) -> list[str]:
    """The display slots holding a tile, in slot order."""
    return [slot["id"] for slot in state["display"] if slot["tile"] is not None]


def slot_tile(state: State, slot_id: Any) -> dict[str, Any] | None:
    for slot in state["display"]:
        if slot["id"] == slot_id:
            tile = slot["tile"]
            return tile if isinstance(tile, dict) else None
    return None


def terrain_of(state: State) -> dict[Coord, str]:
    """Every space in play and its terrain."""
    return {hexes.parse(k): space["t"] for k, space in state["island"].items()}


def group_terrains(state: State) -> dict[Coord, str]:
    """Every space in play as Domain Groups see it: a Wondrous Lake space is a Lake [RB
    "Lake or Wondrous Lake spaces"], never the Domain it may cover."""
    return {hexes.parse(k): LAKE if space.get("wl") is not None else space["t"] for k, space in state["island"].items()}


def space_at(state: State, c: Coord) -> dict[str, Any] | None:
    space = state["island"].get(hexes.key(c))
    return space if isinstance(space, dict) else None


def blocked(space: Mapping[str, Any]) -> bool:
    """[RB] "Explorers can neither cross nor land on Lake or Wondrous Lake spaces"."""
    return space["t"] == LAKE or space.get("wl") is not None


def passable(state: State) -> set[Coord]:
    return {hexes.parse(k) for k, space in state["island"].items() if not blocked(space)}


def portals(state: State) -> set[Coord]:
    return {hexes.parse(k) for k, space in state["island"].items() if space["t"] == PORTAL and not blocked(space)}


def explorer(state: State, name: str) -> Coord | None:
    player = state["players"].get(name)
    spot = player.get("explorer") if isinstance(player, dict) else None
    if isinstance(spot, list) and len(spot) == 2:
        return (int(spot[0]), int(spot[1]))
    return None


def reachable_from(state: State, start: Coord) -> dict[Coord, int]:
    """Moves needed to reach each space within 3 (the movement graph, §1.3.4)."""
    return hexes.reachable(start, passable(state), portals(state), 3)


def occupants(state: State, c: Coord, mover: str) -> list[str]:
    """The other players whose Explorer stands on ``c``."""
    return [name for name in state["seats"] if name != mover and explorer(state, name) == c]


def emptiness_problems(state: State, c: Coord, mover: str) -> list[str]:
    """What keeps ``c`` from being an empty space for ``mover``: animals, Explorers, a beast."""
    space = space_at(state, c)
    if space is None:
        return []
    out = []
    animals = sum(space["animals"].values())
    if animals:
        out.append(f"{animals} animal token{'s' if animals != 1 else ''}")
    others = occupants(state, c, mover)
    if others:
        out.append(f"the Explorer of {' and '.join(others)}")
    if space.get("beast"):
        out.append(f"a Fantastic Beast ({space['beast']})")
    return out


def next_seat(state: State, name: str) -> str:
    seats: list[str] = state["seats"]
    index = seats.index(name) if name in seats else -1
    return seats[(index + 1) % len(seats)]


def take_closes_turn(state: State, who: str) -> bool:
    """Whether ``who`` taking a tile now closes the current player's turn: the next seat,
    once the current player has moved (no ``end_turn`` needed)."""
    current = state["current"]
    return who != current and state["turn_step"] == POST and who == next_seat(state, current)


def closing_ends_game(state: State) -> bool:
    """Whether closing the current turn gives every player their 9 turns."""
    current = state["current"]
    return all(
        player["turns_taken"] + (1 if name == current else 0) >= TURNS_EACH for name, player in state["players"].items()
    )


def largest_groups(state: State) -> dict[str, int]:
    """The size of the largest Domain Group of each domain on the island now.  A space under
    a Wondrous Lake tile is a Wondrous Lake space, in no Domain Group, whatever lies beneath
    (a Lake under ``wondrous_lake="pub_v1"``; any space under ``declared_only``)."""
    terrains = group_terrains(state)
    wildcard = PORTAL if state["options"]["portal_in_domain_groups"] else None
    return {domain: hexes.largest_group(terrains, domain, wildcard) for domain in DOMAINS}


def actor_of(state: State, actor: str | None) -> str:
    """Who acts: the named player, or the current one when the event names nobody."""
    return actor if actor is not None else str(state["current"])


def coord_of(value: Any) -> Coord | None:
    """``{q, r}`` (or ``[q, r]``) as a coordinate; None when it is not one."""
    try:
        if isinstance(value, Mapping):
            return (int(value["q"]), int(value["r"]))
        if isinstance(value, (list, tuple)) and len(value) >= 2:
            return (int(value[0]), int(value[1]))
    except (KeyError, TypeError, ValueError):
        return None
    return None


def cells_of(value: Any) -> list[tuple[int, int, str]] | None:
    """``[{q, r, t}]`` as cells; None when any is unreadable."""
    if not isinstance(value, list):
        return None
    out = []
    for cell in value:
        c = coord_of(cell)
        if c is None or not isinstance(cell, Mapping) or "t" not in cell:
            return None
        out.append((c[0], c[1], str(cell["t"])))
    return out
