"""The state of a game (plain JSON data): its shape, how to build it, copy it and ask it
simple questions.

The TypedDicts say the shape, for the type checker and for the reader: the folds still
take a ``State``, and ``typed`` reads one as ``IsleOfPanState``.  A space of the island is
keyed ``"q,r"`` (axial, ``hexes.key``); a coordinate held as a value is ``[q, r]``.  A few
keys came after games were stored, or belong to a game recorded on a board: those are
``NotRequired``, and read with a default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from engines.base import State, Violation, json_copy
from engines.isle_of_pan import hexes
from engines.isle_of_pan.hexes import Coord
from engines.isle_of_pan.tiles import DOMAINS, KINDS, LAKE, PORTAL, SLOTS, TURNS_EACH

TAKE: Final = "TAKE"
PLACE: Final = "PLACE"
MOVE: Final = "MOVE"
POST: Final = "POST"

OBSERVE: Final = "observe"
WONDROUS_LAKE: Final = "wondrous_lake"


# -- the state's shape ----------------------------------------------------------------


class PlayerRecord(TypedDict):
    """One player, under ``players[name]``."""

    explorer: list[int] | None  # [q, r]; None until the Starting Tile is on the island
    reserve: dict[str, int]  # kind -> animals taken, not yet placed (every kind, from 0)
    track: dict[str, int]  # kind -> the score token's position (every kind, from 0)
    wl_on_board: list[str]  # the domains of the Wondrous Lake tiles still on the player's score board
    turns_taken: int


class WondrousLakeMark(TypedDict):
    """A Wondrous Lake tile covering a space."""

    player: str
    domain: str | None  # one of DOMAINS; None for any other the event named


class Space(TypedDict):
    """A space of the island, under ``island["q,r"]``."""

    t: str  # its terrain: MOUNTAIN | DESERT | PLAIN | LAKE | PORTAL
    tile: str  # "S" the Starting Tile's, "T<n>" the n-th tile placed's, "W" a Lake laid under a Wondrous Lake tile
    animals: dict[str, int]  # kind -> tokens observed there (kinds with none left out)
    wl: WondrousLakeMark | None
    beast: str | None  # the Fantastic Beast standing there, by name


class StartRecord(TypedDict):
    """The Starting Tile, once declared (or laid from the board)."""

    central: list[int]  # [q, r], where the Explorers start
    spaces: int  # how many spaces it has


class PlacedTile(TypedDict):
    """A Landscape tile on the island (``placed``, in order)."""

    ref: str  # "T<n>", as its spaces' ``tile``
    by: str
    turn: int  # the turn it was placed in, counting every player's, from 1
    display_id: str | None  # the display slot it was taken from
    cells: list[list[int | str]]  # [q, r, t] of each space it added (a cell on a space already there is dropped)
    shared_sides: int  # its sides against spaces already on the island


class ShapeCell(TypedDict):
    """A cell of a tile's shape, relative to its first cell."""

    dq: int
    dr: int
    t: str


class TileFace(TypedDict):
    """A Landscape tile's face as it was shown (what the event, or the board, said of it)."""

    terrains: list[str]  # [t, t, t] (fewer or more only under an override)
    shape: list[ShapeCell] | None  # None when nobody said
    marker: int | str | None  # 3 or 4 for a tile marked [3] or [4], "none" for no marker; None when nobody said
    tile_id: str | None  # its id on the board file, when named


class DisplaySlot(TypedDict):
    """A slot of the face-up display."""

    id: str  # "D1" | "D2" | "D3" ("D4"... only for a tile revealed into a full display, an override)
    tile: TileFace | None  # None while the slot is empty


class TakenTile(TileFace):
    """The tile taken this turn, in the hand until it is placed."""

    display_id: str  # the slot it was taken from
    by: str


class RevealedTile(TileFace):
    """A tile of the reveal log: every tile turned face up, as shown, and where it is now."""

    at: str | None  # "D<n>" a display slot, "hand", "T<n>" placed; None: lost by an override


# "from" is a keyword: the functional form.
LastMove = TypedDict("LastMove", {
    "player": str,
    "from": list[int] | None,  # [q, r]; None when the Explorer stood nowhere yet
    "to": list[int],
    "steps": int | None,  # moves it took; None when ``to`` is not within 3 moves, or there was no ``from``
})


