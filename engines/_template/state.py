"""The state's shape, and the state at set-up.  A state is plain JSON (``engines.base``);
the TypedDict says what it holds, for the type checker and for the reader."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, cast

from engines.base import State


class TallyState(TypedDict):
    step: int  # events folded so far
    players: list[str]  # in seat order
    scores: dict[str, int]
    current: str  # the player whose turn it is (a name, as in every engine)
    scored: bool  # whether the current player has scored this turn
    turn: int  # the turn being played, from 1
    over: bool
    options: dict[str, Any]


def tally(state: State) -> TallyState:
    """The state, as its TypedDict (the same object)."""
    return cast(TallyState, state)


def new_state(players: Sequence[str], options: Mapping[str, Any]) -> State:
    """The table before the first event."""
    start: TallyState = {"step": 0, "players": list(players), "scores": {p: 0 for p in players},
                         "current": players[0], "scored": False, "turn": 1, "over": False, "options": dict(options)}
    return cast(State, start)
