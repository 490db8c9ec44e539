"""A Panamax table as §3 "Set up" leaves it (and §9 for 2 and 3 players), as plain JSON.

The players are listed in turn order, 1st to last: the rulebook has them "randomly"
chosen (§3 step 12), so the order is a fact the table records by listing them.
What the set-up rolls and reveals (the Action table, the Contract cards, the
Financial Advisor cards kept) comes as events after this; so do the advanced
variant's blind bids (§4), until which money, price and shares wait at zero.

Zones named here are the rulebook's own: the four national Loading zones, the two
oceans' Waiting zones (Atlantic: EU and US East; Pacific: China and US West, the
note's inference), and the four places of §3 step 15.  The rest of the canal is
declared by the events that use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from engines.base import Option, Violation, seat_problems
from engines.panamax.action_table import Layout

SETUP_RULE = "Set up"
COMPANIES = ("red", "green", "yellow", "black")
NATIONS = ("CHINA", "EU", "US_EAST", "US_WEST")
OCEAN_OF = {"EU": "ATLANTIC", "US_EAST": "ATLANTIC", "CHINA": "PACIFIC", "US_WEST": "PACIFIC"}
# "Ships must follow the direction of the arrows": from one ocean's Loading zone to the other ocean.
OTHER_OCEAN = {"ATLANTIC": "PACIFIC", "PACIFIC": "ATLANTIC"}
ROUNDS = 3

# §3 steps 18-20 (standard); §4 (advanced: a bid of $12 to $24 in steps of $3).
COMPANY_MONEY, PLAYER_MONEY, START_PRICE = 18, 6, 6
ADVANCED_PURSE, BIDS = 24, (12, 15, 18, 21, 24)
SHARES_PER_COMPANY = 5  # §2: 20 shares, 5 a colour; 4 to the company, 1 to its player
DICE_PER_COMPANY, POOL_DICE = 9, 4  # §2, §3 step 14: 4 in the Dice Pool, the rest in the Warehouse
START_DIE_VALUE = 3  # §3 step 15

# §2: each colour's ship tiles, with the range of values the ship carries (min to sail, max).
SHIP_SPECS = {1: (2, 5), 2: (5, 11), 3: (7, 13)}
# §3 step 15: where the k-th player's 1-slot ship starts, and where it is bound.
START_PLACES = (
    ("Pedro Miguel Locks", "ATLANTIC"),
    ("Culebra Cut", "PACIFIC"),
    ("Gatun Lake", "ATLANTIC"),
    ("Miraflores Lake", "PACIFIC"),
)
# §3 step 6 and §10: the unique ships, by the Loading zone they start in.
UNIQUE_SHIPS = {
    "USS Iowa": ("MILITARY", "US_EAST"),
    "Dice Fest Line": ("CRUISE", "US_EAST"),
    "NRP Sagres III": ("MILITARY", "EU"),
    "Lucky Me Cruises": ("CRUISE", "EU"),
    "USS Pegasus": ("MILITARY", "US_WEST"),
    "Spiel of the Seas": ("CRUISE", "US_WEST"),
    "PLAN Yi Yang": ("MILITARY", "CHINA"),
    "San Juan Prospector": ("PANAMAX", "CHINA"),
}
TWO_PLAYER_REMOVED = ("San Juan Prospector", "Spiel of the Seas")  # §9
# The canal between the oceans' Loading zones, Atlantic first: only the places the rulebook
# names (§3 step 15), in the real canal's order ({INFER}: the board's map is not in the
# rulebook).  Zones the table declares as ships enter them are added in between.
NAMED_CANAL = ["Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake"]
LAKES = ("Gatun Lake", "Miraflores Lake")  # "Miraflores Lake and Gatun Lake - no ship limitation"
# Where a board file's facts come from, in the declared-data registry (the ``board`` option
# and a saved board alike, so that stored states and exports keep their label).
BOARD_ORIGIN = "board"
PASSENGER_TOKENS = [5, 4, 4, 3, 3, 2, 2, 1]  # §3 step 7, top first
BONUS_STACK = [1, 2, 3, 4, 5]  # §3 step 1: Captain and Stevedore cards, 1 on top
FINANCIAL_ADVISORS = 9
FLAGS_PER_NATION = 11  # §2; one of each on the Rail table (§3 step 4), the rest by the Waiting zones
MD_AWARDS = [3, 5, 7]  # §3 step 10, rounds 1 to 3
MARKET_FLOOR = 1  # the ``market_floor`` option's default: the lowest price without a Market table

OPTIONS: dict[str, Option] = {
    "variant": Option("standard", "Standard set-up (§3) or the Advance Set-up's blind bids (§4).",
                      choices=["standard", "advanced"], label="Set-up"),
    "setup_contracts_in_standard": Option(
        True, "Steps 22-23 (a Setup Contract each) stand under the Advance Set-up but go on numbering the "
        "standard steps: play them in the standard set-up too (the note's PX-AMB-1).", type="bool",
        label="A Setup Contract each in the standard set-up"),
    "companies": Option(list(COMPANIES), "Each player's Company colour, in the order the players are listed.",
                        type="list", label="Company colours, in seat order"),
    "fa_scoring": Option(
        "best_two_any", "Section 8 counts \"best 2 Financial Advisor bonus cards, including their secret goal card "
        "(player's choice)\": the secret card may count (best_two_any) or always counts (secret_plus_best_other); "
        "the note's PX-AMB-7.", choices=["best_two_any", "secret_plus_best_other"],
        label="Financial Advisor bonus cards counted"),
    "board": Option(
        None, "A board file transcribed from the box: the canal, the Market table, the Clipboards, the unique ships, the "
        "cards (engines/panamax/board.py; rulebook-board.json beside it holds only what the rulebook states).",
        type="object", nullable=True, label="Board file"),
    "market_floor": Option(
        MARKET_FLOOR, "Without a Market table on the board, a falling price stops at this value: the rulebook prints no table "
        "but moves the cube \"2 steps on the market table\", and every price it names is at least $1.",
        type="int", choices=list(range(0, 7)), label="Lowest share price without a Market table",
        absent=0),  # rules 1 had no floor: the closest is 0
    "two_player_pacific_cruise": Option(
        "Lucky Me Cruises",
        "With 2 players one 3-slot Cruise ship waits in each Waiting zone (§9); both start on the Atlantic "
        "side, so this one goes to the Pacific's.", choices=["Lucky Me Cruises", "Dice Fest Line"],
        label="With 2 players, the Cruise ship on the Pacific side"),
}


class Company(TypedDict):
    """A shipping company, under ``companies[colour]``: its money and share price are the
    company's own, not its manager's."""

    manager: str  # the player who runs it
    money: int
    treasury: int  # its shares not yet sold
    price: int | None  # None until the Advance Set-up's bids set it
    warehouse: int  # dice in the warehouse
    pool: int  # dice in the pool
    flags: list[str]  # the nations of the flags it took
    deferred: list[dict[str, Any]]  # Market free actions put off (PX-F2): {nation, at}
    passengers: list[int]  # Passenger tokens' values
    benefits: list[str]  # the Passenger spots' benefits taken
    contracts: list[dict[str, Any]]  # the Contract cards it holds (``contracts.held``)


class Investor(TypedDict):
    """A player, under ``players[name]``: what they own apart from their company."""

    company: str  # its colour
    money: int
    shares: dict[str, int]  # colour -> shares held
    captain: list[dict[str, Any]]  # Captain bonus cards in hand: {card, ...}
    stevedore: list[dict[str, Any]]  # Stevedore bonus cards in hand
    advisors: int  # Financial Advisor cards kept
    awards: list[int]  # the MD awards won
    bailouts: int


class Ship(TypedDict):
    """A ship tile, under ``ships[name]``: a company's (its colour and slots) or a unique one."""

    kind: str  # COMPANY, or a unique ship's kind
    owner: str | None  # the company's colour; None for a unique ship
    slots: int | None
    min: NotRequired[int]  # a company ship's range (§2)
    max: NotRequired[int]
    status: str  # UNBUILT, BUILT, ON_BOARD...
    zone: str | None
    bound: str | None  # the ocean it heads for
    dice: list[dict[str, Any]]  # {company, value} each


