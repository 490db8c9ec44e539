"""Folding events into state, with every derived effect, and never judging them: one
fold per event type (``apply_*``, each named once in ``events.EVENT_RULES``), changing
the state the engine copied for it.  ``IsleOfPan.fold`` counts the step and names the
actor before it calls them.

Each fold is total: any event whose data has the right shape folds into something
sensible even when the rules forbid it (the table may have overridden a rule, and the
stored fact must still fold).  The choices it makes for illegal events are listed in
the package docstring ("Folding illegal events").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State
from engines.declared import declare
from engines.isle_of_pan import hexes
from engines.isle_of_pan.board import reveal_facts, revealed_face, start_facts
from engines.isle_of_pan.state import (
    MOVE,
    OBSERVE,
    PLACE,
    POST,
    TAKE,
    WONDROUS_LAKE,
    cells_of,
    coord_of,
    explorer,
    lay_starting_tile,
    new_space,
    next_seat,
    next_state,
    reachable_from,
    take_closes_turn,
    touch_space,
)
from engines.isle_of_pan.tiles import DOMAINS, KINDS, LAKE, SLOTS, TURNS_EACH, gains, shape_cells

# -- set-up and the display -------------------------------------------------------------


def apply_start(new: State, who: str, data: Mapping[str, Any]) -> None:
    """The Starting Tile's spaces join the island; the Explorers go on its central space.
    A second declaration (overridden, or confirming the board's) only adds spaces that are
    not there yet.  On a board, the declaration's facts join the registry."""
    lay_starting_tile(new, data.get("spaces"), data.get("central"))
    if new.get("declared") is not None:
        new["declared"] = declare(new["declared"], start_facts(data), new["step"])


def apply_revealed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """A tile from the pile, face up: into the slot named (if empty), else the slot waiting
    for its refill, else the first empty one, else a new slot (an overridden extra tile).
    A tile of the board named by its id shows the board's face where the event is silent;
    the reveal log keeps the face, and on a board the parts spelled out join the registry."""
    slots = new["display"]
    wanted = data.get("display_id")
    empty = [slot for slot in slots if slot["tile"] is None]
    target = next((slot for slot in empty if slot["id"] == wanted), None)
    if target is None and new["refill_slot"] is not None:
        target = next((slot for slot in empty if slot["id"] == new["refill_slot"]), None)
    if target is None and empty:
        target = empty[0]
    if target is None:
        target = {"id": _spare_slot_id(slots), "tile": None}
        slots.append(target)
    face = revealed_face(new, data)
    shape = shape_cells(face["shape"])
    target["tile"] = {
        "terrains": [str(t) for t in face["terrains"] or []],
        "shape": [{"dq": q, "dr": r, "t": t} for q, r, t in shape] if shape is not None else None,
        "marker": face["marker"],
        "tile_id": face["tile_id"],
    }
    if target["id"] == new["refill_slot"]:
        new["refill_slot"] = None
    new["reveals"] += 1
    new["pile_remaining"] = max(0, new["pile_remaining"] - 1)
    tile_id = data.get("tile_id")
    if isinstance(tile_id, str) and tile_id not in new["tile_ids"]:
        new["tile_ids"][tile_id] = new["step"]
    if new.get("revealed") is not None:
        new["revealed"].append({**target["tile"], "at": target["id"]})
    if new.get("declared") is not None:
        new["declared"] = declare(new["declared"], reveal_facts(data), new["step"])


def _log_moves(new: State, origin: Any, to: Any) -> None:
    """The reveal log follows a tile: from its place to the hand, from the hand onto the
    island (``T<n>``).  A tile that was already where it goes is lost by an override."""
    log = new.get("revealed")
    if log is None:
        return
    for index, entry in enumerate(log):
        if entry.get("at") == to:
            log[index] = {**entry, "at": None}
    for index, entry in enumerate(log):
        if entry.get("at") == origin:
            log[index] = {**entry, "at": to}
            return


def _spare_slot_id(slots: list[dict[str, Any]]) -> str:
    taken = {slot["id"] for slot in slots}
    n = len(SLOTS) + 1
    while f"D{n}" in taken:
        n += 1
    return f"D{n}"


# -- the turn ---------------------------------------------------------------------------


def apply_taken(new: State, who: str, data: Mapping[str, Any]) -> None:
    """Step 1 and 2: the tile leaves the display (its slot waits for a refill while the pile
    lasts) and its animals go to the taker's reserve.  The next seat taking a tile after the
    current player's move closes that turn first."""
    if take_closes_turn(new, who):
        close_turn(new)
        if new["game_over"]:
            return
    slot_id = data.get("display_id")
    tile: dict[str, Any] = {"terrains": [], "shape": None, "marker": None, "tile_id": None}
    for slot in new["display"]:
        if slot["id"] == slot_id and slot["tile"] is not None:
            tile = slot["tile"]
            slot["tile"] = None
            if new["pile_remaining"] > 0 and new["refill_slot"] is None:
                new["refill_slot"] = slot_id
            _log_moves(new, slot_id, "hand")
            break
    reserve = new["players"][who]["reserve"]
    for kind, count in gains(tile["terrains"], list(data.get("portal_choices") or [])).items():
        reserve[kind] += count
    new["taken"] = {"display_id": slot_id, **tile, "by": who}
    new["turn_step"] = PLACE
    new["post_action"] = None


def apply_placed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """Step 3: the three spaces join the island (a cell on an occupied space is dropped)."""
    cells = cells_of(data.get("cells")) or []
    island = new["island"]
    before = {hexes.parse(k) for k in island}
    fresh = [(q, r, t) for q, r, t in cells if (q, r) not in before]
    ref = f"T{len(new['placed']) + 1}"
    for q, r, t in fresh:
        island[hexes.key((q, r))] = new_space(t, ref)
    taken = new["taken"]
    if taken is not None:
        _log_moves(new, "hand", ref)
    new["placed"].append(
        {
            "ref": ref,
            "by": who,
            "turn": new["turns_done"] + 1,
            "display_id": data.get("display_id", taken["display_id"] if taken else None),
            "cells": [[q, r, t] for q, r, t in fresh],
            "shared_sides": hexes.shared_edges([(q, r) for q, r, _ in fresh], before),
        }
    )
    new["taken"] = None
    new["turn_step"] = MOVE


def apply_moved(new: State, who: str, data: Mapping[str, Any]) -> None:
    """Step 4: the Explorer stands on ``to``."""
    to = coord_of(data.get("to"))
    if to is None:
        return
    start = explorer(new, who)
    steps = None
    if start is not None:
        steps = reachable_from(new, start).get(to)
    new["players"][who]["explorer"] = list(to)
    new["last_move"] = {"player": who, "from": list(start) if start else None, "to": list(to), "steps": steps}
    new["turn_step"] = POST


def apply_observed(new: State, who: str, data: Mapping[str, Any]) -> None:
    """[PUB] Animals from the reserve onto the Explorer's space; the track moves
    ``count × points_per_animal``.  The reserve never goes below 0."""
    kind = data.get("kind")
    count = data.get("count")
    if kind not in KINDS or not isinstance(count, int) or count < 1:
        return
    player = new["players"][who]
    player["reserve"][kind] = max(0, player["reserve"][kind] - count)
    player["track"][kind] += count * new["options"]["points_per_animal"]
    spot = explorer(new, who)
    if spot is not None and hexes.key(spot) in new["island"] and count > 0:
        space = touch_space(new, hexes.key(spot))
        space["animals"][kind] = space["animals"].get(kind, 0) + count
    new["post_action"] = OBSERVE


def apply_wondrous_lake(new: State, who: str, data: Mapping[str, Any]) -> None:
    """[PUB] The tile leaves the board (no more end bonus for it) and covers the given
    spaces; a coordinate off the island becomes a new Lake space under it."""
    domain = data.get("domain")
    board = new["players"][who]["wl_on_board"]
    if domain in board:
        board.remove(domain)
    for value in data.get("at") or []:
        c = coord_of(value)
        if c is None:
            continue
        at = hexes.key(c)
        if at not in new["island"]:
            new["island"][at] = new_space(LAKE, "W")
        space = touch_space(new, at)
        space["wl"] = {"player": who, "domain": domain if domain in DOMAINS else None}
    new["post_action"] = WONDROUS_LAKE


def apply_beast(new: State, who: str, data: Mapping[str, Any]) -> None:
    """A declared Fantastic Beast: its pawn on the space, and its points on a track if declared."""
    c = coord_of(data.get("at"))
    name = data.get("beast") or "Fantastic Beast"
    if c is not None and hexes.key(c) in new["island"]:
        touch_space(new, hexes.key(c))["beast"] = name
    player, kind, points = data.get("player"), data.get("kind"), data.get("points")
    new["beasts"].append(
        {"at": list(c) if c else None, "player": player, "kind": kind, "points": points, "beast": name, "step": new["step"]}
    )
    if player in new["players"] and kind in KINDS and isinstance(points, int):
        new["players"][player]["track"][kind] += points


def apply_score_set(new: State, who: str, data: Mapping[str, Any]) -> None:
    """The table's score token: the track takes the position given; the difference from the
    derived value is kept in ``score_sets``."""
    player, kind, position = data.get("player"), data.get("kind"), data.get("position")
    if player not in new["players"] or kind not in KINDS or not isinstance(position, int):
        return
    track = new["players"][player]["track"]
    new["score_sets"].append(
        {
            "step": new["step"],
            "player": player,
            "kind": kind,
            "derived": track[kind],
            "position": position,
            "reason": data.get("reason"),
        }
    )
    track[kind] = position


def apply_end_turn(new: State, who: str, data: Mapping[str, Any]) -> None:
    close_turn(new)


def close_turn(new: State) -> None:
    """The current player's turn is over: count it, then end the game after 9 turns each,
    else pass to the next seat clockwise.  Works on a state made by ``next_state``."""
    current = new["current"]
    if current in new["players"]:
        new["players"][current]["turns_taken"] += 1
    new["turns_done"] += 1
    new["turn_step"] = TAKE
    new["taken"] = None
    new["post_action"] = None
    if all(player["turns_taken"] >= TURNS_EACH for player in new["players"].values()):
        new["game_over"] = True
        new["end"] = {"face_up": sum(1 for slot in new["display"] if slot["tile"] is not None), "pile": new["pile_remaining"]}
        return
    new["current"] = next_seat(new, current)


def closed_preview(state: State) -> State:
    """The state as it would be once the current turn is closed (for judging the next
    seat's ``tile_taken``, which closes it implicitly)."""
    new = next_state(state)
    close_turn(new)
    return new

