"""Pan Am test helpers: event builders and tables built quickly up to a given phase.

**The board below is illustrative**, invented for the tests: the rulebook gives no map,
no track costs and no capacities (note A7.1).  It agrees with the rulebook's own facts
(``engines.pan_am.board.RULEBOOK_FACTS``) so that both can be loaded together.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.base import Engine, Event, State
from tests.engines.scenario import legal

TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cat"]
FOUR = ["Ann", "Bob", "Cat", "Dan"]

AS, EU, NA, PA, SA = "ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA"

# Illustrative test board (not the published map): regions, distances, paths, costs.
ILLUSTRATIVE_BOARD: dict[str, Any] = {
    "cities": {
        "Miami": NA, "Havana": NA, "San Juan": NA, "New York": NA, "Port of Spain": SA, "Rio de Janeiro": SA,
        "Paris": EU, "Rome": EU, "Lisbon": EU, "Horta": EU, "Bathurst": EU,
        "Tokyo": PA, "Honolulu": PA, "Hong Kong": PA, "Bangkok": AS, "Shanghai": AS, "Beijing": AS,
    },
    "routes": [
        ["Miami", "San Juan", 2], ["San Juan", "Port of Spain", 1], ["Port of Spain", "Rio de Janeiro", 3],
        ["Miami", "New York", 2], ["New York", "Paris", 4], ["Paris", "Rome", 1],
        ["Lisbon", "Horta", 1], ["Lisbon", "Bathurst", 2], ["Rome", "Lisbon", 2],
        ["Miami", "Havana", 1], ["Havana", "Honolulu", 4], ["Honolulu", "Tokyo", 3], ["Tokyo", "Hong Kong", 1],
        ["Shanghai", "Hong Kong", 1], ["Shanghai", "Tokyo", 2], ["Shanghai", "Beijing", 1], ["Hong Kong", "Bangkok", 2],
    ],
    "paths": {
        "Miami": {
            "SA": [["Miami", "San Juan"], ["San Juan", "Port of Spain"], ["Port of Spain", "Rio de Janeiro"]],
            "EU": [["Miami", "New York"], ["New York", "Paris"], ["Paris", "Rome"]],
            "AP": [["Miami", "Havana"], ["Havana", "Honolulu"], ["Honolulu", "Tokyo"], ["Tokyo", "Hong Kong"]],
        }
    },
    "tracks": {
        "A": {"1": [1, 2, 3, 4], "2": [0, 1, 2, 3]},
        "B": {slot: [0, 1, 2, 3] for slot in ("1", "2", "3", "4")},
        "C": {"TRIMOTOR": [1, 2, 3, 4], "CLIPPER": [3, 4, 5, 6], "CRUISER": [6, 7, 8, 9], "JET": [9, 10, 11, 12]},
    },
    "work_sites": {"D": 4, "E": 3},
    "stock_price_track": {"min": 1, "max": 10},
}

# The illustrative board with cards, as a saved board holds them (made up for the tests, not
# the box's): every city's Destination card, one Event card per round (and a second for
# round 1), the two Directive cards the rulebook describes and one made up, and the map said
# to be complete with the marker.  Not complete: the cards (the box has 50, 28 and 40).
ITEM_BOARD: dict[str, Any] = {
    **ILLUSTRATIVE_BOARD,
    "destination_cards": sorted(ILLUSTRATIVE_BOARD["cities"]),
    "event_cards": [
        {"name": "Clipper Age", "round": 1, "stock_adjustment": {"op": "set", "value": 6}, "die_rolls": 1},
        {"name": "Boom Years", "round": 1, "stock_adjustment": {"op": "set", "value": 4}, "die_rolls": 2,
         "text": "Made up for the tests."},
        *[{"name": f"Test round {r}", "round": r, "stock_adjustment": {"op": "up"}, "die_rolls": 1} for r in range(2, 8)],
    ],
    "directive_cards": [
        {"name": "Prediction", "timing": {"phase": "EVENT", "step": "STOCK_PRICE"},
         "effects": [{"kind": "money", "amount": 3}, {"kind": "peek"}]},
        {"name": "Regional Airport", "timing": {"phase": "RESOLUTION", "step": "D"}, "area": "D"},
        {"name": "Test Windfall", "timing": {"phase": "PAN_AM", "step": "INCOME"}, "effects": [{"kind": "money", "amount": 2}]},
    ],
    "complete": ["cities", "routes", "paths", "tracks"],
}

HANDS = {
    "Ann": [{"city": "Rome", "region": EU}, {"city": "Tokyo", "region": PA}],
    "Bob": [{"city": "Bangkok", "region": AS}, {"city": "Hong Kong", "region": PA}],
    "Cat": [{"city": "New York", "region": NA}, {"city": "Paris", "region": EU}],
    "Dan": [{"city": "Honolulu", "region": PA}, {"city": "Lisbon", "region": EU}],
}
DISPLAY = [
    {"city": "Lisbon", "region": EU},
    {"city": "Havana", "region": NA},
    {"city": "Rio de Janeiro", "region": SA},
    {"city": "Bangkok", "region": AS},
]


# -- events ------------------------------------------------------------------------------


def card(city: str, region: str) -> dict[str, str]:
    return {"city": city, "region": region}


def deal(players: Iterable[str], hands: dict[str, list[dict[str, str]]] | None = None,
         display: list[dict[str, str]] | None = None) -> Event:
    hands = hands or HANDS
    return Event("cards_dealt", {"destinations": {p: hands[p] for p in players}, "display": display or DISPLAY}, None)


def reveal(op: str = "set", value: int | None = 6, die_rolls: int = 1, name: str = "Test Event", **extra: Any) -> Event:
    adjustment: dict[str, Any] = {"op": op}
    if value is not None and op == "set":  # up and down move by one: no number on the card
        adjustment["value"] = value
    return Event("event_card_revealed", {"name": name, "stock_adjustment": adjustment, "die_rolls": die_rolls, **extra}, None)


def bid(area: str, track: str, space: int, actor: str, cost: int | None = None) -> Event:
    data: dict[str, Any] = {"area": area, "track": track, "space": space}
    if cost is not None:
        data["cost"] = cost
    return Event("engineer_assigned", data, actor)


def site(area: str, actor: str) -> Event:
    return Event("engineer_assigned", {"area": area}, actor)


def aside(actor: str, count: int = 1) -> Event:
    return Event("engineer_set_aside", {"count": count}, actor)


def airport(city: str, actor: str, **extra: Any) -> Event:
    return Event("airport_placed", {"city": city, **extra}, actor)


def take(slot: int, actor: str, **extra: Any) -> Event:
    return Event("destination_taken", {"slot": slot, **extra}, actor)


def refill(slot: int, city: str, region: str) -> Event:
    return Event("destination_display_refilled", {"slot": slot, "card": card(city, region)}, None)


def plane(actor: str, **extra: Any) -> Event:
    return Event("plane_acquired", dict(extra), actor)


def failed(actor: str) -> Event:
    return Event("bid_failed", {}, actor)


def claim(a: str, b: str, plane_type: str, rights: dict[str, Any], actor: str, **extra: Any) -> Event:
    return Event("route_claimed", {"cities": [a, b], "plane": plane_type, "landing_rights": rights, **extra}, actor)


def wasted(actor: str) -> Event:
    return Event("route_claim_wasted", {}, actor)


def drawn(actor: str) -> Event:
    return Event("directive_drawn", {}, actor)


def roll(*faces: str) -> Event:
    return Event("die_rolled", {"faces": list(faces)}, None)


def expand(path: str, a: str, b: str, **extra: Any) -> Event:
    return Event("pan_am_expanded", {"path": path, "cities": [a, b], **extra}, None)


def exhausted(path: str) -> Event:
    return Event("pan_am_path_exhausted", {"path": path}, None)


def sell(a: str, b: str, actor: str) -> Event:
    return Event("route_sold_to_pan_am", {"cities": [a, b]}, actor)


def decline(actor: str) -> Event:
    return Event("pan_am_offer_declined", {}, actor)


def income(**amounts: int) -> Event:
    return Event("income_collected", {"amounts": amounts} if amounts else {}, None)


def buy(count: int, actor: str) -> Event:
    return Event("stock_bought", {"count": count}, actor)


def directive(actor: str, phase: str, step: str, effects: list[dict[str, Any]], name: str | None = None, **extra: Any) -> Event:
    data: dict[str, Any] = {"timing": {"phase": phase, "step": step}, "effects": effects, **extra}
    if name is not None:
        data["card"] = name
    return Event("directive_played", data, actor)


def event_effect(*effects: dict[str, Any]) -> Event:
    return Event("event_effect", {"effects": list(effects)}, None)


def airport_rights(city: str) -> dict[str, Any]:
    return {"method": "airport", "cards": []}


def card_rights(city: str) -> dict[str, Any]:
    return {"method": "destination_card", "cards": [city]}


# -- tables ------------------------------------------------------------------------------


def dealt(engine: Engine, players: list[str] = TWO, **options: Any) -> State:
    """Set-up done: the face-up cards dealt; the Event phase of round 1."""
    return legal(engine, engine.setup(players, options), deal(players))


def board_game(engine: Engine, players: list[str] = TWO, **options: Any) -> State:
    """``dealt`` with the illustrative board file loaded."""
    return dealt(engine, players, board=ILLUSTRATIVE_BOARD, **options)


def on_items(engine: Engine, players: list[str] = TWO, board: dict[str, Any] | None = None, **options: Any) -> State:
    """Set-up on a saved board with cards (``ITEM_BOARD``), nothing dealt yet."""
    return engine.setup(players, options, board=board if board is not None else ITEM_BOARD)


# Hands and a display of different cards, each once (a board with cards refuses a card twice).
ITEM_HANDS = {"Ann": ["Rome", "Tokyo"], "Bob": ["Bangkok", "Hong Kong"], "Cat": ["New York", "Paris"], "Dan": ["Honolulu", "Lisbon"]}
ITEM_DISPLAY = ["Miami", "Havana", "Rio de Janeiro", "Shanghai"]


def named_deal(players: Iterable[str], hands: dict[str, list[str]] | None = None, display: list[str] | None = None) -> Event:
    """``cards_dealt`` naming the cards by their cities only (their regions from the board)."""
    hands = hands or ITEM_HANDS
    return Event("cards_dealt", {"destinations": {p: [{"city": c} for c in hands[p]] for p in players},
                                 "display": [{"city": c} for c in display or ITEM_DISPLAY]}, None)


def items_dealt(engine: Engine, players: list[str] = TWO, **options: Any) -> State:
    """``on_items`` with the cards dealt by name: the Event phase of round 1."""
    return legal(engine, on_items(engine, players, **options), named_deal(players))


def revealed(engine: Engine, players: list[str] = TWO, price: int = 6, die_rolls: int = 1, **options: Any) -> State:
    """Round 1's Event card is up (price set), the board loaded: the Stock Price step."""
    return legal(engine, board_game(engine, players, **options), reveal("set", price, die_rolls))


