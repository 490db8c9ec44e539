"""The state of a Pan Am game (plain JSON data) and how to build it.

State::

    {"step": int,                                  # events folded so far; the next is "event step+1"
     "options": {...resolved rules profile...},
     "seats": [name, ...],                         # clockwise
     "colours": {name: colour},
     "round": 1..7,
     "phase": "SETUP" | "EVENT" | "STOCK_PRICE" | "PRIORITY" | "ASSIGNMENT" | "RESOLUTION"
              | "EXPANSION" | "INCOME" | "STOCK" | "OVER",
     "first_player": name,                         # holds the First Player Marker this round
     "turn": name | None,                          # PRIORITY / ASSIGNMENT: who places next;
                                                   # EXPANSION offers and STOCK: who answers next
     "stock_price": int | None,
     "event_card": None | {"name", "stock_adjustment": {"op", "value"}, "die_rolls", "text"},
     "event_cards": [card, ...],                   # one per round so far
     "tiles": {"CRUISER": bool, "JET": bool},      # True while the tile covers that plane track
                                                   # (covered while round < its open round)
     "display": [{"card": {"city", "region"} | None, "bonus": int} x 4],   # spaces 1..4
     "destination_deck": int,                      # cards left face down (50 - 4 - 2 per player)
     "destination_discards": [card, ...],
     "directive_deck": int,                        # 40 - 1 per player at the start
     "tracks": {"A": {track: placement | None},    # tracks "1", "2"... as they are used
                "B": {"1".."4": placement | None},
                "C": {plane: placement | None}},
         # placement = {"player", "space": 1..4, "cost": int, "priority": bool, "resolved": bool}
     "sites": {"D": [site], "E": [site]},          # left to right; site = {"player", "priority", "resolved"}
     "priority_queue": [name, ...],                # last round's E Engineers (left to right) still to place
     "resolution": {"queue": [entry], "next": int, "last": entry | None, "refill_due": [slot],
                    "b_closed": bool},
         # entry = {"area", "track": str | None, "index": int | None, "player", "cost": int | None}
         # queue built when the Engineer phase ends; ``next`` indexes the Engineer to resolve;
         # ``last`` the one resolved last (for Directive cards played "directly after");
         # ``b_closed`` once the B area is done (+$1 on the cards left; ``refill_due`` the
         # display spaces (1..4) still to refill, as many as the deck holds)
     "payment": None | {"player", "cost", "sold", "money", "stock", "paid", "each"},
         # what the last event paid for a bid (``payment.Payment``), for the words
     "expansion": {"rolls_expected": int, "rolls": [[symbol]], "paths_due": [path],
                   "offers_due": [name]},
     "stock_due": [name, ...],                     # players still to answer in the Stock step
     "cities": {city: {"region": region | None, "airport": name | None}},
     "routes": {key: {"cities": [a, b], "distance": int | None,
                      "owner": name | "PAN_AM" | None, "plane": plane | None}},
     "pan_am_markers": int,                        # markers on the board (40 in the box)
     "declared": {key: {"value", "at", "label"}},  # engines.declared registry
     "board": {"tracks_a": [track] | None, "sites": {"D": int, "E": int} | None,
               "paths": {origin: {path: [key, ...]}} | None, "price_range": [lo, hi] | None,
               "cities": [city] | None, "routes": [key] | None},     # None: not in the board file
     "players": {name: {"money": int, "stock": int, "income": int,
                        "fleet": {plane: int}, "hangar": {plane: int},
                        "airports_supply": int, "airports": [city, ...], "routes": [key, ...],
                        "destinations": [card, ...], "directives": int,
                        "engineers": int, "available": int, "set_aside": int}},
     "setup_flags": [violation dict, ...]}

Engineers: ``available`` counts those in the player's hand during the Engineer phase;
with those on the board, those set aside and those in ``priority_queue`` they make
``engineers``.  Placements stay on the board, marked ``resolved``, until the round ends,
so that the viewer can show the round's Engineers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import State, json_copy

REGIONS = ("ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA")
PLANES = ("TRIMOTOR", "CLIPPER", "CRUISER", "JET")
RANGE = {"TRIMOTOR": 1, "CLIPPER": 2, "CRUISER": 3, "JET": 4}
AREAS = ("A", "B", "C", "D", "E")
BIDDING_AREAS = ("A", "B", "C")
PATHS = ("SA", "EU", "AP")
SYMBOLS = (*PATHS, "PAN_AM")
PAN_AM = "PAN_AM"
ROUNDS = 7
SPACES = (1, 2, 3, 4)
DISPLAY_SLOTS = ("1", "2", "3", "4")
ROUTE_BONUS = {1: 5, 2: 9, 3: 12, 4: 14}

ENGINEERS_BY_PLAYERS = {2: 5, 3: 4, 4: 3}
START_MONEY = 12
START_FLEET = {"TRIMOTOR": 2, "CLIPPER": 1, "CRUISER": 0, "JET": 0}
START_HANGAR = {"TRIMOTOR": 3, "CLIPPER": 3, "CRUISER": 3, "JET": 1}
AIRPORTS_EACH = 5
DESTINATION_CARDS = 50
DIRECTIVE_CARDS = 40
PAN_AM_MARKERS = 40
STOCK_UNITS = 140

PHASES = ("SETUP", "EVENT", "STOCK_PRICE", "PRIORITY", "ASSIGNMENT", "RESOLUTION",
          "EXPANSION", "INCOME", "STOCK", "OVER")


def route_key(cities: Sequence[str]) -> str:
    """The key of the route between two cities, whatever order they are named in.

    >>> route_key(["Tokyo", "Hong Kong"])
    'Hong Kong|Tokyo'
    """
    return "|".join(sorted(cities))


def route_label(key: str) -> str:
    """How people write a route.

    >>> route_label("Hong Kong|Tokyo")
    'Hong Kong–Tokyo'
    """
    return "–".join(key.split("|"))


def new_state(players: Sequence[str], opts: Mapping[str, Any], board: Mapping[str, Any],
              declared: Mapping[str, Any], flags: Sequence[Mapping[str, Any]]) -> State:
    """The table after *Player Setup*, before the face-up cards are declared."""
    n = len(players)
    engineers = ENGINEERS_BY_PLAYERS.get(n, 0)
    first = opts["first_player"] if opts["first_player"] is not None else players[0]
    return {
        "step": 0,
        "options": json_copy(dict(opts)),
        "seats": list(players),
        "colours": {name: opts["colours"][i] for i, name in enumerate(players)},
        "round": 1,
        "phase": "SETUP",
        "first_player": first,
        "turn": None,
        "stock_price": None,
        "event_card": None,
        "event_cards": [],
        "tiles": {"CRUISER": 1 < opts["cruiser_open_round"], "JET": 1 < opts["jet_open_round"]},
        "display": [{"card": None, "bonus": 0} for _ in DISPLAY_SLOTS],
        "destination_deck": DESTINATION_CARDS - 4 - 2 * n,
        "destination_discards": [],
        "directive_deck": DIRECTIVE_CARDS - n,
        "tracks": {"A": {}, "B": {slot: None for slot in DISPLAY_SLOTS}, "C": {plane: None for plane in PLANES}},
        "sites": {"D": [], "E": []},
        "priority_queue": [],
        "resolution": {"queue": [], "next": 0, "last": None, "refill_due": [], "b_closed": False},
        "payment": None,
        "expansion": {"rolls_expected": 0, "rolls": [], "paths_due": [], "offers_due": []},
        "stock_due": [],
        "cities": {},
        "routes": {},
        "pan_am_markers": 0,
        "declared": dict(declared),
        "board": dict(board),
        "players": {
            name: {
                "money": START_MONEY,
                "stock": 0,
                "income": 0,
                "fleet": dict(START_FLEET),
                "hangar": dict(START_HANGAR),
                "airports_supply": AIRPORTS_EACH,
                "airports": [],
                "routes": [],
                "destinations": [],
                "directives": 1,
                "engineers": engineers,
                "available": engineers,
                "set_aside": 0,
            }
            for name in players
        },
        "setup_flags": [dict(flag) for flag in flags],
    }
