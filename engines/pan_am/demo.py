"""A complete three-player game of seven rounds, recorded event by event by the service's ``demo`` command.

**The board, the track costs and the cards are illustrative.**  The rulebook gives no
map, no printed costs and no card texts (gaps G1, G2, G4, G5), and no public source
lists them.  This demo brings its own board file (``DEMO_BOARD``, passed as the
``board`` option): cities, routes, distances, the three expansion paths, the track
costs, the Stock Price track's ends and the cards are invented for the demo, except the
facts the rulebook itself states (New York–Paris 4, Lisbon–Horta 1, Lisbon–Bathurst 2,
San Juan–Port of Spain 1 on the South American path, Miami–Havana on the Asian-Pacific
path, the five region-symbol cities, Tokyo and Honolulu in Hong Kong's region, and the
two Directive cards it describes, *Prediction* and *Regional Airport*).  The Event
cards are named "Illustrative event N", and the one other Directive card is a generic
"free route" card.  Its map says it is complete (``complete``); its 24 Destination
cards, 7 Event cards and 3 Directive cards are only those the demo uses, not a box.

The events name the board's cards instead of spelling them out, as a table recording
on a board does (``items``): a Destination card by its city, an Event card by its name,
*Prediction* by its name (its timing and effects come from the board); the free-route
card names the route it claims, which the board cannot know.

The players are the rulebook's: Ruby, Archer and Genevieve.  Their choices follow a
fixed rule (``_place``, ``_resolve``), so the game is the same every time; a few moments
are scripted so that the demo shows what the issue asks for:

* round 2: Ruby plays *Prediction* in the Stock Price step (+$3);
* round 4: Archer keeps no money back when he buys Stock, and in round 5 he bids $4
  on an Airport with $3: the bid is paid by a forced sale of Stock at the price minus $2;
* the Pan Am symbol lets each player sell a route to Pan Am (rounds 3, 6 and 7), and in
  round 7 the paths buy two player routes;
* round 6: Genevieve plays a Directive that claims a free route while her Routes (D)
  Engineer is resolved.

Every event is checked as it is made: the demo only holds legal events.
"""

from __future__ import annotations

from typing import Any

import engines
from engines.base import Event
from engines.pan_am.state import RANGE

PLAYERS = ["Ruby", "Archer", "Genevieve"]

DEMO_CITIES: dict[str, str] = {
    # stated by the rulebook (Destinations; Landing Rights example)
    "Bangkok": "ASIA", "Rome": "EUROPE", "New York": "NORTH_AMERICA", "Hong Kong": "PACIFIC",
    "Rio de Janeiro": "SOUTH_AMERICA", "Tokyo": "PACIFIC", "Honolulu": "PACIFIC",
    # illustrative
    "Miami": "NORTH_AMERICA", "Havana": "NORTH_AMERICA", "San Juan": "NORTH_AMERICA",
    "Port of Spain": "SOUTH_AMERICA", "Belem": "SOUTH_AMERICA", "Buenos Aires": "SOUTH_AMERICA",
    "Gander": "NORTH_AMERICA", "Horta": "EUROPE", "Lisbon": "EUROPE", "Paris": "EUROPE",
    "London": "EUROPE", "Bathurst": "EUROPE", "San Francisco": "NORTH_AMERICA",
    "Manila": "PACIFIC", "Shanghai": "ASIA", "Beijing": "ASIA", "Calcutta": "ASIA",
}

