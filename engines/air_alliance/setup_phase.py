"""The set-up's events: each player's planes placed (``planes_placed``: the rulebook does
not say where, the note's G5), the Baggage Claim Area's first six cards revealed
(``card_revealed``), and, at any time, board facts the rulebook does not print
(``board_declared``: the colours each V airport takes, each colour's special airport,
the icons printed on each colour's Boarding Pass).
When every player has placed their planes and the row holds six cards, the start
player's first turn begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.air_alliance import airports, turns
from engines.air_alliance.reveals import ORIGIN
from engines.air_alliance.state import PLANES_PER_PLAYER, SETUP_RULE
from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare


def check_planes(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C02: four planes a player, once, each where there is room (and its colour lands)."""
    if state["phase"] != "SETUP":
        return [Violation("AA-C02", SETUP_RULE, "Planes are placed at the set-up")]
    player = data["player"]
    if player not in state["players"]:
        return [Violation("event/unknown-player", SETUP_RULE, f"{player!r} is not at the table")]
    if state["players"][player]["planes_placed"]:
        return [Violation("AA-C02", SETUP_RULE, f"{player}'s planes are placed already")]
    if len(data["airports"]) != PLANES_PER_PLAYER:
        return [Violation("AA-C02", SETUP_RULE, f"Each player places {PLANES_PER_PLAYER} planes, not "
                          f"{len(data['airports'])}")]
    colour, table = state["players"][player]["colour"], {k: list(v) for k, v in state["airports"].items()}
    problems: list[Violation] = []
    for code in data["airports"]:
        if code not in table:
            return [Violation("AA-C02", SETUP_RULE, f"{code} is not an airport")]
        problems += airports.landing_problems(code, table[code], colour, turns.landable(state, code))
        if not any(p.blocks for p in problems):
            table[code] = airports.land(code, table[code], colour)
    return problems


def apply_planes(state: State, who: str, data: Mapping[str, Any]) -> None:
    player = state["players"][data["player"]]
    for code in data["airports"]:
        planes = state["airports"][code]
        if airports.count(planes) < airports.CAPACITY[airports.shape(code)]:
            state["airports"][code] = airports.land(code, planes, player["colour"])
    player["planes_placed"] = True
    begin_if_ready(state)


def board_facts(data: Mapping[str, Any]) -> list[Fact]:
    """The facts of ``board_declared`` (or of a board file's same sections: there a pass slot
    may be null, not known, and declares nothing)."""
    facts = [Fact(f"landable:{code}", sorted(colours), f"The colours that land at {code}")
             for code, colours in data.get("landable", {}).items()]
    facts += [Fact(f"pass:{colour}:{slot}", list(icons), f"The {colour} Boarding Pass's slot {slot + 1}")
              for colour, slots in data.get("passes", {}).items() for slot, icons in enumerate(slots)
              if icons is not None]
    return facts + [Fact(f"special:{colour}", code, f"The {colour} special airport")
                    for colour, code in data.get("special", {}).items()]


def board_facts_due(state: State) -> bool:
    """Whether ``board_declared`` has something left to declare for this table: a V airport's
    colours, or the special airport or a Boarding Pass slot of a colour in play (known from
    the board, or declared, it is not asked for again; it is still accepted)."""
    colours = [player["colour"] for player in state["players"].values()]
    keys = [*(f"landable:{code}" for code in airports.AIRPORTS if airports.shape(code) == "V"),
            *(f"special:{colour}" for colour in colours),
            *(f"pass:{colour}:{slot}" for colour in colours for slot in range(3))]
    return any(key not in state["declared"] for key in keys)


def board_facts_from_board(state: State) -> bool:
    """Whether the board the game is recorded on holds some fact ``board_declared`` declares
    (its origin in the registry is the board's, not an event's)."""
    return any(entry["at"] == ORIGIN for key, entry in state["declared"].items()
               if key.split(":", 1)[0] in ("landable", "special", "pass"))


def check_board(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """Board facts: V airports only take declared colours, special airports are airports."""
    # AA-C37: a declaration that declares nothing is a tap by mistake, never a fact.
    if not any(data.get(section) for section in ("landable", "special", "passes")):
        return [Violation("AA-C37", "Declared board facts", "This board declaration names no fact: declare the "
                          "colours of a V airport, a special airport or a Boarding Pass's icons")]
    problems = [Violation("AA-C14", airports.AIRPORT_RULE, f"{code} is not a V airport (4 to 6): every colour lands there")
                for code in data.get("landable", {}) if code not in airports.AIRPORTS or airports.shape(code) != "V"]
    problems += [Violation("AA-C16", "List of the Flight icons", f"{code} is not an airport")
                 for code in data.get("special", {}).values() if code not in airports.AIRPORTS]
    return problems + conflicts(state["declared"], board_facts(data), state["step"] + 1)


def apply_board(state: State, who: str, data: Mapping[str, Any]) -> None:
    facts = board_facts(data)
    if not conflicts(state["declared"], facts, state["step"]):
        state["declared"] = declare(state["declared"], facts, state["step"])


def begin_if_ready(state: State) -> None:
    if state["phase"] == "SETUP" and all(p["planes_placed"] for p in state["players"].values()) \
            and None not in state["row"]:
        state["phase"], state["current"] = "TURNS", 0
        state["turn"] = turns.new_turn(state["seats"][0], False)
