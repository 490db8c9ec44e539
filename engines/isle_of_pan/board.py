"""The board file of The Isle of Pan: the Starting Tile and the Landscape tiles of one box.

The rulebook prints neither the Starting Tile's layout nor a single Landscape tile (gaps
G1, G2), so whoever owns a copy transcribes it once and every game recorded on that board
reuses it (``engines.base.BoardFile``; JSON Schema ``docs/formats/isle-of-pan-board-v1.schema.json``).
Every section is optional::

    {"starting_tile": {"spaces": [{q, r, t}, ...], "central": {q, r}},    # as starting_tile_declared
     "tiles": [{"id": "7",                       # the number the owner reads or writes on the tile
                "terrains": [t, t, t],           # MOUNTAIN | DESERT | PLAIN | LAKE | PORTAL
                "shape": [{dq, dr, t} x 3] | null,   # optional: its cells, relative to the first
                "marker": 3 | 4 | "none" | null},    # optional: [3], [4], no marker; null: not known
               ...],
     "complete": ["tiles"]}                      # optional: the list holds every tile of the box

What naming a board item does
-----------------------------
* **The Starting Tile** is laid by ``setup`` when the board holds it: its spaces are on the
  island and the Explorers on its central space before the first event, so nobody declares
  it.  A ``starting_tile_declared`` after that is a *confirmation*: the same spaces and
  central space are accepted and change nothing; anything else is ``declared/conflict``.
* **A Landscape tile** is revealed by its id: ``tile_revealed {"tile_id": "7"}`` (``display_id``
  optional as always).  ``apply`` fills in what the event leaves out (``terrains``, ``shape``,
  ``marker``) from the board, so the display, the hand and the placement checks see the whole
  face: IP-C03 (a marker discarded for this player count) and IP-C13 (the placement is the
  tile's shape, turned) become checkable.  What the event does spell out must agree with the
  board (``declared/conflict``: terrains as a multiset, the shape up to rotation, the marker).

Checks a board adds (codes in ``rules``): IP-C29 a tile not on the board (an id the board
lacks, given without the terrains to declare it, or any tile at all not on a board whose
``tiles`` are ``complete``), IP-C30 a tile id revealed a second time, IP-C03 from the board's
marker, ``declared/conflict`` for a face that contradicts the board's.  The file's own
problems are IP-B01..IP-B10 (``problems``).  ``expected()`` offers the ids still in the box
for this player count in ``options["tile_revealed"]["tile_id"]``; ``state["board"]["tiles"]``
holds each face for a picker to draw.

Decisions where the rulebook and the issue are silent
-----------------------------------------------------
* A marker is ``3``, ``4`` or ``"none"`` (the tile carries none); ``null`` or a missing marker
  means nobody said, and IP-C03 then stays ``unverified`` as it does without a board.  The
  word ``"none"`` is accepted by ``tile_revealed`` too, so a game without a board can say it.
* Ids are 1 to 20 letters, digits, ``.``, ``_`` or ``-`` ("7", "L07"), compared exactly
  ("07" is not "7").  An id names one physical tile: twice in a file is IP-B04.
* ``complete`` is the table's word that ``tiles`` lists the whole box; the engine never
  infers it (not even from a 4-player game that emptied the pile: the 38 tiles of the box are
  a published figure, not the rulebook's).  Without it a tile that is not on the board may
  still be revealed, spelled out, and joins the registry like a board tile.
* On a complete board an unnamed reveal must match some board tile not yet revealed by id
  (terrains, and shape and marker where both are known); unnamed reveals are not paired one
  to one with board tiles, since the engine cannot tell two alike tiles apart.
* No code checks a tile "for this round": the rulebook excludes tiles by player count only.
* The registry (``state["declared"]``, origin ``"board"``) and ``state["board"]`` exist only
  in a game recorded on a board, so a game without one keeps today's state and export.

What ``from_game`` claims
-------------------------
The Starting Tile as it lies (the island's Starting Tile spaces and the central space), and
every tile the game revealed, as it was shown: the board's tiles first (in the file's order,
a shape or marker the board lacked filled in from the game), then the tiles the game named by
an id the board lacks, then the tiles revealed without an id.  Those are **numbered** with the
smallest whole numbers, from 1, that no tile of the file or of the game uses, in the order the
game revealed them (the n-th unnamed reveal of the game's log gets the n-th free number).  A
tile revealed without a shape and then laid on three joined spaces with its terrains gets the
shape it was laid in.  A reveal that cannot be a tile (not three terrains, an override) is left
out; so is a Starting Tile that breaks its rules.  ``complete`` is claimed only when the game's
own board claimed it.  On a board, an unnamed reveal that matches a board tile not revealed by
id is taken to be that tile (the first such in the file's order) and adds nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from engines.base import BoardFile, BoardProblem, State, json_copy
from engines.declared import Fact, declare
from engines.isle_of_pan import hexes
from engines.isle_of_pan.schemas import ShapeCellSchema, StartingTileDeclaredSchema, marker_field
from engines.isle_of_pan.state import cells_of, coord_of, lay_starting_tile
from engines.isle_of_pan.tiles import LAKE, MARKERS, NO_MARKER, TERRAINS, multiset, shape_cells, tile_label

ORIGIN = "board"
JSON_SCHEMA = "docs/formats/isle-of-pan-board-v1.schema.json"
TILES = "tiles"
COMPLETE_SECTIONS: tuple[str, ...] = (TILES,)
ID_PATTERN = r"[A-Za-z0-9._-]{1,20}"

START_RULE = "Setup: 2. Put the Starting Tile in the centre of the table"
SHUFFLE_RULE = "Setup: 3. Shuffle the Landscape tiles"
EXPLORERS_RULE = "Setup: 6. Explorers"
PLAYERS_RULE = "Setup: 1. Number of players"
FILE_RULE = "Board file"

START_SPACES = "starting_tile:spaces"
START_CENTRAL = "starting_tile:central"


# -- the shape (marshmallow; the recorder answers 400) ----------------------------------


def _unique(values: Sequence[Any]) -> None:
    if len(set(values)) != len(values):
        raise ValidationError("Each section is named once.")


class BoardTileSchema(Schema):
    """One Landscape tile: its id, its three terrains, its shape and marker when known."""

    class Meta:
        unknown = RAISE

    id = fields.String(required=True, validate=validate.Regexp(rf"{ID_PATTERN}\Z",
                                                               error="1 to 20 letters, digits, '.', '_' or '-'."))
    terrains = fields.List(fields.String(validate=validate.OneOf(TERRAINS)), required=True)
    shape = fields.List(fields.Nested(ShapeCellSchema), allow_none=True)
    marker = marker_field()


class IsleOfPanBoard(Schema):
    """The whole file: every section optional, unknown fields refused at every level."""

    class Meta:
        unknown = RAISE

    starting_tile = fields.Nested(StartingTileDeclaredSchema)
    tiles = fields.List(fields.Nested(BoardTileSchema))
    complete = fields.List(fields.String(validate=validate.OneOf(COMPLETE_SECTIONS)), validate=_unique)


# -- what the rules and the file's consistency rule out (422) ---------------------------


def problems(board: Mapping[str, Any]) -> list[BoardProblem]:
    """Everything the rulebook or the file itself rules out, each naming its field."""
    out: list[BoardProblem] = []
    start = board.get("starting_tile")
    if isinstance(start, Mapping):
        out += start_problems(start)
    tiles = list(board.get(TILES) or [])
    first: dict[str, int] = {}
    for index, tile in enumerate(tiles):
        out += tile_problems(index, tile)
        tile_id = tile["id"]
        if tile_id in first:
            # IP-B04: an id names one physical tile.
            out.append(BoardProblem(f"tiles.{index}.id", "IP-B04", FILE_RULE,
                                    f"Tile {tile_id} is listed twice (entries {first[tile_id] + 1} and {index + 1} of the list)"))
        else:
            first[tile_id] = index
    if TILES in (board.get("complete") or []):
        out += _complete_problems(tiles)
    return out


def start_problems(start: Mapping[str, Any]) -> list[BoardProblem]:
    """IP-B05..IP-B09: the Starting Tile is one piece with a central space Explorers can stand on."""
    cells = cells_of(start.get("spaces")) or []
    if not cells:
        # IP-B05: "the Explorers are placed on the central space of the Starting Tile".
        return [BoardProblem("starting_tile.spaces", "IP-B05", START_RULE, "The Starting Tile has no spaces")]
    out: list[BoardProblem] = []
    seen: set[hexes.Coord] = set()
    for index, (q, r, _) in enumerate(cells):
        if (q, r) in seen:
            # IP-B06: each space of the tile is listed once.
            out.append(BoardProblem(f"starting_tile.spaces.{index}", "IP-B06", FILE_RULE,
                                    f"The Starting Tile's space {hexes.label((q, r))} is listed twice"))
        seen.add((q, r))
    if not out and not hexes.connected(seen):
        # IP-B07: a tile is one piece: its spaces are joined by their sides.
        out.append(BoardProblem("starting_tile.spaces", "IP-B07", START_RULE,
                                "The Starting Tile's spaces are not all joined by their sides"))
    central = coord_of(start.get("central"))
    terrain = {(q, r): t for q, r, t in cells}
    if central is None or central not in terrain:
        # IP-B08: "the central space of the Starting Tile" is one of its spaces.
        where = hexes.label(central) if central else "?"
        out.append(BoardProblem("starting_tile.central", "IP-B08", EXPLORERS_RULE,
                                f"The central space {where} is not a space of the Starting Tile"))
    elif terrain[central] == LAKE:
        # IP-B09: "Explorers can neither cross nor land on Lake ... spaces", and all start there.
        out.append(BoardProblem("starting_tile.central", "IP-B09", EXPLORERS_RULE,
                                f"The central space {hexes.label(central)} is a Lake: the Explorers cannot stand on it"))
    return out


def tile_problems(index: int, tile: Mapping[str, Any]) -> list[BoardProblem]:
    """IP-B01..IP-B03: three terrains, a shape of three joined cells showing those terrains."""
    name = f"Tile {tile['id']}"
    terrains = list(tile["terrains"])
    out: list[BoardProblem] = []
    if len(terrains) != 3:
        # IP-B01: "Each tile is composed of three spaces (hexagons)".
        out.append(BoardProblem(f"tiles.{index}.terrains", "IP-B01", SHUFFLE_RULE,
                                f"{name} has {len(terrains)} terrain{'s' if len(terrains) != 1 else ''}; "
                                f"a Landscape tile has 3 spaces"))
    shape = tile.get("shape")
    if shape is None:
        return out
    cells = shape_cells(shape) or []
    coords = [(q, r) for q, r, _ in cells]
    if len(cells) != 3 or len(set(coords)) != 3 or not hexes.connected(coords):
        # IP-B02: the shape is the tile's three hexagons, joined by their sides.
        out.append(BoardProblem(f"tiles.{index}.shape", "IP-B02", SHUFFLE_RULE,
                                f"{name}'s shape is not 3 distinct spaces joined by their sides"))
    elif not out and multiset(t for _, _, t in cells) != multiset(terrains):
        # IP-B03: the shape shows the tile's own terrains.
        out.append(BoardProblem(f"tiles.{index}.shape", "IP-B03", FILE_RULE,
                                f"{name}'s shape shows {tile_label(t for _, _, t in cells)}, "
                                f"its terrains are {tile_label(terrains)}"))
    return out


def _complete_problems(tiles: list[Mapping[str, Any]]) -> list[BoardProblem]:
    # IP-B10: "2 players: Discard the Landscape tiles marked [3] and [4]" and "place the
    # first 3 face up": a whole box holds at least 3 tiles without those markers.
    kept = sum(1 for tile in tiles if tile.get("marker") not in (3, 4))
    if kept >= 3:
        return []
    return [BoardProblem("complete", "IP-B10", PLAYERS_RULE,
                         f"The file says it lists every tile of the box, but only {kept} could be "
                         f"played with 2 players (not marked [3] or [4]); the display needs 3")]


# -- facts, keyed as the events declare them --------------------------------------------


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The board's facts for the declared-data registry: the Starting Tile's spaces and
    central space, and per tile its terrains, shape and marker (those it gives)."""
    out: list[Fact] = []
    start = board.get("starting_tile")
    if isinstance(start, Mapping):
        out += start_facts(start)
    for tile in board.get(TILES) or []:
        out += tile_facts(tile["id"], tile)
    return out


