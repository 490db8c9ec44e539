"""An Air Alliance table as "Preparations" leaves it, as plain JSON, and the set-up's
declared facts.

The players are listed clockwise from the start player ("The game goes clockwise from
the start player"; how the start player is chosen is not in the rulebook: the order is a
fact the table records by listing them).  Each player's colour is one of the four marker
colours.  Five planes a colour, one set aside to mark Alliances (Preparations step 3): four
a player, placed at the set-up (the rulebook does not say where: the note's G5, declared).

Cards are revealed as facts: a card's face (route, miles, class, icons, trio) is declared
when it first turns up, and kept consistent by the declared-data registry.

The TypedDicts below say the state's shape, for the type checker and for the reader: the
folds still take a ``State`` (plain JSON), and ``typed`` reads one as ``AirAllianceState``.
A card is named by its id everywhere (``"C17"``); its face lives only in ``declared``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict, cast

from engines.air_alliance.airports import PLAYER_COLOURS, initial_airports
from engines.air_alliance.baggage import SPACES
from engines.base import Option, State, Violation, seat_problems

SETUP_RULE = "Preparations"
DECK = 60  # "60 Passenger Cards"
PLANES_PER_PLAYER = 4  # 5 a colour, "1 plane of each colour" set aside for the Alliances
ALLIANCE_AREAS = 4  # "an Alliance Area on each side" (the note's G11)

OPTIONS: dict[str, Option] = {
    "colours": Option(list(PLAYER_COLOURS), "Each player's colour, in the order the players are listed.", type="list",
                      label="Player colours, in seat order"),
    "alliance_areas": Option(ALLIANCE_AREAS, "How many Alliance Areas the board has (\"an Alliance Area on each side\").",
                             type="int", label="Alliance Areas on the board"),
    "board": Option(None, "A board file transcribed from the physical board, the Boarding Passes and the Passenger "
                    "Cards (engines/air_alliance/board.py; board-template.json beside it has the sections, empty). "
                    "A game on a saved board leaves it empty.", type="object", nullable=True, label="Board file"),
    "strict_gain_timing": Option(True, "A passenger is carried only by flights made after its card turned up in the "
                                 "Baggage Claim Area (\"Resolve the action just after you place the marker\"); off: "
                                 "any flight of the turn.", type="bool",
                                 label="Only flights after a card turns up carry its passenger",
                                 absent=False),  # rules 1 carried a passenger on any flight of the turn
    "allow_null_marker": Option(True, "A marker is placed on an icon with no action when, and only when, nothing is "
                                "legal for it (\"Place all 3 markers\"); off: every marker flies, switches or "
                                "reserves.", type="bool", label="A marker with nothing legal is placed with no action",
                                absent=False),  # rules 1 had no marker without an action
    "kobe_double_codeshare": Option(False, "Kobe Rules (1): two markers on a Code Sharing icon use an NPA of an "
                                    "opponents' Alliance once.", type="bool",
                                    label="Kobe Rules (1): double Code Sharing"),
    "kobe_flush": Option(False, "Kobe Rules (2): a marker may flush the Boarding Pass.", type="bool",
                         label="Kobe Rules (2): flush the Boarding Pass"),
    "kobe_reserve_offboard": Option(False, "Kobe Rules (3): a reserved card leaves the board with its marker and the "
                                    "row is refilled.", type="bool",
                                    label="Kobe Rules (3): reserved cards leave the board"),
    "kobe_wait_cancellation": Option(False, "Kobe Rules (4): a marker may wait for a cancellation and reserve after "
                                     "another player's PHASE 1.", type="bool",
                                     label="Kobe Rules (4): wait for a cancellation"),
    "kobe_markers_optional": Option(False, "Kobe Rules (5): not every marker must be placed.", type="bool",
                                    label="Kobe Rules (5): markers need not all be placed"),
    "kobe_extra_marker": Option(False, "Kobe Rules (6): an extra marker instead of an extra turn after 3 passengers.",
                                type="bool", label="Kobe Rules (6): an extra marker"),
    "kobe_first_turn": Option(False, "Kobe Rules 2: the First Turn (a new row, Priority Takeoffs by seat, no "
                              "reservations).", type="bool", label="Kobe Rules 2: the First Turn"),
    "kobe_last_turn": Option(False, "Kobe Rules 3: the Last Turn ends with the last seat, planes leave after it; "
                             "10,000 miles a five ECONOMY cards.", type="bool", label="Kobe Rules 3: the Last Turn"),
}


# -- the state's shape ----------------------------------------------------------------


class PlayerRecord(TypedDict):
    """One player's pieces, under ``players[name]``."""

    colour: str  # one of PLAYER_COLOURS, chosen at set-up (the ``colours`` option, in seat order)
    slots: list[list[str]]  # the Boarding Pass's 3 slots, each a stack of card ids, bottom -> top (top = visible face)
    set_aside: list[str]  # cards cleared off the pass (an Alliance, a flush): out of play, still scored
    planes_placed: bool  # whether the set-up's ``planes_placed`` is folded for this player
    reservation: str | None  # the card this player's marker reserves, None when none
    # Set at set-up, but read with a default (``.get``): a state cached before the First
    # Turn (Kobe Rules 2), or before the Kobe Rules (4), came in lacks the key.
    waiting: NotRequired[bool]  # a marker on the logo, waiting for a cancellation (Kobe Rules (4))
    first_turn_done: NotRequired[bool]  # a turn of this player's, not an extra one, has ended (Kobe Rules 2)


