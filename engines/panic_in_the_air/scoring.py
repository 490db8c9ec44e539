"""Standings at any step: the running fall distance mid-game, the survivors' distance at the end.

[RB] "Players who have not opened their parachute crash and lose the game. The other
players count their Click-clack cards: if they have an odd number ... they crashed too.
Survivors add up the values on their falling cards, the player having the distance of
highest fall wins the game."  The rulebook has no tie-break: tied players share the place.
"""

from __future__ import annotations

from typing import Any

from engines.base import State
from engines.panic_in_the_air import cards
from engines.panic_in_the_air.state import IN_AIR, PARACHUTE_OPEN


def standings(state: State) -> dict[str, Any]:
    """``{"final", "players": [{"player", "total", "breakdown", "status", "rank"}], "winners"}`` in seat order."""
    final = bool(state["game_over"])
    rows = [_row(state, name, final) for name in state["seats"]]
    _rank(rows)
    winners = [row["player"] for row in rows if row["rank"] == 1] if final else []
    return {"final": final, "players": rows, "winners": winners}


def _row(state: State, name: str, final: bool) -> dict[str, Any]:
    player = state["players"][name]
    stack = player["stack"]
    dist = cards.distance(stack)
    clacks = cards.click_clacks(stack)
    even = clacks % 2 == 0
    status = player["status"]
    breakdown = {
        "distance": dist,
        "click_clack": clacks,
        "click_clack_parity": "even" if even else "odd",
        "hand_count": player["hand_count"],
        "stack_height": len(stack),
        "safe_if_opened_now": status == IN_AIR and player["hand_count"] == 0 and even,
        "secured": status == PARACHUTE_OPEN and even,
        "crash_reason": player["crash_reason"],
    }
    if final:
        survived = status == PARACHUTE_OPEN and even
        return {
            "player": name,
            "total": dist if survived else None,
            "breakdown": breakdown,
            "status": "survived" if survived else "crashed",
            "rank": None,
        }
    return {"player": name, "total": dist, "breakdown": breakdown, "status": status, "rank": None}


def _rank(rows: list[dict[str, Any]]) -> None:
    """Competition ranking by total, highest first, ties sharing a place (1, 1, 3); no total, no rank."""
    totals = sorted((row["total"] for row in rows if row["total"] is not None), reverse=True)
    for row in rows:
        if row["total"] is not None:
            row["rank"] = totals.index(row["total"]) + 1
