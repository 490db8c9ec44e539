"""The Pan Am board as the viewer draws it, computed from the state (pure: no Flask).

``board_view(state)`` is what ``templates/engines/pan-am/board.html`` reads (the engine
exposes it as ``engine.board_view``): the route network as SVG geometry and the five
Engineer areas as rows of spaces.

The rulebook has no map, so the network is a schematic, never geography.  The cities
stand on one ring, in sectors by region (the five regions in a fixed order, then the
cities whose region is not declared), in name order within a sector; the ring grows with
the number of cities.  A route is a curve bowed towards the centre, its distance diamond
at the middle of the curve, slid along it (or the curve bowed deeper or shallower) when it
would cover another diamond.  Inside a
sector the cities are ordered so that a city sits near the cities it has routes to (names
break ties), which keeps most routes short and few of them crossing.  Every position
follows from the state alone, so a step always draws the same picture.

Players' pieces are drawn in their **box colour** (``state["colours"]``: the planes, Airports
and Engineers on the table), never in the app's seat colours, and always with the player's
initial beside the colour (``marks``), so colour is never the only signal.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from engines.content_cache import BoundedCache, content_digest
from engines.pan_am.facts import cost_key, distance_key, region_key
from engines.pan_am.state import AREAS, DISPLAY_SLOTS, PAN_AM, PLANES, RANGE, REGIONS, SPACES, route_key, route_label
from engines.pan_am.table import known_a_tracks

REGION_NAMES = {"ASIA": "Asia", "EUROPE": "Europe", "NORTH_AMERICA": "North America",
                "PACIFIC": "Pacific", "SOUTH_AMERICA": "South America", None: "Region not declared"}
REGION_ABBR = {"ASIA": "AS", "EUROPE": "EU", "NORTH_AMERICA": "NA", "PACIFIC": "PAC",
               "SOUTH_AMERICA": "SA", None: "?"}
BOX_COLOURS = ("red", "green", "blue", "yellow")   # the box's four; any other name is drawn grey
AREA_NAMES = {"A": "Airports", "B": "Destinations", "C": "Planes", "D": "Routes", "E": "Directives"}

FONT = 11                 # city labels, in SVG units
REGION_FONT = 9          # the region's abbreviation, on a pill inside its arc
SLOT = 24                 # arc length per city on the ring
GAP = 1.5                 # empty slots between two sectors
RING_MIN = 150            # the ring's smallest radius
LABEL_GAP = 9             # from a city's dot to its label
BOWS = (0.45, 0.2, 0.7)   # a route's control point: this share of the way from the centre to its chord's
                          # middle; the first unless its diamond would cover something (then the next)
DIAMOND = 10              # half the diagonal of a distance diamond
TAG = 14                  # how far below the diamond the owner's tag sits
SLIDES = (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75, 0.18, 0.82)   # where along the curve a diamond may sit
PAD = 10
ORDER_PASSES = 4          # rounds of "sit near your neighbours" inside each sector

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


# The pages' seat colours (``recorder/views/seat_colours.py``) for the box's four: the pieces'
# colours of pan-am.css, yellow a shade deeper so that a line of the score chart shows on white.
SEAT_HEX = {"red": "#c62828", "green": "#2e7d32", "blue": "#1565c0", "yellow": "#b58900"}


def seat_colours(state: Mapping[str, Any]) -> list[str | None]:
    """Each seat's colour for the pages' chrome (standings, chart, seat dots): the colour of
    the player's pieces, so a player looks the same on the board and beside it; None for a
    colour name the box does not have (the page keeps its own).

    >>> seat_colours({"seats": ["Ann", "Bob", "Cy"], "colours": {"Ann": "red", "Bob": "Yellow", "Cy": "teal"}})
    ['#c62828', '#b58900', None]
    """
    return [SEAT_HEX.get(box_class(state["colours"].get(name))) for name in state["seats"]]


def box_class(colour: Any) -> str:
    """The CSS suffix of a box colour: one of the box's four, else ``other`` (drawn grey).

    >>> box_class("Red"), box_class("purple"), box_class(None)
    ('red', 'other', 'other')
    """
    name = str(colour or "").strip().lower()
    return name if name in BOX_COLOURS else "other"


def initials(names: list[str]) -> dict[str, str]:
    """Each player's shortest distinct prefix (up to 3 letters), the text beside their colour.

    >>> initials(["Ruby", "Archer", "Genevieve"])
    {'Ruby': 'R', 'Archer': 'A', 'Genevieve': 'G'}
    >>> initials(["Ann", "Anna", "Bob"])
    {'Ann': 'Ann', 'Anna': 'Ann', 'Bob': 'B'}
    """
    out = {}
    for name in names:
        text = name.strip() or "?"
        for size in range(1, 4):
            prefix = text[:size]
            if not any(other != name and other.strip()[:size].casefold() == prefix.casefold() for other in names):
                break
        out[name] = prefix
    return out


def marks(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """How each player's pieces look: seat, box colour (its name and CSS class) and initial.

    >>> marks({"seats": ["Ann", "Bob"], "colours": {"Ann": "red", "Bob": "purple"}})["Bob"]
    {'seat': 1, 'colour': 'purple', 'box': 'other', 'initial': 'B'}
    """
    seats = list(state.get("seats", []))
    colours = state.get("colours") or {}
    short = initials(seats)
    return {name: {"seat": i, "colour": colours.get(name), "box": box_class(colours.get(name)), "initial": short[name]}
            for i, name in enumerate(seats)}


def _mark(marks_: Mapping[str, Mapping[str, Any]], name: Any) -> Mapping[str, Any]:
    return marks_.get(name) or {"seat": None, "colour": None, "box": "other", "initial": str(name or "?")[:1]}


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
        region = declared_value(state, region_key(city))
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


def _ordered(state: Mapping[str, Any], groups: list[tuple[str | None, list[str]]]) -> list[tuple[str | None, list[str]]]:
    """The sectors' cities reordered so that each sits near the cities it has routes to.

    A few passes of the barycentre rule: a city's wish is the mean direction of its
    neighbours seen from the centre, measured from its sector's middle; a sector sorts its
    cities by wish (a city with no route keeps its place), names breaking ties.

    >>> state = {"cities": {n: {"region": "EUROPE"} for n in ("Athens", "Berlin", "Cairo")},
    ...          "routes": {"x": {"cities": ["Athens", "Lima"]}}, "declared": {}}
    >>> state["cities"].update(Lima={"region": "SOUTH_AMERICA"}, Delhi={"region": "ASIA"})
    >>> _ordered(state, city_groups(state))   # Athens moves to the end nearest Lima
    [('ASIA', ['Delhi']), ('EUROPE', ['Berlin', 'Cairo', 'Athens']), ('SOUTH_AMERICA', ['Lima'])]
    """
    neighbours: dict[str, list[str]] = {}
    for route in state.get("routes", {}).values():
        ends = route.get("cities", [])
        if len(ends) == 2 and ends[0] != ends[1]:
            neighbours.setdefault(ends[0], []).append(ends[1])
            neighbours.setdefault(ends[1], []).append(ends[0])
    groups = [(region, list(names)) for region, names in groups]
    if len(groups) < 2:
        return groups
    for _ in range(ORDER_PASSES):
        angle, middle = _angles(groups)
        changed = False
        for region, names in groups:
            centre = middle[region]

            def wish(i: int, name: str, angle: dict[str, float] = angle,
                     centre: float = centre) -> tuple[float, float, str]:
                near = neighbours.get(name) or []
                if not near:
                    own = _wrap(angle[name] - centre)
                    return (own, 0.0, name)
                x = sum(math.cos(angle[n]) for n in near)
                y = sum(math.sin(angle[n]) for n in near)
                if abs(x) < 1e-9 and abs(y) < 1e-9:
                    return (_wrap(angle[name] - centre), 0.0, name)
                return (_wrap(math.atan2(y, x) - centre), 1.0, name)

            ranked = [name for _, name in sorted(enumerate(names), key=lambda item: (round(wish(*item)[0], 6), item[1].casefold(), item[1]))]
            if ranked != names:
                names[:] = ranked
                changed = True
        if not changed:
            break
    return groups


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def _angles(groups: list[tuple[str | None, list[str]]]) -> tuple[dict[str, float], dict[str | None, float]]:
    """Each city's angle on the ring, and each sector's middle angle, for this order."""
    count = sum(len(names) for _, names in groups)
    slots = count + GAP * len(groups) if len(groups) > 1 else max(count, 1)
    step = 2 * math.pi / max(slots, 1)
    angle: dict[str, float] = {}
    middle: dict[str | None, float] = {}
    position = 0.0
    for region, names in groups:
        first = position
        for name in names:
            angle[name] = -math.pi / 2 + (position + 0.5) * step
            position += 1
        middle[region] = -math.pi / 2 + (first + position) / 2 * step
        position += GAP
    return angle, middle


# The parts of the state the network is drawn from.  It changes only when a city, a route,
# a seat or a declaration does, while the viewer draws every step: consecutive frames
# share one layout (the route placement search is the costliest thing a frame does).
NETWORK_INPUTS = ("seats", "colours", "cities", "routes")
# Of the declarations, the layout reads cities' regions and routes' distances, and only
# their values (not who declared them, nor the track costs, a third of the registry).
NETWORK_DECLARED = (region_key(""), distance_key(""))


def network(state: Mapping[str, Any]) -> dict[str, Any]:
    """The route network as SVG geometry, computed once per distinct network (see
    ``NETWORK_INPUTS``): the layout only ever sees those parts of the state, so the
    cache cannot serve a picture of anything else.  Callers must not change the result.
    """
    return network_and_key(state)[0]


def network_and_key(state: Mapping[str, Any]) -> tuple[dict[str, Any], bytes | None]:
    """The network, and the digest of everything it was drawn from (None when the state
    holds what has no digest): equal digests, equal networks, so the digest can stand
    for the network in the key of a board part.

    >>> state = {"seats": ["Ann"], "colours": {}, "routes": {}, "cities": {"Rome": {"region": "EUROPE"}},
    ...          "declared": {"track_cost:A:1:1": {"value": 1, "at": 3, "label": "Track 1"}}}
    >>> net, key = network_and_key(state)
    >>> state["declared"]["track_cost:A:1:2"] = {"value": 2, "at": 4, "label": "Track 1"}
    >>> network_and_key(state)[1] == key, network_and_key(state)[0] is net
    (True, True)
    """
    inputs = {name: state.get(name) for name in NETWORK_INPUTS}
    inputs["declared"] = {key: entry.get("value") for key, entry in (state.get("declared") or {}).items()
                          if key.startswith(NETWORK_DECLARED)}
    inputs["options"] = {"origin": (state.get("options") or {}).get("origin")}
    key = content_digest(inputs)
    drawn = _NETWORKS.get(key) if key is not None else None
    if drawn is None:
        seen = {name: value for name, value in as_json(inputs).items() if value is not None}
        seen["declared"] = {name: {"value": value} for name, value in seen["declared"].items()}
        drawn = _network(seen)
        if key is not None:
            _NETWORKS.put(key, drawn)
    return drawn, key


_NETWORKS: BoundedCache[dict[str, Any]] = BoundedCache(capacity=256)  # distinct networks kept


def as_json(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples as lists): what the layout was written for."""
    return json.loads(json.dumps(value))