class MarkRecord(TypedDict):
    """A marker placed on a Flight icon this turn (``turn["marks"]``), for the pages."""

    slot: int  # 0 to 2
    icon: int  # the icon's index on the slot's visible face
    card: str | None  # the slot's top card then; None for the bare pass
    double: bool  # two markers on one Code Sharing icon (Kobe Rules (1))


class TurnRecord(TypedDict):
    """The turn being played (``turns.new_turn``); ``state["turn"]`` is None at the
    set-up and after the end."""

    player: str
    extra: bool  # the extra turn after 3 or 4 passengers
    phase: int  # 1 to 3, the Flow Chart's PHASE; 4 (``turns.EXTRA_PHASE``) is the Kobe Rules (6) extra marker
    markers: int  # markers placed in PHASE 1 (a double Code Sharing counts 2)
    slots_used: list[int]  # the slots a marker went on this turn
    reserved: bool  # a marker reserved a card this turn
    waited: bool  # a marker went on the logo this turn (Kobe Rules (4))
    flights: list[list[str]]  # this turn's flights, each ``[from, to]`` (airport codes), in order
    gained: list[str]  # the cards gained this turn, in order
    placed: int  # how many of ``gained`` are on the pass already (set by the Kobe Rules (6)' PHASE 3)
    # Only some turns have these:
    marks: NotRequired[list[MarkRecord]]  # from the first marker on an icon
    alliance_open: NotRequired[list[str]]  # after an Alliance this PHASE 0: the NPA colours still open to it
    shown_after: NotRequired[dict[str, int]]  # card id -> len(flights) when it turned up (only later flights carry it)
    claims: NotRequired[list[str]]  # the waiting players whose claims are due (Kobe Rules (4)); popped when settled
    extra_markers: NotRequired[int]  # Kobe Rules (6): extra markers placed in PHASE 4
    extra_from: NotRequired[int]  # Kobe Rules (6): len(flights) when PHASE 4 began
    first_swaps: NotRequired[int]  # Kobe Rules 2: Priority Takeoffs made in the First Turn
    first_refreshed: NotRequired[bool]  # Kobe Rules 2: the row was refreshed in the First Turn
    retrieved: NotRequired[str]  # Kobe Rules (3): the off-board card whose marker came back, still gainable this turn


class LastTurnRecord(TypedDict):
    """The Last Turn, from the turn the deck ran out (``turns.deck_ran_out``)."""

    order: list[int]  # the seats (indices into ``seats``) that play a Last Turn, in order
    done: list[int]  # those seats whose Last Turn has ended
    started: bool  # false during the depleting player's own turn, which is not a Last Turn
    refreshed: list[str]  # the players who have refreshed the row in their Last Turn


