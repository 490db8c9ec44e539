"""The Pan Am board as the viewer draws it, computed from the state (pure: no Flask).

``board_view(state)`` is what ``templates/engines/pan-am/board.html`` reads (the engine
exposes it as ``engine.board_view``): the route network as SVG geometry and the five
Engineer areas as rows of spaces.

The rulebook has no map, so the network is a schematic, never geography.  The cities
stand on one ring, in sectors by region (the five regions in a fixed order, then the
cities whose region is not declared), in name order within a sector; the ring grows with
the number of cities.  A route is a curve bowed towards the centre, its distance diamond
at the middle of the curve, slid along it when it would cover another diamond.  Every
position follows from the state alone, so a step always draws the same picture.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from engines.pan_am.state import AREAS, DISPLAY_SLOTS, PAN_AM, PLANES, RANGE, REGIONS, SPACES, route_key, route_label

REGION_NAMES = {"ASIA": "Asia", "EUROPE": "Europe", "NORTH_AMERICA": "North America",
                "PACIFIC": "Pacific", "SOUTH_AMERICA": "South America", None: "Region not declared"}
REGION_ABBR = {"ASIA": "AS", "EUROPE": "EU", "NORTH_AMERICA": "NA", "PACIFIC": "PAC",
               "SOUTH_AMERICA": "SA", None: "?"}
AREA_NAMES = {"A": "Airports", "B": "Destinations", "C": "Planes", "D": "Routes", "E": "Directives"}

FONT = 11                 # city labels, in SVG units
REGION_FONT = 12
SLOT = 24                 # arc length per city on the ring
GAP = 1.5                 # empty slots between two sectors
RING_MIN = 150            # the ring's smallest radius
LABEL_GAP = 9             # from a city's dot to its label
BOW = 0.45                # a route's control point: this share of the way from the centre to its chord's middle
DIAMOND = 10              # half the diagonal of a distance diamond
TAG = 14                  # how far below the diamond the owner's tag sits
SLIDES = (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75, 0.18, 0.82)   # where along the curve a diamond may sit
PAD = 10

Box = tuple[float, float, float, float]   # x0, y0, x1, y1


def text_width(text: str, size: float = FONT) -> float:
    """A generous estimate of a label's width in SVG units (no font metrics server-side).

    >>> text_width("Lisbon")
    39.6
    """
    return round(len(text) * 0.6 * size, 1)


def seat_index(state: Mapping[str, Any]) -> dict[str, int]:
    """Each player's seat (0 = the first seat), which picks their colour on the page.

    >>> seat_index({"seats": ["Ann", "Bob"]})
    {'Ann': 0, 'Bob': 1}
    """
    return {name: i for i, name in enumerate(state.get("seats", []))}


def declared_value(state: Mapping[str, Any], key: str) -> Any:
    entry = state.get("declared", {}).get(key)
    return None if entry is None else entry.get("value")


def region_of(state: Mapping[str, Any], city: str) -> str | None:
    """A city's region: on the board, else in the declared registry, else None.

    >>> region_of({"cities": {"Rome": {"region": "EUROPE"}}, "declared": {}}, "Rome")
    'EUROPE'
    >>> region_of({"cities": {}, "declared": {"city_region:Lima": {"value": "SOUTH_AMERICA"}}}, "Lima")
    'SOUTH_AMERICA'
    """
    region = (state.get("cities", {}).get(city) or {}).get("region")
    if region is None:
        region = declared_value(state, f"city_region:{city}")
    return region if region in REGIONS else None


def city_groups(state: Mapping[str, Any]) -> list[tuple[str | None, list[str]]]:
    """The board's cities (and any named only by a route) by region, regions in a fixed
    order and the undeclared last; empty regions left out; names sorted.

    >>> city_groups({"cities": {"Rome": {"region": "EUROPE"}, "Lima": {"region": None},
    ...              "Bangkok": {"region": "ASIA"}, "Paris": {"region": "EUROPE"}}, "routes": {}})
    [('ASIA', ['Bangkok']), ('EUROPE', ['Paris', 'Rome']), (None, ['Lima'])]
    """
    names = set(state.get("cities", {}))
    for route in state.get("routes", {}).values():
        names.update(route.get("cities", []))
    by_region: dict[str | None, list[str]] = {}
    for name in names:
        by_region.setdefault(region_of(state, name), []).append(name)
    return [(region, sorted(by_region[region], key=lambda c: (c.casefold(), c)))
            for region in (*REGIONS, None) if region in by_region]


def _r(value: float) -> float:
    return round(value, 1)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _grow(box: list[float], x0: float, y0: float, x1: float, y1: float) -> None:
    box[0], box[1] = min(box[0], x0), min(box[1], y0)
    box[2], box[3] = max(box[2], x1), max(box[3], y1)


def _label_box(x: float, y: float, width: float, angle: float) -> Box:
    """The box around a label that runs ``width`` outwards from (x, y) along ``angle``."""
    x1, y1 = x + width * math.cos(angle), y + width * math.sin(angle)
    return (min(x, x1) - FONT / 2, min(y, y1) - FONT / 2, max(x, x1) + FONT / 2, max(y, y1) + FONT / 2)


def _bezier(p0: tuple[float, float], c: tuple[float, float], p2: tuple[float, float], t: float) -> tuple[float, float]:
    u = 1 - t
    return (u * u * p0[0] + 2 * u * t * c[0] + t * t * p2[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p2[1])


def network(state: Mapping[str, Any]) -> dict[str, Any]:
    """The route network as SVG geometry (centre 0,0; ``viewbox`` frames everything).

    >>> net = network({"seats": ["Ann"], "cities": {"Rome": {"region": "EUROPE", "airport": "Ann"},
    ...     "Paris": {"region": "EUROPE", "airport": None}}, "declared": {},
    ...     "routes": {"Paris|Rome": {"cities": ["Paris", "Rome"], "distance": 2, "owner": "Ann",
    ...                               "plane": "CLIPPER"}}})
    >>> [(c["name"], c["seat"]) for c in net["cities"]]
    [('Paris', None), ('Rome', 0)]
    >>> route = net["routes"][0]
    >>> route["label"], route["distance"], route["seat"], route["tag"]
    ('Paris–Rome', 2, 0, '✈2')
    >>> network({"cities": {}, "routes": {}})["cities"]
    []
    """
    seats = seat_index(state)
    groups = city_groups(state)
    count = sum(len(cities) for _, cities in groups)
    slots = count + GAP * len(groups) if len(groups) > 1 else max(count, 1)
    ring = max(RING_MIN, slots * SLOT / (2 * math.pi))
    step = 2 * math.pi / max(slots, 1)
    box = [-ring - PAD, -ring - PAD, ring + PAD, ring + PAD]
    sectors: list[dict[str, Any]] = []
    cities: list[dict[str, Any]] = []
    where: dict[str, tuple[float, float]] = {}
    obstacles: list[Box] = []
    position = 0.0
    for region, names in groups:
        first = position
        longest = 0.0
        for name in names:
            angle = -math.pi / 2 + (position + 0.5) * step
            x, y = ring * math.cos(angle), ring * math.sin(angle)
            lx, ly = (ring + LABEL_GAP) * math.cos(angle), (ring + LABEL_GAP) * math.sin(angle)
            width = text_width(name)
            longest = max(longest, width)
            left = math.cos(angle) < -1e-9
            degrees = math.degrees(angle) + (180 if left else 0)
            airport = (state.get("cities", {}).get(name) or {}).get("airport")
            cities.append({
                "name": name, "region": region, "x": _r(x), "y": _r(y), "lx": _r(lx), "ly": _r(ly),
                "rotate": _r(degrees), "anchor": "end" if left else "start",
                "airport": airport, "seat": seats.get(airport) if airport is not None else None,
                "origin": name == state.get("options", {}).get("origin"),
            })
            where[name] = (x, y)
            obstacles.append((x - 7, y - 7, x + 7, y + 7))
            _grow(box, *_label_box(lx, ly, width, angle))
            position += 1
        last = position
        position += GAP
        # The sector: an arc inside the ring, and the region's name beyond its longest label.
        a0, a1 = -math.pi / 2 + (first + 0.1) * step, -math.pi / 2 + (last - 0.1) * step
        inner = ring - 12
        mid = (a0 + a1) / 2
        outer = ring + LABEL_GAP + longest + 14
        label = REGION_NAMES[region]
        cos, sin = math.cos(mid), math.sin(mid)
        anchor = "start" if cos > 0.3 else "end" if cos < -0.3 else "middle"
        tx, ty = outer * cos, outer * sin + (REGION_FONT if sin > 0.3 else 0)
        wide = text_width(label, REGION_FONT * 1.25)
        x0 = tx if anchor == "start" else tx - wide if anchor == "end" else tx - wide / 2
        _grow(box, x0, ty - REGION_FONT, x0 + wide, ty + 4)
        sectors.append({
            "region": region, "name": label, "abbr": REGION_ABBR[region], "count": len(names),
            "arc": (f"M {_r(inner * math.cos(a0))} {_r(inner * math.sin(a0))} "
                    f"A {_r(inner)} {_r(inner)} 0 {1 if a1 - a0 > math.pi else 0} 1 "
                    f"{_r(inner * math.cos(a1))} {_r(inner * math.sin(a1))}"),
            "x": _r(tx), "y": _r(ty), "anchor": anchor,
        })
    routes = [_route(state, key, route, where, seats, obstacles)
              for key, route in sorted(state.get("routes", {}).items()) if len(route.get("cities", [])) == 2]
    return {
        "ring": _r(ring), "sectors": sectors, "cities": cities, "routes": routes,
        "viewbox": f"{_r(box[0] - PAD)} {_r(box[1] - PAD)} {_r(box[2] - box[0] + 2 * PAD)} {_r(box[3] - box[1] + 2 * PAD)}",
    }


def _route(state: Mapping[str, Any], key: str, route: Mapping[str, Any], where: Mapping[str, tuple[float, float]],
           seats: Mapping[str, int], obstacles: list[Box]) -> dict[str, Any]:
    """One route's curve, diamond and tag; the diamond's box joins ``obstacles``."""
    a, b = route["cities"]
    p0, p2 = where[a], where[b]
    control = (BOW * (p0[0] + p2[0]) / 2, BOW * (p0[1] + p2[1]) / 2)
    owner, plane = route.get("owner"), route.get("plane")
    pan_am = owner == PAN_AM
    player = owner is not None and not pan_am
    tag = "PA" if pan_am else (f"✈{RANGE.get(plane, '?')}" if player else None)

    def footprint(t: float) -> Box:
        x, y = _bezier(p0, control, p2, t)
        return (x - DIAMOND - 1, y - DIAMOND - 1, x + DIAMOND + 1, y + (TAG + 7 if tag else DIAMOND + 1))

    best = min(SLIDES, key=lambda t: (sum(_overlap(footprint(t), o) for o in obstacles), SLIDES.index(t)))
    obstacles.append(footprint(best))
    x, y = _bezier(p0, control, p2, best)
    distance = route.get("distance")
    if distance is None:
        distance = declared_value(state, f"route_distance:{route_key([a, b])}")
    return {
        "key": key, "label": route_label(route_key([a, b])), "cities": [a, b], "distance": distance,
        "owner": owner, "pan_am": pan_am, "seat": seats.get(owner) if player else None,
        "plane": plane if player else None, "range": RANGE.get(plane) if player and plane else None, "tag": tag,
        "path": (f"M {_r(p0[0])} {_r(p0[1])} Q {_r(control[0])} {_r(control[1])} {_r(p2[0])} {_r(p2[1])}"),
        "dx": _r(x), "dy": _r(y),
        "diamond": (f"{_r(x)},{_r(y - DIAMOND)} {_r(x + DIAMOND)},{_r(y)} "
                    f"{_r(x)},{_r(y + DIAMOND)} {_r(x - DIAMOND)},{_r(y)}"),
    }


def _engineer(placement: Mapping[str, Any] | None, seats: Mapping[str, int], due: bool) -> dict[str, Any] | None:
    if placement is None:
        return None
    return {"player": placement.get("player"), "seat": seats.get(placement.get("player"), 9),
            "priority": bool(placement.get("priority")), "resolved": bool(placement.get("resolved")),
            "cost": placement.get("cost"), "next": due}


def _next_due(state: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The queue entry of the Engineer to resolve next, during the Resolution phase."""
    resolution = state.get("resolution") or {}
    queue, index = resolution.get("queue") or [], resolution.get("next", 0)
    if state.get("phase") != "RESOLUTION" or not 0 <= index < len(queue):
        return None
    entry: Mapping[str, Any] = queue[index]
    return entry