def _network(state: Mapping[str, Any]) -> dict[str, Any]:
    """The route network as SVG geometry (centre 0,0; ``viewbox`` frames everything).

    >>> net = network({"seats": ["Ann"], "colours": {"Ann": "red"},
    ...     "cities": {"Rome": {"region": "EUROPE", "airport": "Ann"},
    ...     "Paris": {"region": "EUROPE", "airport": None}}, "declared": {},
    ...     "routes": {"Paris|Rome": {"cities": ["Paris", "Rome"], "distance": 2, "owner": "Ann",
    ...                               "plane": "CLIPPER"}}})
    >>> [(c["name"], c["box"], c["initial"]) for c in net["cities"]]
    [('Paris', None, None), ('Rome', 'red', 'A')]
    >>> route = net["routes"][0]
    >>> route["label"], route["distance"], route["box"], route["tag"]
    ('Paris–Rome', 2, 'red', 'A✈2')
    >>> network({"cities": {}, "routes": {}})["cities"]
    []
    """
    looks = marks(state)
    groups = _ordered(state, city_groups(state))
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
        for name in names:
            angle = -math.pi / 2 + (position + 0.5) * step
            x, y = ring * math.cos(angle), ring * math.sin(angle)
            lx, ly = (ring + LABEL_GAP) * math.cos(angle), (ring + LABEL_GAP) * math.sin(angle)
            width = text_width(name)
            left = math.cos(angle) < -1e-9
            degrees = math.degrees(angle) + (180 if left else 0)
            airport = (state.get("cities", {}).get(name) or {}).get("airport")
            look = _mark(looks, airport) if airport is not None else None
            cities.append({
                "name": name, "region": region, "x": _r(x), "y": _r(y), "lx": _r(lx), "ly": _r(ly),
                "rotate": _r(degrees), "anchor": "end" if left else "start",
                "airport": airport, "seat": look["seat"] if look else None,
                "box": look["box"] if look else None, "initial": look["initial"] if look else None,
                "origin": name == state.get("options", {}).get("origin"),
            })
            where[name] = (x, y)
            obstacles.append((x - 8, y - 8, x + 8, y + 8))
            _grow(box, *_label_box(lx, ly, width, angle))
            position += 1
        last = position
        position += GAP
        # The sector: an arc inside the ring, and the region's abbreviation on a pill on the
        # arc (the full name is in the legend and the pill's title).
        a0, a1 = -math.pi / 2 + (first + 0.1) * step, -math.pi / 2 + (last - 0.1) * step
        inner = ring - 12
        mid = (a0 + a1) / 2
        label = REGION_NAMES[region]
        abbr = REGION_ABBR[region]
        # On the arc, between two cities (an odd count would put it on the middle city).
        at = mid + (step / 2 if len(names) % 2 else 0) if len(names) > 1 else mid
        tx, ty = inner * math.cos(at), inner * math.sin(at)
        wide = text_width(abbr, REGION_FONT) + 8
        obstacles.append((tx - wide / 2 - 2, ty - 8, tx + wide / 2 + 2, ty + 8))
        sectors.append({
            "region": region, "name": label, "abbr": abbr, "count": len(names),
            "arc": (f"M {_r(inner * math.cos(a0))} {_r(inner * math.sin(a0))} "
                    f"A {_r(inner)} {_r(inner)} 0 {1 if a1 - a0 > math.pi else 0} 1 "
                    f"{_r(inner * math.cos(a1))} {_r(inner * math.sin(a1))}"),
            "x": _r(tx), "y": _r(ty), "width": _r(wide),
        })
    routes = [_route(state, key, route, where, looks, obstacles)
              for key, route in sorted(state.get("routes", {}).items()) if len(route.get("cities", [])) == 2]
    return {
        "ring": _r(ring), "sectors": sectors, "cities": cities, "routes": routes,
        "viewbox": f"{_r(box[0] - PAD)} {_r(box[1] - PAD)} {_r(box[2] - box[0] + 2 * PAD)} {_r(box[3] - box[1] + 2 * PAD)}",
    }


