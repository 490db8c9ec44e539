"""Checks for the Resolution phase: PA-R1..R3, PA-A1..A3, PA-B1..B3, PA-C1, PA-D1..D7,
PA-LR-1..5 (``landing``), PA-E-R1; and the route checks free routes share (PA-D2, D3, D7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.pan_am import landing
from engines.pan_am.facts import track_label
from engines.pan_am.payment import pay
from engines.pan_am.schemas import RESOLUTION_AREA
from engines.pan_am.state import (
    BIDDING_AREAS,
    DISPLAY_SLOTS,
    PLANES,
    RANGE,
    route_key,
    route_label,
)
from engines.pan_am.table import (
    distance_of,
    due_entry,
    entry_label,
    phase_words,
    region_of,
)

RESOLUTION = "3. Resolution Phase"
BID = "Bid Too Much?"
AIRPORTS = "A. Airports"
DESTINATIONS = "B. Destinations"
PLANES_RULE = "C. Planes"
ROUTES = "D. Routes"
DIRECTIVES = "E. Directives"
ASSIGNMENT_RULE = "2. Engineer Phase: Assignment Step"
AREA_WORDS = {"A": "Airport", "B": "Destination", "C": "Plane", "D": "Route", "E": "Directive"}


def guard(state: State, who: str, event_type: str) -> list[Violation]:
    """PA-E16 / PA-R1 (the phase and the order), PA-B2 (refills first), PA-R2 (whose Engineer)."""
    phase = state["phase"]
    if phase in ("STOCK_PRICE", "PRIORITY", "ASSIGNMENT"):
        # PA-E16: the Engineer phase ends only when nobody holds an Engineer.
        holding = [f"{n} ({p['available']})" for n, p in state["players"].items() if p["available"] > 0]
        waiting = f"; {len(state['priority_queue'])} Priority Access Engineers wait" if state["priority_queue"] else ""
        message = f"Engineers are still being assigned: {', '.join(holding) or 'nobody'} in hand{waiting}"
        return [Violation("PA-E16", ASSIGNMENT_RULE, message)]
    if phase != "RESOLUTION":
        return [Violation("PA-R1", RESOLUTION, f"There is no Engineer to resolve in {phase_words(state)}")]
    due = state["resolution"]["refill_due"]
    if due:
        # PA-B2: "Then refill any empty spots" -- before the Planes (C) are resolved.
        return [Violation("PA-B2", DESTINATIONS, f"Refill display space {', '.join(map(str, due))} before resolving more Engineers")]
    entry = due_entry(state)
    if entry is None:
        return [Violation("PA-R1", RESOLUTION, "Every Engineer is resolved")]
    area = RESOLUTION_AREA.get(event_type)
    code, rule = _order_code(entry["area"], area)
    # PA-R1 (PA-A1, PA-D1, PA-E-R1): A, B, C in track order, then D and E left to right.
    if area is not None and entry["area"] != area:
        return [Violation(code, rule, f"The next to resolve is {entry_label(entry)}, not a {AREA_WORDS[area]} Engineer")]
    if area is None and entry["area"] not in BIDDING_AREAS:
        # PA-AMB-8: only a bid can fail; D and E cost nothing.
        return [Violation(code, rule, f"{entry_label(entry)} made no bid that could fail")]
    # PA-R2 (PA-D1): the event's player owns the Engineer being resolved.
    if who != entry["player"]:
        code, rule = ("PA-D1", ROUTES) if area == "D" else ("PA-R2", RESOLUTION)
        return [Violation(code, rule, f"The next to resolve is {entry_label(entry)}, not {who}'s")]
    return []


def _order_code(due: str, wanted: str | None) -> tuple[str, str]:
    """The most precise code for an event out of the resolution order."""
    if wanted == "D":
        return "PA-D1", ROUTES  # "Resolve each Engineer from left to right"
    if wanted == "E":
        return "PA-E-R1", DIRECTIVES
    if due == "A":
        return "PA-A1", AIRPORTS  # an Airport Engineer resolves with airport_placed or bid_failed
    return "PA-R1", RESOLUTION


def payment_problems(state: State, who: str, event_type: str) -> list[Violation]:
    """PA-R3: a bid that cannot be paid even by selling every Stock gives no benefit (``bid_failed``
    only); a bid that can be paid is paid (``bid_failed`` is refused)."""
    entry = due_entry(state)
    if entry is None or entry["area"] not in BIDDING_AREAS:
        return []
    player = state["players"][who]
    paid = pay(player["money"], player["stock"], state["stock_price"], entry["cost"], state["options"]["forced_sale_low_price"])
    where = track_label(entry["area"], str(entry["track"]))
    if event_type == "bid_failed" and paid.paid:
        sold = f", selling {paid.sold} Stock at ${paid.each}" if paid.sold else ""
        return [Violation("PA-R3", BID, f"{who} can pay the ${paid.cost} bid at {where}{sold}: the bid does not fail")]
    if event_type != "bid_failed" and not paid.paid:
        message = (f"{who} cannot pay the ${paid.cost} bid at {where} even by selling all {player['stock']} Stock "
                   f"(${player['money']} in hand): record bid_failed")
        return [Violation("PA-R3", BID, message)]
    return []


def check_airport(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = payment_problems(state, who, "airport_placed")
    out += airport_problems(state, who, str(data.get("city")), data.get("moved_from"))
    return out


def check_airport_kept(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """PA-A3: "you *may* move one of your Airports": with none left in the supply the winner of
    the bid may leave them all where they are (the bid is still paid, PA-AMB-8)."""
    out = payment_problems(state, who, "airport_kept")
    supply = state["players"][who]["airports_supply"]
    if supply > 0:
        out.append(Violation("PA-A3", AIRPORTS, f"{who} still has {supply} Airports in the supply: one is placed"))
    return out


def airport_problems(state: State, who: str, city: str, moved_from: Any) -> list[Violation]:
    """PA-A2 (an empty city of the board) and PA-A3 (from the supply, or moved when it is empty)."""
    out: list[Violation] = []
    known = state["board"].get("cities")
    # PA-A2: "place it on any city that doesn't already have an Airport".
    if known is not None and city not in known:
        out.append(Violation("PA-A2", AIRPORTS, f"{city} is not a city of the board"))
    holder = state["cities"].get(city, {}).get("airport")
    if holder is not None:
        whose = "their own" if holder == who else f"{holder}'s"
        out.append(Violation("PA-A2", AIRPORTS, f"{who} cannot place an Airport in {city}: {whose} Airport is there"))
    player = state["players"][who]
    # PA-A3: "If you don't have any Airports left in the supply, you may move one of your Airports instead."
    if moved_from is None and player["airports_supply"] <= 0:
        out.append(Violation("PA-A3", AIRPORTS, f"{who} has no Airport left in the supply: move one (moved_from)"))
    elif moved_from is not None and player["airports_supply"] > 0:
        out.append(Violation("PA-A3", AIRPORTS, f"{who} still has {player['airports_supply']} Airports in the supply: an Airport is moved only when none are left"))
    elif moved_from is not None and moved_from not in player["airports"]:
        out.append(Violation("PA-A3", AIRPORTS, f"{who} has no Airport in {moved_from} to move"))
    return out


def check_destination(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = payment_problems(state, who, "destination_taken")
    entry = due_entry(state) or {}
    slot = data.get("slot")
    # PA-B1: "Take the Destination card" of the space you bid on.
    if str(slot) != str(entry.get("track")):
        return out + [Violation("PA-B1", DESTINATIONS, f"{who}'s Engineer bid on display space {entry.get('track')}, not {slot}")]
    shown = state["display"][DISPLAY_SLOTS.index(str(slot))]["card"]
    card = data.get("card")
    if card is not None and (shown is None or card.get("city") != shown["city"] or card.get("region") != shown["region"]):
        showing = f"{shown['city']} ({shown['region']})" if shown else "no card"
        out.append(Violation("PA-B1", DESTINATIONS, f"Display space {slot} shows {showing}, not {card.get('city')} ({card.get('region')})"))
    return out


def guard_refill(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    due = state["resolution"]["refill_due"] if state["phase"] == "RESOLUTION" else []
    if due:
        return []
    if state["phase"] == "RESOLUTION" and not state["resolution"]["b_closed"]:
        # PA-B2: "After resolving all the Engineers here ... refill any empty spots".
        return [Violation("PA-B2", DESTINATIONS, "The display is refilled after every Destination Engineer is resolved")]
    empty = any(space["card"] is None for space in state["display"])
    # PA-B3: the deck may run out; the space then stays empty.
    if empty and state["destination_deck"] <= 0 and state["phase"] == "RESOLUTION":
        return [Violation("PA-B3", DESTINATIONS, "The Destination deck is empty: the space stays empty")]
    return [Violation("PA-B2", DESTINATIONS, "No display space is waiting for a refill now")]


def check_refill(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    slot = data.get("slot")
    due = state["resolution"]["refill_due"]
    if slot not in due:
        return [Violation("PA-B2", DESTINATIONS, f"Display space {slot} is not waiting for a refill (waiting: {', '.join(map(str, due))})")]
    return []


def check_plane(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out = payment_problems(state, who, "plane_acquired")
    entry = due_entry(state) or {}
    plane = data.get("plane")
    # PA-C1: "Take the Plane you bid on".
    if plane is not None and plane != entry.get("track"):
        out.append(Violation("PA-C1", PLANES_RULE, f"{who} bid on the {str(entry.get('track')).title()} track, not for a {str(plane).title()}"))
    return out


def check_bid_failed(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    return payment_problems(state, who, "bid_failed")


def check_route(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """PA-D1..D7 and the Landing Rights (PA-LR-1..5): every rule the claim breaks."""
    cities = [str(c) for c in data.get("cities") or []]
    out = route_problems(state, who, cities, data.get("distance"), data.get("plane"))
    if unknown_route_problems(state, cities):
        return out  # not a route of the board: there are no rights to judge on it
    player = state["players"][who]
    regions = data.get("regions") or {}
    out += landing.problems(
        who, player["destinations"], player["airports"], cities, data.get("landing_rights") or {},
        lambda city: region_of(state, city, regions),
    )
    return out


def unknown_route_problems(state: State, cities: list[str], rule: str = ROUTES) -> list[Violation]:
    """PA-D7: two different cities of the board, joined by a route of the board."""
    if len(cities) != 2 or cities[0] == cities[1]:
        return [Violation("PA-D7", rule, f"A route joins two different cities, not {' and '.join(cities)}")]
    board_cities, board_routes = state["board"].get("cities"), state["board"].get("routes")
    out: list[Violation] = []
    if board_cities is not None:
        out += [Violation("PA-D7", rule, f"{c} is not a city of the board") for c in cities if c not in board_cities]
    key = route_key(cities)
    if board_routes is not None and key not in board_routes:
        out.append(Violation("PA-D7", rule, f"There is no route {route_label(key)} on the board"))
    return out


def route_problems(state: State, who: str, cities: list[str], distance: Any, plane: Any, rule: str = ROUTES) -> list[Violation]:
    """PA-D7 (the route and its distance), PA-D2 (unclaimed), PA-D3 (a plane of the fleet, in range).
    A route whose distance is not known yet is still judged on the rest (its range once known)."""
    out = unknown_route_problems(state, cities, rule)
    if out:
        return out
    key = route_key(cities)
    known = distance_of(state, key, distance if isinstance(distance, int) else None)
    # PA-D7: the route's distance is known, 1 to 4.
    if known is None:
        out.append(Violation("PA-D7", rule, f"Route {route_label(key)}'s distance is not known yet: declare it (distance)"))
    elif not 1 <= known <= 4:
        out.append(Violation("PA-D7", rule, f"A route's distance is 1 to 4, not {known}"))
        known = None
    return out + _claim_problems(state, who, key, known, plane, rule)


def _claim_problems(state: State, who: str, key: str, known: int | None, plane: Any, rule: str) -> list[Violation]:
    """PA-D2 and PA-D3 on a route of the board (the range only when its distance is known)."""
    out: list[Violation] = []
    route = state["routes"].get(key) or {}
    owner = route.get("owner")
    # PA-D2: "Once a Route is claimed by Pan Am, it cannot be claimed for the rest of the game."
    if owner == "PAN_AM":
        out.append(Violation("PA-D2", rule, f"Route {route_label(key)} belongs to Pan Am for the rest of the game"))
    elif owner is not None:
        out.append(Violation("PA-D2", rule, f"Route {route_label(key)} is already claimed by {owner}"))
    fleet = state["players"][who]["fleet"]
    # PA-D3: "Place a Plane from your player mat ... a range that meets or exceeds the Route's distance."
    if plane not in PLANES or fleet.get(plane, 0) <= 0:
        out.append(Violation("PA-D3", rule, f"{who} has no {str(plane).title()} in the fleet"))
    elif known is not None and RANGE[plane] < known:
        out.append(Violation("PA-D3", rule, f"A {plane.title()} (range {RANGE[plane]}) cannot fly {route_label(key)} (distance {known})"))
    return out


def check_nothing(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    """``route_claim_wasted`` (PA-D6) and ``directive_drawn`` (PA-E-R1) need only the guard."""
    return []