def set_players(state: State, **fields: dict[str, Any]) -> State:
    """A copy of ``state`` with some players' fields pre-loaded (``Ann={"money": 3}``): a game
    already under way, without playing it."""
    import copy

    new = copy.deepcopy(state)
    for name, values in fields.items():
        new["players"][name].update(values)
    return new


def play(engine: Engine, state: State, *events: Event) -> State:
    return legal(engine, state, *events)


def set_aside_all(engine: Engine, state: State) -> State:
    """Everyone still holding Engineers sets them all aside, in turn: the Engineer phase ends."""
    while state["phase"] in ("STOCK_PRICE", "PRIORITY", "ASSIGNMENT"):
        exp = engine.expected(state)
        who = exp["actors"][0]
        count = exp["options"]["engineer_set_aside"]["count"][-1]
        state = legal(engine, state, aside(who, count))
    return state


def to_resolution(engine: Engine, state: State, *placements: Event) -> State:
    """The placements, then everybody sets aside what is left."""
    return set_aside_all(engine, legal(engine, state, *placements))


def finish_round(engine: Engine, state: State) -> State:
    """From any step, the quickest legal way to the next round: resolve what is due with the
    first option (or waste / decline), roll Pan Am symbols, collect income, buy nothing."""
    start = state["round"]
    while state["round"] == start and state["phase"] != "OVER":
        state = legal(engine, state, quickest(engine, state))
    return state


