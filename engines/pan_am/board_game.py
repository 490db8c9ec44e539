"""``from_game(state)``: the board file of every box fact a game declared, for the next game on that box.

What it holds, and from where:

* ``cities``, ``routes`` (a distance null when it was never declared), ``paths`` (null at a
  position nobody declared), ``path_members``, ``tracks`` (null costs): the declared
  registry, which holds the board the game was recorded on, the rulebook's facts and every
  event's declarations; routes also from the table (a route Pan Am took whose distance
  nobody gave);
* ``work_sites`` and ``stock_price_track``: only the board's (no event declares them);
* ``destination_cards``: every card the game showed (in a hand, the display or the
  discards) and the board's, when its city's region is known;
* ``event_cards``: the board's and every card revealed, with the round it was revealed in;
* ``directive_cards``: the board's, and those whose timing and area the game declared (a
  game on a board with a ``directive_cards`` section declares them for each card played;
  what a card does is only ever the board's: a play may carry the table's choices).

It claims no more than the game showed: ``complete`` is always written, and names only
the sections the game's own board said were whole (a board file without the marker said
so of its ``cities``, ``routes``, ``paths`` and Airport tracks).  A section that is whole
is written as the board had it (with the facts declared since); others hold whatever the
game saw.  What an overridden event made impossible (a route to a city off a complete map,
a second route at one position of a path, an Event card with no price change) is left
out, so that the file has the right shape and no ``problems``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines.base import State
from engines.pan_am.board_problems import DESTINATION_CARDS, EVENT_CARDS, problems
from engines.pan_am.board_schema import A_TRACK, COMPLETABLE, ITEM_SECTIONS, DirectiveCard, EventCard, PanAmBoard
from engines.pan_am.facts import DIRECTIVE_CARD, card_part, cost_key, distance_key, event_key, timing_of
from engines.pan_am.state import DISPLAY_SLOTS, PATHS, PLANES, REGIONS, SPACES, route_key

Registry = Mapping[str, Mapping[str, Any]]
LONGEST_PATH = 100  # positions beyond it are not written (a declared position 10**9 is a typo)


def from_game(state: State) -> dict[str, Any]:
    """The board file of the game at ``state`` (valid under ``PanAmBoard`` and ``problems``)."""
    registry: Registry = state.get("declared") or {}
    summary: Mapping[str, Any] = state.get("board") or {}
    whole = _claimed(summary)
    board: dict[str, Any] = {}
    board["cities"] = _cities(registry, summary)
    board["routes"] = _routes(state, registry, summary, board["cities"] if "cities" in whole else None)
    routes = {route_key(entry[:2]) for entry in board["routes"]} if "routes" in whole else None
    board["paths"] = _paths(registry, summary, routes)
    board["path_members"] = _members(registry, board["paths"], "paths" in whole, routes)
    board["tracks"] = _tracks(registry, summary)
    board.update(_exact(summary))
    board["destination_cards"] = _destinations(state, summary, board["cities"], "destination_cards" in whole)
    board["event_cards"] = _events(state, summary, "event_cards" in whole)
    board["directive_cards"] = _directives(registry, summary, "directive_cards" in whole)
    # The card sections stay, even empty: a game on this board then declares the cards it reveals.
    board = {name: value for name, value in board.items() if value or name in whole or name in ITEM_SECTIONS}
    board["complete"] = [section for section in COMPLETABLE if section in whole and section in board]
    return _usable(board)


def _claimed(summary: Mapping[str, Any]) -> set[str]:
    """The sections the game's board said were whole (as ``board.load`` kept them)."""
    legacy = {"cities": "cities", "routes": "routes", "paths": "paths", "tracks": "tracks_a"}
    whole = {section for section, key in legacy.items() if summary.get(key) is not None}
    return whole | set(summary.get("complete_items") or [])


def _name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _int(value: Any, low: int, high: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)


def _facts(registry: Registry, prefix: str) -> Iterable[tuple[str, Any]]:
    """(the key without its prefix, the value) of every fact of one kind."""
    return ((key[len(prefix):], entry.get("value")) for key, entry in registry.items() if key.startswith(prefix))


def _cities(registry: Registry, summary: Mapping[str, Any]) -> dict[str, str]:
    regions = {city: region for city, region in _facts(registry, "city_region:") if region in REGIONS}
    listed = summary.get("cities")
    if listed is not None:
        return {city: regions[city] for city in sorted(listed) if city in regions}
    return dict(sorted(regions.items()))