class Rail(TypedDict):
    wagon1: list[dict[str, Any]]
    wagon2: list[dict[str, Any]]
    platform: list[dict[str, Any]]
    flags: list[str]


class TableSetUp(TypedDict):
    """What the set-up's events have done (§3 steps 21-23)."""

    bids: bool
    contracts: bool
    advisors_kept: list[str]
    mulligans: int


class SetupContracts(TypedDict):
    offered: list[str]
    chosen: list[str]


class InitialTable(TypedDict):
    """The table as §3 leaves it, before the set-up's events (``initial_state``)."""

    options: dict[str, Any]
    seats: list[str]  # the players, in turn order at the start
    companies: dict[str, Company]
    players: dict[str, Investor]
    ships: dict[str, Ship]
    canal: list[str]  # its zones, Atlantic to Pacific
    round: int
    phase: str  # SETUP, SETUP_CONTRACTS, TURNS, END_RAIL, MAINTENANCE, GAME_OVER, OVER
    turn_order: list[str]
    action_table: Layout | None
    rail: Rail
    flag_supply: dict[str, int]
    passenger_tokens: list[int]  # top first
    captain_stack: list[int]
    stevedore_stack: list[int]
    advisor_pile: int
    awards_left: list[int]
    # On a board file (``Panamax.setup``):
    market_prices: NotRequired[list[int] | None]  # the board's Market table, low to high
    board: NotRequired[dict[str, list[str]]]  # what the checks of reveals keep (``board.table_of``)


