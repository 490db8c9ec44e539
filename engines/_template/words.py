"""Each event in one line of the game log, from the state before it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State


def scored_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} scores {data['points']}"


def ended_words(state: State, who: str, data: Mapping[str, Any]) -> str:
    return f"{who} ends the turn"