def start_facts(data: Mapping[str, Any]) -> list[Fact]:
    """What a Starting Tile declares: its spaces (in any order) and its central space.

    >>> [f.value for f in start_facts({"spaces": [{"q": 1, "r": 0, "t": "LAKE"}, {"q": 0, "r": 0, "t": "PLAIN"}],
    ...                                "central": {"q": 0, "r": 0}})]
    ['0,0,PLAIN 1,0,LAKE', '0,0']
    """
    cells = sorted(cells_of(data.get("spaces")) or [])
    central = coord_of(data.get("central"))
    out = [Fact(START_SPACES, " ".join(f"{q},{r},{t}" for q, r, t in cells), "Starting Tile spaces")]
    if central is not None:
        out.append(Fact(START_CENTRAL, f"{central[0]},{central[1]}", "Starting Tile central space"))
    return out


def tile_facts(tile_id: str, face: Mapping[str, Any]) -> list[Fact]:
    """What a tile's face declares, for the parts it gives: the terrains as a multiset, the
    shape up to rotation and translation (no mirror), the marker.

    >>> [(f.key, f.value) for f in tile_facts("7", {"terrains": ["PLAIN", "LAKE", "PLAIN"], "marker": "none",
    ...     "shape": [{"dq": 0, "dr": 0, "t": "PLAIN"}, {"dq": 0, "dr": 1, "t": "LAKE"}, {"dq": 0, "dr": 2, "t": "PLAIN"}]})]
    [('tile:7:terrains', 'LAKE·PLAIN·PLAIN'), ('tile:7:shape', '0,0,PLAIN 0,1,LAKE 0,2,PLAIN'), ('tile:7:marker', 'none')]
    """
    out: list[Fact] = []
    if face.get("terrains") is not None:
        out.append(Fact(f"tile:{tile_id}:terrains", terrains_key(face["terrains"]), f"Tile {tile_id} terrains"))
    cells = shape_cells(face.get("shape"))
    if cells is not None:
        out.append(Fact(f"tile:{tile_id}:shape", shape_key(cells), f"Tile {tile_id} shape"))
    if face.get("marker") is not None:
        out.append(Fact(f"tile:{tile_id}:marker", face["marker"], f"Tile {tile_id} marker"))
    return out


