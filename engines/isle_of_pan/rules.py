"""Legality checks IP-C02..IP-C30 (IP-C01 and IP-C04 are judged at set-up, in ``profile``;
a board file's own problems IP-B01..IP-B10 in ``board``).

Guards run in a fixed order and the first that fails is the only answer:

1. unknown event type                          -> ``event/unknown-type``
2. game over                                   -> IP-C26
3. an actor who is not a player                -> IP-C05
4. table events (``starting_tile_declared``, ``tile_revealed``, ``score_token_set``,
   ``fantastic_beast_appeared``): anyone at the table may record them; their own rules
   follow (set-up order IP-C02 first)
5. player actions before the set-up is complete -> IP-C02
6. not this player's turn                      -> IP-C05 (the next seat's ``tile_taken`` after
   the current player's move is judged on the state with that turn closed; it is
   IP-C26 when that turn is the game's last)
7. step order                                  -> IP-C06, IP-C08 (a second tile), IP-C19 (a
   second move, or ending the turn without one)

then the rules of that event type, which may report several violations at once.
Checks that need data the rulebook lacks report ``unverified`` on the accepted event.
A reveal on a board is judged on the face the board fills in (``board.revealed_face``),
its board checks (IP-C30, IP-C29, ``declared/conflict``) after the reveal's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.base import Severity, State, Violation
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
from engines.isle_of_pan.effects import closed_preview
from engines.isle_of_pan.schemas import EVENT_SCHEMAS
from engines.isle_of_pan.state import (
    MOVE,
    PLACE,
    POST,
    TAKE,
    actor_of,
    blocked,
    cells_of,
    closing_ends_game,
    coord_of,
    emptiness_problems,
    explorer,
    face_up,
    next_seat,
    reachable_from,
    setup_complete,
    slot_tile,
    space_at,
)
from engines.isle_of_pan.tiles import (
    KIND_OF,
    KINDS,
    LAKE,
    PORTAL,
    SLOTS,
    TURNS_EACH,
    kind_name,
    multiset,
    portal_count,
    shape_cells,
    terrain_name,
    tile_label,
)

PLAYERS_RULE = "Setup: 1. Number of players"
START_RULE = "Setup: 2. Put the Starting Tile in the centre of the table"
SHUFFLE_RULE = "Setup: 3. Shuffle the Landscape tiles"
EXPLORERS_RULE = "Setup: 6. Explorers"
PLAY = "The Play"
STEP1 = "The Play: step 1"
STEP2 = "The Play: step 2"
STEP3 = "The Play: step 3"
STEP4 = "The Play: step 4"
LIMITS = "Movement Limitations"
PORTALS = "Magical Portals"
ENDGAME = "Endgame"
STEP5 = "The Play: step 5 (published game; not in this rulebook)"
WL_PLACEMENT = "Wondrous Lake tiles (published game; placement not in this rulebook)"
TRACK = "Setup: 4. Each player takes (score board and tokens)"
BEASTS = "Objective: fantastic beasts (conditions not in this rulebook)"

# The rulebook's words on placement, quoted whole in IP-C14's message.
PLACEMENT_SENTENCE = "At least 3 sides of your Landscape tile should be adjacent to one or more Landscape tiles already in play."

TABLE_EVENTS = frozenset({"starting_tile_declared", "tile_revealed", "score_token_set", "fantastic_beast_appeared"})

Check = Callable[[State, str, Mapping[str, Any]], list[Violation]]


def check_event(state: State, event_type: str, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """Every violation of the event against the rules, in the documented guard order."""
    specific = _SPECIFIC.get(event_type)
    if specific is None:
        return [Violation("event/unknown-type", PLAY, f"The Isle of Pan has no event type {event_type!r}")]
    # IP-C26: "The game ends when each player has played 9 turns".
    if state["game_over"]:
        return [Violation("IP-C26", ENDGAME, f"The game is over ({TURNS_EACH} turns each); no {event_type} can follow")]
    # IP-C05: only the players at the table act.
    if actor is not None and actor not in state["players"]:
        return [Violation("IP-C05", PLAY, f"{actor!r} is not a player in this game")]
    who = actor_of(state, actor)
    if event_type in TABLE_EVENTS:
        early = _table_order(state, event_type)
        return early or specific(state, who, data)
    # IP-C02: the Starting Tile and the first 3 face-up tiles come before any turn.
    if not setup_complete(state):
        return [_setup_incomplete(state, event_type)]
    judged = state
    if who != state["current"]:
        guard, judged = _other_player(state, event_type, who)
    else:
        guard = _order(state, event_type, who)
    return guard or specific(judged, who, data)


def _setup_incomplete(state: State, event_type: str) -> Violation:
    if state["start"] is None:
        missing = "the Starting Tile is not declared yet"
    else:
        missing = f"{state['reveals']} of the first {len(SLOTS)} tiles are face up"
    return Violation("IP-C02", SHUFFLE_RULE, f"The set-up is not complete ({missing}); no {event_type} yet")


def _table_order(state: State, event_type: str) -> list[Violation]:
    # IP-C02: the table declares the Starting Tile first, then turns up 3 tiles, then plays.
    if event_type != "starting_tile_declared" and state["start"] is None:
        return [Violation("IP-C02", START_RULE, f"Declare the Starting Tile before any {event_type}")]
    if event_type in ("score_token_set", "fantastic_beast_appeared") and not setup_complete(state):
        return [_setup_incomplete(state, event_type)]
    return []


def _other_player(state: State, event_type: str, who: str) -> tuple[list[Violation], State]:
    """A player acting in someone else's turn: only the next seat's tile, once the current
    player has moved, which closes that turn (judged on the closed state)."""
    current = state["current"]
    if event_type == "tile_taken" and state["turn_step"] == POST and who == next_seat(state, current):
        # IP-C26: the last turn ends the game; nobody takes a tile after it.
        if closing_ends_game(state):
            message = f"{current}'s turn is the game's last ({TURNS_EACH} turns each): no tile is taken after it"
            return [Violation("IP-C26", ENDGAME, message)], state
        return [], closed_preview(state)
    # IP-C05: "The youngest player starts and the others take turns, going clockwise."
    step = state["turn_step"]
    return [Violation("IP-C05", PLAY, f"It is {current}'s turn (next: {_NEXT[step]}), not {who}'s")], state


_NEXT = {
    TAKE: "take a tile",
    PLACE: "place the tile",
    MOVE: "move the Explorer",
    POST: "place animals or end the turn",
}


def _order(state: State, event_type: str, who: str) -> list[Violation]:
    """IP-C06 "in this order", IP-C08 one tile, IP-C19 one move (0 allowed)."""
    step = state["turn_step"]
    if event_type == "tile_taken" and step != TAKE:
        taken = state["taken"]
        where = f" (from {taken['display_id']})" if taken else ""
        # IP-C08: "Pick a Landscape tile" -- one per turn.
        return [Violation("IP-C08", STEP1, f"{who} already took a tile this turn{where}")]
    if event_type == "tile_placed" and step != PLACE:
        if step == TAKE:
            return [Violation("IP-C06", PLAY, f"{who} must take a tile (step 1) before placing one (step 3)")]
        return [Violation("IP-C06", PLAY, f"{who}'s tile is already placed this turn; next: {_NEXT[step]}")]
    if event_type == "explorer_moved" and step != MOVE:
        if step == POST:
            # IP-C19: step 4 is one move of 0 to 3 spaces.
            return [Violation("IP-C19", STEP4, f"{who}'s Explorer has already moved this turn")]
        return [Violation("IP-C06", PLAY, f"{who} must {_NEXT[step]} before moving the Explorer (step 4)")]
    if event_type in ("animals_observed", "wondrous_lake_placed") and step != POST:
        return [Violation("IP-C06", PLAY, f"{who} must {_NEXT[step]} first; this comes after the Explorer's move")]
    if event_type == "end_turn" and step != POST:
        if step == MOVE:
            message = f"{who}'s Explorer has not moved yet: record its move (0 spaces if it stays)"
            return [Violation("IP-C19", STEP4, message)]
        return [Violation("IP-C06", PLAY, f"{who}'s turn is not finished: {_NEXT[step]} first")]
    return []


# -- set-up and the display -------------------------------------------------------------


def _check_start(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
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


def _check_revealed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
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


# -- the turn ---------------------------------------------------------------------------


def _check_taken(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
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


def _check_placed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
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


def _check_moved(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
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
        out.append(Violation("IP-C16", LIMITS, f"Explorer of {who} cannot end on the {_blocker(space)} at {hexes.label(to)}"))
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


def _blocker(space: Mapping[str, Any]) -> str:
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
            out.append(Violation("IP-C16", LIMITS, f"Explorer of {who} cannot cross the {_blocker(space)} at {hexes.label(c)}"))
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


# -- after the move (the published game's step 5) ---------------------------------------


def _post_severity(state: State) -> Severity:
    return "error" if state["options"]["observation"] == "pub_v1" else "warning"


def _one_post_action(state: State, who: str) -> list[Violation]:
    # IP-C23 [PUB]: after moving, *either* place animals *or* create a Wondrous Lake.
    done = state["post_action"]
    if done is None:
        return []
    what = "placed animals" if done == "observe" else "played a Wondrous Lake tile"
    message = f"{who} already {what} this turn: one action after the move, animals or a Wondrous Lake"
    return [Violation("IP-C23", STEP5, message, _post_severity(state))]


def _check_observed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    if state["options"]["observation"] == "off":
        message = "This table plays without the observation step (option observation: off)"
        return [Violation("IP-C23", STEP5, message)]
    severity = _post_severity(state)
    out = _one_post_action(state, who)
    kind, count = data.get("kind"), data.get("count")
    spot = explorer(state, who)
    space = space_at(state, spot) if spot is not None else None
    # IP-C20 [PUB]: animals match the domain they are placed on ("des herbivores sur une prairie").
    if space is None or spot is None:
        out.append(Violation("IP-C20", STEP5, f"The Explorer of {who} stands on no space of the island"))
    elif space["t"] == PORTAL:
        message = f"{who}'s Explorer stands on a Magical Portal at {hexes.label(spot)}: which animals it takes is not confirmed"
        out.append(Violation("IP-C20", STEP5, message, "unverified"))
    elif space["t"] not in KIND_OF or blocked(space):
        out.append(Violation("IP-C20", STEP5, f"No animal can be placed on the {_blocker(space)} at {hexes.label(spot)}", severity))
    elif KIND_OF[space["t"]] != kind:
        wanted = KIND_OF[space["t"]]
        message = (
            f"{who}'s Explorer stands on a {terrain_name(space['t'])} at {hexes.label(spot)}: "
            f"only {kind_name(wanted, 2)} go there, not {kind_name(kind, 2)}"
        )
        out.append(Violation("IP-C20", STEP5, message, severity))
    # IP-C21 [PUB]: "de 1 à 3 animaux".  Fewer than one is no observation at all, whatever
    # the profile: it would move animals back into the reserve.
    if not isinstance(count, int) or count < 1:
        out.append(Violation("IP-C21", STEP5, f"1 to 3 animals are placed at a time, not {count}"))
    elif count > 3:
        out.append(Violation("IP-C21", STEP5, f"1 to 3 animals are placed at a time, not {count}", severity))
    # IP-C22: the animals come from the player's own reserve (checked for any count, even one
    # the profile lets past IP-C21).
    if isinstance(count, int) and count > 0 and kind in KINDS:
        held = state["players"][who]["reserve"][kind]
        if held < count:
            message = f"{who} has {held} {kind_name(kind, held)} in reserve, not {count}"
            out.append(Violation("IP-C22", STEP2, message))
    if isinstance(count, int) and count > 0 and kind in KINDS:
        position = state["players"][who]["track"][kind] + count * state["options"]["points_per_animal"]
        out += _track_check(state, who, kind, position)
    return out


def _track_check(state: State, who: str, kind: Any, position: int) -> list[Violation]:
    """IP-C28: the token stays on the printed track, when the table declared it
    (``track_values``); the rulebook gives neither its length nor its values."""
    values = state["options"].get("track_values")
    if values is None:
        message = (f"The score track's length is not in the rulebook: cannot confirm {who}'s "
                   f"{kind_name(kind)} token fits at {position}")
        return [Violation("IP-C28", TRACK, message, "unverified")]
    if position >= len(values):
        message = f"{who}'s {kind_name(kind)} token would pass the end of the track ({len(values)} spaces) at {position}"
        return [Violation("IP-C28", TRACK, message)]
    return []


def _check_wondrous_lake(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = _one_post_action(state, who)
    domain = data.get("domain")
    # IP-C24: "Wondrous Lake tiles still on your score board".
    if domain not in state["players"][who]["wl_on_board"]:
        name = terrain_name(domain)
        out.append(Violation("IP-C24", ENDGAME, f"{who}'s {name} Wondrous Lake tile is no longer on the score board"))
    spots = [coord_of(v) for v in data.get("at") or []]
    # IP-C25 [GAP]: where a Wondrous Lake tile goes.
    if not spots or any(c is None for c in spots):
        out.append(Violation("IP-C25", WL_PLACEMENT, "Name the space(s) the Wondrous Lake tile covers"))
        return out
    coords = [c for c in spots if c is not None]
    if state["options"]["wondrous_lake"] == "declared_only":
        message = "The Wondrous Lake's position is declared, not judged (option wondrous_lake: declared_only)"
        return [*out, Violation("IP-C25", WL_PLACEMENT, message, "unverified")]
    problems = _lake_problems(state, coords)
    out += [Violation("IP-C25", WL_PLACEMENT, message) for message in problems]
    if not problems:
        message = "The rulebook gives no placement rule for Wondrous Lake tiles: an uncovered Lake, as the published game is described"
        out.append(Violation("IP-C25", WL_PLACEMENT, message, "unverified"))
    return out


def _lake_problems(state: State, coords: list[hexes.Coord]) -> list[str]:
    out: list[str] = []
    twice = sorted({c for c in coords if coords.count(c) > 1})
    if twice:
        out.append(f"{', '.join(map(hexes.label, twice))} is named twice")
    island = {hexes.parse(k) for k in state["island"]}
    for c in dict.fromkeys(coords):
        space = space_at(state, c)
        if space is None:
            if not (state["options"]["wl_adds_hexes"] and any(n in island for n in hexes.neighbours(c))):
                out.append(f"{hexes.label(c)} is not a space of the island")
        elif space.get("wl") is not None:
            owner = space["wl"]
            out.append(f"{hexes.label(c)} is already covered by {owner.get('player')}'s Wondrous Lake")
        elif space["t"] != LAKE:
            out.append(f"{hexes.label(c)} is a {terrain_name(space['t'])}, not a Lake")
    return out


def _check_end_turn(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    # IP-C27: "... and when there are only 2 tiles left face up."
    if not closing_ends_game(state):
        return []
    up, pile = len(face_up(state)), state["pile_remaining"]
    if up == 2 and pile == 0:
        return []
    message = (
        f"The game ends after {TURNS_EACH} turns each, but {up} tile{'s' if up != 1 else ''} "
        f"{'are' if up != 1 else 'is'} face up and {pile} left in the pile (the rulebook: only 2 face up)"
    )
    return [Violation("IP-C27", ENDGAME, message, "warning")]


# -- the table's declarations -----------------------------------------------------------


def _check_score_set(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    player, kind, position = data.get("player"), data.get("kind"), data.get("position")
    if player not in state["players"]:
        return [Violation("IP-C05", PLAY, f"{player!r} is not a player in this game")]
    if not isinstance(position, int) or position < 0:
        # IP-C28: tokens start "on the 0 of the score board" and never go below it.
        return [Violation("IP-C28", TRACK, f"A score token cannot stand below 0 ({position})")]
    return _track_check(state, str(player), kind, position)


def _check_beast(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    at = coord_of(data.get("at"))
    space = space_at(state, at) if at is not None else None
    # IP-G7 (gap G7): a beast stands on a space of the island, one to a space.
    if space is None:
        out.append(Violation("IP-G7", BEASTS, f"{hexes.label(at) if at else '?'} is not a space of the island"))
    elif space.get("beast"):
        out.append(Violation("IP-G7", BEASTS, f"{hexes.label(at) if at else '?'} already holds {space['beast']}"))
    player, kind, points = data.get("player"), data.get("kind"), data.get("points")
    if player is not None and player not in state["players"]:
        out.append(Violation("IP-C05", PLAY, f"{player!r} is not a player in this game"))
    if points is not None and (player is None or kind is None):
        out.append(Violation("IP-G7", BEASTS, "A beast's points need the player and the kind of track they go on"))
    message = "The rulebook gives no condition for a Fantastic Beast to appear: declared by the table"
    out.append(Violation("IP-G7", BEASTS, message, "unverified"))
    if isinstance(points, int) and player in state["players"] and kind in KINDS:
        position = state["players"][player]["track"][kind] + points
        if position < 0:
            out.append(Violation("IP-C28", TRACK, f"{player}'s {kind_name(kind)} token would stand below 0 ({position})"))
        else:
            out += _track_check(state, str(player), kind, position)
    return out


_SPECIFIC: dict[str, Check] = {
    "starting_tile_declared": _check_start,
    "tile_revealed": _check_revealed,
    "tile_taken": _check_taken,
    "tile_placed": _check_placed,
    "explorer_moved": _check_moved,
    "animals_observed": _check_observed,
    "wondrous_lake_placed": _check_wondrous_lake,
    "fantastic_beast_appeared": _check_beast,
    "score_token_set": _check_score_set,
    "end_turn": _check_end_turn,
}
assert set(_SPECIFIC) == set(EVENT_SCHEMAS)