def _route(state: Mapping[str, Any], key: str, route: Mapping[str, Any], where: Mapping[str, tuple[float, float]],
           looks: Mapping[str, Mapping[str, Any]], obstacles: list[Box]) -> dict[str, Any]:
    """One route's curve, diamond and tag; the diamond's box joins ``obstacles``."""
    a, b = route["cities"]
    p0, p2 = where[a], where[b]
    owner, plane = route.get("owner"), route.get("plane")
    pan_am = owner == PAN_AM
    player = owner is not None and not pan_am
    look = _mark(looks, owner) if player else None
    tag = "PA" if pan_am else (f"{look['initial']}✈{RANGE.get(str(plane), '?')}" if look else None)

    def control(bow: float) -> tuple[float, float]:
        return (bow * (p0[0] + p2[0]) / 2, bow * (p0[1] + p2[1]) / 2)

    def footprint(bow: float, t: float) -> Box:
        x, y = _bezier(p0, control(bow), p2, t)
        return (x - DIAMOND - 1, y - DIAMOND - 1, x + DIAMOND + 1, y + (TAG + 7 if tag else DIAMOND + 1))

    def covered(choice: tuple[int, tuple[float, float]]) -> tuple[int, int]:
        """How much this placement would cover (rounded), then its rank: the first least wins."""
        index, (bow, t) = choice
        box = footprint(bow, t)
        return round(sum(_overlap(box, o) for o in obstacles)), index

    _, (bow, best) = min(enumerate((bow, t) for bow in BOWS for t in SLIDES), key=covered)
    obstacles.append(footprint(bow, best))
    x, y = _bezier(p0, control(bow), p2, best)
    cx, cy = control(bow)
    distance = route.get("distance")
    if distance is None:
        distance = declared_value(state, distance_key(route_key([a, b])))
    return {
        "key": key, "label": route_label(route_key([a, b])), "cities": [a, b], "distance": distance,
        "owner": owner, "pan_am": pan_am, "seat": look["seat"] if look else None,
        "box": look["box"] if look else None, "colour": look["colour"] if look else None,
        "plane": plane if player else None, "range": RANGE.get(plane) if player and plane else None, "tag": tag,
        "tag_width": max(22, round(text_width(tag, 8) + 8)) if tag else 0,
        "path": (f"M {_r(p0[0])} {_r(p0[1])} Q {_r(cx)} {_r(cy)} {_r(p2[0])} {_r(p2[1])}"),
        "dx": _r(x), "dy": _r(y),
        "diamond": (f"{_r(x)},{_r(y - DIAMOND)} {_r(x + DIAMOND)},{_r(y)} "
                    f"{_r(x)},{_r(y + DIAMOND)} {_r(x - DIAMOND)},{_r(y)}"),
    }


