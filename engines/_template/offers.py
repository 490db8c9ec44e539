"""What may be recorded now, and the choices the recording page offers."""

from __future__ import annotations

from typing import Any

from engines.base import State

from .rules_turn import DIE
from .state import tally


def possible(state: State) -> list[str]:
    """The event types possible now: the points, then the turn's end."""
    return ["turn_ended"] if tally(state)["scored"] else ["points_scored"]


def points_offered(state: State, who: str) -> dict[str, Any]:
    return {"points": list(DIE)}