DEMO_ROUTES: list[list[Any]] = [
    # stated by the rulebook
    ["New York", "Paris", 4], ["Lisbon", "Horta", 1], ["Lisbon", "Bathurst", 2], ["San Juan", "Port of Spain", 1],
    # illustrative
    ["Miami", "Havana", 1], ["Miami", "San Juan", 2], ["Port of Spain", "Belem", 2], ["Belem", "Rio de Janeiro", 2],
    ["Rio de Janeiro", "Buenos Aires", 2], ["Miami", "New York", 2], ["New York", "Gander", 1],
    ["Gander", "Horta", 3], ["Lisbon", "Rome", 2], ["Paris", "Rome", 1], ["London", "Paris", 1],
    ["Havana", "San Francisco", 4], ["San Francisco", "Honolulu", 3], ["Honolulu", "Tokyo", 4],
    ["Tokyo", "Shanghai", 2], ["Shanghai", "Hong Kong", 1], ["Shanghai", "Beijing", 1],
    ["Hong Kong", "Manila", 1], ["Hong Kong", "Bangkok", 2], ["Bangkok", "Calcutta", 2],
    ["Rome", "Calcutta", 4], ["Bathurst", "Rio de Janeiro", 4], ["New York", "San Francisco", 3],
    ["London", "Gander", 3],
]

DEMO_PATHS = {
    "Miami": {
        "SA": [["Miami", "San Juan"], ["San Juan", "Port of Spain"], ["Port of Spain", "Belem"],
               ["Belem", "Rio de Janeiro"], ["Rio de Janeiro", "Buenos Aires"]],
        "EU": [["Miami", "New York"], ["New York", "Gander"], ["Gander", "Horta"], ["Lisbon", "Horta"],
               ["Lisbon", "Rome"]],
        "AP": [["Miami", "Havana"], ["Havana", "San Francisco"], ["San Francisco", "Honolulu"],
               ["Honolulu", "Tokyo"], ["Tokyo", "Shanghai"], ["Shanghai", "Hong Kong"]],
    },
}

DEMO_TRACKS = {
    "A": {"1": [1, 2, 3, 4], "2": [1, 2, 3, 4]},
    "B": {slot: [0, 1, 2, 3] for slot in ("1", "2", "3", "4")},
    "C": {"TRIMOTOR": [1, 2, 3, 4], "CLIPPER": [2, 3, 4, 5], "CRUISER": [4, 5, 6, 7], "JET": [6, 8, 10, 12]},
}

def _event_card(number: int, op: str, value: int | None, rolls: int) -> dict[str, Any]:
    adjustment: dict[str, Any] = {"op": op}
    if value is not None:
        adjustment["value"] = value
    return {"round": number, "name": f"Illustrative event {number}", "stock_adjustment": adjustment,
            "die_rolls": rolls}


EVENT_CARDS = [
    _event_card(1, "set", 5, 1), _event_card(2, "up", None, 1), _event_card(3, "up", None, 2),
    _event_card(4, "down", None, 1), _event_card(5, "up", None, 2), _event_card(6, "up", None, 2),
    _event_card(7, "up", None, 3),
]
EVENT_EFFECTS = {4: [{"kind": "money", "player": "ALL", "amount": 2}]}
EVENT_TEXT = {4: "Illustrative: every airline earns $2."}
FREE_ROUTE_CARD = "Illustrative free route"

DIRECTIVE_CARDS: list[dict[str, Any]] = [
    # Both described by the rulebook (Directive Card Examples), in its words.
    {"name": "Prediction", "timing": {"phase": "EVENT", "step": "STOCK_PRICE"},
     "effects": [{"kind": "money", "amount": 3}, {"kind": "peek"}],
     "text": "Earn $3, then look at the top card of the Event deck."},
    {"name": "Regional Airport", "timing": {"phase": "RESOLUTION", "step": "D"}, "area": "D",
     "text": "When resolving your Engineer, pay $2 to place an Airport."},
    # Illustrative: which route is the table's choice, so the board holds no effects for it.
    {"name": FREE_ROUTE_CARD, "timing": {"phase": "RESOLUTION", "step": "D"}, "area": "D",
     "text": "Illustrative: claim a free route."},
]

DEMO_BOARD: dict[str, Any] = {
    "cities": DEMO_CITIES,
    "routes": DEMO_ROUTES,
    "paths": DEMO_PATHS,
    "tracks": DEMO_TRACKS,
    "work_sites": {"D": 4, "E": 3},
    "stock_price_track": {"min": 1, "max": 10},
    "destination_cards": sorted(DEMO_CITIES),
    "event_cards": [{**card, "text": EVENT_TEXT[card["round"]]} if card["round"] in EVENT_TEXT else card
                    for card in EVENT_CARDS],
    "directive_cards": DIRECTIVE_CARDS,
    "complete": ["cities", "routes", "paths", "tracks"],
}


