"""Board facts: the few the rulebook states, and the optional board file the table transcribes.

The rulebook has no map, no track costs and no die faces (note A7.1, gaps G1-G3).  Only
what it states is here (``RULEBOOK_FACTS``, note A7.3); everything else is declared by
events or comes from the ``board`` option, an object transcribed from the physical board::

    {"cities": {city: region},
     "routes": [[a, b, distance], ...],
     "paths": {origin: {"SA"|"EU"|"AP": [[a, b], ...]}},     # complete, ordered from the origin
     "tracks": {"A": {track: [c1, c2, c3, c4]}, "B": {"1".."4": [...]}, "C": {plane: [...]}},
     "work_sites": {"D": capacity, "E": capacity},
     "stock_price_track": {"min": lo, "max": hi}}

Every key is optional.  ``load`` turns it into the registry's facts and the ``board``
summary kept in the state; a malformed board is a list of problems (``SetupError``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from engines.base import State, Violation
from engines.declared import Fact, conflicts
from engines.pan_am.state import (
    AREAS,
    BIDDING_AREAS,
    DISPLAY_SLOTS,
    PATHS,
    PLANES,
    REGIONS,
    SPACES,
    route_key,
    route_label,
)

RULEBOOK = "the rulebook"
BOARD_FILE = "the board file"

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
    """What a board (or the rulebook's facts) adds: registry facts, known cities and routes, the summary."""

    facts: list[Fact]
    cities: list[str]
    routes: list[list[str]]
    summary: dict[str, Any]


# -- registry keys ----------------------------------------------------------------------


def region_key(city: str) -> str:
    return f"city_region:{city}"


def distance_key(key: str) -> str:
    return f"route_distance:{key}"


def cost_key(area: str, track: str, space: int) -> str:
    return f"track_cost:{area}:{track}:{space}"


def path_key(origin: str, path: str, k: int) -> str:
    return f"path_route:{origin}:{path}:{k}"


def member_key(origin: str, path: str, key: str) -> str:
    return f"path_member:{origin}:{path}:{key}"


def region_fact(city: str, region: str) -> Fact:
    return Fact(region_key(city), region, f"The region of {city}")


def distance_fact(key: str, distance: int) -> Fact:
    return Fact(distance_key(key), distance, f"Route {route_label(key)} distance")


def cost_fact(area: str, track: str, space: int, cost: int) -> Fact:
    return Fact(cost_key(area, track, space), cost, f"The cost of {track_label(area, track)} space {space}")


def path_fact(origin: str, path: str, k: int, key: str) -> Fact:
    return Fact(path_key(origin, path, k), key, f"Route {k} of the {path} path from {origin}")


def member_fact(origin: str, path: str, key: str) -> Fact:
    return Fact(member_key(origin, path, key), True, f"Route {route_label(key)} on the {path} path from {origin}")


def track_label(area: str, track: str) -> str:
    """ "A1", "B3", "C Clipper"."""
    if area == "C":
        return f"C {str(track).title()}"
    return f"{area}{track}"


# -- loading ----------------------------------------------------------------------------


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
    return Loaded(facts, cities, routes, empty_summary())


def empty_summary() -> dict[str, Any]:
    """The board summary when nothing is transcribed: every board check is ``unverified``."""
    return {"tracks_a": None, "sites": None, "paths": None, "price_range": None, "cities": None, "routes": None}


def _bad(message: str) -> Violation:
    return Violation("options/invalid", "Rules profile", f"Option 'board': {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(value: Any) -> list[str] | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(c, str) and c.strip() for c in value) and value[0] != value[1]:
        return [value[0], value[1]]
    return None


def problems(board: Any) -> list[Violation]:
    """Everything malformed in a board object (empty when it can be loaded)."""
    if not isinstance(board, dict):
        return [_bad("must be an object")]
    out: list[Violation] = []
    known = {"cities", "routes", "paths", "tracks", "work_sites", "stock_price_track"}
    out += [_bad(f"unknown key {key!r}") for key in sorted(set(board) - known)]
    cities = board.get("cities", {})
    if not isinstance(cities, dict) or not all(isinstance(c, str) and r in REGIONS for c, r in cities.items()):
        out.append(_bad(f"'cities' must map each city to one of {', '.join(REGIONS)}"))
        cities = {}
    routes = board.get("routes", [])
    keys: set[str] = set()
    if not isinstance(routes, list):
        out.append(_bad("'routes' must be a list of [city, city, distance]"))
        routes = []
    for entry in routes:
        pair = _pair(entry[:2]) if isinstance(entry, list) and len(entry) == 3 else None
        if pair is None or not _is_int(entry[2]) or not 1 <= entry[2] <= 4:
            out.append(_bad(f"route {entry!r} must be [city, other city, distance 1-4]"))
            continue
        keys.add(route_key(pair))
        if "cities" in board:
            out += [_bad(f"route {route_label(route_key(pair))}: {c} is not in 'cities'") for c in pair if c not in cities]
    out += _path_problems(board.get("paths", {}), keys if "routes" in board else None)
    out += _track_problems(board.get("tracks", {}))
    sites = board.get("work_sites", {})
    if not isinstance(sites, dict) or set(sites) - {"D", "E"} or not all(_is_int(n) and n >= 1 for n in sites.values()):
        out.append(_bad("'work_sites' must give D and E a capacity of at least 1"))
    price = board.get("stock_price_track", {"min": 0, "max": 0})
    if not isinstance(price, dict) or set(price) != {"min", "max"} or not all(_is_int(v) for v in price.values()):
        out.append(_bad("'stock_price_track' must be {min, max}"))
    elif not 0 <= price["min"] <= price["max"]:
        out.append(_bad(f"'stock_price_track' min {price['min']} must be between 0 and max {price['max']}"))
    return out


def _path_problems(paths: Any, routes: set[str] | None) -> list[Violation]:
    if not isinstance(paths, dict) or not all(isinstance(o, str) and isinstance(p, dict) for o, p in paths.items()):
        return [_bad("'paths' must map an origin to {SA|EU|AP: [[city, city], ...]}")]
    out = []
    for origin, by_path in paths.items():
        for path, pairs in by_path.items():
            if path not in PATHS or not isinstance(pairs, list):
                out.append(_bad(f"path {origin}/{path}: a path is one of {', '.join(PATHS)} with a list of routes"))
                continue
            seen: set[str] = set()
            for entry in pairs:
                pair = _pair(entry)
                if pair is None:
                    out.append(_bad(f"path {origin}/{path}: {entry!r} is not [city, other city]"))
                    continue
                key = route_key(pair)
                if key in seen:
                    out.append(_bad(f"path {origin}/{path}: {route_label(key)} is listed twice"))
                seen.add(key)
                if routes is not None and key not in routes:
                    out.append(_bad(f"path {origin}/{path}: {route_label(key)} is not in 'routes'"))
    return out


def _track_problems(tracks: Any) -> list[Violation]:
    if not isinstance(tracks, dict) or set(tracks) - set(BIDDING_AREAS):
        return [_bad("'tracks' must map A, B and C to their tracks")]
    out = []
    allowed = {"B": set(DISPLAY_SLOTS), "C": set(PLANES)}
    for area, by_track in tracks.items():
        if not isinstance(by_track, dict) or not by_track:
            out.append(_bad(f"tracks {area} must map each track to its four costs"))
            continue
        for track, costs in by_track.items():
            if area in allowed and track not in allowed[area]:
                out.append(_bad(f"track {area} {track!r} must be one of {', '.join(sorted(allowed[area]))}"))
            if area == "A" and not (isinstance(track, str) and track.isdigit() and int(track) >= 1):
                out.append(_bad(f"track A {track!r} must be numbered 1, 2, ..."))
            if not (isinstance(costs, list) and len(costs) == len(SPACES) and all(_is_int(c) and c >= 0 for c in costs)):
                out.append(_bad(f"track {track_label(area, str(track))} must list 4 costs of at least 0"))
    return out


def load(board: Mapping[str, Any]) -> Loaded:
    """A well-formed board (``problems`` empty) as registry facts, cities, routes and the summary."""
    facts = [region_fact(city, region) for city, region in board.get("cities", {}).items()]
    routes: list[list[str]] = []
    for a, b, distance in board.get("routes", []):
        facts.append(distance_fact(route_key([a, b]), distance))
        routes.append([a, b])
    summary = empty_summary()
    if "paths" in board:
        summary["paths"] = {}
        for origin, by_path in board["paths"].items():
            summary["paths"][origin] = {}
            for path, pairs in by_path.items():
                keys = [route_key(pair) for pair in pairs]
                summary["paths"][origin][path] = keys
                for k, key in enumerate(keys, start=1):
                    facts += [path_fact(origin, path, k, key), member_fact(origin, path, key)]
                routes += [list(pair) for pair in pairs]
    for area, by_track in board.get("tracks", {}).items():
        for track, costs in by_track.items():
            facts += [cost_fact(area, track, space, cost) for space, cost in zip(SPACES, costs)]
    if "A" in board.get("tracks", {}):
        summary["tracks_a"] = sorted(board["tracks"]["A"], key=int)
    if "work_sites" in board:
        summary["sites"] = {area: board["work_sites"].get(area) for area in AREAS[3:]}
    if "stock_price_track" in board:
        summary["price_range"] = [board["stock_price_track"]["min"], board["stock_price_track"]["max"]]
    if "cities" in board:
        summary["cities"] = sorted(board["cities"])
    if "routes" in board:
        summary["routes"] = sorted(route_key([a, b]) for a, b, _ in board["routes"])
    cities = sorted({c for pair in routes for c in pair} | set(board.get("cities", {})))
    return Loaded(facts, cities, routes, summary)


def rulebook_conflicts(loaded: Loaded, base: Mapping[str, Any], members: bool) -> list[Violation]:
    """A board that contradicts itself or the rulebook's facts (a region, a distance, with
    ``members`` a path member missing from a complete path list) cannot be loaded: the rulebook wins."""
    out = [_bad(v.message) for v in conflicts(base, loaded.facts, BOARD_FILE)]
    if not members:
        return out
    paths = loaded.summary["paths"] or {}
    for origin, by_path in RULEBOOK_FACTS["path_members"].items():
        for path, pairs in by_path.items():
            listed = paths.get(origin, {}).get(path)
            for pair in pairs:
                if listed is not None and route_key(pair) not in listed:
                    out.append(_bad(f"the {path} path from {origin} lacks {route_label(route_key(pair))}, which the rulebook puts on it"))
    return out


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