def terrains_key(terrains: Any) -> str:
    """A tile's terrains as a multiset, one way to write it."""
    return tile_label(sorted(str(t) for t in terrains))


def shape_key(cells: Sequence[tuple[int, int, str]]) -> str:
    """A shape written one way for all its rotations and positions (the least orientation)."""
    turned = min(hexes.orientations(cells)) if cells else ()
    return " ".join(f"{q},{r},{t}" for q, r, t in turned)


def reveal_facts(data: Mapping[str, Any]) -> list[Fact]:
    """What a ``tile_revealed`` that names a tile declares: the parts it spells out."""
    tile_id = data.get("tile_id")
    return tile_facts(tile_id, data) if isinstance(tile_id, str) else []


# -- a game recorded on a board ---------------------------------------------------------


def lay(state: State, board: Mapping[str, Any]) -> State:
    """The table set up on ``board``: its facts in the registry (origin ``board``), its tiles
    in ``state["board"]`` for the reveals and the pickers, its Starting Tile on the island."""
    state["declared"] = declare({}, facts(board), ORIGIN)
    tiles = list(board.get(TILES) or [])
    state["board"] = {
        "tiles": {tile["id"]: _face(tile) for tile in tiles},
        "ids": [tile["id"] for tile in tiles],
        "complete": TILES in (board.get("complete") or []),
    }
    start = board.get("starting_tile")
    if isinstance(start, Mapping):
        lay_starting_tile(state, start.get("spaces"), start.get("central"))
    return state