def quickest(engine: Engine, state: State) -> Event:
    """The simplest legal event now (used to fast-forward)."""
    exp = engine.expected(state)
    who = exp["actors"][0] if exp["actors"] else None
    types = exp["event_types"]
    opts = exp["options"]
    if "event_card_revealed" in types:
        return reveal("up" if state["stock_price"] is not None else "set", 6, 1)
    if "engineer_set_aside" in types:
        return aside(str(who), opts["engineer_set_aside"]["count"][-1])
    if "destination_display_refilled" in types:
        return refill(opts["destination_display_refilled"]["slot"][0], "Rome", EU)
    if "bid_failed" in types:
        return failed(str(who))
    if "airport_placed" in types:
        return airport(opts["airport_placed"]["city"][0], str(who))
    for kind in ("destination_taken", "plane_acquired"):
        if kind in types:
            return Event(kind, {"slot": opts[kind]["slot"][0]} if kind == "destination_taken" else {}, who)
    if "route_claim_wasted" in types:
        return wasted(str(who))
    if "directive_drawn" in types:
        return drawn(str(who))
    if "pan_am_expanded" in types and opts["pan_am_expanded"]["cities"]:
        a, b = opts["pan_am_expanded"]["cities"][0]
        return expand(_path_of(state, [a, b], opts["pan_am_expanded"]["path"]), a, b)
    if "pan_am_path_exhausted" in types:
        return exhausted(opts["pan_am_path_exhausted"]["path"][0])
    if "pan_am_offer_declined" in types:
        return decline(str(who))
    if "die_rolled" in types:
        return roll("PAN_AM")
    if "income_collected" in types:
        return income()
    return buy(0, str(who))


def _path_of(state: State, cities: list[str], paths: list[str]) -> str:
    key = "|".join(sorted(cities))
    listed = (state["board"].get("paths") or {}).get(state["options"]["origin"]) or {}
    return next((p for p in paths if key in (listed.get(p) or [])), paths[0])


def to_round(engine: Engine, state: State, round_no: int) -> State:
    """Fast-forward to the Event phase of ``round_no``."""
    while state["round"] < round_no and state["phase"] != "OVER":
        state = finish_round(engine, state)
    return state