def _routes(state: State, registry: Registry, summary: Mapping[str, Any], cities: Mapping[str, str] | None) -> list[list[Any]]:
    """Every known route with its distance (null when never declared); a complete map's as listed."""
    listed = summary.get("routes")
    pairs: dict[str, list[str]] = {}
    if listed is not None:
        pairs = {key: key.split("|") for key in listed}
    else:
        pairs = {key: key.split("|") for key, _ in _facts(registry, "route_distance:")}
        pairs.update({key: list(route.get("cities") or key.split("|")) for key, route in (state.get("routes") or {}).items()})
    out = []
    for key, pair in sorted(pairs.items()):
        if len(pair) != 2 or not all(_name(c) for c in pair) or pair[0] == pair[1]:
            continue
        if cities is not None and not all(c in cities for c in pair):
            continue  # a city off a complete map: only an overridden event put it there
        distance = (registry.get(distance_key(key)) or {}).get("value")
        out.append([*sorted(pair), distance if _int(distance, 1, 4) else None])
    return out


def _paths(registry: Registry, summary: Mapping[str, Any], routes: set[str] | None) -> dict[str, dict[str, list[Any]]]:
    """Each path's routes in order: a complete path as the board listed it, else the declared positions."""
    listed = summary.get("paths")
    if listed is not None:
        return {origin: {path: [key.split("|") for key in keys] for path, keys in by_path.items()}
                for origin, by_path in listed.items()}
    found: dict[str, dict[str, dict[int, str]]] = {}
    for rest, key in _facts(registry, "path_route:"):
        origin, path, k = (rest.rsplit(":", 2) + ["", ""])[:3]
        if path in PATHS and k.isascii() and k.isdigit() and 1 <= int(k) <= LONGEST_PATH and isinstance(key, str):
            found.setdefault(origin, {}).setdefault(path, {})[int(k)] = key
    out: dict[str, dict[str, list[Any]]] = {}
    for origin, by_path in sorted(found.items()):
        for path, positions in sorted(by_path.items()):
            entries: list[Any] = []
            for n in range(1, max(positions) + 1):
                key = positions.get(n)
                usable = key is not None and _pair(key) is not None and key not in {route_key(e) for e in entries if e}
                entries.append(_pair(str(key)) if usable and (routes is None or key in routes) else None)
            while entries and entries[-1] is None:
                entries.pop()
            if entries:
                out.setdefault(origin, {})[path] = entries
    return out


def _pair(key: str) -> list[str] | None:
    pair = key.split("|")
    return pair if len(pair) == 2 and all(_name(c) for c in pair) and pair[0] != pair[1] else None


def _members(registry: Registry, paths: Mapping[str, Any], complete: bool, routes: set[str] | None) -> dict[str, Any]:
    """Routes declared on a path whose place on it is not written in ``paths``."""
    out: dict[str, dict[str, list[list[str]]]] = {}
    for rest, _ in _facts(registry, "path_member:"):
        origin, path, key = (rest.split(":", 2) + ["", ""])[:3]
        pair = _pair(key)
        if path not in PATHS or pair is None or (routes is not None and key not in routes):
            continue
        listed = (paths.get(origin) or {}).get(path)
        if listed is not None and (complete or key in {route_key(entry) for entry in listed if entry}):
            continue  # written in its place; a complete path lists its routes, one it lacks is not on it
        out.setdefault(origin, {}).setdefault(path, []).append(pair)
    return {origin: {path: sorted(pairs) for path, pairs in sorted(by_path.items())} for origin, by_path in sorted(out.items())}


def _tracks(registry: Registry, summary: Mapping[str, Any]) -> dict[str, dict[str, list[int | None]]]:
    """Every bidding track with a known cost (the board's Airport tracks all, when complete)."""
    names: dict[str, set[str]] = {"A": set(), "B": set(), "C": set()}
    for rest, _ in _facts(registry, "track_cost:"):
        area, _, tail = rest.partition(":")
        track = tail.rpartition(":")[0]
        if area in names:
            names[area].add(track)
    if summary.get("tracks_a") is not None:
        names["A"] = {str(t) for t in summary["tracks_a"]}
    valid = {"A": lambda t: bool(A_TRACK.fullmatch(t)), "B": lambda t: t in DISPLAY_SLOTS, "C": lambda t: t in PLANES}
    out: dict[str, dict[str, list[int | None]]] = {}
    for area, tracks in names.items():
        for track in sorted((t for t in tracks if valid[area](t)), key=lambda t: (len(t), t)):
            costs = [(registry.get(cost_key(area, track, space)) or {}).get("value") for space in SPACES]
            out.setdefault(area, {})[track] = [c if _int(c, 0) else None for c in costs]
    return out