def _face(tile: Mapping[str, Any]) -> dict[str, Any]:
    shape = tile.get("shape")
    return {"terrains": list(tile["terrains"]), "shape": [dict(cell) for cell in shape] if shape is not None else None,
            "marker": tile.get("marker")}


def board_of(state: State) -> dict[str, Any] | None:
    """The board the game is recorded on (``state["board"]``), or None."""
    board = state.get("board")
    return board if isinstance(board, dict) else None


def board_tile(state: State, tile_id: Any) -> dict[str, Any] | None:
    """The face of the board's tile ``tile_id``, or None (no board, or not on it)."""
    board = board_of(state)
    if board is None or not isinstance(tile_id, str):
        return None
    tile = board["tiles"].get(tile_id)
    return tile if isinstance(tile, dict) else None


def revealed_face(state: State, data: Mapping[str, Any]) -> dict[str, Any]:
    """The face a ``tile_revealed`` turns up: what the event spells out, and for a tile of the
    board it names, the board's terrains, shape and marker where the event is silent.

    Without a board (or a tile named on it) this is the event's data as it stands."""
    face = {key: data.get(key) for key in ("terrains", "shape", "marker", "tile_id")}
    tile = board_tile(state, data.get("tile_id"))
    if tile is not None:
        for key in ("terrains", "shape", "marker"):
            if face[key] is None:
                face[key] = tile[key]
    return face