class PanamaxState(InitialTable):
    """A Panamax table: ``Panamax.setup`` adds these keys to the initial table; the folds
    change values, never keys."""

    step: int
    declared: dict[str, Any]  # the facts the events declared (``engines.declared``)
    contracts: dict[str, Any] | None  # the Action table's slots, inbound and the Draw pile's top
    turn_index: int
    turn: dict[str, Any] | None  # the turn played (``turns.new_turn``)
    end_of_round: dict[str, Any] | None
    revealed: dict[str, Any]  # the secret goals shown at the end
    setup_contracts: SetupContracts
    free_action: dict[str, Any] | None  # a flag's free actions due: {player, company, queue}
    setup: TableSetUp


def setup_problems(players: Sequence[Any], opts: Mapping[str, Any]) -> list[Violation]:
    """PX-S1: 2 to 4 players, each with a Company of their own from the four colours."""
    problems = seat_problems(players, "PX-S1", SETUP_RULE, "Panamax", 2, 4)
    if problems:
        return problems
    chosen = opts["companies"][:len(players)]
    if len(chosen) < len(players):
        problems.append(Violation("PX-S1", SETUP_RULE, f"{len(players)} players need {len(players)} Companies; "
                                  f"{len(chosen)} listed"))
    elif len(set(chosen)) != len(chosen) or any(colour not in COMPANIES for colour in chosen):
        problems.append(Violation("PX-S1", SETUP_RULE, f"Each player manages a different Company of "
                                  f"{', '.join(COMPANIES)}, not {', '.join(map(str, chosen))}"))
    return problems


def initial_state(players: Sequence[str], opts: Mapping[str, Any]) -> InitialTable:
    """The table after §3 steps 1-20 (without the rolls and reveals, which are events)."""
    colours = {name: opts["companies"][seat] for seat, name in enumerate(players)}
    standard = opts["variant"] == "standard"
    ships: dict[str, Ship] = {}
    for seat, name in enumerate(players):
        colour = colours[name]
        place, bound = START_PLACES[seat]
        ships[f"{colour}-1"] = company_ship(colour, 1, "ON_BOARD", place, bound, dice=[START_DIE_VALUE])
        ships[f"{colour}-2a"] = company_ship(colour, 2, "BUILT")  # §3 step 16: ready to be deployed
        ships[f"{colour}-2b"] = company_ship(colour, 2, "UNBUILT")
        ships[f"{colour}-3"] = company_ship(colour, 3, "UNBUILT")
    for ship, (kind, nation) in UNIQUE_SHIPS.items():
        if len(players) == 2 and ship in TWO_PLAYER_REMOVED:
            continue
        zone = f"LOADING {nation}"
        if len(players) == 2 and kind == "CRUISE":
            zone = "WAITING PACIFIC" if ship == opts["two_player_pacific_cruise"] else "WAITING ATLANTIC"
        # From a Loading zone a ship is bound for the other ocean; in a Waiting zone, for none yet.
        heading: str | None = OTHER_OCEAN[OCEAN_OF[nation]] if zone.startswith("LOADING") else None
        ships[ship] = {"kind": kind, "owner": None, "slots": None, "status": "ON_BOARD", "zone": zone,
                       "bound": heading, "dice": []}
    return {
        "options": dict(opts),
        "seats": list(players),
        "companies": {colours[name]: {
            "manager": name, "money": COMPANY_MONEY if standard else 0,
            "treasury": SHARES_PER_COMPANY - 1, "price": START_PRICE if standard else None,
            "warehouse": DICE_PER_COMPANY - POOL_DICE - 1, "pool": POOL_DICE,
            "flags": [], "deferred": [], "passengers": [], "benefits": [], "contracts": []} for name in players},
        "players": {name: {
            "company": colours[name], "money": PLAYER_MONEY if standard else ADVANCED_PURSE,
            "shares": {colours[name]: 1}, "captain": [], "stevedore": [], "advisors": 0,
            "awards": [], "bailouts": 0} for name in players},
        "ships": ships,
        "canal": list(NAMED_CANAL),
        "round": 1,
        "phase": "SETUP",
        "turn_order": list(players),
        "action_table": None,
        "rail": {"wagon1": [], "wagon2": [], "platform": [], "flags": list(NATIONS)},
        "flag_supply": {nation: FLAGS_PER_NATION - 1 for nation in NATIONS},
        "passenger_tokens": list(PASSENGER_TOKENS),
        "captain_stack": list(BONUS_STACK),
        "stevedore_stack": list(BONUS_STACK),
        "advisor_pile": FINANCIAL_ADVISORS,
        "awards_left": list(MD_AWARDS),
    }


def company_ship(colour: str, slots: int, status: str, zone: str | None = None, bound: str | None = None,
                 dice: list[int] | None = None) -> Ship:
    """A ship tile of ``colour`` with ``slots`` slots and its range (§2), carrying ``dice`` values."""
    low, high = SHIP_SPECS[slots]
    return {"kind": "COMPANY", "owner": colour, "slots": slots, "min": low, "max": high, "status": status,
            "zone": zone, "bound": bound, "dice": [{"company": colour, "value": v} for v in dice or []]}