def _card(city: str) -> dict[str, str]:
    """A Destination card named by its city: its region is on the board."""
    return {"city": city}


STARTING_CARDS = {
    "Ruby": ["Lisbon", "Rome"],
    "Archer": ["Hong Kong", "Shanghai"],
    "Genevieve": ["New York", "Miami"],
}
OPENING_DISPLAY = ["Horta", "Tokyo", "Havana", "Paris"]
# The Destination deck as it is turned over for the refills (illustrative order).
REFILLS = [
    "San Juan", "Port of Spain", "Gander", "Honolulu", "Bangkok", "London", "Belem", "Manila",
    "Rio de Janeiro", "Calcutta", "San Francisco", "Beijing", "Bathurst", "Buenos Aires",
    "Lisbon", "Tokyo", "Rome", "Hong Kong", "New York", "Havana", "Paris", "Shanghai",
    "Miami", "Horta", "Gander", "Honolulu", "Bangkok", "London",
]


DICE = {
    1: [["AP"]],
    2: [["SA"]],
    3: [["PAN_AM"], ["EU"]],
    4: [["AP", "SA"]],
    5: [["SA"], ["AP"]],
    6: [["EU", "AP"], ["PAN_AM"]],
    7: [["SA"], ["AP"], ["PAN_AM", "EU"]],
}
# Money each player keeps back when buying Stock (Archer spends it all in round 4).
RESERVE = {"Ruby": 5, "Archer": 5, "Genevieve": 5}
ALL_IN = {(4, "Archer")}
FORCED_BID = {(5, "Archer")}            # bids on an Airport with no money: a forced Stock sale
FREE_ROUTE = {(6, "Genevieve")}          # plays a free-route Directive while resolving her D Engineer


def demo_game() -> dict[str, Any]:
    """``{"title", "players", "options", "events": [{"type", "actor", "data"}]}``."""
    return {
        "title": "Demo: Ruby, Archer and Genevieve fly Pan Am (illustrative board)",
        "players": list(PLAYERS),
        "options": _options(),
        "events": _play(),
    }


def _options() -> dict[str, Any]:
    return {"first_player": "Ruby", "board": DEMO_BOARD}


class _Table:
    """The engine, the state, and the events recorded so far; every event is checked first."""

    def __init__(self) -> None:
        self.engine = engines.find("pan-am")
        self.state = self.engine.setup(PLAYERS, _options())
        self.events: list[dict[str, Any]] = []

    def record(self, event_type: str, actor: str | None, data: dict[str, Any]) -> None:
        event = Event(event_type, data, actor)
        errors = [v for v in self.engine.check(self.state, event) if v.blocks]
        if errors:
            raise AssertionError(f"demo event {event_type} by {actor} {data} is illegal: {errors}")
        self.events.append({"type": event_type, "actor": actor, "data": data})
        self.state = self.engine.apply(self.state, event)

    def options(self, event_type: str) -> dict[str, Any] | None:
        expected = self.engine.expected(self.state)
        if event_type not in expected["event_types"]:
            return None
        offered: dict[str, Any] = expected["options"].get(event_type, {})
        return offered

    def due(self) -> str:
        """The player who acts next."""
        return str(self.engine.expected(self.state)["actors"][0])

    @property
    def phase(self) -> str:
        return str(self.state["phase"])


