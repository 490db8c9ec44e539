"""Where a state is in the game, and the seats' colours, for the pages (the viewer's log
and its turn links, the markers' and Boarding Passes' colours)."""

from __future__ import annotations

from typing import Any

from engines.air_alliance import turns
from engines.base import State

# The players' colours on the pages (the markers' and Boarding Passes' colours).
COLOUR_HEX = {"red": "#c0392b", "yellow": "#d4a017", "green": "#2e8b57", "blue": "#2f6db5"}


def seat_colours(state: State) -> list[str | None]:
    return [COLOUR_HEX.get(state["players"][name]["colour"]) for name in state["seats"]]


def position(state: State) -> dict[str, Any]:
    """``{"round", "turn", "label"}``: the set-up, each turn ("Turn 7 · Kenji", an extra turn
    and the Last Turn named), the game's end.  The game has no rounds."""
    if state["phase"] == "SETUP":
        return {"round": None, "turn": None, "label": "Set-up"}
    if state["phase"] == "OVER" or not state.get("turn"):
        return {"round": None, "turn": None, "label": "Game over"}
    number, player = int(state.get("turn_number", 1)), state["turn"]["player"]
    kind = " · extra turn" if state["turn"]["extra"] else " · Last Turn" if turns.in_last_turn(state) else ""
    return {"round": None, "turn": number, "label": f"Turn {number} · {player}{kind}"}
