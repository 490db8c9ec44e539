"""The Kobe Rules' First Turn (option ``kobe_first_turn``): "Each player's First Turn is
played differently from a regular turn".

- "At the beginning of any player's First Turn, that player may discard all six cards in
  the Baggage Claim Area and spread new six cards there from the deck" (``row_refreshed``);
- "that player may take Priority Takeoff actions. The number of these actions allowed
  depends on player order (1st: 0, 2nd: 1, 3rd: 2, 4th: 3). These actions don't count
  toward marker actions" (``first_turn_swap``);
- "During any player's First Turn, no player may reserve a Passenger Card".
A player's First Turn is their first turn that is not an extra turn (AA-C33).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.air_alliance import airports
from engines.base import State, Violation

FIRST_RULE = "Optional Rules: Kobe Rules (2. \"First Turn\" introduced)"


def in_first_turn(state: State) -> bool:
    turn = state.get("turn")
    if not state["options"].get("kobe_first_turn") or not turn or turn["extra"]:
        return False
    return not state["players"][turn["player"]].get("first_turn_done", False)


def first_turns_running(state: State) -> bool:
    """Until every player has played their First Turn, nobody reserves."""
    return bool(state["options"].get("kobe_first_turn")) and not all(
        player.get("first_turn_done", False) for player in state["players"].values())


def swaps_allowed(state: State) -> int:
    """1st player 0, 2nd 1, 3rd 2, 4th 3."""
    return int(state["seats"].index(state["turn"]["player"]))


def check_swap(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """AA-C33: at the start of one's First Turn, as many switches as one's place in order."""
    turn = state.get("turn")
    if state["phase"] != "TURNS" or turn is None or (actor is not None and actor != turn["player"]):
        return [Violation("AA-C03", FIRST_RULE, "A First Turn's switch is the current player's")]
    if not in_first_turn(state) or turn["markers"] or turn["gained"]:
        return [Violation("AA-C33", FIRST_RULE, "Switches are taken at the beginning of a player's First Turn")]
    if turn.get("first_swaps", 0) >= swaps_allowed(state):
        return [Violation("AA-C33", FIRST_RULE, f"{turn['player']} may take {swaps_allowed(state)} switch(es) at the "
                          "First Turn")]
    if data["airport"] not in state["airports"]:
        return [Violation("AA-C19", FIRST_RULE, f"{data['airport']} is not an airport")]
    first, second = data["places"]
    return airports.swap_problems(data["airport"], state["airports"][data["airport"]], first, second)


def apply_swap(state: State, who: str, data: Mapping[str, Any]) -> None:
    code = data["airport"]
    state["airports"][code] = airports.swap(state["airports"][code], *data["places"])
    state["turn"]["first_swaps"] = state["turn"].get("first_swaps", 0) + 1
