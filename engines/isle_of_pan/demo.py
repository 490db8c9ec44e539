"""A complete two-player game, recorded event by event by the service's ``demo`` command.

**The tiles are illustrative.**  The rulebook gives neither the Starting Tile nor the
Landscape tiles (gaps G1, G2), and no public source lists them, so this demo *declares*
a Starting Tile and twenty tiles of its own; they are not the published game's.

Each reveal names its tile: the demo's tiles are numbered 1 to 20 in the order of
``DEMO_TILES`` (``tile_id``, as an owner would write numbers on the tiles of a box) and
carry no player-count marker (``marker: "none"``, as every tile of a 2-player game must).
The reveals still spell out every face, since the demo is recorded without a board; the
board the service saves from it (``board.from_game``) holds these illustrative tiles, and
a game on that board may reveal a tile by its number alone.

The game is built by a fixed rule, so it is the same every time (``demo_game``):

* the tiles come out of the pile in the order of ``DEMO_TILES``: three face up, then
  each refill right after a take;
* Ana favours Plains (Herbivores), Ben Deserts (Reptiles).  Each takes the face-up tile
  with the most of their favourite terrain (2 points a space; 1 for another Domain or a
  Portal; then the lowest place), choosing their favourite kind for Portals;
* each lays it where their favourite Domain Group grows the most, then with the most
  shared sides, then nearest the centre, then first in sorted order;
* each moves to the reachable space where they can place the most animals (then a real
  move over staying, then the fewest moves, then sorted order) and places as many as allowed;
* from their fourth turn, the first time an uncovered Lake is on the island, each plays
  the Wondrous Lake tile of the Domain whose largest group is smallest (once a game);
* every turn ends with ``end_turn``.

Every event is checked as it is made: the demo only holds legal events.
"""

from __future__ import annotations

from typing import Any

import engines
from engines.base import Event
from engines.isle_of_pan import hexes
from engines.isle_of_pan.state import explorer, largest_groups, reachable_from, space_at
from engines.isle_of_pan.tiles import DESERT, DOMAINS, KIND_OF, LAKE, MOUNTAIN, NO_MARKER, PLAIN, PORTAL

PLAYERS = ["Ana", "Ben"]
FAVOURITE = {"Ana": PLAIN, "Ben": DESERT}

LINE = ((0, 0), (1, 0), (2, 0))
TRIANGLE = ((0, 0), (1, 0), (0, 1))
CHEVRON = ((0, 0), (1, 0), (2, -1))

# Illustrative, declared for this demo only: a flower of seven spaces around a Plain.
STARTING_TILE: dict[str, Any] = {
    "spaces": [
        {"q": 0, "r": 0, "t": PLAIN},
        {"q": 1, "r": 0, "t": MOUNTAIN},
        {"q": 1, "r": -1, "t": DESERT},
        {"q": 0, "r": -1, "t": LAKE},
        {"q": -1, "r": 0, "t": PLAIN},
        {"q": -1, "r": 1, "t": PORTAL},
        {"q": 0, "r": 1, "t": MOUNTAIN},
    ],
    "central": {"q": 0, "r": 0},
}

# Illustrative tiles (terrains in the order of their shape's cells); None: shape not declared.
DEMO_TILES: list[tuple[tuple[str, str, str], tuple[tuple[int, int], ...] | None]] = [
    ((PLAIN, PLAIN, PORTAL), LINE),
    ((MOUNTAIN, LAKE, DESERT), TRIANGLE),
    ((DESERT, DESERT, PLAIN), CHEVRON),
    ((PLAIN, MOUNTAIN, MOUNTAIN), LINE),
    ((LAKE, PLAIN, PLAIN), TRIANGLE),
    ((DESERT, PORTAL, MOUNTAIN), CHEVRON),
    ((PLAIN, PLAIN, DESERT), LINE),
    ((MOUNTAIN, MOUNTAIN, LAKE), TRIANGLE),
    ((DESERT, LAKE, PLAIN), None),
    ((PORTAL, PLAIN, MOUNTAIN), TRIANGLE),
    ((DESERT, DESERT, MOUNTAIN), LINE),
    ((PLAIN, LAKE, PLAIN), CHEVRON),
    ((MOUNTAIN, DESERT, PLAIN), TRIANGLE),
    ((LAKE, LAKE, DESERT), LINE),
    ((PLAIN, PLAIN, PLAIN), TRIANGLE),
    ((MOUNTAIN, PORTAL, DESERT), LINE),
    ((DESERT, PLAIN, MOUNTAIN), None),
    ((PLAIN, MOUNTAIN, LAKE), TRIANGLE),
    ((DESERT, DESERT, DESERT), CHEVRON),
    ((PLAIN, DESERT, MOUNTAIN), LINE),
]


def _reveal(index: int) -> dict[str, Any]:
    """The reveal of the ``index``-th tile of the pile: tile ``index + 1``, spelled out."""
    terrains, shape = DEMO_TILES[index]
    data: dict[str, Any] = {"tile_id": str(index + 1), "terrains": list(terrains), "marker": NO_MARKER}
    if shape is not None:
        data["shape"] = [{"dq": dq, "dr": dr, "t": t} for (dq, dr), t in zip(shape, terrains, strict=True)]
    return data