def _track(state: Mapping[str, Any], area: str, track: str, seats: Mapping[str, int],
           due: Mapping[str, Any] | None) -> dict[str, Any]:
    placement = (state.get("tracks", {}).get(area) or {}).get(track)
    is_due = due is not None and due.get("area") == area and str(due.get("track")) == track
    spaces = []
    for space in SPACES:
        here = placement if placement is not None and placement.get("space") == space else None
        cost = declared_value(state, f"track_cost:{area}:{track}:{space}")
        if cost is None and here is not None:
            cost = here.get("cost")
        spaces.append({"space": space, "cost": cost, "engineer": _engineer(here, seats, is_due)})
    return {"track": track, "spaces": spaces, "taken": placement is not None}


def _sites(state: Mapping[str, Any], area: str, seats: Mapping[str, int],
           due: Mapping[str, Any] | None) -> list[dict[str, Any] | None]:
    placed = (state.get("sites") or {}).get(area) or []
    capacity = ((state.get("board") or {}).get("sites") or {}).get(area) or 0
    return [
        _engineer(site, seats, due is not None and due.get("area") == area and due.get("index") == i)
        for i, site in enumerate(placed)
    ] + [None] * max(0, capacity - len(placed))


def areas(state: Mapping[str, Any]) -> dict[str, Any]:
    """The five areas with this round's Engineers.

    A: the tracks used so far and those the board file lists, in number order; B: one
    track per display space with its card; C: one track per plane, ``covered`` while its
    tile lies on it; D and E: the work sites left to right (empty places up to the
    board's capacity when it is known); ``priority`` the Engineers still waiting for
    Priority Access.

    >>> view = areas({"seats": ["Ann"], "phase": "ASSIGNMENT", "tiles": {"CRUISER": True, "JET": False},
    ...     "display": [{"card": {"city": "Rome", "region": "EUROPE"}, "bonus": 1}] * 4,
    ...     "tracks": {"A": {"2": {"player": "Ann", "space": 3, "cost": 4}}, "B": {}, "C": {}},
    ...     "declared": {"track_cost:A:2:1": {"value": 1}}, "sites": {"D": [{"player": "Ann"}], "E": []},
    ...     "board": {"tracks_a": ["1", "2"], "sites": None}, "priority_queue": []})
    >>> [t["track"] for t in view["A"]], [s["cost"] for s in view["A"][1]["spaces"]]
    (['1', '2'], [1, None, 4, None])
    >>> view["A"][1]["spaces"][2]["engineer"]["player"]
    'Ann'
    >>> [(t["plane"], t["covered"]) for t in view["C"]]
    [('TRIMOTOR', False), ('CLIPPER', False), ('CRUISER', True), ('JET', False)]
    >>> view["B"][0]["card"]["city"], view["B"][0]["bonus"], [s and s["player"] for s in view["D"]]
    ('Rome', 1, ['Ann'])
    """
    seats = seat_index(state)
    due = _next_due(state)
    board = state.get("board") or {}
    tracks_a = set(state.get("tracks", {}).get("A") or {}) | {str(t) for t in board.get("tracks_a") or []}
    display = list(state.get("display") or [])
    tiles = state.get("tiles") or {}
    result: dict[str, Any] = {
        "A": [_track(state, "A", track, seats, due)
              for track in sorted(tracks_a, key=lambda t: (int(t) if t.isdigit() else math.inf, t))],
        "B": [dict(_track(state, "B", slot, seats, due),
                   card=(display[i] or {}).get("card") if i < len(display) else None,
                   bonus=(display[i] or {}).get("bonus", 0) if i < len(display) else 0)
              for i, slot in enumerate(DISPLAY_SLOTS)],
        "C": [dict(_track(state, "C", plane, seats, due), plane=plane, range=RANGE[plane],
                   covered=bool(tiles.get(plane)))
              for plane in PLANES],
        "D": _sites(state, "D", seats, due),
        "E": _sites(state, "E", seats, due),
        "priority": [{"player": name, "seat": seats.get(name, 9)} for name in state.get("priority_queue") or []],
        "due": dict(due) if due is not None else None,
    }
    return result


def board_view(state: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the board partial draws that is not read straight from the state."""
    return {"network": network(state), "areas": areas(state), "seats": seat_index(state),
            "area_names": AREA_NAMES, "area_order": AREAS,
            "region_names": REGION_NAMES, "region_abbr": REGION_ABBR}
