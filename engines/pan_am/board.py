"""Board facts: the few the rulebook states, and the board file the table transcribes once per box.

The rulebook has no map, no track costs, no card texts and no die faces (note A7.1, gaps
G1-G5).  Only what it states is here (``RULEBOOK_FACTS``, note A7.3); everything else is
declared by events, or comes from a board file: a saved board the game is recorded on
(``setup(..., board=...)``) or, as before saved boards existed, the ``board`` option.
Both are the same file, read the same way, and pre-load the registry with the origin
"the board file"::

    {"cities": {city: region},
     "routes": [[a, b, distance | null], ...],               # null: the route is there, its distance not known
     "paths": {origin: {"SA"|"EU"|"AP": [[a, b] | null, ...]}},  # in order from the origin; null: not known
     "path_members": {origin: {"SA"|"EU"|"AP": [[a, b], ...]}},  # on the path, place not known
     "tracks": {"A": {track: [c1, c2, c3, c4]}, "B": {"1".."4": [...]}, "C": {plane: [...]}},  # a cost may be null
     "work_sites": {"D": capacity, "E": capacity},
     "stock_price_track": {"min": lo, "max": hi},
     "destination_cards": [city, ...],                        # a card per city; its colour is the city's region
     "event_cards": [{"name", "round", "stock_adjustment": {"op", "value"?}, "die_rolls", "text"?}, ...],
     "directive_cards": [{"name", "timing": {"phase", "step"}, "area"?, "effects"?: [Effect], "text"?}, ...],
     "complete": [section, ...]}                              # the sections that hold every one in the box

Every section is optional.  Its shape is ``board_schema`` (and the JSON Schema
``docs/formats/pan-am-board-v1.schema.json``); what the rules rule out in it is
``board_problems`` (codes PA-B01..B18, PA-B19 at set-up); ``board_game.from_game`` writes
the file of everything a game declared.

**Complete or not.**  A section listed in ``complete`` holds every one in the box: with a
complete ``cities`` an Airport on any other city is PA-A2 and a route to one PA-D7; with
complete ``routes`` a route not listed is PA-D7; with complete ``paths`` Pan Am's next
route is the first listed that is not Pan Am's (PA-P4, and ``pan_am_path_exhausted``
only when none is left); with complete ``tracks`` the Airport tracks listed are all there
are (PA-E11); with a complete list of cards a card not on it is PA-B21, PA-B24 or PA-B28.
A section not listed is what the table knows so far: its facts load, and these checks
stay as they are without a board (``unverified``, or declared as the game goes).  A file
without ``complete`` means what it meant before the marker existed: ``cities``,
``routes``, ``paths`` and the Airport tracks (``tracks.A``) present are complete; the card
sections never are without the marker.  ``work_sites`` and ``stock_price_track`` are
exact facts, not lists, so they need no marker.

**Naming an item.**  A game on a board that holds items may name them in the events that
reveal them (``items``): a Destination card by its city, its region from the board; an
Event card by its name, its Stock Price change, die rolls and text from the board; a
Directive card by its name, its timing, area and (when the board holds them) effects
from the board.  A face spelled out is compared with the board's: a difference is
``declared/conflict``.  A card section present (even empty) also makes the game declare
the faces of the cards revealed (of a Directive card, its timing and area: its effects are
only ever the board's), so that ``from_game`` can write them for the next game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from engines.base import BoardFile, BoardProblem, State
from engines.declared import Fact
from engines.pan_am import board_game, board_problems
from engines.pan_am.board_problems import completes
from engines.pan_am.board_schema import ITEM_SECTIONS, PanAmBoard
from engines.pan_am.facts import (
    BOARD_FILE,
    RULEBOOK,
    cost_fact,
    cost_key,
    directive_facts,
    distance_fact,
    distance_key,
    event_facts,
    member_fact,
    member_key,
    path_fact,
    path_key,
    plain_effects,
    region_fact,
    region_key,
    track_label,
)
from engines.pan_am.state import AREAS, SPACES, route_key

__all__ = [
    "BOARD_FILE", "RULEBOOK", "RULEBOOK_FACTS", "PAN_AM_BOARD", "Loaded", "cost_fact", "cost_key", "distance_fact",
    "distance_key", "empty_summary", "facts", "load", "member_fact", "member_key", "path_fact", "path_key",
    "region_fact", "region_key", "rulebook", "rulebook_problems", "seed", "track_label",
]

# Only what the rulebook itself states (note A7.3).  Each symbol city is taken to lie in its
# own region; Tokyo and Honolulu share Hong Kong's region (the Landing Rights example).
RULEBOOK_FACTS: dict[str, Any] = {
    "cities": {
        "Bangkok": "ASIA",
        "Rome": "EUROPE",
        "New York": "NORTH_AMERICA",
        "Hong Kong": "PACIFIC",
        "Rio de Janeiro": "SOUTH_AMERICA",
        "Tokyo": "PACIFIC",
        "Honolulu": "PACIFIC",
    },
    "routes": [
        ["New York", "Paris", 4],  # D. Routes
        ["Lisbon", "Horta", 1],  # Expansion example
        ["Lisbon", "Bathurst", 2],
        ["San Juan", "Port of Spain", 1],
    ],
    # Routes the Landing Rights example names, distances not given.
    "routes_without_distance": [["Shanghai", "Hong Kong"], ["Shanghai", "Tokyo"], ["Shanghai", "Beijing"], ["Miami", "Havana"]],
    # Expansion example: these lie on the path named, from Miami (positions not given).
    "path_members": {"Miami": {"SA": [["San Juan", "Port of Spain"]], "AP": [["Miami", "Havana"]]}},
}


class Loaded(NamedTuple):
    """What a board (or the rulebook's facts) adds: registry facts, known cities and routes, the
    summary kept in the state, and the field of the file each fact comes from."""

    facts: list[Fact]
    cities: list[str]
    routes: list[list[str]]
    summary: dict[str, Any]
    fields: list[str]


def rulebook() -> Loaded:
    """The rulebook's own facts, as registry facts."""
    facts = [region_fact(city, region) for city, region in RULEBOOK_FACTS["cities"].items()]
    routes = []
    for a, b, distance in RULEBOOK_FACTS["routes"]:
        facts.append(distance_fact(route_key([a, b]), distance))
        routes.append([a, b])
    routes += [list(pair) for pair in RULEBOOK_FACTS["routes_without_distance"]]
    for origin, paths in RULEBOOK_FACTS["path_members"].items():
        for path, pairs in paths.items():
            facts += [member_fact(origin, path, route_key(pair)) for pair in pairs]
    cities = sorted({c for pair in routes for c in pair} | set(RULEBOOK_FACTS["cities"]))
    return Loaded(facts, cities, routes, empty_summary(), ["rulebook"] * len(facts))


def empty_summary() -> dict[str, Any]:
    """The board summary when nothing is transcribed: every board check is ``unverified``.

    With a board, the keys hold what its checks need (None: the file does not say it holds
    them all): ``tracks_a`` (the Airport tracks), ``sites`` (the capacities), ``paths``
    (``{origin: {path: [route key, ...]}}``), ``price_range``, ``cities``, ``routes``; and,
    only when the file has card sections, ``destination_cards`` (cities), ``event_cards``
    and ``directive_cards`` (``{name: face}``) and ``complete_items`` (those that are whole).
    """
    return {"tracks_a": None, "sites": None, "paths": None, "price_range": None, "cities": None, "routes": None}


class _Facts:
    """Facts with the field of the file each comes from (for PA-B19)."""

    def __init__(self) -> None:
        self.facts: list[Fact] = []
        self.fields: list[str] = []

    def add(self, field: str, facts: Iterable[Fact]) -> None:
        for fact in facts:
            self.facts.append(fact)
            self.fields.append(field)


def load(board: Mapping[str, Any]) -> Loaded:
    """A usable board (no shape errors, no ``problems``) as registry facts, cities, routes and the summary."""
    whole = completes(board)
    found = _Facts()
    for city, region in board.get("cities", {}).items():
        found.add(f"cities.{city}", [region_fact(city, region)])
    routes: list[list[str]] = []
    for i, (a, b, distance) in enumerate(board.get("routes", [])):
        if distance is not None:
            found.add(f"routes.{i}", [distance_fact(route_key([a, b]), distance)])
        routes.append([a, b])
    summary = empty_summary()
    paths = _load_paths(board, found, routes)
    if "paths" in board and "paths" in whole:
        summary["paths"] = paths
    for area, by_track in board.get("tracks", {}).items():
        for track, costs in by_track.items():
            found.add(f"tracks.{area}.{track}", [cost_fact(area, track, space, cost)
                                                 for space, cost in zip(SPACES, costs, strict=False) if cost is not None])
    if "tracks" in whole:
        summary["tracks_a"] = sorted(board["tracks"]["A"], key=int)
    if "work_sites" in board:
        summary["sites"] = {area: board["work_sites"].get(area) for area in AREAS[3:]}
    if "stock_price_track" in board:
        summary["price_range"] = [board["stock_price_track"]["min"], board["stock_price_track"]["max"]]
    if "cities" in board and "cities" in whole:
        summary["cities"] = sorted(board["cities"])
    if "routes" in board and "routes" in whole:
        summary["routes"] = sorted(route_key([a, b]) for a, b, _ in board["routes"])
    _load_members(board, found, routes)
    _load_items(board, whole, found, summary)
    cities = sorted({c for pair in routes for c in pair} | set(board.get("cities", {})))
    return Loaded(found.facts, cities, routes, summary, found.fields)


def _load_paths(board: Mapping[str, Any], found: _Facts, routes: list[list[str]]) -> dict[str, dict[str, list[str]]]:
    """Each path's routes in order (``path_route``) and on the path (``path_member``)."""
    listed: dict[str, dict[str, list[str]]] = {}
    for origin, by_path in board.get("paths", {}).items():
        listed[origin] = {}
        for path, pairs in by_path.items():
            listed[origin][path] = [route_key(pair) for pair in pairs if pair is not None]
            for k, pair in enumerate(pairs, start=1):
                if pair is None:
                    continue
                key = route_key(pair)
                found.add(f"paths.{origin}.{path}.{k - 1}", [path_fact(origin, path, k, key), member_fact(origin, path, key)])
                routes.append(list(pair))
    return listed


def _load_members(board: Mapping[str, Any], found: _Facts, routes: list[list[str]]) -> None:
    for origin, by_path in board.get("path_members", {}).items():
        for path, pairs in by_path.items():
            for i, pair in enumerate(pairs):
                found.add(f"path_members.{origin}.{path}.{i}", [member_fact(origin, path, route_key(pair))])
                routes.append(list(pair))


def _load_items(board: Mapping[str, Any], whole: set[str], found: _Facts, summary: dict[str, Any]) -> None:
    """The card sections: their faces in the summary (what the checks and the pickers read) and
    as registry facts (what a spelled-out face is compared with)."""
    if "destination_cards" in board:
        summary["destination_cards"] = list(board["destination_cards"])
    if "event_cards" in board:
        summary["event_cards"] = {}
        for i, card in enumerate(board["event_cards"]):
            adjustment = card["stock_adjustment"]
            face = {"round": card["round"], "stock_adjustment": {"op": adjustment["op"], "value": adjustment.get("value")},
                    "die_rolls": card["die_rolls"], "text": card.get("text")}
            summary["event_cards"][card["name"]] = face
            found.add(f"event_cards.{i}", event_facts(card["name"], face))
    if "directive_cards" in board:
        summary["directive_cards"] = {}
        for i, card in enumerate(board["directive_cards"]):
            effects = plain_effects(card["effects"], None) if "effects" in card else None
            summary["directive_cards"][card["name"]] = {"timing": dict(card["timing"]), "area": card.get("area"),
                                                        "effects": effects, "text": card.get("text")}
            found.add(f"directive_cards.{i}", directive_facts(card["name"], card["timing"], card.get("area"), effects))
    if any(section in board for section in ITEM_SECTIONS):
        summary["complete_items"] = [section for section in ITEM_SECTIONS if section in board and section in whole]


def facts(board: Mapping[str, Any]) -> list[Fact]:
    """The declared facts a usable board pre-loads, keyed as the events declare them."""
    return load(board).facts


def rulebook_problems(loaded: Loaded, registry: Mapping[str, Any]) -> list[BoardProblem]:
    """PA-B19: what in a loaded board contradicts the rulebook's facts (``registry``): a region, a
    distance, or a complete path that lacks a route the rulebook puts on it.  Asked only when
    the game loads the rulebook's facts (option ``rulebook_facts``)."""
    return board_problems.rulebook_problems(zip(loaded.fields, loaded.facts, strict=True), registry, loaded.summary["paths"],
                                            RULEBOOK_FACTS["path_members"])


def seed(state: State, loaded: Iterable[Loaded]) -> None:
    """Put the known cities (with their declared regions) and routes (with distances) on a new table."""
    registry = state["declared"]
    for part in loaded:
        for city in part.cities:
            entry = registry.get(region_key(city))
            state["cities"].setdefault(city, {"region": entry["value"] if entry else None, "airport": None})
        for pair in part.routes:
            key = route_key(pair)
            entry = registry.get(distance_key(key))
            state["routes"].setdefault(
                key, {"cities": sorted(pair), "distance": entry["value"] if entry else None, "owner": None, "plane": None}
            )


# The hook of ``engines.base.Engine``: what Pan Am's board file holds.
PAN_AM_BOARD = BoardFile(
    schema=PanAmBoard,
    problems=board_problems.problems,
    facts=facts,
    from_game=board_game.from_game,
    json_schema="docs/formats/pan-am-board-v1.schema.json",
    holds="its map, routes, track costs and cards",
)
