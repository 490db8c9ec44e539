"""Where a state is in the game, for the viewer's log and its turn links."""

from __future__ import annotations

from typing import Any

from engines.base import State

from .state import tally


def position(state: State) -> dict[str, Any]:
    tallied = tally(state)
    if tallied["over"]:
        return {"round": None, "turn": tallied["turn"], "label": "Game over"}
    return {"round": None, "turn": tallied["turn"], "label": f"Turn {tallied['turn']} · {tallied['current']}"}