def _exact(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The work sites' capacities and the price track: only a board says them."""
    out: dict[str, Any] = {}
    sites = {area: n for area, n in (summary.get("sites") or {}).items() if _int(n, 1)}
    if sites:
        out["work_sites"] = sites
    price = summary.get("price_range")
    if price is not None:
        out["stock_price_track"] = {"min": price[0], "max": price[1]}
    return out


def _destinations(state: State, summary: Mapping[str, Any], cities: Mapping[str, str], complete: bool) -> list[str]:
    """Every Destination card the game showed (or the board's complete list), its city's region known."""
    listed = list(summary.get("destination_cards") or [])
    if complete:
        return [city for city in listed if city in cities]
    seen = [card.get("city") for player in (state.get("players") or {}).values() for card in player.get("destinations") or []]
    seen += [(space.get("card") or {}).get("city") for space in state.get("display") or []]
    seen += [card.get("city") for card in state.get("destination_discards") or []]
    found = sorted({city for city in [*listed, *seen] if _name(city) and city in cities})
    return found[:DESTINATION_CARDS]


def _event_face(name: str, face: Mapping[str, Any]) -> dict[str, Any] | None:
    """A board entry for an Event card, or None when it could not be on a board."""
    adjustment = dict(face.get("stock_adjustment") or {})
    entry: dict[str, Any] = {"name": name, "round": face.get("round"),
                             "stock_adjustment": {k: v for k, v in adjustment.items() if k in ("op", "value") and v is not None},
                             "die_rolls": face.get("die_rolls")}
    if isinstance(face.get("text"), str):
        entry["text"] = face["text"]
    if EventCard().validate(entry):
        return None
    wrong = problems({"event_cards": [entry]})
    return None if wrong else entry


def _events(state: State, summary: Mapping[str, Any], complete: bool) -> list[dict[str, Any]]:
    """The board's Event cards (with a text a reveal gave) and every card revealed (the first
    face of a name wins)."""
    registry = state.get("declared") or {}
    faces: dict[str, Mapping[str, Any]] = {
        name: {**face, "text": face.get("text") or (registry.get(event_key(name, "text")) or {}).get("value")}
        for name, face in (summary.get("event_cards") or {}).items()}
    if not complete:
        for card in state.get("event_cards") or []:
            if _name(card.get("name")):
                faces.setdefault(card["name"], card)
    entries = [entry for name, face in faces.items() if (entry := _event_face(name, face)) is not None]
    return sorted(entries, key=lambda e: (e["round"], e["name"]))[:EVENT_CARDS]


def _directive_face(name: str, face: Mapping[str, Any]) -> dict[str, Any] | None:
    """A board entry for a Directive card (its effects only when a board can hold them)."""
    entry: dict[str, Any] = {"name": name, "timing": face.get("timing")}
    for part in ("area", "text"):
        if face.get(part) is not None:
            entry[part] = face[part]
    if face.get("effects") is not None and not DirectiveCard().validate({**entry, "effects": face["effects"]}):
        entry["effects"] = face["effects"]
    if DirectiveCard().validate(entry) or problems({"directive_cards": [entry]}):
        return None
    return entry


def _directives(registry: Registry, summary: Mapping[str, Any], complete: bool) -> list[dict[str, Any]]:
    """The board's Directive cards and those whose faces the game declared."""
    faces: dict[str, dict[str, Any]] = {name: dict(face) for name, face in (summary.get("directive_cards") or {}).items()}
    if not complete:
        declared: dict[str, dict[str, Any]] = {}
        for rest, value in _facts(registry, DIRECTIVE_CARD):
            name, part = card_part(DIRECTIVE_CARD + rest, DIRECTIVE_CARD)
            declared.setdefault(name, {})[part] = timing_of(value) if part == "timing" else value
        for name, face in declared.items():
            faces.setdefault(name, face)
    entries = [entry for name, face in sorted(faces.items()) if _name(name) and (entry := _directive_face(name, face))]
    return entries


def _usable(board: dict[str, Any]) -> dict[str, Any]:
    """The file, less any section that still has the wrong shape or a problem (none should:
    every section above is built to avoid them; this keeps the promise if one slips)."""
    for _ in range(len(COMPLETABLE) + 8):
        shape = PanAmBoard().validate(board)
        wrong = set(shape) or {problem.field.split(".")[0] for problem in problems(board)}
        if not wrong:
            return board
        for section in wrong - {"complete"}:
            board.pop(section, None)
        board["complete"] = [s for s in board.get("complete", []) if s in board]
    return {"complete": []}