class BeastRecord(TypedDict):
    """A Fantastic Beast declared by the table (``fantastic_beast_appeared``)."""

    at: list[int] | None  # [q, r]
    player: str | None  # whose track its points went on; None when not declared
    kind: str | None
    points: int | None
    beast: str  # its name ("Fantastic Beast" when not declared)
    step: int  # the event that declared it


class ScoreSet(TypedDict):
    """The table's score token set by hand (``score_token_set``)."""

    step: int
    player: str
    kind: str
    derived: int  # the track's position the engine had derived
    position: int  # the position the table set: the track's from then on
    reason: str | None  # the table's words (the event requires them)


class EndRecord(TypedDict):
    """The display and pile when the game ended."""

    face_up: int  # tiles left face up in the display
    pile: int  # tiles left in the pile


class BoardTile(TypedDict):
    """A tile's face in the board file (``board._face``)."""

    terrains: list[str]
    shape: list[dict[str, Any]] | None  # the board file's cells, {dq, dr, t}, as it gave them
    marker: int | str | None  # as ``TileFace``'s


class BoardRecord(TypedDict):
    """The board a game is recorded on (``board.lay``)."""

    tiles: dict[str, BoardTile]  # tile id -> its face
    ids: list[str]  # the tiles' ids, in the file's order
    complete: bool  # the file lists every tile of the box


class DeclaredEntry(TypedDict):
    """One fact of the declared-data registry (``engines.declared``)."""

    value: Any  # its own shape per key (a tile's terrains, shape, marker; the Starting Tile's spaces...)
    at: int | str  # the step that declared it, or "board" for the board file's facts
    label: str


class IsleOfPanState(TypedDict):
    """The whole table."""

    seats: list[str]  # clockwise seat order
    players: dict[str, PlayerRecord]
    options: dict[str, Any]  # the resolved rules profile
    tile_count: int  # T, the Landscape tiles in play (default 9N + 2)
    start: StartRecord | None  # None until the Starting Tile is declared
    island: dict[str, Space]  # "q,r" -> the space there
    placed: list[PlacedTile]
    display: list[DisplaySlot]  # one per slot, in slot order
    reveals: int  # tiles turned face up so far
    pile_remaining: int  # T - reveals (never below 0)
    refill_slot: str | None  # the slot a take emptied, waiting for its refill while the pile lasts
    current: str  # the player whose turn it is
    turns_done: int  # turns closed so far, all players'
    turn_step: Literal["TAKE", "PLACE", "MOVE", "POST"]  # the current turn's next step
    taken: TakenTile | None  # between the take and the placement
    post_action: Literal["observe", "wondrous_lake"] | None  # what the player did after moving, this turn
    last_move: LastMove | None
    tile_ids: dict[str, int]  # tile id -> the step that revealed it (to catch a second reveal)
    beasts: list[BeastRecord]
    score_sets: list[ScoreSet]
    game_over: bool
    end: EndRecord | None  # None until the game is over
    step: int  # events folded so far
    setup_flags: list[dict[str, str]]  # the set-up's warnings, each ``Violation.to_dict()``
    # Added with the board file, read with a default: a state folded from a snapshot older
    # than the key lacks it, and keeps lacking it.
    revealed: NotRequired[list[RevealedTile]]
    # Only in a game recorded on a board (``board.lay``):
    board: NotRequired[BoardRecord]
    declared: NotRequired[dict[str, DeclaredEntry]]  # the registry, the board's facts first


def typed(state: State) -> IsleOfPanState:
    """The state, as its TypedDict (the same object)."""
    return cast(IsleOfPanState, state)


def new_state(players: Sequence[str], opts: Mapping[str, Any], tile_count: int, flags: Sequence[Violation]) -> State:
    """The table before anything is declared: empty reserves, tokens on 0, three Wondrous
    Lake tiles each, the display empty and the whole pile face down."""
    first = opts["first_player"] if opts["first_player"] is not None else players[0]
    start: IsleOfPanState = {
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
    return cast(State, start)


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