def start_from_board(state: State) -> bool:
    """Whether the board laid the Starting Tile at set-up."""
    registry = state.get("declared")
    entry = registry.get(START_SPACES) if isinstance(registry, dict) else None
    return isinstance(entry, dict) and entry.get("at") == ORIGIN


def excluded_markers(players: int) -> set[int]:
    """[RB] Setup 1: the markers whose tiles go back in the box for this many players.

    >>> excluded_markers(2), excluded_markers(3), excluded_markers(4)
    ({3, 4}, {4}, set())
    """
    return {3, 4} if players <= 2 else {4} if players == 3 else set()


def offered_ids(state: State) -> list[str]:
    """The board's tiles a reveal may name now: not revealed yet, and not discarded for this
    player count (a tile whose marker is not known is offered), in the file's order."""
    board = board_of(state)
    if board is None:
        return []
    out_of_play = excluded_markers(len(state["seats"]))
    revealed = state["tile_ids"]
    return [tile_id for tile_id in board["ids"]
            if tile_id not in revealed and board["tiles"][tile_id]["marker"] not in out_of_play]


def compatible(tile: Mapping[str, Any], face: Mapping[str, Any]) -> bool:
    """Whether a spelled-out face could be this board tile: the same terrains, and the same
    shape (turned) and marker wherever both are known."""
    if face.get("terrains") is None or multiset(face["terrains"]) != multiset(tile["terrains"]):
        return False
    mine, theirs = shape_cells(tile.get("shape")), shape_cells(face.get("shape"))
    if mine is not None and theirs is not None and shape_key(mine) != shape_key(theirs):
        return False
    return tile.get("marker") is None or face.get("marker") is None or tile["marker"] == face["marker"]


# -- the board file of a game -----------------------------------------------------------


def from_game(state: State) -> dict[str, Any]:
    """The board file of every box fact the game showed (see the module docstring)."""
    out: dict[str, Any] = {}
    start = starting_tile_of(state)
    if start is not None:
        out["starting_tile"] = start
    tiles = _tiles(state)
    if tiles:
        out[TILES] = tiles
    board = board_of(state)
    if board is not None and board["complete"]:
        out["complete"] = [TILES]
    copied: dict[str, Any] = json_copy(out)  # nothing shared with the state
    return copied


def starting_tile_of(state: State) -> dict[str, Any] | None:
    """The Starting Tile as it lies, as ``starting_tile_declared`` spells it: the island's
    Starting Tile spaces and the central space (None before it is laid, or if it is not sound)."""
    if state.get("start") is None:
        return None
    spaces = [{"q": q, "r": r, "t": space["t"]}
              for q, r, space in ((*hexes.parse(key), space) for key, space in state["island"].items())
              if space.get("tile") == "S"]
    q, r = state["start"]["central"]
    start = {"spaces": spaces, "central": {"q": q, "r": r}}
    return None if start_problems(start) else start


def _tiles(state: State) -> list[dict[str, Any]]:
    board = board_of(state)
    found: dict[str, dict[str, Any]] = {}
    if board is not None:
        found = {tile_id: _copy_face(board["tiles"][tile_id]) for tile_id in board["ids"]}
    named_on_board = {tile_id for tile_id in state["tile_ids"] if tile_id in found}
    matched: set[str] = set()
    unnamed: list[dict[str, Any]] = []
    for face in _shown(state):
        tile_id = face.pop("tile_id")
        if isinstance(tile_id, str) and re.fullmatch(ID_PATTERN, tile_id):
            _merge(found, tile_id, face)
        elif board is not None and _match(board, found, face, named_on_board | matched, matched):
            continue
        else:
            unnamed.append(face)
    used = set(found) | set(state["tile_ids"])
    numbers = (str(n) for n in range(1, 10 ** 6) if str(n) not in used)
    for face in unnamed:
        found[next(numbers)] = face
    return [{"id": tile_id, **face} for tile_id, face in found.items()]