def _offered(state: dict[str, Any]) -> dict[str, Any]:
    """The choices ``expected`` offers now, by event type."""
    offered: dict[str, Any] = engines.find("isle-of-pan").expected(state)["options"]
    return offered


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    return {
        "title": "Demo: Ana and Ben explore the Isle of Pan (illustrative tiles)",
        "players": list(PLAYERS),
        "options": {"first_player": "Ana"},
        "events": _play(),
    }


def _play() -> list[dict[str, Any]]:
    engine = engines.find("isle-of-pan")
    state = engine.setup(PLAYERS, {"first_player": "Ana"})
    events: list[dict[str, Any]] = []
    lakes_played: set[str] = set()
    turns: dict[str, int] = {name: 0 for name in PLAYERS}
    pile = iter(range(len(DEMO_TILES)))

    def record(event_type: str, actor: str, data: dict[str, Any]) -> None:
        nonlocal state
        event = Event(event_type, data, actor)
        errors = [v for v in engine.check(state, event) if v.blocks]
        if errors:
            raise AssertionError(f"demo event {event_type} {data} is illegal: {errors}")
        events.append({"type": event_type, "actor": actor, "data": data})
        state = engine.apply(state, event)

    record("starting_tile_declared", "Ana", STARTING_TILE)
    for _ in range(3):
        record("tile_revealed", "Ana", _reveal(next(pile)))
    while not engine.is_over(state):
        who = str(state["current"])
        turns[who] += 1
        favourite = FAVOURITE[who]
        slot, choices = _pick(state, favourite)
        record("tile_taken", who, {"display_id": slot, "portal_choices": choices})
        index = next(pile, None)
        if index is not None:
            record("tile_revealed", who, _reveal(index))
        record("tile_placed", who, {"cells": _lay(state, favourite)})
        to = _walk(state, who)
        record("explorer_moved", who, {"to": {"q": to[0], "r": to[1]}})
        lake = _lake(state, who) if turns[who] >= 4 and who not in lakes_played else None
        if lake is not None:
            lakes_played.add(who)
            record("wondrous_lake_placed", who, lake)
        else:
            observed = _offered(state).get("animals_observed")
            if observed:
                record("animals_observed", who, {"kind": observed["kind"][0], "count": observed["count"][-1]})
        record("end_turn", who, {})
    return events


def _pick(state: dict[str, Any], favourite: str) -> tuple[str, list[str]]:
    """The face-up tile with the most of the favourite terrain; a Portal gives the favourite kind."""

    def value(slot: dict[str, Any]) -> int:
        return sum(2 if t == favourite else 1 if t in KIND_OF or t == PORTAL else 0 for t in slot["tile"]["terrains"])

    up = [slot for slot in state["display"] if slot["tile"] is not None]
    best = max(up, key=lambda slot: (value(slot), -state["display"].index(slot)))
    portals = sum(1 for t in best["tile"]["terrains"] if t == PORTAL)
    return best["id"], [KIND_OF[favourite]] * portals


DEMO_CHOICES = 400


def _lay(state: dict[str, Any], favourite: str) -> list[dict[str, Any]]:
    """The placement growing the favourite group most, then sharing most sides, then central."""
    # The demo game was made when the offers stopped at 400 placements: it still chooses
    # among those first 400, so that it stays the same game.
    placements = _offered(state)["tile_placed"]["placements"][:DEMO_CHOICES]
    island = {hexes.parse(k): space["t"] for k, space in state["island"].items()}

    def score(cells: list[dict[str, Any]]) -> tuple[int, int, int]:
        land = dict(island)
        land.update({(c["q"], c["r"]): c["t"] for c in cells})
        coords = [(c["q"], c["r"]) for c in cells]
        centre = sum(hexes.distance((0, 0), c) for c in coords)
        return (hexes.largest_group(land, favourite), hexes.shared_edges(coords, island), -centre)

    best = max(range(len(placements)), key=lambda i: (score(placements[i]), -i))
    return list(placements[best])


def _walk(state: dict[str, Any], who: str) -> hexes.Coord:
    """The reachable space where the most animals can be placed, then moving over staying,
    then the nearest, then sorted order."""
    options = _offered(state)["explorer_moved"]["to"]
    start = explorer(state, who)
    assert start is not None
    steps = reachable_from(state, start)
    reserve = state["players"][who]["reserve"]

    def value(c: hexes.Coord) -> int:
        space = space_at(state, c)
        kind = KIND_OF.get(space["t"]) if space else None
        return min(3, reserve[kind]) if kind else 0

    coords = [(o["q"], o["r"]) for o in options]
    return max(coords, key=lambda c: (value(c), c != start, -steps.get(c, 9), -coords.index(c)))


def _lake(state: dict[str, Any], who: str) -> dict[str, Any] | None:
    """The Wondrous Lake of the Domain with the smallest largest group, on the first open Lake."""
    offer = _offered(state).get("wondrous_lake_placed")
    if not offer or not offer["at"]:
        return None
    largest = largest_groups(state)
    held = [d for d in DOMAINS if d in offer["domain"]]
    domain = min(held, key=lambda d: (largest[d], DOMAINS.index(d)))
    return {"domain": domain, "at": offer["at"][0]}