def _play() -> list[dict[str, Any]]:
    table = _Table()
    refills = iter(REFILLS)
    for name, cities in STARTING_CARDS.items():  # dealt as the table deals: a hand at a time
        table.record("cards_dealt", None, {"destinations": {name: [_card(c) for c in cities]}})
    table.record("cards_dealt", None, {"display": [_card(c) for c in OPENING_DISPLAY]})
    for number, card in enumerate(EVENT_CARDS, start=1):
        table.record("event_card_revealed", None, {"name": card["name"]})  # its face is on the board
        if number in EVENT_EFFECTS:
            table.record("event_effect", None, {"effects": EVENT_EFFECTS[number]})
        if number == 2:
            table.record("directive_played", "Ruby", {"card": "Prediction"})  # +$3 and a peek, from the board
        while table.phase in ("STOCK_PRICE", "PRIORITY", "ASSIGNMENT"):
            _place(table, number)
        while table.phase == "RESOLUTION":
            _resolve(table, number, refills)
        for faces in DICE[number]:
            table.record("die_rolled", None, {"faces": faces})
            _expand(table)
        table.record("income_collected", None, {})
        for _ in PLAYERS:
            who = table.due()
            price = int(table.state["stock_price"])
            reserve = 0 if (number, who) in ALL_IN else RESERVE[who]
            money = table.state["players"][who]["money"]
            table.record("stock_bought", who, {"count": max(0, (money - reserve) // price)})
    assert table.engine.is_over(table.state), table.phase
    return table.events


AREA_ORDER = ("D", "B", "A", "C", "E")


def _place(table: _Table, number: int) -> None:
    """One Engineer placed by the player whose turn it is (or set aside)."""
    who = table.due()
    offered = table.options("engineer_assigned") or {}
    choice = _choose_space(table.state, who, offered.get("spaces", []), number)
    if choice is None:
        table.record("engineer_set_aside", who, {})
        return
    data: dict[str, Any] = {"area": choice["area"]}
    if choice["track"] is not None:
        data.update(track=choice["track"], space=choice["space"],
                    cost=DEMO_TRACKS[choice["area"]][choice["track"]][choice["space"] - 1])
    table.record("engineer_assigned", who, data)


def _mine(state: dict[str, Any], who: str) -> list[tuple[str, int]]:
    """(area, cost) of the player's Engineers on the board this round."""
    out = [(area, p["cost"]) for area in ("A", "B", "C") for p in state["tracks"][area].values()
           if p is not None and p["player"] == who]
    out += [(area, 0) for area in ("D", "E") for site in state["sites"][area] if site["player"] == who]
    return out


def _choose_space(state: dict[str, Any], who: str, spaces: list[dict[str, Any]], number: int) -> dict[str, Any] | None:
    """Each area at most once a round, in the order D, B, A, C, E; never overbid anybody; no bid
    above the money not yet promised, except the scripted forced sale."""
    mine = _mine(state, who)
    taken = {area for area, _ in mine}
    player = state["players"][who]
    money = player["money"] - sum(cost for _, cost in mine)
    free = [s for s in spaces if s["track"] is None or state["tracks"][s["area"]].get(s["track"]) is None]
    if (number, who) in FORCED_BID and "A" not in taken:
        bids = sorted((s for s in free if s["area"] == "A"), key=lambda s: (-s["cost"], s["track"]))
        if bids:
            return bids[0]
    for area in AREA_ORDER:
        if area in taken:
            continue
        if area == "D" and not any(player["fleet"].values()):
            continue
        if area == "C" and sum(player["fleet"].values()) >= 3:
            continue
        candidates = [s for s in free if s["area"] == area and (s["cost"] or 0) <= money]
        if candidates:
            return max(candidates, key=lambda s: _worth(state, s))
    return None


def _worth(state: dict[str, Any], space: dict[str, Any]) -> tuple[int, ...]:
    """Cheapest space first; on B the card with the most bonus money; on C the longest range."""
    bonus = state["display"][int(space["track"]) - 1]["bonus"] if space["area"] == "B" else 0
    reach = RANGE.get(space["track"] or "", 0) if space["area"] == "C" else 0
    return (-(space["cost"] or 0), bonus, reach)


def _resolve(table: _Table, number: int, refills: Any) -> None:
    """The next Engineer resolved (or the display refilled)."""
    expected = table.engine.expected(table.state)
    types, options = expected["event_types"], expected["options"]
    if "destination_display_refilled" in types:
        slot = options["destination_display_refilled"]["slot"][0]
        table.record("destination_display_refilled", None, {"slot": slot, "card": _card(next(refills))})
        return
    resolution = table.state["resolution"]
    head = resolution["queue"][resolution["next"]]
    who, area = head["player"], head["area"]
    if "bid_failed" in types and len(set(types) & {"airport_placed", "destination_taken", "plane_acquired"}) == 0:
        table.record("bid_failed", who, {})
    elif area == "A":
        table.record("airport_placed", who, _airport(table.state, who, options["airport_placed"]))
    elif area == "B":
        table.record("destination_taken", who, {"slot": options["destination_taken"]["slot"][0]})
    elif area == "C":
        table.record("plane_acquired", who, {})
    elif area == "D":
        if (number, who) in FREE_ROUTE:
            _free_route(table, who)
        claims = (table.options("route_claimed") or {}).get("claims", [])
        if claims:
            claim = claims[0]
            plane = min(claim["planes"], key=lambda p: RANGE[p])
            table.record("route_claimed", who, {"cities": claim["cities"], "plane": plane,
                                                "landing_rights": claim["rights"][0]})
        else:
            table.record("route_claim_wasted", who, {"reason": "no Landing Rights for a route"})
    else:
        table.record("directive_drawn", who, {})


def _airport(state: dict[str, Any], who: str, offered: dict[str, Any]) -> dict[str, Any]:
    """The offered city with the most routes nobody has claimed (then by name); with no
    Airport left in the supply, the one standing on the city with the fewest."""
    def open_routes(city: str) -> int:
        return sum(1 for r in state["routes"].values() if city in r["cities"] and r["owner"] is None)

    data: dict[str, Any] = {"city": max(sorted(offered["city"]), key=open_routes)}
    if state["players"][who]["airports_supply"] == 0:
        data["moved_from"] = min(sorted(offered["moved_from"]), key=open_routes)
    return data


def _free_route(table: _Table, who: str) -> None:
    """A Directive that claims a free route (illustrative card): the longest unclaimed route a
    plane in the fleet can fly, played directly before the Engineer is resolved."""
    fleet = [p for p, n in table.state["players"][who]["fleet"].items() if n]
    reach = max(RANGE[p] for p in fleet)
    routes = sorted((r for r in table.state["routes"].values()
                     if r["owner"] is None and r["distance"] is not None and r["distance"] <= reach),
                    key=lambda r: (-r["distance"], r["cities"]))
    route = routes[0]
    plane = min((p for p in fleet if RANGE[p] >= route["distance"]), key=lambda p: RANGE[p])
    table.record("directive_played", who, {  # its timing and area from the board, the route is the table's
        "card": FREE_ROUTE_CARD, "effects": [{"kind": "free_route", "player": who, "cities": route["cities"], "plane": plane}],
    })


def _expand(table: _Table) -> None:
    """Everything one die roll causes: the paths first, then Pan Am's offers in seat order."""
    while True:
        expected = table.engine.expected(table.state)
        types, options = expected["event_types"], expected["options"]
        if "pan_am_expanded" in types or "pan_am_path_exhausted" in types:
            offered = options.get("pan_am_expanded") or options.get("pan_am_path_exhausted") or {}
            path = offered["path"][0]
            cities = (options.get("pan_am_expanded") or {}).get("cities") or []
            if cities:
                table.record("pan_am_expanded", None, {"path": path, "cities": cities[0]})
            else:
                table.record("pan_am_path_exhausted", None, {"path": path})
        elif "pan_am_offer_declined" in types:
            who = table.due()
            owned = (options.get("route_sold_to_pan_am") or {}).get("cities") or []
            if len(owned) >= 2:
                shortest = min(owned, key=lambda c: (table.state["routes"]["|".join(sorted(c))]["distance"], c))
                table.record("route_sold_to_pan_am", who, {"cities": shortest})
            else:
                table.record("pan_am_offer_declined", who, {})
        else:
            return