def _copy_face(tile: Mapping[str, Any]) -> dict[str, Any]:
    return {"terrains": list(tile["terrains"]), "shape": tile.get("shape"), "marker": tile.get("marker")}


def _merge(found: dict[str, dict[str, Any]], tile_id: str, face: dict[str, Any]) -> None:
    """A named tile: new, or the parts a first sight lacked (only when the terrains agree)."""
    known = found.get(tile_id)
    if known is None:
        found[tile_id] = face
        return
    if multiset(known["terrains"]) != multiset(face["terrains"]):
        return
    for key in ("shape", "marker"):
        if known[key] is None:
            known[key] = face[key]


def _match(board: Mapping[str, Any], found: dict[str, dict[str, Any]], face: Mapping[str, Any],
           taken: set[str], matched: set[str]) -> bool:
    """An unnamed reveal on a board: the first board tile it could be, not named by the game
    nor matched before, takes it (it adds nothing); False when no board tile fits."""
    for tile_id in board["ids"]:
        if tile_id not in taken and compatible(found[tile_id], face):
            matched.add(tile_id)
            return True
    return False


def _shown(state: State) -> list[dict[str, Any]]:
    """Every tile face the game turned up, in reveal order, each a valid board tile face (the
    shape it was laid in where none was declared); reveals that cannot be a tile left out."""
    out = []
    for face, laid in _sightings(state):
        terrains = face.get("terrains")
        if not isinstance(terrains, list) or len(terrains) != 3 or any(t not in TERRAINS for t in terrains):
            continue
        shape = _valid_shape(face.get("shape"), terrains) or _laid_shape(laid, terrains)
        marker = face.get("marker") if face.get("marker") in MARKERS else None
        out.append({"tile_id": face.get("tile_id"), "terrains": list(terrains), "shape": shape, "marker": marker})
    return out


def _sightings(state: State) -> list[tuple[Mapping[str, Any], Any]]:
    """(face, cells it was laid on or None) for each reveal: from the reveal log, or for a
    state folded before the log existed, from what the table still shows (the tiles laid,
    unnamed, then the one in hand and the display)."""
    laid = {record["ref"]: record["cells"] for record in state["placed"]}
    log = state.get("revealed")
    if log is not None:
        return [(entry, laid.get(entry.get("at"))) for entry in log]
    out: list[tuple[Mapping[str, Any], Any]] = []
    for record in state["placed"]:
        out.append(({"terrains": [cell[2] for cell in record["cells"]]}, record["cells"]))
    if isinstance(state.get("taken"), dict):
        out.append((state["taken"], None))
    out += [(slot["tile"], None) for slot in state["display"] if isinstance(slot["tile"], dict)]
    return out


def _valid_shape(shape: Any, terrains: list[str]) -> list[dict[str, Any]] | None:
    cells = shape_cells(shape)
    if cells is None or _shape_wrong(cells, terrains):
        return None
    return [{"dq": q, "dr": r, "t": t} for q, r, t in cells]


def _laid_shape(laid: Any, terrains: list[str]) -> list[dict[str, Any]] | None:
    """The shape a tile was laid in: its cells relative to the first, as placed."""
    if not isinstance(laid, list) or len(laid) != 3:
        return None
    cells = [(int(q), int(r), str(t)) for q, r, t in laid]
    if _shape_wrong(cells, terrains):
        return None
    q0, r0, _ = cells[0]
    return [{"dq": q - q0, "dr": r - r0, "t": t} for q, r, t in cells]


def _shape_wrong(cells: list[tuple[int, int, str]], terrains: list[str]) -> bool:
    coords = [(q, r) for q, r, _ in cells]
    return (len(cells) != 3 or len(set(coords)) != 3 or not hexes.connected(coords)
            or multiset(t for _, _, t in cells) != multiset(terrains))


BOARD_FILE = BoardFile(schema=IsleOfPanBoard, problems=problems, facts=facts, from_game=from_game,
                       json_schema=JSON_SCHEMA, holds="its Starting Tile and Landscape tiles")

__all__ = ["BOARD_FILE", "IsleOfPanBoard", "NO_MARKER", "from_game", "lay", "problems", "facts"]
