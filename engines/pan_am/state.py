"""The state of a Pan Am game (plain JSON data) and how to build it.

The shape is ``PanAmState`` below, key by key.

Engineers: ``available`` counts those in the player's hand during the Engineer phase;
with those on the board, those set aside and those in ``priority_queue`` they make
``engineers``.  Placements stay on the board, marked ``resolved``, until the round ends,
so that the viewer can show the round's Engineers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict, cast

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


Phase = Literal["SETUP", "EVENT", "STOCK_PRICE", "PRIORITY", "ASSIGNMENT", "RESOLUTION", "EXPANSION", "INCOME",
                "STOCK", "OVER"]


class Investor(TypedDict):
    """A player, under ``players[name]``."""

    money: int
    stock: int
    income: int
    fleet: dict[str, int]  # plane -> planes flying
    hangar: dict[str, int]  # plane -> planes still to acquire
    airports_supply: int
    airports: list[str]  # cities
    routes: list[str]  # route keys (``route_key``)
    destinations: list[dict[str, Any]]  # Destination cards: {city, region}
    directives: int  # Directive cards in hand
    engineers: int  # in hand, on the board, set aside and queued together
    available: int  # in hand during the Engineer phase
    set_aside: int


class DisplaySpace(TypedDict):
    card: dict[str, Any] | None  # {city, region}
    bonus: int  # +$1 for each B round it stayed


class Tracks(TypedDict):
    A: dict[str, dict[str, Any] | None]  # track "1", "2"... -> placement, as they are used
    B: dict[str, dict[str, Any] | None]  # "1".."4"
    C: dict[str, dict[str, Any] | None]  # plane
    # a placement: {player, space: 1..4, cost, priority, resolved}


class Sites(TypedDict):
    D: list[dict[str, Any]]  # left to right: {player, priority, resolved}
    E: list[dict[str, Any]]


class Resolution(TypedDict):
    """The Engineer phase resolved: the queue is built when it ends; ``next`` indexes the
    Engineer to resolve; ``last`` is the one resolved last (for Directive cards played
    "directly after"); ``b_closed`` once the B area is done (+$1 on the cards left), and
    ``refill_due`` the display spaces still to refill, as many as the deck holds."""

    queue: list[dict[str, Any]]  # {area, track, index, player, cost}
    next: int
    last: dict[str, Any] | None
    refill_due: list[str]
    b_closed: bool


class Expansion(TypedDict):
    rolls_expected: int
    rolls: list[list[str]]  # symbols rolled
    paths_due: list[str]
    offers_due: list[str]  # players Pan Am makes an offer to


class PanAmState(TypedDict):
    """A Pan Am table (``new_state``): the folds change values, never keys."""

    step: int  # events folded so far; the next is "event step+1"
    options: dict[str, Any]  # the resolved rules profile
    seats: list[str]  # clockwise
    colours: dict[str, str]
    round: int  # 1..7
    phase: Phase
    first_player: str  # holds the First Player Marker this round
    turn: str | None  # PRIORITY / ASSIGNMENT: who places next; EXPANSION offers and STOCK: who answers
    stock_price: int | None
    event_card: dict[str, Any] | None  # {name, stock_adjustment: {op, value}, die_rolls, text}
    event_cards: list[dict[str, Any]]  # one per round so far
    tiles: dict[str, bool]  # CRUISER, JET: True while the tile covers that plane's track
    display: list[DisplaySpace]  # spaces 1..4
    destination_deck: int  # cards left face down (50 - 4 - 2 per player at the start)
    destination_discards: list[dict[str, Any]]
    directive_deck: int  # 40 - 1 per player at the start
    tracks: Tracks
    sites: Sites
    priority_queue: list[str]  # last round's E Engineers (left to right) still to place
    resolution: Resolution
    payment: dict[str, Any] | None  # what the last event paid for a bid (``payment.Payment``), for the words
    expansion: Expansion
    stock_due: list[str]  # players still to answer in the Stock step
    cities: dict[str, dict[str, Any]]  # city -> {region, airport: its owner}
    routes: dict[str, dict[str, Any]]  # key -> {cities, distance, owner: name | PAN_AM | None, plane}
    pan_am_markers: int  # on the board (40 in the box)
    declared: dict[str, Any]  # the engines.declared registry: key -> {value, at, label}
    board: dict[str, Any]  # the board file's summary: tracks_a, sites, paths, price_range, cities, routes (None: not in it)
    players: dict[str, Investor]
    setup_flags: list[dict[str, Any]]  # violations the set-up flagged (``Violation.to_dict``)


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
    table: PanAmState = {
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
    return cast(State, table)
