"""An Air Alliance table as "Preparations" leaves it, as plain JSON, and the set-up's
declared facts.

The players are listed clockwise from the start player ("The game goes clockwise from
the start player"; how the start player is chosen is not in the rulebook: the order is a
fact the table records by listing them).  Each player's colour is one of the four marker
colours.  Five planes a colour, one set aside to mark Alliances (Preparations step 3): four
a player, placed at the set-up (the rulebook does not say where: the note's G5, declared).

Cards are revealed as facts: a card's face (route, miles, class, icons, trio) is declared
when it first turns up, and kept consistent by the declared-data registry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.air_alliance.airports import PLAYER_COLOURS, initial_airports
from engines.air_alliance.baggage import SPACES
from engines.base import Option, Violation, seat_problems

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


def initial_state(players: Sequence[str], opts: Mapping[str, Any]) -> dict[str, Any]:
    """The table after the Preparations: NPA planes placed, the deck face down."""
    return {
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
