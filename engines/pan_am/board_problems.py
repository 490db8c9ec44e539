"""What the rulebook or the board file's own consistency rules out, in a file of the right
shape (``board_schema``): one ``BoardProblem`` per entry, each with its stable code.

======  =====================================  ==============================================================
code    rule                                   what it refuses
======  =====================================  ==============================================================
PA-B01  Board file                             a route to a city missing from a complete ``cities``
PA-B02  Routes                                 a route (in ``routes``, ``paths`` or ``path_members``) from a
                                               city to itself: "a line between two cities"
PA-B03  Board file                             one route listed twice with two different distances
PA-B04  4. Pan Am Phase: Expansion Step        one route twice on the same path
PA-B05  Board file                             a path's route missing from a complete ``routes``
PA-B06  Board file                             an unknown position (null) on a path said to be complete
PA-B07  Board file                             a route put on a path (``path_members``) that the path's
                                               complete list lacks
PA-B08  Pan Am Stock Price track               a price track whose lowest price is above its highest
PA-B09  Board file                             ``complete`` naming a section the file does not hold
PA-B10  Components                             more than the 50 Destination cards, or a complete list of
                                               other than 50
PA-B11  Board file                             one Destination card listed twice (one card per city)
PA-B12  Destinations                           a Destination card whose city has no region in ``cities``
                                               (its colour is its city's region)
PA-B13  Components                             more than the 28 Event cards, or a complete list of other
                                               than 28
PA-B14  Board file                             two Event cards of one name
PA-B15  1. Event Phase: Stock Price Step       an Event card that moves the price by more than one, or sets
                                               it to no number or below $1
PA-B16  Components                             more than the 40 Directive cards
PA-B17  Board file                             two Directive cards of one name
PA-B18  Directive Cards                        a printed phase and step that do not go together, or an
                                               Engineer's area on a card not played in the Resolution phase
                                               (or another area than its step)
======  =====================================  ==============================================================

PA-B19 (a file contradicting the facts the rulebook states) depends on the rules profile
(``rulebook_facts``), so it is judged at set-up (``rulebook_problems``), not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engines.base import BoardProblem
from engines.declared import Fact, conflicts
from engines.pan_am.board_schema import LEGACY_COMPLETE
from engines.pan_am.facts import BOARD_FILE
from engines.pan_am.state import route_key, route_label

FILE = "Board file"
DESTINATION_CARDS, EVENT_CARDS = 50, 28
DIRECTIVE_CARDS = 40
STEPS = {"EVENT": ("REVEAL", "STOCK_PRICE"), "ENGINEER": ("PRIORITY_ACCESS", "ASSIGNMENT"),
         "RESOLUTION": ("A", "B", "C", "D", "E"), "PAN_AM": ("EXPANSION", "INCOME", "STOCK")}


def completes(board: Mapping[str, Any]) -> set[str]:
    """The sections the file says are whole: its ``complete`` marker, else (a file written
    before the marker) ``cities``, ``routes``, ``paths`` and the Airport tracks when present."""
    if "complete" in board:
        return set(board["complete"])
    legacy = {section for section in LEGACY_COMPLETE if section in board}
    if "A" not in board.get("tracks", {}):
        legacy.discard("tracks")
    return legacy


def problems(board: Mapping[str, Any]) -> list[BoardProblem]:
    """Every problem of a board of the right shape (empty when a game can start on it)."""
    whole = completes(board)
    return [*_marker(board), *_routes(board, whole), *_paths(board, whole), *_members(board, whole),
            *_price(board), *_destinations(board, whole), *_events(board, whole), *_directives(board)]


def _problem(field: str, code: str, rule: str, message: str) -> BoardProblem:
    return BoardProblem(field, code, rule, message)


def _marker(board: Mapping[str, Any]) -> Iterator[BoardProblem]:
    for i, section in enumerate(board.get("complete", [])):
        # PA-B09: a section said to be complete is in the file (the Airport tracks for "tracks").
        if section not in board or (section == "tracks" and "A" not in board["tracks"]):
            held = "tracks.A (the Airport tracks)" if section == "tracks" else repr(section)
            yield _problem(f"complete.{i}", "PA-B09", FILE, f"'complete' names {held}, which the file does not hold")


def _routes(board: Mapping[str, Any], whole: set[str]) -> Iterator[BoardProblem]:
    cities = board.get("cities", {})
    distances: dict[str, int] = {}
    for i, (a, b, distance) in enumerate(board.get("routes", [])):
        field = f"routes.{i}"
        if a == b:
            # PA-B02: "A Route is a line between two cities".
            yield _problem(field, "PA-B02", "Routes", f"Route {a}–{b} joins {a} to itself")
            continue
        key = route_key([a, b])
        # PA-B01: with the whole map in 'cities', a route's cities are on it.
        if "cities" in whole:
            for city in (a, b):
                if city not in cities:
                    yield _problem(field, "PA-B01", FILE, f"Route {route_label(key)}: {city} is not in 'cities'")
        known = distances.setdefault(key, distance) if distance is not None else None
        # PA-B03: a route has one distance.
        if known is not None and known != distance:
            yield _problem(field, "PA-B03", FILE, f"Route {route_label(key)} is listed with distance {known} and {distance}")


def _route_keys(board: Mapping[str, Any], whole: set[str]) -> set[str] | None:
    """The routes of a complete map (None when the file does not say it holds them all)."""
    if "routes" not in whole:
        return None
    return {route_key([a, b]) for a, b, _ in board.get("routes", [])}


def _paths(board: Mapping[str, Any], whole: set[str]) -> Iterator[BoardProblem]:
    routes = _route_keys(board, whole)
    for origin, by_path in board.get("paths", {}).items():
        for path, pairs in by_path.items():
            seen: set[str] = set()
            for k, pair in enumerate(pairs):
                field = f"paths.{origin}.{path}.{k}"
                if pair is None:
                    # PA-B06: a path said to be complete has no unknown position.
                    if "paths" in whole:
                        yield _problem(field, "PA-B06", FILE, f"Route {k + 1} of the {path} path from {origin} is not known, "
                                                            "but 'paths' is said to be complete")
                    continue
                yield from _path_route(field, pair, routes, f"the {path} path from {origin}")
                if pair[0] == pair[1]:
                    continue
                key = route_key(list(pair))
                # PA-B04: "follow each indicated path ... until you find a Route": each route once.
                if key in seen:
                    yield _problem(field, "PA-B04", "4. Pan Am Phase: Expansion Step",
                                   f"Route {route_label(key)} is listed twice on the {path} path from {origin}")
                seen.add(key)


def _path_route(field: str, pair: Any, routes: set[str] | None, where: str) -> Iterator[BoardProblem]:
    a, b = pair
    if a == b:
        yield _problem(field, "PA-B02", "Routes", f"Route {a}–{b} on {where} joins {a} to itself")
        return
    key = route_key([a, b])
    # PA-B05: with the whole map in 'routes', a path follows its routes.
    if routes is not None and key not in routes:
        yield _problem(field, "PA-B05", FILE, f"Route {route_label(key)} on {where} is not in 'routes'")


def _members(board: Mapping[str, Any], whole: set[str]) -> Iterator[BoardProblem]:
    routes = _route_keys(board, whole)
    paths = board.get("paths", {}) if "paths" in whole else {}
    for origin, by_path in board.get("path_members", {}).items():
        for path, pairs in by_path.items():
            listed = paths.get(origin, {}).get(path)
            for i, pair in enumerate(pairs):
                field = f"path_members.{origin}.{path}.{i}"
                found = list(_path_route(field, pair, routes, f"the {path} path from {origin}"))
                yield from found
                key = route_key(list(pair))
                # PA-B07: a route on a path is on its complete list.
                if not found and listed is not None and key not in {route_key(list(p)) for p in listed if p is not None}:
                    yield _problem(field, "PA-B07", FILE, f"Route {route_label(key)} is put on the {path} path from {origin}, "
                                                        "which does not list it")


def _price(board: Mapping[str, Any]) -> Iterator[BoardProblem]:
    track = board.get("stock_price_track")
    # PA-B08: the Stock Price track runs from its lowest price up to its highest.
    if track is not None and track["min"] > track["max"]:
        yield _problem("stock_price_track", "PA-B08", "Pan Am Stock Price track",
                       f"The Stock Price track's lowest price ${track['min']} is above its highest ${track['max']}")


def _count(section: str, listed: list[Any], box: int, whole: set[str], what: str) -> Iterator[BoardProblem]:
    """PA-B10, PA-B13: the box holds ``box`` cards; a complete list holds them all."""
    code = {"destination_cards": "PA-B10", "event_cards": "PA-B13"}[section]
    if len(listed) > box:
        yield _problem(section, code, "Components", f"The box has {box} {what}, not {len(listed)}")
    elif section in whole and len(listed) != box:
        yield _problem(section, code, "Components", f"A complete list of {what} has all {box} of them, not {len(listed)}")


def _twice(section: str, names: Iterable[str], code: str, what: str, suffix: str = "") -> Iterator[BoardProblem]:
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            yield _problem(f"{section}.{i}{suffix}", code, FILE, f"{what} {name!r} is listed twice")
        seen.add(name)


def _destinations(board: Mapping[str, Any], whole: set[str]) -> Iterator[BoardProblem]:
    if "destination_cards" not in board:
        return
    cards = board["destination_cards"]
    yield from _count("destination_cards", cards, DESTINATION_CARDS, whole, "Destination cards")
    # PA-B11: one Destination card per city.
    yield from _twice("destination_cards", cards, "PA-B11", "The Destination card of")
    cities = board.get("cities", {})
    for i, city in enumerate(cards):
        # PA-B12: "five different colors of Destination cards representing regions".
        if city not in cities:
            yield _problem(f"destination_cards.{i}", "PA-B12", "Destinations",
                           f"The Destination card of {city} needs its colour: {city} has no region in 'cities'")


def _events(board: Mapping[str, Any], whole: set[str]) -> Iterator[BoardProblem]:
    if "event_cards" not in board:
        return
    cards = board["event_cards"]
    yield from _count("event_cards", cards, EVENT_CARDS, whole, "Event cards")
    yield from _twice("event_cards", (card["name"] for card in cards), "PA-B14", "The Event card", ".name")
    for i, card in enumerate(cards):
        adjustment = card["stock_adjustment"]
        op, value = adjustment["op"], adjustment.get("value")
        # PA-B15: "Move the Stock Price up by one ... down by one ... Set the Stock Price to the indicated number".
        if op == "set" and (value is None or value < 1):
            yield _problem(f"event_cards.{i}.stock_adjustment", "PA-B15", "1. Event Phase: Stock Price Step",
                           f"Event card {card['name']!r} sets the Stock Price: it shows a number of at least $1, not {value}")
        elif op != "set" and value not in (None, 1):
            yield _problem(f"event_cards.{i}.stock_adjustment", "PA-B15", "1. Event Phase: Stock Price Step",
                           f"Event card {card['name']!r} moves the Stock Price {op} by one, not by {value}")


def _directives(board: Mapping[str, Any]) -> Iterator[BoardProblem]:
    if "directive_cards" not in board:
        return
    cards = board["directive_cards"]
    # PA-B16: "40 Directive Cards" (copies of one card, if any, are listed once).
    if len(cards) > DIRECTIVE_CARDS:
        yield _problem("directive_cards", "PA-B16", "Components", f"The box has {DIRECTIVE_CARDS} Directive cards, not {len(cards)}")
    yield from _twice("directive_cards", (card["name"] for card in cards), "PA-B17", "The Directive card", ".name")
    for i, card in enumerate(cards):
        phase, step, area = card["timing"]["phase"], card["timing"]["step"], card.get("area")
        # PA-B18: "The bottom of each Directive card indicates the phase (in black) and step (in red)".
        if step not in STEPS[phase]:
            yield _problem(f"directive_cards.{i}.timing", "PA-B18", "Directive Cards",
                           f"Directive card {card['name']!r}: the {phase} phase has no {step} step")
        elif area is not None and (phase != "RESOLUTION" or area != step):
            yield _problem(f"directive_cards.{i}.area", "PA-B18", "Directive Cards",
                           f"Directive card {card['name']!r} is played while resolving an Engineer only in the Resolution "
                           f"phase, in its own area ({step}), not {area}")


def rulebook_problems(facts: Iterable[tuple[str, Fact]], rulebook: Mapping[str, Any], paths: Mapping[str, Any] | None,
                      members: Mapping[str, Mapping[str, list[list[str]]]]) -> list[BoardProblem]:
    """PA-B19: a file that contradicts what the rulebook states (a region, a distance, a complete
    path that lacks a route the rulebook puts on it) cannot be loaded with the rulebook's facts.
    ``facts`` are the file's facts with the field each comes from; ``paths`` its complete paths."""
    out = []
    for field, fact in facts:
        for found in conflicts(rulebook, [fact], BOARD_FILE):
            out.append(_problem(field, "PA-B19", FILE, found.message))
    for origin, by_path in members.items():
        for path, pairs in by_path.items():
            listed = ((paths or {}).get(origin) or {}).get(path)
            for pair in pairs:
                if listed is not None and route_key(pair) not in listed:
                    out.append(_problem(f"paths.{origin}.{path}", "PA-B19", FILE, f"The {path} path from {origin} lacks "
                                        f"{route_label(route_key(pair))}, which the rulebook puts on it"))
    return out

