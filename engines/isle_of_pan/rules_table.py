"""The table's declarations: a score token set by hand, a Fantastic Beast."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.isle_of_pan import hexes
from engines.isle_of_pan.rules_after_move import track_check
from engines.isle_of_pan.sections import BEASTS, PLAY, TRACK
from engines.isle_of_pan.state import (
    coord_of,
    space_at,
)
from engines.isle_of_pan.tiles import (
    KINDS,
    kind_name,
)


def check_score_set(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    player, kind, position = data.get("player"), data.get("kind"), data.get("position")
    if player not in state["players"]:
        return [Violation("IP-C05", PLAY, f"{player!r} is not a player in this game")]
    if not isinstance(position, int) or position < 0:
        # IP-C28: tokens start "on the 0 of the score board" and never go below it.
        return [Violation("IP-C28", TRACK, f"A score token cannot stand below 0 ({position})")]
    return track_check(state, str(player), kind, position)


def check_beast(state: State, who: str, data: Mapping[str, Any]) -> list[Violation]:
    out: list[Violation] = []
    at = coord_of(data.get("at"))
    space = space_at(state, at) if at is not None else None
    # IP-G7 (gap G7): a beast stands on a space of the island, one to a space.
    if space is None:
        out.append(Violation("IP-G7", BEASTS, f"{hexes.label(at) if at else '?'} is not a space of the island"))
    elif space.get("beast"):
        out.append(Violation("IP-G7", BEASTS, f"{hexes.label(at) if at else '?'} already holds {space['beast']}"))
    player, kind, points = data.get("player"), data.get("kind"), data.get("points")
    if player is not None and player not in state["players"]:
        out.append(Violation("IP-C05", PLAY, f"{player!r} is not a player in this game"))
    if points is not None and (player is None or kind is None):
        out.append(Violation("IP-G7", BEASTS, "A beast's points need the player and the kind of track they go on"))
    message = "The rulebook gives no condition for a Fantastic Beast to appear: declared by the table"
    out.append(Violation("IP-G7", BEASTS, message, "unverified"))
    if isinstance(points, int) and player in state["players"] and kind in KINDS:
        position = state["players"][player]["track"][kind] + points
        if position < 0:
            out.append(Violation("IP-C28", TRACK, f"{player}'s {kind_name(kind)} token would stand below 0 ({position})"))
        else:
            out += track_check(state, str(player), kind, position)
    return out