def _engineer(placement: Mapping[str, Any] | None, looks: Mapping[str, Mapping[str, Any]], due: bool) -> dict[str, Any] | None:
    if placement is None:
        return None
    look = _mark(looks, placement.get("player"))
    return {"player": placement.get("player"), "seat": look["seat"], "box": look["box"], "initial": look["initial"],
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


def _track(state: Mapping[str, Any], area: str, track: str, seats: Mapping[str, Mapping[str, Any]],
           due: Mapping[str, Any] | None) -> dict[str, Any]:
    placement = (state.get("tracks", {}).get(area) or {}).get(track)
    is_due = due is not None and due.get("area") == area and str(due.get("track")) == track
    spaces = []
    for space in SPACES:
        here = placement if placement is not None and placement.get("space") == space else None
        cost = declared_value(state, cost_key(area, track, space))
        if cost is None and here is not None:
            cost = here.get("cost")
        spaces.append({"space": space, "cost": cost, "engineer": _engineer(here, seats, is_due)})
    return {"track": track, "spaces": spaces, "taken": placement is not None}


def _sites(state: Mapping[str, Any], area: str, seats: Mapping[str, Mapping[str, Any]],
           due: Mapping[str, Any] | None) -> list[dict[str, Any] | None]:
    placed = (state.get("sites") or {}).get(area) or []
    capacity = ((state.get("board") or {}).get("sites") or {}).get(area) or 0
    return [
        _engineer(site, seats, due is not None and due.get("area") == area and due.get("index") == i)
        for i, site in enumerate(placed)
    ] + [None] * max(0, capacity - len(placed))


def areas(state: Mapping[str, Any], looks: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The five areas with this round's Engineers (``looks``: ``marks(state)``, when known).

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
    seats = marks(state) if looks is None else looks
    due = _next_due(state)
    # Every A track known (earlier rounds' too), and any used this round off the board's list.
    tracks_a = set(known_a_tracks(state)) | set(state["tracks"]["A"])
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
        "priority": [_engineer({"player": name}, seats, False) for name in state.get("priority_queue") or []],
        "due": dict(due) if due is not None else None,
    }
    return result


def board_view(state: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the board partial draws that is not read straight from the state;
    ``network_key`` stands for the network in the keys of the board's parts."""
    drawn, key = network_and_key(state)
    looks = marks(state)
    return {"network": drawn, "network_key": key, "areas": areas(state, looks), "seats": seat_index(state), "marks": looks,
            "area_names": AREA_NAMES, "area_order": AREAS,
            "region_names": REGION_NAMES, "region_abbr": REGION_ABBR}