class DeclaredEntry(TypedDict):
    """One fact of the declared-data registry (``engines.declared``)."""

    value: Any  # a card's face, a pass slot's icons, a V airport's colours, a special airport: each its own shape
    at: int | str  # the step that declared it, or ``"board"`` (reveals.ORIGIN) for a board file's facts
    label: str


class AirAllianceState(TypedDict):
    """The whole table."""

    options: dict[str, Any]  # the resolved rules profile (OPTIONS)
    seats: list[str]  # the players, clockwise from the start player
    players: dict[str, PlayerRecord]
    airports: dict[str, list[str | None]]  # code -> the planes' colours in runway order (airports.py)
    alliances: list[list[str]]  # one list of colours (players' and NPAs') per Alliance Area
    row: list[str | None]  # the Baggage Claim Area's 6 spaces, left to right; None for an empty space
    reserved: dict[str, str]  # card of the row -> the player whose marker reserves it
    offboard: dict[str, str | None]  # Kobe Rules (3): card off the board -> its holder, None once the marker is back
    deck: int  # cards face down (ids unknown until they turn up)
    discards: list[str]
    seen: list[str]  # every card id that has turned up, in order
    declared: dict[str, DeclaredEntry]  # the registry: "card:<id>", "pass:<colour>:<slot>", "landable:<code>", ...
    phase: Literal["SETUP", "TURNS", "OVER"]
    current: int  # the seat (index into ``seats``) whose turn it is; 0 at the set-up
    turn: TurnRecord | None  # None at the set-up and once the game is over
    step: int  # events folded so far (every event counts, even an unknown or refused one)
    # Only some states have these:
    reshuffled: NotRequired[list[str]]  # after the discards became the deck: those not yet turned up again
    last_turn: NotRequired[LastTurnRecord]  # from the moment the deck runs out
    turn_number: NotRequired[int]  # from the second turn on (read with a default of 1)
    board_complete: NotRequired[list[str]]  # the board file's ``complete`` list, only when it has one (reveals.COMPLETE)


def typed(state: State) -> AirAllianceState:
    """The state, as its TypedDict (the same object)."""
    return cast(AirAllianceState, state)


def setup_problems(players: Sequence[Any], opts: Mapping[str, Any]) -> list[Violation]:
    """AA-C01: 2 to 4 players, each with a colour of their own."""
    problems = seat_problems(players, "AA-C01", SETUP_RULE, "Air Alliance", 2, 4)
    if problems:
        return problems
    chosen = list(opts["colours"])[:len(players)]
    if len(chosen) < len(players) or len(set(chosen)) != len(chosen) or any(c not in PLAYER_COLOURS for c in chosen):
        problems.append(Violation("AA-C01", SETUP_RULE, f"Each player takes a colour of their own from "
                                  f"{', '.join(PLAYER_COLOURS)}, not {', '.join(map(str, chosen))}"))
    if not 1 <= opts["alliance_areas"] <= 4:
        problems.append(Violation("options/invalid", "Rules profile", "The board has 1 to 4 Alliance Areas"))
    return problems


def initial_state(players: Sequence[str], opts: Mapping[str, Any]) -> State:
    """The table after the Preparations: NPA planes placed, the deck face down."""
    start: AirAllianceState = {
        "options": dict(opts),
        "seats": list(players),
        "players": {name: {"colour": opts["colours"][seat], "slots": [[], [], []], "set_aside": [],
                           "planes_placed": False, "reservation": None, "waiting": False, "first_turn_done": False}
                    for seat, name in enumerate(players)},
        "airports": initial_airports(),
        "alliances": [[] for _ in range(opts["alliance_areas"])],
        "row": [None] * SPACES,
        "reserved": {},
        "offboard": {},
        "deck": DECK,
        "discards": [],
        "seen": [],
        "declared": {},
        "phase": "SETUP",
        "current": 0,
        "turn": None,
        "step": 0,
    }
    return cast(State, start)
